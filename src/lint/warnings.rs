//! What the API server accepts but users trip on: deprecated API use, version-priority
//! surprises, versions whose schemas drift without conversion, printer columns that name no
//! field, formats the server ignores. Each is a warning with its own rule id.

use super::crd::Internal;
use super::ctx::{get_bool, get_seq, get_set, get_str, value_span};
use super::subschemas::for_each_subschema;
use crate::diag::{Diagnostic, Rule, Severity};
use crate::k8s::version::{compare_kube_aware_version_strings, parse_kube_version};
use crate::yaml::Node;
use std::cmp::Ordering;

pub static V1BETA1: Rule = Rule {
    id: "crd/v1beta1-deprecated",
    severity: Severity::Warning,
    summary: "An `apiextensions.k8s.io/v1beta1` CRD, which is no longer served (removed in Kubernetes 1.22)",
    docs: "`apiextensions.k8s.io/v1beta1` was removed in Kubernetes 1.22: clusters reject the document \
with `no matches for kind \"CustomResourceDefinition\"`. Convert it to `apiextensions.k8s.io/v1` \
(per-version schemas, `jsonPath` columns, `conversion.webhook`).",
    bad: "apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\n",
    good: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n",
};

pub static PRESERVE_UNKNOWN_FIELDS_DEPRECATED: Rule = Rule {
    id: "crd/preserve-unknown-fields-deprecated",
    severity: Severity::Warning,
    summary: "A `preserveUnknownFields` unset or true (v1beta1), which keeps pruning off",
    docs: "In `v1beta1`, `preserveUnknownFields` defaults to true: unknown fields are stored as sent, \
and `v1` refuses such CRDs. Set `preserveUnknownFields: false` and use \
`x-kubernetes-preserve-unknown-fields: true` only where free-form data is wanted.",
    bad: "apiVersion: apiextensions.k8s.io/v1beta1\nspec:\n  preserveUnknownFields: true\n",
    good: "apiVersion: apiextensions.k8s.io/v1beta1\nspec:\n  preserveUnknownFields: false\n",
};

pub static STORAGE_NOT_PREFERRED: Rule = Rule {
    id: "versions/storage-not-preferred",
    severity: Severity::Warning,
    summary: "The storage version is not the highest-priority served version",
    docs: "kubectl and discovery prefer the served version with the highest Kubernetes priority \
(GA > beta > alpha, then by number). When that is not the storage version, every `kubectl get` \
converts objects, and authors often expect the other version. Usually the newest stable version \
should be the storage version.",
    bad: "versions:\n- {name: v1, served: true, storage: false}\n- {name: v1beta1, served: true, storage: true}\n",
    good: "versions:\n- {name: v1, served: true, storage: true}\n- {name: v1beta1, served: true, storage: false}\n",
};

pub static STORAGE_DEPRECATED: Rule = Rule {
    id: "versions/deprecated-storage",
    severity: Severity::Warning,
    summary: "The storage version is deprecated",
    docs:
        "New objects are persisted in the storage version; storing in a deprecated version makes \
removing it later require a storage migration.",
    bad: "versions:\n- {name: v1alpha1, served: true, storage: true, deprecated: true}\n",
    good: "versions:\n- {name: v1, served: true, storage: true}\n",
};

pub static STORAGE_NOT_SERVED: Rule = Rule {
    id: "versions/unserved-storage",
    severity: Severity::Warning,
    summary: "The storage version is not served",
    docs:
        "Objects are stored in a version clients cannot request; reading them back always needs a \
conversion, and removing other versions leaves the data unreachable.",
    bad: "versions:\n- {name: v1, served: false, storage: true}\n",
    good: "versions:\n- {name: v1, served: true, storage: true}\n",
};

pub static VERSION_NAME: Rule = Rule {
    id: "versions/non-kube-version-name",
    severity: Severity::Warning,
    summary: "A version name that does not look like v1, v2beta1 or v1alpha2",
    docs:
        "Names that do not match `v<N>[alpha|beta<M>]` sort after all Kubernetes-style names and \
among themselves in reverse alphabetical order, so kubectl's preferred version is rarely the \
intended one.",
    bad: "versions:\n- name: version1\n",
    good: "versions:\n- name: v1\n",
};

