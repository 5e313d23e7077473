//! An `ApplyConfiguration` merged into an object as the API server merges it: apiserver
//! `pkg/admission/plugin/policy/mutating/patch/smd.go` (`ApplyStructuredMergeDiff`) converts the
//! patch to a typed value (a field the schema does not declare fails), refuses a patch that
//! sets an atomic list, map or struct (`validatePatch`/`findAtomics`), and merges it into the
//! live object with structured-merge-diff's `TypedValue.Merge` (`typed/merge.go`, read at
//! kubernetes-sigs/structured-merge-diff `15d07547`):
//!
//! * maps and structs are merged key by key (a key only in the patch is added, one only in the
//!   object kept), unless `x-kubernetes-map-type: atomic`;
//! * scalars and atomic lists and maps are replaced by the patch's value;
//! * `x-kubernetes-list-type: map` lists are merged item by item by their
//!   `x-kubernetes-list-map-keys`, `set` lists by value, in structured-merge-diff's order
//!   (`visitListItems`: a new item placed before a shared item in the patch comes before it,
//!   one after the last shared item comes after the object's remaining items);
//! * a list without a list type, and any list the schema does not describe
//!   (`x-kubernetes-preserve-unknown-fields`, no schema), is atomic.
//!
//! Errors are worded as the server words them: `error applying patch: <cause>`.

use serde_json::{Map, Value};

use crate::schema::{AdditionalProperties, Schema};

/// How the schema treats a value's node.
enum Shape<'s> {
    /// Properties (and maybe `additionalProperties` or preserved unknown fields).
    Struct {
        schema: &'s Schema,
        atomic: bool,
    },
    /// A map of `additionalProperties` (or an untyped map: element schema `None`).
    Map {
        elem: Option<&'s Schema>,
        atomic: bool,
    },
    List(ListShape<'s>),
    Leaf,
}

enum ListShape<'s> {
    Atomic,
    Set,
    /// Keyed by these fields, elements of this schema.
    Map {
        keys: &'s [String],
        elem: Option<&'s Schema>,
    },
}

fn is_atomic_map(s: &Schema) -> bool {
    s.rare().x_map_type.as_deref() == Some("atomic")
}

/// The shape of `v` under `schema` (`None`: structured-merge-diff's deduced type, whose maps
/// are granular and lists atomic).
fn shape<'s>(schema: Option<&'s Schema>, v: &Value) -> Shape<'s> {
    match (v, schema) {
        (Value::Object(_), None) => Shape::Map {
            elem: None,
            atomic: false,
        },
        (Value::Object(_), Some(s)) => {
            if !s.properties.is_empty() {
                Shape::Struct {
                    schema: s,
                    atomic: is_atomic_map(s),
                }
            } else if let Some(AdditionalProperties::Schema(e)) = &s.additional_properties {
                Shape::Map {
                    elem: Some(e),
                    atomic: is_atomic_map(s),
                }
            } else {
                Shape::Map {
                    elem: None,
                    atomic: is_atomic_map(s),
                }
            }
        }
        (Value::Array(_), Some(s)) if s.items.is_some() => {
            let elem = s.items.as_deref();
            match s.rare().x_list_type.as_deref() {
                Some("map") => Shape::List(ListShape::Map {
                    keys: &s.rare().x_list_map_keys,
                    elem,
                }),
                Some("set") => Shape::List(ListShape::Set),
                _ => Shape::List(ListShape::Atomic),
            }
        }
        (Value::Array(_), _) => Shape::List(ListShape::Atomic),
        _ => Shape::Leaf,
    }
}

/// The schema of field `key` of a struct: `Err(())` when the schema does not declare it and
/// keeps no unknown fields.
fn field_schema<'s>(s: &'s Schema, key: &str) -> Result<Option<&'s Schema>, ()> {
    if let Some(f) = s.properties.get(key) {
        return Ok(Some(f));
    }
    match &s.additional_properties {
        Some(AdditionalProperties::Schema(e)) => Ok(Some(e)),
        Some(AdditionalProperties::Bool(true)) => Ok(None),
        _ if s.preserves_unknown_fields() => Ok(None),
        _ => Err(()),
    }
}

/// A structured-merge-diff path element as `PathElement.String()` prints it.
fn field_pe(key: &str) -> String {
    format!(".{key}")
}

/// `ValidationErrors.Error()`: one error as it is, several as a list.
fn join_errors(errs: &[String]) -> String {
    if errs.len() == 1 {
        errs[0].clone()
    } else {
        format!("errors:\n  {}", errs.join("\n  "))
    }
}

