//! The evaluator's semantics, error texts and costs against cel-go's, expression by expression.

use super::super::ast::checked;
use super::*;

fn run(src: &str) -> Outcome {
    let e = checked(src);
    evaluate(
        &e,
        &[],
        Options {
            cost_limit: None,
            fold_constants: false,
            ..Options::default()
        },
    )
}

fn ok(src: &str) -> Value {
    run(src).value.unwrap_or_else(|e| panic!("{src}: {e}"))
}

#[test]
fn map_literal_keys_as_cel_go() {
    // cel-go's evalMap fills a Go map keyed by the values: a repeated key keeps the last
    // value, int 1 and uint 1 are two keys, and null is a key like any other.
    let t = |src: &str| assert!(matches!(ok(src), Value::Bool(true)), "{src}");
    t("{1: 'a', 1: 'b'} == {1: 'b'}");
    t("{1: 'a', 1: 'b'}.size() == 1");
    t("{'k': 1, 'k': 2}['k'] == 2");
    t("{1: 'a', 1u: 'b'}.size() == 2");
    t("{1: 'a', 1u: 'b'}[1] == 'a' && {1: 'a', 1u: 'b'}[1u] == 'b'");
    t("{null: 1}[null] == 1");
    t("{null: 1}.size() == 1 && null in {null: 1}");
    // Doubles are Go map keys too (-0 == +0); cel-go's Find tries the key itself, then a
    // double as an int or uint, never an int as a double.
    t("{dyn(1.5): 'a'}[1.5] == 'a' && {1.5: 'a'}.size() == 1");
    t("{1.0: 'a', 1: 'b'}.size() == 2 && {1.0: 'a', 1: 'b'}[1.0] == 'a'");
    t("!(dyn(1) in {1.0: 'a'}) && dyn(1.0) in {1: 'a'} && {-0.0: 'a'}[0.0] == 'a'");
}

#[test]
fn logic_absorbs_errors_commutatively() {
    assert!(matches!(ok("1/0 == 1 && false"), Value::Bool(false)));
    assert!(matches!(ok("false && 1/0 == 1"), Value::Bool(false)));
    assert!(matches!(ok("1/0 == 1 || true"), Value::Bool(true)));
    assert_eq!(
        run("1/0 == 1 && true").value.unwrap_err().message,
        "division by zero"
    );
}

#[test]
fn comprehensions_and_macros() {
    assert!(matches!(ok("[1,2,3].all(x, x > 0)"), Value::Bool(true)));
    assert!(matches!(
        ok("[1,2,3].exists_one(x, x > 2)"),
        Value::Bool(true)
    ));
    assert!(matches!(
        ok("[1,2,3].map(x, x * 2)[2] == 6"),
        Value::Bool(true)
    ));
    assert!(matches!(
        ok("[1,2,3].filter(x, x > 1).size() == 2"),
        Value::Bool(true)
    ));
    assert!(matches!(
        ok("{'a': 1}.all(k, v, v == 1 && k == 'a')"),
        Value::Bool(true)
    ));
    assert!(matches!(
        ok("[5, 6].exists(i, v, i == 1 && v == 6)"),
        Value::Bool(true)
    ));
    assert!(matches!(
        ok("[1, 2].transformList(i, v, v * 10) == [10, 20]"),
        Value::Bool(true)
    ));
    assert!(matches!(
        ok("{'a': 1}.transformMap(k, v, v + 1) == {'a': 2}"),
        Value::Bool(true)
    ));
}

#[test]
fn arithmetic_errors_use_cel_go_texts() {
    assert_eq!(
        run("9223372036854775807 + 1").value.unwrap_err().message,
        "integer overflow"
    );
    assert_eq!(
        run("{'a': 1}.b").value.unwrap_err().message,
        "no such key: b"
    );
    assert_eq!(
        run("[1][3]").value.unwrap_err().message,
        "index out of bounds: 3"
    );
}

