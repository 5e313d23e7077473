//! The run driver: files in, sorted diagnostics and counts out.
//!
//! Three steps, each parallel inside (one file per task) and deterministic at its end:
//! 1. the `--crd` files and the files whose text may hold a CRD are parsed and classified
//!    (a `List`'s items are objects of their own), and their CRDs linted and compiled
//!    (`crds.rs`);
//! 2. the compiled CRDs go into the group/kind table (named CRDs first, then path order;
//!    `crds.rs`);
//! 3. every other file is parsed, its custom resources (and built-in kinds) validated
//!    (`check.rs`).
//!
//! Reading one file into documents and classified objects is `parse.rs`; what is kept of the
//! files' texts, `texts.rs`; this file runs the steps and puts their results together.
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
use std::cmp::Ordering;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;

use super::classify::{self, SkipPattern};
use super::input::{Loaded, Origin, Role};
use super::rules::{CRD_UNUSABLE, DUPLICATE_CRD, MISSING_TYPE_META, NOT_A_MANIFEST, NO_SCHEMA};
use super::suppress::IgnoreAnnotation;
use super::trace;
use crate::builtin;
use crate::diag::render::Summary;
use crate::diag::{rules as input_rules, Diagnostic, FileId, ObjectRef, SourceFile, Span};
use crate::lint;
use crate::validate::{self, CompiledCrd};
use crate::yaml::{Document, Node, YamlError, YamlErrorKind};

mod cache;
mod check;
mod crds;
mod parse;
mod policies;
mod stream;
mod texts;
pub use cache::SchemaCache;
use check::{Builtins, Targets};
pub(crate) use crds::undecodable;
use crds::{crd_table, parse_crd_files, Early, GroupKind, Table};
use parse::{crd_key, kind_span, parse_file, Class, Classify, Object, ParsedFile};
pub use parse::{is_crd, objects, scan};
pub(crate) use parse::{object_ref, yaml_diagnostic};
pub use stream::{Part, Stream};
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
    /// Which files and documents that are not manifests are recognised, and whether `--crd`
    /// CRDs are linted.
    pub inputs: classify::InputOptions,
    pub lint: lint::Options,
    pub validate: validate::Options,
    /// Keep each resource's transformed form (for `prune` and `default`).
    pub transform: Option<Transform>,
    /// Lint without compiling or costing CEL rules.
    pub skip_cel: bool,
    /// `--cost-warn PERCENT`, passed to the linter's CEL cost checks.
    pub cost_warn_percent: u32,
    /// How admission policies run (`--admission-user`, the config's `admission`).
    pub admission: crate::admission::run::Settings,
    /// `--old`/`--old-ref`: previous versions of the resources (validated as updates).
    pub old: Option<Arc<validate::OldObjects>>,
    /// Keep every file's text in the result, for a step after the run that reads them all
    /// (`--old-ref`); otherwise only the texts the report may need are kept.
    pub keep_texts: bool,
    /// List every skipped document in [`RunResult::skipped`] (`--verbose` prints them);
    /// otherwise they are only counted, and a run of 10^6 skipped documents keeps no record of
    /// each.
    pub list_skipped: bool,
    /// The process exits once this run is reported: the compiled CRDs are left for the
    /// operating system to reclaim instead of being freed one allocation at a time (freeing
    /// them was 5 of the ~200 ms a 10,000-resource run takes on two cores, and nothing runs
    /// after the report that could use the memory). A caller that goes on frees them.
    pub exit_after: bool,
    /// Step 1's work on `--crd` files kept from the runs before, for a caller that runs again
    /// and again with the same options (the language server): a schema file whose text has not
    /// changed is not parsed or compiled again ([`SchemaCache`]).
    pub schema_cache: Option<Arc<SchemaCache>>,
}

