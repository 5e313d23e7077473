//! Findings as the protocol's diagnostics: the rule id as the code, its page as the code
//! description (when the package names its repository), the message in the driver's words
//! with the help after it, related locations in other files.

use std::collections::BTreeMap;
use std::path::PathBuf;

use lsp_types::{
    CodeDescription, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    Position, Range,
};

use super::engine::Findings;
use super::text::{path_uri, LineIndex};
use super::Doc;
use crate::cli::config::ConfigError;
use crate::diag::{Diagnostic, Severity};

pub fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    }
}

/// The documentation link of a rule, as SARIF's `helpUri` has it.
fn code_description(d: &Diagnostic) -> Option<CodeDescription> {
    let uri = crate::diag::ruledoc::help_uri(
        d.rule,
        env!("CARGO_PKG_REPOSITORY"),
        env!("CARGO_PKG_VERSION"),
    )?;
    Some(CodeDescription {
        href: uri.parse().ok()?,
    })
}

/// One buffer's findings as diagnostics (`text` is the buffer the findings were made from).
pub fn to_lsp(
    found: &Findings,
    text: &str,
    docs: &BTreeMap<PathBuf, Doc>,
) -> Vec<lsp_types::Diagnostic> {
    let index = LineIndex::new(text);
    // Other files' texts, read once each, for their related locations.
    let mut others: BTreeMap<PathBuf, String> = BTreeMap::new();
    found
        .diagnostics
        .iter()
        .map(|d| {
            let related: Vec<DiagnosticRelatedInformation> = d
                .related()
                .iter()
                .filter_map(|r| {
                    let path = match r.file {
                        None => found.path.clone(),
                        Some(f) => found.files.get(f)?.clone()?,
                    };
                    let range = if path == found.path {
                        index.range(r.span)
                    } else {
                        let text = others.entry(path.clone()).or_insert_with(|| {
                            docs.get(&path)
                                .map(|d| d.text.clone())
                                .or_else(|| std::fs::read_to_string(&path).ok())
                                .unwrap_or_default()
                        });
                        LineIndex::new(text).range(r.span)
                    };
                    Some(DiagnosticRelatedInformation {
                        location: Location {
                            uri: path_uri(&path),
                            range,
                        },
                        message: r.message.clone(),
                    })
                })
                .collect();
            lsp_types::Diagnostic {
                range: index.range(d.span),
                severity: Some(severity(d.severity)),
                code: Some(NumberOrString::String(d.rule.id.to_string())),
                code_description: code_description(d),
                source: Some("crdlint".into()),
                message: message(d),
                related_information: (!related.is_empty()).then_some(related),
                tags: None,
                data: None,
            }
        })
        .collect()
}

/// The message as `check` words it, and its help on a line of its own.
pub fn message(d: &Diagnostic) -> String {
    match &d.help {
        Some(help) => format!("{}\nhelp: {help}", d.message),
        None => d.message.clone(),
    }
}

/// Each mistake of a config file, at its line and column.
pub fn config_errors(e: &ConfigError) -> Vec<lsp_types::Diagnostic> {
    std::iter::once(e)
        .chain(&e.also)
        .map(|e| {
            let at = Position::new(
                e.line.saturating_sub(1) as u32,
                e.column.saturating_sub(1) as u32,
            );
            lsp_types::Diagnostic {
                range: Range::new(at, at),
                severity: Some(DiagnosticSeverity::ERROR),
                code: Some(NumberOrString::String("config".into())),
                source: Some("crdlint".into()),
                message: e.message.clone(),
                ..Default::default()
            }
        })
        .collect()
}
