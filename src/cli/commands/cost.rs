//! `cost FILE...`: the estimated cost of every CEL validation rule, as the API server computes it.
//!
//! The server rejects a CRD when one `x-kubernetes-validations` rule's estimated cost times its
//! cardinality exceeds 10,000,000, or when the sum over one `openAPIV3Schema` exceeds
//! 100,000,000 (spec §5.7-5.9). `crdlint lint` reports only what breaks those limits; this
//! command shows every rule's numbers, most expensive first, so an author can see which rules are
//! close to the limit and which bounds would matter. The numbers come from
//! [`crate::cel::cost`]; this file only finds the CRDs, locates each rule in its file and prints.

use std::io::{self, Write};

use rayon::prelude::*;
use serde::Serialize;

use crate::cel::cost::crd::{group_thousands, percent_of};
use crate::cel::cost::{
    cost_table, crd_costs, Cardinality, CostRow, ExpressionKind, KubernetesCompiler,
    STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT,
};
use crate::cel::CompileOptions;
use crate::cli::args::CostArgs;
use crate::cli::driver::{is_crd, objects};
use crate::cli::say;
use crate::cli::settings::Settings;
use crate::cli::{Failure, Status};
use crate::diag::render::{json, Format};
use crate::diag::SourceFile;
use crate::yaml::Node;

/// One CRD's costs, as printed (`--format json` serializes it as is: see README.md).
#[derive(Serialize)]
struct WireCrd {
    file: String,
    name: String,
    /// One entry per `openAPIV3Schema` the server checks (one when all versions share it).
    schemas: Vec<WireSchema>,
    /// Every rule and messageExpression of the CRD, by `total` descending.
    rules: Vec<WireRule>,
}

#[derive(Serialize)]
struct WireSchema {
    version: Option<String>,
    path: String,
    total: u64,
    limit: u64,
    exceeds_limit: bool,
}

#[derive(Serialize)]
struct WireRule {
    file: String,
    line: usize,
    column: usize,
    version: Option<String>,
    /// `...x-kubernetes-validations[i].rule` (or `.messageExpression`).
    path: String,
    /// Where the rule's `self` is, e.g. `spec.hosts[*]`.
    #[serde(rename = "self")]
    self_location: String,
    kind: &'static str,
    expression: String,
    estimated: u64,
    /// `null` when some list or map above the rule has no bound.
    cardinality: Option<u64>,
    /// What `estimated` is multiplied by (the server's fallback when unbounded).
    multiplier: u64,
    total: u64,
    limit: u64,
    percent_of_limit: f64,
    exceeds_limit: bool,
}

fn wire_rule(file: &SourceFile, row: CostRow) -> WireRule {
    let at = file.line_col(row.span.start());
    WireRule {
        file: file.name.clone(),
        line: at.line,
        column: at.column,
        version: row.version,
        path: row.path,
        self_location: row.location,
        kind: row.kind.field(),
        expression: row.expression,
        estimated: row.estimated,
        cardinality: match row.cardinality {
            Cardinality::Bounded(c) => Some(c),
            Cardinality::Unbounded => None,
        },
        multiplier: row.multiplier,
        total: row.total,
        limit: STATIC_ESTIMATED_COST_LIMIT,
        // Two decimals are enough to read and keep the JSON stable across platforms.
        percent_of_limit: (row.percent_of_limit * 100.0).round() / 100.0,
        exceeds_limit: row.total > STATIC_ESTIMATED_COST_LIMIT,
    }
}

/// Every CRD document of one file, costed.
fn costs_of_file(file: &SourceFile, compiler: &KubernetesCompiler) -> Vec<WireCrd> {
    let mut out = Vec::new();
    for doc in crate::yaml::load(&file.text) {
        let Some(root) = &doc.root else { continue };
        for (_, node) in objects(root) {
            let (Some(api), Some(kind)) = (node.get_str("apiVersion"), node.get_str("kind")) else {
                continue;
            };
            if !is_crd(api, kind) {
                continue;
            }
            let versions = crd_costs(node, compiler);
            let schemas = versions
                .iter()
                .map(|v| WireSchema {
                    version: v.version.clone(),
                    path: v.user_path.to_string(),
                    total: v.costs.total.total,
                    limit: STATIC_ESTIMATED_CRD_COST_LIMIT,
                    exceeds_limit: v.costs.total.exceeds_limit(),
                })
                .collect();
            let rules = cost_table(&versions)
                .into_iter()
                .map(|r| wire_rule(file, r))
                .collect();
            out.push(WireCrd {
                file: file.name.clone(),
                name: node
                    .at(&["metadata", "name"])
                    .and_then(Node::as_str)
                    .unwrap_or_default()
                    .to_string(),
                schemas,
                rules,
            });
        }
    }
    out
}

