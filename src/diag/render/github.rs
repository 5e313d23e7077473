//! `--format github`: GitHub Actions workflow commands, which the runner turns into annotations
//! on the pull request's files.
//!
//! `::error file=F,line=L,endLine=EL,col=C,endColumn=EC,title=T::message`. Data escapes `%`, CR
//! and LF; property values also escape `:` and `,` (GitHub's "Workflow commands" docs). Columns
//! are only sent for single-line spans, the only case where GitHub uses them. Other control
//! characters become visible escapes ([`super::terminal`]).

use std::io;

use super::{Options, Report};
use crate::diag::Severity;

/// Annotations GitHub shows per step and severity.
const ANNOTATION_LIMIT: usize = 10;

/// Escapes a command's message. Other control characters from the input are written as
/// visible escapes (`\x1b`): a raw ESC in a CI log is a terminal command to whoever views it.
fn escape_data(s: &str) -> String {
    super::terminal::visible(s)
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value (`file=`, `title=`).
fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// Writes one workflow command per diagnostic, then the summary as a plain log line.
pub fn render(report: &Report<'_>, opts: &Options, out: &mut dyn io::Write) -> io::Result<()> {
    for d in report.diagnostics {
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let mut props = Vec::new();
        if let Some(loc) = report.location(d) {
            props.push(format!("file={}", escape_property(&loc.file.name)));
            props.push(format!("line={}", loc.start.line));
            props.push(format!("endLine={}", loc.end.line));
            if loc.start.line == loc.end.line {
                props.push(format!("col={}", loc.start.column));
                props.push(format!("endColumn={}", loc.end.column));
            }
        }
        props.push(format!("title={}", escape_property(d.rule.id)));
        let mut message = d.message.clone();
        if let Some(path) = &d.path {
            if !message.contains(path.as_str()) {
                message = format!("{path}: {message}");
            }
        }
        if let Some(help) = &d.help {
            message.push_str("\nhelp: ");
            message.push_str(help);
        }
        writeln!(
            out,
            "::{command} {}::{}",
            props.join(","),
            escape_data(&message)
        )?;
    }
    // GitHub turns only the first ten errors and ten warnings of a step into annotations; say
    // so instead of letting the rest disappear silently.
    let shown = ANNOTATION_LIMIT;
    if report.summary.errors > shown || report.summary.warnings > shown {
        writeln!(
            out,
            "::notice title=crdlint::{}",
            escape_data(&format!(
                "{} errors and {} warnings: GitHub shows at most {shown} of each as annotations; \
                 the log above has all of them, and --format sarif uploads them all to code scanning",
                report.summary.errors, report.summary.warnings
            ))
        )?;
    }
    if !opts.quiet {
        writeln!(out, "crdlint: {}", report.summary.line())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{test_support::Fixture, Format};
    use super::*;

    #[test]
    fn escapes_follow_the_workflow_command_rules() {
        assert_eq!(escape_data("100%\r\nx: y, z"), "100%25%0D%0Ax: y, z");
        assert_eq!(escape_property("a:b,c%"), "a%3Ab%2Cc%25");
    }

    #[test]
    fn one_command_per_finding() {
        insta::assert_snapshot!(Fixture::new().render(Format::Github));
    }
}
