//! The run driver: files in, sorted diagnostics and counts out.
//!
//! Three steps, each parallel inside (one file per task) and deterministic at its end:
//! 1. the `--crd` files and the files whose text may hold a CRD are parsed and classified
//!    (a `List`'s items are objects of their own), and their CRDs linted and compiled;
//! 2. the compiled CRDs go into the group/kind table (named CRDs first, then path order);
//! 3. every other file is parsed, its custom resources (and built-in kinds) validated
//!    (`check.rs`).
//!
//! A file's tree lives only while its file is processed (a CRD file's, while it is linted and
//! compiled; a file of resources', while they are validated), and so does its text: files are
//! read when a step needs them (step 1 reads every file to see whether it may hold a CRD and
//! holds the small texts left to step 3 within a budget; step 3 reads the others again), and
//! only the texts the report may need are kept (`texts.rs`). Memory grows with the CRDs and
//! the findings, not with the resources.
//!
//! Every finding is stamped with its file and object here, then all are sorted by
//! (file, position, rule, message), so the output does not depend on the thread count.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;

use super::classify::{self, SkipPattern, NOT_A_MANIFEST};
use super::input::{Loaded, Origin, Role};
use super::rules::{CRD_UNUSABLE, DUPLICATE_CRD, NO_SCHEMA};
use super::suppress::IgnoreAnnotation;
use crate::builtin;
use crate::diag::render::Summary;
use crate::diag::{rules as input_rules, Diagnostic, FileId, ObjectRef, SourceFile, Span};
use crate::lint;
use crate::validate::{self, CompiledCrd};
use crate::yaml::{Document, Node, YamlError, YamlErrorKind};

mod check;
mod texts;
use check::{Builtins, Targets};
use texts::{Kept, Text};

/// What a run does with what it finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Lint CRDs and validate resources.
    Check,
    /// Lint CRDs only.
    Lint,
    /// Validate resources only.
    Validate,
}

/// Options for one run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub mode: Mode,
    /// What a custom resource with no CRD in the run is: an error, a warning, or nothing.
    pub missing_schema: Option<crate::diag::Severity>,
    /// `--skip`: documents skipped silently.
    pub skip: Vec<SkipPattern>,
    pub lint: lint::Options,
    pub validate: validate::Options,
    /// Keep each resource's transformed form (for `prune` and `default`).
    pub transform: Option<Transform>,
    /// Lint without compiling or costing CEL rules.
    pub skip_cel: bool,
    /// `--cost-warn PERCENT`, passed to the linter's CEL cost checks.
    pub cost_warn_percent: u32,
    /// `--old`/`--old-ref`: previous versions of the resources (validated as updates).
    pub old: Option<Arc<validate::OldObjects>>,
    /// Keep every file's text in the result, for a step after the run that reads them all
    /// (`--old-ref`); otherwise only the texts the report may need are kept.
    pub keep_texts: bool,
    /// List every skipped document in [`RunResult::skipped`] (`--verbose` prints them);
    /// otherwise they are only counted, and a run of 10^6 skipped documents keeps no record of
    /// each.
    pub list_skipped: bool,
}

/// What `prune` and `default` print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transform {
    /// Unknown fields removed ([`validate::prune_only`]).
    Prune,
    /// As stored: pruned, nulls dropped, defaults applied ([`validate::validate_resource`]).
    Default,
}

/// A document that was neither checked nor used as a schema.
#[derive(Clone, Debug)]
pub struct Skipped {
    pub file: FileId,
    pub span: Span,
    /// Where `span` starts (the file's text may be gone by the time it is printed).
    pub at: crate::diag::LineCol,
    /// Shared with the classification (a run of 10^6 skipped documents kept a copy of each).
    pub object: Option<Arc<ObjectRef>>,
    pub reason: Cow<'static, str>,
}

