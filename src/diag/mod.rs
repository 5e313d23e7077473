//! Diagnostics: the one model every check reports in, and the renderers that print it.
//!
//! Brief overview:
//! - [`Rule`] is a check's stable identity (`group/name`), default [`Severity`] and docs.
//! - [`Diagnostic`] is one finding: a rule, a message in the API server's words, a [`Span`] in a
//!   file, the field path in the server's notation, the object it is about, and optional help.
//! - [`SourceFile`] turns byte spans into 1-based lines and columns, only when printing.
//! - `render` holds one module per output format, all reading the same model.

use std::sync::Arc;

pub use crate::yaml::Span;

mod source;
pub use source::{line_cols, LineCol, SourceFile};

pub mod render;
pub mod ruledoc;
pub mod suggest;

/// How bad a finding is. Ordered: `Info < Warning < Error`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A check with a stable id. Ids are `group/name` in kebab-case and are never reused.
/// Every rule is a `static` next to the code that reports it, and is listed in its module's
/// `RULES` slice so that `crdlint rules` and `crdlint explain` see it.
#[derive(Debug)]
pub struct Rule {
    pub id: &'static str,
    pub severity: Severity,
    /// One line: what the rule finds.
    pub summary: &'static str,
    /// Markdown: what it does and why it matters.
    pub docs: &'static str,
    /// A YAML example the rule reports.
    pub bad: &'static str,
    /// The same example, fixed.
    pub good: &'static str,
}

/// The object a finding is about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ObjectRef {
    pub api_version: String,
    pub kind: String,
    pub name: String,
    pub namespace: Option<String>,
}

/// Index of a file in the run's file list.
pub type FileId = usize;

/// A secondary location that explains a finding.
#[derive(Clone, Debug)]
pub struct Related {
    pub file: Option<FileId>,
    pub span: Span,
    pub message: String,
}

/// One finding.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub rule: &'static Rule,
    pub severity: Severity,
    /// In the API server's words where the server has words for it, e.g.
    /// `spec.scope: Required value`; our own wording otherwise.
    pub message: String,
    /// Set by the driver for checks that run on one document.
    pub file: Option<FileId>,
    pub span: Span,
    /// Field path in the server's notation, for the user's document.
    pub path: Option<String>,
    /// The path the server itself prints, when it differs from `path`.
    pub server_path: Option<String>,
    pub object: Option<Arc<ObjectRef>>,
    /// One help per line (helps added later are joined with `\n`); a help that spans lines
    /// itself (a multi-line rule quoted back) indents its further lines ([`help_text`]), so
    /// that one-line renderers can tell the helps apart ([`Diagnostic::helps`]).
    pub help: Option<String>,
    /// What few findings have, behind one pointer: a run of 10^6 findings keeps them all to the
    /// end (they are sorted and rendered then), so each field here was 8-24 bytes in every one
    /// of them. Read through [`Diagnostic::related`] and [`Diagnostic::suppression`].
    extra: Option<Box<Extra>>,
}

/// The rare parts of a [`Diagnostic`].
#[derive(Clone, Debug, Default)]
struct Extra {
    related: Vec<Related>,
    suppression: Option<Suppression>,
    /// Its safe fixes: most findings have none or one; a map whose several values fail one
    /// decode (`labels: {a: yes, b: on}`) has one per value, applied together.
    fixes: Vec<Fix>,
}

/// A safe, mechanical fix of a finding: replace the text at `span` (in the finding's file) with
/// `replacement`. `crdlint check --fix` applies them; only a change that cannot alter what a
/// correct reading of the file meant is one (a near-miss key renamed to the schema's field,
/// a YAML 1.1 boolean quoted where the schema wants a string).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub span: Span,
    pub replacement: String,
    /// What the fix does, for the report (`rename dnsName to dnsNames`).
    pub title: String,
}

impl Fix {
    /// The fix as an edit of one line of `text`: a replacement of a quoted scalar keeps its
    /// quotes (`"sise": 1` in JSON becomes `"size": 1`). `None` when the span is not text of
    /// one line. What `check --fix` writes and the language server's quick fix offers.
    pub fn in_line_of(mut self, text: &str) -> Option<Fix> {
        let old = text.get(self.span.start()..self.span.end())?;
        if old.is_empty() || old.contains('\n') || self.replacement.contains('\n') {
            return None;
        }
        let already = self.replacement.starts_with(['"', '\'']);
        for q in ['"', '\''] {
            if !already && old.len() >= 2 && old.starts_with(q) && old.ends_with(q) {
                self.replacement = format!("{q}{}{q}", self.replacement);
            }
        }
        Some(self)
    }
}

/// `text` as one help of a finding: its further lines indented, so that they read as part of
/// it and not as helps of their own (see [`Diagnostic::help`]).
pub fn help_text(text: &str) -> String {
    text.lines().collect::<Vec<_>>().join("\n  ")
}

/// How a finding was silenced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suppression {
    /// The text after `--` in the comment, if any.
    pub reason: Option<String>,
}

