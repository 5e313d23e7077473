//! Whether an object of a removed built-in apiVersion means the same in the version to use
//! instead: what lets `check --fix` change `batch/v1beta1` to `batch/v1` and nothing else.
//!
//! The rule (README's `--fix` section and `api/removed-version`'s page say it too): the
//! object is read against both versions' schemas as the newest minor that served the old one
//! served them (the new one from the emulated minor when that minor lacked it), so that what
//! later minors added is not taken for a difference of versions. The upgrade is safe when
//! - every field the object writes is a field of the new version, and was one of the old
//!   (a field only the new version has would start to mean something);
//! - each such field has the same schema in both, but for its description: type, format,
//!   enum, default, bounds, list and map semantics (the fields inside are compared where the
//!   object writes them);
//! - no field the object leaves out is required by the new version only, or has another
//!   default there;
//! - no difference that upstream documents and the schemas cannot show applies to the
//!   object ([`SEMANTIC`]).
//!
//! Versions removed before the oldest minor crdlint carries (`extensions/v1beta1` in 1.16
//! and 1.22) have no schema here: never upgraded.

use serde_json::{Map, Value};

use crate::yaml::Node;

/// A removed apiVersion, the one to use instead, and both schemas.
#[derive(Debug)]
pub struct Upgrade {
    pub from: String,
    pub to: String,
    pub kind: String,
    /// The old version's schema, from the newest minor that served it; `None` when that
    /// minor is older than the bundle.
    pub old: Option<Value>,
    /// The new version's schema in the same minor (else in the emulated one).
    pub new: Value,
}

/// A difference upstream documents between two versions of a kind that their schemas do not
/// show: (old apiVersion, kind, field path, the condition on the field's value, why).
struct Semantic {
    from: &'static str,
    kind: &'static str,
    path: &'static [&'static str],
    applies: fn(&Node) -> bool,
    why: &'static str,
}

/// The documented differences. PodDisruptionBudget: policy/v1 made an empty selector select
/// every pod of the namespace, where policy/v1beta1's selected none (KEP-85 "Fix handling of
/// empty selector"; the deprecated API migration guide, 1.25). PriorityLevelConfiguration:
/// v1beta3 defaults a `nominalConcurrencyShares` of 0 to 30, v1 keeps 0
/// (ZeroLimitedNominalConcurrencyShares, stable in 1.30; the field is
/// `assuredConcurrencyShares` in v1beta1 and v1beta2, a rename the schemas show).
static SEMANTIC: &[Semantic] = &[
    Semantic {
        from: "policy/v1beta1",
        kind: "PodDisruptionBudget",
        path: &["spec", "selector"],
        applies: is_empty_selector,
        why: "an empty spec.selector selects no pods in policy/v1beta1 and every pod of the namespace in policy/v1",
    },
    Semantic {
        from: "flowcontrol.apiserver.k8s.io/v1beta3",
        kind: "PriorityLevelConfiguration",
        path: &["spec", "limited", "nominalConcurrencyShares"],
        applies: is_zero,
        why: "a nominalConcurrencyShares of 0 is defaulted to 30 in v1beta3 and means 0 in v1",
    },
];

fn is_empty_selector(n: &Node) -> bool {
    let empty = |key: &str| {
        n.get(key).is_none_or(|v| {
            v.as_map().is_some_and(|m| m.is_empty())
                || v.as_seq().is_some_and(|s| s.is_empty())
                || v.is_null()
        })
    };
    n.as_map().is_some() && empty("matchLabels") && empty("matchExpressions")
}

fn is_zero(n: &Node) -> bool {
    n.to_json().as_f64() == Some(0.0)
}

/// Why the object does not mean the same in `up.to`, or `None` when it does.
pub fn refusal(up: &Upgrade, obj: &Node) -> Option<String> {
    let Some(old) = &up.old else {
        return Some(format!(
            "crdlint carries no schema of {} (removed before the oldest minor it emulates)",
            up.from
        ));
    };
    for s in SEMANTIC {
        if s.from == up.from && s.kind == up.kind && obj.at(s.path).is_some_and(s.applies) {
            return Some(s.why.to_string());
        }
    }
    let mut path = Vec::new();
    compare(up, old, &up.new, obj, &mut path, true)
}

/// The keys of a schema node that are its own facts (not its description, nor the schemas of
/// what it contains, which are compared where the object has them).
fn own(schema: &Value) -> Map<String, Value> {
    let mut m = schema.as_object().cloned().unwrap_or_default();
    for k in [
        "description",
        "properties",
        "items",
        "additionalProperties",
        "required",
    ] {
        m.remove(k);
    }
    // A list without a list type is atomic (the OpenAPI extension's default).
    if m.get("x-kubernetes-list-type") == Some(&Value::from("atomic")) {
        m.remove("x-kubernetes-list-type");
    }
    m
}

