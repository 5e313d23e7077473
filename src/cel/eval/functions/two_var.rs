//! cel-go's `ext.TwoVarComprehensions` (Kubernetes 1.32): `cel.@mapInsert`, the helper its
//! `transformMap`/`transformMapEntry` macros accumulate with, on the overload table. In a
//! macro's loop the evaluator inserts into the accumulator in place when it can
//! (`interp::comprehension`); these rows run every other call. No cost tracker or estimator of its own: each call costs 1.

use super::super::value::{EvalResult, Key, Value};
use super::args::{display, err, nso};
use super::overload::{Estimate, Overload, Run, RuntimeCost};
use crate::cel::estimate::library::cel_default;
use crate::k8s::Behavior;

/// The library's overloads.
pub static OVERLOADS: &[Overload] = &[
    Overload {
        id: "@mapInsert_map_key_value",
        decl: "cel.@mapInsert g 32 (map(K,V), K, V) map(K,V)",
        run: Run::Strict(insert_entry),
        cost: RuntimeCost::Before(one),
        estimate: Estimate::Call(cel_default),
    },
    Overload {
        id: "@mapInsert_map_map",
        decl: "cel.@mapInsert g 32 (map(K,V), map(K,V)) map(K,V)",
        run: Run::Strict(insert_map),
        cost: RuntimeCost::Before(one),
        estimate: Estimate::Call(cel_default),
    },
];

/// A flat runtime cost of 1.
fn one(_: &[Value]) -> u64 {
    1
}

fn insert_entry(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::Map(m), k, v] = args else {
        return Err(nso());
    };
    let key = Key::from_value(k)?;
    if m.entries.contains_key(&key) {
        return Err(err(format!(
            "insert failed: key {} already exists",
            display(k)
        )));
    }
    let mut e = m.entries.clone();
    e.insert(key, v.clone());
    Ok(Value::map(e))
}

fn insert_map(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::Map(m), Value::Map(n)] = args else {
        return Err(nso());
    };
    let mut e = m.entries.clone();
    for (k, v) in &n.entries {
        if e.contains_key(k) {
            return Err(err(format!(
                "insert failed: key {} already exists",
                display(&k.to_value())
            )));
        }
        e.insert(k.clone(), v.clone());
    }
    Ok(Value::map(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_and_refuses_duplicates() {
        let m = insert_entry(
            Behavior::NEWEST,
            &[
                Value::map(Default::default()),
                Value::string("a"),
                Value::Int(1),
            ],
        )
        .unwrap();
        let again = insert_entry(
            Behavior::NEWEST,
            &[m.clone(), Value::string("a"), Value::Int(2)],
        );
        assert_eq!(
            again.unwrap_err().message,
            "insert failed: key a already exists"
        );
        let both = insert_map(Behavior::NEWEST, &[m.clone(), m]);
        assert!(both.is_err());
    }
}
