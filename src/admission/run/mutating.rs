//! MutatingAdmissionPolicies run on one object before the validating ones, as the server's
//! mutating admission runs before its validating admission: each binding that selects the
//! object (the same matching as a validating binding's) invokes its policy once per param,
//! in order, the `IfNeeded` ones reinvoked ([`crate::admission::mutate::apply_all`]).
//!
//! An evaluated mutation becomes a [`Patch`] as apiserver `pkg/admission/plugin/policy/
//! mutating/patch` converts it (kubernetes `24a394e5`): `smd.go` takes an `Object{...}`'s
//! fields as the apply configuration, `json_patch.go` takes each `JSONPatch{...}`'s `op`,
//! `path`, `from` (when non-empty) and `value` (when set, marshalled as JSON); both first
//! check that nested `Object.x.y{}` names follow the field path (`pkg/cel/mutation/dynamic/
//! objects.go`, `CheckTypeNamesMatchFieldPathNames`).
//!
//! A mutation that fails is a policy error, worded by `generic/policy_dispatcher.go`
//! (`PolicyError.Error`: `policy 'NAME' with binding 'BINDING' denied request: ERROR`), that
//! denies the request unless the policy's `failurePolicy` is `Ignore`.

use serde_json::{Map, Number, Value as J};

use super::evaluate::{Conditions, Input};
use super::matching::{self, Match};
use super::reads::Reads;
use super::{params, rules, Policies, Request};
use crate::admission::mutate::{self, Operation, Patch, PatchType};
use crate::cel::eval::{convert::to_value_untyped, Value};
use crate::diag::{Diagnostic, Severity};
use crate::schema::Schema;
use crate::yaml::Node;

/// What the mutating policies did to one object.
pub struct Mutated {
    /// The object after the mutations, when one changed it.
    pub object: Option<Node>,
    /// Denials (failed mutations under `failurePolicy: Fail`) and notes.
    pub findings: Vec<Diagnostic>,
}

impl Policies {
    /// Whether the run has a MutatingAdmissionPolicy with a binding.
    pub fn mutates(&self) -> bool {
        !self.mutating_bindings.is_empty()
    }

