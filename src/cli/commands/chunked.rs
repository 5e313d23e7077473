//! `check` and `validate` of standard input longer than one chunk: the report written as the
//! chunks are checked, so that a stream of any length is held a chunk at a time.
//!
//! The run over the files and the stream's first chunk ([`driver::run_streamed`]) is finished
//! as any run is (policy, suppressions); each later chunk is then checked
//! ([`driver::Stream::check`]), its findings put through the policy and the suppressions of
//! its own text (comments and `crdlint.io/ignore` annotations; a `# crdlint: ignore-file[...]`
//! covers its own chunk), and dropped. The findings come out in the order of a run over the
//! same text read whole, with the same lines and columns (each chunk is a window of the stream:
//! [`SourceFile::window`]).
//!
//! `human`, `concise` and `github` write each chunk's findings as it is done: the findings of
//! the files before standard input (by name) and of its first chunk, then each chunk's, then
//! the files after it and the summary. `json`, `sarif` and `junit` are one document written at
//! the end: they keep the findings, not the texts; each finding's positions are worked out
//! while its chunk is at hand and its spans renumbered to them (a [`SourceFile::resolved`]
//! stands for standard input in the report).

use std::io::{self, Write};

use super::{finish_findings, say_skipped};
use crate::cli::driver::{self, Part, RunResult};
use crate::cli::input::{Chunk, DocumentChunks, Input};
use crate::cli::settings::Settings;
use crate::cli::{status, Failure, Status};
use crate::diag::render::{self, Format, Report, Summary};
use crate::diag::{Diagnostic, FileId, LineCol, SourceFile, Span};

/// Checks the chunks after the first and writes the report of the whole run to `out`.
/// `head` is the finished run over the files and the first chunk; `f` is standard input's
/// file id.
pub(super) fn report(
    settings: &Settings,
    mut head: RunResult,
    mut stream: driver::Stream<'_>,
    (f, input): (FileId, Input),
    chunks: Box<DocumentChunks<io::Stdin>>,
    out: &mut dyn Write,
) -> Result<Status, Failure> {
    let rules = crate::cli::rules::all();
    let streaming = matches!(
        settings.format,
        Format::Human | Format::Concise | Format::Github
    );
    let opts = settings.render_options(false);
    let piece = render::Options {
        quiet: true,
        ..opts.clone()
    };
    let none = Summary::default();
    // The findings of the files after standard input (by name) come last.
    let split = head.diagnostics.partition_point(|d| d.file <= Some(f));
    let after = head.diagnostics.split_off(split);
    let split = head.suppressed.partition_point(|d| d.file <= Some(f));
    let after_suppressed = head.suppressed.split_off(split);
    let mut summary = head.summary.clone();
    let mut io_failed = head.io_failed;
    // The suppressions of a chunk are its own: every other file is a name without a text here.
    let mut bare: Vec<SourceFile> = head
        .files
        .iter()
        .map(|x| SourceFile::new(x.name.clone(), String::new()))
        .collect();
    let mut kept = Kept::default();
    if streaming {
        let report = Report {
            files: &head.files,
            diagnostics: &head.diagnostics,
            suppressed: &[],
            summary: &none,
            rules: &rules,
        };
        render::render(settings.format, &report, &piece, out)?;
        head.diagnostics = Vec::new();
    } else {
        kept.add(
            &head.files[f],
            f,
            &mut head.diagnostics,
            &mut head.suppressed,
        );
        kept.diagnostics = std::mem::take(&mut head.diagnostics);
        kept.suppressed = std::mem::take(&mut head.suppressed);
    }
    if settings.verbose {
        say_skipped(&head.files, &head.skipped)?;
    }
    let mut chunks = chunks;
    loop {
        // Two chunks at a time, checked side by side: a chunk's parse takes one core, as one
        // file's does in a run of files.
        let mut batch = Vec::with_capacity(2);
        while batch.len() < 2 {
            let lines = chunks.lines_read();
            match chunks.next() {
                None => break,
                Some(Ok(chunk)) => batch.push(Ok(chunk)),
                Some(Err(e)) => {
                    batch.push(Err((lines, e)));
                    break;
                }
            }
        }
        let check = |read: Result<Chunk, (u64, String)>| match read {
            Ok(chunk) => stream.check(f, &input, chunk),
            Err((lines, e)) => stream.failed(f, &input, lines, e),
        };
        let parts = match (batch.pop(), batch.pop()) {
            (None, _) => break,
            (Some(only), None) => vec![check(only)],
            (Some(second), Some(first)) => {
                let (a, b) = rayon::join(|| check(first), || check(second));
                vec![a, b]
            }
        };
        for mut part in parts {
            stream.settle(&mut part);
            let Part {
                file,
                diagnostics,
                annotations,
                skipped,
                documents,
                resources,
                skipped_count,
                io_failed: failed,
                ..
            } = part;
            bare[f] = file;
            let (mut diagnostics, mut suppressed) =
                finish_findings(settings, &bare, diagnostics, &annotations);
            summary.documents += documents;
            summary.resources += resources;
            summary.skipped += skipped_count;
            summary.count(&diagnostics);
            summary.suppressed += suppressed.len();
            io_failed |= failed;
            if settings.verbose {
                say_skipped(&bare, &skipped)?;
            }
            if streaming {
                // The chunk stands in for standard input while its findings are drawn.
                std::mem::swap(&mut head.files[f], &mut bare[f]);
                let report = Report {
                    files: &head.files,
                    diagnostics: &diagnostics,
                    suppressed: &[],
                    summary: &none,
                    rules: &rules,
                };
                render::render(settings.format, &report, &piece, out)?;
                std::mem::swap(&mut head.files[f], &mut bare[f]);
            } else {
                kept.add(&bare[f], f, &mut diagnostics, &mut suppressed);
                kept.diagnostics.append(&mut diagnostics);
                kept.suppressed.append(&mut suppressed);
            }
            bare[f] = SourceFile::new(input.name.clone(), String::new());
        }
    }
    drop(stream);
    head.summary = summary;
    head.io_failed = io_failed;
    if streaming {
        let report = Report {
            files: &head.files,
            diagnostics: &after,
            suppressed: &[],
            summary: &head.summary,
            rules: &rules,
        };
        render::render(settings.format, &report, &opts, out)?;
    } else {
        let mut after = after;
        let mut after_suppressed = after_suppressed;
        kept.diagnostics.append(&mut after);
        kept.suppressed.append(&mut after_suppressed);
        head.files[f] = SourceFile::resolved(input.name.clone(), kept.positions);
        let report = Report {
            files: &head.files,
            diagnostics: &kept.diagnostics,
            suppressed: &kept.suppressed,
            summary: &head.summary,
            rules: &rules,
        };
        render::render(settings.format, &report, &opts, out)?;
    }
    if settings.verbose {
        if let Some((decoded, of)) = crate::builtin::decoded() {
            writeln!(
                io::stderr().lock(),
                "built-in schemas: index and {decoded} of {of} packages decoded"
            )?;
        }
    }
    Ok(status(&head, settings.deny_warnings))
}

