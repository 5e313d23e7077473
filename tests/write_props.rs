//! Property tests of the invariants `--write` rests on (issue #10), over generated resources
//! written in generated layouts (block and flow collections, comments, empty values, CRLF,
//! JSON):
//! - `prune` and `default` are idempotent;
//! - the rewrite of a file always succeeds when nothing is shared through anchors, and the
//!   written file reads back as the stored object;
//! - validating the written file finds no field to prune.

use crdlint::validate::{
    prune_only, rewrite_file, validate_resource, Change, CompiledCrd, Options,
};
use crdlint::yaml::emit::{emit_flow, emit_flow_key};
use crdlint::yaml::Node;
use proptest::prelude::*;
use serde_json::{json, Map, Value};

fn crd() -> CompiledCrd {
    CompiledCrd::from_schema(&Node::from_json(&json!({
        "type": "object",
        "properties": {"spec": {"type": "object", "properties": {
            "a": {"type": "string"},
            "n": {"type": "integer", "default": 5},
            "obj": {"type": "object", "default": {"x": 3}, "properties": {
                "x": {"type": "integer", "default": 1}, "y": {"type": "string"}
            }},
            "list": {"type": "array", "items": {"type": "object", "properties": {
                "name": {"type": "string"}, "port": {"type": "integer", "default": 80}
            }}},
            "free": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
            "m": {"type": "object", "additionalProperties": {"type": "string"}}
        }}}
    })))
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-1000i64..1000).prop_map(|i| json!(i)),
        prop::sample::select(vec![
            "x",
            "yes",
            "0755",
            "a: b",
            "#c",
            "multi\nline\n",
            "\ttab\nx",
            "kept\n\n\n",
            "'q'",
            "",
            "~",
            "[x]",
            "é"
        ])
        .prop_map(|s| json!(s)),
    ]
}

fn any_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Value::Array),
            prop::collection::btree_map("[a-c]{1,2}", inner, 0..3)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn string() -> impl Strategy<Value = Value> {
    prop::sample::select(vec!["s", "yes", "two\nlines", "a #b"]).prop_map(|s| json!(s))
}

fn int_or_null() -> impl Strategy<Value = Value> {
    prop_oneof![Just(Value::Null), (0i64..100).prop_map(|i| json!(i))]
}