fn compare(
    up: &Upgrade,
    old: &Value,
    new: &Value,
    obj: &Node,
    path: &mut Vec<String>,
    root: bool,
) -> Option<String> {
    let at = |path: &[String]| path.join(".");
    let (o, n) = (own(old), own(new));
    if o != n {
        let facet = o
            .keys()
            .chain(n.keys())
            .find(|k| o.get(*k) != n.get(*k))
            .cloned()
            .unwrap_or_default();
        return Some(format!(
            "{} has a different schema in {} ({facet})",
            at(path),
            up.to
        ));
    }
    if let Some(map) = obj.as_map() {
        let props = |s: &Value| s.get("properties").and_then(Value::as_object).cloned();
        let (op, np) = (props(old), props(new));
        if let (Some(op), Some(np)) = (&op, &np) {
            for (key, value) in map.iter() {
                if root && (key == "apiVersion" || key == "kind") {
                    continue;
                }
                path.push(key.to_string());
                let found = match (op.get(key), np.get(key)) {
                    (Some(a), Some(b)) => compare(up, a, b, value, path, false),
                    (_, None) => Some(format!("{} is not a field of {}", at(path), up.to)),
                    (None, Some(_)) => Some(format!("{} is not a field of {}", at(path), up.from)),
                };
                path.pop();
                if found.is_some() {
                    return found;
                }
            }
            let required = |s: &Value| -> Vec<String> {
                s.get("required")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            };
            let (or, nr) = (required(old), required(new));
            for (key, schema) in np {
                if map.get(key).is_some() {
                    continue;
                }
                let name = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{}.{key}", at(path))
                };
                if nr.contains(key) && !or.contains(key) {
                    return Some(format!("{name} is required in {}", up.to));
                }
                // A field only the new version has is not a difference of meaning unless it is
                // required (above): its default is what any object of that version gets.
                let old_default = op.get(key).map(|s| s.get("default"));
                if old_default.is_some_and(|d| schema.get("default") != d) {
                    return Some(format!("{name} is defaulted differently in {}", up.to));
                }
            }
        } else if let (Some(a), Some(b)) = (
            old.get("additionalProperties"),
            new.get("additionalProperties"),
        ) {
            for (key, value) in map.iter() {
                path.push(key.to_string());
                let found = compare(up, a, b, value, path, false);
                path.pop();
                if found.is_some() {
                    return found;
                }
            }
        }
    } else if let (Some(items), Some(a), Some(b)) =
        (obj.as_seq(), old.get("items"), new.get("items"))
    {
        for (i, item) in items.iter().enumerate() {
            let last = path.pop().unwrap_or_default();
            path.push(format!("{last}[{i}]"));
            let found = compare(up, a, b, item, path, false);
            path.pop();
            path.push(last);
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn up(old: Value, new: Value) -> Upgrade {
        Upgrade {
            from: "x/v1beta1".into(),
            to: "x/v1".into(),
            kind: "K".into(),
            old: Some(old),
            new,
        }
    }

    fn obj(yaml: &str) -> Node {
        crate::yaml::load(yaml).remove(0).root.expect("a document")
    }

    #[test]
    fn fields_and_their_schemas_decide() {
        let old = json!({"type": "object", "properties": {
        "spec": {"type": "object", "description": "old words", "properties": {
            "a": {"type": "string"},
            "num": {"type": "integer", "format": "int32"},
            "list": {"type": "array", "items": {"type": "object", "properties": {"x": {"type": "string"}}}}
        }}}});
        let same = json!({"type": "object", "properties": {
        "spec": {"type": "object", "description": "new words", "properties": {
            "a": {"type": "string", "description": "said differently"},
            "num": {"type": "integer", "format": "int32"},
            "b": {"type": "string"},
            "list": {"type": "array", "items": {"type": "object", "properties": {"x": {"type": "string"}}}}
        }}}});
        let o = obj("apiVersion: x/v1beta1\nkind: K\nspec:\n  a: s\n  num: 1\n  list:\n  - x: y\n");
        assert_eq!(refusal(&up(old.clone(), same), &o), None);

        let retyped = json!({"type": "object", "properties": {
        "spec": {"type": "object", "properties": {
            "a": {"type": "string"},
            "num": {"type": "integer", "format": "int64"},
            "list": {"type": "array", "items": {"type": "object", "properties": {"y": {"type": "string"}}}}
        }}}});
        assert_eq!(
            refusal(&up(old.clone(), retyped.clone()), &o).as_deref(),
            Some("spec.num has a different schema in x/v1 (format)")
        );
        let o2 = obj("spec:\n  list:\n  - x: y\n");
        assert_eq!(
            refusal(&up(old.clone(), retyped), &o2).as_deref(),
            Some("spec.list[0].x is not a field of x/v1")
        );
        let required = json!({"type": "object", "properties": {
            "spec": {"type": "object", "required": ["a"], "properties": {
                "a": {"type": "string"}, "num": {"type": "integer", "format": "int32"}}}}});
        assert_eq!(
            refusal(&up(old.clone(), required), &obj("spec:\n  num: 1\n")).as_deref(),
            Some("spec.a is required in x/v1")
        );
        let defaulted = json!({"type": "object", "properties": {
            "spec": {"type": "object", "properties": {
                "a": {"type": "string", "default": "on"}, "num": {"type": "integer", "format": "int32"}}}}});
        assert_eq!(
            refusal(&up(old, defaulted), &obj("spec:\n  num: 1\n")).as_deref(),
            Some("spec.a is defaulted differently in x/v1")
        );
    }

    #[test]
    fn documented_differences_and_missing_schemas_refuse() {
        let s = json!({"type": "object"});
        let mut pdb = up(s.clone(), s.clone());
        pdb.from = "policy/v1beta1".into();
        pdb.kind = "PodDisruptionBudget".into();
        for (yaml, refused) in [
            ("spec:\n  selector: {}\n", true),
            ("spec:\n  selector:\n    matchLabels: {}\n", true),
            ("spec:\n  selector:\n    matchLabels: {app: web}\n", false),
            ("spec:\n  minAvailable: 1\n", false),
        ] {
            assert_eq!(refusal(&pdb, &obj(yaml)).is_some(), refused, "{yaml}");
        }
        let mut early = up(s.clone(), s);
        early.old = None;
        assert!(refusal(&early, &obj("a: 1\n"))
            .unwrap()
            .starts_with("crdlint carries no schema of x/v1beta1"));
    }
}