/// The findings kept for a report written at the end, and the positions their spans in
/// standard input now stand for.
#[derive(Default)]
struct Kept {
    diagnostics: Vec<Diagnostic>,
    suppressed: Vec<Diagnostic>,
    positions: Vec<LineCol>,
}

impl Kept {
    /// Renumbers the spans in file `f` of `diagnostics` and `suppressed` (and of their related
    /// locations) to positions worked out in `window`, the chunk they point into. The new
    /// offsets grow with the old ones and with each chunk, so the findings stay in order.
    fn add(
        &mut self,
        window: &SourceFile,
        f: FileId,
        diagnostics: &mut [Diagnostic],
        suppressed: &mut [Diagnostic],
    ) {
        let mut offsets = Vec::new();
        for d in diagnostics.iter().chain(suppressed.iter()) {
            if d.file == Some(f) {
                offsets.extend([d.span.start(), d.span.end()]);
            }
            for r in d.related() {
                if r.file.or(d.file) == Some(f) {
                    offsets.extend([r.span.start(), r.span.end()]);
                }
            }
        }
        offsets.sort_unstable();
        offsets.dedup();
        let base = self.positions.len();
        self.positions
            .extend(offsets.iter().map(|&o| window.line_col(o)));
        let at = |o: usize| base + offsets.binary_search(&o).unwrap_or_default();
        let span = |s: Span| Span::new(at(s.start()), at(s.end()));
        for d in diagnostics.iter_mut().chain(suppressed.iter_mut()) {
            let file = d.file;
            if file == Some(f) {
                d.span = span(d.span);
            }
            for r in d.related_mut() {
                if r.file.or(file) == Some(f) {
                    r.span = span(r.span);
                }
            }
        }
    }
}
