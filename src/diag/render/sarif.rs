//! `--format sarif`: SARIF 2.1.0, the format code-scanning services ingest.
//!
//! Hand-rolled serde structs for the subset crdlint fills (about what `serde-sarif` would give,
//! without its build-time code generation). Every rule crdlint knows is listed under
//! `tool.driver.rules` with its summary, docs, full help page (text and Markdown, the same as
//! `crdlint explain` and `docs/rules/`), default level and, when the package names its
//! repository, a `helpUri` to the rule's page at this release; each result points at its rule
//! by `ruleId` and `ruleIndex`. Columns count Unicode code points, as the run's
//! `columnKind` says; regions are 1-based with an exclusive end column, as SARIF defines them.

use std::io;

use serde::Serialize;

use super::{Options, Report, Streamed};
use crate::diag::{ruledoc, Diagnostic, Severity};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

#[derive(Serialize)]
struct Log<'a, R: Serialize> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: Vec<Run<'a, R>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run<'a, R: Serialize> {
    tool: Tool<'a>,
    column_kind: &'static str,
    /// `%SRCROOT%`: the working directory, which relative `uri`s are relative to.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    original_uri_base_ids: std::collections::BTreeMap<&'static str, BaseUri>,
    /// The findings, each mapped to a [`SarifResult`] as it is written (see [`Streamed`]).
    results: R,
}

#[derive(Serialize)]
struct Tool<'a> {
    driver: Driver<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver<'a> {
    name: &'static str,
    version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    information_uri: Option<&'static str>,
    rules: Vec<ReportingDescriptor<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportingDescriptor<'a> {
    id: &'a str,
    short_description: Message,
    full_description: Message,
    help: MultiformatMessage,
    /// The rule's page in the repository at this release; left out when the package names no
    /// repository.
    #[serde(skip_serializing_if = "Option::is_none")]
    help_uri: Option<String>,
    default_configuration: Configuration,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
struct Message {
    text: String,
}

#[derive(Serialize)]
struct MultiformatMessage {
    text: String,
    markdown: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule_index: Option<usize>,
    level: &'static str,
    message: Message,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    suppressions: Vec<SarifSuppression>,
}

/// SARIF 3.35: a suppression written in the source (a comment or an annotation).
#[derive(Serialize)]
struct SarifSuppression {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    justification: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: PhysicalLocation,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    logical_locations: Vec<LogicalLocation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Message>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

#[derive(Serialize)]
struct BaseUri {
    uri: String,
}

/// The base id of relative artifact locations (GitHub code scanning's convention).
const SRCROOT: &str = "%SRCROOT%";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: usize,
    start_column: usize,
    end_line: usize,
    end_column: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LogicalLocation {
    fully_qualified_name: String,
    kind: &'static str,
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// A relative URI reference for a path: `/` separators, and everything outside RFC 3986's
/// unreserved set and `/` percent-encoded (spaces, `#`, `%`, non-ASCII).
pub(crate) fn path_to_uri(path: &str) -> String {
    let mut uri = String::with_capacity(path.len());
    for b in path.replace('\\', "/").bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            uri.push(b as char);
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri
}

/// Where a file is: a relative reference against `%SRCROOT%` (the working directory) for a
/// relative path or an absolute one under the working directory (code scanning places only
/// those in the tree), a `file://` URI for any other absolute one (SARIF 3.4.4: a `uri` with
/// no base must be absolute), and the `--stdin-filename` name (or `-`) as given, against
/// `%SRCROOT%`.
fn artifact(name: &str) -> ArtifactLocation {
    let path = std::path::Path::new(name);
    // Lexically, component by component (`/work/ab` is not under `/work/a`); no symlinks are
    // resolved, so the name stays the one given.
    let under_cwd = std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(|r| r.to_path_buf()))
        .filter(|r| !r.as_os_str().is_empty());
    if let (true, Some(rel)) = (path.is_absolute(), under_cwd) {
        ArtifactLocation {
            uri: path_to_uri(&rel.to_string_lossy()),
            uri_base_id: Some(SRCROOT),
        }
    } else if path.is_absolute() {
        let p = name.replace('\\', "/");
        let p = if p.starts_with('/') {
            p
        } else {
            format!("/{p}")
        };
        ArtifactLocation {
            uri: format!("file://{}", path_to_uri(&p)),
            uri_base_id: None,
        }
    } else {
        ArtifactLocation {
            uri: path_to_uri(name),
            uri_base_id: Some(SRCROOT),
        }
    }
}

/// The working directory as a `file://` URI ending in `/`, for `originalUriBaseIds`.
fn srcroot() -> Option<String> {
    let cwd = std::env::current_dir().ok()?;
    let s = cwd.to_string_lossy().replace('\\', "/");
    let s = if s.starts_with('/') {
        s
    } else {
        format!("/{s}")
    };
    let mut uri = format!("file://{}", path_to_uri(&s));
    if !uri.ends_with('/') {
        uri.push('/');
    }
    Some(uri)
}

/// Writes the report as one SARIF log with one run.
pub fn render(report: &Report<'_>, opts: &Options, out: &mut dyn io::Write) -> io::Result<()> {
    let rules: Vec<ReportingDescriptor> = report
        .rules
        .iter()
        .map(|r| ReportingDescriptor {
            id: r.id,
            short_description: Message {
                text: r.summary.to_string(),
            },
            full_description: Message {
                text: r.docs.to_string(),
            },
            help: MultiformatMessage {
                text: ruledoc::text(r),
                markdown: ruledoc::markdown(r),
            },
            help_uri: ruledoc::help_uri(r, opts.repository, opts.tool_version),
            default_configuration: Configuration {
                level: level(r.severity),
            },
        })
        .collect();
    let results = Streamed(|| report.with_suppressed().map(|d| result(report, d)));
    let log = Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool {
                driver: Driver {
                    name: "crdlint",
                    version: opts.tool_version,
                    information_uri: Some(opts.repository.trim()).filter(|r| !r.is_empty()),
                    rules,
                },
            },
            column_kind: "unicodeCodePoints",
            original_uri_base_ids: srcroot()
                .map(|uri| (SRCROOT, BaseUri { uri }))
                .into_iter()
                .collect(),
            results,
        }],
    };
    serde_json::to_writer_pretty(&mut *out, &log).map_err(io::Error::from)?;
    writeln!(out)
}

