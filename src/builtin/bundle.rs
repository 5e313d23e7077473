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

fn parse_index(bytes: &[u8]) -> Option<Index> {
    let v: Value = serde_json::from_slice(bytes).ok()?;
    let minors = v["minors"]
        .as_array()?
        .iter()
        .map(|m| m.as_str()?.strip_prefix("1.")?.parse().ok())
        .collect::<Option<Vec<u32>>>()?;
    let packages = v["packages"]
        .as_array()?
        .iter()
        .map(|p| {
            Some((
                p[0].as_str()?.to_string(),
                p[1].as_u64()? as usize,
                p[2].as_u64()? as usize,
            ))
        })
        .collect::<Option<Vec<_>>>()?;
    let defs = v["defs"]
        .as_array()?
        .iter()
        .map(|d| {
            Some((
                d[0].as_str()?.to_string(),
                d[1].as_u64()? as usize,
                d[2].as_u64()? as usize,
            ))
        })
        .collect::<Option<Vec<_>>>()?;
    let tables = v["tables"]
        .as_array()?
        .iter()
        .map(|t| {
            t.as_array()?
                .iter()
                .map(|id| {
                    let id = id.as_u64()? as usize;
                    defs.get(id).map(|_| id)
                })
                .collect::<Option<Vec<usize>>>()
        })
        .collect::<Option<Vec<_>>>()?;
    let kinds = v["kinds"]
        .as_array()?
        .iter()
        .map(|ks| {
            ks.as_array()?
                .iter()
                .map(|k| {
                    Some(KindEntry {
                        group: k[0].as_str()?.to_string(),
                        version: k[1].as_str()?.to_string(),
                        kind: k[2].as_str()?.to_string(),
                        namespaced: k[3].as_bool()?,
                        def: k[4].as_u64()? as usize,
                    })
                })
                .collect::<Option<Vec<_>>>()
        })
        .collect::<Option<Vec<_>>>()?;
    let announced = match v.get("announced") {
        None => vec![Vec::new(); minors.len()],
        Some(a) => a
            .as_array()?
            .iter()
            .map(|rows| {
                rows.as_array()?
                    .iter()
                    .map(|r| {
                        Some((
                            r[0].as_str()?.to_string(),
                            r[1].as_str()?.to_string(),
                            r[2].as_str()?.to_string(),
                            u32::try_from(r[3].as_u64()?).ok()?,
                        ))
                    })
                    .collect::<Option<Vec<_>>>()
            })
            .collect::<Option<Vec<_>>>()?,
    };
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
    fn descriptions_are_separate() {
        assert!(description("io.k8s.api.core.v1.ConfigMap", "data")
            .is_some_and(|d| d.contains("Data contains")));
    }
}
