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
    // `size` of a list or a map counted where it is (`count_at`), in both forms, also on a
    // loop variable.
    "self.spec.items.size() > 2 && self.metadata.labels.size() == 1",
    "self.spec.items.size() > 3 || self.metadata.labels.size() != 1",
    "self.x.y.size() <= 1",
    "self.spec.replicas.size() <= 1",
    "(self.spec.items.size() > 0 ? 1 : 0) + (self.spec.items.size() > 5 ? 1 : 0) <= 1",
    "[self.spec.items, []].all(l, l.size() == size(l) && l.size() >= 0)",
    "[self.metadata.labels].exists_one(m, m.size() == self.spec.items.size())",
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
    let walked_roots: Vec<&str> = EXPRESSIONS
        .iter()
        .copied()
        .filter(|src| plan_of(&checked(src)).is_none())
        .collect();
    let first = selves().remove(0);
    let bindings = |s: &Value| {
        vec![
            vec![("self", s.clone()), ("oldSelf", first.clone())],
            vec![],
        ]
    };
    let differ = differences(&checked, EXPRESSIONS, &selves(), &bindings);
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

/// The objects `self` is bound to for [`fast_paths_evaluate_as_the_tree_walk`]: the shapes
/// the plan's fast paths (an attribute read inline, presence, string and size tests on it, a
/// quantifier's range borrowed) must leave to the general path, or answer as it does.
fn fast_path_selves() -> Vec<Value> {
    let s = Value::string;
    let invalid = |m: &str| Value::Invalid(Arc::from(m));
    // A map keyed by other values than strings, small (scanned) and large (hashed).
    let mixed = {
        let mut m = Entries::default();
        m.insert(Key::Int(1), s("one"));
        m.insert(Key::Bool(true), s("yes"));
        m.insert(Key::String(Arc::from("a")), s("x"));
        m.insert(Key::Null, s("null"));
        Value::map(m)
    };
    let big = {
        let mut m = Entries::default();
        for i in 0..12 {
            m.insert(Key::Int(i), Value::Int(i));
            m.insert(Key::String(Arc::from(format!("k{i}"))), s(&format!("v{i}")));
        }
        m.insert(
            Key::String(Arc::from("bad")),
            invalid("invalid data, big.bad"),
        );
        Value::map(m)
    };
    let deep = object(vec![(
        "b",
        object(vec![(
            "c",
            object(vec![("d", object(vec![("e", s("end"))]))]),
        )]),
    )]);
    let full = object(vec![
        (
            "metadata",
            object(vec![
                ("name", s("abc")),
                ("__namespace__", s("ns")),
                (
                    "labels",
                    map(vec![
                        ("a", s("b")),
                        ("long", s("x")),
                        ("bad", invalid("invalid data, labels.bad")),
                    ]),
                ),
                ("mixed", mixed.clone()),
                ("big", big.clone()),
            ]),
        ),
        (
            "spec",
            object(vec![
                ("replicas", Value::Int(3)),
                ("flag", Value::Bool(true)),
                ("off", Value::Bool(false)),
                (
                    "items",
                    Value::list(vec![Value::Int(1), Value::Int(2), Value::Int(3)]),
                ),
                ("bad", invalid("invalid data, spec.bad")),
                ("opt", Value::some(Value::Int(4))),
                ("none", Value::none()),
            ]),
        ),
        ("a", deep),
    ]);
    // The same fields in plain maps, not schema objects: a reserved word is not looked up
    // under its escaped name.
    let plain = map(vec![
        (
            "metadata",
            map(vec![
                ("name", s("abc")),
                ("__namespace__", s("ns")),
                ("labels", map(vec![("a", s("b"))])),
                ("mixed", mixed),
                ("big", big),
            ]),
        ),
        (
            "spec",
            map(vec![
                ("replicas", Value::Int(3)),
                ("flag", Value::Bool(false)),
                ("items", Value::list(vec![])),
                ("bad", invalid("invalid data, plain spec.bad")),
            ]),
        ),
    ]);
    // Whole values on the way that are invalid, lists, other types.
    let broken = object(vec![
        ("metadata", invalid("invalid data, metadata")),
        ("spec", Value::list(vec![Value::Int(1)])),
        ("a", object(vec![("b", invalid("invalid data, a.b"))])),
    ]);
    vec![
        full.clone(),
        plain,
        broken,
        Value::some(full),
        Value::list(vec![Value::Int(1)]),
        Value::Int(0),
    ]
}