pub static SCHEMA_DRIFT: Rule = Rule {
    id: "versions/schema-drift-without-conversion",
    severity: Severity::Warning,
    summary: "Versions have different schemas but conversion is None",
    docs: "With `strategy: None` the server only rewrites `apiVersion` when converting between versions: \
the data is not changed. When the versions' schemas differ, objects read through another version \
silently lose fields (pruning) or carry fields in the wrong shape.",
    bad: "versions:\n- name: v1\n  schema: {openAPIV3Schema: {type: object, properties: {a: {type: string}}}}\n- name: v2\n  schema: {openAPIV3Schema: {type: object, properties: {b: {type: string}}}}\n",
    good: "conversion:\n  strategy: Webhook\n  # ... or identical schemas\n",
};

pub static PRINTER_COLUMN_PATH: Rule = Rule {
    id: "crd/printer-column-path",
    severity: Severity::Warning,
    summary:
        "A printer column's `jsonPath` names no field of the schema, or a field of another type",
    docs: "The server does not resolve printer-column paths: a typo shows as an empty column in \
`kubectl get`. crdlint resolves simple paths (`.spec.a.b`) in the version's schema and checks that \
the field's type fits the column type.",
    bad: "additionalPrinterColumns:\n- {name: Replicas, type: integer, jsonPath: .spec.replica}\n",
    good:
        "additionalPrinterColumns:\n- {name: Replicas, type: integer, jsonPath: .spec.replicas}\n",
};

pub static UNRECOGNIZED_FORMAT: Rule = Rule {
    id: "schema/unrecognized-format",
    severity: Severity::Warning,
    summary: "A format the server does not recognise for the type, so it is ignored",
    docs: "The server only validates known formats (`date-time`, `uri`, ... for strings; `int32`, \
`int64` for integers; `float`, `double` for numbers) and warns `unrecognized format` for the rest, \
which are silently not checked.",
    bad: "port:\n  type: integer\n  format: uint16\n",
    good: "port:\n  type: integer\n  format: int32\n",
};

pub static PATTERN_TOO_COMPLEX: Rule = Rule {
    id: "schema/pattern-too-complex",
    severity: Severity::Warning,
    summary: "A pattern the server accepts is too complex for crdlint to check offline",
    docs: "The server compiles `pattern` with Go's RE2, where a Unicode class is one instruction: \
`\\p{L}{1000}` is a few kB there. crdlint's engine expands such classes into byte automata, which \
for large repetitions of Unicode classes takes hundreds of MB and seconds per pattern, so it \
bounds the compiled size of each pattern (8 MiB) and of all of them together (1 GiB). A pattern \
over the bound is valid (this is not an error) but values are not checked against it offline, \
and a CEL rule that calls `matches`, `find` or `findAll` with such a constant pattern is not \
evaluated. Narrow the class or the repetition, or check those values on a cluster.",
    bad: "name:\n  type: string\n  pattern: '^\\p{L}{1000}$'\n",
    good: "name:\n  type: string\n  maxLength: 1000\n  pattern: '^\\p{L}+$'\n",
};

pub static NON_SCALAR_SET: Rule = Rule {
    id: "schema/non-scalar-set",
    severity: Severity::Warning,
    summary: "An `x-kubernetes-list-type: set` with object or array items (the server warns from 1.37)",
    docs: "From Kubernetes 1.37 the API server warns when a CRD declares `x-kubernetes-list-type: set` \
for a list whose items are objects or arrays: server-side apply and CEL validation rules do not support \
such sets (CEL compares the items as whole values, apply cannot merge them). Use \
`x-kubernetes-list-type: map` with `x-kubernetes-list-map-keys` for objects that have a key, or \
`atomic` for a list replaced as a whole.",
    bad: "ports:\n  type: array\n  x-kubernetes-list-type: set\n  items:\n    type: object\n    x-kubernetes-map-type: atomic\n",
    good: "ports:\n  type: array\n  x-kubernetes-list-type: map\n  x-kubernetes-list-map-keys: [name]\n  items:\n    type: object\n    required: [name]\n",
};

fn warn(rule: &'static Rule, span: crate::diag::Span, path: &str, msg: String) -> Diagnostic {
    Diagnostic::new(rule, span, msg).with_path(path.to_string())
}

