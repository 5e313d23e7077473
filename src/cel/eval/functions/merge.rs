//! List `+` under Kubernetes list types: set union and map-list merge by key through a hash
//! of scalar identities, atomic lists as a view.

use std::sync::Arc;

use super::super::value::{equals, ListKind, ListValue, Value};

/// List `+` with Kubernetes list-type semantics: set lists form a union (lhs order first),
/// map lists merge by key (rhs entries replace lhs entries with the same key in place). Atomic
/// lists concatenate as a view over both (cel-go's `concatList`): no copy, as the cost of 1
/// assumes.
pub fn concat_lists(a: &Arc<ListValue>, b: &Arc<ListValue>) -> Value {
    let kind = match (&a.kind, &b.kind) {
        (ListKind::Atomic, k) => k.clone(),
        (k, _) => k.clone(),
    };
    match &kind {
        // Both merge through a hash of the scalar identity (set items, map-list keys), so that
        // `+`, charged 1 like the server's, costs time linear in the lists rather than their
        // product; items without a scalar identity fall back to comparing with each item.
        ListKind::Set if a.kind == ListKind::Set => merge_lists(
            a.items(),
            b.items(),
            kind,
            |x| scalar_id(x).map(|k| vec![k]),
            equals,
        ),
        ListKind::Map(keys) if matches!(a.kind, ListKind::Map(_)) => {
            let keys = keys.clone();
            merge_lists(
                a.items(),
                b.items(),
                kind,
                |x| map_list_id(x, &keys),
                |x, y| super::same_keys(x, y, &keys),
            )
        }
        _ => Value::List(Arc::new(ListValue::concat(
            a.clone(),
            b.clone(),
            a.kind.clone(),
        ))),
    }
}

/// A scalar's identity for hashing, equal exactly when [`equals`] says so (numbers compare
/// across types: `1 == 1u == 1.0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum ScalarId {
    /// A map-list key field that is not there (equal only to another absent one).
    Absent,
    Null,
    Bool(bool),
    Int(i128),
    /// A double that is not a whole number in i128's range (NaN never equals anything).
    Double(u64),
    String(Arc<str>),
    Bytes(Arc<[u8]>),
}

fn scalar_id(v: &Value) -> Option<ScalarId> {
    Some(match v {
        Value::Null => ScalarId::Null,
        Value::Bool(b) => ScalarId::Bool(*b),
        Value::Int(i) => ScalarId::Int(i128::from(*i)),
        Value::Uint(u) => ScalarId::Int(i128::from(*u)),
        Value::Double(d) if d.is_nan() => return None,
        Value::Double(d) if d.fract() == 0.0 && d.abs() < 1e30 => ScalarId::Int(*d as i128),
        Value::Double(d) => ScalarId::Double((*d + 0.0).to_bits()),
        Value::String(s) => ScalarId::String(s.clone()),
        Value::Bytes(b) => ScalarId::Bytes(b.clone()),
        _ => return None,
    })
}

/// A map-list item's identity: its key fields' scalar identities.
fn map_list_id(v: &Value, keys: &[String]) -> Option<Vec<ScalarId>> {
    let Value::Map(m) = v else { return None };
    keys.iter()
        .map(|k| match super::super::value::map_key_field(m, k) {
            Some(x) => scalar_id(x),
            None => Some(ScalarId::Absent),
        })
        .collect()
}

/// `a` then the items of `b`: an item whose identity is already there replaces it in place
/// (map lists) or is dropped (sets: `replace` keeps the first, since equal items are equal).
fn merge_lists(
    a: &[Value],
    b: &[Value],
    kind: ListKind,
    id: impl Fn(&Value) -> Option<Vec<ScalarId>>,
    same: impl Fn(&Value, &Value) -> bool,
) -> Value {
    let replace = matches!(kind, ListKind::Map(_));
    let mut items: Vec<Value> = Vec::with_capacity(a.len() + b.len());
    let mut index: std::collections::HashMap<Vec<ScalarId>, usize> = Default::default();
    // Items without an identity, compared one by one.
    let mut odd: Vec<usize> = Vec::new();
    for (from_b, x) in a
        .iter()
        .map(|x| (false, x))
        .chain(b.iter().map(|x| (true, x)))
    {
        let found = match id(x) {
            Some(k) => match index.get(&k) {
                Some(&p) => Some(p),
                None => {
                    index.insert(k, items.len());
                    None
                }
            },
            None => {
                let p = odd.iter().copied().find(|&p| same(x, &items[p]));
                if p.is_none() {
                    odd.push(items.len());
                }
                p
            }
        };
        match found {
            // The lhs keeps its own duplicates; only the rhs merges into what is there.
            Some(p) if from_b => {
                if replace {
                    items[p] = x.clone();
                }
            }
            _ => items.push(x.clone()),
        }
    }
    Value::List(Arc::new(ListValue::new(items, kind, false)))
}
