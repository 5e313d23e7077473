//! The API server's native (Go) validations of built-in kinds that users hit most and that
//! the OpenAPI documents do not carry: container names and images, container ports, env var
//! names, resource quantities, a workload's selector against its template's labels, Service
//! ports, and ConfigMap and Secret data (`config`). Messages and paths are the server's
//! (`pkg/apis/core/validation` and `pkg/apis/apps/validation`); each finding points at the node
//! it is about.
//!
//! They read the object as written (before pruning and defaulting), so values of the wrong
//! type are skipped here: the schema step reports those.

use std::collections::{BTreeMap, HashSet};

use super::rules;
use crate::diag::{Diagnostic, Rule, Span};
use crate::k8s::behavior::Behavior;
use crate::k8s::field::go_quote;
use crate::k8s::names;
use crate::k8s::quantity::Quantity;
use crate::k8s::{BadValue, FieldError, FieldPath, KubeVersion};
use crate::yaml::{Node, Value};

/// `IsValidPortNum`.
const PORT_RANGE: &str = "must be between 1 and 65535, inclusive";
const PROTOCOLS: &[&str] = &["SCTP", "TCP", "UDP"];

mod config;

struct Out {
    diags: Vec<Diagnostic>,
    /// The emulated minor's wording of the field errors.
    behavior: Behavior,
}

impl Out {
    fn push(&mut self, rule: &'static Rule, fe: FieldError, span: Span) {
        let d =
            Diagnostic::new(rule, span, fe.render(self.behavior)).with_path(fe.path.to_string());
        self.diags.push(d);
    }
}

/// The native checks for one object of `kind`.
pub fn check(kind: &str, obj: &Node, kv: KubeVersion) -> Vec<Diagnostic> {
    let mut out = Out {
        diags: Vec::new(),
        behavior: Behavior::of(kv),
    };
    let spec = FieldPath::new("spec");
    let template = spec.child("template");
    match kind {
        "Pod" => {
            pod_spec(obj, &["spec"], &spec, kv, &mut out);
            pod_only_images(obj.get("spec"), &spec, &mut out);
        }
        "PodTemplate" => {
            let t = FieldPath::new("template");
            pod_spec(obj, &["template", "spec"], &t.child("spec"), kv, &mut out);
        }
        "Deployment"
        | "ReplicaSet"
        | "StatefulSet"
        | "DaemonSet"
        | "Job"
        | "ReplicationController" => {
            template_metadata(
                obj.at(&["spec", "template", "metadata"]),
                &template,
                &mut out,
            );
            // A ReplicationController's template is a pointer: a missing one is its own
            // error (`spec.template: Required value`), not an empty pod.
            if kind != "ReplicationController" || obj.at(&["spec", "template"]).is_some() {
                let at = ["spec", "template", "spec"];
                pod_spec(obj, &at, &template.child("spec"), kv, &mut out);
            }
            if kind != "ReplicationController" {
                selector_matches(kind, obj, &template, &mut out);
            }
        }
        "CronJob" => {
            let t = spec.child("jobTemplate").child("spec").child("template");
            let at = ["spec", "jobTemplate", "spec", "template", "metadata"];
            template_metadata(obj.at(&at), &t, &mut out);
            let at = ["spec", "jobTemplate", "spec", "template", "spec"];
            pod_spec(obj, &at, &t.child("spec"), kv, &mut out);
        }
        "Service" => service_ports(obj, &mut out),
        "ConfigMap" => config::config_map(obj, &mut out),
        "Secret" => config::secret(obj, &mut out),
        _ => {}
    }
    out.diags
}

/// `ValidatePodTemplateSpec`'s `ValidateLabels` and `ValidateAnnotations` (key syntax) on a
/// pod template's metadata.
fn template_metadata(meta: Option<&Node>, template: &FieldPath, out: &mut Out) {
    let Some(meta) = meta else { return };
    let mp = template.child("metadata");
    if let Some(labels) = meta.get("labels").and_then(Node::as_map) {
        let lp = mp.child("labels");
        for e in &labels.entries {
            for m in names::is_qualified_name(&e.key) {
                let fe = FieldError::invalid(lp.clone(), e.key.as_str(), m);
                out.push(&rules::TEMPLATE_METADATA, fe, e.key_span);
            }
            if let Some(v) = e.value.as_str() {
                for m in names::is_valid_label_value(v) {
                    let fe = FieldError::invalid(lp.clone(), v, m);
                    out.push(&rules::TEMPLATE_METADATA, fe, e.value.span());
                }
            }
        }
    }
    if let Some(ann) = meta.get("annotations").and_then(Node::as_map) {
        let ap = mp.child("annotations");
        for e in &ann.entries {
            for m in names::is_qualified_name(&e.key.to_lowercase()) {
                let fe = FieldError::invalid(ap.clone(), e.key.as_str(), m);
                out.push(&rules::TEMPLATE_METADATA, fe, e.key_span);
            }
        }
    }
}