pub(crate) fn check(crd: &Internal, opts: &super::Options, out: &mut Vec<Diagnostic>) {
    if !crd.v1 {
        let span = crd
            .root
            .get("apiVersion")
            .map(|n| n.span())
            .unwrap_or(crd.root.span());
        out.push(warn(
            &V1BETA1,
            span,
            "apiVersion",
            "apiextensions.k8s.io/v1beta1 CustomResourceDefinition is not served since Kubernetes 1.22; use apiextensions.k8s.io/v1".into(),
        ));
        if crd.pruf_nil_or_true() {
            out.push(warn(
                &PRESERVE_UNKNOWN_FIELDS_DEPRECATED,
                value_span(crd.spec, "preserveUnknownFields"),
                "spec.preserveUnknownFields",
                "spec.preserveUnknownFields is unset or true: unknown fields are not pruned (v1beta1 default); set it to false".into(),
            ));
        }
    }
    versions(crd, out);
    drift(crd, out);
    columns(crd, out);
    formats(crd, opts, out);
    let non_scalar_sets = crate::k8s::Behavior::of(opts.kube_version).non_scalar_set_warning;
    per_node(crd, non_scalar_sets, out);
}

/// `getNonScalarListTypeSetWarnings` (apiextensions strategy.go, 1.37): one warning per item
/// type across the CRD's schemas, as the server collects them in a set; at the first such list.
fn non_scalar_set(n: &Node, seen: &mut Vec<&'static str>, out: &mut Vec<Diagnostic>) {
    if get_str(n, "x-kubernetes-list-type") != Some("set") {
        return;
    }
    let Some(t) = n.get("items").and_then(|i| get_str(i, "type")) else {
        return;
    };
    let t: &'static str = match t {
        "object" => "object",
        "array" => "array",
        _ => return,
    };
    if !seen.contains(&t) {
        seen.push(t);
        out.push(Diagnostic::new(
            &NON_SCALAR_SET,
            value_span(n, "x-kubernetes-list-type"),
            format!("x-kubernetes-list-type: set for items of type {t:?} is not supported by server-side apply or CEL validation rules"),
        ));
    }
}

fn versions(crd: &Internal, out: &mut Vec<Diagnostic>) {
    for v in &crd.versions {
        if !v.name.is_empty() && parse_kube_version(v.name).is_none() {
            out.push(warn(
                &VERSION_NAME,
                value_span(v.node, "name"),
                &format!("{}.name", v.loc.user),
                format!(
                    "{}.name: version {:?} does not follow the Kubernetes pattern v<N>[alpha|beta<M>]; it sorts after every such version",
                    v.loc.user, v.name
                ),
            ));
        }
    }
    let storage: Vec<_> = crd.versions.iter().filter(|v| v.storage).collect();
    let [st] = storage.as_slice() else { return };
    let span = value_span(st.node, "storage");
    let path = format!("{}.storage", st.loc.user);
    if !st.served {
        out.push(warn(
            &STORAGE_NOT_SERVED,
            span,
            &path,
            format!("{path}: storage version {} is not served", st.name),
        ));
    }
    if st.deprecated {
        out.push(warn(
            &STORAGE_DEPRECATED,
            span,
            &path,
            format!("{path}: storage version {} is deprecated", st.name),
        ));
    }
    let best = crd
        .versions
        .iter()
        .filter(|v| v.served && !v.name.is_empty())
        .max_by(|a, b| compare_kube_aware_version_strings(a.name, b.name));
    if let Some(b) = best {
        if st.served
            && b.name != st.name
            && compare_kube_aware_version_strings(b.name, st.name) == Ordering::Greater
        {
            out.push(warn(
                &STORAGE_NOT_PREFERRED,
                span,
                &path,
                format!(
                    "{path}: storage version {} is not the highest-priority served version; kubectl and discovery prefer {}",
                    st.name, b.name
                ),
            ));
        }
    }
}

fn drift(crd: &Internal, out: &mut Vec<Diagnostic>) {
    if crd.versions.len() < 2 {
        return;
    }
    let strategy = crd
        .spec
        .at(&["conversion", "strategy"])
        .and_then(Node::as_str)
        .unwrap_or("None");
    if strategy != "None" {
        return;
    }
    let first = &crd.versions[0];
    let Some(a) = first.own_schema.and_then(|s| get_set(s, "openAPIV3Schema")) else {
        return;
    };
    for v in &crd.versions[1..] {
        let Some(b) = v.own_schema.and_then(|s| get_set(s, "openAPIV3Schema")) else {
            continue;
        };
        if let Some(diff) = shape_diff(a, b, (first.name, v.name), "", 0) {
            let path = format!("{}.schema", v.loc.user);
            out.push(
                warn(
                    &SCHEMA_DRIFT,
                    v.node.get("schema").map(|n| n.span()).unwrap_or(v.node.span()),
                    &path,
                    format!(
                        "{path}: the fields of version {} differ from version {} ({diff}) but spec.conversion.strategy is None: objects are not converted between them",
                        v.name, first.name
                    ),
                )
                .with_help("with `None` only apiVersion changes; fields one version lacks are pruned when objects are read or written through it"),
            );
        }
    }
}

