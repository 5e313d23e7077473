//! Human output: a code frame per finding (miette's graphical handler), then a summary line.
//!
//! This is the only file that knows about miette: the model is adapted here, one borrowed
//! wrapper per diagnostic, so swapping the frame renderer touches nothing else.
//!
//! Everything taken from the input (messages quote values, code frames show the file, file names
//! come from the disk) passes through [`super::terminal`] on its way in, so no control character
//! of the input reaches the terminal; miette's own colours are added after that.

use std::fmt;
use std::io;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceCode, SourceSpan, SpanContents,
};

use super::terminal::{same_length, visible};
use super::{Options, Report};
use crate::diag::{Diagnostic, Severity, SourceFile};

/// Lines longer than this are not drawn.
const MAX_LINE: usize = 300;

/// Spans covering more lines than this are underlined on their first line only: a label
/// under a whole 80-line object hides the finding instead of showing it.
const MAX_SPAN_LINES: usize = 5;

/// Related locations in the same file further than this many lines from the finding are named
/// in the help instead of labelled: miette draws every line between the labels, so a duplicate
/// key 30,000 lines after its first occurrence would print the whole file.
const MAX_FRAME_LINES: usize = 10;

/// Writes every diagnostic as a code frame, then the summary line unless `quiet`.
pub fn render(report: &Report<'_>, opts: &Options, out: &mut dyn io::Write) -> io::Result<()> {
    let theme = if opts.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_links(false)
        .with_width(opts.width)
        .with_context_lines(1);
    // Each file's text with its control characters neutralised, made once per file.
    let mut safe_texts: Vec<Option<Option<String>>> = vec![None; report.files.len()];
    for d in report.diagnostics {
        let file = d.file.and_then(|f| report.files.get(f));
        // A frame around a line thousands of characters long (minified JSON, a hostile file)
        // helps nobody: name the position instead of drawing it.
        let drawable = file.filter(|f| {
            // Nothing to draw (a file that could not be read, an empty one): its name says all.
            if !framed(&f.name) || f.text.is_empty() {
                return false;
            }
            let line = f.line_col(d.span.start()).line;
            f.line_range(line).end() - f.line_range(line).start() <= MAX_LINE
        });
        let notes: Vec<String> = related_elsewhere(report, d).into_iter().collect();
        // A finding without a frame says where it is under its message, before any help (as
        // the last line of the help it read as part of the help).
        let place = match (file, drawable) {
            // A message that names its file already (`no YAML or JSON files in crds`) says where.
            (Some(f), None)
                if f.text.is_empty() && f.name != "-" && d.message.contains(&*f.name) =>
            {
                None
            }
            (Some(f), None) if f.text.is_empty() => Some(format!("in {}", visible(&f.name))),
            (Some(f), None) => {
                let at = f.line_col(d.span.start());
                Some(format!("at {}:{}:{}", visible(&f.name), at.line, at.column))
            }
            _ => None,
        };
        let source = match (drawable, d.file) {
            (Some(file), Some(id)) => {
                let safe = safe_texts[id].get_or_insert_with(|| same_length(&file.text));
                Some(Source {
                    file,
                    text: safe.as_deref().unwrap_or(&file.text),
                    name: visible(&file.name).into_owned(),
                })
            }
            _ => None,
        };
        let frame = Frame {
            d,
            near: d
                .related()
                .iter()
                .map(|r| drawn_in_frame(report, d, r))
                .collect(),
            source,
            place,
            related_note: (!notes.is_empty()).then(|| notes.join("\n")),
        };
        let mut text = String::new();
        if handler.render_report(&mut text, &frame).is_err() {
            // miette only fails on a formatter error, which a String never raises; fall back to a
            // plain line rather than lose the finding.
            text = format!("{}: {}\n", d.rule.id, visible(&d.message));
        }
        out.write_all(text.as_bytes())?;
        writeln!(out)?;
    }
    if !opts.quiet {
        writeln!(out, "{}", report.summary.line())?;
    }
    Ok(())
}

/// Whether lines of the file named `name` may be drawn in code frames: only a YAML or JSON
/// file by its name (`.yaml`, `.yml`, `.json`) or standard input (`-`). Any other file gets its
/// position named instead: a config can name any file as a CRD, and the lines of
/// `~/.aws/credentials` must not reach a CI log through a YAML syntax error (issue #26).
fn framed(name: &str) -> bool {
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    name == "-" || matches!(ext.as_deref(), Some("yaml" | "yml" | "json"))
}

/// Whether a related location is drawn in the finding's frame: in the same file and near it.
fn drawn_in_frame(report: &Report<'_>, d: &Diagnostic, r: &crate::diag::Related) -> bool {
    if r.file.is_some() && r.file != d.file {
        return false;
    }
    let Some(f) = d.file.and_then(|f| report.files.get(f)) else {
        return true;
    };
    let (a, b) = (
        f.line_col(d.span.start()).line,
        f.line_col(r.span.start()).line,
    );
    a.abs_diff(b) <= MAX_FRAME_LINES
}