/// Builds an object from optional `(key, value)` pairs, in order.
fn object(entries: Vec<(&'static str, Option<Value>)>) -> Value {
    let mut m = Map::new();
    for (k, v) in entries {
        if let Some(v) = v {
            m.insert(k.to_string(), v);
        }
    }
    Value::Object(m)
}

fn item() -> impl Strategy<Value = Value> {
    (
        prop::option::of(any_json()),
        prop::option::of(string()),
        prop::option::of(int_or_null()),
    )
        .prop_map(|(junk, name, port)| object(vec![("junk", junk), ("name", name), ("port", port)]))
}

fn spec() -> impl Strategy<Value = Value> {
    let obj = prop_oneof![
        Just(Value::Null),
        (
            prop::option::of(int_or_null()),
            prop::option::of(any_json()),
            prop::option::of(string())
        )
            .prop_map(|(x, zz, y)| object(vec![("x", x), ("zz", zz), ("y", y)])),
    ];
    (
        (
            prop::option::of(any_json()),
            prop::option::of(string()),
            prop::option::of(int_or_null()),
            prop::option::of(obj),
        ),
        (
            prop::option::of(any_json()),
            prop::option::of(prop::collection::vec(item(), 0..3)),
            prop::option::of(any_json()),
            prop::option::of(prop::collection::btree_map("[a-c]", string(), 0..3)),
            prop::option::of(any_json()),
        ),
    )
        .prop_map(|((u0, a, n, obj), (u1, list, free, m, u2))| {
            let free = free.map(|f| match f {
                Value::Object(_) => f,
                other => json!({"v": other}),
            });
            object(vec![
                ("u0", u0),
                ("a", a),
                ("n", n),
                ("obj", obj),
                ("u1", u1),
                ("list", list.map(Value::Array)),
                ("free", free),
                ("m", m.map(|m| Value::Object(m.into_iter().collect()))),
                ("u2", u2),
            ])
        })
}

/// Layout choices, consumed one bit per collection or null.
struct Layout {
    bits: u64,
    comments: bool,
}

impl Layout {
    fn next(&mut self) -> bool {
        let b = self.bits & 1 == 1;
        self.bits = self.bits.rotate_right(1);
        b
    }
}

fn scalar(v: &Value) -> String {
    emit_flow(&Node::from_json(v))
}

fn block_map(
    out: &mut String,
    m: &Map<String, Value>,
    indent: usize,
    inline: bool,
    l: &mut Layout,
) {
    for (i, (k, v)) in m.iter().enumerate() {
        if l.comments && !(inline && i == 0) {
            out.push_str(&format!("{}# before {k}\n", " ".repeat(indent)));
        }
        if !(inline && i == 0) {
            out.push_str(&" ".repeat(indent));
        }
        out.push_str(&emit_flow_key(k));
        out.push(':');
        value_after_key(out, v, indent, l);
    }
}

fn value_after_key(out: &mut String, v: &Value, indent: usize, l: &mut Layout) {
    let comment = if l.comments { " # c" } else { "" };
    match v {
        Value::Object(m) if !m.is_empty() && !l.next() => {
            out.push_str(&format!("{comment}\n"));
            block_map(out, m, indent + 2, false, l);
        }
        Value::Array(a) if !a.is_empty() && !l.next() => {
            out.push_str(&format!("{comment}\n"));
            block_seq(out, a, indent, l);
        }
        Value::Null if l.next() => out.push_str(&format!("{comment}\n")),
        _ => out.push_str(&format!(" {}{comment}\n", scalar(v))),
    }
}

fn block_seq(out: &mut String, a: &[Value], indent: usize, l: &mut Layout) {
    for v in a {
        out.push_str(&" ".repeat(indent));
        out.push('-');
        match v {
            Value::Object(m) if !m.is_empty() && !l.next() => {
                out.push(' ');
                block_map(out, m, indent + 2, true, l);
            }
            _ => out.push_str(&format!(" {}\n", scalar(v))),
        }
    }
}

fn render(obj: &Value, l: &mut Layout, crlf: bool, as_json: bool) -> String {
    let text = if as_json {
        serde_json::to_string_pretty(obj).expect("JSON")
    } else {
        let mut out = String::from("# generated\n");
        block_map(&mut out, obj.as_object().expect("object"), 0, false, l);
        out
    };
    if crlf {
        text.replace('\n', "\r\n")
    } else {
        text
    }
}

fn unknown_fields(d: &[crdlint::diag::Diagnostic]) -> Vec<String> {
    d.iter()
        .filter(|d| d.rule.id == "cr/unknown-field")
        .map(|d| d.message.clone())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn write_round_trips_and_is_idempotent(
        spec in spec(),
        bits in any::<u64>(),
        comments in any::<bool>(),
        crlf in any::<bool>(),
        as_json in prop::bool::weighted(0.2),
        default in any::<bool>(),
    ) {
        let crd = crd();
        let opts = Options::default();
        let obj = json!({"apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "x"}, "spec": spec});
        let mut layout = Layout { bits, comments };
        let text = render(&obj, &mut layout, crlf, as_json);
        let docs = crdlint::yaml::load(&text);
        prop_assert!(docs[0].errors.is_empty(), "{text}: {:?}", docs[0].errors);
        let read = docs[0].root.clone().expect("root");
        let transform = |n: &Node| if default {
            validate_resource(&crd, n, &opts)
        } else {
            prune_only(&crd, n, &opts)
        };
        let stored = transform(&read).stored.expect("stored");

        // Idempotent: the stored form is its own stored form, with nothing left to prune.
        let again = transform(&stored);
        prop_assert!(unknown_fields(&again.diagnostics).is_empty());
        prop_assert!(again.stored.expect("stored").value_eq(&stored));

        // The rewrite succeeds in every layout and reads back as the stored object.
        let change = [Change { original: &read, updated: &stored }];
        let written = rewrite_file(&text, &change);
        prop_assert!(written.is_ok(), "{text}\n=> {:?}", written);
        let written = written.unwrap();
        let back = crdlint::yaml::load(&written);
        prop_assert!(back[0].errors.is_empty(), "{written}");
        let back = back[0].root.clone().expect("root");
        prop_assert!(back.value_eq(&stored), "{text}\n=> {written}");
        prop_assert!(unknown_fields(&transform(&back).diagnostics).is_empty(), "{written}");
        if crlf {
            prop_assert!(!written.replace("\r\n", "").contains('\n'), "{written:?}");
        }
        if as_json {
            prop_assert!(serde_json::from_str::<Value>(&written).is_ok(), "{written}");
        }
        // Writing again changes nothing.
        let change = [Change { original: &back, updated: &stored }];
        prop_assert_eq!(rewrite_file(&written, &change).ok(), Some(written.clone()));
    }
}
