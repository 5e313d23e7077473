//! Output formats: one module per format, all reading the same sorted [`Report`].
//!
//! Brief overview:
//! - [`Report`] is everything a renderer may look at: the run's files (for line and column), the
//!   sorted diagnostics, the [`Summary`] counts and the rule registry (for SARIF metadata).
//! - [`render`] dispatches on [`Format`] and writes to any `io::Write`.
//! - Each format is a pure function in its own file: [`human`] (miette code frames), [`json`]
//!   (crdlint's own versioned contract), [`sarif`] (2.1.0), [`github`] (workflow commands) and
//!   [`junit`] (XML). Only `json` and `sarif` define serde wire structs: the model itself never
//!   derives `Serialize`, so a change to it cannot silently change a contract.
//!
//! Renderers never sort, filter or count: the driver hands them a finished report, so that every
//! format shows the same findings in the same order.

use std::io;

use super::{Diagnostic, LineCol, Rule, Severity, SourceFile};

pub mod concise;
pub mod github;
pub mod human;
pub mod json;
pub mod junit;
pub mod sarif;
pub mod terminal;

/// Counts for the summary line and the JSON `summary` object.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files read (including `--crd` files and standard input).
    pub files: usize,
    /// Non-empty YAML documents in those files.
    pub documents: usize,
    /// CustomResourceDefinitions found, in the paths and in `--crd` files.
    pub crds: usize,
    /// Custom resources whose CRD was known.
    pub resources: usize,
    /// Objects that were neither: built-in kinds, kinds with no CRD, non-objects.
    pub skipped: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
    /// Findings silenced by suppression comments or annotations (not in the counts above).
    pub suppressed: usize,
}

impl Summary {
    /// Adds the severities of `diagnostics` to the counts.
    pub fn count(&mut self, diagnostics: &[Diagnostic]) {
        for d in diagnostics {
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Info => self.infos += 1,
            }
        }
    }

    /// `3 errors, 1 warning in 12 files (4 CRDs, 30 resources, 2 skipped)`.
    pub fn line(&self) -> String {
        fn n(count: usize, one: &str, many: &str) -> String {
            format!("{count} {}", if count == 1 { one } else { many })
        }
        let mut findings = vec![
            n(self.errors, "error", "errors"),
            n(self.warnings, "warning", "warnings"),
        ];
        if self.infos > 0 {
            findings.push(n(self.infos, "note", "notes"));
        }
        let suppressed = if self.suppressed > 0 {
            format!(", {} suppressed", self.suppressed)
        } else {
            String::new()
        };
        format!(
            "{} in {} ({}, {}, {} skipped{suppressed})",
            findings.join(", "),
            n(self.files, "file", "files"),
            n(self.crds, "CRD", "CRDs"),
            n(self.resources, "resource", "resources"),
            self.skipped
        )
    }
}

/// Everything a renderer may read.
pub struct Report<'a> {
    /// Indexed by [`super::FileId`].
    pub files: &'a [SourceFile],
    /// Already sorted by file, position, rule and message.
    pub diagnostics: &'a [Diagnostic],
    /// Findings silenced by a suppression (each has `suppression` set), sorted the same way;
    /// only JSON and SARIF show them, marked as suppressed.
    pub suppressed: &'a [Diagnostic],
    pub summary: &'a Summary,
    /// Every rule crdlint knows, for formats that carry rule metadata.
    pub rules: &'a [&'static Rule],
}

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Human,
    Json,
    Sarif,
    Concise,
    Github,
    Junit,
}

/// Presentation choices that do not change what is reported.
#[derive(Clone, Debug)]
pub struct Options {
    /// ANSI colours in human output.
    pub color: bool,
    /// Leave out the summary line (human and github).
    pub quiet: bool,
    /// Wrap width for human output.
    pub width: usize,
    /// crdlint's version, for SARIF's tool record.
    pub tool_version: &'static str,
    /// `Cargo.toml`'s `package.repository` (empty when unset), for SARIF's links to the tool
    /// and to each rule's page.
    pub repository: &'static str,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            color: false,
            quiet: false,
            width: 100,
            tool_version: env!("CARGO_PKG_VERSION"),
            repository: env!("CARGO_PKG_REPOSITORY"),
        }
    }
}

/// Writes `report` in `format`.
pub fn render(
    format: Format,
    report: &Report<'_>,
    opts: &Options,
    out: &mut dyn io::Write,
) -> io::Result<()> {
    match format {
        Format::Human => human::render(report, opts, out),
        Format::Json => json::render(report, out),
        Format::Sarif => sarif::render(report, opts, out),
        Format::Concise => concise::render(report, opts, out),
        Format::Github => github::render(report, opts, out),
        Format::Junit => junit::render(report, out),
    }
}

/// Where a diagnostic is, resolved to lines and columns.
pub(crate) struct Location<'a> {
    pub file: &'a SourceFile,
    pub start: LineCol,
    pub end: LineCol,
}