fn seq(n: Option<&Node>) -> &[Node] {
    n.and_then(Node::as_seq).unwrap_or(&[])
}

/// Where a finding about the missing node at `at` (below `obj`) points: the deepest node on
/// the way that is there, or the object's `kind`.
fn deepest_span(obj: &Node, at: &[&str]) -> Span {
    let mut span = obj.get("kind").map_or(obj.span(), |n| n.span());
    let mut node = obj;
    for key in at {
        match node.get(key) {
            Some(n) => {
                span = n.span();
                node = n;
            }
            None => break,
        }
    }
    span
}

/// `ValidatePodSpec`'s container checks on the pod spec at `at` in `obj`. A pod spec that is
/// not there is Go's zero value, which the server validates as well (a pod spec, a pod
/// template and a workload's `spec` are not pointers): its containers are missing.
fn pod_spec(obj: &Node, at: &[&str], path: &FieldPath, kv: KubeVersion, out: &mut Out) {
    let spec = obj.at(at);
    if spec.is_none_or(Node::is_null) {
        out.push(
            &rules::CONTAINER_REQUIRED,
            FieldError::required(path.child("containers"), ""),
            deepest_span(obj, at),
        );
        return;
    }
    let Some(spec) = spec.filter(|s| s.as_map().is_some()) else {
        return;
    };
    // The OpenAPI `required` of lists is not kept (see `convert`); a pod needs containers.
    if seq(spec.get("containers")).is_empty()
        && spec
            .get("containers")
            .is_none_or(|c| c.as_seq().is_some() || c.is_null())
    {
        let span = spec.get("containers").map_or(spec.span(), |n| n.span());
        out.push(
            &rules::CONTAINER_REQUIRED,
            FieldError::required(path.child("containers"), ""),
            span,
        );
    }
    let mut names: HashSet<&str> = HashSet::new();
    for field in ["initContainers", "containers", "ephemeralContainers"] {
        let list_path = path.child(field);
        for (i, c) in seq(spec.get(field)).iter().enumerate() {
            if c.as_map().is_none() {
                continue;
            }
            let cp = list_path.index(i);
            container(c, &cp, field != "ephemeralContainers", kv, &mut names, out);
        }
    }
}

fn container<'a>(
    c: &'a Node,
    path: &FieldPath,
    needs_image: bool,
    kv: KubeVersion,
    names: &mut HashSet<&'a str>,
    out: &mut Out,
) {
    // Name: required, a DNS-1123 label, unique in the pod.
    match c.get("name").map(|n| (n, &n.value)) {
        None | Some((_, Value::Null)) => out.push(
            &rules::CONTAINER_NAME,
            FieldError::required(path.child("name"), ""),
            c.span(),
        ),
        Some((n, Value::String(s))) if s.is_empty() => out.push(
            &rules::CONTAINER_NAME,
            FieldError::required(path.child("name"), ""),
            n.span(),
        ),
        Some((n, Value::String(s))) => {
            let msgs = names::is_dns1123_label(s);
            for m in &msgs {
                out.push(
                    &rules::CONTAINER_NAME,
                    FieldError::invalid(path.child("name"), s.as_str(), m.clone()),
                    n.span(),
                );
            }
            if msgs.is_empty() && !names.insert(s) {
                out.push(
                    &rules::CONTAINER_NAME,
                    FieldError::duplicate(path.child("name"), s.as_str()),
                    n.span(),
                );
            }
        }
        Some(_) => {}
    }
    // Image: required (the OpenAPI says optional, the server does not), and only as
    // `len(ctr.Image) == 0`: `validateContainerCommon` (pkg/apis/core/validation/
    // validation.go) leaves whitespace alone on purpose, as `image: " "` is OpenShift's
    // placeholder for image triggers; a Pod's own check is `pod_only_images`.
    if needs_image {
        let empty = match c.get("image").map(|n| &n.value) {
            None | Some(Value::Null) => true,
            Some(Value::String(s)) => s.is_empty(),
            Some(_) => false,
        };
        if empty {
            let span = c.get("image").map_or(c.span(), |n| n.span());
            out.push(
                &rules::CONTAINER_REQUIRED,
                FieldError::required(path.child("image"), ""),
                span,
            );
        }
    }
    ports(c, path, out);
    env(c, path, kv, out);
    resources(c, path, out);
}