#[test]
fn constant_conversions_fail_at_planning() {
    let plan = |src: &str| plan_time_error(&checked(src)).map(|(_, e)| e.message);
    assert_eq!(
        plan("int('abc') == 1 || true").as_deref(),
        Some("type conversion error from 'string' to 'int'")
    );
    assert_eq!(
        plan("bool('TrUe')").as_deref(),
        Some("type conversion error from 'string' to 'bool'")
    );
    assert_eq!(
        plan("[1].all(x, uint(-1) > 0u)").as_deref(),
        Some("unsigned integer overflow")
    );
    assert_eq!(plan("int('12') == 12 && bool('true')"), None);
    // Only constant arguments are planned.
    assert_eq!(plan("[1].all(x, int(string(x) + 'a') > 0)"), None);
}

/// cel-go's runtime texts (common/types, interpreter/attributes.go) and Go's parsers
/// behind the conversions (strconv, time.LoadLocation, net/netip).
#[test]
fn runtime_errors_and_conversions_like_cel_go() {
    let err = |src: &str| run(src).value.unwrap_err().message;
    let val = |src: &str| run(src).value.unwrap();
    assert_eq!(
        err("dyn([1])['a']"),
        "unsupported index type 'string' in list"
    );
    assert_eq!(err("dyn([1])[1.5]"), "unsupported index value 1.5 in list");
    assert_eq!(
        err("int('abc')"),
        "type conversion error from 'string' to 'int'"
    );
    assert_eq!(
        err("uint('+1')"),
        "type conversion error from 'string' to 'uint'"
    );
    assert_eq!(
        err("double('1e400')"),
        "type conversion error from 'string' to 'double'"
    );
    assert!(matches!(val("double('0x1p-2')"), Value::Double(d) if d == 0.25));
    assert!(matches!(val("double('1_000.5')"), Value::Double(d) if d == 1000.5));
    assert_eq!(
        err("timestamp('9999-12-31T23:59:59Z') + duration('1s')"),
        "timestamp overflow"
    );
    assert_eq!(err("timestamp(253402300800)"), "timestamp overflow");
    let t = "timestamp('2023-01-01T00:00:00Z')";
    assert!(matches!(
        val(&format!("{t}.getHours('Asia/Kolkata')")),
        Value::Int(5)
    ));
    assert!(matches!(
        val(&format!("{t}.getDate('Australia/Sydney')")),
        Value::Int(1)
    ));
    assert!(matches!(
        val(&format!("{t}.getHours('-05:30')")),
        Value::Int(18)
    ));
    assert!(matches!(
        val(&format!("{t}.getHours('UTC')")),
        Value::Int(0)
    ));
    assert_eq!(
        err(&format!("{t}.getHours('+0530')")),
        "unknown time zone +0530"
    );
    assert_eq!(
        err(&format!("{t}.getHours('x:30')")),
        "strconv.Atoi: parsing \"x\": invalid syntax"
    );
    assert_eq!(
        err(&format!("{t}.getHours('../etc')")),
        "time: invalid location name"
    );
    assert_eq!(
        err("ip('::ffff:c0a8:1')"),
        "IPv4-mapped IPv6 address \"::ffff:c0a8:1\" is not allowed"
    );
    assert_eq!(
        err("ip('1.2.3')"),
        "IP Address \"1.2.3\" parse error during conversion from string: ParseAddr(\"1.2.3\"): IPv4 address too short"
    );
    assert_eq!(
        err("cidr('192.168.0.0/')"),
        "network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix(\"192.168.0.0/\"): bad bits after slash: \"\""
    );
}

#[test]
fn costs_follow_runtimecost() {
    // list literal 10 + attribute-less index: relative attribute 1 + qualifier 1.
    assert_eq!(run("[1, 2][0]").cost, 12);
    assert_eq!(run("'abc'.startsWith('a')").cost, 1);
    assert_eq!(run("[1,2,3].all(x, x > 0)").cost, 10 + 3 * (2 + 3) + 1);
    let limited = evaluate(
        &checked("[1,2,3].all(x, x > 0)"),
        &[],
        Options {
            cost_limit: Some(5),
            fold_constants: false,
            ..Options::default()
        },
    );
    assert_eq!(limited.value.unwrap_err().kind, ErrorKind::CostLimit);
}

