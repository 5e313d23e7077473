//! `rules` (the registry as a table or JSON) and `explain RULE` (one rule's docs).

use std::io::{self, Write};

use serde::Serialize;

use super::explain::Miss;
use crate::cli::args::ExplainArgs;
use crate::cli::rules::{all, find};
use crate::cli::settings::Settings;
use crate::cli::{Failure, Status};
use crate::diag::render::{json, Format};
use crate::diag::ruledoc;

#[derive(Serialize)]
struct WireRule {
    id: &'static str,
    /// Under the current config and flags: `off` when the rule is not reported.
    severity: &'static str,
    default_severity: &'static str,
    /// What set `severity`: `default`, a config entry (`file:line:col`) or a flag.
    source: String,
    summary: &'static str,
}

/// Prints every rule: id, effective severity (and what set it, when not the default), summary.
pub fn list(settings: &Settings) -> Result<Status, Failure> {
    let rules = all();
    let effective: Vec<(&'static str, String)> = rules
        .iter()
        .map(|r| {
            let d = settings.policy.decide(r, r.severity, None);
            (
                d.severity.map_or("off", |s| s.as_str()),
                d.source.to_string(),
            )
        })
        .collect();
    let format = settings.format_for("rules", &[Format::Human, Format::Json])?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    if format == Format::Json {
        let wire: Vec<WireRule> = rules
            .iter()
            .zip(effective)
            .map(|(r, (severity, source))| WireRule {
                id: r.id,
                severity,
                default_severity: r.severity.as_str(),
                source,
                summary: r.summary,
            })
            .collect();
        json::write_enveloped(&mut out, &serde_json::json!({ "rules": wire }))?;
    } else {
        let width = rules.iter().map(|r| r.id.len()).max().unwrap_or(0);
        for (r, (severity, source)) in rules.iter().zip(&effective) {
            let line = format!("{:<width$}  {:<7}  {}", r.id, severity, r.summary);
            if source == "default" {
                writeln!(out, "{line}")?;
            } else {
                writeln!(out, "{line} [set by {source}]")?;
            }
        }
    }
    out.flush()?;
    Ok(Status::Clean)
}

/// `crdlint explain RULE --format json`: the rule's page, field by field.
#[derive(Serialize)]
struct WireExplain {
    id: &'static str,
    severity: &'static str,
    summary: &'static str,
    /// Markdown.
    docs: &'static str,
    bad: &'static str,
    good: &'static str,
    /// The rule's page in the repository (`docs/rules/<id>.md`).
    doc_path: String,
}

/// Prints one rule's docs with its bad and good examples, the config file's keys, or a kind's
/// field (built-in or from a CRD: `super::explain`).
pub fn explain(settings: &Settings, args: &ExplainArgs) -> Result<Status, Failure> {
    let (id, field) = (args.rule.as_str(), args.field.as_deref());
    let format = settings.format_for("explain", &[Format::Human, Format::Json])?;
    if id == "config" {
        return explain_config(settings, format);
    }
    if find(id).is_none() && super::explain::is_kind(id) {
        match super::explain::explain(settings, args) {
            Ok(text) => {
                let mut out = io::BufWriter::new(io::stdout().lock());
                if format == Format::Json {
                    // The page as printed, with what it explains: the tree is not a contract yet.
                    let wire =
                        serde_json::json!({"kind": id, "field": field.unwrap_or(""), "text": text});
                    json::write_enveloped(&mut out, &wire)?;
                } else {
                    write!(out, "{text}")?;
                }
                out.flush()?;
                return Ok(Status::Clean);
            }
            Err(Miss::Usage(m)) => return Err(Failure::Usage(m)),
            Err(Miss::Failed(f)) => return Err(f),
            // A bare name that is no kind may be a rule's name without its group (`cost-high`).
            Err(Miss::Unknown(m)) => {
                if !m.contains("did you mean") && !rule_hint(id).is_empty() {
                    return Err(unknown_rule(id));
                }
                return Err(Failure::Usage(m));
            }
        }
    }
    if let Some(f) = field {
        return Err(Failure::Usage(format!(
            "a field ({f:?}) goes with a kind (`apps/v1/Deployment`), not with a rule id"
        )));
    }
    let Some(rule) = find(id) else {
        return Err(unknown_rule(id));
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    if format == Format::Json {
        let wire = WireExplain {
            id: rule.id,
            severity: rule.severity.as_str(),
            summary: rule.summary,
            docs: rule.docs,
            bad: rule.bad,
            good: rule.good,
            doc_path: ruledoc::doc_path(rule),
        };
        json::write_enveloped(&mut out, &wire)?;
    } else {
        write!(out, "{}", ruledoc::text(rule))?;
    }
    out.flush()?;
    Ok(Status::Clean)
}

/// The error for an id that is no rule, with the nearest rule ids.
fn unknown_rule(id: &str) -> Failure {
    Failure::Usage(format!(
        "unknown rule {id:?}{}; `crdlint rules` lists every rule",
        rule_hint(id)
    ))
}

/// ` (did you mean ...?)` for an id that is no rule, or nothing.
fn rule_hint(id: &str) -> String {
    let similar: Vec<&str> = all()
        .into_iter()
        .map(|r| r.id)
        .filter(|r| {
            let name = id.rsplit('/').next().unwrap_or(id);
            !name.is_empty() && r.contains(name)
        })
        .collect();
    if similar.is_empty() {
        let ids: Vec<&str> = all().into_iter().map(|r| r.id).collect();
        let hint = crate::diag::suggest::did_you_mean(id, &ids);
        // A misspelt name without its group (`cost-hgh`): compared with the names alone.
        let name = |r: &str| r.rsplit('/').next().unwrap_or(r).to_string();
        let names: Vec<String> = ids.iter().map(|r| name(r)).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let by_name = crate::diag::suggest::did_you_mean(&name(id), &names);
        let by_name = by_name.split('`').nth(1).and_then(|n| {
            ids.iter()
                .find(|r| name(r) == n)
                .map(|r| format!(" (did you mean `{r}`?)"))
        });
        if hint.is_empty() {
            by_name.unwrap_or_default()
        } else {
            hint
        }
    } else {
        format!(" (did you mean {}?)", similar.join(", "))
    }
}

/// `crdlint explain config`: every key of `.crdlint.yaml`, and which file this run uses.
fn explain_config(settings: &Settings, format: Format) -> Result<Status, Failure> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    if format == Format::Json {
        let keys: Vec<serde_json::Value> = crate::cli::config::KEYS
            .iter()
            .map(|(key, value, doc)| serde_json::json!({"key": key, "value": value, "doc": doc}))
            .collect();
        let wire = serde_json::json!({
            "file": crate::cli::config::FILE_NAME,
            "in_use": settings.config.as_ref().map(|c| c.name.as_str()),
            "keys": keys,
        });
        json::write_enveloped(&mut out, &wire)?;
        out.flush()?;
        return Ok(Status::Clean);
    }
    writeln!(out, "{} (the config file)", crate::cli::config::FILE_NAME)?;
    writeln!(
        out,
        "Found in the working directory or the nearest parent up to the repository root; \
`--config PATH` names one, `--no-config` ignores it. Flags override the file; list flags \
`--exclude` and `--skip` add to it. Paths and globs are relative to the file's directory."
    )?;
    match &settings.config {
        Some(c) => writeln!(out, "In use: {}", c.name)?,
        None => writeln!(out, "In use: none")?,
    }
    writeln!(out)?;
    let width = crate::cli::config::KEYS
        .iter()
        .map(|k| k.0.len())
        .max()
        .unwrap_or(0);
    for (key, value, doc) in crate::cli::config::KEYS {
        writeln!(out, "{key:<width$}  {value}")?;
        writeln!(out, "{:<width$}  {doc}", "")?;
    }
    out.flush()?;
    Ok(Status::Clean)
}
