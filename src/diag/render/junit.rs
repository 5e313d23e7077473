//! `--format junit`: JUnit XML, for CI systems that show test reports.
//!
//! One `<testsuite>` per file read; each error is a failing `<testcase>` named after its rule,
//! and a file without errors gets one passing test case so that it shows up as checked.
//! Warnings and notes do not fail anything: they are listed in the suite's `<system-out>`.

use std::io;

use super::Report;
use crate::diag::Severity;

/// Escapes text for XML attribute values and character data, for every XML crdlint writes
/// (`check` and `test` JUnit). A character XML 1.0 does not allow at all, escaped or not (its
/// `Char` production: C0 controls other than tab, LF and CR, and U+FFFE/U+FFFF; a `str` holds
/// no surrogates), becomes U+FFFD: a parser must reject a document holding one.
pub fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Writes the report as a `<testsuites>` document.
pub fn render(report: &Report<'_>, out: &mut dyn io::Write) -> io::Result<()> {
    // Diagnostics are sorted by file, so each file's findings are one contiguous run.
    let mut by_file: Vec<Vec<usize>> = vec![Vec::new(); report.files.len()];
    let mut without_file = Vec::new();
    for (i, d) in report.diagnostics.iter().enumerate() {
        match d.file.filter(|f| *f < report.files.len()) {
            Some(f) => by_file[f].push(i),
            None => without_file.push(i),
        }
    }
    let is_error = |i: &usize| report.diagnostics[*i].severity == Severity::Error;
    // One failing test case per error; a suite without errors has one passing case. Warnings
    // and notes do not fail a test: they go to the suite's `<system-out>`.
    let cases = |v: &Vec<usize>| v.iter().filter(|i| is_error(i)).count().max(1);
    let failures = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let tests: usize = by_file.iter().map(cases).sum::<usize>()
        + if without_file.is_empty() {
            0
        } else {
            cases(&without_file)
        };
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        r#"<testsuites name="crdlint" tests="{tests}" failures="{failures}" errors="0">"#
    )?;
    let body = |d: &crate::diag::Diagnostic, name: &str| {
        let at = match report.location(d) {
            Some(loc) => format!("{}:{}:{}", loc.file.name, loc.start.line, loc.start.column),
            None => name.to_string(),
        };
        let mut body = format!("{at}: {}", d.message);
        if let Some(path) = &d.path {
            body.push_str(&format!("\npath: {path}"));
        }
        if let Some(help) = &d.help {
            body.push_str(&format!("\nhelp: {help}"));
        }
        body
    };
    let suite = |name: &str, indices: &[usize], out: &mut dyn io::Write| -> io::Result<()> {
        let errors: Vec<usize> = indices.iter().copied().filter(|i| is_error(i)).collect();
        writeln!(
            out,
            r#"  <testsuite name="{}" tests="{}" failures="{}" errors="0">"#,
            xml(name),
            errors.len().max(1),
            errors.len()
        )?;
        if errors.is_empty() {
            writeln!(
                out,
                r#"    <testcase name="crdlint" classname="{}"/>"#,
                xml(name)
            )?;
        }
        for &i in &errors {
            let d = &report.diagnostics[i];
            writeln!(
                out,
                r#"    <testcase name="{}" classname="{}">"#,
                xml(d.rule.id),
                xml(name)
            )?;
            writeln!(
                out,
                r#"      <failure type="{}" message="{}">{}</failure>"#,
                d.severity,
                xml(&d.message),
                xml(&body(d, name))
            )?;
            writeln!(out, "    </testcase>")?;
        }
        // One line per warning or note, each escaped and written as it is made (the lines
        // were joined into one string and escaped again: three copies of every message).
        let mut others = indices.iter().filter(|i| !is_error(i)).peekable();
        if others.peek().is_some() {
            write!(out, "    <system-out>")?;
            for (n, &i) in others.enumerate() {
                let d = &report.diagnostics[i];
                let line = format!("{}[{}] {}", d.severity, d.rule.id, body(d, name));
                // `xml` writes a line break as `&#10;`, so this is `xml(lines.join("\n"))`.
                let sep = if n == 0 { "" } else { "&#10;" };
                write!(out, "{sep}{}", xml(&line))?;
            }
            writeln!(out, "</system-out>")?;
        }
        writeln!(out, "  </testsuite>")
    };
    for (file, indices) in report.files.iter().zip(&by_file) {
        suite(&file.name, indices, out)?;
    }
    if !without_file.is_empty() {
        suite("crdlint", &without_file, out)?;
    }
    writeln!(out, "</testsuites>")
}

#[cfg(test)]
mod tests {
    use super::super::{test_support::Fixture, Format};
    use super::xml;

    #[test]
    fn escapes_markup_and_control_characters() {
        assert_eq!(
            xml("a<b>&\"'\n\u{1}"),
            "a&lt;b&gt;&amp;&quot;&apos;&#10;\u{FFFD}"
        );
        // Not characters in XML 1.0 either (issue #26: a name holding U+FFFF); the private use
        // area and U+FFFD itself are.
        assert_eq!(
            xml("\u{FFFE}x\u{FFFF}\u{E000}\u{FFFD}\u{10FFFF}"),
            "\u{FFFD}x\u{FFFD}\u{E000}\u{FFFD}\u{10FFFF}"
        );
    }

    #[test]
    fn one_suite_per_file() {
        insta::assert_snapshot!(Fixture::new().render(Format::Junit));
    }
}