fn write_human(out: &mut dyn Write, crds: &[WireCrd]) -> io::Result<()> {
    for (i, c) in crds.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{} in {}", c.name, c.file)?;
        if c.rules.is_empty() {
            writeln!(out, "  no x-kubernetes-validations rules")?;
        }
        let rows: Vec<[String; 7]> = c
            .rules
            .iter()
            .map(|r| {
                [
                    group_thousands(r.total),
                    percent_of(r.total, r.limit),
                    group_thousands(r.estimated),
                    match r.cardinality {
                        Some(n) => group_thousands(n),
                        None => format!("unbounded ({})", group_thousands(r.multiplier)),
                    },
                    format!("{}:{}:{}", r.file, r.line, r.column),
                    r.self_location.clone(),
                    if r.kind == ExpressionKind::Rule.field() {
                        r.expression.clone()
                    } else {
                        format!("messageExpression: {}", r.expression)
                    },
                ]
            })
            .collect();
        if !rows.is_empty() {
            let header = [
                "TOTAL",
                "LIMIT",
                "COST",
                "CARDINALITY",
                "LOCATION",
                "SELF",
                "EXPRESSION",
            ]
            .map(str::to_string);
            let mut widths = [0usize; 7];
            for row in std::iter::once(&header).chain(&rows) {
                for (w, cell) in widths.iter_mut().zip(row) {
                    *w = (*w).max(cell.chars().count());
                }
            }
            for row in std::iter::once(&header).chain(&rows) {
                let mut line = String::from(" ");
                for (k, cell) in row.iter().enumerate() {
                    let w = widths[k];
                    // Numbers right-aligned, text left-aligned; the last column unpadded.
                    match k {
                        0..=2 => line.push_str(&format!(" {cell:>w$}")),
                        6 => line.push_str(&format!(" {}", one_line(cell))),
                        _ => line.push_str(&format!(" {cell:<w$}")),
                    }
                }
                writeln!(out, "{}", line.trim_end())?;
            }
        }
        for s in &c.schemas {
            let which = s.version.as_deref().unwrap_or("spec.validation");
            writeln!(
                out,
                "  schema {which}: total {} of {} ({}){}",
                group_thousands(s.total),
                group_thousands(s.limit),
                percent_of(s.total, s.limit),
                if s.exceeds_limit {
                    ", over the per-CRD limit"
                } else {
                    ""
                },
            )?;
        }
    }
    Ok(())
}

/// A multi-line expression on one line, shortened for the table (JSON has it whole).
fn one_line(s: &str) -> String {
    let joined = s.split_whitespace().collect::<Vec<_>>().join(" ");
    const MAX: usize = 80;
    if joined.chars().count() > MAX {
        let cut: String = joined.chars().take(MAX - 3).collect();
        format!("{cut}...")
    } else {
        joined
    }
}

pub fn run(settings: &Settings, args: &CostArgs) -> Result<Status, Failure> {
    let format = settings.format_for("cost", &[Format::Human, Format::Json])?;
    let compiler = KubernetesCompiler {
        options: CompileOptions {
            kube_version: settings.kube_version,
            ..CompileOptions::default()
        },
    };
    let loaded = super::gather(settings, &args.files, &[])?;
    let mut failed = false;
    for l in &loaded {
        if let Some(e) = &l.error {
            say(
                &mut io::stderr().lock(),
                format_args!("crdlint: {}: {e}", l.input.name),
            )?;
            failed = true;
        }
    }
    let crds: Vec<WireCrd> = loaded
        .par_iter()
        .filter(|l| l.error.is_none())
        .map(|l| costs_of_file(&l.source, &compiler))
        .collect::<Vec<_>>()
        .into_iter()
        .flatten()
        .collect();
    let over = crds.iter().any(|c| {
        c.rules.iter().any(|r| r.exceeds_limit) || c.schemas.iter().any(|s| s.exceeds_limit)
    });
    let mut out = io::BufWriter::new(io::stdout().lock());
    match format {
        Format::Json => {
            json::write_enveloped(&mut out, &serde_json::json!({ "crds": crds }))?;
        }
        _ => write_human(&mut out, &crds)?,
    }
    out.flush()?;
    Ok(if failed {
        Status::IoFailed
    } else if over {
        Status::Findings
    } else {
        Status::Clean
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_joins_and_shortens() {
        assert_eq!(one_line("a &&\n  b"), "a && b");
        let long = "x".repeat(100);
        assert_eq!(one_line(&long).chars().count(), 80);
    }
}