/// The fields of `patch` the schema does not declare (`ObjectToTyped`'s validation).
fn undeclared(schema: Option<&Schema>, v: &Value, path: &str, out: &mut Vec<String>) {
    match shape(schema, v) {
        Shape::Struct { schema, .. } => {
            for (k, child) in v.as_object().into_iter().flatten() {
                let p = format!("{path}{}", field_pe(k));
                match field_schema(schema, k) {
                    Ok(s) => undeclared(s, child, &p, out),
                    Err(()) => out.push(format!("{p}: field not declared in schema")),
                }
            }
        }
        Shape::Map { elem, .. } => {
            for (k, child) in v.as_object().into_iter().flatten() {
                undeclared(elem, child, &format!("{path}{}", field_pe(k)), out);
            }
        }
        Shape::List(l) => {
            let elem = match l {
                ListShape::Map { elem, .. } => elem,
                _ => schema.and_then(|s| s.items.as_deref()),
            };
            for (i, child) in v.as_array().into_iter().flatten().enumerate() {
                undeclared(elem, child, &format!("{path}[{i}]"), out);
            }
        }
        Shape::Leaf => {}
    }
}

/// `findAtomics`: the paths of atomic lists, maps and structs the patch sets; it descends only
/// into declared fields and list items.
fn atomics(schema: Option<&Schema>, v: &Value, path: &str, out: &mut Vec<String>) {
    match shape(schema, v) {
        Shape::Struct { schema, atomic } => {
            if atomic {
                out.push(path.to_string());
            }
            for (k, child) in v.as_object().into_iter().flatten() {
                if let Some(f) = schema.properties.get(k) {
                    atomics(Some(f), child, &format!("{path}{}", field_pe(k)), out);
                }
            }
        }
        Shape::Map { atomic, .. } => {
            if atomic {
                out.push(path.to_string());
            }
        }
        Shape::List(l) => {
            if matches!(l, ListShape::Atomic) {
                out.push(path.to_string());
            }
            let elem = schema.and_then(|s| s.items.as_deref());
            for (i, child) in v.as_array().into_iter().flatten().enumerate() {
                atomics(elem, child, &format!("{path}[{i}]"), out);
            }
        }
        Shape::Leaf => {}
    }
}

/// Merges the apply configuration `patch` into `live` under `schema` (the kind's whole schema,
/// `metadata` the full ObjectMeta; `None` when unknown). `Err` is the server's error text.
pub fn apply_configuration(
    live: &Value,
    patch: &Value,
    schema: Option<&Schema>,
) -> Result<Value, String> {
    let mut errs = Vec::new();
    undeclared(schema, patch, "", &mut errs);
    if !errs.is_empty() {
        return Err(format!(
            "error applying patch: failed to convert patch object to typed object: {}",
            join_errors(&errs)
        ));
    }
    let mut found = Vec::new();
    atomics(schema, patch, "", &mut found);
    if !found.is_empty() {
        return Err(format!(
            "error applying patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: {}",
            found.join(", ")
        ));
    }
    let mut errs = Vec::new();
    let out = merge(Some(live), Some(patch), schema, "", &mut errs);
    if !errs.is_empty() {
        return Err(format!(
            "error applying patch: failed to merge patch: {}",
            join_errors(&errs)
        ));
    }
    Ok(out.unwrap_or(Value::Null))
}

fn is_empty(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => true,
        Some(Value::Object(m)) => m.is_empty(),
        Some(Value::Array(a)) => a.is_empty(),
        _ => false,
    }
}

/// Whether two values are of the same kind (`deduceAtom` picks the schema's side by value).
fn same_kind(a: &Value, b: &Value) -> bool {
    matches!(
        (a, b),
        (Value::Object(_), Value::Object(_)) | (Value::Array(_), Value::Array(_))
    ) || (!a.is_object() && !a.is_array() && !b.is_object() && !b.is_array())
}