/// The resources' transformed forms, in file and position order.
pub struct Stored {
    pub file: FileId,
    /// The object as transformed.
    pub node: Node,
    /// The object as read (spans into the file), for rewriting the file in place.
    pub original: Node,
    /// True for an item of a `List` document, false for a document's root.
    pub list_item: bool,
}

/// Everything a run found.
pub struct RunResult {
    /// Every file of the run, by id. The text is kept only where the report may need it: a
    /// finding (or a related location) points into the file, it may hold a suppression
    /// comment, it has no document, or the command prints or rewrites files (or asked for
    /// every text: [`RunOptions::keep_texts`]); otherwise it is empty.
    pub files: Vec<SourceFile>,
    /// The path each file was read from (`None` for standard input), parallel to `files`:
    /// `--write` writes there, never to the displayed name (which may be lossy or shortened).
    pub paths: Vec<Option<PathBuf>>,
    pub diagnostics: Vec<Diagnostic>,
    pub summary: Summary,
    /// The skipped documents, if [`RunOptions::list_skipped`] (they are counted either way).
    pub skipped: Vec<Skipped>,
    pub stored: Vec<Stored>,
    /// Some file could not be read (exit status 2).
    pub io_failed: bool,
    /// `crdlint.io/ignore` annotations of the checked objects.
    pub annotations: Vec<IgnoreAnnotation>,
    /// Findings silenced by suppressions (filled by the CLI after the run).
    pub suppressed: Vec<Diagnostic>,
}

/// Where an object is: a document's root, or one item of a `List` document. Indices fit in
/// `u32`: a file is at most 32 MiB ([`super::input::MAX_FILE_BYTES`]).
#[derive(Clone, Copy, Debug)]
struct Locator {
    doc: u32,
    item: Option<u32>,
}

/// What an object is to the run. Small on purpose (a file of 10^6 tiny documents holds one per
/// document while it is checked): the group and kind of a resource are read from its
/// [`ObjectRef`] when needed.
#[derive(Clone, Copy, Debug)]
enum Class {
    Crd,
    /// A candidate custom resource, looked up by group and kind.
    Resource,
    /// Not an object at all (a scalar or a sequence document).
    NotAnObject(crate::yaml::Kind),
    /// An object without `apiVersion` or `kind`.
    NoApiVersionKind,
    /// Skipped by `--skip`: not counted, never reported.
    SkipQuietly,
}

impl Class {
    /// Why an object of this class is skipped, for the classes skipped whatever the table.
    fn skip_reason(self) -> Option<Cow<'static, str>> {
        match self {
            Class::NotAnObject(kind) => Some(format!("not an object (a {kind})").into()),
            Class::NoApiVersionKind => Some("no apiVersion and kind".into()),
            _ => None,
        }
    }
}

struct Object {
    at: Locator,
    class: Class,
    object: Arc<ObjectRef>,
}

impl Object {
    /// A resource's group (from its `apiVersion`) and kind.
    fn group_kind(&self) -> (&str, &str) {
        let group = match self.object.api_version.rsplit_once('/') {
            Some((group, _)) => group,
            None => "",
        };
        (group, &self.object.kind)
    }
}

#[derive(Default)]
struct ParsedFile {
    docs: Vec<Document>,
    /// The documents' objects, when classified with the parse ([`Classify::Now`]).
    objects: Vec<Object>,
    /// The objects are classified as they are checked ([`ParsedFile::classify_later`]).
    later: bool,
    annotations: Vec<IgnoreAnnotation>,
    diagnostics: Vec<Diagnostic>,
    documents: usize,
}

/// When a parsed file's objects are classified.
#[derive(Clone, Copy)]
enum Classify<'a> {
    /// With the parse, into [`ParsedFile::objects`] (step 1 looks for CRDs among them).
    Now(&'a [SkipPattern]),
    /// One document at a time as they are checked (step 3): a file of 10^6 documents then
    /// never holds a record for each.
    Later,
}