    /// Runs the mutating policies on the object (`r.object`, defaulted), with the kind's
    /// schema (`None` when unknown).
    pub fn mutate(&self, r: &Request<'_>, schema: Option<&Schema>) -> Mutated {
        let mut findings = Vec::new();
        if self.mutating_bindings.is_empty() {
            return Mutated {
                object: None,
                findings,
            };
        }
        let (attrs, ns_node) = self.attrs(r);
        let ns_labels = ns_node.map(matching::labels);
        // One invocation per (binding, param) whose match conditions pass.
        let mut invocations: Vec<(usize, Input)> = Vec::new();
        let mut engine: Vec<mutate::Policy> = Vec::new();
        for (bi, b) in self.mutating_bindings.iter().enumerate() {
            let p = &self.mutating[b.policy];
            let Some(compiled) = &p.compiled else {
                continue;
            };
            let constraints = p.node.at(&["spec", "matchConstraints"]);
            let resources = b.node.at(&["spec", "matchResources"]);
            let first = matching::matches(constraints, &attrs, ns_labels.as_ref());
            let second = matching::matches(resources, &attrs, ns_labels.as_ref());
            match (first, second) {
                (Match::No, _) | (_, Match::No) => continue,
                (Match::Yes, Match::Yes) => {}
                _ => {
                    findings.push(not_decidable(&p.name, &b.name, r, format!("its namespaceSelector needs the labels of namespace '{}', whose Namespace object is not in the run", attrs.namespace)));
                    continue;
                }
            }
            // The server mutates the object converted to the version the policy matched and
            // converts the result back (`policy/mutating/dispatcher.go`); that round trip is
            // not emulated, so such a match is reported instead of mutating the wrong shape.
            if let Some(via) = matching::equivalent_match(constraints, &attrs) {
                let version = match via {
                    matching::Via::CrdVersion(v) => format!("version {v}"),
                    matching::Via::Builtin((g, v, _)) if g.is_empty() => v,
                    matching::Via::Builtin((g, v, _)) => format!("{g}/{v}"),
                    matching::Via::Own => String::new(),
                };
                findings.push(not_decidable(&p.name, &b.name, r, format!("it selects the object through {version}, and mutating the object converted to it is not emulated")));
                continue;
            }
            let param_ref = b.node.at(&["spec", "paramRef"]);
            let found = params::collect(
                p.param_kind.as_ref(),
                param_ref,
                attrs.namespace,
                &self.params,
            );
            let found = match found {
                Ok(found) => found,
                Err(e) => {
                    if !p.ignore {
                        let message = format!("failed to configure binding: {e}");
                        findings.push(denied(&p.name, &b.name, r, &message));
                    }
                    continue;
                }
            };
            let decidable = self.settings.authorizer != super::Authorizer::NotDecidable;
            if let Some((_, m)) = compiled
                .mutations
                .iter()
                .find(|(_, m)| m.authorizer && !decidable)
            {
                findings.push(
                    not_decidable(
                        &p.name,
                        &b.name,
                        r,
                        format!(
                            "expression '{}' calls the authorizer, which only a cluster can answer",
                            m.text
                        ),
                    )
                    .with_help(super::AUTHORIZER_HELP),
                );
                continue;
            }
            for param in found {
                // Mutations read the object whole (and it changes as they apply).
                let mut input = self.input(r, &attrs, ns_node, &Reads::all());
                input.set_params(param.map_or(Value::Null, |n| self.param_value(n)));
                invocations.push((bi, input));
                engine.push(mutate::Policy::from_node(&p.node));
            }
        }
        if invocations.is_empty() {
            return Mutated {
                object: None,
                findings,
            };
        }
        let before = r.object.to_json();
        // The match conditions of each invocation, on the object as it stands, in every round
        // (`dispatchInvocations` runs the matcher before deciding to reinvoke); their findings
        // are kept once each.
        let mut gate_findings: Vec<Diagnostic> = Vec::new();
        let mut gate = |pi: usize, _reinvoke: bool, cur: &serde_json::Value| -> bool {
            let (bi, input) = &invocations[pi];
            let b = &self.mutating_bindings[*bi];
            let p = &self.mutating[b.policy];
            let Some(compiled) = p.compiled.as_ref() else {
                return false;
            };
            let mut input = input.clone();
            input.set_object(to_value_untyped(&Node::from_json(cur)));
            let finding = match compiled.mutation_conditions(&input, self.kube) {
                Conditions::Matched => return true,
                Conditions::NotMatched => return false,
                Conditions::Authorizer(t) => not_decidable(
                    &p.name,
                    &b.name,
                    r,
                    format!(
                        "expression '{t}' calls the authorizer, which only a cluster can answer"
                    ),
                )
                .with_help(super::AUTHORIZER_HELP),
                Conditions::Error(_) if p.ignore => return false,
                Conditions::Error(message) => denied(&p.name, &b.name, r, &message),
            };
            if !gate_findings.iter().any(|d| d.message == finding.message) {
                gate_findings.push(finding);
            }
            false
        };
        let (after, errors) =
            mutate::apply_all(&engine, &before, schema, &mut gate, &mut |pi, i, _, cur| {
                let (bi, input) = &invocations[pi];
                let b = &self.mutating_bindings[*bi];
                let compiled = self.mutating[b.policy].compiled.as_ref();
                let mut input = input.clone();
                input.set_object(to_value_untyped(&Node::from_json(cur)));
                match compiled.map(|c| c.mutation(i, &mut input, self.kube)) {
                    Some(Ok(Some((pt, v)))) => to_patch(pt, &v),
                    Some(Ok(None)) | None => Err("not decidable offline".to_string()),
                    Some(Err(e)) => Err(e),
                }
            });
        findings.append(&mut gate_findings);
        for e in errors {
            let b = &self.mutating_bindings[invocations[e.policy].0];
            let p = &self.mutating[b.policy];
            if !p.ignore {
                findings.push(denied(&p.name, &b.name, r, &e.error.message));
            }
        }
        Mutated {
            object: (after != before).then(|| Node::from_json(&after)),
            findings,
        }
    }
}

/// `PolicyError.Error` (generic/policy_dispatcher.go) for a mutating policy.
fn denied(policy: &str, binding: &str, r: &Request<'_>, message: &str) -> Diagnostic {
    Diagnostic::new(
        &rules::MUTATION_FAILED,
        r.at,
        format!("policy '{policy}' with binding '{binding}' denied request: {message}"),
    )
    .with_help("the server refuses it with reason Invalid (422)")
}

fn not_decidable(policy: &str, binding: &str, r: &Request<'_>, why: String) -> Diagnostic {
    Diagnostic::new(
        &rules::NOT_DECIDABLE,
        r.at,
        format!("MutatingAdmissionPolicy '{policy}' with binding '{binding}' was not evaluated: {why}; not decidable offline"),
    )
    .with_severity(Severity::Info)
}

