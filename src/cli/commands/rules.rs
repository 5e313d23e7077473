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
    severity: &'static str,
    summary: &'static str,
}

/// Prints every rule: id, default severity, summary.
pub fn list(settings: &Settings) -> Result<Status, Failure> {
    let rules = all();
    let mut out = io::BufWriter::new(io::stdout().lock());
    match settings.format {
        Format::Human => {
            let width = rules.iter().map(|r| r.id.len()).max().unwrap_or(0);
            for r in &rules {
                writeln!(
                    out,
                    "{:<width$}  {:<7}  {}",
                    r.id,
                    r.severity.as_str(),
                    r.summary
                )?;
            }
        }
        Format::Json => {
            let wire: Vec<WireRule> = rules
                .iter()
                .map(|r| WireRule {
                    id: r.id,
                    severity: r.severity.as_str(),
                    summary: r.summary,
                })
                .collect();
            serde_json::to_writer_pretty(&mut out, &wire).map_err(io::Error::other)?;
            writeln!(out)?;
        }
        _ => {
            return Err(Failure::Usage(
                "`crdlint rules` prints --format human or json".into(),
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

/// Prints one rule's docs with its bad and good examples.
pub fn explain(id: &str) -> Result<Status, Failure> {
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
