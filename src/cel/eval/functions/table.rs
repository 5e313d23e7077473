//! The overload table: for each library, one row per overload id holding all there is to know
//! about the overload, the declaration the checker resolves calls with, the implementation the
//! evaluator runs (or, for the special forms `&&`, `||`, `?:` and `@not_strictly_false`, the
//! word that the interpreter evaluates it itself, lazily), its runtime cost and its static
//! cost estimate. Call nodes of the evaluator's tree carry the rows of the overloads the
//! checker resolved them to (`eval::ast::from_checked`), so that a call is dispatched by id,
//! not by name.
//!
//! A new function is one row in its library's file; [`LIBRARIES`] lists the libraries.

use super::super::value::Value;
pub use super::overload::{Estimate, Overload, Run, RuntimeCost, Special};
use super::{format, kubernetes, lists, optional, sets, standard, strings, two_var};
use crate::cel::types::{parse_type, split_top, Type};

/// Every library on the table, by name.
pub static LIBRARIES: &[(&str, &[Overload])] = &[
    ("standard", standard::OVERLOADS),
    ("ext.Sets", sets::OVERLOADS),
    ("string.format", format::OVERLOADS),
    ("ext.Strings", strings::OVERLOADS),
    ("ext.Lists", lists::OVERLOADS),
    ("optional", optional::OVERLOADS),
    ("ext.TwoVarComprehensions", two_var::OVERLOADS),
    ("kubernetes.lists", kubernetes::LISTS),
    ("kubernetes.regex", kubernetes::REGEX),
    ("kubernetes.urls", kubernetes::URLS),
    ("kubernetes.authz", kubernetes::AUTHZ),
    ("kubernetes.quantity", kubernetes::QUANTITY),
    ("kubernetes.ip", kubernetes::IP),
    ("kubernetes.cidr", kubernetes::CIDR),
    ("kubernetes.format", kubernetes::FORMAT),
    ("kubernetes.semver", kubernetes::SEMVER),
    ("kubernetes.jsonpatch", kubernetes::JSONPATCH),
];

/// Every overload on the table.
pub fn all() -> impl Iterator<Item = &'static Overload> {
    LIBRARIES.iter().flat_map(|(_, rows)| rows.iter())
}

/// The row of an overload id, if its library is on the table (looked up once per call node
/// when an expression is converted, and by the estimator per call).
pub fn overload(id: &str) -> Option<&'static Overload> {
    use std::sync::OnceLock;
    static BY_ID: OnceLock<crate::cel::FastMap<&'static str, &'static Overload>> = OnceLock::new();
    BY_ID
        .get_or_init(|| all().map(|o| (o.id, o)).collect())
        .get(id)
        .copied()
}

/// The rows a call without resolved ids may run (an unchecked expression): every overload of
/// the function called that way, as cel-go's planner finds them by name.
pub fn of_function(name: &str, member: bool) -> Vec<&'static Overload> {
    all()
        .filter(|o| o.function() == name && o.member() == member)
        .collect()
}

/// The overload of `candidates` a call with these argument values runs, as cel-go's dispatcher
/// picks among a call's candidate overloads at runtime: the first whose declared parameter types
/// the values have (a type parameter or `dyn` takes any value), else the first (its
/// implementation then answers `no such overload`, as cel-go's does for a value of the wrong
/// type). A call the checker resolved to one overload runs it without looking.
#[inline]
pub fn pick<'o>(candidates: &[&'o Overload], args: &[Value]) -> Option<&'o Overload> {
    match candidates {
        [] => None,
        [one] => Some(one),
        _ => pick_among(candidates, args),
    }
}

/// [`pick`] among several candidates (apart: almost every call has one, and is dispatched
/// without a call here).
fn pick_among<'o>(candidates: &[&'o Overload], args: &[Value]) -> Option<&'o Overload> {
    candidates
        .iter()
        .find(|o| takes(params_of(o), args))
        .or(candidates.first())
        .copied()
}

/// Whether a row declaring `params` takes these argument values.
#[inline]
fn takes(params: &[Type], args: &[Value]) -> bool {
    params.len() == args.len() && params.iter().zip(args).all(|(t, v)| has_type(v, t))
}

/// [`pick`] with the candidates' parameter types looked up beforehand ([`params_of`], one
/// slice per candidate): a plan looks them up once, not at every call.
#[inline]
pub fn pick_by<'o>(
    candidates: &[&'o Overload],
    params: &[&[Type]],
    args: &[Value],
) -> Option<&'o Overload> {
    match candidates {
        [] => None,
        [one] => Some(one),
        _ => candidates
            .iter()
            .zip(params)
            .find(|(_, p)| takes(p, args))
            .map(|(o, _)| o)
            .or(candidates.first())
            .copied(),
    }
}

