//! Step 1's work on schema files, kept between runs by a caller that checks again and again
//! (the language server): a schema file whose text, name and role are as in the last run is not
//! parsed, linted or compiled again. Its compiled CRDs are handed out as clones that share the
//! prepared schemas and compiled CEL rules (`CompiledCrd`'s versions keep them behind an `Arc`),
//! so a kind validated once is not prepared again either.
//!
//! Only files read for their CRDs alone ([`Role::SchemaOnly`]) are kept: their trees are dropped
//! after step 1 anyway, so what is kept is what step 1 hands on. Everything that makes step 1's
//! result for a file is in its [`Key`] or in the options' fingerprint; a file the last run did
//! not use is let go at the end of the next one, so edits do not make the cache grow.

use super::crds::{CrdResult, Prepared};
use super::*;

/// Step 1's results for schema files, from one run to the next. A cache serves one set of
/// options: a run with other options empties it first.
#[derive(Default)]
pub struct SchemaCache {
    state: std::sync::Mutex<State>,
    /// Texts are told apart by a hash with this process's own seed, so that a file cannot be
    /// crafted to pass for another's last version.
    seed: foldhash::quality::RandomState,
}

#[derive(Default)]
struct State {
    /// Counts the runs begun: only the latest run keeps entries or lets them go, should two
    /// overlap (the language server runs one at a time).
    generation: u64,
    /// The options the entries were made with ([`fingerprint`]).
    options: String,
    entries: HashMap<Key, Arc<Entry>>,
    /// The keys the current run used or made: the others are let go when it ends.
    used: std::collections::HashSet<Key>,
    hits: usize,
    misses: usize,
}

/// What step 1's result for a file depends on besides the options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Key {
    name: String,
    len: usize,
    hash: u64,
    /// Named with `--crd` or the config's `crds`.
    named: bool,
    /// What a kustomization of the run says the file is ([`classify::Referenced`]).
    referenced: Option<&'static str>,
    /// The YAML loader's alias budget, which depends on the run's file count; 0 for a text
    /// without aliases (no `*`), whose parse it cannot change, so that opening one more file
    /// does not make a small CRD file parse again.
    alias_budget: usize,
}

/// One file's step 1 result, with the file id it was made under.
pub(super) struct Entry {
    file: FileId,
    parsed: ParsedFile,
    crds: Vec<(usize, Prepared)>,
}

impl std::fmt::Debug for SchemaCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.lock();
        f.debug_struct("SchemaCache")
            .field("files", &s.entries.len())
            .field("hits", &s.hits)
            .field("misses", &s.misses)
            .finish()
    }
}

impl SchemaCache {
    pub fn new() -> SchemaCache {
        SchemaCache::default()
    }

    /// How many files runs took from the cache, and how many they parsed and kept in it.
    pub fn counts(&self) -> (usize, usize) {
        let s = self.lock();
        (s.hits, s.misses)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts a run with `opts`: the entries made with other options are let go.
    pub(super) fn begin(&self, opts: &RunOptions) -> Run<'_> {
        let options = fingerprint(opts);
        let mut s = self.lock();
        if s.options != options {
            s.entries.clear();
            s.options = options;
        }
        s.used.clear();
        s.generation += 1;
        Run {
            cache: self,
            generation: s.generation,
        }
    }

    /// Lets every entry go (what a run that panicked kept may be half made).
    pub fn clear(&self) {
        let mut s = self.lock();
        s.entries.clear();
        s.used.clear();
    }
}

/// The options step 1's results depend on, as text (they are compared, never read back).
fn fingerprint(opts: &RunOptions) -> String {
    format!(
        "{:?}",
        (
            opts.mode,
            &opts.skip,
            &opts.inputs,
            &opts.lint,
            &opts.validate,
            opts.skip_cel,
            opts.cost_warn_percent,
        )
    )
}

/// One run's use of the cache; when it ends, the files the run did not use are let go.
pub(super) struct Run<'c> {
    cache: &'c SchemaCache,
    generation: u64,
}