static EMPTY_MAP: std::sync::LazyLock<crate::yaml::Map> =
    std::sync::LazyLock::new(crate::yaml::Map::new);

fn props_of(n: &Node) -> &crate::yaml::Map {
    n.get("properties")
        .and_then(Node::as_map)
        .unwrap_or(&EMPTY_MAP)
}

/// The first difference in the *shape* of two schemas (what pruning keeps: property names,
/// types, items, additionalProperties, preserve-unknown-fields), ignoring docs and value
/// validations, which do not change what is stored.
fn shape_diff(a: &Node, b: &Node, names: (&str, &str), at: &str, depth: usize) -> Option<String> {
    if depth > 100 {
        return None;
    }
    let here = |what: &str| {
        let p = if at.is_empty() { "<root>" } else { at };
        Some(format!("{what} at {p}"))
    };
    for k in [
        "type",
        "x-kubernetes-preserve-unknown-fields",
        "x-kubernetes-int-or-string",
        "x-kubernetes-embedded-resource",
    ] {
        let (x, y) = (get_set(a, k), get_set(b, k));
        let same = match (x, y) {
            (None, None) => true,
            (Some(x), Some(y)) => x.value_eq(y),
            _ => false,
        };
        if !same {
            return here(&format!("`{k}` differs"));
        }
    }
    let (pa, pb) = (props_of(a), props_of(b));
    // A resource root always keeps apiVersion, kind and metadata, declared or not.
    let kept = |k: &str| at.is_empty() && matches!(k, "apiVersion" | "kind" | "metadata");
    for e in pa.entries.iter().filter(|e| !kept(&e.key)) {
        let child = if at.is_empty() {
            format!(".{}", e.key)
        } else {
            format!("{at}.{}", e.key)
        };
        match pb.get(&e.key) {
            None => return Some(format!("`{child}` only in {}", names.0)),
            Some(y) => {
                if let Some(d) = shape_diff(&e.value, y, names, &child, depth + 1) {
                    return Some(d);
                }
            }
        }
    }
    if let Some(e) = pb
        .entries
        .iter()
        .find(|e| !kept(&e.key) && !pa.contains_key(&e.key))
    {
        let child = if at.is_empty() {
            format!(".{}", e.key)
        } else {
            format!("{at}.{}", e.key)
        };
        return Some(format!("`{child}` only in {}", names.1));
    }
    match (get_set(a, "items"), get_set(b, "items")) {
        (Some(x), Some(y)) => {
            if let Some(d) = shape_diff(x, y, names, &format!("{at}[]"), depth + 1) {
                return Some(d);
            }
        }
        (None, None) => {}
        _ => return here("`items` differs"),
    }
    match (
        get_set(a, "additionalProperties"),
        get_set(b, "additionalProperties"),
    ) {
        (Some(x), Some(y)) if x.as_map().is_some() && y.as_map().is_some() => {
            shape_diff(x, y, names, &format!("{at}[*]"), depth + 1)
        }
        (None, None) => None,
        (Some(x), Some(y)) if x.value_eq(y) => None,
        _ => here("`additionalProperties` differs"),
    }
}

/// Resolves `.a.b` (no filters, no wildcards) in a schema; `None` when the path is not simple.
fn resolve_simple<'a>(schema: &'a Node, path: &str) -> Option<Result<&'a Node, String>> {
    let p = path.strip_prefix('.')?;
    if p.is_empty() || p.contains(['[', '*', '?', '(', '@', '{', '\\', '"', '\'']) {
        return None;
    }
    let mut cur = schema;
    for seg in p.split('.') {
        if seg.is_empty() {
            return None;
        }
        if get_bool(cur, "x-kubernetes-preserve-unknown-fields") {
            return None;
        }
        if let Some(n) = cur.get("properties").and_then(|ps| ps.get(seg)) {
            cur = n;
        } else if let Some(ap) = cur.get("additionalProperties") {
            match ap.as_map() {
                Some(_) => cur = ap,
                None => return None,
            }
        } else if seg == "metadata"
            || (cur.get("properties").is_none() && get_str(cur, "type") != Some("object"))
        {
            return None;
        } else {
            return Some(Err(seg.to_string()));
        }
    }
    Some(Ok(cur))
}