impl ParsedFile {
    /// The objects not classified with the parse, one document at a time.
    fn classify_later<'p>(&'p self, skip: &'p [SkipPattern]) -> impl Iterator<Item = Object> + 'p {
        let docs = if self.later { &self.docs[..] } else { &[] };
        docs.iter().enumerate().flat_map(move |(i, doc)| {
            let mut out = Vec::new();
            if let Some(root) = &doc.root {
                classify(root, i, skip, &mut out);
            }
            out
        })
    }

    fn node(&self, at: Locator) -> Option<&Node> {
        let root = self.docs.get(at.doc as usize)?.root.as_ref()?;
        match at.item {
            None => Some(root),
            Some(i) => root.get("items")?.as_seq()?.get(i as usize),
        }
    }
}

/// A CRD prepared for validation, or why it could not be.
type Compiled = Result<CompiledCrd, String>;

/// Step 1's result for one CRD object, keyed by (file, object index).
type CrdResult = ((FileId, usize), Prepared);
type CrdResults = HashMap<(FileId, usize), Prepared>;

/// The CRD table: group and kind to the CRD that validates them.
type Table = HashMap<(String, String), TableEntry>;

/// Runs the checks over the files of a run (read now if they are pending).
///
/// Memory stays flat in the number of resources: every file's tree and text live only while
/// its file is processed. The files that may hold a CRD are parsed first and their CRDs linted
/// and compiled; then each file of resources is read, parsed, validated and dropped, keeping
/// only its findings (and its text when the report needs it).
pub fn run(loaded: Vec<Loaded>, opts: &RunOptions) -> RunResult {
    let patches = classify::kustomize_patches(&loaded);
    let mut summary = Summary {
        files: loaded.len(),
        ..Summary::default()
    };
    let mut diagnostics: Vec<Diagnostic> = Vec::new();

    let (mut early, prepared) = parse_crd_files(&loaded, opts, &patches);
    let (table, crds) = crd_table(&loaded, &early, prepared, &mut summary, &mut diagnostics);
    let mentioned = texts::mentioned(&diagnostics, loaded.len());
    texts::release_crd_files(&mut early, &mentioned, opts);
    let targets = Targets {
        loaded: &loaded,
        opts,
        patches: &patches,
        table: &table,
        crds: &crds,
        builtins: Builtins::new(opts),
        mentioned: &mentioned,
    };
    let checked = targets.check_all(early);

    let mut skipped = Vec::new();
    let mut stored = Vec::new();
    let mut parse_diagnostics = Vec::new();
    let mut annotations = Vec::new();
    let mut kept = Vec::with_capacity(checked.len());
    let mut io_failed = false;
    for c in checked {
        summary.documents += c.documents;
        summary.resources += c.resources;
        summary.skipped += c.skipped.len() + c.skipped_unlisted;
        io_failed |= c.io_failed;
        diagnostics.extend(c.diagnostics);
        skipped.extend(c.skipped);
        stored.extend(c.stored);
        parse_diagnostics.extend(c.parse_diagnostics);
        annotations.extend(c.annotations);
        kept.push(c.text);
    }
    // The compiled CRDs are most of the peak: gone before the kept texts are read again.
    drop(targets);
    drop((table, crds));
    let (files, paths, changed) = texts::files(loaded, kept);
    io_failed |= !changed.is_empty();
    diagnostics.extend(parse_diagnostics);
    diagnostics.extend(changed);
    sort_diagnostics(&mut diagnostics);
    keep_first_cel_rules_skipped(&mut diagnostics);
    summary.count(&diagnostics);
    RunResult {
        files,
        paths,
        diagnostics,
        summary,
        skipped,
        stored,
        io_failed,
        annotations,
        suppressed: Vec::new(),
    }
}

