//! The embedded schema bundle (`data/builtin`, written by `scripts/gen-builtin-bundle.py`):
//! an index, the definitions grouped by Go package and compressed per package, and the
//! descriptions in a blob of their own.
//!
//! Everything is decoded on first use and kept for the rest of the process: the index when
//! the first built-in object is looked up, a package when a kind that uses it is compiled,
//! the descriptions only when asked for. A run without built-in objects touches none of it.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use serde_json::Value;

static INDEX_Z: &[u8] = include_bytes!("../../data/builtin/index.z");
static SCHEMAS_Z: &[u8] = include_bytes!("../../data/builtin/schemas.z");
static DESCRIPTIONS_Z: &[u8] = include_bytes!("../../data/builtin/descriptions.z");

/// Upper bound on any decompressed blob (the largest is well under 4 MB): a corrupt bundle
/// fails instead of exhausting memory.
const MAX_INFLATED: usize = 64 << 20;

/// One kind a minor serves (a POST on its collection path).
#[derive(Clone, Debug)]
pub struct KindEntry {
    pub group: String,
    pub version: String,
    pub kind: String,
    pub namespaced: bool,
    /// Row of the kind's definition in [`Index::defs`].
    pub def: usize,
}

/// The decoded index.
#[derive(Debug, Default)]
pub struct Index {
    /// `1.24`, `1.25`, ... in order.
    pub minors: Vec<u32>,
    /// Go package name, offset and length of its blob in the schemas blob.
    packages: Vec<(String, usize, usize)>,
    /// One row per distinct definition body: name, package, slot in the package's array.
    defs: Vec<(String, usize, usize)>,
    /// Per minor: the rows of its definitions.
    tables: Vec<Vec<usize>>,
    /// Per minor: definition name to row, built on the first lookup in that minor. A run
    /// emulates one minor: building the maps of all 14 at once was a third of a one-ConfigMap
    /// run's instructions (SipHash and rehashing).
    names: Vec<OnceLock<HashMap<String, usize, foldhash::fast::RandomState>>>,
    /// Per minor: the kinds served.
    pub kinds: Vec<Vec<KindEntry>>,
    /// Per minor: the served kinds it deprecates with a removal announced for a later minor
    /// (group, version, kind, that minor), from the prerelease-lifecycle markers of its Go
    /// types; empty for the minors built from documents alone.
    pub announced: Vec<Vec<(String, String, String, u32)>>,
    /// Per package: its bodies, decoded on first use.
    decoded: Vec<OnceLock<Option<Arc<Vec<Value>>>>>,
}

fn inflate(z: &[u8]) -> Option<Vec<u8>> {
    miniz_oxide::inflate::decompress_to_vec_with_limit(z, MAX_INFLATED).ok()
}

/// The index, decoded once per process (`None` only if the embedded bundle is corrupt,
/// which the unit tests rule out).
pub fn index() -> Option<&'static Index> {
    INDEX
        .get_or_init(|| parse_index(&inflate(INDEX_Z)?))
        .as_ref()
}

static INDEX: OnceLock<Option<Index>> = OnceLock::new();

/// How much of the bundle this process has decoded: `None` while the index itself is not,
/// else the number of packages decompressed and the number there are (`--verbose` prints it;
/// the tests of laziness read it).
pub fn decoded() -> Option<(usize, usize)> {
    INDEX
        .get()?
        .as_ref()
        .map(|i| (i.packages_decoded(), i.packages.len()))
}

/// The index as written: decoded straight into its rows (through a `serde_json::Value` tree
/// first, the index of ~190 KB cost 11 million instructions, the whole of a run's lookup of
/// its first built-in kind).
#[derive(serde::Deserialize)]
struct RawIndex {
    minors: Vec<String>,
    packages: Vec<(String, usize, usize)>,
    defs: Vec<(String, usize, usize)>,
    tables: Vec<Vec<usize>>,
    kinds: Vec<Vec<RawKind>>,
    announced: Option<Vec<Vec<Announced>>>,
}

/// A row of `kinds`: group, version, kind, namespaced, definition row.
type RawKind = (String, String, String, bool, usize);

/// A row of `announced`: group, version, kind, the minor that removes it.
type Announced = (String, String, String, u32);

fn parse_index(bytes: &[u8]) -> Option<Index> {
    let raw: RawIndex = serde_json::from_slice(bytes).ok()?;
    let minors = raw
        .minors
        .iter()
        .map(|m| m.strip_prefix("1.")?.parse().ok())
        .collect::<Option<Vec<u32>>>()?;
    let packages = raw.packages;
    let defs = raw.defs;
    let tables = raw.tables;
    if tables.iter().flatten().any(|&id| id >= defs.len()) {
        return None;
    }
    let kinds = raw
        .kinds
        .into_iter()
        .map(|ks| {
            ks.into_iter()
                .map(|(group, version, kind, namespaced, def)| KindEntry {
                    group,
                    version,
                    kind,
                    namespaced,
                    def,
                })
                .collect()
        })
        .collect::<Vec<Vec<KindEntry>>>();
    let announced = raw
        .announced
        .unwrap_or_else(|| vec![Vec::new(); minors.len()]);
    if tables.len() != minors.len()
        || kinds.len() != minors.len()
        || announced.len() != minors.len()
    {
        return None;
    }
    let decoded = (0..packages.len()).map(|_| OnceLock::new()).collect();
    let names = (0..tables.len()).map(|_| OnceLock::new()).collect();
    Some(Index {
        minors,
        packages,
        defs,
        tables,
        names,
        kinds,
        announced,
        decoded,
    })
}