fn columns(crd: &Internal, out: &mut Vec<Diagnostic>) {
    for v in &crd.versions {
        let Some(schema) = v.own_schema.and_then(|s| get_set(s, "openAPIV3Schema")) else {
            continue;
        };
        let key = if crd.v1 { "jsonPath" } else { "JSONPath" };
        for (j, col) in get_seq(v.node, "additionalPrinterColumns")
            .iter()
            .enumerate()
        {
            let Some(jp) = get_str(col, key) else {
                continue;
            };
            if jp.starts_with(".metadata.") {
                continue;
            }
            let path = format!("{}.additionalPrinterColumns[{j}].{key}", v.loc.user);
            let span = value_span(col, key);
            match resolve_simple(schema, jp) {
                None => {}
                Some(Err(seg)) => out.push(warn(
                    &PRINTER_COLUMN_PATH,
                    span,
                    &path,
                    format!("{path}: {jp:?} names no field of the schema of version {} (no property {seg:?})", v.name),
                )),
                Some(Ok(field)) => {
                    let ft = get_str(field, "type").unwrap_or("");
                    let ct = get_str(col, "type").unwrap_or("");
                    let fits = match ct {
                        "integer" => matches!(ft, "integer" | ""),
                        "number" => matches!(ft, "integer" | "number" | ""),
                        "boolean" => matches!(ft, "boolean" | ""),
                        "date" => matches!(ft, "string" | ""),
                        "string" => true,
                        _ => true,
                    };
                    if !fits {
                        out.push(warn(
                            &PRINTER_COLUMN_PATH,
                            span,
                            &path,
                            format!("{path}: column type {ct} does not fit the field {jp:?} of type {ft}"),
                        ));
                    }
                }
            }
        }
    }
}

fn formats(crd: &Internal, opts: &super::Options, out: &mut Vec<Diagnostic>) {
    // The server checks formats at its compatibility version and warns once per format name.
    let compat = opts.kube_version.compatibility_version();
    let mut seen = std::collections::HashSet::new();
    for (s, _) in crd.schemas() {
        for_each_subschema(s, 0, &mut |n: &Node| {
            let Some(f) = get_str(n, "format").filter(|f| !f.is_empty()) else {
                return;
            };
            let t = get_str(n, "type").unwrap_or("");
            let ios = n.get("x-kubernetes-int-or-string").and_then(Node::as_bool) == Some(true);
            let types: Vec<&str> = if ios {
                vec!["integer", "string"]
            } else if t.is_empty() {
                vec![]
            } else {
                vec![t]
            };
            for f in crate::schema::formats::unrecognized_formats(&types, f, compat) {
                if seen.insert(f.clone()) {
                    let mut d = Diagnostic::new(
                        &UNRECOGNIZED_FORMAT,
                        value_span(n, "format"),
                        format!("unrecognized format {f:?}"),
                    );
                    d.help = Some(format!(
                        "the API server ignores this format for type {:?} (Kubernetes {})",
                        if t.is_empty() { "<none>" } else { t },
                        opts.kube_version
                    ));
                    out.push(d);
                }
            }
        });
    }
}

/// The warnings decided node by node, in one walk: `schema/non-scalar-set` (from 1.37) and
/// `schema/pattern-too-complex`, every valid `pattern` that crdlint cannot compile within its
/// bounds (`crate::schema::regex::compile` gives `None`), at the pattern.
fn per_node(crd: &Internal, non_scalar_sets: bool, out: &mut Vec<Diagnostic>) {
    // One walk per schema for every per-node warning here: this runs for every CRD linted.
    let mut seen_sets = Vec::new();
    for (s, _) in crd.schemas() {
        for_each_subschema(s, 0, &mut |n: &Node| {
            if non_scalar_sets {
                non_scalar_set(n, &mut seen_sets, out);
            }
            rule_patterns(n, out);
            let Some(p) = get_str(n, "pattern").filter(|p| !p.is_empty()) else {
                return;
            };
            // An invalid pattern is the server's error (`schema/structural`), not this.
            if let Ok(None) = crate::schema::regex::compile(p) {
                out.push(Diagnostic::new(
                    &PATTERN_TOO_COMPLEX,
                    value_span(n, "pattern"),
                    crate::schema::regex::too_complex_message(p.len()),
                ));
            }
        });
    }
}

