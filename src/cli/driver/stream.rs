//! Standard input a chunk at a time: the chunks after the first, each checked against what the
//! run compiled for its files and the stream's first chunk, then dropped.
//!
//! [`super::run_streamed`] runs the three steps over the files and the first chunk (read as a
//! file is, so its CRDs and policies are the run's), and hands back a [`Stream`] that keeps
//! the CRD table, the compiled CRDs, the policies and the built-in kinds. [`Stream::check`]
//! then does step 3 for one chunk: parse, classify, validate, and the findings put in order, so
//! that a stream of any length is held a chunk at a time. A chunk's findings point into its
//! own text (their spans are the chunk's offsets); its [`Part::file`] is a window of the
//! stream that numbers lines as the whole stream would ([`SourceFile::window`]).
//!
//! What a chunk cannot do that a file can: a CRD in it validates nothing (the resources before
//! it are reported already), and is reported instead (`input/crd-unusable`, a warning); a
//! mapping without apiVersion and kind is noted when the stream has had an object by then,
//! not when any later chunk has one.

use super::*;
use crate::cli::input::{Chunk, Input};

/// What the chunks of a stream are checked against, kept from the run over its first chunk.
pub struct Stream<'o> {
    opts: &'o RunOptions,
    held: Option<Held>,
    /// Standard input's folder holds an object (so mappings without apiVersion and kind are
    /// noted, as in a folder of manifests).
    pub(super) dir_has_objects: bool,
    /// The `cr/cel-rules-skipped` messages said so far: each is said once per run.
    pub(super) cel_rules_skipped: std::collections::HashSet<String>,
}

/// What validates: the run's CRDs, policies and built-in kinds.
struct Held {
    table: Table,
    crds: Vec<Option<CompiledCrd>>,
    policies: Option<crate::admission::run::Policies>,
    refs: classify::Referenced,
    builtins: Builtins,
    files: usize,
}

/// One chunk of standard input, checked.
pub struct Part {
    /// The chunk's text as a window of the stream: the findings' spans are its offsets.
    pub file: SourceFile,
    /// Sorted as a run's are, every one in the stream's file.
    pub diagnostics: Vec<Diagnostic>,
    pub annotations: Vec<IgnoreAnnotation>,
    pub skipped: Vec<Skipped>,
    pub documents: usize,
    pub resources: usize,
    /// Documents neither checked nor used as a schema (listed or not).
    pub skipped_count: usize,
    pub io_failed: bool,
    /// Notes for mappings without apiVersion and kind, until [`Stream::settle`] decides.
    typeless: Vec<Diagnostic>,
    has_objects: bool,
}

impl<'o> Stream<'o> {
    pub(super) fn new(
        opts: &'o RunOptions,
        table: Table,
        crds: Vec<Option<CompiledCrd>>,
        policies: Option<crate::admission::run::Policies>,
        refs: classify::Referenced,
        builtins: Builtins,
        files: usize,
    ) -> Self {
        Stream {
            opts,
            held: Some(Held {
                table,
                crds,
                policies,
                refs,
                builtins,
                files,
            }),
            dir_has_objects: false,
            cel_rules_skipped: Default::default(),
        }
    }

    /// A run that is not a stream: nothing is kept.
    pub(super) fn none(opts: &'o RunOptions) -> Self {
        Stream {
            opts,
            held: None,
            dir_has_objects: false,
            cel_rules_skipped: Default::default(),
        }
    }

    /// Checks one chunk of standard input (`f` is its file id in the run, `input` the file).
    /// Chunks may be checked at the same time (two at a time keep both cores busy while one
    /// parses); [`Stream::settle`] then takes each part in stream order.
    pub fn check(&self, f: FileId, input: &Input, chunk: Chunk) -> Part {
        let first_line = usize::try_from(chunk.lines_before).unwrap_or(usize::MAX);
        let Some(held) = &self.held else {
            return Part::empty(SourceFile::window(&input.name, chunk.text, first_line));
        };
        let l = Loaded::with_text(input.clone(), chunk.text);
        let targets = Targets {
            loaded: &[],
            opts: self.opts,
            policies: held.policies.as_ref(),
            refs: &held.refs,
            table: &held.table,
            crds: &held.crds,
            builtins: &held.builtins,
            mentioned: &[],
            files: held.files,
            later_chunk: true,
        };
        let early = Early {
            may_hold_policy: false,
            parsed: None,
            text: Text::Held(Cow::Borrowed(&l.source.text)),
            kept: None,
        };
        let mut c = targets.check_file(f, &l, early);
        let mut diagnostics = c.diagnostics;
        diagnostics.append(&mut c.parse_diagnostics);
        for s in &mut c.skipped {
            s.at.line += first_line;
        }
        Part {
            file: SourceFile::window(&input.name, l.source.text, first_line),
            diagnostics,
            annotations: c.annotations,
            skipped_count: c.skipped.len() + c.skipped_unlisted,
            skipped: c.skipped,
            documents: c.documents,
            resources: c.resources,
            io_failed: c.io_failed,
            typeless: c.typeless,
            has_objects: c.has_objects,
        }
    }

    /// Puts a checked part's findings in order, in stream order (each part once, after the
    /// parts before it): the notes for mappings without apiVersion and kind are kept once the
    /// stream has had an object, and `cr/cel-rules-skipped` is said once per run.
    pub fn settle(&mut self, part: &mut Part) {
        self.dir_has_objects |= part.has_objects;
        if self.dir_has_objects {
            part.diagnostics.append(&mut part.typeless);
        }
        part.typeless = Vec::new();
        sort_diagnostics(&mut part.diagnostics);
        keep_first_cel_rules_skipped(&mut part.diagnostics, &mut self.cel_rules_skipped);
    }

    /// A chunk that could not be read (an I/O error, a document over the size cap, a byte
    /// that is not UTF-8): an `io/read` finding at the line where reading stopped, and the
    /// run exits 2, as for a file that cannot be read.
    pub fn failed(&self, f: FileId, input: &Input, lines_before: u64, error: String) -> Part {
        let first_line = usize::try_from(lines_before).unwrap_or(usize::MAX);
        let d = Diagnostic::new(&input_rules::IO_ERROR, Span::default(), error).with_file(f);
        Part {
            diagnostics: vec![d],
            io_failed: true,
            ..Part::empty(SourceFile::window(&input.name, String::new(), first_line))
        }
    }
}

impl Part {
    fn empty(file: SourceFile) -> Part {
        Part {
            file,
            diagnostics: Vec::new(),
            annotations: Vec::new(),
            skipped: Vec::new(),
            documents: 0,
            resources: 0,
            skipped_count: 0,
            io_failed: false,
            typeless: Vec::new(),
            has_objects: false,
        }
    }
}

impl Drop for Stream<'_> {
    /// The compiled CRDs are left to the operating system when the process exits after the
    /// report ([`RunOptions::exit_after`]), and freed on every core otherwise, as [`run`] does.
    fn drop(&mut self) {
        let Some(held) = self.held.take() else {
            return;
        };
        let crds = held.crds;
        if self.opts.exit_after {
            std::mem::forget(crds);
        } else {
            crds.into_par_iter().with_max_len(1).for_each(drop);
        }
    }
}
