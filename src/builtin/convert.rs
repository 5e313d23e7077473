//! OpenAPI v3 definitions of built-in kinds to one self-contained schema in the shape of a
//! CRD's `openAPIV3Schema`, so that [`crate::schema::Schema`] and the custom-resource
//! validator read it unchanged.
//!
//! What changes on the way, each the way the server (whose typed decoding and Go defaulting
//! stand behind these documents) or kubectl-validate treats it:
//! - `$ref` and `allOf: [{$ref}]` are inlined (a definition already on the way down becomes a
//!   free-form object: only `JSONSchemaProps` recurses, and CRDs are linted elsewhere);
//! - `IntOrString` (`format: int-or-string`, `oneOf: [integer, string]`) becomes
//!   `x-kubernetes-int-or-string: true`; `Quantity` keeps its `oneOf: [string, number]`, which
//!   gives the server's and kubectl-validate's wording for a wrongly typed quantity;
//! - `RawExtension` and `FieldsV1` hold arbitrary JSON (`x-kubernetes-preserve-unknown-fields`);
//! - defaults equal to the Go zero value (`{}`, `0`, `""`, `false`, `[]`) are dropped: they
//!   only mark non-pointer fields, and applying them would invent fields (and required
//!   errors inside them) the server never sees; other defaults (`protocol: TCP`, ...) stay,
//!   so list-map keys are defaulted before uniqueness is checked;
//! - `required` keeps only non-array fields: a missing list decodes to Go's nil slice, which
//!   the server takes (`EndpointSlice.endpoints`); the lists it does insist on (a pod's
//!   `containers`) are native checks; and it loses the fields the Go validation leaves
//!   unchecked ([`super::required`]);
//! - the root `metadata` becomes `{type: object}`: the validator decodes and checks the root
//!   `ObjectMeta` itself, as for custom resources (nested ones, in pod templates, keep their
//!   full schema: unknown fields and types are checked there).

use serde_json::{Map, Value};

use super::bundle::Index;
use super::required;

/// Depth at which inlining stops (deeper than any built-in kind's definitions nest).
const MAX_DEPTH: usize = 64;

/// The schema of the definition `id` in minor `slot`, refs resolved in that minor.
pub fn schema_of(index: &Index, slot: usize, id: usize) -> Option<Value> {
    let mut stack = Vec::new();
    let mut root = definition(index, slot, id, &mut stack, 0)?;
    if let Some(props) = root.get_mut("properties").and_then(Value::as_object_mut) {
        if props.contains_key("metadata") {
            props.insert("metadata".into(), serde_json::json!({"type": "object"}));
        }
    }
    Some(root)
}

/// The schema of the definition `id` with its root `metadata` whole (`ObjectMeta` inlined), as
/// the API server's schema resolver gives it to admission policy type-checking.
/// A value without a `type` but with a `oneOf` (a `Quantity`) becomes `dyn` there
/// (`x-kubernetes-int-or-string`): CEL declares no field of a schema without a type, and the
/// server's resolver types a quantity, so dropping the field would make `resources.limits` an
/// undefined field (a false finding); `dyn` accepts what the server's type accepts.
pub fn schema_with_metadata(index: &Index, slot: usize, id: usize) -> Option<Value> {
    let mut root = definition(index, slot, id, &mut Vec::new(), 0)?;
    untyped_one_of_as_dyn(&mut root, 0);
    Some(root)
}

fn untyped_one_of_as_dyn(v: &mut Value, depth: usize) {
    if depth > MAX_DEPTH * 4 {
        return;
    }
    match v {
        Value::Object(m) => {
            if m.contains_key("oneOf") && !m.contains_key("type") {
                *v = serde_json::json!({"x-kubernetes-int-or-string": true});
                return;
            }
            for child in m.values_mut() {
                untyped_one_of_as_dyn(child, depth + 1);
            }
        }
        Value::Array(a) => {
            for child in a {
                untyped_one_of_as_dyn(child, depth + 1);
            }
        }
        _ => {}
    }
}

fn definition(
    index: &Index,
    slot: usize,
    id: usize,
    stack: &mut Vec<usize>,
    depth: usize,
) -> Option<Value> {
    let name = index.def_name(id);
    match name {
        "io.k8s.apimachinery.pkg.util.intstr.IntOrString" => {
            return Some(serde_json::json!({"x-kubernetes-int-or-string": true}));
        }
        "io.k8s.apimachinery.pkg.runtime.RawExtension"
        | "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1" => {
            return Some(
                serde_json::json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true}),
            );
        }
        _ => {}
    }
    if stack.contains(&id) || depth > MAX_DEPTH {
        return Some(
            serde_json::json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true}),
        );
    }
    let bodies = index.body(id)?;
    let body = bodies.get(index.slot_in_package(id))?;
    stack.push(id);
    let mut out = node(index, slot, body, stack, depth + 1);
    stack.pop();
    if required::has_rows(name) {
        drop_unenforced(&mut out, name, index.minors.get(slot).copied().unwrap_or(0));
    }
    Some(out)
}