const FAST_PATH_EXPRESSIONS: &[&str] = &[
    // Comprehension variables named like a caller's variable shadow it, in the predicate
    // only: the range (and anything outside the loop) reads the caller's.
    "self.spec.items.all(self, self > 0)",
    "[1].all(self, self > 0) && self.spec.flag",
    "self.spec.flag && [1, 2].exists(self, self == 2)",
    "[self].all(self, has(self.spec))",
    "[self.metadata].all(self, self.name == 'abc' && has(self.labels))",
    "self.spec.items.exists(oldSelf, oldSelf == size(self.metadata.name))",
    "self.metadata.labels.all(self, self != 'x') || self.x",
    "self.spec.items.map(self, self * 2).exists(oldSelf, oldSelf == 6)",
    "self.spec.items.exists_one(self, self == 2) && self.spec.flag",
    "self.spec.items.filter(self, self > 1).all(self, self > 1) && has(self.spec)",
    "[oldSelf, self].exists(self, self.metadata.name == 'abc')",
    "self.metadata.labels.all(self, v, self == 'long' || v == 'b')",
    "{'self': 1}.all(self, self == 'self') && self.metadata.name != ''",
    "self.spec.items.all(x, [x].all(self, self == x) && size(self.metadata.name) == 3)",
    // Invalid values inside maps: at the end of a chain, before it, as a range, tested.
    "self.spec.bad",
    "has(self.spec.bad)",
    "has(self.spec.bad.x)",
    "self.spec.bad == 'a'",
    "self.spec.bad != ''",
    "size(self.spec.bad) == 0",
    "'a' in self.spec.bad",
    "self.spec.bad.all(x, x)",
    "self.spec.bad && false",
    "self.spec.bad || true",
    "self.spec.bad.x || true",
    "!self.spec.bad",
    "self.spec.bad < 3",
    "self.a.b.c == 'x'",
    "has(self.a.b.c)",
    "self.metadata.labels.bad == 'x'",
    "has(self.metadata.labels.bad)",
    "'bad' in self.metadata.labels",
    "self.metadata.labels.all(k, self.metadata.labels[k] != 'zz')",
    "self.metadata.labels.all(k, v, v != 'zz')",
    "self.metadata.labels.exists(k, v, v == 'b')",
    "self.metadata.labels.exists(k, k == 'bad')",
    // Maps keyed by other values than strings, scanned and hashed.
    "self.metadata.mixed.a",
    "self.metadata.mixed.b",
    "has(self.metadata.mixed.a)",
    "has(self.metadata.mixed.b)",
    "'a' in self.metadata.mixed",
    "'b' in self.metadata.mixed",
    "1 in self.metadata.mixed",
    "self.metadata.mixed.a == 'x'",
    "self.metadata.mixed.exists(k, k == 1)",
    "self.metadata.mixed.all(k, k != 'zz')",
    "size(self.metadata.mixed) == 4",
    "self.metadata.big.k9",
    "self.metadata.big.k9 == 'v9'",
    "self.metadata.big.zz",
    "self.metadata.big.bad",
    "has(self.metadata.big.k11)",
    "has(self.metadata.big.zz)",
    "has(self.metadata.big.bad)",
    "'k3' in self.metadata.big",
    "'zz' in self.metadata.big",
    "size(self.metadata.big.k10) == 3",
    // Schema objects and plain maps: a reserved word's field.
    "has(self.metadata.namespace)",
    "self.metadata.namespace",
    "self.metadata.namespace == 'ns'",
    "has(self.metadata.labels.namespace)",
    // Missing fields, variables and chains ending early.
    "self.metadata.missing",
    "has(self.metadata.missing.x)",
    "self.missing.x == 'a'",
    "size(self.missing) == 0",
    "oldSelf.metadata.name == self.metadata.name",
    "self.a.b.c.d.e",
    "self.a.b.c.d.e == 'end'",
    "size(self.a.b.c.d.e) == 3",
    "has(self.a.b.c.d.e)",
    "has(self.a.b.c.d.x)",
    "self.a.b.c.d.e.f",
    // Presence tests on values that are no map.
    "has(self.spec.items.x)",
    "has(self.spec.replicas.x)",
    "has(self.metadata.name.x)",
    "has(self.spec.flag.x) || true",
    "has(self.x.y) && false",
    "has(self.spec)",
    "has(self.spec.opt.x)",
    "has(self.spec.none.x)",
    // Optionals: selected through, in values and in the variable itself.
    "self.?spec.?replicas.orValue(0) == 3",
    "self.?x.?y.hasValue()",
    "self.spec.?replicas.orValue(1)",
    "self.spec.opt",
    "self.spec.opt.x",
    "self.spec.none.x",
    "self.spec.opt == 'a'",
    "size(self.spec.opt) == 1",
    // `&&` and `||` absorbing errors and values of other types on either side; the first
    // error kept wins; a deciding value wins over any error but the cost limit's.
    "self.x && false",
    "false && self.x",
    "self.x || true",
    "true || self.x",
    "self.x && true",
    "self.x || false",
    "self.spec.replicas && false",
    "self.spec.replicas || true",
    "self.spec.replicas && self.x",
    "self.x && self.spec.replicas",
    "self.x || self.spec.missing",
    "self.spec.missing || self.x",
    "self.spec.flag && self.spec.off",
    "self.spec.off || self.spec.flag",
    "self.spec.flag && self.spec.flag && self.spec.flag && self.spec.off",
    "self.spec.off || self.spec.off || self.spec.off || self.spec.flag",
    "self.x.y || self.spec.missing.z || true",
    "(self.x && self.y) || (self.spec.flag && self.spec.replicas)",
    "self.metadata.name == 'abc' && self.x",
    "self.x || self.metadata.name != 'abc'",
    "!(self.x || self.spec.flag)",
    "!self.spec.off && self.spec.flag",
    // The `@result` accumulator of quantifiers and other loops over attribute ranges.
    "self.spec.items.map(x, x).size() == 3",
    "self.spec.items.all(x, x > 0) == true",
    "self.spec.items.exists(x, x > 5) || self.spec.items.all(x, x > 0)",
    "[self.spec.items.all(x, x > 0), self.spec.items.exists(x, x == 9)] == [true, false]",
    "self.spec.items.all(x, x > 1 || self.x)",
    "self.spec.items.exists(x, x > 2 && self.x)",
    "self.spec.items.all(x, self.spec.items.all(y, y >= x || self.spec.flag))",
    "self.metadata.labels.exists_one(k, k == 'a')",
    "self.metadata.mixed.exists_one(k, k == 'a')",
    "self.metadata.big.all(k, k != 'k11')",
    "self.spec.all(x, x == 1)",
    "self.metadata.all(k, k != '')",
    // Size comparisons read in place: strings, maps, lists, other types, missing, invalid.
    "size(self.metadata.name) == 3",
    "size(self.metadata.labels) > 1",
    "size(self.spec.items) < 4",
    "size(self.spec.replicas) >= 0",
    "size(self.spec) != 1",
    "size(self) > 0",
    "self.metadata.name.size() == 3",
];