/// `validateContainerOnlyForPod` (`validateContainersOnlyForPod` in older releases), which
/// `ValidatePodCreate` runs on a Pod's containers, init containers and ephemeral containers
/// but never on a pod template: an image with leading or trailing whitespace (Go's
/// `strings.TrimSpace`, Unicode white space as Rust's `trim`).
fn pod_only_images(spec: Option<&Node>, path: &FieldPath, out: &mut Out) {
    let Some(spec) = spec else { return };
    for field in ["initContainers", "containers", "ephemeralContainers"] {
        for (i, c) in seq(spec.get(field)).iter().enumerate() {
            let Some(n) = c.get("image") else { continue };
            let Value::String(image) = &n.value else {
                continue;
            };
            if image.trim().len() != image.len() {
                let p = path.child(field).index(i).child("image");
                let fe = FieldError::invalid(
                    p,
                    image.as_str(),
                    "must not have leading or trailing whitespace",
                );
                out.push(&rules::CONTAINER_REQUIRED, fe, n.span());
            }
        }
    }
}

/// `validateContainerPorts`.
fn ports(c: &Node, path: &FieldPath, out: &mut Out) {
    let mut seen: HashSet<&str> = HashSet::new();
    for (i, p) in seq(c.get("ports")).iter().enumerate() {
        let pp = path.child("ports").index(i);
        if let Some(n) = p.get("name") {
            if let Some(name) = n.as_str().filter(|s| !s.is_empty()) {
                let msgs = names::is_valid_port_name(name);
                for m in &msgs {
                    out.push(
                        &rules::PORT,
                        FieldError::invalid(pp.child("name"), name, m.clone()),
                        n.span(),
                    );
                }
                if msgs.is_empty() && !seen.insert(name) {
                    out.push(
                        &rules::PORT,
                        FieldError::duplicate(pp.child("name"), name),
                        n.span(),
                    );
                }
            }
        }
        port_number(
            p.get("containerPort"),
            &pp.child("containerPort"),
            true,
            out,
        );
        port_number(p.get("hostPort"), &pp.child("hostPort"), false, out);
        protocol(p.get("protocol"), &pp.child("protocol"), &rules::PORT, out);
    }
}

fn port_number(n: Option<&Node>, path: &FieldPath, required: bool, out: &mut Out) {
    let Some((n, v)) = n.and_then(|n| Some((n, n.as_i64()?))) else {
        return;
    };
    if v == 0 {
        if required {
            out.push(
                &rules::PORT,
                FieldError::required(path.clone(), ""),
                n.span(),
            );
        }
    } else if !(1..=65535).contains(&v) {
        out.push(
            &rules::PORT,
            FieldError::invalid(path.clone(), v, PORT_RANGE),
            n.span(),
        );
    }
}

/// `supportedPortProtocols`; an empty protocol is defaulted to TCP before validation
/// (`SetDefaults_ContainerPort`, `SetDefaults_Service` in pkg/apis/core/v1/defaults.go).
fn protocol(n: Option<&Node>, path: &FieldPath, rule: &'static Rule, out: &mut Out) {
    let Some(n) = n else { return };
    let ok = match &n.value {
        Value::String(s) => s.is_empty() || PROTOCOLS.contains(&s.as_str()),
        Value::Null => true,
        _ => false,
    };
    if !ok {
        out.push(
            rule,
            FieldError::not_supported(path.clone(), BadValue::from_node(n), PROTOCOLS),
            n.span(),
        );
    }
}

/// `ValidateEnv`: names (values and sources are left to the schema).
fn env(c: &Node, path: &FieldPath, kv: KubeVersion, out: &mut Out) {
    for (i, e) in seq(c.get("env")).iter().enumerate() {
        let np = path.child("env").index(i).child("name");
        match e.get("name") {
            Some(n) => {
                let Some(name) = n.as_str() else { continue };
                if name.is_empty() {
                    out.push(&rules::ENV_NAME, FieldError::required(np, ""), n.span());
                    continue;
                }
                for m in env_var_name(name, kv) {
                    out.push(
                        &rules::ENV_NAME,
                        FieldError::invalid(np.clone(), name, m),
                        n.span(),
                    );
                }
            }
            None if e.as_map().is_some() => {
                out.push(&rules::ENV_NAME, FieldError::required(np, ""), e.span())
            }
            None => {}
        }
    }
}

