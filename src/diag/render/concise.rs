//! `--format concise`: one line per finding, `path:line:col: severity[rule] message`, for grep,
//! editors' quickfix lists (`errorformat=%f:%l:%c:\ %m`) and logs, then the summary line.
//!
//! A message is kept on one line: line breaks in it are written as spaces, so that every
//! line of the output is one location. A finding's helps end its line, each in its own
//! parentheses (`… (help: A) (help: B)`: a lone help reads as it always did, and a second one
//! cannot run into the first; a help that spans lines is joined with spaces), and
//! each related location follows on a line of its own, `path:line:col: note[rule] message`, as
//! gcc prints its notes, so a quickfix list can jump to it too. Other control characters from the input (an ESC in a
//! key, in a file name) are written as visible escapes, as in `human` ([`super::terminal`]).

use std::io;

use super::terminal::visible;
use super::{Options, Report};

/// Writes one line per diagnostic, then the summary unless `quiet`.
pub fn render(report: &Report<'_>, opts: &Options, out: &mut dyn io::Write) -> io::Result<()> {
    for d in report.diagnostics {
        let at = match report.location(d) {
            Some(loc) => format!(
                "{}:{}:{}: ",
                visible(&one_line(&loc.file.name)),
                loc.start.line,
                loc.start.column
            ),
            None => String::new(),
        };
        let mut message = d.message.clone();
        if let Some(path) = &d.path {
            if !message.contains(path.as_str()) {
                message = format!("{path}: {message}");
            }
        }
        for help in d.helps() {
            message = format!("{message} (help: {help})");
        }
        let message = one_line(&message);
        writeln!(
            out,
            "{at}{}[{}] {}",
            d.severity,
            d.rule.id,
            visible(&message)
        )?;
        for r in d.related() {
            let Some(file) = r.file.or(d.file).and_then(|f| report.files.get(f)) else {
                continue;
            };
            let start = file.line_col(r.span.start());
            writeln!(
                out,
                "{}:{}:{}: note[{}] {}",
                visible(&one_line(&file.name)),
                start.line,
                start.column,
                d.rule.id,
                visible(&one_line(&r.message))
            )?;
        }
    }
    if !opts.quiet {
        writeln!(out, "{}", report.summary.line())?;
    }
    Ok(())
}

/// `text` with its line breaks as spaces: one line of output per location.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

#[cfg(test)]
mod tests {
    use super::super::{test_support::Fixture, Format};

    #[test]
    fn one_line_per_finding() {
        let out = Fixture::new().render(Format::Concise);
        assert_eq!(
            out,
            "dir/a b.yaml:3:3: error[yaml/duplicate-key] spec.replicas: duplicate key \"replicas\", message with: colon, comma & <xml> (help: remove one of them) (help: second line 100%)\n\
dir/a b.yaml:2:3: note[yaml/duplicate-key] first defined here\n\
dir/a b.yaml:1:1: warning[yaml/too-large] big\n\
1 error, 1 warning in 1 file (0 CRDs, 1 resource, 0 skipped)\n"
        );
    }
}