/// One schema node with its refs inlined.
fn node(index: &Index, slot: usize, v: &Value, stack: &mut Vec<usize>, depth: usize) -> Value {
    let Value::Object(m) = v else {
        return v.clone();
    };
    // `{$ref}` or `{allOf: [{$ref}], default: ..}`: the referenced schema, with the
    // siblings (a default) laid over it.
    let target = m.get("$ref").and_then(Value::as_str).or_else(|| {
        match m.get("allOf").and_then(Value::as_array).map(Vec::as_slice) {
            Some([one]) => one.get("$ref").and_then(Value::as_str),
            _ => None,
        }
    });
    let mut out = match target.and_then(|t| index.def_id(slot, t)) {
        Some(id) => match definition(index, slot, id, stack, depth) {
            Some(Value::Object(o)) => o,
            _ => Map::new(),
        },
        None => Map::new(),
    };
    for (k, val) in m {
        match k.as_str() {
            "$ref" => {}
            "allOf" if target.is_some() => {}
            "default" if is_zero(val) => {}
            "properties" => {
                let props = val
                    .as_object()
                    .map(|ps| {
                        ps.iter()
                            .map(|(name, p)| (name.clone(), node(index, slot, p, stack, depth)))
                            .collect::<Map<_, _>>()
                    })
                    .unwrap_or_default();
                out.insert(k.clone(), Value::Object(props));
            }
            "required" => {
                let props = m.get("properties").and_then(Value::as_object);
                let keep: Vec<Value> = val
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|r| {
                        let p = r.as_str().and_then(|r| props?.get(r));
                        p.and_then(|p| p.get("type")).and_then(Value::as_str) != Some("array")
                    })
                    .cloned()
                    .collect();
                if !keep.is_empty() {
                    out.insert(k.clone(), Value::Array(keep));
                }
            }
            "items" | "additionalProperties" | "not" if val.is_object() => {
                out.insert(k.clone(), node(index, slot, val, stack, depth));
            }
            "allOf" | "anyOf" | "oneOf" => {
                let list = val
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .map(|s| node(index, slot, s, stack, depth))
                            .collect()
                    })
                    .unwrap_or_default();
                out.insert(k.clone(), Value::Array(list));
            }
            _ => {
                out.insert(k.clone(), val.clone());
            }
        }
    }
    Value::Object(out)
}

/// Removes from `required` the fields of definition `name` that the server's Go validation
/// does not require at `minor` (see [`required`]).
fn drop_unenforced(schema: &mut Value, name: &str, minor: u32) {
    let Some(list) = schema.get_mut("required").and_then(Value::as_array_mut) else {
        return;
    };
    list.retain(|f| {
        !f.as_str()
            .is_some_and(|f| required::not_enforced(name, f, minor))
    });
    if list.is_empty() {
        if let Some(m) = schema.as_object_mut() {
            m.remove("required");
        }
    }
}

/// A Go zero value as a default: `{}`, `[]`, `0`, `""`, `false`, `null`.
fn is_zero(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema(minor: u32, def: &str) -> Value {
        let index = super::super::bundle::index().unwrap();
        let slot = index.minor_slot(minor).unwrap();
        schema_of(index, slot, index.def_id(slot, def).unwrap()).unwrap()
    }

    #[test]
    fn refs_are_inlined_with_the_servers_fixes() {
        let pod = schema(30, "io.k8s.api.core.v1.Pod");
        assert_eq!(
            pod["properties"]["metadata"],
            serde_json::json!({"type": "object"})
        );
        let containers = &pod["properties"]["spec"]["properties"]["containers"];
        assert_eq!(containers["x-kubernetes-list-type"], "map");
        let port = &containers["items"]["properties"]["ports"]["items"];
        assert_eq!(port["properties"]["protocol"]["default"], "TCP");
        // The zero default of a non-pointer int is not a default.
        assert!(port["properties"]["containerPort"].get("default").is_none());
        // `default: {}` on struct fields is gone too.
        assert!(pod["properties"]["spec"].get("default").is_none());
        let probe = &containers["items"]["properties"]["livenessProbe"]["properties"];
        assert_eq!(
            probe["httpGet"]["properties"]["port"],
            serde_json::json!({"x-kubernetes-int-or-string": true})
        );
        // Nested ObjectMeta keeps its schema.
        let tmpl = schema(30, "io.k8s.api.apps.v1.Deployment");
        let meta = &tmpl["properties"]["spec"]["properties"]["template"]["properties"]["metadata"];
        assert!(meta["properties"]["labels"].is_object());
    }

    #[test]
    fn enums_are_kept() {
        // No document of 1.23-1.35 publishes an `enum` (the checked-in v3 documents leave out
        // the values of Go's `+enum` types); a future one that does reaches the validator
        // unchanged, which reports a value outside it as the server does (`Unsupported value`).
        let index = Index::default();
        let v =
            serde_json::json!({"type": "string", "enum": ["Always", "Never"], "default": "Never"});
        let out = node(&index, 0, &v, &mut Vec::new(), 0);
        assert_eq!(out, v);
    }
}