/// `IsEnvVarName`, or from 1.32 (`RelaxedEnvironmentVariableValidation` on by default)
/// `IsRelaxedEnvVarName`.
fn env_var_name(name: &str, kv: KubeVersion) -> Vec<String> {
    let mut errs = Vec::new();
    if Behavior::of(kv).relaxed_env_var_names {
        if !name.chars().all(|c| (' '..='~').contains(&c) && c != '=') {
            errs.push(
                "a valid environment variable name must consist only of printable ASCII characters other than '='"
                    .to_string(),
            );
        }
        return errs;
    }
    let mut chars = name.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || "-._".contains(c));
    if !first_ok || !chars.all(|c| c.is_ascii_alphanumeric() || "-._".contains(c)) {
        errs.push(names::regex_error(
            "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit",
            "[-._a-zA-Z][-._a-zA-Z0-9]*",
            &["my.env-name", "MY_ENV.NAME", "MyEnvName1"],
        ));
    }
    match name {
        "." => errs.push("must not be '.'".to_string()),
        ".." => errs.push("must not be '..'".to_string()),
        _ if name.starts_with("..") => errs.push("must not start with '..'".to_string()),
        _ => {}
    }
    errs
}

/// `ValidateResourceRequirements`: quantities parse, are not negative, and requests do not
/// exceed limits.
fn resources(c: &Node, path: &FieldPath, out: &mut Out) {
    let rp = path.child("resources");
    let parsed = |field: &str, out: &mut Out| -> BTreeMap<String, (Quantity, String)> {
        let mut m = BTreeMap::new();
        let Some(map) = c.at(&["resources", field]).and_then(Node::as_map) else {
            return m;
        };
        for e in &map.entries {
            let text = match &e.value.value {
                Value::String(s) => s.clone(),
                Value::Int(i) => i.to_string().into(),
                Value::Float(f) => crate::k8s::field::go_float(*f).into(),
                _ => continue,
            };
            let kp = rp.child(field).key(&e.key);
            match Quantity::parse(&text) {
                Err(err) => out.push(
                    &rules::RESOURCES,
                    FieldError::invalid(kp, text.as_str(), err.to_string()),
                    e.value.span(),
                ),
                Ok(q) => {
                    if q.sign() < 0 {
                        out.push(
                            &rules::RESOURCES,
                            FieldError::invalid(
                                kp,
                                text.as_str(),
                                "must be greater than or equal to 0",
                            ),
                            e.value.span(),
                        );
                    }
                    m.insert(e.key.to_string(), (q, text.into()));
                }
            }
        }
        m
    };
    let limits = parsed("limits", out);
    let requests = parsed("requests", out);
    for (name, (q, text)) in &requests {
        let Some((lq, ltext)) = limits.get(name) else {
            continue;
        };
        if q.cmp_value(lq).is_gt() {
            let span = c
                .at(&["resources", "requests", name])
                .map_or(c.span(), |n| n.span());
            out.push(
                &rules::RESOURCES,
                FieldError::invalid(
                    rp.child("requests"),
                    text.as_str(),
                    format!("must be less than or equal to {name} limit of {ltext}"),
                ),
                span,
            );
        }
    }
}

/// The pod template's string labels (`spec.template.metadata.labels`), none when absent.
fn template_labels(obj: &Node) -> BTreeMap<&str, &str> {
    obj.at(&["spec", "template", "metadata", "labels"])
        .and_then(Node::as_map)
        .map(|m| {
            m.entries
                .iter()
                .filter_map(|e| Some((e.key.as_str(), e.value.as_str()?)))
                .collect()
        })
        .unwrap_or_default()
}

