//! `crdlint explain apps/v1/Deployment spec.replicas`: a built-in kind's field, its type and
//! description, and its own fields, as `kubectl explain` shows them, from the embedded
//! documents (offline). The descriptions blob is decompressed here and nowhere else.
//!
//! The path walks the definitions as published (`$ref` by `$ref`, lists and maps entered
//! transparently, as `kubectl explain spec.template.spec.containers.ports` does); the types are
//! those of the minor asked for, the descriptions those of the newest minor that has the
//! definition (the bundle keeps one text per definition).

use std::fmt::Write;

use serde_json::Value;

use super::bundle::{self, Index};
use super::versions;
use crate::k8s::KubeVersion;

/// Column at which descriptions wrap.
const WIDTH: usize = 80;

/// A schema's type as `kubectl explain` prints it, and the definition to descend into.
struct Shape {
    text: String,
    def: Option<String>,
}

/// The explanation of `target` (`apps/v1/Deployment`, `v1/Pod`, optionally followed by
/// `.spec.replicas`) and a field path (`spec.replicas`; empty for the kind itself) at minor
/// `kv`, or why there is none.
pub fn explain(
    kv: KubeVersion,
    target: &str,
    field: &str,
    recursive: bool,
) -> Result<String, String> {
    let (api_version, rest) = target.rsplit_once('/').ok_or_else(|| {
        format!(
            "{target:?} is neither a rule id nor a built-in kind (GROUP/VERSION/KIND or v1/KIND)"
        )
    })?;
    let (kind, inline) = rest.split_once('.').unwrap_or((rest, ""));
    let path: Vec<&str> = inline
        .split('.')
        .chain(field.split('.'))
        .filter(|s| !s.is_empty())
        .collect();
    let index = bundle::index().ok_or("the embedded schemas are damaged")?;
    let slot = index
        .minor_slot(kv.minor)
        .ok_or_else(|| format!("no built-in schemas for Kubernetes 1.{}", kv.minor))?;
    let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
    let entry = match versions::status(index, slot, group, version, kind) {
        versions::Status::Served { entry, .. } => entry,
        _ => {
            return Err(format!(
                "Kubernetes 1.{} serves no built-in kind {kind} in {api_version}{}",
                kv.minor,
                versions::replacement(index, slot, group, kind)
                    .map(|r| format!(" (it has {r}/{kind})"))
                    .unwrap_or_default()
            ))
        }
    };
    let mut def = index.def_name(entry.def).to_string();
    let mut shape = Shape {
        text: "Object".into(),
        def: Some(def.clone()),
    };
    let mut description = bundle::description(&def, "").unwrap_or_default();
    let mut walked = Vec::new();
    for seg in &path {
        let body = body(index, slot, &def).ok_or_else(|| {
            format!(
                "field {:?} not found: {} has no fields",
                seg,
                walked_or_kind(&walked, kind)
            )
        })?;
        let prop = body
            .get("properties")
            .and_then(|p| p.get(*seg))
            .ok_or_else(|| {
                format!(
                    "field {seg:?} does not exist in {}",
                    walked_or_kind(&walked, kind)
                )
            })?;
        shape = shape_of(prop);
        description = bundle::description(&def, seg).unwrap_or_default();
        walked.push(*seg);
        match &shape.def {
            Some(d) => def = d.clone(),
            None if walked.len() < path.len() => {
                return Err(format!(
                    "field {:?} is a {} and has no fields",
                    walked.join("."),
                    shape.text
                ))
            }
            None => {}
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, "KIND:       {kind}");
    let borrowed = match index.minors.get(slot) {
        Some(m) if *m != kv.minor => format!(", from 1.{m}'s documents"),
        _ => String::new(),
    };
    let _ = writeln!(
        out,
        "VERSION:    {api_version} (Kubernetes 1.{}{borrowed})",
        kv.minor
    );
    let _ = writeln!(out);
    if let Some(last) = walked.last() {
        let _ = writeln!(out, "FIELD: {last} <{}>", shape.text);
        let _ = writeln!(out);
    }
    let _ = writeln!(out, "DESCRIPTION:");
    for line in wrap(description, WIDTH - 4) {
        let _ = writeln!(out, "    {line}");
    }
    if let Some(def) = shape.def.as_deref() {
        let mut lines = String::new();
        let mut on_path = vec![def.to_string()];
        fields(&mut lines, index, slot, def, 1, recursive, &mut on_path);
        if !lines.is_empty() {
            let _ = writeln!(out);
            let _ = writeln!(out, "FIELDS:");
            out.push_str(&lines);
        }
    }
    Ok(out)
}

/// The fields of definition `def`, sorted, each with its type (`-required-` when it is) and
/// the first line of its description; with `recursive`, each field's own fields indented
/// under it instead, as `kubectl explain --recursive` prints them. A definition already on
/// the way down (`JSONSchemaProps` in `JSONSchemaProps`) is listed but not entered again, so
/// the tree is finite.
fn fields(
    out: &mut String,
    index: &Index,
    slot: usize,
    def: &str,
    depth: usize,
    recursive: bool,
    on_path: &mut Vec<String>,
) {
    let Some(body) = body(index, slot, def) else {
        return;
    };
    let Some(props) = body.get("properties").and_then(Value::as_object) else {
        return;
    };
    let required: Vec<&str> = body
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let mut names: Vec<&String> = props.keys().collect();
    names.sort();
    let pad = "  ".repeat(depth);
    for name in names {
        let req = if required.contains(&name.as_str()) {
            " -required-"
        } else {
            ""
        };
        let shape = shape_of(&props[name]);
        let _ = writeln!(out, "{pad}{name}\t<{}>{req}", shape.text);
        if recursive {
            if let Some(child) = shape.def.filter(|d| !on_path.contains(d)) {
                on_path.push(child.clone());
                fields(out, index, slot, &child, depth + 1, true, on_path);
                on_path.pop();
            }
        } else if let Some(line) = bundle::description(def, name).and_then(first_line) {
            // As `kubectl explain` lists them: each child with its description's first line.
            let _ = writeln!(out, "{pad}  {line}");
        }
    }
}

/// The built-in kinds minor `kv` serves: (group, version, kind), `""` for the core group.
pub fn kinds(kv: KubeVersion) -> Vec<(String, String, String)> {
    let Some(index) = bundle::index() else {
        return Vec::new();
    };
    let Some(kinds) = index.minor_slot(kv.minor).and_then(|s| index.kinds.get(s)) else {
        return Vec::new();
    };
    kinds
        .iter()
        .map(|k| (k.group.clone(), k.version.clone(), k.kind.clone()))
        .collect()
}

fn walked_or_kind(walked: &[&str], kind: &str) -> String {
    if walked.is_empty() {
        kind.to_string()
    } else {
        format!("{kind}.{}", walked.join("."))
    }
}

/// The body of a definition in the minor at `slot`.
fn body(index: &Index, slot: usize, def: &str) -> Option<Value> {
    let id = index.def_id(slot, def)?;
    let bodies = index.body(id)?;
    bodies.get(index.slot_in_package(id)).cloned()
}

/// The `$ref` of a schema node (`{$ref}` or `{allOf: [{$ref}]}`).
fn reference(v: &Value) -> Option<&str> {
    v.get("$ref").and_then(Value::as_str).or_else(|| {
        match v.get("allOf").and_then(Value::as_array).map(Vec::as_slice) {
            Some([one]) => one.get("$ref").and_then(Value::as_str),
            _ => None,
        }
    })
}

fn shape_of(v: &Value) -> Shape {
    if let Some(r) = reference(v) {
        let short = r.rsplit('.').next().unwrap_or(r);
        // Scalars published as definitions of their own (IntOrString, Quantity, Time) have no
        // fields to descend into.
        let scalar = matches!(
            r,
            "io.k8s.apimachinery.pkg.util.intstr.IntOrString"
                | "io.k8s.apimachinery.pkg.api.resource.Quantity"
                | "io.k8s.apimachinery.pkg.apis.meta.v1.Time"
                | "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime"
                | "io.k8s.apimachinery.pkg.runtime.RawExtension"
                | "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1"
        );
        return Shape {
            text: short.to_string(),
            def: (!scalar).then(|| r.to_string()),
        };
    }
    match v.get("type").and_then(Value::as_str) {
        Some("array") => {
            let inner = v.get("items").map(shape_of);
            Shape {
                text: format!("[]{}", inner.as_ref().map_or("Object", |s| &s.text)),
                def: inner.and_then(|s| s.def),
            }
        }
        Some("object") => match v.get("additionalProperties").filter(|a| a.is_object()) {
            Some(a) => {
                let inner = shape_of(a);
                Shape {
                    text: format!("map[string]{}", inner.text),
                    def: inner.def,
                }
            }
            None => Shape {
                text: "Object".into(),
                def: None,
            },
        },
        Some(t) => Shape {
            text: t.to_string(),
            def: None,
        },
        None => Shape {
            text: "Object".into(),
            def: None,
        },
    }
}

/// The first line of a description, up to its first sentence's end: what a list of fields
/// shows of each.
pub fn first_line(description: &str) -> Option<&str> {
    let line = description.lines().map(str::trim).find(|l| !l.is_empty())?;
    Some(match line.find(". ") {
        Some(end) => &line[..=end],
        None => line,
    })
}

/// Greedy word wrap of each paragraph of `text` (custom kinds' pages use it too).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            if !line.is_empty() && line.len() + 1 + word.len() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    const V: KubeVersion = KubeVersion { minor: 30 };

    #[test]
    fn a_field_with_its_type_and_description() {
        let out = explain(V, "apps/v1/Deployment", "spec.replicas", false).unwrap();
        assert!(out.contains("KIND:       Deployment\n"), "{out}");
        assert!(out.contains("FIELD: replicas <integer>"), "{out}");
        assert!(out.contains("Number of desired pods."), "{out}");
        assert!(!out.contains("FIELDS:"), "{out}");
    }

    #[test]
    fn lists_and_maps_are_entered_and_fields_listed() {
        let out = explain(V, "v1/Pod", "spec.containers.ports", false).unwrap();
        assert!(out.contains("FIELD: ports <[]ContainerPort>"), "{out}");
        assert!(
            out.contains("  containerPort\t<integer> -required-"),
            "{out}"
        );
        assert!(out.contains("  protocol\t<string>"), "{out}");
        let out = explain(V, "v1/Pod.spec.containers.resources", "", false).unwrap();
        assert!(out.contains("  limits\t<map[string]Quantity>"), "{out}");
        let kind = explain(V, "v1/ConfigMap", "", false).unwrap();
        assert!(kind.contains("  data\t<map[string]string>"), "{kind}");
    }

    #[test]
    fn what_is_not_there_is_said() {
        assert!(explain(V, "apps/v1/Deployment", "spec.replica", false)
            .unwrap_err()
            .contains("\"replica\" does not exist in Deployment.spec"));
        assert!(explain(V, "apps/v1/Deployment", "spec.replicas.x", false)
            .unwrap_err()
            .contains("has no fields"));
        assert!(explain(V, "batch/v1beta1/CronJob", "", false)
            .unwrap_err()
            .contains("it has batch/v1/CronJob"));
        assert!(explain(V, "Deployment", "", false).is_err());
    }

    /// 1.37's new fields and kinds, with 1.37's descriptions; 1.36 does not have them.
    #[test]
    fn the_1_37_fields_and_kinds() {
        let v37 = KubeVersion { minor: 37 };
        let out = explain(
            v37,
            "v1/Pod",
            "spec.containers.volumeMounts.bindMountOptions",
            false,
        )
        .unwrap();
        assert!(out.contains("FIELD: bindMountOptions <[]string>"), "{out}");
        assert!(out.contains("additional bind mount options"), "{out}");
        let out = explain(v37, "certificates.k8s.io/v1/ClusterTrustBundle", "", false).unwrap();
        assert!(out.contains("X.509 trust anchors"), "{out}");
        let v36 = KubeVersion { minor: 36 };
        assert!(explain(
            v36,
            "v1/Pod",
            "spec.containers.volumeMounts.bindMountOptions",
            false
        )
        .is_err());
        assert!(explain(v36, "certificates.k8s.io/v1/ClusterTrustBundle", "", false).is_err());
    }

    #[test]
    fn recursive_lists_the_tree_and_enters_a_self_containing_definition_once() {
        let out = explain(V, "apps/v1/Deployment", "spec.strategy", true).unwrap();
        assert!(
            out.ends_with(
                "FIELDS:\n  rollingUpdate\t<RollingUpdateDeployment>\n    maxSurge\t<IntOrString>\n    maxUnavailable\t<IntOrString>\n  type\t<string>\n"
            ),
            "{out}"
        );
        // JSONSchemaProps holds JSONSchemaProps: its fields are listed one level deep only.
        let crd = "apiextensions.k8s.io/v1/CustomResourceDefinition";
        let out = explain(V, crd, "spec.versions.schema", true).unwrap();
        assert!(out.contains("\n  openAPIV3Schema\t<JSONSchemaProps>\n    $ref\t<string>\n"));
        assert!(out.contains("\n    not\t<JSONSchemaProps>\n    nullable\t<boolean>\n"));
        // Other definitions inside it are entered; JSONSchemaProps itself is not again.
        assert!(out.contains(
            "\n    externalDocs\t<ExternalDocumentation>\n      description\t<string>\n"
        ));
        assert!(!out.contains("\n      $ref"), "{out}");
    }

    #[test]
    fn children_show_their_first_sentence() {
        let out = explain(V, "apps/v1/Deployment", "spec", false).unwrap();
        assert!(
            out.contains("  replicas\t<integer>\n    Number of desired pods.\n"),
            "{out}"
        );
        assert_eq!(first_line("\n A b. C d.\nE"), Some("A b."));
        assert_eq!(first_line("No end"), Some("No end"));
        assert_eq!(first_line(" \n"), None);
    }

    #[test]
    fn wrapping() {
        assert_eq!(wrap("a bb ccc\n\ndd", 4), ["a bb", "ccc", "", "dd"]);
    }
}
