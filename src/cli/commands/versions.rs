//! `versions FILE...`: each CRD's versions in the order Kubernetes ranks them.
//!
//! Discovery lists a CRD's versions by "kube-aware" priority (apimachinery
//! `CompareKubeAwareVersionStrings`, spec §6): GA before beta before alpha, higher numbers first,
//! and names that do not look like `v1`, `v2beta1`, `v3alpha2` last, in reverse lexical order;
//! [`crate::k8s::version`] implements it.

use std::io::{self, Write};

use serde::Serialize;

use crate::cli::args::VersionsArgs;
use crate::cli::driver::{is_crd, objects};
use crate::cli::say;
use crate::cli::settings::Settings;
use crate::cli::{Failure, Status};
use crate::diag::render::{json, Format};
use crate::k8s::version::sort_by_priority;
use crate::yaml::Node;

#[derive(Serialize)]
struct WireCrd {
    file: String,
    name: String,
    group: String,
    kind: String,
    versions: Vec<WireVersion>,
}

#[derive(Serialize)]
struct WireVersion {
    name: String,
    served: bool,
    storage: bool,
    deprecated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    deprecation_warning: Option<String>,
}

fn versions_of(crd: &Node) -> Vec<WireVersion> {
    let spec = crd.get("spec");
    let mut out: Vec<WireVersion> = spec
        .and_then(|s| s.get("versions"))
        .and_then(Node::as_seq)
        .unwrap_or_default()
        .iter()
        .filter_map(|v| {
            Some(WireVersion {
                name: v.get_str("name")?.to_string(),
                served: v.get("served").and_then(Node::as_bool).unwrap_or(false),
                storage: v.get("storage").and_then(Node::as_bool).unwrap_or(false),
                deprecated: v.get("deprecated").and_then(Node::as_bool).unwrap_or(false),
                deprecation_warning: v.get_str("deprecationWarning").map(str::to_string),
            })
        })
        .collect();
    // v1beta1 CRDs may name a single `spec.version`, served and stored.
    if out.is_empty() {
        if let Some(v) = spec.and_then(|s| s.get_str("version")) {
            out.push(WireVersion {
                name: v.to_string(),
                served: true,
                storage: true,
                deprecated: false,
                deprecation_warning: None,
            });
        }
    }
    sort_by_priority(&mut out, |v| &v.name);
    out
}

pub fn run(settings: &Settings, args: &VersionsArgs) -> Result<Status, Failure> {
    let format = settings.format_for("versions", &[Format::Human, Format::Json])?;
    let loaded = super::gather(settings, &args.files, &[])?;
    let mut crds = Vec::new();
    let mut failed = false;
    for l in &loaded {
        if let Some(e) = &l.error {
            say(
                &mut io::stderr().lock(),
                format_args!("crdlint: {}: {e}", l.input.name),
            )?;
            failed = true;
            continue;
        }
        for doc in crate::yaml::load(&l.source.text) {
            let Some(root) = &doc.root else { continue };
            for (_, node) in objects(root) {
                let (Some(api), Some(kind)) = (node.get_str("apiVersion"), node.get_str("kind"))
                else {
                    continue;
                };
                if !is_crd(api, kind) {
                    continue;
                }
                let s = |path: &[&str]| {
                    node.at(path)
                        .and_then(Node::as_str)
                        .unwrap_or_default()
                        .to_string()
                };
                crds.push(WireCrd {
                    file: l.input.name.clone(),
                    name: s(&["metadata", "name"]),
                    group: s(&["spec", "group"]),
                    kind: s(&["spec", "names", "kind"]),
                    versions: versions_of(node),
                });
            }
        }
    }
    // Listing nothing is no success: a mistyped path or a folder of resources only.
    let none = crds.is_empty() && !failed;
    if none {
        let read = loaded.len();
        let what = if read == 1 { "file" } else { "files" };
        say(
            &mut io::stderr().lock(),
            format_args!("crdlint: no CustomResourceDefinition in the {read} {what} read"),
        )?;
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    match format {
        Format::Json => {
            json::write_enveloped(&mut out, &serde_json::json!({ "crds": crds }))?;
        }
        _ => {
            for (i, c) in crds.iter().enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                writeln!(
                    out,
                    "{} ({}, kind {}) in {}",
                    c.name, c.group, c.kind, c.file
                )?;
                let width = c.versions.iter().map(|v| v.name.len()).max().unwrap_or(0);
                for v in &c.versions {
                    let flags = [
                        if v.served { "served" } else { "not served" },
                        if v.storage { "storage" } else { "" },
                        if v.deprecated { "deprecated" } else { "" },
                    ];
                    let flags: Vec<&str> = flags.into_iter().filter(|f| !f.is_empty()).collect();
                    writeln!(out, "  {:<width$}  {}", v.name, flags.join(", "))?;
                }
            }
        }
    }
    out.flush()?;
    Ok(if failed {
        Status::IoFailed
    } else if none {
        Status::Findings
    } else {
        Status::Clean
    })
}