/// Step 1: the `--crd` files and the files of the run whose text may hold a CRD
/// ([`classify::may_hold_crd`]), parsed one file per task, their CRDs linted and compiled
/// there, and the tree dropped unless the file has objects other than CRDs. Every file is read
/// to tell; the text of a file left to step 3 is held for it if small, within a budget
/// ([`texts::Held`]), or let go (step 3 reads it again); a CRD file's is held until the table
/// says whether the report needs it. The CRDs' results are keyed by
/// (file, object index).
fn parse_crd_files<'a>(
    loaded: &'a [Loaded],
    opts: &RunOptions,
    patches: &std::collections::HashSet<PathBuf>,
) -> (Vec<Early<'a>>, CrdResults) {
    let held = texts::Held::new();
    let per_file: Vec<(Early<'a>, Vec<CrdResult>)> = loaded
        .par_iter()
        .enumerate()
        .map(|(f, l)| {
            let text = Text::read(l);
            let early =
                l.input.role == Role::SchemaOnly || text.held().is_some_and(classify::may_hold_crd);
            if !early {
                let text = text.hold_or_release(&held);
                let early = Early {
                    parsed: None,
                    text,
                    kept: None,
                };
                return (early, Vec::new());
            }
            let mut p = parse_file(
                f,
                l,
                text.as_result(),
                loaded.len(),
                Classify::Now(&opts.skip),
                patches,
            );
            let prepared = prepare_crds(f, &p, text.held(), opts);
            if l.input.role == Role::SchemaOnly
                || p.objects.iter().all(|o| matches!(o.class, Class::Crd))
            {
                p.docs = Vec::new();
            }
            (
                Early {
                    parsed: Some(p),
                    text,
                    kept: None,
                },
                prepared,
            )
        })
        .collect();
    let mut files = Vec::with_capacity(per_file.len());
    let mut prepared = HashMap::new();
    for (p, crds) in per_file {
        files.push(p);
        prepared.extend(crds);
    }
    (files, prepared)
}

/// What step 1 hands step 3 for one file.
struct Early<'a> {
    /// The file's parse, when step 1 parsed it (it may hold a CRD).
    parsed: Option<ParsedFile>,
    text: Text<'a>,
    /// What the report keeps of the text, when decided before step 3 (a file step 1 is done
    /// with: [`texts::release_crd_files`]).
    kept: Option<Kept>,
}