/// An overload's declared parameter types, parsed once from its row.
pub fn params_of(o: &Overload) -> &'static [Type] {
    use std::sync::OnceLock;
    static PARAMS: OnceLock<crate::cel::FastMap<&'static str, Vec<Type>>> = OnceLock::new();
    PARAMS
        .get_or_init(|| {
            all()
                .map(|o| {
                    let params = o.decl.split_once('(').and_then(|(_, rest)| {
                        let list = &rest[..rest.rfind(") ")?];
                        let mut names = Vec::new();
                        split_top(list)
                            .into_iter()
                            .filter(|p| !p.is_empty())
                            .map(|p| parse_type(p, &mut names))
                            .collect::<Option<Vec<_>>>()
                    });
                    (o.id, params.unwrap_or_default())
                })
                .collect()
        })
        .get(o.id)
        .map_or(&[], Vec::as_slice)
}

/// Whether a runtime value is of a declared parameter type (by kind: a list is a `list(T)`
/// whatever its elements, as cel-go's runtime signature check looks at the kind only).
fn has_type(v: &Value, t: &Type) -> bool {
    use Type as T;
    match (t, v) {
        (T::Dyn | T::TypeParam(_) | T::Error, _) => true,
        (T::Int, Value::Int(_))
        | (T::Uint, Value::Uint(_))
        | (T::Double, Value::Double(_))
        | (T::Bool, Value::Bool(_))
        | (T::String, Value::String(_))
        | (T::Bytes, Value::Bytes(_))
        | (T::Null, Value::Null)
        | (T::Duration, Value::Duration(_))
        | (T::Timestamp, Value::Timestamp(_))
        | (T::List(_), Value::List(_))
        | (T::Map(..) | T::Object(_), Value::Map(_))
        | (T::Optional(_), Value::Optional(_))
        | (T::Type(_), Value::Type(_)) => true,
        (T::Opaque(name, _), v) => v.type_name() == &**name,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cel::decls::all_overloads;

    #[test]
    fn every_overload_has_its_declaration_implementation_and_both_costs() {
        // Every row has an implementation (strict, or a special form the interpreter
        // evaluates itself), a runtime cost and an estimate: a row without one does not
        // compile. Its declaration parses and is the only one of its id, and every declared
        // overload is a row.
        let mut wrong = Vec::new();
        for (i, o) in all().enumerate() {
            let declared = all_overloads().iter().filter(|d| d.id == o.id).count();
            if declared != 1 {
                wrong.push(format!("{}: declared {declared} times", o.id));
            }
            if all().take(i).any(|p| p.id == o.id) {
                wrong.push(format!("{}: two rows", o.id));
            }
            // A special form is evaluated lazily, which only the interpreter can do: its row
            // must say which form it is, and only the forms it knows are special.
            let lazy = matches!(o.run, Run::Lazy(_));
            let known = matches!(
                o.function(),
                "_&&_" | "_||_" | "_?_:_" | "@not_strictly_false"
            );
            if lazy != known {
                wrong.push(format!("{}: lazy {lazy}, a special form {known}", o.id));
            }
        }
        for d in all_overloads() {
            if overload(&d.id).is_none() {
                wrong.push(format!("{}: declared but not on the table", d.id));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn calls_pick_the_overload_their_values_fit() {
        use crate::k8s::Behavior;
        let rows = of_function("sets.contains", false);
        assert_eq!(rows.len(), 1);
        let l = Value::list(vec![Value::Int(1)]);
        let o = pick(&rows, &[l.clone(), l.clone()]).unwrap();
        assert_eq!(o.id, "list_sets_contains_list");
        assert!(matches!(
            o.strict().unwrap()(Behavior::NEWEST, &[l.clone(), l]),
            Ok(Value::Bool(true))
        ));
        assert!(has_type(&Value::Int(1), &Type::Dyn));
        // Picking by parameter types looked up beforehand picks the same row.
        let size = of_function("size", false);
        let params: Vec<_> = size.iter().map(|o| params_of(o)).collect();
        for v in [
            Value::string("ab"),
            Value::map(Default::default()),
            Value::list(vec![]),
            Value::Int(1),
        ] {
            let args = std::slice::from_ref(&v);
            assert_eq!(
                pick_by(&size, &params, args).map(|o| o.id),
                pick(&size, args).map(|o| o.id)
            );
        }
        assert!(!has_type(&Value::Int(1), &Type::String));
        assert_eq!(params_of(o).len(), 2);
    }
}