/// One finding as a SARIF result.
fn result<'a>(report: &Report<'a>, d: &'a Diagnostic) -> SarifResult<'a> {
    let mut text = d.message.clone();
    if let Some(help) = &d.help {
        text.push_str("\nhelp: ");
        text.push_str(help);
    }
    let locations = report
        .location(d)
        .map(|loc| Location {
            id: None,
            physical_location: PhysicalLocation {
                artifact_location: artifact(&loc.file.name),
                region: Region {
                    start_line: loc.start.line,
                    start_column: loc.start.column,
                    end_line: loc.end.line,
                    end_column: loc.end.column,
                },
            },
            logical_locations: d
                .path
                .iter()
                .map(|p| LogicalLocation {
                    fully_qualified_name: p.clone(),
                    kind: "member",
                })
                .collect(),
            message: None,
        })
        .into_iter()
        .collect();
    let related_locations = d
        .related()
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let file = report.files.get(r.file.or(d.file)?)?;
            let (start, end) = file.span_lines(r.span);
            Some(Location {
                id: Some(i),
                physical_location: PhysicalLocation {
                    artifact_location: artifact(&file.name),
                    region: Region {
                        start_line: start.line,
                        start_column: start.column,
                        end_line: end.line,
                        end_column: end.column,
                    },
                },
                logical_locations: Vec::new(),
                message: Some(Message {
                    text: r.message.clone(),
                }),
            })
        })
        .collect();
    SarifResult {
        rule_id: d.rule.id,
        rule_index: report.rules.iter().position(|r| r.id == d.rule.id),
        level: level(d.severity),
        message: Message { text },
        locations,
        related_locations,
        suppressions: d
            .suppression()
            .into_iter()
            .map(|s| SarifSuppression {
                kind: "inSource",
                justification: s.reason.clone(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{test_support::Fixture, Format};
    use super::path_to_uri;

    #[test]
    fn uris_are_relative_references() {
        assert_eq!(path_to_uri("dir/a b.yaml"), "dir/a%20b.yaml");
        assert_eq!(path_to_uri(r"dir\x#1.yaml"), "dir/x%231.yaml");
        assert_eq!(path_to_uri("é.yaml"), "%C3%A9.yaml");
    }

    #[test]
    fn help_uris_only_with_a_repository() {
        let f = Fixture::new();
        let mut opts = super::super::Options {
            repository: "",
            ..Default::default()
        };
        let v: serde_json::Value =
            serde_json::from_str(&f.render_with(Format::Sarif, &opts)).unwrap();
        let driver = &v["runs"][0]["tool"]["driver"];
        assert!(driver.get("informationUri").is_none());
        assert!(driver["rules"][0].get("helpUri").is_none());
        assert!(driver["rules"][0]["help"]["markdown"]
            .as_str()
            .unwrap()
            .starts_with("# `"));
        opts.repository = "https://example.com/o/crdlint";
        opts.tool_version = "9.9.9";
        let v: serde_json::Value =
            serde_json::from_str(&f.render_with(Format::Sarif, &opts)).unwrap();
        let driver = &v["runs"][0]["tool"]["driver"];
        assert_eq!(driver["informationUri"], "https://example.com/o/crdlint");
        let rule = &driver["rules"][0];
        let id = rule["id"].as_str().unwrap();
        assert_eq!(
            rule["helpUri"],
            format!("https://example.com/o/crdlint/blob/v9.9.9/docs/rules/{id}.md")
        );
    }

    #[test]
    fn results_point_at_rules_by_index() {
        let out = Fixture::new().render(Format::Sarif);
        let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
        let run = &v["runs"][0];
        let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
        for result in run["results"].as_array().expect("results") {
            let i = result["ruleIndex"].as_u64().expect("ruleIndex") as usize;
            assert_eq!(rules[i]["id"], result["ruleId"]);
        }
        assert_eq!(
            run["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"],
            3
        );
    }
}