/// Related locations that cannot be drawn in this frame (another file, or far away in this
/// one); name them in the help.
fn related_elsewhere(report: &Report<'_>, d: &Diagnostic) -> Option<String> {
    let lines: Vec<String> = d
        .related()
        .iter()
        .filter(|r| !drawn_in_frame(report, d, r))
        .filter_map(|r| {
            let f = report.files.get(r.file.or(d.file)?)?;
            let at = f.line_col(r.span.start());
            Some(format!(
                "{}:{}:{}: {}",
                visible(&f.name),
                at.line,
                at.column,
                visible(&r.message)
            ))
        })
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// One diagnostic seen through miette's trait.
struct Frame<'a> {
    d: &'a Diagnostic,
    /// Per related location: drawn in this frame ([`drawn_in_frame`]).
    near: Vec<bool>,
    source: Option<Source<'a>>,
    /// Where the finding is, for one drawn without a frame (`in -`, `at f.yaml:3:1`).
    place: Option<String>,
    related_note: Option<String>,
}

impl fmt::Debug for Frame<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&visible(&self.d.message))
    }
}

impl fmt::Display for Frame<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&visible(&self.d.message))?;
        match &self.place {
            Some(place) => write!(f, "\n{place}"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for Frame<'_> {}

impl miette::Diagnostic for Frame<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.d.rule.id))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.d.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Info => miette::Severity::Advice,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        let parts: Vec<&str> = [self.d.help.as_deref(), self.related_note.as_deref()]
            .into_iter()
            .flatten()
            .collect();
        (!parts.is_empty())
            .then(|| Box::new(visible(&parts.join("\n")).into_owned()) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let source = self.source.as_ref()?;
        let file = source.file;
        let len = file.text.len();
        let clamp = move |s: crate::diag::Span| {
            let start = s.start().min(len);
            let mut end = s.end().min(len).max(start);
            let (first, last) = (file.line_col(start).line, file.line_col(end).line);
            if last - first >= MAX_SPAN_LINES {
                end = file.line_range(first).end().max(start);
            }
            SourceSpan::new(start.into(), end - start)
        };
        // The primary label names the field path when the message does not already start
        // from it (the server's messages usually do): it tells which node the underline means.
        let label = self
            .d
            .path
            .clone()
            .filter(|p| !self.d.message.contains(p.as_str()))
            .map(|p| visible(&p).into_owned());
        let primary = LabeledSpan::new_primary_with_span(label, clamp(self.d.span));
        let near = self.near.clone();
        let same_file = self
            .d
            .related()
            .iter()
            .zip(near)
            .filter(|(_, near)| *near)
            .map(|(r, _)| r)
            .map(move |r| {
                let message = visible(&r.message).into_owned();
                LabeledSpan::new_with_span(Some(message), clamp(r.span))
            });
        Some(Box::new(std::iter::once(primary).chain(same_file)))
    }
}

/// A file's text with its name, for miette's frame header. `text` is the file's text with
/// control characters replaced (same length, so the file's line index still applies).
struct Source<'a> {
    file: &'a SourceFile,
    text: &'a str,
    name: String,
}

impl SourceCode for Source<'_> {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        // miette finds lines by scanning from the start of the text, which costs the whole
        // prefix for every frame: quadratic for many findings in a large file. Hand it the text
        // from the first context line on instead, and shift its answer back.
        let file = self.file;
        let start = span.offset().min(file.text.len());
        let first = (file.line_col(start).line - 1).saturating_sub(context_lines_before);
        let base = file.line_range(first + 1).start();
        let local = SourceSpan::new((start - base).into(), span.len());
        let inner =
            self.text[base..].read_span(&local, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            SourceSpan::new((inner.span().offset() + base).into(), inner.span().len()),
            inner.line() + first,
            inner.column(),
            inner.line_count() + first,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{test_support::Fixture, Format};

    #[test]
    fn frame_points_at_the_node_with_help_and_summary() {
        let out = Fixture::new().render(Format::Human);
        insta::assert_snapshot!(out);
    }

    #[test]
    fn lines_of_a_file_that_is_not_yaml_or_json_are_never_drawn() {
        let mut f = Fixture::new();
        f.files[0].name = "home/.aws/credentials".into();
        let out = f.render(Format::Human);
        assert!(!out.contains("replicas: 3"), "{out}");
        assert!(out.contains("at home/.aws/credentials:3:3"), "{out}");
        for name in ["a.yaml", "b.YML", "c.json", "-"] {
            assert!(super::framed(name), "{name}");
        }
        for name in ["credentials", "x.yaml/id_rsa", "notes.txt", ".env"] {
            assert!(!super::framed(name), "{name}");
        }
    }

    /// A finding drawn without a frame says where it is under its message, not as the last
    /// line of its help (where it read as part of the help).
    #[test]
    fn a_place_without_a_frame_comes_before_the_help() {
        let mut f = Fixture::new();
        f.files[0].name = "-".into();
        f.files[0].text = String::new();
        let out = f.render(Format::Human);
        let place = out.find("in -").unwrap_or_else(|| panic!("{out}"));
        let help = out
            .find("help: remove one of them")
            .unwrap_or_else(|| panic!("{out}"));
        assert!(place < help, "{out}");
        assert!(!out.contains("help: in -"), "{out}");
        // A message that names its file says where already.
        f.files[0].name = "crds".into();
        f.diagnostics[0].message = "no YAML or JSON files in crds".into();
        let out = f.render(Format::Human);
        let first = &out[..out
            .find("help: remove one of them")
            .unwrap_or_else(|| panic!("{out}"))];
        assert!(!first.contains("│ in crds"), "{out}");
        // The other finding's message does not name it: it gets the line.
        assert!(out.contains("big\n  │ in crds"), "{out}");
    }
}
