//! The core estimator (cel-go `checker/cost.go`) against cel-go's own table
//! (`checker/cost_test.go` `TestCost`, google/cel-go at the snapshot read for this port): the
//! cases that need only the standard library. Cases over the proto test message use the same
//! shapes with `int` elements or map values where the message type plays no part in the cost
//! (noted per case); cases that select proto fields or register custom functions are left out.
//!
//! cel-go's harness: sizes `[0, hint]` for the variable paths named in `hints`, `[0, 12]` for any
//! bytes-typed node, presence tests cost 1 unless a case says otherwise.

use std::collections::HashMap;

use crdlint::cel::cost::{
    estimate_cost, AstNode, CostEstimate, CostOptions, SizeEstimate, SizeEstimator,
};
use crdlint::cel::types::Type;
use crdlint::cel::{compile_expr, CompileOptions, EnvKind};
use crdlint::k8s::KubeVersion;

struct Hints(HashMap<String, u64>);

impl SizeEstimator for Hints {
    fn estimate_size(&self, node: &AstNode<'_>) -> Option<SizeEstimate> {
        let key = node.path.to_vec().join(".");
        if let Some(&l) = self.0.get(&key) {
            return Some(SizeEstimate::new(0, l));
        }
        matches!(node.ty, Type::Bytes).then_some(SizeEstimate::new(0, 12))
    }
}

fn ty(s: &str) -> Type {
    match s {
        "int" => Type::Int,
        "bool" => Type::Bool,
        "string" => Type::String,
        "bytes" => Type::Bytes,
        "timestamp" => Type::Timestamp,
        "duration" => Type::Duration,
        "list(int)" => Type::list(Type::Int),
        "list(string)" => Type::list(Type::String),
        "list(list(int))" => Type::list(Type::list(Type::Int)),
        "map(string, int)" => Type::map(Type::String, Type::Int),
        "map(string, bool)" => Type::map(Type::String, Type::Bool),
        "map(string, double)" => Type::map(Type::String, Type::Double),
        "map(string, timestamp)" => Type::map(Type::String, Type::Timestamp),
        "map(int, int)" => Type::map(Type::Int, Type::Int),
        "map(string, string)" => Type::map(Type::String, Type::String),
        "map(string, list(int))" => Type::map(Type::String, Type::list(Type::Int)),
        "map(string, map(string, int))" => {
            Type::map(Type::String, Type::map(Type::String, Type::Int))
        }
        other => panic!("type {other}"),
    }
}