impl Default for RunOptions {
    /// `crdlint check` with no flags and no config, as tests and tools that drive the run start
    /// from.
    fn default() -> RunOptions {
        RunOptions {
            mode: Mode::Check,
            missing_schema: None,
            skip: Vec::new(),
            inputs: Default::default(),
            lint: lint::Options::default(),
            validate: validate::Options::default(),
            transform: None,
            skip_cel: false,
            cost_warn_percent: 100,
            admission: Default::default(),
            old: None,
            keep_texts: false,
            list_skipped: false,
            exit_after: false,
            schema_cache: None,
        }
    }
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
    /// How many documents standard input held, when it was read.
    pub stdin_documents: Option<usize>,
    /// How many CRDs each file held, by file id.
    pub crds_per_file: Vec<u32>,
}

/// Runs the checks over the files of a run (read now if they are pending).
///
/// Memory stays flat in the number of resources: every file's tree and text live only while
/// its file is processed. The files that may hold a CRD are parsed first and their CRDs linted
/// and compiled; then each file of resources is read, parsed, validated and dropped, keeping
/// only its findings (and its text when the report needs it).
pub fn run(loaded: Vec<Loaded>, opts: &RunOptions) -> RunResult {
    start(loaded, opts, false).0
}

/// [`run`] over the files and the first chunk of standard input, which is checked exactly as
/// a file (its CRDs among the run's); the [`Stream`] then checks each later chunk of it
/// against the same CRDs, compiled once and kept until it is dropped.
pub fn run_streamed(loaded: Vec<Loaded>, opts: &RunOptions) -> (RunResult, Stream<'_>) {
    start(loaded, opts, true)
}

/// The run; with `keep`, what validates (CRDs, policies, built-ins) is kept for a stream's
/// later chunks, otherwise freed before the report's texts are read again.
fn start(loaded: Vec<Loaded>, opts: &RunOptions, keep: bool) -> (RunResult, Stream<'_>) {
    let refs = classify::referenced_inputs(&loaded, opts.inputs.recognize);
    let mut summary = Summary {
        files: loaded.len(),
        ..Summary::default()
    };
    let mut diagnostics: Vec<Diagnostic> = Vec::new();

    let step = trace::piece("step 1", None);
    let (mut early, prepared, hints) = parse_crd_files(&loaded, opts, &refs);
    let mut crds_per_file = vec![0u32; loaded.len()];
    for &(f, _) in prepared.keys() {
        crds_per_file[f] += 1;
    }
    drop(step);
    let step = trace::piece("step 2", None);
    let (table, crds) = crd_table(&loaded, &early, prepared, &mut summary, &mut diagnostics);
    let ahead = crds::prepare_ahead(&table, &crds, &hints, opts);
    drop(hints);
    drop(step);
    let mentioned = texts::mentioned(&diagnostics, loaded.len());
    texts::release_crd_files(&mut early, &mentioned, opts);
    let policies = policies::gather(&loaded, &early, opts, &table, &crds);
    let builtins = Builtins::new(opts);
    let targets = Targets {
        loaded: &loaded,
        opts,
        policies: policies.as_ref(),
        refs: &refs,
        table: &table,
        crds: &crds,
        builtins: &builtins,
        mentioned: &mentioned,
        files: loaded.len(),
        later_chunk: false,
    };
    let step = trace::piece("step 3", None);
    let mut checked = targets.check_all(early, ahead);
    drop(step);
    let step = trace::piece("merge", None);

    let mut skipped = Vec::new();
    let mut stored = Vec::new();
    let mut parse_diagnostics = Vec::new();
    let mut annotations = Vec::new();
    let mut kept = Vec::with_capacity(checked.len());
    let mut io_failed = false;
    let mut stdin_documents = None;
    // The folders that hold an object: a mapping without apiVersion and kind there is noted.
    let manifest_dirs: std::collections::HashSet<&std::path::Path> = checked
        .iter()
        .zip(&loaded)
        .filter(|(c, _)| c.has_objects)
        .map(|(_, l)| parent_dir(&l.input.name))
        .collect();
    let mut typeless = Vec::new();
    for (f, c) in checked.iter_mut().enumerate() {
        if manifest_dirs.contains(parent_dir(&loaded[f].input.name)) {
            typeless.append(&mut c.typeless);
        }
        if matches!(loaded[f].input.origin, Origin::Stdin) {
            stdin_documents = Some(c.documents);
        }
    }
    let stdin_dir_has_objects = loaded
        .iter()
        .position(|l| matches!(l.input.origin, Origin::Stdin))
        .is_some_and(|f| manifest_dirs.contains(parent_dir(&loaded[f].input.name)));
    drop(manifest_dirs);
    diagnostics.extend(typeless);
    for c in checked {
        summary.documents += c.documents;
        summary.resources += c.resources;
        summary.skipped += c.skipped.len() + c.skipped_unlisted;
        io_failed |= c.io_failed;
        // A file that could not be read is named by its `io/read` finding, not counted as read.
        summary.files -= usize::from(c.io_failed);
        if diagnostics.is_empty() {
            // One file's 10^6 findings are moved, not copied into a second vector.
            diagnostics = c.diagnostics;
        } else {
            diagnostics.extend(c.diagnostics);
        }
        skipped.extend(c.skipped);
        stored.extend(c.stored);
        parse_diagnostics.extend(c.parse_diagnostics);
        annotations.extend(c.annotations);
        kept.push(c.text);
    }
    // The compiled CRDs are most of the peak: gone before the kept texts are read again
    // (reading them while the CRDs were freed raised the corpus run's peak by 10 MB). They are
    // freed on every core: one CRD's schemas can take milliseconds to free, and one core
    // freeing them all while the other waited was 3% of a run's wall time.
    drop(step);
    let step = trace::piece("texts", None);
    let files_count = loaded.len();
    let stream = if keep {
        Stream::new(opts, table, crds, policies, refs, builtins, files_count)
    } else {
        drop(table);
        let free = trace::piece("free crds", None);
        if opts.exit_after {
            std::mem::forget(crds);
        } else {
            crds.into_par_iter().with_max_len(1).for_each(drop);
        }
        drop(free);
        Stream::none(opts)
    };
    let (files, paths, changed) = texts::files(loaded, kept);
    drop(step);
    let _sort = trace::piece("sort", None);
    io_failed |= !changed.is_empty();
    diagnostics.extend(parse_diagnostics);
    diagnostics.extend(changed);
    sort_diagnostics(&mut diagnostics);
    let mut stream = stream;
    stream.dir_has_objects = stdin_dir_has_objects;
    keep_first_cel_rules_skipped(&mut diagnostics, &mut stream.cel_rules_skipped);
    summary.count(&diagnostics);
    let result = RunResult {
        files,
        paths,
        diagnostics,
        summary,
        skipped,
        stored,
        io_failed,
        annotations,
        suppressed: Vec::new(),
        stdin_documents,
        crds_per_file,
    };
    (result, stream)
}