/// The caller's variables of one evaluation.
type Bindings = Vec<(&'static str, Value)>;

/// The plan, a program prepared once ([`Prepared`]) and its bool form against the walker on
/// each expression, object and binding layout, at every cost limit: the differences found.
fn differences(
    compile: &dyn Fn(&str) -> Expr,
    exprs: &[&str],
    selves: &[Value],
    bindings: &dyn Fn(&Value) -> Vec<Bindings>,
) -> Vec<String> {
    let mut differ = Vec::new();
    for src in exprs {
        let e = compile(src);
        let prepared = Prepared::new(compile(src));
        for (i, s) in selves.iter().enumerate() {
            for vars in bindings(s) {
                let vars = &vars[..];
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
                        let r = prepared.evaluate(vars, &opts);
                        let (truth, cost) = prepared.truth(vars, &opts);
                        let t = Outcome {
                            value: truth.map_or_else(|r| r, |b| Ok(Value::Bool(b))),
                            cost,
                        };
                        for (how, got) in [("planned", &p), ("prepared", &r), ("truth", &t)] {
                            if !same(&w, got) {
                                let names: Vec<_> = vars.iter().map(|(n, _)| *n).collect();
                                differ.push(format!(
                                    "{src} on self #{i} bound as {names:?} (limit {limit:?}, \
                                     folding {fold_constants}): walked {:?} cost {}, {how} {:?} \
                                     cost {}",
                                    w.value, w.cost, got.value, got.cost
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    differ
}

#[test]
fn fast_paths_evaluate_as_the_tree_walk() {
    let selves = fast_path_selves();
    let first = selves[0].clone();
    // `self` bound before `oldSelf` (searched), last (found by the search's inline first
    // step), twice (the last binding wins, last in the list or not), alone, or not at all.
    let bindings = |s: &Value| {
        vec![
            vec![("self", s.clone()), ("oldSelf", first.clone())],
            vec![("oldSelf", first.clone()), ("self", s.clone())],
            vec![
                ("self", Value::Null),
                ("oldSelf", first.clone()),
                ("self", s.clone()),
            ],
            vec![
                ("self", first.clone()),
                ("self", s.clone()),
                ("oldSelf", Value::Int(1)),
            ],
            vec![("self", s.clone())],
            vec![("oldSelf", s.clone())],
        ]
    };
    let differ = differences(&checked, FAST_PATH_EXPRESSIONS, &selves, &bindings);
    assert!(
        differ.is_empty(),
        "{}\n{} differences",
        differ[..differ.len().min(40)].join("\n"),
        differ.len()
    );
    // The table is the plan's: every expression is planned but a call on an optional select
    // (the walker's).
    let walked_roots: Vec<_> = FAST_PATH_EXPRESSIONS
        .iter()
        .filter(|src| plan_of(&checked(src)).is_none())
        .collect();
    assert_eq!(walked_roots, [&"self.spec.?replicas.orValue(1)"]);
}

/// `&&` and `||` as cel-go decides them, planned and walked alike (the two share the step,
/// so [`plans_evaluate_as_the_tree_walk`] alone would not see it change): a deciding value
/// wins over an error or a value of another type on either side (`err && false` is false,
/// `err || true` is true), otherwise the first error kept wins (`no such overload` for a
/// value of another type), and the cost limit is never absorbed.
#[test]
fn logic_absorbs_errors_as_cel_go_planned_and_walked() {
    let vars = [("self", fast_path_selves().remove(0))];
    let nsk =
        |k: &str| format!("Err(EvalError {{ kind: NoSuchKey, message: \"no such key: {k}\" }})");
    let nso = "Err(EvalError { kind: NoSuchOverload, message: \"no such overload\" })".to_string();
    let invalid = "Err(EvalError { kind: Other, message: \"invalid data, spec.bad\" })".to_string();
    let limit = "Err(EvalError { kind: CostLimit, message: \"operation cancelled: actual cost limit exceeded\" })".to_string();
    let (t, f) = ("Ok(Bool(true))".to_string(), "Ok(Bool(false))".to_string());
    let cases: Vec<(&str, Option<u64>, String)> = vec![
        ("self.x && false", None, f.clone()),
        ("false && self.x", None, f.clone()),
        ("self.x || true", None, t.clone()),
        ("true || self.x", None, t.clone()),
        ("self.x && true", None, nsk("x")),
        ("true && self.x", None, nsk("x")),
        ("self.x || false", None, nsk("x")),
        ("self.spec.bad && self.spec.off", None, f.clone()),
        ("self.spec.bad || self.spec.flag", None, t.clone()),
        ("self.spec.bad && self.spec.flag", None, invalid.clone()),
        ("self.spec.replicas && false", None, f.clone()),
        ("self.spec.replicas || true", None, t.clone()),
        ("self.spec.replicas && true", None, nso.clone()),
        // The first error kept wins, whichever side gives the other.
        ("self.x && self.spec.replicas", None, nsk("x")),
        ("self.spec.replicas && self.x", None, nso.clone()),
        ("self.x || self.spec.missing", None, nsk("x")),
        ("self.spec.missing || self.x", None, nsk("missing")),
        ("self.spec.bad || self.x", None, invalid.clone()),
        ("self.x && self.y || self.spec.flag", None, t.clone()),
        ("(self.x || self.y) && self.spec.off", None, f.clone()),
        // The cost limit reached in the second operand ends the evaluation, even after an
        // error in the first: `self.x` costs 2, `self.spec.off` 3.
        ("self.x && self.spec.off", Some(4), limit.clone()),
        ("self.x && self.spec.off", Some(5), f.clone()),
        ("self.x || self.spec.flag", Some(4), limit.clone()),
        ("self.x || self.spec.flag", Some(5), t.clone()),
        ("self.spec.off && self.x", Some(3), f.clone()),
        ("self.spec.off && self.x", Some(2), limit.clone()),
        // Inside a quantifier's accumulator: an error absorbed by a later deciding value.
        ("[1, 2].all(x, x == 1 ? self.x : false)", None, f.clone()),
        ("[1, 2].exists(x, x == 1 ? self.x : true)", None, t.clone()),
        ("[1, 2].all(x, x == 1 ? self.x : true)", None, nsk("x")),
        (
            "[1, 2].exists(x, x == 1 ? self.x : self.spec.replicas)",
            None,
            nsk("x"),
        ),
        (
            "self.spec.items.all(x, x == 1 ? self.x : false)",
            None,
            f.clone(),
        ),
        (
            "self.spec.items.exists(x, x == 3 ? self.spec.flag : self.x)",
            None,
            t.clone(),
        ),
    ];
    let mut wrong = Vec::new();
    for (src, cost_limit, want) in cases {
        let e = checked(src);
        assert!(plan_of(&e).is_some(), "{src}");
        let opts = Options {
            cost_limit,
            ..Options::default()
        };
        let prepared = Prepared::new(checked(src));
        let (truth, _) = prepared.truth(&vars, &opts);
        let truth = truth.map_or_else(|r| r, |b| Ok(Value::Bool(b)));
        for (how, got) in [
            ("walked", walked(&e, &vars, opts).value),
            ("planned", evaluate(&e, &vars, opts).value),
            ("prepared", prepared.evaluate(&vars, &opts).value),
            ("truth", truth),
        ] {
            let got = format!("{got:?}");
            if got != want {
                wrong.push(format!(
                    "{src} (limit {cost_limit:?}) {how}: {got}, not {want}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// [`checked`] with the caller's variables `names`, all `dyn`.
fn checked_with(src: &str, names: &[&str]) -> Expr {
    use crate::cel::{compile_expr, CompileOptions, EnvKind, Type};
    let opts = CompileOptions {
        kube_version: crate::k8s::KubeVersion { minor: 9999 },
        env: EnvKind::StoredExpressions,
        base_env_options: false,
        ..CompileOptions::default()
    };
    let vars: Vec<(String, Type)> = names.iter().map(|n| (n.to_string(), Type::Dyn)).collect();
    match compile_expr(src, &vars, &opts) {
        Ok(c) => super::super::ast::from_checked(&c.checked),
        Err(e) => panic!("{src} does not compile:\n{e}"),
    }
}

/// More caller's variables than a plan keeps slots for ([`planned::ROOTS`]): the first four
/// named are read from their slots (inline when a chain fits), the others searched at each
/// use, all as the walker finds them, whatever the order of the bindings, a variable bound
/// twice, one missing, or one shadowed by a comprehension variable.
#[test]
fn variables_past_the_plans_slots_evaluate_as_the_tree_walk() {
    const NAMES: &[&str] = &[
        "object",
        "oldObject",
        "request",
        "params",
        "variables",
        "ns",
    ];
    const SOURCES: &[&str] = &[
        "object.a.b == 'x' && oldObject.a.b == 'x' && request.op != 'DELETE' && params.n > 1 \
         && variables.v.w == 'y' && ns.a.b == 'x'",
        "ns.a.b == 'x' && variables.v.w == 'y' && object.a.b == 'x'",
        "has(variables.v.w) && has(ns.a) && 'b' in ns.a && size(variables.v.w) == 1",
        "variables.v.w != '' || ns.missing == 1",
        "[1].all(ns, ns == 1) && ns.a.b == 'x' && [object].all(variables, has(variables.a))",
        "[ns].exists(object, object.a.b == 'x') && object.n > 0",
        "ns.list.all(x, x > 0) && variables.list.exists(variables, variables == 2)",
        "params.n + ns.n + object.n",
        "object.n > 0 ? ns.a : variables.v",
    ];
    let s = Value::string;
    let doc = |n: i64| {
        object(vec![
            ("a", object(vec![("b", s("x"))])),
            ("v", map(vec![("w", s("y"))])),
            ("op", s("CREATE")),
            ("n", Value::Int(n)),
            ("list", Value::list(vec![Value::Int(1), Value::Int(2)])),
        ])
    };
    let selves = vec![
        doc(3),
        Value::Null,
        Value::Invalid(Arc::from("invalid data, doc")),
    ];
    let bindings = |v: &Value| {
        let mut all: Vec<(&'static str, Value)> = NAMES.iter().map(|n| (*n, doc(2))).collect();
        let mut layouts = Vec::new();
        // Each variable in turn bound to `v`, then the same bound twice (`v` last), then
        // all bound to `v` in reverse order, then one missing.
        for i in 0..NAMES.len() {
            let mut l = all.clone();
            l[i].1 = v.clone();
            layouts.push(l.clone());
            l.push((NAMES[i], v.clone()));
            l[i].1 = Value::Int(0);
            layouts.push(l);
        }
        all.iter_mut().for_each(|(_, x)| *x = v.clone());
        all.reverse();
        layouts.push(all.clone());
        all.remove(1);
        layouts.push(all);
        layouts
    };
    let compile = |src: &str| checked_with(src, NAMES);
    for src in SOURCES {
        assert!(plan_of(&compile(src)).is_some(), "{src}");
    }
    let differ = differences(&compile, SOURCES, &selves, &bindings);
    assert!(
        differ.is_empty(),
        "{}\n{} differences",
        differ[..differ.len().min(40)].join("\n"),
        differ.len()
    );
}
