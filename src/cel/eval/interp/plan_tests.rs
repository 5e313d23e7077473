//! The plan ([`super::planned`]) against the tree walk it replaces: the same value or error
//! and the same cost, for every expression of a table, on objects of several shapes (fields
//! missing, of another type, invalid data, the variable unbound) and under every cost limit
//! from zero to beyond the evaluation's cost, so that the limit is hit at each step of a chain.

use std::sync::Arc;

use super::super::ast::checked;
use super::super::value::{Entries, Key, MapValue};
use super::*;

fn object(fields: Vec<(&str, Value)>) -> Value {
    let mut m = Entries::default();
    for (k, v) in fields {
        m.insert(Key::String(Arc::from(k)), v);
    }
    Value::Map(Arc::new(MapValue {
        entries: m,
        object: Some(Arc::from("object")),
    }))
}

fn map(fields: Vec<(&str, Value)>) -> Value {
    let mut m = Entries::default();
    for (k, v) in fields {
        m.insert(Key::String(Arc::from(k)), v);
    }
    Value::map(m)
}

/// The objects `self` is bound to (and `oldSelf` to the first).
fn selves() -> Vec<Value> {
    let s = Value::string;
    let full = object(vec![
        (
            "metadata",
            object(vec![
                ("name", s("abc")),
                // A field named like a reserved word is stored under its escaped name.
                ("__namespace__", s("ns")),
                ("op", s("CREATE")),
                // Sizes in characters, not bytes, decide a comparison's cost.
                ("uni", s("ünïcödé-ünïcödé-ünïcödé-ünïcödé-ünïcödé")),
                ("long", s("abcdefghijklmnopqrstuvwxyz0123456789abcdefgh")),
                ("labels", map(vec![("a", s("b")), ("long", s("x"))])),
                ("annotations", map(vec![("x/y", s("1"))])),
            ]),
        ),
        (
            "spec",
            object(vec![
                ("replicas", Value::Int(3)),
                ("flag", Value::Bool(true)),
                (
                    "items",
                    Value::list(vec![Value::Int(1), Value::Int(2), Value::Int(3)]),
                ),
            ]),
        ),
    ]);
    let sparse = object(vec![
        ("metadata", object(vec![("labels", map(vec![]))])),
        ("spec", object(vec![("items", Value::list(vec![]))])),
    ]);
    let wrong_types = object(vec![
        (
            "metadata",
            object(vec![
                ("name", Value::Int(7)),
                ("op", Value::Bool(false)),
                ("labels", Value::list(vec![s("a")])),
                ("annotations", s("x/y")),
            ]),
        ),
        (
            "spec",
            object(vec![
                ("replicas", s("3")),
                ("flag", Value::Int(1)),
                ("items", map(vec![("k", Value::Int(0))])),
            ]),
        ),
    ]);
    let invalid_field = object(vec![
        (
            "metadata",
            Value::Invalid(Arc::from("invalid data, metadata")),
        ),
        ("spec", Value::Null),
    ]);
    vec![
        full,
        sparse,
        wrong_types,
        invalid_field,
        Value::Invalid(Arc::from("invalid data, self")),
        Value::Null,
    ]
}