impl Index {
    /// The position of a minor in the bundle; a minor newer than the bundle uses the newest
    /// one it has.
    pub fn minor_slot(&self, minor: u32) -> Option<usize> {
        match self.minors.iter().position(|m| *m == minor) {
            Some(i) => Some(i),
            None if self.minors.last().is_some_and(|m| minor > *m) => Some(self.minors.len() - 1),
            None => None,
        }
    }

    /// The definition row a name has in a minor.
    pub fn def_id(&self, slot: usize, name: &str) -> Option<usize> {
        let table = self.tables.get(slot)?;
        let names = self.names.get(slot)?.get_or_init(|| {
            let mut names = HashMap::with_capacity_and_hasher(
                table.len(),
                foldhash::fast::RandomState::default(),
            );
            // A name listed twice keeps its last row, as collecting the pairs into a map did.
            for &id in table {
                names.insert(self.def_name(id).to_string(), id);
            }
            names
        });
        names.get(name).copied()
    }

    /// The name of a definition row.
    pub fn def_name(&self, id: usize) -> &str {
        self.defs.get(id).map_or("", |d| d.0.as_str())
    }

    /// The body of a definition row, decompressing its package on first use.
    pub fn body(&self, id: usize) -> Option<Arc<Vec<Value>>> {
        let &(_, pkg, _) = self.defs.get(id)?;
        self.decoded
            .get(pkg)?
            .get_or_init(|| {
                let &(_, at, len) = self.packages.get(pkg)?;
                let bytes = inflate(SCHEMAS_Z.get(at..at.checked_add(len)?)?)?;
                match serde_json::from_slice(&bytes).ok()? {
                    Value::Array(a) => Some(Arc::new(a)),
                    _ => None,
                }
            })
            .clone()
    }

    /// The slot of a definition row inside its package's array.
    pub fn slot_in_package(&self, id: usize) -> usize {
        self.defs.get(id).map_or(0, |d| d.2)
    }

    /// How many packages have been decompressed so far (for tests of laziness).
    pub fn packages_decoded(&self) -> usize {
        self.decoded.iter().filter(|d| d.get().is_some()).count()
    }
}

/// The description of a definition (`field` empty) or of one of its fields, from the newest
/// minor that has it. Decompresses the descriptions blob on first call.
pub fn description(def: &str, field: &str) -> Option<&'static str> {
    static DESCRIPTIONS: OnceLock<Option<Value>> = OnceLock::new();
    DESCRIPTIONS
        .get_or_init(|| serde_json::from_slice(&inflate(DESCRIPTIONS_Z)?).ok())
        .as_ref()?
        .get(def)?
        .get(field)?
        .as_str()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundle_decodes_and_is_lazy_per_package() {
        let index = index().expect("the embedded index decodes");
        assert!(index.minors.contains(&25) && index.minors.contains(&35));
        let slot = index.minor_slot(30).unwrap();
        let id = index.def_id(slot, "io.k8s.api.core.v1.ConfigMap").unwrap();
        let body = index.body(id).unwrap();
        assert!(body[index.slot_in_package(id)]["properties"]["data"].is_object());
        // Packages are decoded one by one (tests running in parallel decode a few, never all).
        let pkg = index.defs[id].1;
        assert!(index.decoded[pkg].get().is_some());
        assert!(index.packages_decoded() < index.packages.len());
    }

    /// A minor added to the version list without its schemas (scripts/gen-builtin-data.sh)
    /// would borrow the previous minor's: this fails instead.
    #[test]
    fn every_supported_minor_has_its_own_schemas() {
        let index = index().expect("the embedded index decodes");
        for v in crate::k8s::KubeVersion::all() {
            assert!(
                index.minors.contains(&v.minor),
                "no built-in schemas for {v}"
            );
        }
    }

    #[test]
    fn an_index_decodes_into_its_rows_or_not_at_all() {
        let text = |table: &str, announced: &str| {
            format!(
                r#"{{"minors": ["1.30"], "packages": [["core", 0, 10]],
                    "defs": [["io.k8s.api.core.v1.ConfigMap", 0, 0]], "tables": [[{table}]],
                    "kinds": [[["", "v1", "ConfigMap", true, 0]]]{announced}}}"#
            )
        };
        let index = parse_index(text("0", "").as_bytes()).expect("a well-formed index");
        assert_eq!(index.minors, [30]);
        assert_eq!(index.def_id(0, "io.k8s.api.core.v1.ConfigMap"), Some(0));
        let k = &index.kinds[0][0];
        assert_eq!(
            (k.group.as_str(), k.kind.as_str(), k.namespaced),
            ("", "ConfigMap", true)
        );
        assert_eq!(index.announced, [Vec::new()]);
        let announced = r#", "announced": [[["batch", "v1beta1", "CronJob", 25]]]"#;
        let index = parse_index(text("0", announced).as_bytes()).unwrap();
        assert_eq!(index.announced[0][0].3, 25);
        // A table row past the definitions, or a row of the wrong shape, is a corrupt index.
        assert!(parse_index(text("1", "").as_bytes()).is_none());
        assert!(parse_index(text("\"0\"", "").as_bytes()).is_none());
        assert!(parse_index(text("0", r#", "announced": []"#).as_bytes()).is_none());
    }

    #[test]
    fn descriptions_are_separate() {
        assert!(description("io.k8s.api.core.v1.ConfigMap", "data")
            .is_some_and(|d| d.contains("Data contains")));
    }
}