/// An evaluated mutation as the patch the server applies; `Err` is the server's text.
pub(crate) fn to_patch(kind: PatchType, v: &Value) -> Result<Patch, String> {
    match kind {
        PatchType::ApplyConfiguration => {
            let Value::Map(m) = v else {
                return Err(format!(
                    "unsupported return type from ApplyConfiguration expression: {}",
                    type_name(v)
                ));
            };
            if m.object.as_deref() != Some("Object") {
                return Err(format!(
                    "unsupported return type from ApplyConfiguration expression: {}",
                    type_name(v)
                ));
            }
            check_names(v)?;
            Ok(Patch::ApplyConfiguration(to_json(v)?))
        }
        PatchType::JsonPatch => {
            let Value::List(items) = v else {
                return Err(
                    "type mismatch: JSONPatchType.expression should evaluate to array".to_string(),
                );
            };
            let mut ops = Vec::new();
            for item in items.items() {
                let fields = match item {
                    Value::Map(m) if m.object.as_deref() == Some("JSONPatch") => m,
                    other => {
                        return Err(format!("type mismatch: JSONPatchType.expression should evaluate to array of JSONPatch: type conversion error from '{}' to 'JSONPatch'", type_name(other)));
                    }
                };
                let text = |k: &str| -> String {
                    fields
                        .entries
                        .iter()
                        .find(|(key, _)| matches!(key, crate::cel::eval::value::Key::String(s) if &**s == k))
                        .and_then(|(_, v)| v.as_str().map(str::to_string))
                        .unwrap_or_default()
                };
                let mut op = Operation::new(&text("op"), &text("path"));
                let from = text("from");
                if !from.is_empty() {
                    op = op.from(&from);
                }
                let value = fields.entries.iter().find(|(key, _)| {
                    matches!(key, crate::cel::eval::value::Key::String(s) if &**s == "value")
                });
                if let Some((_, val)) = value {
                    if let Value::Map(m) = val {
                        if m.object.is_some() {
                            check_names(val)?;
                        }
                    }
                    let j = to_json(val).map_err(|e| {
                        format!("JSONPath valueExpression evaluated to a type that could not marshal to JSON: {e}")
                    })?;
                    op = op.value(j);
                }
                ops.push(op);
            }
            Ok(Patch::JsonPatch(ops))
        }
    }
}

/// `CheckTypeNamesMatchFieldPathNames`: every nested `Object...{}` is named by the field path
/// from its root object.
fn check_names(v: &Value) -> Result<(), String> {
    let root = match v {
        Value::Map(m) => m.object.as_deref().unwrap_or("").to_string(),
        _ => return Ok(()),
    };
    let mut errs = Vec::new();
    names(v, &mut vec![root], &mut errs);
    if errs.is_empty() {
        Ok(())
    } else {
        Err(format!("type mismatch: {}", errs.join("\n")))
    }
}

fn names(v: &Value, path: &mut Vec<String>, errs: &mut Vec<String>) {
    match v {
        Value::Map(m) => {
            if let Some(t) = &m.object {
                let want = path.join(".");
                if **t != *want {
                    errs.push(format!("unexpected type name \"{t}\", expected \"{want}\", which matches field name path from root Object type"));
                }
                for (k, f) in m.entries.iter() {
                    if let crate::cel::eval::value::Key::String(k) = k {
                        path.push(k.to_string());
                        names(f, path, errs);
                        path.pop();
                    }
                }
            } else {
                for (_, f) in m.entries.iter() {
                    names(f, path, errs);
                }
            }
        }
        Value::List(l) => l.items().iter().for_each(|x| names(x, path, errs)),
        _ => {}
    }
}

/// A CEL value as JSON (cel-go's conversion to `structpb.Value`): durations and timestamps
/// as their strings, bytes base64-encoded; other types have no JSON form.
fn to_json(v: &Value) -> Result<J, String> {
    use crate::cel::eval::value::{format_duration, format_timestamp, Key};
    Ok(match v {
        Value::Null => J::Null,
        Value::Bool(b) => J::Bool(*b),
        Value::Int(i) => J::from(*i),
        Value::Uint(u) => J::from(*u),
        Value::Double(d) => Number::from_f64(*d).map_or(J::Null, J::Number),
        Value::String(s) => J::String(s.to_string()),
        Value::Bytes(b) => J::String(base64(b)),
        Value::Duration(n) => J::String(format_duration(*n)),
        Value::Timestamp(t) => J::String(format_timestamp(t)),
        Value::List(l) => J::Array(l.items().iter().map(to_json).collect::<Result<_, _>>()?),
        Value::Map(m) => {
            let mut out = Map::new();
            for (k, x) in m.entries.iter() {
                let Key::String(k) = k else {
                    return Err(format!(
                        "unsupported type conversion from map key '{}' to string",
                        type_name(&Value::Null)
                    ));
                };
                out.insert(k.to_string(), to_json(x)?);
            }
            J::Object(out)
        }
        other => {
            return Err(format!(
                "type conversion error from '{}' to 'structpb.Value'",
                type_name(other)
            ))
        }
    })
}