const EXPRESSIONS: &[&str] = &[
    // The policies of `benches/vap-policies.py`, on `self`.
    "has(self.metadata.name) && self.metadata.name != ''",
    "size(self.metadata.name) <= 253 && self.metadata.labels.all(k, size(k) <= 317)",
    "self.metadata.op != 'DELETE' && !(has(self.metadata.annotations) && 'x/y' in self.metadata.annotations)",
    "has(self.metadata.labels) ? self.metadata.labels : {}",
    "'policy needs a name on ' + self.metadata.op",
    // Attributes, presence tests and conditional attributes.
    "self",
    "oldSelf.spec",
    "self.spec.replicas",
    "self.x.y.z",
    "has(self.x)",
    "has(self.metadata.x)",
    "has(self.metadata.name.x)",
    "has(self.metadata.labels) ? self.metadata.labels.a : 'none'",
    "self.spec.flag ? self.spec : self.metadata",
    "self.spec.replicas ? 1 : 2",
    "(self.spec.flag ? self : oldSelf).metadata.name",
    // Logic absorbing errors, in both orders.
    "self.spec.replicas > 2 || self.spec.missing == 1",
    "self.spec.missing == 1 || self.spec.replicas > 2",
    "self.spec.missing == 1 && false",
    "!self.spec.flag",
    "!self.spec.replicas",
    "self.spec.items.all(x, x / 0 == 1 || true)",
    // Calls, indexes, literals and loops.
    "self.metadata.name + '-' + self.metadata.name",
    "self.metadata.name.startsWith('a') ? 1 : 2",
    "self.metadata.name in ['a', 'abc']",
    "self.metadata.name in self.metadata.labels",
    "self.spec.items[1] + 1",
    "self.metadata.labels['a'] == 'b'",
    "int(self.spec.replicas) + 1",
    "[self.spec.replicas, 2].size() == 2",
    "{'k': self.spec.replicas}.k == 3",
    "self.spec.items.map(x, x * 2).exists(y, y > 3)",
    "self.spec.items.filter(x, x > 1).size() == 2",
    "self.spec.items.exists_one(x, x == 2)",
    "self.spec.items.all(i, x, x > i)",
    "self.spec.items.all(x, self.spec.items.exists(y, y == x))",
    "type(self) == map",
    // Comparisons of an attribute with a string constant (`EqStr`): strings of each size
    // class, unicode, missing fields, other types, invalid data.
    "self.metadata.name == 'abc'",
    "self.metadata.name != 'abd'",
    "self.metadata.op == ''",
    "self.metadata.long != 'abcdefghijklmnopqrstuvwxyz0123456789abcdefgh'",
    "self.metadata.long == 'abcdefghijklmnopqrstuvwxyz0123456789abcdefgh!'",
    "self.metadata.uni != 'ünïcödé-ünïcödé-ünïcödé-ünïcödé-ünïcödé'",
    "self.metadata.uni == 'ü'",
    "self.metadata.uni != 'abcdefghijklmnopqrstuvwxyz0123456789abcdefgh'",
    "self.metadata.long == 'ünïcödé-ünïcödé-ünïcödé-ünïcödé-ünïcödé-ünïcödé'",
    "self.metadata.missing != 'x'",
    "self.x.y == ''",
    "self.spec.replicas == '3'",
    "self.metadata.labels != 'a'",
    "self == 'a'",
    "self.metadata.name != self.metadata.op",
    // Key tests of a map with a string constant.
    "'a' in self.metadata.labels",
    "'zz' in self.metadata.labels",
    "'x/y' in self.metadata.annotations",
    "'a' in self.metadata.missing",
    "'a' in self.x.y",
    "'a' in self.spec.items",
    "'a' in self",
    "size(self.metadata.labels) + size(self.metadata)",
    // Comparisons with an int constant (`IntCmp`), calls on an attribute read in place, `!`
    // and attributes read as bools: operands of other types, missing, invalid, errors
    // absorbed by `&&`/`||`, inside loops over lists and map keys.
    "has(self.metadata.namespace) && self.metadata.namespace == 'ns'",
    "has(self.spec.namespace) || has(self.spec.__namespace__)",
    "size(self.metadata.name) <= 2",
    "size(self.metadata.name) == 3 && size(self.metadata.labels) != 0",
    "self.spec.replicas == 3",
    "size(self.spec.items) == 0 || self.spec.replicas != 3",
    "size(self.metadata.name) < 3 || size(self.metadata.name) > 3",
    "size(self.metadata.labels) > 1",
    "size(self.spec.items) >= 3",
    "size(self.x.y) <= 1",
    "size(self.spec.replicas) <= 1",
    "size(self.metadata.uni) >= 39",
    "self.metadata.name.size() < 4",
    "self.metadata.name.size() < 4 || self.x",
    "self.spec.replicas < 5",
    "int(self.spec.replicas) >= 3",
    "!has(self.metadata.name)",
    "!self.metadata.name",
    "!self.x.y",
    "!(size(self.metadata.name) < 2)",
    "!!self.spec.flag",
    "self.spec.flag && size(self.metadata.name) >= 3",
    "self.spec.flag ? size(self.metadata.name) >= 3 : !self.spec.flag",
    "self.metadata.labels.all(k, size(k) <= 1)",
    "self.metadata.labels.exists(k, k == 'long')",
    "self.metadata.labels.exists_one(k, size(k) > 1)",
    "self.metadata.labels.all(k, self.x || size(k) > 0)",
    "self.spec.items.all(x, x < 3)",
    "self.spec.items.exists(x, !(x > 1))",
    "self.spec.items.exists(x, x > 0 && self.x)",
    "self.spec.items.map(x, x > 1).all(b, b)",
    "self.spec.items.all(x, size(self.metadata.labels) >= x)",
    // `all` / `exists` as `Quantifier` steps: errors inside the loop, absorbed by a later
    // false (`all`) or true (`exists`) or left standing, predicates of other types, empty
    // ranges, two variables, ranges that are no list or map, nesting, `exists_one` with 0, 1
    // and 2 matches; the cost limit mid-loop is every limit of the table.
    "[1, 0, 2].all(x, 1 / x > 0)",
    "[1, 0, -1].all(x, 1 / x > 0)",
    "[0, 1].exists(x, 1 / x == 1)",
    "[1, 0].exists(x, 1 / x == 5)",
    "[0].exists(x, 1 / x == 5)",
    "self.spec.items.all(x, 10 / (x - 2) > 0)",
    "self.spec.items.exists(x, 10 / (x - 2) > 100)",
    "self.spec.items.all(x, x)",
    "self.spec.items.exists(x, x)",
    "self.spec.items.exists(x, x == 1 ? self.spec.replicas : false)",
    "self.spec.items.all(x, x == 3 ? self.spec.replicas : true)",
    "[].all(x, x > 0)",
    "[].exists(x, x > 0)",
    "{}.all(k, k == 'a')",
    "self.metadata.labels.exists(k, v, v == 'b')",
    "self.metadata.labels.all(k, v, size(v) < 2 && k != 'long')",
    "self.spec.items.exists(i, x, i == x)",
    "self.x.all(a, a)",
    "self.metadata.name.exists(c, c == 'a')",
    "self.spec.items.all(x, self.spec.items.exists(y, 10 / (y - x) > 3))",
    "self.spec.items.exists(x, self.metadata.labels.all(k, size(k) > x))",
    "self.spec.items.exists_one(x, x > 5)",
    "self.spec.items.exists_one(x, x > 1)",
    "self.spec.items.exists_one(x, 10 / (x - 2) > 0)",
    // Set tests (`x in [constants]`, a `SetTest` step): found, not found, empty, mixed and
    // numeric constants, operands of other types, missing or invalid, inside logic and loops.
    "self.metadata.op in ['CREATE', 'UPDATE']",
    "self.metadata.op in ['DELETE']",
    "self.metadata.name in []",
    "self.spec.replicas in [1, 2, 3]",
    "self.spec.replicas in [3.0, 'a', true]",
    "self.spec.flag in [true, 1, 'a']",
    "self.spec.items in [1, 2]",
    "self.x.y in ['a']",
    "self.metadata in ['a']",
    "!(self.metadata.op in ['DELETE']) && self.spec.replicas in [3u, 4u]",
    "self.spec.items.exists(x, x in [2, 5])",
    "self.metadata.labels.all(k, k in ['a', 'long'])",
    // Literals of constants only (`Folded` steps): folded at no cost with folding on, built
    // and charged without; nested, empty, with repeated keys.
    "self.spec.flag ? [1, 2] : [3]",
    "has(self.metadata.x) ? self.metadata.x : []",
    "self.spec.flag ? {'a': [1, {'b': 2}], 'a': 3} : self",
    "[[], {}] == [self.spec.items, self.metadata.labels]",
    "self.spec.items.exists(x, x in {1: 'a'})",
    "self.metadata.labels.all(k, k != {'a': 1}.a)",
    // Comparisons with a string constant charge the shorter side's characters, rounded up
    // in floating point as cel-go does (30 characters cost 4).
    "self.metadata.long == 'abcdefghijklmnopqrstuvwxyz0123'",
    "self.metadata.name != 'abcdefghijklmnopqrstuvwxyz0123'",
    "self.metadata.uni != 'abcdefghij'",
    "self.metadata.uni != 'abcdefghijklmnopqrstuvwxyz0123456789abc'",
    "self.metadata.uni == 'ünïcödé-ünïcödé-ünïcödé-ünïcödé-ünïcödé-x'",
    "self.metadata.op != 'CREATE' && self.metadata.name != 'a'",
    // Calls on an attribute that count towards crdlint's bounds (`size`, `charAt`), in
    // place: strings, other sizers, other types, missing, invalid.
    "size(self.metadata.uni) + size(self.metadata.long)",
    "self.metadata.uni.size() + self.metadata.labels.size()",
    "size(self.spec) > size(self.spec.items)",
    "self.metadata.labels.exists(k, size(k) == 4)",
    "size(self.spec.flag) == 1",
    // `exists_one` as a `Counter` step: no, one and several matches, errors in the predicate
    // before and after a match, predicates of other types, two variables, map keys, empty
    // ranges and ranges that are no list or map, nested in another loop (the CRD rules'
    // uniqueness shape), inside logic.
    "self.metadata.labels.exists_one(k, v, v == 'b')",
    "self.spec.items.exists_one(i, x, i == x - 1)",
    "self.spec.items.exists_one(x, x == 1 ? 1 / 0 == 1 : x == 3)",
    "self.spec.items.exists_one(x, x == 3 ? 1 / 0 == 1 : x == 1)",
    "self.spec.items.exists_one(x, x == 2 ? self.spec.replicas : true)",
    "self.spec.items.exists_one(x, x)",
    "self.x.exists_one(a, a)",
    "self.spec.replicas.exists_one(a, a == 1)",
    "{}.exists_one(k, k == 'a')",
    "[].exists_one(k, k == 'a')",
    "self.spec.items.all(x, self.spec.items.exists_one(y, y == x))",
    "self.spec.items.all(x, !has(self.spec.flag) || self.spec.items.exists_one(y, y >= x))",
    "[1, 2, 3].exists_one(x, x > 1) || self.x",
    "self.spec.items.exists_one(x, 10 / (x - 3) > 0)",
    // Loops nested in the predicate of `all`/`exists`/`exists_one`, with their own
    // accumulators and loop variables named like the outer ones.
    "self.spec.items.exists_one(x, self.spec.items.exists_one(y, y == x))",
    "self.spec.items.exists(x, self.spec.items.exists(x, x == 2))",
    "self.spec.items.all(x, self.spec.items.map(y, y + x).exists_one(x, x == 4))",
    "self.spec.items.exists_one(x, self.spec.items.filter(y, y > x).size() == 1)",
    "self.metadata.labels.all(k, self.spec.items.all(k, k > 0) && k != '')",
];