#[test]
fn comprehension_accumulators_grow_in_place() {
    // Quadratic copying would make this take minutes.
    let v = ok("lists.range(200000).map(x, x * 2).filter(x, x % 4 == 0).size() == 100000");
    assert!(matches!(v, Value::Bool(true)));
    let v = ok("lists.range(50000).transformMap(i, v, v + 1).size() == 50000");
    assert!(matches!(v, Value::Bool(true)));
}

#[test]
fn huge_work_is_cancelled_before_it_runs() {
    let e = checked("lists.range(1000000000000).size() > 0");
    let out = evaluate(&e, &[], Options::default());
    assert_eq!(out.value.unwrap_err().kind, ErrorKind::CostLimit);
}

#[test]
fn optionals() {
    assert!(matches!(
        ok("{'a': 1}.?b.orValue(5) == 5"),
        Value::Bool(true)
    ));
    assert!(matches!(ok("{'a': 1}.?a.value() == 1"), Value::Bool(true)));
    assert!(matches!(
        ok("optional.of(2).optMap(x, x * 2).value() == 4"),
        Value::Bool(true)
    ));
    assert!(matches!(
        ok("[?optional.none(), 1].size() == 1"),
        Value::Bool(true)
    ));
}

/// A folded constant is computed on the first evaluation and reused: later evaluations give
/// the same value and cost, also under another minor's behaviour, and an accumulator that
/// starts from a folded `[]` never changes the cached constant.
#[test]
fn folded_constants_are_reused_unchanged() {
    let e = checked("[1, 2, 3].map(x, x * 2) == [2, 4, 6] && 'b' in ['a', 'b'] && [[1]] != []");
    let opts = Options::default();
    let first = evaluate(&e, &[], opts);
    assert!(matches!(first.value, Ok(Value::Bool(true))));
    for beh in [
        opts.behavior,
        crate::k8s::Behavior::of(crate::k8s::KubeVersion { minor: 29 }),
    ] {
        let again = evaluate(
            &e,
            &[],
            Options {
                behavior: beh,
                ..opts
            },
        );
        assert!(matches!(again.value, Ok(Value::Bool(true))));
        assert_eq!(again.cost, first.cost);
    }
    let unfolded = evaluate(
        &e,
        &[],
        Options {
            fold_constants: false,
            ..opts
        },
    );
    assert!(unfolded.cost > first.cost, "folding makes constants free");
}

#[test]
fn text_built_by_format_is_bounded_per_evaluation() {
    // 2,000 strings of 1,000 bytes: each format of the whole list is 2 MB, charged by its
    // format string only (as on the server), so the map builds 4 GB at a cost of about 30,000.
    let items: Vec<Value> = (0..2_000)
        .map(|_| Value::string(&"x".repeat(1_000)))
        .collect();
    let e = checked("self.map(x, '%s'.format([self])).size() > 0");
    let out = evaluate(&e, &[("self", Value::list(items))], Options::default());
    let err = out
        .value
        .expect_err("the text bound must stop the evaluation");
    assert_eq!(err.kind, ErrorKind::CostLimit);
    assert!(err.message.contains("64 MiB"), "{}", err.message);
    assert!(
        out.cost < 1_000_000,
        "stopped by the text bound, not the cost limit"
    );
}

#[test]
fn replace_is_sized_before_it_is_built() {
    // An empty pattern puts the replacement between every character: 1 MB × 100 bytes.
    let src = format!("self.replace('', '{}').size() > 0", "y".repeat(100));
    let e = checked(&src);
    let big = Value::string(&"a".repeat(1_000_000));
    let out = evaluate(&e, &[("self", big)], Options::default());
    let err = out.value.expect_err("a 100 MB result must not be built");
    assert_eq!(err.kind, ErrorKind::CostLimit);
    // Within the bound, replace answers as before.
    assert!(matches!(
        ok("'a-b-c'.replace('-', '_') == 'a_b_c'"),
        Value::Bool(true)
    ));
    assert!(matches!(
        ok("'ab'.replace('', '.') == '.a.b.'"),
        Value::Bool(true)
    ));
    assert!(matches!(
        ok("'a-b-c'.replace('-', '', 1) == 'ab-c'"),
        Value::Bool(true)
    ));
}