/// `ValidateDeploymentSpec` and friends: a non-empty selector must match the template's labels.
/// A missing selector is `metav1.LabelSelectorAsSelector(nil)`, `labels.Nothing()`, which
/// matches no labels: the Deployment, ReplicaSet, StatefulSet and DaemonSet validations
/// report the mismatch too (apps/validation: `ValidatePodTemplateSpecForReplicaSet`,
/// `ValidatePodTemplateSpecForStatefulSet`, `ValidateDaemonSetSpec`), and the first three
/// `spec.selector: Required value` (the schema's `required` when `spec` is there, here when
/// the whole spec is Go's zero value).
fn selector_matches(kind: &str, obj: &Node, template: &FieldPath, out: &mut Out) {
    let nil_selector_fails = matches!(
        kind,
        "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet"
    );
    let sel = obj.at(&["spec", "selector"]).filter(|s| !s.is_null());
    if sel.is_none() && nil_selector_fails {
        let spec = obj.get("spec").filter(|s| !s.is_null());
        if spec.is_none() && kind != "DaemonSet" {
            out.push(
                &rules::SELECTOR_MISMATCH,
                FieldError::required(FieldPath::new("spec").child("selector"), ""),
                deepest_span(obj, &["spec"]),
            );
        }
        let span = deepest_span(obj, &["spec", "template", "metadata", "labels"]);
        mismatch(&template_labels(obj), template, span, out);
        return;
    }
    let Some(sel) = sel.filter(|s| s.as_map().is_some()) else {
        return;
    };
    let labels = template_labels(obj);
    let match_labels = sel.get("matchLabels").and_then(Node::as_map);
    let exprs = seq(sel.get("matchExpressions"));
    if match_labels.is_none_or(|m| m.is_empty()) && exprs.is_empty() {
        return; // An empty selector is its own error (left to the server's other checks).
    }
    let mut ok = match_labels.is_none_or(|m| {
        m.entries.iter().all(|e| {
            e.value
                .as_str()
                .is_some_and(|v| labels.get(e.key.as_str()) == Some(&v))
        })
    });
    for e in exprs {
        let Some(key) = e.get_str("key") else { return };
        let values: Vec<&str> = seq(e.get("values"))
            .iter()
            .filter_map(Node::as_str)
            .collect();
        let have = labels.get(key);
        ok &= match e.get_str("operator") {
            Some("In") => have.is_some_and(|v| values.contains(v)),
            Some("NotIn") => have.is_none_or(|v| !values.contains(v)),
            Some("Exists") => have.is_some(),
            Some("DoesNotExist") => have.is_none(),
            _ => return, // An invalid operator is reported by the server's selector checks.
        };
    }
    if ok {
        return;
    }
    let span = obj
        .at(&["spec", "template", "metadata", "labels"])
        .or_else(|| obj.at(&["spec", "template"]))
        .map_or(sel.span(), |n| n.span());
    mismatch(&labels, template, span, out);
}

/// "`selector` does not match template `labels`", with the labels as Go prints the map.
fn mismatch(labels: &BTreeMap<&str, &str>, template: &FieldPath, span: Span, out: &mut Out) {
    let lpath = template.child("metadata").child("labels");
    let rendered: Vec<String> = labels
        .iter()
        .map(|(k, v)| format!("{}:{}", go_quote(k), go_quote(v)))
        .collect();
    let value = if labels.is_empty() {
        "map[string]string(nil)".to_string()
    } else {
        format!("map[string]string{{{}}}", rendered.join(", "))
    };
    out.push(
        &rules::SELECTOR_MISMATCH,
        FieldError::invalid(
            lpath,
            BadValue::Json(value),
            "`selector` does not match template `labels`",
        ),
        span,
    );
}