/// `mergingWalker.merge` with the "keep the right-hand side" rule for leaves.
fn merge(
    lhs: Option<&Value>,
    rhs: Option<&Value>,
    schema: Option<&Schema>,
    path: &str,
    errs: &mut Vec<String>,
) -> Option<Value> {
    // The side whose kind decides the walk: the patch's, unless it has none.
    let lead = rhs.or(lhs)?;
    // A left side of another kind is no input to the patch's kind (it is dropped).
    let lhs = match (lhs, rhs) {
        (Some(l), Some(r)) if !same_kind(l, r) && !r.is_null() => None,
        _ => lhs,
    };
    let leaf = || rhs.or(lhs).cloned();
    match shape(schema, lead) {
        Shape::Leaf => leaf(),
        Shape::Struct { schema: s, atomic } => {
            if atomic || (is_empty(lhs) && is_empty(rhs)) {
                return leaf();
            }
            merge_map(lhs, rhs, path, errs, |k| field_schema(s, k).ok().flatten())
        }
        Shape::Map { elem, atomic } => {
            if atomic || (is_empty(lhs) && is_empty(rhs)) {
                return leaf();
            }
            merge_map(lhs, rhs, path, errs, |_| elem)
        }
        Shape::List(l) => {
            if matches!(l, ListShape::Atomic) || (is_empty(lhs) && is_empty(rhs)) {
                return leaf();
            }
            merge_list(&l, lhs, rhs, path, errs)
        }
    }
}

fn merge_map<'s>(
    lhs: Option<&Value>,
    rhs: Option<&Value>,
    path: &str,
    errs: &mut Vec<String>,
    child: impl Fn(&str) -> Option<&'s Schema>,
) -> Option<Value> {
    let empty = Map::new();
    let l = lhs.and_then(Value::as_object).unwrap_or(&empty);
    let r = rhs.and_then(Value::as_object).unwrap_or(&empty);
    let mut out = Map::new();
    for (k, lv) in l {
        let p = format!("{path}{}", field_pe(k));
        if let Some(v) = merge(Some(lv), r.get(k), child(k), &p, errs) {
            out.insert(k.clone(), v);
        }
    }
    for (k, rv) in r {
        if l.contains_key(k) {
            continue;
        }
        let p = format!("{path}{}", field_pe(k));
        if let Some(v) = merge(None, Some(rv), child(k), &p, errs) {
            out.insert(k.clone(), v);
        }
    }
    (!out.is_empty()).then_some(Value::Object(out))
}

/// A list item's identity: its key fields (sorted by name) or, in a set, its value.
#[derive(Clone, Debug, PartialEq)]
struct Pe(Vec<(String, Value)>);

impl Pe {
    /// `PathElement.String()`: `[k=v,...]` for keys, `[=v]` for set values.
    fn show(&self, set: bool) -> String {
        let show = |v: &Value| match v {
            Value::String(s) => format!("{s:?}"),
            other => other.to_string(),
        };
        if set {
            return format!(
                "[={}]",
                self.0.first().map(|(_, v)| show(v)).unwrap_or_default()
            );
        }
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|(k, v)| format!("{k}={}", show(v)))
            .collect();
        format!("[{}]", parts.join(","))
    }
}

/// `listItemToPathElement`.
fn pe_of(l: &ListShape<'_>, item: &Value) -> Result<Pe, String> {
    match l {
        ListShape::Map { keys, elem } => {
            let m = match item {
                Value::Null => {
                    return Err("associative list with keys may not have a null element".into())
                }
                Value::Object(m) => m,
                _ => return Err("associative list with keys may not have non-map elements".into()),
            };
            let mut key = Vec::new();
            for k in keys.iter() {
                if let Some(v) = m.get(k) {
                    key.push((k.clone(), v.clone()));
                } else if let Some(d) = elem
                    .and_then(|e| e.properties.get(k))
                    .and_then(|p| p.rare().default.as_deref())
                {
                    key.push((k.clone(), d.to_json()));
                }
            }
            if !keys.is_empty() && key.is_empty() {
                return Err(format!(
                    "associative list with keys has an element that omits all key fields [{}] (and doesn't have default values for any key fields)",
                    keys.iter().map(|k| format!("{k:?}")).collect::<Vec<_>>().join(" ")
                ));
            }
            key.sort_by(|a, b| a.0.cmp(&b.0));
            Ok(Pe(key))
        }
        ListShape::Set => match item {
            Value::Object(_) => {
                Err("associative list without keys has an element that's a map type".into())
            }
            Value::Array(_) => Err("not supported: associative list with lists as elements".into()),
            Value::Null => {
                Err("associative list without keys has an element that's an explicit null".into())
            }
            v => Ok(Pe(vec![(String::new(), v.clone())])),
        },
        ListShape::Atomic => Err("invalid indexing of non-associative list".into()),
    }
}