impl Run<'_> {
    /// The key of a schema file read for its CRDs alone, `None` for any other file.
    pub(super) fn key(
        &self,
        l: &Loaded,
        text: &str,
        files: usize,
        refs: &classify::Referenced,
    ) -> Option<Key> {
        (l.input.role == Role::SchemaOnly).then(|| Key {
            name: l.input.name.clone(),
            len: text.len(),
            hash: std::hash::BuildHasher::hash_one(&self.cache.seed, text),
            named: l.input.named_crd,
            referenced: refs.referenced_as(std::path::Path::new(&l.input.name)),
            alias_budget: if memchr::memchr(b'*', text.as_bytes()).is_some() {
                crate::yaml::LoadOptions::for_run(text.len(), files).alias_budget
            } else {
                0
            },
        })
    }

    /// The kept result for `key`, as if made for file `f` of this run.
    pub(super) fn take(&self, key: &Key, f: FileId) -> Option<(ParsedFile, Vec<CrdResult>)> {
        let entry = {
            let mut s = self.cache.lock();
            let entry = s.entries.get(key).cloned()?;
            s.used.insert(key.clone());
            s.hits += 1;
            entry
        };
        Some(entry.restore(f))
    }

    /// Keeps a file's result (its trees already dropped).
    pub(super) fn keep(&self, key: Key, f: FileId, parsed: &ParsedFile, crds: &[CrdResult]) {
        let entry = Arc::new(Entry {
            file: f,
            parsed: parsed.clone(),
            crds: crds.iter().map(|((_, k), p)| (*k, p.clone())).collect(),
        });
        let mut s = self.cache.lock();
        s.misses += 1;
        if s.generation == self.generation {
            s.used.insert(key.clone());
            s.entries.insert(key, entry);
        }
    }
}

impl Drop for Run<'_> {
    fn drop(&mut self) {
        let mut s = self.cache.lock();
        if s.generation != self.generation {
            return;
        }
        let State { entries, used, .. } = &mut *s;
        entries.retain(|k, _| used.contains(k));
    }
}

impl Entry {
    /// The result with every file id of the run it was made in replaced by `f`.
    fn restore(&self, f: FileId) -> (ParsedFile, Vec<CrdResult>) {
        let mut parsed = self.parsed.clone();
        for d in &mut parsed.diagnostics {
            refile(d, self.file, f);
        }
        for a in &mut parsed.annotations {
            a.file = f;
        }
        let crds = self
            .crds
            .iter()
            .map(|(k, p)| {
                let mut p = p.clone();
                for d in p.lints_mut() {
                    refile(d, self.file, f);
                }
                ((f, *k), p)
            })
            .collect();
        (parsed, crds)
    }
}