impl<'a> Report<'a> {
    /// The file and line/column range of `d`, when it has a file.
    pub(crate) fn location(&self, d: &Diagnostic) -> Option<Location<'a>> {
        let file = self.files.get(d.file?)?;
        let (start, end) = file.span_lines(d.span);
        Some(Location { file, start, end })
    }

    /// The reported and the suppressed findings in one sorted sequence (for JSON and SARIF).
    /// Both lists are sorted already, so this is a merge that keeps each list's order; it is
    /// an iterator so that a renderer can write each finding as it comes (10^6 findings, no
    /// second list).
    pub(crate) fn with_suppressed(&self) -> Merged<'a> {
        Merged {
            a: self.diagnostics.iter().peekable(),
            b: self.suppressed.iter().peekable(),
        }
    }

    /// The file name of `d`, when it has one.
    pub(crate) fn file_name(&self, d: &Diagnostic) -> Option<&'a str> {
        Some(self.files.get(d.file?)?.name.as_str())
    }
}

/// [`Report::with_suppressed`]: two sorted lists merged, ties taken from the first.
#[derive(Clone)]
pub(crate) struct Merged<'a> {
    a: std::iter::Peekable<std::slice::Iter<'a, Diagnostic>>,
    b: std::iter::Peekable<std::slice::Iter<'a, Diagnostic>>,
}

impl<'a> Iterator for Merged<'a> {
    type Item = &'a Diagnostic;

    fn next(&mut self) -> Option<&'a Diagnostic> {
        let key = |d: &'a Diagnostic| (d.file, d.span.start(), d.span.end(), d.rule.id, &d.message);
        let take_a = match (self.a.peek(), self.b.peek()) {
            (Some(x), Some(y)) => key(x) <= key(y),
            (Some(_), None) => true,
            (None, _) => false,
        };
        if take_a {
            self.a.next()
        } else {
            self.b.next()
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.a.len() + self.b.len();
        (n, Some(n))
    }
}

/// A JSON array written as its items are made: `make` is called when the array is serialized,
/// and each item it yields is serialized and dropped before the next is made. JSON and SARIF
/// use it for their findings, which were first collected into a vector of wire structs (a
/// second copy of every finding: with 10^6 findings, the run's peak memory).
pub(crate) struct Streamed<F>(pub F);

impl<F, I> serde::Serialize for Streamed<F>
where
    F: Fn() -> I,
    I: IntoIterator,
    I::Item: serde::Serialize,
{
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((self.0)())
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    //! A small report shared by the renderers' unit tests.

    use std::sync::Arc;

    use super::*;
    use crate::diag::{rules, ObjectRef, Span};

    pub struct Fixture {
        pub files: Vec<SourceFile>,
        pub diagnostics: Vec<Diagnostic>,
        pub summary: Summary,
    }

    impl Fixture {
        pub fn new() -> Fixture {
            let text = "spec:\n  replicas: 1\n  replicas: 3\n".to_string();
            let files = vec![SourceFile::new("dir/a b.yaml", text)];
            let object = Arc::new(ObjectRef {
                api_version: "example.com/v1".into(),
                kind: "Widget".into(),
                name: "w".into(),
                namespace: None,
            });
            let diagnostics = vec![
                Diagnostic::new(
                    &rules::YAML_DUPLICATE_KEY,
                    Span::new(22, 30),
                    "duplicate key \"replicas\", message with: colon, comma & <xml>",
                )
                .with_file(0)
                .with_path("spec.replicas")
                .with_object(object)
                .with_help("remove one of them\nsecond line 100%")
                .with_related(Span::new(8, 16), "first defined here"),
                Diagnostic::new(&rules::YAML_TOO_LARGE, Span::new(0, 4), "big").with_file(0),
            ];
            let mut summary = Summary {
                files: 1,
                documents: 1,
                resources: 1,
                ..Summary::default()
            };
            summary.count(&diagnostics);
            Fixture {
                files,
                diagnostics,
                summary,
            }
        }

        pub fn report(&self) -> Report<'_> {
            Report {
                files: &self.files,
                diagnostics: &self.diagnostics,
                suppressed: &[],
                summary: &self.summary,
                rules: rules::RULES,
            }
        }

        pub fn render(&self, format: Format) -> String {
            self.render_with(format, &Options::default())
        }

        pub fn render_with(&self, format: Format, opts: &Options) -> String {
            let mut out = Vec::new();
            render(format, &self.report(), opts, &mut out).expect("in memory");
            String::from_utf8(out).expect("renderers write UTF-8")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_line_pluralises() {
        let s = Summary {
            files: 12,
            crds: 4,
            resources: 30,
            skipped: 2,
            errors: 3,
            warnings: 1,
            ..Summary::default()
        };
        assert_eq!(
            s.line(),
            "3 errors, 1 warning in 12 files (4 CRDs, 30 resources, 2 skipped)"
        );
        let one = Summary {
            files: 1,
            crds: 1,
            resources: 1,
            errors: 1,
            infos: 2,
            ..Summary::default()
        };
        assert_eq!(
            one.line(),
            "1 error, 0 warnings, 2 notes in 1 file (1 CRD, 1 resource, 0 skipped)"
        );
    }
}