/// The items' identities and, per identity, the item (`None` for a duplicate on the left,
/// which structured-merge-diff merges as `null`). Duplicates on the right are errors.
#[allow(clippy::type_complexity)]
fn index(
    l: &ListShape<'_>,
    items: &[Value],
    allow_duplicates: bool,
    path: &str,
    errs: &mut Vec<String>,
) -> (Vec<Pe>, Vec<(Pe, Option<Value>)>) {
    let set = matches!(l, ListShape::Set);
    let mut pes = Vec::new();
    let mut observed: Vec<(Pe, Option<Value>)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let pe = match pe_of(l, item) {
            Ok(pe) => pe,
            Err(e) => {
                errs.push(format!("{path}: element {i}: {e}"));
                continue;
            }
        };
        if let Some(slot) = observed.iter_mut().find(|(p, _)| *p == pe) {
            if !allow_duplicates {
                errs.push(format!(
                    "{path}: duplicate entries for key {}",
                    pe.show(set)
                ));
                continue;
            }
            slot.1 = None;
        } else {
            observed.push((pe.clone(), Some(item.clone())));
        }
        pes.push(pe);
    }
    (pes, observed)
}

fn lookup<'a>(observed: &'a [(Pe, Option<Value>)], pe: &Pe) -> Option<&'a Option<Value>> {
    observed.iter().find(|(p, _)| p == pe).map(|(_, v)| v)
}

/// `visitListItems`: walks the object's and the patch's items side by side, merging shared
/// items in the patch's order.
fn merge_list(
    l: &ListShape<'_>,
    lhs: Option<&Value>,
    rhs: Option<&Value>,
    path: &str,
    errs: &mut Vec<String>,
) -> Option<Value> {
    let empty = Vec::new();
    let litems = lhs.and_then(Value::as_array).unwrap_or(&empty);
    let ritems = rhs.and_then(Value::as_array).unwrap_or(&empty);
    let before = errs.len();
    let (rpes, robs) = index(l, ritems, false, path, errs);
    let (lpes, lobs) = index(l, litems, true, path, errs);
    if errs.len() > before {
        return None;
    }
    let elem = match l {
        ListShape::Map { elem, .. } => *elem,
        _ => None,
    };
    let set = matches!(l, ListShape::Set);
    let null = Value::Null;
    // A left duplicate is merged as `null`.
    let left =
        |pe: &Pe| -> Option<Value> { lookup(&lobs, pe).map(|v| v.clone().unwrap_or(Value::Null)) };
    let right = |pe: &Pe| lookup(&robs, pe).and_then(Clone::clone);
    let mut shared: std::collections::VecDeque<&Pe> = rpes
        .iter()
        .filter(|pe| lookup(&lobs, pe).is_some())
        .collect();
    let mut next_shared = shared.pop_front();
    let mut merged: Vec<Pe> = Vec::new();
    let mut out = Vec::new();
    let (ll, rl) = (lpes.len(), rpes.len());
    let (mut li, mut ri) = (0, 0);
    let item_path = |pe: &Pe| format!("{path}{}", pe.show(set));
    while li < ll || ri < rl {
        if li < ll && ri < rl {
            let pe = &lpes[li];
            if *pe == rpes[ri] {
                merged.push(pe.clone());
                let (lv, rv) = (left(pe), right(pe));
                if let Some(v) = merge(lv.as_ref(), rv.as_ref(), elem, &item_path(pe), errs) {
                    out.push(v);
                }
                li += 1;
                ri += 1;
                next_shared = shared.pop_front();
                continue;
            }
            if lookup(&robs, pe).is_some() && next_shared.is_some_and(|n| n != pe) {
                li += 1;
                continue;
            }
        }
        if li < ll {
            let pe = &lpes[li];
            if lookup(&robs, pe).is_none() {
                let lv = litems.get(li).unwrap_or(&null);
                if let Some(v) = merge(Some(lv), None, elem, &item_path(pe), errs) {
                    out.push(v);
                }
                li += 1;
                continue;
            } else if merged.contains(pe) {
                li += 1;
            }
        }
        if ri < rl {
            let pe = &rpes[ri];
            merged.push(pe.clone());
            let (lv, rv) = (left(pe), right(pe));
            if let Some(v) = merge(lv.as_ref(), rv.as_ref(), elem, &item_path(pe), errs) {
                out.push(v);
            }
            ri += 1;
            if next_shared.is_some_and(|n| n == pe) {
                next_shared = shared.pop_front();
            }
        }
    }
    (!out.is_empty()).then_some(Value::Array(out))
}
