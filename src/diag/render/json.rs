//! `--format json`: crdlint's own versioned contract (README.md, "JSON output").
//!
//! The wire structs below are the contract; they are filled by hand from the model so that a
//! change to [`crate::diag::Diagnostic`] cannot change the output by accident. Adding an
//! optional key is compatible; renaming or removing one needs `"version": 2`.

use std::io;

use serde::Serialize;

use super::{Report, Streamed};
use crate::diag::Diagnostic;

/// The contract's version: the `"version"` of every `--format json` output, a run's findings
/// or a command's own data.
pub const VERSION: u32 = 1;

/// Writes `body`'s keys after `"version":` [`VERSION`] as one JSON object (pretty-printed) and
/// a newline: the envelope of the commands that print data of their own rather than findings
/// (`rules`, `explain`, `versions`, `cost`, `test`). `body` is a struct or a map, whose keys
/// are the envelope's after `version`.
pub fn write_enveloped<T: Serialize + ?Sized>(out: &mut dyn io::Write, body: &T) -> io::Result<()> {
    #[derive(Serialize)]
    struct Envelope<'a, T: ?Sized> {
        version: u32,
        #[serde(flatten)]
        body: &'a T,
    }
    let envelope = Envelope {
        version: VERSION,
        body,
    };
    serde_json::to_writer_pretty(&mut *out, &envelope).map_err(io::Error::from)?;
    writeln!(out)
}

#[derive(Serialize)]
struct Output<D: Serialize> {
    version: u32,
    summary: WireSummary,
    /// The findings, each mapped to its wire struct as it is written (see [`Streamed`]).
    diagnostics: D,
}

#[derive(Serialize)]
struct WireSummary {
    files: usize,
    documents: usize,
    crds: usize,
    resources: usize,
    skipped: usize,
    errors: usize,
    warnings: usize,
    #[serde(skip_serializing_if = "is_zero")]
    suppressed: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[derive(Serialize)]
struct WireDiagnostic<'a> {
    rule: &'a str,
    severity: &'a str,
    message: &'a str,
    file: Option<&'a str>,
    line: Option<usize>,
    column: Option<usize>,
    end_line: Option<usize>,
    end_column: Option<usize>,
    path: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    server_path: Option<&'a str>,
    object: Option<WireObject<'a>>,
    help: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related: Vec<WireRelated<'a>>,
    /// Present only on findings a suppression comment or annotation silenced.
    #[serde(skip_serializing_if = "Option::is_none")]
    suppressed: Option<WireSuppressed<'a>>,
}

#[derive(Serialize)]
struct WireSuppressed<'a> {
    reason: Option<&'a str>,
}

#[derive(Serialize)]
struct WireObject<'a> {
    #[serde(rename = "apiVersion")]
    api_version: &'a str,
    kind: &'a str,
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    namespace: Option<&'a str>,
}

#[derive(Serialize)]
struct WireRelated<'a> {
    message: &'a str,
    file: Option<&'a str>,
    line: Option<usize>,
    column: Option<usize>,
    end_line: Option<usize>,
    end_column: Option<usize>,
}

/// Writes the report as one JSON object followed by a newline.
pub fn render(report: &Report<'_>, out: &mut dyn io::Write) -> io::Result<()> {
    let s = report.summary;
    let output = Output {
        version: VERSION,
        summary: WireSummary {
            files: s.files,
            documents: s.documents,
            crds: s.crds,
            resources: s.resources,
            skipped: s.skipped,
            errors: s.errors,
            warnings: s.warnings,
            suppressed: s.suppressed,
        },
        diagnostics: Streamed(|| report.with_suppressed().map(|d| wire(report, d))),
    };
    serde_json::to_writer(&mut *out, &output).map_err(io::Error::from)?;
    writeln!(out)
}

/// One finding as the contract spells it.
fn wire<'a>(report: &Report<'a>, d: &'a Diagnostic) -> WireDiagnostic<'a> {
    let loc = report.location(d);
    WireDiagnostic {
        rule: d.rule.id,
        severity: d.severity.as_str(),
        message: &d.message,
        file: report.file_name(d),
        line: loc.as_ref().map(|l| l.start.line),
        column: loc.as_ref().map(|l| l.start.column),
        end_line: loc.as_ref().map(|l| l.end.line),
        end_column: loc.as_ref().map(|l| l.end.column),
        path: d.path.as_deref(),
        server_path: d.server_path.as_deref(),
        object: d.object.as_deref().map(|o| WireObject {
            api_version: &o.api_version,
            kind: &o.kind,
            name: &o.name,
            namespace: o.namespace.as_deref(),
        }),
        help: d.help.as_deref(),
        related: d
            .related()
            .iter()
            .map(|r| {
                let file = r.file.or(d.file).and_then(|f| report.files.get(f));
                let (start, end) = match file {
                    Some(f) => {
                        let (a, b) = f.span_lines(r.span);
                        (Some(a), Some(b))
                    }
                    None => (None, None),
                };
                WireRelated {
                    message: &r.message,
                    file: file.map(|f| f.name.as_str()),
                    line: start.map(|p| p.line),
                    column: start.map(|p| p.column),
                    end_line: end.map(|p| p.line),
                    end_column: end.map(|p| p.column),
                }
            })
            .collect(),
        suppressed: d.suppression().map(|s| WireSuppressed {
            reason: s.reason.as_deref(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{test_support::Fixture, Format};

    #[test]
    fn contract_keys_and_values() {
        let out = Fixture::new().render(Format::Json);
        let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
        insta::assert_json_snapshot!(v);
    }
}