fn walked(e: &Expr, vars: &[(&str, Value)], opts: Options) -> Outcome {
    let mut ev = Evaluator::new(vars, Vec::new(), opts);
    let value = ev.eval(e);
    Outcome {
        value,
        cost: ev.cost,
    }
}

fn same(a: &Outcome, b: &Outcome) -> bool {
    format!("{:?}", a.value) == format!("{:?}", b.value) && a.cost == b.cost
}

#[test]
fn plans_evaluate_as_the_tree_walk() {
    let mut walked_roots = Vec::new();
    let mut differ = Vec::new();
    for src in EXPRESSIONS {
        let e = checked(src);
        if plan_of(&e).is_none() {
            walked_roots.push(*src);
        }
        for s in selves() {
            let first = selves().remove(0);
            let bindings: [&[(&str, Value)]; 2] = [&[("self", s.clone()), ("oldSelf", first)], &[]];
            for vars in bindings {
                let unlimited = Options {
                    cost_limit: None,
                    ..Options::default()
                };
                let full = walked(&e, vars, unlimited);
                for limit in (0..=full.cost + 1).map(Some).chain([None]) {
                    for fold_constants in [true, false] {
                        let opts = Options {
                            cost_limit: limit,
                            fold_constants,
                            ..Options::default()
                        };
                        let w = walked(&e, vars, opts);
                        let p = evaluate(&e, vars, opts);
                        if !same(&w, &p) {
                            differ.push(format!(
                                "{src} on {s:?} (limit {limit:?}, folding {fold_constants}): \
                                 walked {:?} cost {}, planned {:?} cost {}",
                                w.value, w.cost, p.value, p.cost
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    // The table is worth its name: every expression but a select on a conditional, the
    // walker's, is planned, not walked.
    assert_eq!(
        walked_roots,
        ["(self.spec.flag ? self : oldSelf).metadata.name"]
    );
}

#[test]
fn exists_one_is_the_plans_own_loop() {
    // `exists_one` runs as a `Counter`, without its accumulator's append left to the walker;
    // a predicate that names the accumulator (a nested loop's own) keeps the generic loop.
    for src in [
        "self.spec.items.exists_one(x, x == 2)",
        "self.spec.items.all(x, self.spec.items.exists_one(y, y == x))",
        "self.metadata.labels.exists_one(k, v, v == 'b')",
    ] {
        let p = format!("{:?}", plan_of(&checked(src)).expect(src));
        assert_eq!(p.matches("Counter(").count(), 1, "{src}: {p}");
        assert!(!p.contains("Walk("), "{src}: {p}");
    }
    let nested = "self.spec.items.exists_one(x, self.spec.items.exists_one(y, y == x))";
    let p = format!("{:?}", plan_of(&checked(nested)).expect(nested));
    assert_eq!(p.matches("Counter(").count(), 1, "{p}");
    assert!(p.contains("Comprehension("), "{p}");
}

#[test]
fn literals_of_constants_fold_with_the_plan() {
    // A literal of constants is the plan's own value; one with a conversion (its folded value
    // may depend on the behaviour) is the walker's.
    let p = |src: &str| format!("{:?}", plan_of(&checked(src)).expect(src));
    let labels = p("has(self.metadata.labels) ? self.metadata.labels : {}");
    assert!(
        labels.contains("Folded(") && !labels.contains("Walk("),
        "{labels}"
    );
    assert!(
        p("self.spec.flag ? [1, [2]] : []")
            .matches("Folded(")
            .count()
            == 2
    );
    for walked in ["[int('1')] == self.x", "[string(1)] == self.x"] {
        let plan = p(walked);
        assert!(
            plan.contains("Walk(") && !plan.contains("Folded("),
            "{walked}: {plan}"
        );
    }
}

#[test]
fn the_policy_shapes_are_planned_without_walking() {
    // The shapes the 20-policy benchmark runs are planned through: no step of theirs is left
    // to the walker except a literal that folds.
    for src in [
        "has(self.metadata.name) && self.metadata.name != ''",
        "size(self.metadata.name) <= 253 && self.metadata.labels.all(k, size(k) <= 317)",
        "self.metadata.op != 'DELETE' && !(has(self.metadata.annotations) && 'x/y' in self.metadata.annotations)",
        "has(self.metadata.labels) ? self.metadata.labels : {}",
    ] {
        let e = checked(src);
        let p = format!("{:?}", plan_of(&e).expect(src));
        assert!(!p.contains("Walk("), "{src}: {p}");
        // A comparison with an int constant is the plan's own step, as is `!`.
        assert_eq!(
            p.matches("IntCmp(").count(),
            src.matches(" <= ").count(),
            "{src}: {p}"
        );
        assert_eq!(p.matches("Not(").count(), src.matches("!(").count(), "{src}: {p}");
        // `all` is the plan's own loop, with no accumulator variable.
        assert_eq!(
            p.matches("Quantifier(").count(),
            src.matches(".all(").count(),
            "{src}: {p}"
        );
        assert!(!p.contains("@result"), "{src}: {p}");
        // A comparison with a string constant is the plan's own step, as is a key test.
        let tests = p.matches("StrTest {").count();
        assert_eq!(
            tests,
            src.matches("!= '").count() + src.matches("' in ").count(),
            "{src}: {p}"
        );
    }
}

#[test]
fn a_variable_bound_twice_is_its_last_binding() {
    // The plan finds a caller's variable as the walker searches for it, from the last
    // binding: the name bound last (found without the search's call) or before another.
    let first = object(vec![("a", Value::Int(1))]);
    let second = object(vec![("a", Value::Int(2))]);
    let e = checked("self.a == 2 && has(self.a)");
    assert!(plan_of(&e).is_some());
    for vars in [
        vec![("self", first.clone()), ("self", second.clone())],
        vec![
            ("self", first.clone()),
            ("self", second),
            ("oldSelf", first),
        ],
    ] {
        let p = evaluate(&e, &vars, Options::default());
        assert!(same(&walked(&e, &vars, Options::default()), &p));
        assert_eq!(format!("{:?}", p.value), "Ok(Bool(true))", "{vars:?}");
    }
}