impl Diagnostic {
    /// A finding at the rule's default severity.
    pub fn new(rule: &'static Rule, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            rule,
            severity: rule.severity,
            message: message.into(),
            file: None,
            span,
            path: None,
            server_path: None,
            object: None,
            help: None,
            extra: None,
        }
    }

    /// Secondary locations that explain the finding.
    pub fn related(&self) -> &[Related] {
        self.extra.as_ref().map_or(&[], |e| &e.related)
    }

    /// The secondary locations, to change in place (allocates nothing when there are none).
    pub fn related_mut(&mut self) -> &mut [Related] {
        match &mut self.extra {
            Some(e) => &mut e.related,
            None => &mut [],
        }
    }

    /// Adds a secondary location.
    pub fn push_related(&mut self, related: Related) {
        self.extra
            .get_or_insert_with(Box::default)
            .related
            .push(related);
    }

    /// Set when a suppression comment or annotation silenced the finding: it is left out of
    /// the counts and of human output, and carried with a marker in JSON and SARIF.
    pub fn suppression(&self) -> Option<&Suppression> {
        self.extra.as_ref()?.suppression.as_ref()
    }

    /// The finding's safe fix, if it has one (the first, when it has several).
    pub fn fix(&self) -> Option<&Fix> {
        self.fixes().first()
    }

    /// Every safe fix of the finding, applied together by `check --fix`.
    pub fn fixes(&self) -> &[Fix] {
        self.extra.as_deref().map_or(&[], |e| e.fixes.as_slice())
    }

    /// Gives the finding a safe fix.
    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.set_fix(fix);
        self
    }

    /// [`Diagnostic::with_fix`] of a finding in place.
    pub fn set_fix(&mut self, fix: Fix) {
        self.set_fixes(vec![fix]);
    }

    /// Gives the finding several fixes, applied together (edits of their own lines).
    pub fn set_fixes(&mut self, fixes: Vec<Fix>) {
        self.extra.get_or_insert_with(Box::default).fixes = fixes;
    }

    /// Marks the finding as silenced.
    pub fn set_suppression(&mut self, suppression: Suppression) {
        self.extra.get_or_insert_with(Box::default).suppression = Some(suppression);
    }
    /// The field path; the root (`<nil>` in the server's messages, `k8s::path`) is no path,
    /// so it is `null` in JSON and never printed on its own (README, "The JSON contract").
    pub fn with_path(mut self, path: impl Into<String>) -> Self {
        let path = path.into();
        self.path = (path != "<nil>").then_some(path);
        self
    }
    pub fn with_server_path(mut self, path: impl Into<String>) -> Self {
        self.server_path = Some(path.into());
        self
    }
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
    /// Each help on one line: a help's indented further lines ([`help_text`]) joined to it with
    /// one space, for renderers that keep a finding on one line (`concise`).
    pub fn helps(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for line in self.help.iter().flat_map(|h| h.lines()) {
            let more = line.trim();
            match out.last_mut() {
                Some(last) if line.starts_with([' ', '\t']) => {
                    if !more.is_empty() {
                        last.push(' ');
                        last.push_str(more);
                    }
                }
                _ if more.is_empty() => {}
                _ => out.push(more.to_string()),
            }
        }
        out
    }
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }
    pub fn with_file(mut self, file: FileId) -> Self {
        self.file = Some(file);
        self
    }
    pub fn with_object(mut self, object: Arc<ObjectRef>) -> Self {
        self.object = Some(object);
        self
    }
    pub fn with_related(mut self, span: Span, message: impl Into<String>) -> Self {
        self.push_related(Related {
            file: None,
            span,
            message: message.into(),
        });
        self
    }
}

/// Rules that belong to reading input (YAML and files) rather than to any check.
pub mod rules;

#[cfg(test)]
mod tests {
    use super::*;

    /// A run keeps every finding to the end: 10^6 of them were 192 bytes each before the rare
    /// fields moved behind one box (RELIABILITY.md).
    #[test]
    fn a_finding_is_small_and_its_rare_parts_allocate_only_when_set() {
        assert_eq!(std::mem::size_of::<Diagnostic>(), 152);
        let mut d = Diagnostic::new(&rules::YAML_TOO_LARGE, Span::new(1, 2), "m");
        assert!(d.related_mut().is_empty());
        assert!(
            d.extra.is_none(),
            "iterating the related locations allocates nothing"
        );
        assert!(d.suppression().is_none());
        d.set_suppression(Suppression {
            reason: Some("why".into()),
        });
        let d = d.with_related(Span::new(3, 4), "here");
        assert_eq!(d.related().len(), 1);
        assert_eq!(d.related()[0].message, "here");
        assert_eq!(
            d.suppression().and_then(|s| s.reason.as_deref()),
            Some("why")
        );
    }

    #[test]
    fn helps_are_lines_and_indented_lines_continue_one() {
        let rule = help_text("self.a > 0 &&\n  self.b < 3");
        let d = Diagnostic::new(&rules::YAML_TOO_LARGE, Span::new(0, 1), "m")
            .with_help(format!("the rule as written: {rule}\ndid you mean `b`?"));
        assert_eq!(
            d.helps(),
            [
                "the rule as written: self.a > 0 && self.b < 3",
                "did you mean `b`?"
            ]
        );
        assert!(
            Diagnostic::new(&rules::YAML_TOO_LARGE, Span::new(0, 1), "m")
                .helps()
                .is_empty()
        );
    }
}