fn type_name(v: &Value) -> String {
    match v {
        Value::Map(m) if m.object.is_some() => m.object.as_deref().unwrap_or("").to_string(),
        other => other.type_name().to_string(),
    }
}

/// Standard base64 with padding (Go `encoding/json` for `[]byte`).
fn base64(b: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(b.len().div_ceil(3) * 4);
    for c in b.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= c.len() {
                out.push(T[(n >> shift) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::evaluate::{compile, Input};
    use super::*;
    use crate::k8s::KubeVersion;

    /// Mutation 0 of a MutatingAdmissionPolicy whose only mutation is `expr`, evaluated on
    /// `object`.
    fn patch(patch_type: &str, expr: &str, object: &str) -> Result<Option<Patch>, String> {
        let key = if patch_type == "JSONPatch" {
            "jsonPatch"
        } else {
            "applyConfiguration"
        };
        let policy = format!(
            "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicy\nmetadata: {{name: p}}\nspec:\n  mutations:\n  - patchType: {patch_type}\n    {key}:\n      expression: '{expr}'\n"
        );
        let node = crate::yaml::load(&policy)[0].root.clone().expect("policy");
        let kube = KubeVersion::default();
        let compiled = compile(&node, false, kube).expect("compiles");
        let object = crate::yaml::load(object)[0].root.clone().expect("object");
        let mut input = Input::new(
            to_value_untyped(&object),
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Null,
            None,
        );
        match compiled.mutation(0, &mut input, kube)? {
            Some((pt, v)) => to_patch(pt, &v).map(Some),
            None => Ok(None),
        }
    }

    #[test]
    fn an_object_literal_is_an_apply_configuration() {
        let p = patch(
            "ApplyConfiguration",
            "Object{metadata: Object.metadata{labels: {\"team\": object.metadata.name}}}",
            "metadata: {name: web}",
        );
        assert_eq!(
            p,
            Ok(Some(Patch::ApplyConfiguration(
                serde_json::json!({"metadata": {"labels": {"team": "web"}}})
            )))
        );
    }

    #[test]
    fn jsonpatch_literals_are_operations_with_from_only_when_set() {
        let p = patch(
            "JSONPatch",
            "[JSONPatch{op: \"add\", path: \"/spec/items/-\", value: [1, 2]}, JSONPatch{op: \"move\", from: \"/a\", path: \"/b\"}, JSONPatch{op: \"remove\", path: \"/c\", from: \"\"}]",
            "spec: {}",
        );
        let ops = vec![
            Operation::new("add", "/spec/items/-").value(serde_json::json!([1, 2])),
            Operation::new("move", "/b").from("/a"),
            Operation::new("remove", "/c"),
        ];
        assert_eq!(p, Ok(Some(Patch::JsonPatch(ops))));
    }

    /// `CheckTypeNamesMatchFieldPathNames`: a nested object named off its field path.
    #[test]
    fn a_misnamed_nested_object_is_a_type_mismatch() {
        let p = patch(
            "ApplyConfiguration",
            "Object{spec: Object.spec{selector: Object.spec.wrong{}}}",
            "spec: {}",
        );
        assert_eq!(
            p,
            Err("type mismatch: unexpected type name \"Object.spec.wrong\", expected \"Object.spec.selector\", which matches field name path from root Object type".to_string())
        );
    }

    /// A runtime error is the evaluator's, worded as `filter.go` words it.
    #[test]
    fn a_runtime_error_is_the_servers_text() {
        let p = patch(
            "ApplyConfiguration",
            "Object{metadata: Object.metadata{labels: {\"a\": object.metadata.labels[\"x\"]}}}",
            "metadata: {name: web}",
        );
        let e = p.expect_err("no labels");
        assert!(e.starts_with("expression 'Object{"), "{e}");
        assert!(e.contains("resulted in error: "), "{e}");
    }

    #[test]
    fn base64_pads_as_go_does() {
        assert_eq!(base64(b"a"), "YQ==");
        assert_eq!(base64(b"ab"), "YWI=");
        assert_eq!(base64(b"abc"), "YWJj");
    }
}