#[test]
fn argument_stack_is_balanced_after_errors() {
    // Calls push their arguments on one stack shared by the evaluation; a call whose argument
    // fails (absorbed by `||`), one cut off by the cost limit, and nested calls must all take
    // theirs off again, and later calls must see only their own.
    let cases = [
        (
            "(1 / 0 == 1 || true) && size('ab') == 2 && 'abc'.startsWith('ab')",
            None,
        ),
        (
            "[1, 2, 3].all(x, x / (x - 2) >= -5 || true) && [1, 2].max() == 2",
            None,
        ),
        ("size(string(1 / 0)) == 1 || size([1, 2]) == 2", None),
        ("[1, 2, 3].map(x, string(x) + 'a').size() == 3", Some(3)),
    ];
    for (src, limit) in cases {
        let e = checked(src);
        let opts = Options {
            cost_limit: limit,
            fold_constants: false,
            ..Options::default()
        };
        let mut ev = Evaluator::new(&[], Vec::new(), opts);
        let r = ev.eval(&e);
        assert!(
            ev.args.is_empty(),
            "{src}: {} arguments left",
            ev.args.len()
        );
        match limit {
            None => assert!(matches!(r, Ok(Value::Bool(true))), "{src}: {r:?}"),
            Some(_) => assert_eq!(r.unwrap_err().kind, ErrorKind::CostLimit, "{src}"),
        }
    }
}

#[test]
fn variable_names_compare_like_strings() {
    let names = [
        "",
        "a",
        "ab",
        "abc",
        "self",
        "selg",
        "oldSelf",
        "oldSelg",
        "pldSelf",
        "@result",
        "@it",
        "x",
        "y",
        "abcdefgh",
        "abcdefgi",
        "bbcdefgh",
        "abcdefghi",
        "abcdefghj",
        "é",
        "é1",
        "self ",
        " self",
    ];
    for a in names {
        for b in names {
            assert_eq!(same_name(a, b), a == b, "{a:?} {b:?}");
        }
    }
}

#[test]
fn selections_on_variables_cost_and_fail_as_evaluated_ones() {
    // The borrowed path (a field chain on a caller's variable) against the same chain on a
    // value the evaluator computed (`[self][0]`): the same result, cost and error.
    use crate::yaml::Node;
    let v = Node::from_json(&serde_json::json!({"a": {"b": {"c": 1}}, "s": "x"}));
    let s = crate::schema::Schema::from_node(&Node::from_json(&serde_json::json!({
        "type": "object",
        "properties": {
            "a": {"type": "object", "properties": {"b": {"type": "object",
                "properties": {"c": {"type": "integer"}}}}},
            "s": {"type": "string"}
        }
    })));
    let self_v = crate::cel::eval::to_value(&v, &s, false);
    let vars = [("self", self_v)];
    for (direct, computed) in [
        ("self.a.b.c", "[self][0].a.b.c"),
        ("self.a.x", "[self][0].a.x"),
        ("self.s.x", "[self][0].s.x"),
        ("has(self.a.b)", "has([self][0].a.b)"),
        ("has(self.a.x)", "has([self][0].a.x)"),
        ("self.a['b'].c", "[self][0].a['b'].c"),
        // Comprehension variables (one element: one step).
        ("[self].map(x, x.a.b.c)", "[self].map(x, [x][0].a.b.c)"),
        ("[self].map(x, x.a.x)", "[self].map(x, [x][0].a.x)"),
        (
            "[self].map(x, has(x.a.b))",
            "[self].map(x, has([x][0].a.b))",
        ),
        ("[self].map(self, self.s)", "[self].map(self, [self][0].s)"),
    ] {
        let opts = Options {
            cost_limit: None,
            fold_constants: false,
            ..Options::default()
        };
        let d = checked(direct);
        let c = checked(computed);
        let (d, c) = (evaluate(&d, &vars, opts), evaluate(&c, &vars, opts));
        assert_eq!(
            format!("{:?}", d.value),
            format!("{:?}", c.value),
            "{direct}"
        );
        // `[self][0]` costs the list literal (10), the index and the attribute it starts
        // (1 each) more.
        assert_eq!(d.cost + 12, c.cost, "{direct}");
    }
}
