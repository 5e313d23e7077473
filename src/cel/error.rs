//! Compile errors as cel-go reports them: one problem's position and text, and the rendering of
//! a failed compilation like cel-go's `Issues.String()`. Apart from the compiler so that the
//! parser, which reports them too, does not import the compiler that calls it.

use std::fmt;

/// One compile problem, positioned as cel-go positions it.
#[derive(Clone, Debug, PartialEq)]
pub struct CelError {
    /// 1-based line within the expression; 0 for errors without a location (printed `-1:0`).
    pub line: usize,
    /// 1-based column, in code points.
    pub column: usize,
    /// Code-point offset into the expression, when known (checker errors always have one).
    pub offset: Option<usize>,
    pub message: String,
    /// Our help beside the message (a field one edit away); `Display` never prints it.
    pub help: Option<String>,
}

/// A failed compilation: the errors (sorted by position) and the expression text, rendered by
/// `Display` exactly like cel-go's `Issues.String()`.
#[derive(Clone, Debug)]
pub struct CompileError {
    pub errors: Vec<CelError>,
    pub source: String,
}

/// cel-go reports at most this many errors.
const MAX_ERRORS_TO_REPORT: usize = 100;
const MAX_SNIPPET_LENGTH: usize = 16384;

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<&str> = self.source.split('\n').collect();
        for (i, e) in self.errors.iter().take(MAX_ERRORS_TO_REPORT).enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            if e.line == 0 {
                // cel-go's `NoLocation` (internal parser errors such as the recursion limit).
                write!(f, "ERROR: <input>:-1:0: {}", e.message)?;
                continue;
            }
            write!(f, "ERROR: <input>:{}:{}: {}", e.line, e.column, e.message)?;
            if let Some(snippet) = lines.get(e.line.wrapping_sub(1)) {
                if snippet.len() <= MAX_SNIPPET_LENGTH {
                    let snippet = snippet.replace('\t', " ");
                    write!(f, "\n | {snippet}\n | ")?;
                    let mut chars = snippet.chars();
                    for _ in 0..e.column.saturating_sub(1) {
                        match chars.next() {
                            Some(c) if c.len_utf8() > 1 => f.write_str("\u{ff0e}")?,
                            Some(_) => f.write_str(".")?,
                            None => break,
                        }
                    }
                    match chars.next() {
                        Some(c) if c.len_utf8() > 1 => f.write_str("\u{ff3e}")?,
                        _ => f.write_str("^")?,
                    }
                }
            }
        }
        if self.errors.len() > MAX_ERRORS_TO_REPORT {
            write!(
                f,
                "\n{} more errors were truncated",
                self.errors.len() - MAX_ERRORS_TO_REPORT
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for CompileError {}

impl CompileError {
    /// Our help for these errors (each distinct help once, in the errors' order), for a finding's
    /// `help:` beside the server's text.
    pub fn help(&self) -> Option<String> {
        let mut helps: Vec<&str> = Vec::new();
        for h in self.errors.iter().filter_map(|e| e.help.as_deref()) {
            if !helps.contains(&h) {
                helps.push(h);
            }
        }
        (!helps.is_empty()).then(|| helps.join("\n"))
    }
}

/// Line (1-based) and column (1-based, code points) of a code-point offset.
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let mut line = 1;
    let mut col = 1;
    for c in src.chars().take(offset) {
        if c == '\n' {
            line += 1;
            col = 1;
        } else {
            col += 1;
        }
    }
    (line, col)
}