/// The same for the constant patterns of CEL `matches`/`find`/`findAll` in a schema's
/// `x-kubernetes-validations`: such a rule is left unchecked on objects (no verdict), so it is
/// said here, at the rule.
fn rule_patterns(n: &Node, out: &mut Vec<Diagnostic>) {
    use crate::cel::ast::ExprKind;
    let Some(rules) = n.get("x-kubernetes-validations").and_then(Node::as_seq) else {
        return;
    };
    for entry in rules {
        let Some(rule) =
            get_str(entry, "rule").filter(|r| r.contains("find") || r.contains("matches"))
        else {
            continue;
        };
        let Ok(parsed) = crate::cel::parse::parse(rule, crate::cel::parse::MacroSet::SortBy) else {
            continue;
        };
        let mut too_complex = None;
        parsed.expr.walk(&mut |e| {
            let ExprKind::Call { func, target, args } = &e.kind else {
                return;
            };
            if too_complex.is_some() || !matches!(func.as_str(), "matches" | "find" | "findAll") {
                return;
            }
            let re = if target.is_some() {
                args.first()
            } else {
                args.get(1)
            };
            if let Some(p) = re.and_then(|r| r.as_string_literal()) {
                if let Ok(None) = crate::schema::regex::compile(p) {
                    too_complex = Some(p.len());
                }
            }
        });
        if let Some(len) = too_complex {
            out.push(Diagnostic::new(
                &PATTERN_TOO_COMPLEX,
                value_span(entry, "rule"),
                format!(
                    "{}; the rule is not evaluated on objects",
                    crate::schema::regex::too_complex_message(len)
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Behavior row `NonScalarSetWarning`: the server warns from 1.37 on, once per item type.
    #[test]
    fn non_scalar_sets_are_warned_about_from_1_37() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/testdata/lint/schema/non-scalar-set.yaml"
        ))
        .expect("fixture");
        let root = crate::yaml::load(&text).remove(0).root.expect("crd");
        let at = |minor| -> Vec<String> {
            let opts = super::super::Options {
                kube_version: crate::k8s::KubeVersion { minor },
            };
            super::super::lint_crd(&root, &opts)
                .into_iter()
                .filter(|d| d.rule.id == NON_SCALAR_SET.id)
                .map(|d| d.message)
                .collect()
        };
        assert!(at(36).is_empty(), "{:?}", at(36));
        assert_eq!(
            at(37),
            [
                r#"x-kubernetes-list-type: set for items of type "object" is not supported by server-side apply or CEL validation rules"#,
                r#"x-kubernetes-list-type: set for items of type "array" is not supported by server-side apply or CEL validation rules"#,
            ]
        );
    }

    #[test]
    fn shape_differences_ignore_docs_and_validations() {
        let a = Node::from_json(&serde_json::json!({"type": "object", "properties": {
            "x": {"type": "string", "description": "one", "maxLength": 3}}}));
        let b = Node::from_json(&serde_json::json!({"type": "object", "properties": {
            "x": {"type": "string", "description": "two", "pattern": "^a"}}}));
        assert_eq!(shape_diff(&a, &b, ("v1", "v2"), "", 0), None);
        let c = Node::from_json(&serde_json::json!({"type": "object", "properties": {
            "x": {"type": "string"}, "y": {"type": "integer"}}}));
        assert_eq!(
            shape_diff(&a, &c, ("v1", "v2"), "", 0).as_deref(),
            Some("`.y` only in v2")
        );
    }

    #[test]
    fn simple_printer_paths_resolve() {
        let s = Node::from_json(&serde_json::json!({"type": "object", "properties": {
            "spec": {"type": "object", "properties": {"n": {"type": "integer"}}}}}));
        assert!(matches!(resolve_simple(&s, ".spec.n"), Some(Ok(_))));
        assert_eq!(
            resolve_simple(&s, ".spec.m").map(|r| r.err()),
            Some(Some("m".to_string()))
        );
        assert!(resolve_simple(&s, ".spec.items[0]").is_none());
    }
}