/// The folder of a file as it is named.
fn parent_dir(name: &str) -> &std::path::Path {
    std::path::Path::new(name)
        .parent()
        .unwrap_or(std::path::Path::new(""))
}

/// The one order every format prints in: by file, position, rule and message, except that the
/// note `cr/cel-not-checked` (at the object's start) follows the errors of its object that
/// blocked the rules.
pub fn sort_diagnostics(diagnostics: &mut [Diagnostic]) {
    sort_stable_by(diagnostics, |a, b| {
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

/// A stable sort that moves each element once. `slice::sort_by` is stable too, but it takes a
/// scratch buffer of half the slice: with 10^6 findings of 192 bytes, 96 MB on top of the
/// findings themselves. Here the scratch is an index per element, sorted stably, and the
/// permutation is then applied in place one cycle at a time.
fn sort_stable_by(v: &mut [Diagnostic], compare: impl Fn(&Diagnostic, &Diagnostic) -> Ordering) {
    let mut order: Vec<usize> = (0..v.len()).collect();
    order.sort_by(|&a, &b| compare(&v[a], &v[b]));
    // `order[k]` is where the element that belongs at `k` is now. Following each cycle with
    // swaps puts every element in place; a visited position is marked by `order[k] = k`.
    for start in 0..v.len() {
        let mut at = start;
        while order[at] != at {
            let from = order[at];
            order[at] = at;
            if from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

/// Runs `work` on each `(size, item)` in parallel, the largest first, and returns the results
/// in the items' order (`work` gets each item's index). Each worker takes the next item of one
/// shared list when it is done with its last, so the items start in exactly that order on every
/// core and the last ones of a step are the smallest. A parallel iterator splits its range in
/// halves instead: the second core began in the middle of the list (the median file, not the
/// second largest), and a range not yet split was worked through on one core while the other
/// waited. Work inside an item (a file's resources) is still split and stolen as usual.
fn largest_first<T: Send, R: Send>(
    items: Vec<(usize, T)>,
    work: impl Fn(usize, T) -> R + Sync + Send,
) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
    use std::sync::Mutex;
    let mut order: Vec<(usize, usize, T)> = items
        .into_iter()
        .enumerate()
        .map(|(i, (size, item))| (i, size, item))
        .collect();
    // The index breaks ties: the same order in every run.
    order.sort_by_key(|&(i, size, _)| (std::cmp::Reverse(size), i));
    let n = order.len();
    let queue: Vec<Mutex<Option<(usize, T)>>> = order
        .into_iter()
        .map(|(i, _, item)| Mutex::new(Some((i, item))))
        .collect();
    let results: Vec<Mutex<Option<R>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let workers = rayon::current_num_threads().clamp(1, n.max(1));
    (0..workers)
        .into_par_iter()
        .with_max_len(1)
        .for_each(|_| loop {
            let k = next.fetch_add(1, Relaxed);
            let Some(slot) = queue.get(k) else { break };
            let taken = slot
                .lock()
                .map(|mut s| s.take())
                .unwrap_or_else(|e| e.into_inner().take());
            let Some((i, item)) = taken else { continue };
            let r = work(i, item);
            match results[i].lock() {
                Ok(mut at) => *at = Some(r),
                Err(e) => *e.into_inner() = Some(r),
            }
        });
    results
        .into_iter()
        .filter_map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect()
}

/// Sets the file, and the object unless the check set a more precise one.
fn stamp(mut d: Diagnostic, file: FileId, object: &Arc<ObjectRef>) -> Diagnostic {
    d.file = Some(file);
    if d.object.is_none() {
        d.object = Some(object.clone());
    }
    for r in d.related_mut() {
        r.file.get_or_insert(file);
    }
    d
}

/// `cr/cel-rules-skipped` is said once per CRD version: validation attaches it to every resource
/// that reaches a broken rule, and only the first in output order is kept, so the output does not
/// depend on which worker got there first.
fn keep_first_cel_rules_skipped(
    diagnostics: &mut Vec<Diagnostic>,
    seen: &mut std::collections::HashSet<String>,
) {
    diagnostics.retain(|d| {
        d.rule.id != crate::validate::rules::CEL_RULES_SKIPPED.id || seen.insert(d.message.clone())
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn largest_first_starts_with_the_largest_and_returns_in_item_order() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("pool");
        let started = std::sync::Mutex::new(Vec::new());
        let items: Vec<(usize, char)> = vec![(3, 'a'), (9, 'b'), (1, 'c'), (9, 'd'), (5, 'e')];
        let results = pool.install(|| {
            largest_first(items, |i, c| {
                started.lock().expect("lock").push(c);
                (i, c.to_ascii_uppercase())
            })
        });
        assert_eq!(results, [(0, 'A'), (1, 'B'), (2, 'C'), (3, 'D'), (4, 'E')]);
        // One worker takes them in size order, ties by position.
        assert_eq!(
            started.into_inner().expect("lock"),
            ['b', 'd', 'e', 'a', 'c']
        );
    }

    #[test]
    fn largest_first_runs_each_item_once_on_several_workers() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .expect("pool");
        let ran = std::sync::atomic::AtomicUsize::new(0);
        let items: Vec<(usize, usize)> = (0..50).map(|i| ((i * 7) % 13, i)).collect();
        let results = pool.install(|| {
            largest_first(items, |i, item| {
                ran.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                // Work inside an item may be parallel too.
                let inner: usize = (0..item).into_par_iter().sum();
                (i, item, inner)
            })
        });
        assert_eq!(ran.into_inner(), 50);
        let expected: Vec<(usize, usize, usize)> = (0..50).map(|i| (i, i, (0..i).sum())).collect();
        assert_eq!(results, expected);
        assert!(largest_first(Vec::<(usize, u8)>::new(), |_, x| x).is_empty());
    }
}
