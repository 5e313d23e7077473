//! Steps 1 and 2 of the run driver: the files that may hold a CRD parsed, their CRDs linted
//! and compiled (one file per task), then the group/kind table built from them in a
//! deterministic order, with the findings about duplicate and unusable CRDs.

use super::*;

/// A CRD prepared for validation, or why it could not be.
type Compiled = Result<CompiledCrd, String>;

/// Step 1's result for one CRD object, keyed by (file, object index).
pub(super) type CrdResult = ((FileId, usize), Prepared);
pub(super) type CrdResults = HashMap<(FileId, usize), Prepared>;

/// The CRD table: group and kind to the CRD that validates them. foldhash, as on the
/// validation path: every resource of a run is looked up in it (SipHash of its two names
/// per resource). An index map for [`GroupKind`]: a lookup borrows the resource's names
/// rather than building the two strings of the key (two allocations per resource).
pub(super) type Table =
    indexmap::IndexMap<(String, String), TableEntry, foldhash::fast::RandomState>;

/// A [`Table`] key as borrowed names: hashes as the `(String, String)` it stands for (a
/// tuple hashes its fields in order, a `String` as its `str`).
#[derive(Clone, Copy)]
pub(super) struct GroupKind<'a>(pub(super) &'a str, pub(super) &'a str);

impl std::hash::Hash for GroupKind<'_> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.hash(h);
        self.1.hash(h);
    }
}

impl indexmap::Equivalent<(String, String)> for GroupKind<'_> {
    fn equivalent(&self, key: &(String, String)) -> bool {
        self.0 == key.0 && self.1 == key.1
    }
}