/// `ValidateService`'s port checks.
fn service_ports(obj: &Node, out: &mut Out) {
    let ports = seq(obj.at(&["spec", "ports"]));
    let base = FieldPath::new("spec").child("ports");
    let mut names: HashSet<&str> = HashSet::new();
    let mut keys: HashSet<(String, i64)> = HashSet::new();
    for (i, p) in ports.iter().enumerate() {
        if p.as_map().is_none() {
            continue;
        }
        let pp = base.index(i);
        match p.get("name").and_then(Node::as_str) {
            Some(name) if !name.is_empty() => {
                let span = p.get("name").map_or(p.span(), |n| n.span());
                let msgs = names::is_dns1123_label(name);
                for m in &msgs {
                    out.push(
                        &rules::SERVICE_PORT,
                        FieldError::invalid(pp.child("name"), name, m.clone()),
                        span,
                    );
                }
                if msgs.is_empty() && !names.insert(name) {
                    out.push(
                        &rules::SERVICE_PORT,
                        FieldError::duplicate(pp.child("name"), name),
                        span,
                    );
                }
            }
            _ if ports.len() > 1 => out.push(
                &rules::SERVICE_PORT,
                FieldError::required(pp.child("name"), ""),
                p.span(),
            ),
            _ => {}
        }
        if p.get("port").is_none_or(Node::is_null) {
            // A missing port is Go's 0, which `validateServicePort` reports as out of range
            // (the OpenAPI's `required` for it is dropped: `super::required`).
            out.push(
                &rules::SERVICE_PORT,
                FieldError::invalid(pp.child("port"), 0i64, PORT_RANGE),
                p.span(),
            );
        }
        if let Some(n) = p.get("port") {
            if let Some(v) = n.as_i64() {
                if !(1..=65535).contains(&v) {
                    out.push(
                        &rules::SERVICE_PORT,
                        FieldError::invalid(pp.child("port"), v, PORT_RANGE),
                        n.span(),
                    );
                }
                let proto = p.get_str("protocol").unwrap_or("TCP").to_string();
                if !keys.insert((proto.clone(), v)) {
                    // The key `ValidateService` compares, the internal `core.ServicePort` with
                    // only Protocol and Port set: Go's `%#v` before 1.34, JSON from 1.34 (the
                    // internal type has no JSON tags; `IntOrString` marshals as its int).
                    let value = if out.behavior.field_value_json {
                        format!(
                            "{{\"Name\":\"\",\"Protocol\":{},\"AppProtocol\":null,\"Port\":{v},\"TargetPort\":0,\"NodePort\":0}}",
                            crate::k8s::field::go_json_string_at(&proto, out.behavior)
                        )
                    } else {
                        format!(
                            "core.ServicePort{{Name:\"\", Protocol:{}, AppProtocol:(*string)(nil), Port:{v}, TargetPort:intstr.IntOrString{{Type:0, IntVal:0, StrVal:\"\"}}, NodePort:0}}",
                            go_quote(&proto)
                        )
                    };
                    out.push(
                        &rules::SERVICE_PORT,
                        FieldError::duplicate(pp.clone(), BadValue::Json(value)),
                        p.span(),
                    );
                }
            }
        }
        protocol(
            p.get("protocol"),
            &pp.child("protocol"),
            &rules::SERVICE_PORT,
            out,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages of the native checks on a pod with one container built from `container`
    /// (YAML flow mapping) at the given minor.
    fn pod(container: &str, minor: u32) -> Vec<String> {
        let text = format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - {container}\n");
        let docs = crate::yaml::load(&text);
        let root = docs[0].root.as_ref().unwrap();
        check("Pod", root, KubeVersion { minor })
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    fn ok(container: &str) {
        assert_eq!(pod(container, 35), Vec::<String>::new(), "{container}");
    }

    #[test]
    fn container_names() {
        ok("{name: web, image: nginx}");
        assert_eq!(
            pod("{image: nginx}", 35),
            ["spec.containers[0].name: Required value"]
        );
        assert_eq!(
            pod("{name: Web, image: nginx}", 35),
            ["spec.containers[0].name: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"]
        );
    }

    #[test]
    fn containers_and_images_are_required() {
        assert_eq!(
            pod("{name: web}", 35),
            ["spec.containers[0].image: Required value"]
        );
        assert_eq!(
            pod("{name: web, image: \"\"}", 35),
            ["spec.containers[0].image: Required value"]
        );
        // Only `len(ctr.Image) == 0` is required (validateContainerCommon); a Pod, unlike a
        // template, refuses surrounding white space (validateContainerOnlyForPod).
        assert_eq!(
            pod("{name: web, image: \" \"}", 35),
            ["spec.containers[0].image: Invalid value: \" \": must not have leading or trailing whitespace"]
        );
        let docs = crate::yaml::load(
            "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec: {containers: [{name: c, image: \" \"}]}\n",
        );
        assert!(check(
            "Deployment",
            docs[0].root.as_ref().unwrap(),
            KubeVersion::NEWEST
        )
        .is_empty());
        let docs = crate::yaml::load(
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: []\n",
        );
        let found = check("Pod", docs[0].root.as_ref().unwrap(), KubeVersion::NEWEST);
        assert_eq!(found[0].message, "spec.containers: Required value");
    }

    #[test]
    fn container_ports() {
        ok("{name: web, image: x, ports: [{containerPort: 80, name: http, protocol: UDP}, {containerPort: 81, hostPort: 8081}]}");
        assert_eq!(
            pod("{name: web, image: x, ports: [{containerPort: 0}]}", 35),
            ["spec.containers[0].ports[0].containerPort: Required value"]
        );
        assert_eq!(
            pod("{name: web, image: x, ports: [{containerPort: 80, hostPort: 70000}]}", 35),
            ["spec.containers[0].ports[0].hostPort: Invalid value: 70000: must be between 1 and 65535, inclusive"]
        );
        assert_eq!(
            pod("{name: web, image: x, ports: [{containerPort: 80, name: HTTP_PORT}]}", 35),
            [
                "spec.containers[0].ports[0].name: Invalid value: \"HTTP_PORT\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)",
                "spec.containers[0].ports[0].name: Invalid value: \"HTTP_PORT\": must contain at least one letter (a-z)",
            ]
        );
        assert_eq!(
            pod("{name: web, image: x, ports: [{containerPort: 80, name: http}, {containerPort: 81, name: http}]}", 35),
            ["spec.containers[0].ports[1].name: Duplicate value: \"http\""]
        );
        assert_eq!(
            pod("{name: web, image: x, ports: [{containerPort: 80, protocol: 22}]}", 35),
            ["spec.containers[0].ports[0].protocol: Unsupported value: 22: supported values: \"SCTP\", \"TCP\", \"UDP\""]
        );
    }

    #[test]
    fn env_var_names_per_minor() {
        ok("{name: web, image: x, env: [{name: MY_VAR.x-1, value: a}]}");
        assert_eq!(
            pod("{name: web, image: x, env: [{name: \"\", value: a}]}", 35),
            ["spec.containers[0].env[0].name: Required value"]
        );
        // `1VAR` is rejected before 1.32 and accepted from 1.32 on; `A=B` never.
        assert_eq!(
            pod("{name: web, image: x, env: [{name: 1VAR}]}", 31).len(),
            1
        );
        assert!(pod("{name: web, image: x, env: [{name: 1VAR}]}", 32).is_empty());
        assert_eq!(
            pod("{name: web, image: x, env: [{name: A=B}]}", 35),
            ["spec.containers[0].env[0].name: Invalid value: \"A=B\": a valid environment variable name must consist only of printable ASCII characters other than '='"]
        );
        assert_eq!(
            pod("{name: web, image: x, env: [{name: ..x}]}", 30),
            ["spec.containers[0].env[0].name: Invalid value: \"..x\": must not start with '..'"]
        );
    }

    #[test]
    fn resource_quantities() {
        ok("{name: web, image: x, resources: {requests: {cpu: 500m, memory: 1Gi}, limits: {cpu: \"1\", memory: 1Gi}}}");
        assert_eq!(
            pod("{name: web, image: x, resources: {limits: {cpu: lots}}}", 35),
            ["spec.containers[0].resources.limits[cpu]: Invalid value: \"lots\": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"]
        );
        assert_eq!(
            pod("{name: web, image: x, resources: {requests: {cpu: \"-1\"}}}", 35),
            ["spec.containers[0].resources.requests[cpu]: Invalid value: \"-1\": must be greater than or equal to 0"]
        );
        assert_eq!(
            pod("{name: web, image: x, resources: {requests: {memory: 2Gi}, limits: {memory: 1Gi}}}", 35),
            ["spec.containers[0].resources.requests: Invalid value: \"2Gi\": must be less than or equal to memory limit of 1Gi"]
        );
    }

    fn workload(kind: &str, selector: &str, labels: &str) -> Vec<String> {
        let text = format!("apiVersion: apps/v1\nkind: {kind}\nmetadata: {{name: w}}\nspec:\n  selector: {selector}\n  template:\n    metadata: {{labels: {labels}}}\n    spec: {{containers: [{{name: c, image: i}}]}}\n");
        let docs = crate::yaml::load(&text);
        check(kind, docs[0].root.as_ref().unwrap(), KubeVersion::NEWEST)
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn template_labels_and_annotations() {
        assert!(workload("Deployment", "{matchLabels: {app: a}}", "{app: a, x/y: z}").is_empty());
        assert_eq!(
            workload("Deployment", "{matchLabels: {app: a}}", "{app: a, x: \"a b\"}"),
            ["spec.template.metadata.labels: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"]
        );
        assert_eq!(
            workload(
                "Deployment",
                "{matchLabels: {app: a}}",
                "{app: a, \"bad key\": x}"
            )
            .len(),
            1
        );
    }

    #[test]
    fn selectors_match_template_labels() {
        for kind in [
            "Deployment",
            "ReplicaSet",
            "StatefulSet",
            "DaemonSet",
            "Job",
        ] {
            assert!(workload(kind, "{matchLabels: {app: a}}", "{app: a, x: y}").is_empty());
            assert_eq!(
                workload(kind, "{matchLabels: {app: a}}", "{app: b}"),
                ["spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"b\"}: `selector` does not match template `labels`"],
                "{kind}"
            );
        }
        assert!(workload(
            "Deployment",
            "{matchExpressions: [{key: app, operator: In, values: [a, b]}]}",
            "{app: b}"
        )
        .is_empty());
        assert_eq!(
            workload(
                "Deployment",
                "{matchExpressions: [{key: app, operator: DoesNotExist}]}",
                "{app: b}"
            )
            .len(),
            1
        );
    }

    fn service(ports: &str) -> Vec<String> {
        service_at(ports, KubeVersion::NEWEST.minor)
    }

    fn service_at(ports: &str, minor: u32) -> Vec<String> {
        let text = format!(
            "apiVersion: v1\nkind: Service\nmetadata: {{name: s}}\nspec:\n  ports: {ports}\n"
        );
        let docs = crate::yaml::load(&text);
        check(
            "Service",
            docs[0].root.as_ref().unwrap(),
            KubeVersion { minor },
        )
        .into_iter()
        .map(|d| d.message)
        .collect()
    }

    #[test]
    fn service_ports() {
        assert!(service("[{port: 80}]").is_empty());
        assert!(service("[{name: a, port: 80}, {name: b, port: 80, protocol: UDP}]").is_empty());
        assert_eq!(
            service("[{port: 80}, {name: b, port: 81}]"),
            ["spec.ports[0].name: Required value"]
        );
        assert_eq!(
            service("[{name: a, port: 0}]"),
            ["spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive"]
        );
        assert_eq!(
            service_at("[{name: a, port: 80}, {name: b, port: 80}]", 33),
            ["spec.ports[1]: Duplicate value: core.ServicePort{Name:\"\", Protocol:\"TCP\", AppProtocol:(*string)(nil), Port:80, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:\"\"}, NodePort:0}"]
        );
        assert_eq!(
            service_at("[{name: a, port: 80}, {name: b, port: 80}]", 34),
            ["spec.ports[1]: Duplicate value: {\"Name\":\"\",\"Protocol\":\"TCP\",\"AppProtocol\":null,\"Port\":80,\"TargetPort\":0,\"NodePort\":0}"]
        );
        // A missing port is Go's 0 (validateServicePort), not "Required value".
        assert_eq!(
            service("[{name: a, targetPort: 80}]"),
            ["spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive"]
        );
        // An empty protocol is defaulted to TCP (SetDefaults_Service) before validation.
        assert!(service("[{port: 80, protocol: \"\"}]").is_empty());
        ok("{name: web, image: x, ports: [{containerPort: 80, protocol: \"\"}]}");
    }

    /// The native checks' messages on a Secret of `ty` with the given bags (YAML).
    fn secret(ty: &str, bags: &str) -> Vec<String> {
        let text =
            format!("apiVersion: v1\nkind: Secret\nmetadata: {{name: s}}\ntype: {ty}\n{bags}");
        let docs = crate::yaml::load(&text);
        let root = docs[0].root.as_ref().unwrap();
        check("Secret", root, KubeVersion { minor: 35 })
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn docker_configs_must_be_json_objects() {
        use base64::Engine as _;
        let b64 = |s: &str| base64::engine::general_purpose::STANDARD.encode(s);
        let json = "kubernetes.io/dockerconfigjson";
        let good = r#"{"auths":{"registry.example.com":{"auth":"dXNlcjpwYXNz"}}}"#;
        // Good: base64 in `data`, text in `stringData`, and the old `.dockercfg` shape.
        let none = Vec::<String>::new();
        assert_eq!(
            secret(
                json,
                &format!("data:\n  .dockerconfigjson: {}\n", b64(good))
            ),
            none
        );
        assert_eq!(
            secret(
                json,
                &format!("stringData:\n  .dockerconfigjson: '{good}'\n")
            ),
            none
        );
        let cfg = r#"{"registry.example.com":{"auth":"dXNlcjpwYXNz"}}"#;
        assert_eq!(
            secret(
                "kubernetes.io/dockercfg",
                &format!("data:\n  .dockercfg: {}\n", b64(cfg))
            ),
            none
        );
        // `stringData` wins over `data`, as the conversion merges them.
        assert_eq!(
            secret(
                json,
                &format!(
                    "data:\n  .dockerconfigjson: {}\nstringData:\n  .dockerconfigjson: '{good}'\n",
                    b64("nope")
                )
            ),
            none
        );
        // Bad: the server's path, the value redacted, Go's JSON error.
        assert_eq!(
            secret(json, &format!("data:\n  .dockerconfigjson: {}\n", b64("{\"auths\": }"))),
            ["data[.dockerconfigjson]: Invalid value: \"<secret contents redacted>\": invalid character '}' looking for beginning of value"]
        );
        assert_eq!(
            secret("kubernetes.io/dockercfg", "stringData:\n  .dockercfg: '[]'\n"),
            ["data[.dockercfg]: Invalid value: \"<secret contents redacted>\": json: cannot unmarshal array into Go value of type map[string]interface {}"]
        );
        assert_eq!(
            secret(json, "stringData:\n  .dockerconfigjson: ''\n"),
            ["data[.dockerconfigjson]: Invalid value: \"<secret contents redacted>\": unexpected end of JSON input"]
        );
        // Missing: the required-key finding alone; other types: no JSON check.
        assert_eq!(
            secret(json, "data: {}\n"),
            ["data[.dockerconfigjson]: Required value"]
        );
        assert_eq!(
            secret("Opaque", "stringData:\n  .dockerconfigjson: x\n"),
            none
        );
        // Not base64: the schema step's finding, not a JSON one.
        assert_eq!(secret(json, "data:\n  .dockerconfigjson: '%%%'\n"), none);
    }
}
