//! cel-go's optional types (`cel/library.go`, `optionalLib`, as Kubernetes enables them from
//! 1.28) on the overload table: `optional.of`/`ofNonZeroValue`/`none`, `value`, `hasValue`,
//! `or`/`orValue`, `_[?_]`, the list functions `first`/`last` and `optional.unwrap`/`unwrapOpt`.
//! `or`, `orValue` and `_[?_]` are evaluated by the evaluator itself, which short-circuits
//! them and treats `_[?_]` as a qualifier (`CallForm::OptOr`, `OptOrValue`, `OptIndex`, as
//! cel-go's planner does); their rows' implementations are the strict calls, which give the
//! same values once both operands are known; so does `_[_]` on an optional, a qualifier as
//! the standard library's `_[_]` is. None has a cost tracker or estimator of its own: each call costs 1.

use super::super::value::{EvalResult, Value};
use super::args::{b, err, nso};
use super::overload::{Estimate, Overload, Run, RuntimeCost};
use crate::cel::estimate::library::cel_default;
use crate::k8s::Behavior;

macro_rules! row {
    ($id:literal, $decl:literal, $run:expr) => {
        Overload {
            id: $id,
            decl: $decl,
            run: Run::Strict($run),
            cost: RuntimeCost::Before(one),
            estimate: Estimate::Call(cel_default),
        }
    };
}

/// The library's overloads.
pub static OVERLOADS: &[Overload] = &[
    row!("optional_of", "optional.of g 28 (V) opt(V)", of),
    row!(
        "optional_ofNonZeroValue",
        "optional.ofNonZeroValue g 28 (V) opt(V)",
        of_non_zero_value
    ),
    row!("optional_none", "optional.none g 28 () opt(V)", none),
    row!("optional_value", "value m 28 (opt(V)) V", value),
    row!(
        "optional_hasValue",
        "hasValue m 28 (opt(V)) bool",
        has_value
    ),
    row!(
        "optional_or_optional",
        "or m 28 (opt(V), opt(V)) opt(V)",
        or
    ),
    row!(
        "optional_orValue_value",
        "orValue m 28 (opt(V), V) V",
        or_value
    ),
    row!(
        "list_optindex_optional_int",
        "_[?_] g 28 (list(V), int) opt(V)",
        opt_index
    ),
    row!(
        "optional_list_optindex_optional_int",
        "_[?_] g 28 (opt(list(V)), int) opt(V)",
        opt_index
    ),
    row!(
        "map_optindex_optional_value",
        "_[?_] g 28 (map(K,V), K) opt(V)",
        opt_index
    ),
    row!(
        "optional_map_optindex_optional_value",
        "_[?_] g 28 (opt(map(K,V)), K) opt(V)",
        opt_index
    ),
    // Indexing an optional with `_[_]` (the interpreter plans it as the standard `_[_]`).
    row!(
        "optional_list_index_int",
        "_[_] g 28 (opt(list(V)), int) opt(V)",
        index
    ),
    row!(
        "optional_map_index_value",
        "_[_] g 28 (opt(map(K,V)), K) opt(V)",
        index
    ),
    row!("list_last", "last m 28 (list(V)) opt(V)", last),
    row!("list_first", "first m 28 (list(V)) opt(V)", first),
    row!(
        "optional_unwrap",
        "optional.unwrap g 28 (list(opt(V))) list(V)",
        unwrap
    ),
    row!(
        "optional_unwrapOpt",
        "unwrapOpt m 28 (list(opt(V))) list(V)",
        unwrap
    ),
];

/// `o[i]`: the optional's value indexed, an absent optional or key absent.
fn index(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [o, i] => super::index(o, i),
        _ => Err(nso()),
    }
}

/// A flat runtime cost of 1.
fn one(_: &[Value]) -> u64 {
    1
}

fn of(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [x] => Ok(Value::some(x.clone())),
        _ => Err(nso()),
    }
}

fn of_non_zero_value(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [x] => Ok(if is_zero(x) {
            Value::none()
        } else {
            Value::some(x.clone())
        }),
        _ => Err(nso()),
    }
}