/// Step 1: the `--crd` files and the files of the run whose text may hold a CRD
/// ([`classify::may_hold_crd`]), parsed one file per task, their CRDs linted and compiled
/// there, and the tree dropped unless the file has objects other than CRDs. Every file is read
/// first to tell (one task each); the text of a file left to step 3 is held for it if small,
/// within a budget ([`texts::Held`]), or let go (step 3 reads it again); a CRD file's is held
/// until the table says whether the report needs it. The CRD files are then parsed largest
/// first, so that the step does not end with one core on a large file while the other waits.
/// The CRDs' results are keyed by (file, object index).
pub(super) fn parse_crd_files<'a>(
    loaded: &'a [Loaded],
    opts: &RunOptions,
    refs: &classify::Referenced,
) -> (Vec<Early<'a>>, CrdResults, Hints) {
    let held = texts::Held::new();
    let hints = std::sync::Mutex::new(Hints::default());
    let (mut files, crd_files): (Vec<Early<'a>>, Vec<bool>) = loaded
        .par_iter()
        .with_max_len(1)
        .enumerate()
        .map(|(f, l)| {
            // A schema file is parsed in this step whatever it holds: it is read by its task
            // below, so that only the CRD files being worked on are in memory, not all of
            // them at once (19 MB in a benchmark run; issue 34).
            if l.input.role == Role::SchemaOnly && l.is_pending() {
                let file = Early {
                    may_hold_policy: false,
                    parsed: None,
                    text: Text::Released(pending_len(l)),
                    kept: None,
                };
                return (file, true);
            }
            let read = trace::piece("read", Some(f));
            let text = Text::read(l);
            drop(read);
            if let (Role::Target, Some(t), true) =
                (l.input.role, text.held(), opts.mode != Mode::Lint)
            {
                let mut found = Default::default();
                classify::type_hints(t, &mut found);
                if let Ok(mut all) = hints.lock() {
                    all.types.extend(found);
                }
            }
            let early =
                l.input.role == Role::SchemaOnly || text.held().is_some_and(classify::may_hold_crd);
            // A policy or binding is looked for once policies may run (`policies.rs`).
            let may_hold_policy =
                l.input.role == Role::Target && text.held().is_some_and(policies::may_hold_policy);
            let text = if early {
                text
            } else {
                text.hold_or_release(&held)
            };
            let file = Early {
                may_hold_policy,
                parsed: None,
                text,
                kept: None,
            };
            (file, early)
        })
        .unzip();
    let mut work: Vec<(usize, FileId)> = (0..files.len())
        .filter(|&f| crd_files[f])
        .map(|f| (files[f].text.len(), f))
        .collect();
    let fillers = fillers(loaded, &files, &crd_files);
    // Size 0: after every CRD file in the largest-first order.
    work.extend(fillers.iter().map(|&f| (0, f)));
    let files_ref = &files;
    let cache = opts.schema_cache.as_deref().map(|c| c.begin(opts));
    let per_file = largest_first(work, |_, f| {
        let (l, text) = (&loaded[f], &files_ref[f].text);
        if !crd_files[f] {
            let _parse = trace::piece("parse", Some(f));
            let p = parse_file(f, l, text.as_result(), loaded.len(), Classify::Later, refs);
            return (f, p, Vec::new(), None);
        }
        let read_now = match text {
            Text::Released(_) => {
                let _read = trace::piece("read", Some(f));
                Some(Text::read(l))
            }
            _ => None,
        };
        let text = read_now.as_ref().unwrap_or(text);
        // A file kept from an earlier run (the language server's) is not parsed again.
        let key = cache
            .as_ref()
            .zip(text.held())
            .and_then(|(c, t)| c.key(l, t, loaded.len(), refs));
        let kept = cache
            .as_ref()
            .zip(key.as_ref())
            .and_then(|(c, k)| c.take(k, f));
        let (p, prepared) = match kept {
            Some(kept) => kept,
            None => {
                let made = parse_and_prepare(f, l, text, loaded.len(), opts, refs);
                if let (Some(c), Some(k)) = (&cache, key) {
                    c.keep(k, f, &made.0, &made.1);
                }
                made
            }
        };
        // A file this step is done with lets go of a text it read now: what the report may
        // need of it is noted (`texts::release_crd_files` decides after step 2). Step 2 points
        // findings into a file only for its CRDs' lint findings, an unusable CRD, or a
        // duplicate, which involves a walked CRD (a named one wins without a finding): without
        // those, whether the report needs the text is settled here.
        let settled = (l.input.named_crd
            && prepared
                .iter()
                .all(|(_, c)| c.lints.is_empty() && !matches!(c.result, Some(Err(_)))))
        .then_some((!p.diagnostics.is_empty(), p.documents));
        let noted = p
            .docs
            .is_empty()
            .then(|| text.note(opts, settled))
            .flatten();
        let text = match (noted, read_now) {
            (Some(noted), _) => Some(noted),
            (None, read_now) => read_now,
        };
        (f, p, prepared, text)
    });
    let mut prepared = HashMap::new();
    for (f, p, crds, text) in per_file {
        files[f].parsed = Some(p);
        if let Some(text) = text {
            files[f].text = text;
        }
        prepared.extend(crds);
    }
    let hints = hints.into_inner().unwrap_or_else(|e| e.into_inner());
    (files, prepared, hints)
}

/// Step 1 for one file that may hold a CRD: parsed, its CRDs linted and compiled, and its
/// trees dropped when nothing reads them after this step.
fn parse_and_prepare(
    f: FileId,
    l: &Loaded,
    text: &Text<'_>,
    files: usize,
    opts: &RunOptions,
    refs: &classify::Referenced,
) -> (ParsedFile, Vec<CrdResult>) {
    let parse = trace::piece("parse crds", Some(f));
    let mut p = parse_file(
        f,
        l,
        text.as_result(),
        files,
        Classify::Now(&opts.skip),
        refs,
    );
    drop(parse);
    let vendored = l.input.role == Role::SchemaOnly && !opts.inputs.lint_vendored;
    // Nothing reads the trees of a file that holds only CRDs (or only schemas) after this
    // step: its CRDs' schemas are taken out of them rather than copied.
    let drop_trees =
        l.input.role == Role::SchemaOnly || p.objects.iter().all(|o| matches!(o.class, Class::Crd));
    let prepared = prepare_crds(
        f,
        &mut p,
        text.held(),
        opts,
        vendored,
        drop_trees,
        l.input.named_crd,
    );
    one_size_finding(&mut p, &prepared);
    if drop_trees {
        p.docs = Vec::new();
    }
    (p, prepared)
}

/// The types the run's resources are written with ([`classify::type_hints`]): which CRD
/// versions step 3 prepares before it validates anything ([`prepare_ahead`]).
#[derive(Default)]
pub(super) struct Hints {
    /// `(apiVersion, kind)`.
    pub(super) types: std::collections::HashSet<(String, String)>,
}

/// The CRD versions of the table that the run's resources name ([`Hints`]), as (index in
/// `crds`, version): step 3 prepares each as a task of its own before its files
/// ([`CompiledCrd::prepare`]). Left to be prepared when first needed, a schema had the other
/// core wait for the one preparing it (CEL rules are compiled under a lock, a schema in a
/// `OnceLock`): both cores start step 3 on files whose resources need the same schemas.
/// With `--crd-version`, that version is the one validated against.
pub(super) fn prepare_ahead(
    table: &Table,
    crds: &[Option<CompiledCrd>],
    hints: &Hints,
    opts: &RunOptions,
) -> Vec<(usize, String)> {
    let mut ahead = Vec::new();
    for ((group, kind), entry) in table {
        let Some(crd) = entry.index.and_then(|i| Some((i, crds.get(i)?.as_ref()?))) else {
            continue;
        };
        for version in &crd.1.versions {
            let named = match &opts.validate.version {
                Some(v) => {
                    v == version
                        && hints
                            .types
                            .iter()
                            .any(|(a, k)| k == kind && a.starts_with(group.as_str()))
                }
                None => hints
                    .types
                    .contains(&(format!("{group}/{version}"), kind.clone())),
            };
            if named {
                ahead.push((crd.0, version.clone()));
            }
        }
    }
    // The table's order is a hash map's: the tasks are ordered by CRD.
    ahead.sort_unstable();
    ahead
}

/// A pending file's length as `lstat`/`stat` gives it (0 when it cannot be told): the order
/// of the work, before the file is read.
fn pending_len(l: &Loaded) -> usize {
    match &l.input.origin {
        Origin::Path(p) => std::fs::metadata(p).map_or(0, |m| m.len() as usize),
        Origin::Stdin => 0,
    }
}

/// One finding for a CRD over the request limit, not two: `crd/request-too-large` (an error,
/// measured on the JSON the API server receives: apiserver `DefaultMaxRequestBodyBytes`) makes
/// the document's `yaml/too-large` (a warning, measured on its YAML text) say the same thing
/// again, so the warning of that document is dropped. A document whose text is over the limit
/// but whose JSON is not keeps its warning.
fn one_size_finding(p: &mut ParsedFile, prepared: &[CrdResult]) {
    const REQUEST_TOO_LARGE: &str = "crd/request-too-large";
    let docs: Vec<Span> = prepared
        .iter()
        .filter(|(_, c)| c.lints.iter().any(|d| d.rule.id == REQUEST_TOO_LARGE))
        .filter_map(|&((_, k), _)| p.objects.get(k))
        .filter_map(|o| p.docs.get(o.at.doc as usize).map(|d| d.span))
        .collect();
    if docs.is_empty() {
        return;
    }
    p.diagnostics.retain(|d| {
        d.rule.id != input_rules::YAML_TOO_LARGE.id
            || !docs
                .iter()
                .any(|s| s.start() <= d.span.start() && d.span.start() <= s.end())
    });
}

/// Files of resources that step 1 parses after its CRD files, as step 3 would: the smallest
/// files whose texts are held, up to [`FILLER_BYTES`] of text. CRD files take uneven time to
/// lint (one of 30 KB can take longer than one of 1 MB), so a core would otherwise wait for
/// the other's last CRD file before step 3 starts (3 ms of a 10,000-resource run's 200).
/// Their trees are held for step 3, hence the bound.
fn fillers(loaded: &[Loaded], files: &[Early<'_>], crd_files: &[bool]) -> Vec<FileId> {
    let mut small: Vec<(usize, FileId)> = (0..files.len())
        .filter(|&f| !crd_files[f] && loaded[f].input.role == Role::Target)
        .filter_map(|f| files[f].text.held().map(|t| (t.len(), f)))
        .collect();
    small.sort_unstable();
    let mut total = 0;
    small
        .into_iter()
        .take_while(|&(len, _)| {
            total += len;
            total <= FILLER_BYTES
        })
        .map(|(_, f)| f)
        .collect()
}

/// How much text of resources step 1 parses at most ([`fillers`]).
pub(super) const FILLER_BYTES: usize = 512 * 1024;

/// What step 1 hands step 3 for one file.
pub(super) struct Early<'a> {
    /// The file's text names a ValidatingAdmissionPolicy kind.
    pub(super) may_hold_policy: bool,
    /// The file's parse, when step 1 parsed it (it may hold a CRD).
    pub(super) parsed: Option<ParsedFile>,
    pub(super) text: Text<'a>,
    /// What the report keeps of the text, when decided before step 3 (a file step 1 is done
    /// with: [`texts::release_crd_files`]).
    pub(super) kept: Option<Kept>,
}

/// Step 2: the CRD table, in file and position order: CRDs from every file are schemas and
/// are counted and linted (the `--crd` files too). CRDs named with `--crd` (or the config's
/// `crds`) come first, so that they win over a CRD for the same kind found while walking; then
/// path order. Returns the table and the compiled CRDs it indexes.
pub(super) fn crd_table(
    loaded: &[Loaded],
    early: &[Early<'_>],
    mut prepared: CrdResults,
    summary: &mut Summary,
    diagnostics: &mut Vec<Diagnostic>,
) -> (Table, Vec<Option<CompiledCrd>>) {
    let mut table = Table::default();
    let mut crds: Vec<Option<CompiledCrd>> = Vec::with_capacity(prepared.len());
    let mut crd_refs: Vec<(FileId, usize)> = prepared.keys().copied().collect();
    crd_refs.sort_unstable_by_key(|&(f, k)| (!loaded[f].input.named_crd, f, k));
    for (i, at) in crd_refs.iter().enumerate() {
        let Some(Prepared {
            result,
            lints,
            span,
            refused_at,
            key,
            fingerprint,
        }) = prepared.remove(at)
        else {
            continue;
        };
        let Some(p) = &early[at.0].parsed else {
            continue;
        };
        let (f, o) = (at.0, &p.objects[at.1]);
        summary.crds += 1;
        let lint_errors = lints
            .iter()
            .any(|d| d.severity == crate::diag::Severity::Error);
        diagnostics.extend(lints);
        let (index, unusable) = match result {
            Some(Ok(c)) => {
                crds.push(Some(c));
                (Some(i), None)
            }
            None => {
                crds.push(None);
                (None, None)
            }
            Some(Err(msg)) => {
                crds.push(None);
                // Lint explains a broken CRD in detail; say it separately only when lint did
                // not run or found nothing, so the reason is never lost.
                if !lint_errors {
                    let (at, path) = refused_at.unwrap_or((span, None));
                    let mut d = Diagnostic::new(
                        &CRD_UNUSABLE,
                        at,
                        format!("this CRD cannot be used to validate resources: {msg}"),
                    );
                    d.path = path;
                    diagnostics.push(stamp(d, f, &o.object));
                }
                (None, Some(Arc::from(msg)))
            }
        };
        let Some(key) = key else { continue };
        match table.get(&key) {
            // The same CRD twice (a vendored copy, say) is no ambiguity; a named CRD winning
            // over a walked one is what the user asked for.
            Some(first) if first.fingerprint == fingerprint || first.explicit => {}
            Some(first) => {
                let mut d = stamp(
                    Diagnostic::new(
                        &DUPLICATE_CRD,
                        span,
                        format!(
                            "a different CRD for {}/{} was found first; resources are validated against that one",
                            key.0, key.1
                        ),
                    )
                    .with_help("name the one to use with --crd (or the config's `crds`)"),
                    f,
                    &o.object,
                );
                d.push_related(crate::diag::Related {
                    file: Some(first.file),
                    span: first.span,
                    message: "the CRD in use".to_string(),
                });
                diagnostics.push(d);
            }
            None => {
                let explicit = loaded[f].input.named_crd;
                table.insert(
                    key,
                    TableEntry {
                        file: f,
                        span,
                        index,
                        unusable,
                        fingerprint,
                        explicit,
                    },
                );
            }
        }
    }
    (table, crds)
}

/// A group and kind's CRD in the table.
pub(super) struct TableEntry {
    pub(super) file: FileId,
    pub(super) span: Span,
    /// Its compiled form in `crds`, if it compiled.
    pub(super) index: Option<usize>,
    /// Why it did not compile (the API server would refuse it, or crdlint cannot follow it),
    /// when the run compiled it.
    pub(super) unusable: Option<Arc<str>>,
    pub(super) fingerprint: u64,
    /// Named with `--crd` or the config's `crds`.
    pub(super) explicit: bool,
}

/// Step 1 for one CRD object: its lint findings and compiled form, and what the table needs
/// from its tree (kept, as the tree may be gone by then). A clone shares the compiled CRD's
/// prepared schemas ([`cache`]).
#[derive(Clone)]
pub(super) struct Prepared {
    result: Option<Compiled>,
    lints: Vec<Diagnostic>,
    span: Span,
    /// Where the reason the CRD cannot be used stands, when one value is it (one the server
    /// cannot decode), with its field path: `input/crd-unusable` points there rather than at
    /// the CRD's name.
    refused_at: Option<(Span, Option<String>)>,
    key: Option<(String, String)>,
    /// A hash of the CRD's value (not its text), to tell identical copies from different ones;
    /// 0 for a named CRD, which is never compared.
    fingerprint: u64,
}

impl Prepared {
    /// The CRD's lint findings, to change.
    pub(super) fn lints_mut(&mut self) -> &mut [Diagnostic] {
        &mut self.lints
    }
}

/// Lints and compiles the CRD objects of one parsed file (in parallel for a file of many).
/// With `take`, the caller drops the file's trees next, and each CRD's schemas are taken out
/// of its tree for the compiled CRD ([`CompiledCrd::compile_taking`]) instead of copied.
fn prepare_crds(
    f: FileId,
    p: &mut ParsedFile,
    text: Option<&str>,
    opts: &RunOptions,
    vendored: bool,
    take: bool,
    named: bool,
) -> Vec<CrdResult> {
    // A CRD read only for `--crd` (a vendored or third-party one) is not the user's to fix:
    // its own lint findings wait for `--lint-vendored`. One that cannot be used at all is
    // still said (`input/crd-unusable`, step 2).
    let lint_crds = opts.mode != Mode::Validate && !vendored;
    // `lint` validates no resources, so it compiles nothing.
    let compile_crds = opts.mode != Mode::Lint;
    let ParsedFile { docs, objects, .. } = p;
    let mut nodes = crd_nodes_mut(docs, objects);
    nodes
        .par_iter_mut()
        .map(|(k, node)| {
            let o = &objects[*k];
            // With `--lint-vendored`, `--crd` CRDs are linted too (their findings point into
            // their own file): a broken schema explains the resources' findings.
            let lint_piece = trace::piece("lint", Some(f));
            let lints = if lint_crds {
                // With the file text, CEL findings point inside the rule.
                let mode = lint::Mode {
                    skip_cel: opts.skip_cel,
                    cost_warn_percent: Some(opts.cost_warn_percent),
                    ..lint::Mode::default()
                };
                lint::lint_crd_in(node, &opts.lint, mode, text)
                    .into_iter()
                    .map(|d| stamp(d, f, &o.object))
                    .collect()
            } else {
                Vec::new()
            };
            drop(lint_piece);
            // What the table needs from the tree, before the schemas may be taken out of it.
            let span = name_span(node);
            // Only walked CRDs are told apart by value: named ones sort first in the table
            // and win whatever they hold (`crd_table`): a vendored run need not hash the tree
            // of each CRD it reads (issue 34).
            let fingerprint = if named { 0 } else { fingerprint(node) };
            let _compile = trace::piece("compile", Some(f));
            // The server refuses a CRD it cannot decode: no resource is validated against a
            // reading of it. Linted, its `crd/decode` findings say why; read for `--crd`
            // only, `input/crd-unusable` does (step 2). Checked before the schemas are taken.
            let linted = lint_crds.then_some(lints.as_slice());
            let refusal = compile_crds
                .then(|| undecodable(node, opts.validate.kube_version, linted))
                .flatten();
            let refused_at = refusal.as_ref().map(|r| (r.span, r.path.clone()));
            let result = match (compile_crds, refusal, take) {
                (false, ..) => None,
                (true, Some(r), _) => Some(Err(r.why)),
                (true, None, true) => Some(CompiledCrd::compile_taking(node)),
                (true, None, false) => Some(CompiledCrd::compile(node)),
            };
            let key = match &result {
                Some(Ok(c)) => Some((c.group.clone(), c.kind.clone())),
                _ => crd_key(node),
            };
            (
                (f, *k),
                Prepared {
                    result,
                    lints,
                    span,
                    refused_at,
                    key,
                    fingerprint,
                },
            )
        })
        .collect()
}

/// A CRD the API server refuses before anything else ([`undecodable`]).
pub(crate) struct Refusal {
    /// Why, in a sentence that follows "cannot be used: ".
    pub why: String,
    /// The value it cannot decode, and that value's field path.
    pub span: Span,
    pub path: Option<String>,
}

/// Why the API server refuses the CRD `node` before anything else (a value it cannot decode),
/// and where: such a CRD never exists, so no resource or test case runs against a reading of
/// it. `linted`: the CRD's lint findings, which hold the decode walk's already.
pub(crate) fn undecodable(
    node: &Node,
    kube: crate::k8s::KubeVersion,
    linted: Option<&[Diagnostic]>,
) -> Option<Refusal> {
    let first = match linted {
        Some(lints) => lints.iter().find(|d| lint::is_decode_error(d)).cloned(),
        None => lint::first_decode_error(node, kube),
    }?;
    Some(Refusal {
        why: format!("the API server cannot decode it: {}", first.message),
        span: first.span,
        path: first.path,
    })
}

/// The nodes of the CRD objects among `objects` (with their indices), to change: a document's
/// root, or items of a `List` document.
fn crd_nodes_mut<'d>(docs: &'d mut [Document], objects: &[Object]) -> Vec<(usize, &'d mut Node)> {
    let crds: Vec<(usize, super::parse::Locator)> = objects
        .iter()
        .enumerate()
        .filter(|(_, o)| matches!(o.class, Class::Crd))
        .map(|(k, o)| (k, o.at))
        .collect();
    let mut out = Vec::with_capacity(crds.len());
    for (d, doc) in docs.iter_mut().enumerate() {
        let here = || crds.iter().filter(move |(_, at)| at.doc as usize == d);
        if here().next().is_none() {
            continue;
        }
        let Some(root) = doc.root.as_mut() else {
            continue;
        };
        // A document is one object, or a list whose items are.
        if let Some(&(k, _)) = here().find(|(_, at)| at.item.is_none()) {
            out.push((k, root));
            continue;
        }
        let Some(items) = root
            .as_map_mut()
            .and_then(|m| m.get_mut("items"))
            .and_then(Node::as_seq_mut)
        else {
            continue;
        };
        for (i, item) in items.iter_mut().enumerate() {
            if let Some(&(k, _)) = here().find(|(_, at)| at.item == Some(i as u32)) {
                out.push((k, item));
            }
        }
    }
    out
}

/// A hash of a node's JSON value, spans and styles left out: equal for two copies of the same
/// CRD. The tree is hashed directly (serializing it to JSON text first was 9% of a lint run);
/// the per-process seed keeps a crafted file from colliding with another on purpose.
fn fingerprint(node: &Node) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    static SEED: std::sync::OnceLock<foldhash::quality::RandomState> = std::sync::OnceLock::new();
    let mut h = SEED.get_or_init(Default::default).build_hasher();
    node.hash_json(&mut h);
    h.finish()
}

/// Where to point for a finding about a whole CRD: its `metadata.name`.
fn name_span(node: &Node) -> Span {
    node.at(&["metadata", "name"])
        .map(|n| n.span())
        .unwrap_or_else(|| kind_span(node))
}