/// Step 2: the CRD table, in file and position order: CRDs from every file are schemas and
/// are counted and linted (the `--crd` files too). CRDs named with `--crd` (or the config's
/// `crds`) come first, so that they win over a CRD for the same kind found while walking; then
/// path order. Returns the table and the compiled CRDs it indexes.
fn crd_table(
    loaded: &[Loaded],
    early: &[Early<'_>],
    mut prepared: CrdResults,
    summary: &mut Summary,
    diagnostics: &mut Vec<Diagnostic>,
) -> (Table, Vec<Option<CompiledCrd>>) {
    let mut table: Table = HashMap::new();
    let mut crds: Vec<Option<CompiledCrd>> = Vec::with_capacity(prepared.len());
    let mut crd_refs: Vec<(FileId, usize)> = prepared.keys().copied().collect();
    crd_refs.sort_unstable_by_key(|&(f, k)| (!loaded[f].input.named_crd, f, k));
    for (i, at) in crd_refs.iter().enumerate() {
        let Some(Prepared {
            result,
            lints,
            span,
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
        let index = match result {
            Some(Ok(c)) => {
                crds.push(Some(c));
                Some(i)
            }
            None => {
                crds.push(None);
                None
            }
            Some(Err(msg)) => {
                crds.push(None);
                // Lint explains a broken CRD in detail; say it separately only when lint did
                // not run or found nothing, so the reason is never lost.
                if !lint_errors {
                    diagnostics.push(stamp(
                        Diagnostic::new(
                            &CRD_UNUSABLE,
                            span,
                            format!("this CRD cannot be used to validate resources: {msg}"),
                        ),
                        f,
                        &o.object,
                    ));
                }
                None
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
                d.related.push(crate::diag::Related {
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
struct TableEntry {
    file: FileId,
    span: Span,
    /// Its compiled form in `crds`, if it compiled.
    index: Option<usize>,
    fingerprint: u64,
    /// Named with `--crd` or the config's `crds`.
    explicit: bool,
}

/// Step 1 for one CRD object: its lint findings and compiled form, and what the table needs
/// from its tree (kept, as the tree may be gone by then).
struct Prepared {
    result: Option<Compiled>,
    lints: Vec<Diagnostic>,
    span: Span,
    key: Option<(String, String)>,
    /// A hash of the CRD's value (not its text), to tell identical copies from different ones.
    fingerprint: u64,
}

/// Lints and compiles the CRD objects of one parsed file (in parallel for a file of many).
fn prepare_crds(
    f: FileId,
    p: &ParsedFile,
    text: Option<&str>,
    opts: &RunOptions,
) -> Vec<CrdResult> {
    let lint_crds = opts.mode != Mode::Validate;
    // `lint` validates no resources, so it compiles nothing.
    let compile_crds = opts.mode != Mode::Lint;
    let refs: Vec<usize> = p
        .objects
        .iter()
        .enumerate()
        .filter(|(_, o)| matches!(o.class, Class::Crd))
        .map(|(k, _)| k)
        .collect();
    refs.par_iter()
        .filter_map(|&k| {
            let o = &p.objects[k];
            let node = p.node(o.at)?;
            // `--crd` CRDs are linted too (their findings point into their own file): a broken
            // schema explains the resources' findings.
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
            let result = compile_crds.then(|| CompiledCrd::compile(node));
            let key = match &result {
                Some(Ok(c)) => Some((c.group.clone(), c.kind.clone())),
                _ => crd_key(node),
            };
            Some((
                (f, k),
                Prepared {
                    result,
                    lints,
                    span: name_span(node),
                    key,
                    fingerprint: fingerprint(node),
                },
            ))
        })
        .collect()
}

/// Parses and classifies every file, one file per task, keeping the file order.
fn parse_all(
    loaded: &[Loaded],
    skip: &[SkipPattern],
    patches: &std::collections::HashSet<std::path::PathBuf>,
) -> Vec<ParsedFile> {
    loaded
        .par_iter()
        .enumerate()
        .map(|(id, l)| {
            let text = l.text();
            let text = text.as_deref().map_err(String::as_str);
            parse_file(id, l, text, loaded.len(), Classify::Now(skip), patches)
        })
        .collect()
}

/// Parses and classifies one file (`text`, or why it could not be read): its documents,
/// objects, `crdlint.io/ignore` annotations and read/parse findings.
fn parse_file(
    id: FileId,
    l: &Loaded,
    text: Result<&str, &str>,
    files: usize,
    when: Classify<'_>,
    patches: &std::collections::HashSet<std::path::PathBuf>,
) -> ParsedFile {
    let mut diagnostics = Vec::new();
    if let Err(msg) = text {
        diagnostics.push(
            Diagnostic::new(&input_rules::IO_ERROR, Span::default(), msg.to_string()).with_file(id),
        );
    }
    let text_or_empty = text.unwrap_or_default();
    if let Some(why) = classify::renderer_input(l, text_or_empty, patches) {
        let at = classify::template_action(text_or_empty).unwrap_or_default();
        diagnostics.push(Diagnostic::new(&NOT_A_MANIFEST, at, why).with_file(id));
        return ParsedFile {
            diagnostics,
            ..ParsedFile::default()
        };
    }
    let docs = match text {
        Ok(text) => {
            let limits = crate::yaml::LoadOptions::for_run(text.len(), files);
            crate::yaml::load_with(text, &limits)
        }
        Err(_) => Vec::new(),
    };
    let mut objects = Vec::new();
    let mut annotations = Vec::new();
    let mut documents = 0;
    for (i, doc) in docs.iter().enumerate() {
        if doc.root.is_some() || !doc.errors.is_empty() {
            documents += 1;
        }
        diagnostics.extend(doc.errors.iter().map(|e| yaml_diagnostic(e).with_file(id)));
        if let Some(root) = &doc.root {
            if let Classify::Now(skip) = when {
                self::classify(root, i, skip, &mut objects);
            }
            for (_, node) in self::objects(root) {
                if let Some((value, text)) = classify::ignore_annotation(node) {
                    annotations.push(IgnoreAnnotation {
                        file: id,
                        object: node.span(),
                        value,
                        text,
                    });
                }
            }
        }
    }
    ParsedFile {
        docs,
        objects,
        later: matches!(when, Classify::Later),
        annotations,
        diagnostics,
        documents,
    }
}

/// Reads, parses and classifies only: the counts `check` would start from, with resources
/// matched to CRDs by group and kind without compiling anything (`crdlint scan`, used by the
/// benchmarks to time the front half of a run).
pub fn scan(loaded: &[Loaded]) -> Summary {
    let parsed = parse_all(loaded, &[], &Default::default());
    let mut summary = Summary {
        files: loaded.len(),
        ..Summary::default()
    };
    let mut kinds = std::collections::HashSet::new();
    for p in &parsed {
        summary.documents += p.documents;
        summary.count(&p.diagnostics);
        for o in &p.objects {
            if matches!(o.class, Class::Crd) {
                summary.crds += 1;
                if let Some(key) = p.node(o.at).and_then(crd_key) {
                    kinds.insert(key);
                }
            }
        }
    }
    for p in &parsed {
        for o in &p.objects {
            let (group, kind) = o.group_kind();
            match o.class {
                Class::Crd => {}
                Class::Resource if kinds.contains(&(group.to_string(), kind.to_string())) => {
                    summary.resources += 1
                }
                _ => summary.skipped += 1,
            }
        }
    }
    summary
}

/// The one order every format prints in: by file, position, rule and message, except that the
/// note `cr/cel-not-checked` (at the object's start) follows the errors of its object that
/// blocked the rules.
pub fn sort_diagnostics(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        (a.file, a.span.start(), a.span.end(), a.rule.id, &a.message).cmp(&(
            b.file,
            b.span.start(),
            b.span.end(),
            b.rule.id,
            &b.message,
        ))
    });
    let note = crate::validate::rules::CEL_NOT_CHECKED.id;
    let mut i = 0;
    while i < diagnostics.len() {
        if diagnostics[i].rule.id != note {
            i += 1;
            continue;
        }
        let (file, object) = (diagnostics[i].file, diagnostics[i].object.clone());
        let same = |d: &Diagnostic| {
            d.file == file
                && match (&d.object, &object) {
                    (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                    _ => false,
                }
        };
        let mut last = i;
        for (j, d) in diagnostics.iter().enumerate().skip(i + 1) {
            if d.file != file {
                break;
            }
            if same(d) {
                last = j;
            }
        }
        diagnostics[i..=last].rotate_left(1);
        i = last + 1;
    }
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

/// Sets the file, and the object unless the check set a more precise one.
fn stamp(mut d: Diagnostic, file: FileId, object: &Arc<ObjectRef>) -> Diagnostic {
    d.file = Some(file);
    if d.object.is_none() {
        d.object = Some(object.clone());
    }
    for r in &mut d.related {
        r.file.get_or_insert(file);
    }
    d
}

/// Where to point for a finding about a whole object: its `kind` value, so that the frame
/// shows which kind is meant.
fn kind_span(node: &Node) -> Span {
    node.get("kind").map(|k| k.span()).unwrap_or(node.span())
}

/// Where to point for a finding about a whole CRD: its `metadata.name`.
fn name_span(node: &Node) -> Span {
    node.at(&["metadata", "name"])
        .map(|n| n.span())
        .unwrap_or_else(|| kind_span(node))
}

pub(crate) fn yaml_diagnostic(e: &YamlError) -> Diagnostic {
    let rule = match e.kind {
        YamlErrorKind::Syntax => &input_rules::YAML_SYNTAX,
        YamlErrorKind::DuplicateKey => &input_rules::YAML_DUPLICATE_KEY,
        YamlErrorKind::AliasBudget => &input_rules::YAML_ALIAS_BUDGET,
        YamlErrorKind::TooDeep => &input_rules::YAML_TOO_DEEP,
        YamlErrorKind::TooLarge => &input_rules::YAML_TOO_LARGE,
        YamlErrorKind::Suspicious => &input_rules::YAML_SUSPICIOUS,
    };
    let mut d = Diagnostic::new(rule, e.span, e.message.clone());
    for (span, message) in &e.related {
        d = d.with_related(*span, message.clone());
    }
    d
}

pub(crate) fn object_ref(node: &Node) -> ObjectRef {
    let meta = node.get("metadata");
    let meta_str = |k: &str| meta.and_then(|m| m.get_str(k));
    ObjectRef {
        api_version: node.get_str("apiVersion").unwrap_or_default().to_string(),
        kind: node.get_str("kind").unwrap_or_default().to_string(),
        name: meta_str("name")
            .or_else(|| meta_str("generateName"))
            .unwrap_or_default()
            .to_string(),
        namespace: meta_str("namespace").map(str::to_string),
    }
}

/// True for the apiVersion and kind of a CustomResourceDefinition.
pub fn is_crd(api_version: &str, kind: &str) -> bool {
    kind == "CustomResourceDefinition"
        && matches!(
            api_version,
            "apiextensions.k8s.io/v1" | "apiextensions.k8s.io/v1beta1"
        )
}

/// Group and kind a CRD defines, read directly (for CRDs that do not compile).
fn crd_key(node: &Node) -> Option<(String, String)> {
    let spec = node.get("spec")?;
    Some((
        spec.get_str("group")?.to_string(),
        spec.at(&["names", "kind"])?.as_str()?.to_string(),
    ))
}

/// The objects of one document: the root, or each item of a `List` (`kind: List` or any
/// `*List` kind with an `items` sequence) with its index.
pub fn objects(root: &Node) -> Vec<(Option<usize>, &Node)> {
    let kind = root.get_str("kind").unwrap_or_default();
    if kind.ends_with("List") {
        if let Some(items) = root.get("items").and_then(Node::as_seq) {
            // kubectl flattens one level: a List's items are objects, never Lists again.
            return items
                .iter()
                .enumerate()
                .map(|(i, n)| (Some(i), n))
                .collect();
        }
    }
    vec![(None, root)]
}

/// Adds the objects of one document.
fn classify(root: &Node, doc: usize, skip: &[SkipPattern], out: &mut Vec<Object>) {
    for (item, node) in objects(root) {
        let at = Locator {
            doc: doc as u32,
            item: item.map(|i| i as u32),
        };
        out.push(classify_object(node, at, skip));
    }
}

static EMPTY_OBJECT: std::sync::OnceLock<Arc<ObjectRef>> = std::sync::OnceLock::new();

fn classify_object(node: &Node, at: Locator, skip: &[SkipPattern]) -> Object {
    let object = object_ref(node);
    // A document with none of the four fields (a fragment, a values file) shares one empty
    // reference: per skipped document the run keeps only its small class and locator.
    let object = if object == ObjectRef::default() {
        Arc::clone(EMPTY_OBJECT.get_or_init(Default::default))
    } else {
        Arc::new(object)
    };
    let class = if node.as_map().is_none() {
        Class::NotAnObject(node.kind())
    } else if object.api_version.is_empty() || object.kind.is_empty() {
        Class::NoApiVersionKind
    } else if skip
        .iter()
        .any(|p| p.matches(&object.api_version, &object.kind))
    {
        Class::SkipQuietly
    } else if is_crd(&object.api_version, &object.kind) {
        Class::Crd
    } else {
        Class::Resource
    };
    Object { at, class, object }
}

/// `cr/cel-rules-skipped` is said once per CRD version: validation attaches it to every resource
/// that reaches a broken rule, and only the first in output order is kept, so the output does not
/// depend on which worker got there first.
fn keep_first_cel_rules_skipped(diagnostics: &mut Vec<Diagnostic>) {
    let mut seen = std::collections::HashSet::new();
    diagnostics.retain(|d| {
        d.rule.id != crate::validate::rules::CEL_RULES_SKIPPED.id || seen.insert(d.message.clone())
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(json: serde_json::Value) -> Vec<String> {
        let mut out = Vec::new();
        classify(&Node::from_json(&json), 0, &[], &mut out);
        out.iter()
            .map(|o| match o.class {
                Class::Crd => "crd".to_string(),
                Class::Resource => format!("{}/{}", o.group_kind().0, o.group_kind().1),
                Class::SkipQuietly => "skip".to_string(),
                class => format!("skip: {}", class.skip_reason().unwrap_or_default()),
            })
            .collect()
    }

    fn opts() -> RunOptions {
        RunOptions {
            mode: Mode::Check,
            missing_schema: None,
            skip: Vec::new(),
            lint: lint::Options::default(),
            validate: validate::Options::default(),
            transform: None,
            skip_cel: false,
            cost_warn_percent: 100,
            old: None,
            keep_texts: false,
            list_skipped: false,
        }
    }

    #[test]
    fn only_unclaimed_kinds_reach_the_builtin_catalog() {
        use serde_json::json;
        let mut table = HashMap::new();
        table.insert(
            ("example.com".to_string(), "Widget".to_string()),
            TableEntry {
                file: 0,
                span: Span::default(),
                index: None,
                fingerprint: 0,
                explicit: false,
            },
        );
        let objects_of = |json: serde_json::Value| {
            let mut objects = Vec::new();
            classify(&Node::from_json(&json), 0, &[], &mut objects);
            objects
        };
        let run = |opts: &RunOptions, json: serde_json::Value| {
            let targets = Targets {
                loaded: &[],
                opts,
                patches: &Default::default(),
                table: &table,
                crds: &[],
                builtins: Builtins::new(opts),
                mentioned: &[],
            };
            let objects = objects_of(json);
            let node = Node::from_json(&serde_json::json!({}));
            let found = targets.target_of(&objects[0], Some(&node), Span::default());
            (targets.builtins.is_empty(), found.is_ok())
        };
        // A custom resource whose CRD is in the run: the catalog (and the embedded bundle)
        // is never asked.
        let widget = json!({"apiVersion": "example.com/v1", "kind": "Widget"});
        assert_eq!(run(&opts(), widget), (true, false));
        // A Deployment is looked up and validated.
        let deployment = json!({"apiVersion": "apps/v1", "kind": "Deployment"});
        assert_eq!(run(&opts(), deployment.clone()), (false, true));
        // `lint` validates nothing.
        let lint_only = RunOptions {
            mode: Mode::Lint,
            ..opts()
        };
        assert_eq!(run(&lint_only, deployment), (true, false));
    }

    #[test]
    fn classifies_crds_resources_and_lists() {
        use serde_json::json;
        assert_eq!(
            classes(json!({"apiVersion": "apiextensions.k8s.io/v1beta1",
                           "kind": "CustomResourceDefinition"})),
            ["crd"]
        );
        assert_eq!(
            classes(json!({"apiVersion": "example.com/v1", "kind": "Widget"})),
            ["example.com/Widget"]
        );
        assert_eq!(
            classes(json!({"apiVersion": "v1", "kind": "ConfigMap"})),
            ["/ConfigMap"]
        );
        assert_eq!(
            classes(json!({"apiVersion": "v1", "kind": "List", "items": [
                {"apiVersion": "example.com/v1", "kind": "Widget"},
                {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition"},
                "x"
            ]})),
            [
                "example.com/Widget",
                "crd",
                "skip: not an object (a string)"
            ]
        );
        // A `*List` kind without items is an object of its own.
        assert_eq!(
            classes(json!({"apiVersion": "example.com/v1", "kind": "WidgetList"})),
            ["example.com/WidgetList"]
        );
        assert_eq!(classes(json!({"a": 1})), ["skip: no apiVersion and kind"]);
    }
}