fn none(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [] => Ok(Value::none()),
        _ => Err(nso()),
    }
}

fn value(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::Optional(Some(v))] => Ok((**v).clone()),
        [Value::Optional(None)] => Err(err("optional.none() dereference")),
        _ => Err(nso()),
    }
}

fn has_value(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::Optional(o)] => b(o.is_some()),
        _ => Err(nso()),
    }
}

fn or(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::Optional(Some(_)), Value::Optional(_)] => Ok(args[0].clone()),
        [Value::Optional(None), other @ Value::Optional(_)] => Ok(other.clone()),
        _ => Err(nso()),
    }
}

fn or_value(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::Optional(Some(v)), _] => Ok((**v).clone()),
        [Value::Optional(None), d] => Ok(d.clone()),
        _ => Err(nso()),
    }
}

fn opt_index(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [v, i] => super::opt_index(v, i),
        _ => Err(nso()),
    }
}

fn first(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::List(l)] => Ok(match l.get(0) {
            Some(x) => Value::some(x.clone()),
            None => Value::none(),
        }),
        _ => Err(nso()),
    }
}

fn last(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::List(l)] => Ok(match l.len().checked_sub(1).and_then(|i| l.get(i)) {
            Some(x) => Value::some(x.clone()),
            None => Value::none(),
        }),
        _ => Err(nso()),
    }
}

/// cel-go's `optional.unwrap(l)` / `l.unwrapOpt()`: the values of the present optionals of a
/// list, in order; an element that is not an optional is `no such overload` (cel-go's
/// `unwrapOptionalList` errors on it the same way).
fn unwrap(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::List(l)] = args else {
        return Err(nso());
    };
    let mut out = Vec::with_capacity(l.len());
    for x in l.items() {
        match x {
            Value::Optional(Some(v)) => out.push((**v).clone()),
            Value::Optional(None) => {}
            _ => return Err(nso()),
        }
    }
    Ok(Value::list(out))
}

/// Whether a value is its type's zero value (`optional.ofNonZeroValue`).
fn is_zero(x: &Value) -> bool {
    use Value::*;
    match x {
        Null => true,
        Bool(v) => !v,
        Int(i) => *i == 0,
        Uint(u) => *u == 0,
        Double(d) => *d == 0.0,
        String(st) => st.is_empty(),
        Bytes(bs) => bs.is_empty(),
        List(l) => l.is_empty(),
        Map(m) => m.entries.is_empty(),
        Duration(d) => *d == 0,
        // Go's zero time.Time: 0001-01-01T00:00:00Z.
        Timestamp(t) => t.timestamp() == -62_135_596_800 && t.timestamp_subsec_nanos() == 0,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn optionals() {
        let some = Value::some(Value::Int(1));
        assert!(matches!(
            value(Behavior::NEWEST, std::slice::from_ref(&some)),
            Ok(Value::Int(1))
        ));
        assert_eq!(
            value(Behavior::NEWEST, &[Value::none()])
                .unwrap_err()
                .message,
            "optional.none() dereference"
        );
        assert!(matches!(
            of_non_zero_value(Behavior::NEWEST, &[Value::Int(0)]),
            Ok(Value::Optional(None))
        ));
        assert!(matches!(
            or_value(Behavior::NEWEST, &[Value::none(), Value::Int(2)]),
            Ok(Value::Int(2))
        ));
        let l = Value::list(vec![some, Value::none(), Value::some(Value::Int(3))]);
        let Ok(Value::List(u)) = unwrap(Behavior::NEWEST, &[l]) else {
            panic!("unwrap failed")
        };
        assert_eq!(u.len(), 2);
        assert!(unwrap(Behavior::NEWEST, &[Value::list(vec![Value::Int(1)])]).is_err());
        assert!(matches!(
            last(
                Behavior::NEWEST,
                &[Value::list(vec![Value::Int(1), Value::Int(2)])]
            ),
            Ok(Value::Optional(Some(_)))
        ));
    }
}
