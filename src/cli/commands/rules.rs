//! `rules` (the registry as a table or JSON) and `explain RULE` (one rule's docs).

use std::io::{self, Write};

use serde::Serialize;

use crate::cli::rules::{all, find};
use crate::cli::settings::Settings;
use crate::cli::{Failure, Status};
use crate::diag::render::Format;

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
    let mut out = io::BufWriter::new(io::stdout().lock());
    match settings.format {
        Format::Human | Format::Concise => {
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
        Format::Json => {
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
            serde_json::to_writer_pretty(&mut out, &wire).map_err(io::Error::other)?;
            writeln!(out)?;
        }
        _ => {
            return Err(Failure::Usage(
                "`crdlint rules` prints --format human, concise or json".into(),
            ))
        }
    }
    out.flush()?;
    Ok(Status::Clean)
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}\n"))
        .collect::<String>()
}

/// Prints one rule's docs with its bad and good examples, or the config file's keys.
pub fn explain(settings: &Settings, id: &str, field: Option<&str>) -> Result<Status, Failure> {
    if id == "config" {
        return explain_config(settings);
    }
    // Kinds are capitalized (`apps/v1/Deployment`), rule ids never are.
    let kind = id.rsplit('/').next().unwrap_or(id);
    if id.contains('/') && kind.starts_with(|c: char| c.is_ascii_uppercase()) {
        let text = crate::builtin::explain::explain(settings.kube_version, id, field.unwrap_or(""))
            .map_err(Failure::Usage)?;
        let mut out = io::BufWriter::new(io::stdout().lock());
        write!(out, "{text}")?;
        out.flush()?;
        return Ok(Status::Clean);
    }
    if let Some(f) = field {
        return Err(Failure::Usage(format!(
            "a field ({f:?}) goes with a built-in kind (`apps/v1/Deployment`), not with a rule id"
        )));
    }
    let Some(rule) = find(id) else {
        let similar: Vec<&str> = all()
            .into_iter()
            .map(|r| r.id)
            .filter(|r| {
                let name = id.rsplit('/').next().unwrap_or(id);
                !name.is_empty() && r.contains(name)
            })
            .collect();
        let hint = if similar.is_empty() {
            String::new()
        } else {
            format!(" (did you mean {}?)", similar.join(", "))
        };
        return Err(Failure::Usage(format!(
            "unknown rule {id:?}{hint}; `crdlint rules` lists every rule"
        )));
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    writeln!(out, "{} ({})", rule.id, rule.severity)?;
    writeln!(out, "{}", rule.summary)?;
    writeln!(out)?;
    writeln!(out, "{}", rule.docs.trim_end())?;
    writeln!(out)?;
    writeln!(out, "Reported:")?;
    write!(out, "{}", indent(rule.bad))?;
    writeln!(out)?;
    writeln!(out, "Accepted:")?;
    write!(out, "{}", indent(rule.good))?;
    out.flush()?;
    Ok(Status::Clean)
}

/// `crdlint explain config`: every key of `.crdlint.yaml`, and which file this run uses.
fn explain_config(settings: &Settings) -> Result<Status, Failure> {
    let mut out = io::BufWriter::new(io::stdout().lock());
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