/// (name, expression, variables, hints, presence test cost, min, max)
type Case = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static [(&'static str, u64)],
    bool,
    u64,
    u64,
);

const NESTED_MAP: &str = "map(string, map(string, int))"; // upstream: values are messages

const CASES: &[Case] = &[
    ("const", r#""Hello World!""#, &[], &[], true, 0, 0),
    ("identity", "input", &[("input", "list(int)")], &[], true, 1, 1),
    ("select: map", "input['key']", &[("input", "map(string, int)")], &[], true, 2, 2),
    ("select: non-proto field test has() cost", "has(input.testAttr.nestedAttr)", &[("input", NESTED_MAP)], &[], true, 3, 3),
    ("select: non-proto field test no has() cost", "has(input.testAttr.nestedAttr)", &[("input", NESTED_MAP)], &[], false, 2, 2),
    ("create list", "[1, 2, 3]", &[], &[], true, 10, 10),
    ("create map", r#"{"a": 1, "b": 2, "c": 3}"#, &[], &[], true, 30, 30),
    ("all comprehension", "input.all(x, true)", &[("input", "list(int)")], &[("input", 100)], true, 2, 302),
    ("nested all comprehension", "input.all(x, x.all(y, true))", &[("input", "list(list(int))")], &[("input", 50), ("input.@items", 10)], true, 2, 1752),
    ("all comprehension on literal", "[1, 2, 3].all(x, true)", &[], &[], true, 20, 20),
    ("variable cost function", "input.matches('[0-9]')", &[("input", "string")], &[("input", 500)], true, 3, 103),
    ("variable cost function with constant", "'123'.matches('[0-9]')", &[], &[], true, 2, 2),
    ("or", "true || false", &[], &[], true, 0, 0),
    ("or accumulated branch cost", "a || b || c || d", &[("a", "bool"), ("b", "bool"), ("c", "bool"), ("d", "bool")], &[], true, 1, 4),
    ("and", "true && false", &[], &[], true, 0, 0),
    ("and accumulated branch cost", "a && b && c && d", &[("a", "bool"), ("b", "bool"), ("c", "bool"), ("d", "bool")], &[], true, 1, 4),
    ("lt", "1 < 2", &[], &[], true, 1, 1),
    ("eq", "1 == 2", &[], &[], true, 1, 1),
    ("in", "2 in [1, 2, 3]", &[], &[], true, 13, 13),
    ("plus", "1 + 1", &[], &[], true, 1, 1),
    ("ternary", "true ? 1 : 2", &[], &[], true, 0, 0),
    ("string size", r#"size("123")"#, &[], &[], true, 1, 1),
    ("bytes size", r#"size(b"123")"#, &[], &[], true, 1, 1),
    ("bytes to string conversion", "string(input)", &[("input", "bytes")], &[("input", 500)], true, 1, 51),
    ("bytes to string conversion equality", "string(input) == string(input)", &[("input", "bytes")], &[("input", 500)], true, 3, 152),
    ("string to bytes conversion", "bytes(input)", &[("input", "string")], &[("input", 500)], true, 1, 51),
    ("string to bytes conversion equality", "bytes(input) == bytes(input)", &[("input", "string")], &[("input", 500)], true, 3, 302),
    ("int to string conversion", "string(1)", &[], &[], true, 1, 1),
    ("contains", "input.contains(arg1)", &[("input", "string"), ("arg1", "string")], &[("input", 500), ("arg1", 500)], true, 2, 2502),
    ("matches", r"input.matches('\\d+a\\d+b')", &[("input", "string")], &[("input", 500)], true, 3, 103),
    ("startsWith", "input.startsWith(arg1)", &[("input", "string"), ("arg1", "string")], &[("arg1", 500)], true, 2, 52),
    ("endsWith", "input.endsWith(arg1)", &[("input", "string"), ("arg1", "string")], &[("arg1", 500)], true, 2, 52),
    ("size receiver", "input.size()", &[("input", "string")], &[], true, 2, 2),
    ("size", "size(input)", &[("input", "string")], &[], true, 2, 2),
    ("ternary eval", "(x > 2 ? input1 : input2).all(y, true)", &[("x", "int"), ("input1", "list(int)"), ("input2", "list(int)")], &[("input1", 1), ("input2", 1)], true, 4, 7),
    ("comprehension over nested map of maps", "input.all(k, input[k].all(x, true))", &[("input", NESTED_MAP)], &[("input", 5), ("input.@values", 10)], true, 2, 187),
    ("string size of map keys", "input.all(k, k.contains(k))", &[("input", NESTED_MAP)], &[("input", 5), ("input.@keys", 10)], true, 2, 32),
    ("comprehension variable shadowing", "input.all(k, input[k].all(k, true) && k.contains(k))", &[("input", NESTED_MAP)], &[("input", 2), ("input.@values", 2), ("input.@keys", 5)], true, 2, 34),
    ("list concat", "(list1 + list2).all(x, true)", &[("list1", "list(int)"), ("list2", "list(int)")], &[("list1", 10), ("list2", 10)], true, 4, 64),
    ("str concat", r#""abcdefg".contains(str1 + str2)"#, &[("str1", "string"), ("str2", "string")], &[("str1", 10), ("str2", 10)], true, 2, 6),
    ("list size comparison", "list1.size() == list2.size()", &[("list1", "list(int)"), ("list2", "list(int)")], &[], true, 5, 5),
    ("list size from ternary", "x > y ? list1.size() : list2.size()", &[("x", "int"), ("y", "int"), ("list1", "list(int)"), ("list2", "list(int)")], &[], true, 5, 5),
    ("list size from concat", "([x, y] + list1 + list2).size()", &[("x", "int"), ("y", "int"), ("list1", "list(int)"), ("list2", "list(int)")], &[("list1", 10), ("list2", 20)], true, 17, 17),
    ("list cost tracking through comprehension", "[list1, list2].exists(l, l.exists(v, v.startsWith('hi')))", &[("list1", "list(string)"), ("list2", "list(string)")], &[("list1", 10), ("list1.@items", 64), ("list2", 20), ("list2.@items", 128)], true, 21, 265),
    ("str endsWith equality", r#"str1.endsWith("abcdefghijklmnopqrstuvwxyz") == str2.endsWith("abcdefghijklmnopqrstuvwxyz")"#, &[("str1", "string"), ("str2", "string")], &[], true, 9, 9),
    ("nested subexpression operators", "((5 != 6) == (1 == 2)) == ((3 <= 4) == (9 != 9))", &[], &[], true, 7, 7),
    ("str size estimate", "string(timestamp1) == string(timestamp2)", &[("timestamp1", "timestamp"), ("timestamp2", "timestamp")], &[], true, 5, 1_844_674_407_370_955_268),
    ("timestamp equality check", "timestamp1 == timestamp2", &[("timestamp1", "timestamp"), ("timestamp2", "timestamp")], &[], true, 3, 3),
    ("duration inequality check", "duration1 != duration2", &[("duration1", "duration"), ("duration2", "duration")], &[], true, 3, 3),
    (".filter list literal", "[1,2,3,4,5].filter(x, x % 2 == 0)", &[], &[], true, 41, 101),
    (".map list literal", "[1,2,3,4,5].map(x, x)", &[], &[], true, 86, 86),
    (".map.filter list literal", "[1,2,3,4,5].map(x, x).filter(x, x % 2 == 0)", &[], &[], true, 117, 177),
    (".map.exists list literal", "[1,2,3,4,5].map(x, x).exists(x, x == 5) == true", &[], &[], true, 108, 118),
    (".map.map list literal", "[1,2,3,4,5].map(x, x).map(x, x)", &[], &[], true, 162, 162),
    (".map list literal selection", "[1,2,3,4,5].map(x, x)[4]", &[], &[], true, 87, 87),
    ("nested array selection", "[[1,2],[1,2],[1,2],[1,2],[1,2]][4]", &[], &[], true, 61, 61),
    ("nested map selection", "{'a': [1,2], 'b': [1,2], 'c': [1,2], 'd': [1,2], 'e': [1,2]}.b", &[], &[], true, 81, 81),
    ("comprehension on nested list", "[[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]].all(y, y.all(y, y == 1))", &[], &[], true, 76, 136),
    ("comprehension on transformed nested list", "[1,2,3,4,5].map(x, [x, x]).all(y, y.all(y, y == 1))", &[], &[], true, 157, 217),
    ("comprehension on nested literal list", r#"["a", "ab", "abc", "abcd", "abcde"].map(x, [x, x]).all(y, y.all(y, y.startsWith('a')))"#, &[], &[], true, 157, 217),
    ("comprehension on nested variable list", "input.map(x, [x, x]).all(y, y.all(y, y.startsWith('a')))", &[("input", "list(string)")], &[("input", 5), ("input.@items", 10)], true, 13, 208),
    ("comprehension chaining with concat", "[1,2,3,4,5].map(x, x).map(x, x) + [1]", &[], &[], true, 173, 173),
    ("nested comprehension", "[1,2,3].all(i, i in [1,2,3].map(j, j + j))", &[], &[], true, 20, 230),
    ("nested dyn comprehension", "dyn([1,2,3]).all(i, i in dyn([1,2,3]).map(j, j + j))", &[], &[], true, 21, 234),
    ("literal map access", "{'hello': 'hi'}['hello'] != {'hello': 'bye'}['hello']", &[], &[], true, 63, 63),
    ("literal list access", "['hello', 'hi'][0] != ['hello', 'bye'][1]", &[], &[], true, 23, 23),
    ("type call", "type(1)", &[], &[], true, 1, 1),
    ("type call variable", "type(self.val1)", &[("self", "map(string, int)")], &[], true, 3, 3),
    ("type call variable equality", "type(self.val1) == int", &[("self", "map(string, int)")], &[], true, 5, 1_844_674_407_370_955_268),
    ("type literal equality cost", "type(1) == int", &[], &[], true, 3, 1_844_674_407_370_955_266),
    ("simple map variable equality", "self.val1 == 1.0", &[("self", "map(string, double)")], &[], true, 3, 3),
    ("date-time math", "self.val1 == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')", &[("self", "map(string, timestamp)")], &[], true, 6, 6),
    ("date-time math self-conversion", "timestamp(self.val1) == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')", &[("self", "map(string, timestamp)")], &[], true, 7, 7),
    ("boolean vars equal", "self.val1 != self.val2", &[("self", "map(string, bool)")], &[], true, 5, 5),
    ("boolean var equals literal", "self.val1 != true", &[("self", "map(string, bool)")], &[], true, 3, 3),
    ("double var equals literal", "self.val1 == 1.0", &[("self", "map(string, double)")], &[], true, 3, 3),
];

#[test]
fn cel_go_core_costs() {
    run(CASES, "cel-go TestCost");
}

/// cel-go `ext/comprehensions_test.go` `TestTwoVarComprehensionsCost`. Left out: "transformMap
/// local bind" (`cel.bind` is not in Kubernetes' environments, so the parser does not expand it).
const TWO_VAR_CASES: &[Case] = &[
    ("all list literal", "[1, 2, 3, 4].all(i, v, i < 5 && v > 0)", &[], &[], true, 23, 39),
    ("all map literal - true", "{1: 1, 2: 2, 3: 3}.all(i, v, i < 5 && v > 0)", &[], &[], true, 40, 52),
    ("all map literal - false", "!{0: 0}.all(i, v, i < 5 && v > 0)", &[], &[], true, 35, 39),
    ("all map(int,int) variable", "m.all(i, v, i < 5 && v > 0)", &[("m", "map(int, int)")], &[("m", 3)], true, 2, 23),
    ("all map(string,string) variable", "m.all(k, v, k < v)", &[("m", "map(string, string)")], &[("m", 3), ("m.@keys", 16), ("m.@values", 128)], true, 2, 23),
    ("transformList empty", "[].transformList(i, v, v) == []", &[], &[], true, 31, 31),
    ("transformList single element", "[1].transformList(i, v, i) == [0]", &[], &[], true, 45, 45),
    ("transformList with filter", "[3, 2, 1].transformList(i, v, v > i, v) == [3, 2]", &[], &[], true, 44, 80),
    ("transformMap empty list", "[].transformMap(k, v, v + 1) == {}", &[], &[], true, 71, 71),
    ("transformMap empty map", "{}.transformMap(k, v, v + 1) == {}", &[], &[], true, 91, 91),
    ("transformMap literal scalar map", "{1: 2}.transformMap(k, v, v + 1) == {1: 3}", &[], &[], true, 97, 97),
    ("transformMap filter map", "{1: 2, 3: 4, 5: 6}.transformMap(k, v, k % 3 == 0, v + 1) == {3: 5}", &[], &[], true, 104, 116),
    ("transformMap variable input", "m.transformMap(k, v, k.startsWith('legacy') && v.size() == 1, v + [2]) == {'legacy-solo': [1, 2]}", &[("m", "map(string, list(int))")], &[("m", 5), ("m.@keys", 16), ("m.@values", 10), ("m.@values.@items", 2)], true, 73, 173),
    ("transformMapEntry literal input", "{1: 2}.transformMapEntry(k, v, {v: k}) == {2: 1}", &[], &[], true, 126, 126),
    ("transformMapEntry variable input", "m.transformMapEntry(k, v, {v: k}) == m.transformMapEntry(k, v, {v: k})", &[("m", "map(string, int)")], &[("m", 5), ("m.@keys", 16), ("m.@values", 10)], true, 65, 405),
];

fn run(cases: &[Case], label: &str) {
    let opts = CompileOptions {
        kube_version: KubeVersion { minor: 9999 },
        env: EnvKind::StoredExpressions,
        base_env_options: false,
        ..CompileOptions::default()
    };
    let mut failures = Vec::new();
    for (name, expr, vars, hints, presence, min, max) in cases {
        let vars: Vec<(String, Type)> = vars.iter().map(|(n, t)| (n.to_string(), ty(t))).collect();
        let hints = Hints(hints.iter().map(|(k, v)| (k.to_string(), *v)).collect());
        match compile_expr(expr, &vars, &opts) {
            Err(e) => failures.push(format!("{name}: {e}")),
            Ok(c) => {
                let got = estimate_cost(
                    &c.checked,
                    &hints,
                    CostOptions {
                        presence_test_has_cost: *presence,
                    },
                );
                if got != CostEstimate::new(*min, *max) {
                    failures.push(format!(
                        "{name}: `{expr}`: {}..{}, want {min}..{max}",
                        got.min, got.max
                    ));
                }
            }
        }
    }
    eprintln!(
        "{label}: {} of {} cases match",
        cases.len() - failures.len(),
        cases.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn cel_go_two_variable_comprehension_costs() {
    run(TWO_VAR_CASES, "cel-go TestTwoVarComprehensionsCost");
}