/// `d` (and its related locations) pointing into file `to` where they pointed into `from`.
fn refile(d: &mut Diagnostic, from: FileId, to: FileId) {
    if d.file == Some(from) {
        d.file = Some(to);
    }
    for r in d.related_mut() {
        if r.file == Some(from) {
            r.file = Some(to);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::input::Input;

    const CRD: &str = include_str!("../../../testdata/examples/crds/backup-schedule.yaml");
    /// A schema file's own finding (a YAML one, made when the file is parsed).
    const DUPLICATE: &str = "---\nfoo: 1\nfoo: 2\n";

    fn file(name: &str, text: &str, role: Role) -> Loaded {
        let input = Input {
            name: name.into(),
            origin: Origin::Path(name.into()),
            role,
            named_crd: role == Role::SchemaOnly,
            walked: false,
        };
        Loaded::with_text(input, text.to_string())
    }

    fn opts(cache: Option<&Arc<SchemaCache>>) -> RunOptions {
        RunOptions {
            schema_cache: cache.cloned(),
            ..RunOptions::default()
        }
    }

    fn resource(days: u32) -> String {
        format!("apiVersion: ops.example.com/v1\nkind: BackupSchedule\nmetadata:\n  name: b\n  namespace: ns\nspec:\n  schedule: '0 3 * * *'\n  retentionDays: {days}\n  target:\n    bucket: backups\n")
    }

    /// The files of a run: the schema file (with `crd`), a resource, and `before` files whose
    /// names sort first (so that every file id moves).
    fn files(crd: &str, days: u32, before: usize) -> Vec<Loaded> {
        let mut files: Vec<Loaded> = (0..before)
            .map(|i| file(&format!("a{i}.yaml"), "", Role::Target))
            .collect();
        files.push(file(
            "crds.yaml",
            &format!("{crd}{DUPLICATE}"),
            Role::SchemaOnly,
        ));
        files.push(file("r.yaml", &resource(days), Role::Target));
        files
    }

    /// Every finding with its file's name (not its id), its related files' names, where, and
    /// what it says.
    fn findings(result: &RunResult) -> Vec<String> {
        let name = |f: Option<FileId>| f.map(|f| result.files[f].name.clone());
        result
            .diagnostics
            .iter()
            .map(|d| {
                let related: Vec<_> = d.related().iter().map(|r| (name(r.file), r.span)).collect();
                format!(
                    "{:?} {:?} {} {} {related:?}",
                    name(d.file),
                    d.span,
                    d.rule.id,
                    d.message
                )
            })
            .collect()
    }

    #[test]
    fn a_kept_schema_file_gives_the_findings_a_parse_gives() {
        let cache = Arc::new(SchemaCache::new());
        let with = opts(Some(&cache));
        let without = opts(None);
        let first = run(files(CRD, 1000, 0), &with);
        assert_eq!(cache.counts(), (0, 1));
        let found = findings(&first);
        assert!(
            found
                .iter()
                .any(|f| f.contains("duplicate-key") && f.contains("\"crds.yaml\"")),
            "{found:#?}"
        );
        assert!(
            found.iter().any(|f| f.contains("retentionDays")),
            "{found:#?}"
        );
        assert_eq!(found, findings(&run(files(CRD, 1000, 0), &without)));
        // Two files more, named to sort first: every id moves, the findings do not.
        let second = run(files(CRD, 1000, 2), &with);
        assert_eq!(cache.counts(), (1, 1));
        assert_eq!(
            findings(&second),
            findings(&run(files(CRD, 1000, 2), &without))
        );
        assert_eq!(second.summary.crds, 1);
        // The schema's prepared form is shared: the resource is valid at 300 days again.
        let valid = run(files(CRD, 300, 1), &with);
        assert_eq!(cache.counts(), (2, 1));
        assert!(!findings(&valid).iter().any(|f| f.contains("retentionDays")));
    }

    #[test]
    fn an_edited_schema_file_or_other_options_are_parsed_again() {
        let cache = Arc::new(SchemaCache::new());
        let with = opts(Some(&cache));
        run(files(CRD, 1000, 0), &with);
        // The maximum raised: the text differs, the file is parsed again and its new schema
        // is the one validated against.
        let raised = CRD.replace("maximum: 365", "maximum: 5000");
        assert_ne!(raised, CRD);
        let after = run(files(&raised, 1000, 0), &with);
        assert_eq!(cache.counts(), (0, 2));
        assert!(!findings(&after).iter().any(|f| f.contains("retentionDays")));
        // The version the first run kept was let go: going back parses it again.
        run(files(CRD, 1000, 0), &with);
        assert_eq!(cache.counts(), (0, 3));
        run(files(CRD, 1000, 0), &with);
        assert_eq!(cache.counts(), (1, 3));
        // Other options: nothing kept is used.
        let lint_vendored = RunOptions {
            inputs: classify::InputOptions {
                lint_vendored: true,
                ..Default::default()
            },
            ..opts(Some(&cache))
        };
        let linted = run(files(CRD, 1000, 0), &lint_vendored);
        assert_eq!(cache.counts(), (1, 4));
        assert_eq!(
            findings(&linted),
            findings(&run(
                files(CRD, 1000, 0),
                &RunOptions {
                    schema_cache: None,
                    ..lint_vendored.clone()
                }
            ))
        );
    }

    #[test]
    fn a_kept_file_s_lint_findings_and_annotations_move_with_its_id() {
        let cache = Arc::new(SchemaCache::new());
        // A default over the maximum (`schema/default`, linted with `--lint-vendored`), and a
        // `crdlint.io/ignore` annotation on the CRD.
        let crd = CRD.replace("default: 30", "default: 500").replacen(
            "metadata:\n",
            "metadata:\n  annotations:\n    crdlint.io/ignore: cr/schema\n",
            1,
        );
        assert!(crd.contains("default: 500") && crd.contains("crdlint.io/ignore"));
        let with = RunOptions {
            inputs: classify::InputOptions {
                lint_vendored: true,
                ..Default::default()
            },
            ..opts(Some(&cache))
        };
        let without = RunOptions {
            schema_cache: None,
            ..with.clone()
        };
        let annotations = |result: &RunResult| -> Vec<(String, Span, String)> {
            result
                .annotations
                .iter()
                .map(|a| (result.files[a.file].name.clone(), a.object, a.text.clone()))
                .collect()
        };
        let first = run(files(&crd, 1000, 0), &with);
        let found = findings(&first);
        assert!(
            found
                .iter()
                .any(|f| f.contains("schema/default") && f.contains("\"crds.yaml\"")),
            "{found:#?}"
        );
        assert_eq!(annotations(&first).len(), 1);
        let moved = run(files(&crd, 1000, 2), &with);
        assert_eq!(cache.counts(), (1, 1));
        let fresh = run(files(&crd, 1000, 2), &without);
        assert_eq!(findings(&moved), findings(&fresh));
        assert_eq!(annotations(&moved), annotations(&fresh));
        assert_eq!(annotations(&moved), annotations(&first));
    }

    #[test]
    fn the_file_count_matters_only_to_a_file_with_aliases() {
        let cache = Arc::new(SchemaCache::new());
        let with = opts(Some(&cache));
        // The example CRD shares its schema between versions with an anchor and an alias: the
        // alias budget (a share of the run's, by file count) is part of its key.
        assert!(CRD.contains("*schema"));
        run(files(CRD, 1000, 0), &with);
        run(files(CRD, 1000, 8), &with);
        assert_eq!(cache.counts(), (0, 2));
        // Without aliases the budget cannot change the parse: ten files or two, one parse.
        let plain = CRD
            .replace(
                "schema: *schema",
                "schema: {openAPIV3Schema: {type: object}}",
            )
            .replace("\"0 3 * * *\"", "\"0 3 1 1 1\"");
        assert!(!plain.contains('*'));
        let few = run(files(&plain, 1000, 0), &with);
        let many = run(files(&plain, 1000, 8), &with);
        assert_eq!(cache.counts(), (1, 3));
        assert_eq!(findings(&few).len(), findings(&many).len());
    }

    #[test]
    fn only_the_latest_of_two_overlapping_runs_keeps_or_lets_go() {
        let cache = SchemaCache::new();
        let key = |name: &str| Key {
            name: name.into(),
            len: 0,
            hash: 0,
            named: true,
            referenced: None,
            alias_budget: 0,
        };
        let opts = RunOptions::default();
        let older = cache.begin(&opts);
        let newer = cache.begin(&opts);
        older.keep(key("old.yaml"), 0, &ParsedFile::default(), &[]);
        newer.keep(key("new.yaml"), 0, &ParsedFile::default(), &[]);
        drop(older);
        assert!(newer.take(&key("old.yaml"), 1).is_none());
        assert!(newer.take(&key("new.yaml"), 1).is_some());
        drop(newer);
        let next = cache.begin(&opts);
        assert!(next.take(&key("new.yaml"), 2).is_some());
        // A panic's aftermath: nothing kept is used again.
        cache.clear();
        assert!(next.take(&key("new.yaml"), 2).is_none());
    }

    #[test]
    fn related_locations_in_the_kept_file_move_too() {
        let mut d =
            Diagnostic::new(&input_rules::IO_ERROR, Span::default(), "m".to_string()).with_file(3);
        d.push_related(crate::diag::Related {
            file: Some(3),
            span: Span::default(),
            message: "same file".into(),
        });
        d.push_related(crate::diag::Related {
            file: Some(7),
            span: Span::default(),
            message: "another file".into(),
        });
        refile(&mut d, 3, 5);
        assert_eq!(d.file, Some(5));
        let files: Vec<_> = d.related().iter().map(|r| r.file).collect();
        assert_eq!(files, [Some(5), Some(7)]);
    }

    #[test]
    fn only_files_read_for_their_crds_alone_are_kept() {
        let cache = Arc::new(SchemaCache::new());
        let with = opts(Some(&cache));
        // The CRD in a file of the run's own (a target): linted and parsed every time.
        let own = vec![
            file("crds.yaml", CRD, Role::Target),
            file("r.yaml", &resource(1000), Role::Target),
        ];
        let found = findings(&run(own, &with));
        assert!(
            found.iter().any(|f| f.contains("retentionDays")),
            "{found:#?}"
        );
        assert_eq!(cache.counts(), (0, 0));
    }
}
