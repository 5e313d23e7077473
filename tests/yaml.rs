//! The YAML loader read the way Kubernetes reads YAML: go-yaml v2 scalar rules, JSON round trip,
//! merge keys, aliases, duplicate keys, recovery after a broken document, and byte spans checked
//! through line/column positions.

use std::time::{Duration, Instant};

use crdlint::diag::SourceFile;
use crdlint::yaml::{
    load, load_with, Document, LoadOptions, Node, Span, Style, Value, YamlError, YamlErrorKind,
};
use serde_json::json;

/// The single document of `src`, which must have a root and no errors.
fn one(src: &str) -> Node {
    let docs = load(src);
    assert_eq!(docs.len(), 1, "documents in {src:?}: {docs:#?}");
    assert!(
        docs[0].errors.is_empty(),
        "errors in {src:?}: {:#?}",
        docs[0].errors
    );
    docs[0].root.clone().expect("a root")
}

fn value_of(src: &str) -> serde_json::Value {
    one(src).to_json()
}

fn errors(src: &str) -> Vec<YamlError> {
    load(src).into_iter().flat_map(|d| d.errors).collect()
}

/// `(line, column)` of a byte offset, 1-based.
fn lc(src: &str, off: usize) -> (usize, usize) {
    let f = SourceFile::new("t.yaml", src.to_owned());
    let p = f.line_col(off);
    (p.line, p.column)
}

fn text(src: &str, span: Span) -> &str {
    &src[span.range()]
}

#[test]
fn plain_scalars_resolve_like_go_yaml_v2() {
    // (plain scalar, value Kubernetes sees after YAML → JSON → unstructured)
    let cases: &[(&str, serde_json::Value)] = &[
        ("yes", json!(true)),
        ("Y", json!(true)),
        ("on", json!(true)),
        ("ON", json!(true)),
        ("True", json!(true)),
        ("n", json!(false)),
        ("No", json!(false)),
        ("off", json!(false)),
        ("FALSE", json!(false)),
        ("~", json!(null)),
        ("null", json!(null)),
        ("Null", json!(null)),
        ("NULL", json!(null)),
        ("", json!(null)),
        ("0755", json!(493)),
        ("0o755", json!(493)),
        ("0x1F", json!(31)),
        ("-0x1F", json!(-31)),
        ("0b1010", json!(10)),
        ("+12", json!(12)),
        ("1_000", json!(1000)),
        ("08", json!(8)),
        ("1e3", json!(1000)),
        ("3.0", json!(3)),
        (".5", json!(0.5)),
        ("-1.5e-3", json!(-0.0015)),
        ("9223372036854775808", json!(9223372036854775808.0)),
        ("1e400", json!("1e400")),
        ("2001-12-14", json!("2001-12-14")),
        ("2001-12-14T21:59:43Z", json!("2001-12-14T21:59:43Z")),
        ("0x", json!("0x")),
        ("1:30", json!("1:30")),
        ("yEs", json!("yEs")),
        ("<<x", json!("<<x")),
    ];
    for (plain, want) in cases {
        let src = format!("v: {plain}\n");
        assert_eq!(value_of(&src)["v"], *want, "plain scalar {plain:?}");
    }
}

#[test]
fn quoted_and_block_scalars_are_always_strings() {
    let v = value_of("a: 'yes'\nb: \"0755\"\nc: |\n  1\nd: >-\n  true\ne: \"\"\n");
    assert_eq!(
        v,
        json!({"a": "yes", "b": "0755", "c": "1\n", "d": "true", "e": ""})
    );
}

#[test]
fn explicit_tags() {
    let v = value_of(
        "a: !!str 1\nb: !!int \"12\"\nc: !!float 1\nd: !!bool \"yes\"\ne: !!null \"\"\nf: ! 12\ng: !!binary aGVsbG8=\nh: !!timestamp 2001-12-14\n",
    );
    assert_eq!(
        v,
        json!({"a": "1", "b": 12, "c": 1, "d": true, "e": null, "f": "12", "g": "hello", "h": "2001-12-14"})
    );
    // A tag that does not fit the value fails the document, as go-yaml does.
    let docs = load("a: !!int abc\n");
    assert!(docs[0].root.is_none());
    assert_eq!(
        docs[0].errors[0].message,
        "cannot decode !!str `abc` as a !!int"
    );
    let docs = load("a: !!binary '%%%'\n");
    assert_eq!(
        docs[0].errors[0].message,
        "!!binary value contains invalid base64 data"
    );
    // Unknown tags: go-yaml v2 keeps the text as a string; we warn.
    let docs = load("a: !custom 3\nb: !!set {x: 1}\n");
    let d = &docs[0];
    assert_eq!(
        d.root.as_ref().unwrap().to_json(),
        json!({"a": "3", "b": {"x": 1}})
    );
    assert_eq!(d.errors.len(), 2);
    assert!(d.errors.iter().all(|e| e.kind == YamlErrorKind::UnknownTag));
    let src = "a: !custom 3\nb: !!set {x: 1}\n";
    assert_eq!(text(src, d.errors[0].span), "!custom");
}

#[test]
fn special_floats_cannot_become_json() {
    for (plain, shown) in [(".inf", "+Inf"), ("-.Inf", "-Inf"), (".NaN", "NaN")] {
        let src = format!("a: 1\nb: {plain}\n");
        let docs = load(&src);
        assert!(docs[0].root.is_none(), "{plain}");
        let e = &docs[0].errors[0];
        assert_eq!(e.kind, YamlErrorKind::Syntax);
        assert_eq!(
            e.message,
            format!("error converting YAML to JSON: json: unsupported value: {shown}")
        );
        assert_eq!(text(&src, e.span), plain);
    }
    // As a key they are fine: sigs.k8s.io/yaml spells them `.inf`, `.nan`.
    assert_eq!(
        value_of(".inf: 1\n-.inf: 2\n"),
        json!({".inf": 1, "-.inf": 2})
    );
}

#[test]
fn non_string_keys_are_stringified() {
    let docs = load("1: a\ntrue: b\n1.5: d\n1e6: e\n0x10: f\n\"q\": g\n");
    let root = docs[0].root.as_ref().unwrap();
    let keys: Vec<&str> = root.as_map().unwrap().keys().collect();
    assert_eq!(keys, ["1", "true", "1.5", "1e+06", "16", "q"]);
    // A null key cannot be converted to JSON.
    let docs = load("~: a\n");
    assert!(docs[0].root.is_none());
    assert!(docs[0].errors[0]
        .message
        .contains("unsupported map key of type: <nil>"));
    // A collection key is invalid.
    let docs = load("? [a, b]\n: c\n");
    assert!(docs[0].root.is_none());
    assert!(docs[0].errors[0]
        .message
        .starts_with("invalid map key: []interface {}{"));
}

#[test]
fn duplicate_keys_report_both_places_and_keep_the_last_value() {
    let src = "spec:\n  replicas: 1\n  image: x\n  replicas: 3\n";
    let docs = load(src);
    let d = &docs[0];
    assert_eq!(d.errors.len(), 1);
    let e = &d.errors[0];
    assert_eq!(e.kind, YamlErrorKind::DuplicateKey);
    assert_eq!(e.message, "key \"replicas\" already set in map");
    assert_eq!(lc(src, e.span.start()), (4, 3));
    assert_eq!(text(src, e.span), "replicas");
    assert_eq!(e.related.len(), 1);
    assert_eq!(lc(src, e.related[0].0.start()), (2, 3));
    // Not fatal: the document keeps a root with the last value.
    let root = d.root.as_ref().unwrap();
    assert_eq!(
        root.to_json(),
        json!({"spec": {"replicas": 3, "image": "x"}})
    );
    // Non-string keys print like go-yaml's %#v.
    assert_eq!(
        errors("true: 1\nyes: 2\n")[0].message,
        "key true already set in map"
    );
    // `1` and `"1"` are different go-yaml keys that collide in JSON: a warning.
    let e = errors("1: a\n\"1\": b\n");
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].kind, YamlErrorKind::Suspicious);
}

#[test]
fn duplicate_keys_in_big_maps() {
    // Past the linear-scan threshold the loader switches to a hash index.
    let mut src = String::new();
    for i in 0..100 {
        src.push_str(&format!("k{i}: {i}\n"));
    }
    src.push_str("k7: again\nk99: again\nk100: new\n");
    let docs = load(&src);
    let dups: Vec<_> = docs[0].errors.iter().map(|e| e.message.clone()).collect();
    assert_eq!(
        dups,
        [
            "key \"k7\" already set in map",
            "key \"k99\" already set in map"
        ]
    );
    let root = docs[0].root.as_ref().unwrap();
    assert_eq!(root.as_map().unwrap().len(), 101);
    assert_eq!(root.get_str("k7"), Some("again"));
}

#[test]
fn merge_keys() {
    let src = "\
base: &base {a: 1, b: 2}
other: &other {b: 20, c: 30}
one:
  <<: *base
  b: 3
list:
  <<: [*base, *other]
  d: 4
inline:
  <<: {x: 1}
";
    let v = value_of(src);
    assert_eq!(v["one"], json!({"a": 1, "b": 3}));
    // Earlier maps in the list win.
    assert_eq!(v["list"], json!({"a": 1, "b": 2, "c": 30, "d": 4}));
    assert_eq!(v["inline"], json!({"x": 1}));
    // go-yaml v2 applies `<<` where it stands: a key before it is replaced (with a warning).
    let docs = load("m:\n  a: 1\n  <<: {a: 2}\n");
    assert_eq!(
        docs[0].root.as_ref().unwrap().to_json(),
        json!({"m": {"a": 2}})
    );
    assert_eq!(docs[0].errors.len(), 1);
    assert_eq!(docs[0].errors[0].kind, YamlErrorKind::Suspicious);
    // A quoted `<<` is an ordinary key.
    assert_eq!(value_of("\"<<\": {a: 1}\n"), json!({"<<": {"a": 1}}));
    // Merging a scalar fails the document.
    let docs = load("a: &s x\nb:\n  <<: *s\n");
    assert!(docs[0].root.is_none());
    assert_eq!(
        docs[0].errors[0].message,
        "map merge requires map or sequence of maps as the value"
    );
}

#[test]
fn anchors_can_be_redefined() {
    let v = value_of("a: &x 1\nb: *x\nc: &x 2\nd: *x\ne: &y [1, 2]\nf: *y\n");
    assert_eq!(
        v,
        json!({"a": 1, "b": 1, "c": 2, "d": 2, "e": [1, 2], "f": [1, 2]})
    );
    // An alias keeps the spans of the anchored text.
    let src = "a: &x {k: v}\nb: *x\n";
    let root = one(src);
    let b = root.get("b").unwrap();
    assert_eq!(text(src, b.span()), "{k: v}");
    // Aliases work as keys too.
    assert_eq!(
        value_of("k: &k name\n*k : v\n"),
        json!({"k": "name", "name": "v"})
    );
}

#[test]
fn billion_laughs_fails_fast() {
    let mut src = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        src.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    src.push_str("---\nok: 1\n");
    let start = Instant::now();
    let docs = load(&src);
    assert!(
        start.elapsed() < Duration::from_millis(1000),
        "{:?}",
        start.elapsed()
    );
    assert!(docs[0].root.is_none());
    assert_eq!(docs[0].errors[0].kind, YamlErrorKind::AliasBudget);
    assert_eq!(docs[1].root.as_ref().unwrap().to_json(), json!({"ok": 1}));
    // A small budget applies to ordinary aliases too.
    let opts = LoadOptions {
        alias_budget: 3,
        ..LoadOptions::default()
    };
    let docs = load_with("a: &a x\nb: [*a, *a, *a, *a]\n", &opts);
    assert_eq!(docs[0].errors[0].kind, YamlErrorKind::AliasBudget);
    let docs = load_with("a: &a x\nb: [*a, *a, *a]\n", &opts);
    assert!(docs[0].errors.is_empty());
}

#[test]
fn the_alias_budget_is_the_files_not_each_documents() {
    let opts = LoadOptions {
        alias_budget: 3,
        ..LoadOptions::default()
    };
    // Three aliases in the first document, one in the second: four for the file.
    let src = "a: &a x\nb: [*a, *a, *a]\n---\nc: 1\n---\na: &a x\nb: [*a]\n";
    let docs = load_with(src, &opts);
    assert!(docs[0].errors.is_empty());
    assert!(docs[1].errors.is_empty());
    assert_eq!(docs[2].errors[0].kind, YamlErrorKind::AliasBudget);
    assert!(docs[2].errors[0].message.contains("in this file"));
}

#[test]
fn a_runs_alias_budget_is_split_between_its_files() {
    let one = LoadOptions::default().alias_budget;
    assert_eq!(LoadOptions::for_run(100, 1).alias_budget, one);
    let share = crdlint::yaml::load::RUN_ALIAS_BUDGET / 1000;
    assert_eq!(LoadOptions::for_run(100, 1000).alias_budget, share);
    // A large file in a large run may still expand in proportion to its own size.
    assert_eq!(LoadOptions::for_run(100_000, 1000).alias_budget, 200_000);
    assert_eq!(LoadOptions::for_run(10_000_000, 1000).alias_budget, one);
}

#[test]
fn recursive_alias_is_an_error() {
    let docs = load("a: &a [1, *a]\n");
    assert!(docs[0].root.is_none());
    assert_eq!(
        docs[0].errors[0].message,
        "anchor 'a' value contains itself"
    );
}

#[test]
fn unknown_alias_is_an_error_at_the_alias() {
    let src = "a: *nope\n---\nb: 1\n";
    let docs = load(src);
    assert_eq!(docs.len(), 2);
    assert_eq!(
        docs[0].errors[0].message,
        "unknown anchor 'nope' referenced"
    );
    assert_eq!(text(src, docs[0].errors[0].span), "*nope");
    assert!(docs[1].errors.is_empty());
}

#[test]
fn deep_nesting_is_capped_without_overflow() {
    let mut src = "[".repeat(100_000);
    src.push_str(&"]".repeat(100_000));
    src.push_str("\n---\nok: 1\n");
    let docs = load(&src);
    assert_eq!(docs[0].errors[0].kind, YamlErrorKind::TooDeep);
    assert!(docs[0].root.is_none());
    let good = docs
        .iter()
        .find(|d| d.root.is_some())
        .expect("the next document");
    assert_eq!(good.root.as_ref().unwrap().to_json(), json!({"ok": 1}));

    // Block nesting and the cap on alias copies.
    let opts = LoadOptions {
        max_depth: 3,
        ..LoadOptions::default()
    };
    assert!(load_with("a:\n  b:\n    c: 1\n", &opts)[0]
        .errors
        .is_empty());
    let docs = load_with("a:\n  b:\n    c:\n      d: 1\n", &opts);
    assert_eq!(docs[0].errors[0].kind, YamlErrorKind::TooDeep);
    let docs = load_with("x: &x [[1]]\na:\n  b: *x\n", &opts);
    assert_eq!(docs[0].errors[0].kind, YamlErrorKind::TooDeep);
}

#[test]
fn malformed_document_mid_file() {
    let src = "a: 1\n---\nb: [1, 2\nc: 3\n---\nd: 4\n---\ne: \"open\n---\nf: 5\n";
    let docs = load(src);
    let summary: Vec<(usize, bool, usize)> = docs
        .iter()
        .map(|d| (d.index, d.root.is_some(), d.errors.len()))
        .collect();
    assert_eq!(
        summary,
        [
            (0, true, 0),
            (1, false, 1),
            (2, true, 0),
            (3, false, 1),
            (4, true, 0)
        ]
    );
    let e = &docs[1].errors[0];
    assert_eq!(e.kind, YamlErrorKind::Syntax);
    assert!(!e.message.is_empty());
    // The error points inside the broken document.
    let (line, _) = lc(src, e.span.start());
    assert!((3..=4).contains(&line), "line {line}");
    assert_eq!(docs[2].root.as_ref().unwrap().to_json(), json!({"d": 4}));
    assert_eq!(docs[4].root.as_ref().unwrap().to_json(), json!({"f": 5}));
}

#[test]
fn syntax_error_in_last_document() {
    let docs = load("a: 1\n---\nb: [\n");
    assert_eq!(docs.len(), 2);
    assert!(docs[0].root.is_some());
    assert!(docs[1].root.is_none());
    assert_eq!(docs[1].errors[0].kind, YamlErrorKind::Syntax);
}

#[test]
fn empty_documents() {
    let docs = load("# only a comment\n---\n---\n# another\n---\na: 1\n");
    let roots: Vec<bool> = docs.iter().map(|d| d.root.is_some()).collect();
    assert_eq!(roots, [false, false, true]);
    assert!(docs.iter().all(|d| d.errors.is_empty()));
    assert_eq!(docs.iter().map(|d| d.index).collect::<Vec<_>>(), [0, 1, 2]);
    assert!(load("")
        .iter()
        .all(|d| d.root.is_none() && d.errors.is_empty()));
    // An explicit null is still a value.
    assert!(load("--- null\n")[0].root.is_some());
}

#[test]
fn spans_of_keys_and_values() {
    let src = "apiVersion: v1\nkind: List\nspec:\n  names:\n    - a\n    - b: 1\n      c: \"two\"\n  flow: {x: [1, 2]}\n";
    let root = one(src);
    let spec_entry = root.as_map().unwrap().entry("spec").unwrap();
    assert_eq!(lc(src, spec_entry.key_span.start()), (3, 1));
    let spec = &spec_entry.value;
    assert_eq!(spec.style(), Style::Block);
    assert_eq!(lc(src, spec.span().start()), (4, 3));
    assert!(text(src, spec.span()).ends_with("[1, 2]}"));
    let names = spec.get("names").unwrap();
    assert_eq!(
        text(src, names.span()),
        "- a\n    - b: 1\n      c: \"two\"".trim_start_matches("- ")
    );
    let c = names.as_seq().unwrap()[1].get("c").unwrap();
    assert_eq!(c.style(), Style::DoubleQuoted);
    assert_eq!(text(src, c.span()), "\"two\"");
    assert_eq!(lc(src, c.span().start()), (7, 10));
    let item = &names.as_seq().unwrap()[1];
    assert_eq!(text(src, item.span()), "b: 1\n      c: \"two\"");
    let flow = spec.get("flow").unwrap();
    assert_eq!(flow.style(), Style::Flow);
    assert_eq!(text(src, flow.span()), "{x: [1, 2]}");
    assert_eq!(text(src, flow.get("x").unwrap().span()), "[1, 2]");
    // The root block mapping covers the whole content.
    assert_eq!(root.span().start(), 0);
    assert_eq!(text(src, root.span()), src.trim_end());
}

#[test]
fn block_scalars() {
    let src = "lit: |\n  line 1\n  line 2\n\nfold: >\n  a\n  b\n\n  c\nstrip: |-\n  x\n\nkeep: |+\n  y\n\n\nind: |2\n   z\nlast: end\n";
    let root = one(src);
    assert_eq!(root.get_str("lit"), Some("line 1\nline 2\n"));
    assert_eq!(root.get_str("fold"), Some("a b\nc\n"));
    assert_eq!(root.get_str("strip"), Some("x"));
    assert_eq!(root.get_str("keep"), Some("y\n\n\n"));
    assert_eq!(root.get_str("ind"), Some(" z\n"));
    let lit = root.get("lit").unwrap();
    assert_eq!(lit.style(), Style::Literal);
    assert_eq!(text(src, lit.span()), "line 1\n  line 2");
    assert_eq!(lc(src, lit.span().start()), (2, 3));
    let fold = root.get("fold").unwrap();
    assert_eq!(fold.style(), Style::Folded);
    assert_eq!(text(src, fold.span()), "a\n  b\n\n  c");
    assert_eq!(text(src, root.get("ind").unwrap().span()), " z");
}

#[test]
fn multi_line_plain_and_quoted_scalars() {
    let src = "a: one\n  two\n  three\nb: \"x\n  y\"\nc: 'p\n\n  q'\n";
    let root = one(src);
    assert_eq!(root.get_str("a"), Some("one two three"));
    assert_eq!(
        text(src, root.get("a").unwrap().span()),
        "one\n  two\n  three"
    );
    assert_eq!(root.get_str("b"), Some("x y"));
    assert_eq!(text(src, root.get("b").unwrap().span()), "\"x\n  y\"");
    assert_eq!(root.get_str("c"), Some("p\nq"));
    assert_eq!(lc(src, root.get("c").unwrap().span().end()), (8, 5));
}

#[test]
fn json_input_gets_spans() {
    let src = "{\n  \"apiVersion\": \"v1\",\n  \"spec\": {\"replicas\": 3, \"ratio\": 1.5, \"on\": true, \"x\": null},\n  \"list\": [1, \"yes\", 2.0]\n}\n";
    let root = one(src);
    assert_eq!(
        root.to_json(),
        json!({"apiVersion": "v1", "spec": {"replicas": 3, "ratio": 1.5, "on": true, "x": null}, "list": [1, "yes", 2]})
    );
    let spec = root.as_map().unwrap().entry("spec").unwrap();
    assert_eq!(text(src, spec.key_span), "\"spec\"");
    assert_eq!(lc(src, spec.value.span().start()), (3, 11));
    let replicas = spec.value.get("replicas").unwrap();
    assert_eq!(text(src, replicas.span()), "3");
    assert_eq!(replicas.value, Value::Int(3));
    assert_eq!(text(src, root.span()), src.trim_end());
}

#[test]
fn flow_collections() {
    let v = value_of("a: [1, two, {b: c}, [d]]\ne: {f: [], g: {}, h: }\ni: [x, ]\n");
    assert_eq!(
        v,
        json!({"a": [1, "two", {"b": "c"}, ["d"]], "e": {"f": [], "g": {}, "h": null}, "i": ["x"]})
    );
}

#[test]
fn bom_crlf_tabs_and_document_end() {
    assert_eq!(
        value_of("\u{feff}a: 1\r\nb: yes\r\n"),
        json!({"a": 1, "b": true})
    );
    let src = "\u{feff}a: 1\r\nb: x\r\n";
    let root = one(src);
    assert_eq!(text(src, root.get("b").unwrap().span()), "x");
    assert_eq!(value_of("a:\t1\nb: 2\n"), json!({"a": 1, "b": 2}));
    assert_eq!(value_of("a: 1\n...\n"), json!({"a": 1}));
    // After `...` go-yaml wants `---` before the next document.
    let docs = load("a: 1\n...\nb: 2\n");
    assert_eq!(docs.len(), 2);
    assert!(docs[0].root.is_some());
    assert!(docs[1].root.is_none());
    assert_eq!(
        docs[1].errors[0].message,
        "did not find expected <document start>"
    );
    let docs = load("a: 1\n...\n---\nb: 2\n");
    assert!(docs.iter().all(|d| d.errors.is_empty() && d.root.is_some()));
}

#[test]
fn too_large_is_a_warning() {
    let opts = LoadOptions {
        max_document_bytes: 10,
        ..LoadOptions::default()
    };
    let docs = load_with("a: 1234567890\n---\nb: 1\n", &opts);
    assert_eq!(docs[0].errors.len(), 1);
    assert_eq!(docs[0].errors[0].kind, YamlErrorKind::TooLarge);
    assert!(docs[0].root.is_some());
    assert!(docs[1].errors.is_empty());
}

#[test]
fn document_spans() {
    let src = "a: 1\n---\nb: 2\n...\n";
    let docs: Vec<Document> = load(src);
    assert_eq!(text(src, docs[0].span), "a: 1");
    assert_eq!(text(src, docs[1].span), "---\nb: 2\n...");
}

/// A small deterministic generator, so the robustness test needs no extra crate.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

#[test]
fn token_soup_never_panics_and_spans_stay_in_the_text() {
    const TOKENS: &[&str] = &[
        "a",
        "b: ",
        "- ",
        "\n",
        "  ",
        "\t",
        "[",
        "]",
        "{",
        "}",
        ",",
        ": ",
        "? ",
        "&x ",
        "*x",
        "&y ",
        "*y",
        "<<: ",
        "!!int ",
        "!t ",
        "'",
        "\"",
        "|",
        ">-",
        "#c",
        "---\n",
        "...\n",
        "~",
        "yes",
        "0x1F",
        ".inf",
        "é",
        "\u{feff}",
        "\r\n",
        "%YAML 1.1\n",
        "\\",
        "\u{7}",
        "1e3",
        "@",
    ];
    let mut r = Rng(0x2545_F491_4F6C_DD1D);
    for case in 0..20_000 {
        let n = (r.next() % 40) as usize;
        let src: String = (0..n).map(|_| r.pick(TOKENS)).collect();
        let docs = load(&src);
        for (i, d) in docs.iter().enumerate() {
            assert_eq!(d.index, i, "case {case}: {src:?}");
            assert!(
                d.span.start() <= d.span.end() && d.span.end() <= src.len(),
                "case {case}: {src:?}"
            );
            for e in &d.errors {
                assert!(
                    e.span.end() <= src.len() && e.span.start() <= e.span.end(),
                    "case {case}: {src:?} {e:?}"
                );
                assert!(src.is_char_boundary(e.span.start()) && src.is_char_boundary(e.span.end()));
            }
            if let Some(root) = &d.root {
                check_spans(root, &src);
            }
        }
    }
}

fn check_spans(n: &Node, src: &str) {
    assert!(
        n.span().start() <= n.span().end() && n.span().end() <= src.len(),
        "{n:?} in {src:?}"
    );
    match &n.value {
        Value::Seq(items) => items.iter().for_each(|c| check_spans(c, src)),
        Value::Map(m) => m.entries.iter().for_each(|e| {
            assert!(e.key_span.end() <= src.len());
            check_spans(&e.value, src)
        }),
        _ => {}
    }
}

/// Every real-world manifest in the shared corpus must load; only the invalid-resource files may
/// carry errors (one kubectl-validate case is a duplicate key on purpose).
#[test]
fn shared_corpus_loads() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !root.exists() {
        println!("skipped: {} does not exist", root.display());
        return;
    }
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let invalid: std::collections::HashSet<&str> = manifest
        .lines()
        .filter_map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (cols.len() > 5 && cols[5] == "cr-invalid").then_some(cols[4])
        })
        .collect();
    let mut stack = vec![root.clone()];
    let (mut files, mut docs_seen, mut dup_files) = (0, 0, 0);
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            for e in std::fs::read_dir(&p).unwrap() {
                stack.push(e.unwrap().path());
            }
            continue;
        }
        let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "yaml" | "yml" | "json") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&p) else {
            continue;
        };
        let rel = p
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        files += 1;
        let docs = load(&text);
        docs_seen += docs.len();
        for d in &docs {
            for e in &d.errors {
                if invalid.contains(rel.as_str()) && e.kind == YamlErrorKind::DuplicateKey {
                    dup_files += 1;
                    continue;
                }
                panic!("{rel}: {e:?}");
            }
        }
    }
    println!("corpus: {files} files, {docs_seen} documents, {dup_files} expected duplicate keys");
    assert!(files > 1000);
    assert_eq!(dup_files, 1);
}

fn fixture(name: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/yaml")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The data-driven table of go-yaml v2 plain-scalar rules in `testdata/yaml/plain-scalars.tsv`.
#[test]
fn plain_scalar_table_fixture() {
    let table = fixture("plain-scalars.tsv");
    let mut n = 0;
    for line in table.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (plain, want) = line.split_once('\t').expect("two columns");
        let want: serde_json::Value = serde_json::from_str(want).expect("JSON expectation");
        let want = Node::from_json(&want);
        let got = one(&format!("v: {plain}\n"));
        let got = got.get("v").expect("v");
        assert!(
            got.value_eq(&want),
            "{plain:?}: got {:?}, want {:?}",
            got.value,
            want.value
        );
        n += 1;
    }
    assert!(n >= 100, "{n} cases");
}

#[test]
fn recovery_fixture() {
    let src = fixture("recovery.yaml");
    let docs = load(&src);
    let names: Vec<Option<String>> = docs
        .iter()
        .map(|d| {
            d.root
                .as_ref()
                .and_then(|r| r.at(&["metadata", "name"]))
                .and_then(|n| n.as_str().map(str::to_owned))
        })
        .collect();
    assert_eq!(
        names,
        [
            Some("first".to_owned()),
            None,
            Some("third".to_owned()),
            None,
            Some("fifth".to_owned()),
            None,
            Some("seventh".to_owned())
        ]
    );
    for i in [1, 3, 5] {
        let e = &docs[i].errors;
        assert_eq!(e.len(), 1, "document {i}: {e:?}");
        assert_eq!(e[0].kind, YamlErrorKind::Syntax);
        // The error lies inside the document it is reported for.
        assert!(
            docs[i].span.start() <= e[0].span.start() && e[0].span.start() <= docs[i].span.end()
        );
        let next = &docs[i + 1];
        assert!(
            e[0].span.start() <= next.span.start(),
            "document {i}: {e:?}"
        );
    }
}

#[test]
fn billion_laughs_fixture() {
    let src = fixture("billion-laughs.yaml");
    let start = Instant::now();
    let docs = load(&src);
    assert!(start.elapsed() < Duration::from_millis(1000));
    assert_eq!(docs[0].errors[0].kind, YamlErrorKind::AliasBudget);
    assert!(docs[0].root.is_none());
    assert_eq!(
        docs[1]
            .root
            .as_ref()
            .unwrap()
            .at(&["metadata", "name"])
            .unwrap()
            .as_str(),
        Some("after-the-bomb")
    );
}

#[test]
fn merge_anchors_fixture() {
    let v = value_of(&fixture("merge-anchors.yaml"));
    assert_eq!(
        v["web"],
        json!({"image": "nginx", "replicas": 3, "labels": {"app": "web"}})
    );
    assert_eq!(
        v["both"],
        json!({"replicas": 2, "tier": "small", "image": "nginx", "labels": {"app": "web"}})
    );
    assert_eq!(v["labels"], json!({"app": "web"}));
    assert_eq!(
        (v["second"].clone(), v["fourth"].clone()),
        (json!("one"), json!("two"))
    );
}

#[test]
fn json_crd_fixture() {
    let src = fixture("crd.json");
    let root = one(&src);
    let size = root
        .at(&["spec", "versions"])
        .and_then(|v| v.as_seq())
        .and_then(|v| {
            v[0].at(&[
                "schema",
                "openAPIV3Schema",
                "properties",
                "spec",
                "properties",
                "size",
            ])
        })
        .unwrap();
    // `1.0` in JSON is a whole number: Kubernetes decodes it as an int.
    assert_eq!(size.get("minimum").unwrap().value, Value::Int(1));
    assert_eq!(text(&src, size.get("minimum").unwrap().span()), "1.0");
    let e = root.as_map().unwrap().entry("kind").unwrap();
    assert_eq!(lc(&src, e.key_span.start()), (3, 3));
    assert_eq!(text(&src, e.value.span()), "\"CustomResourceDefinition\"");
}

#[test]
fn yaml_directive_versions() {
    assert_eq!(value_of("%YAML 1.1\n---\na: yes\n"), json!({"a": true}));
    let src = "%YAML 1.2\n---\na: 1\n---\nb: 2\n";
    let docs = load(src);
    assert_eq!(docs.len(), 2);
    assert!(docs[0].root.is_none());
    assert!(docs[0].errors[0]
        .message
        .starts_with("found incompatible YAML document"));
    assert_eq!(text(src, docs[0].errors[0].span), "%YAML");
    assert_eq!(docs[1].root.as_ref().unwrap().to_json(), json!({"b": 2}));
}

/// go-yaml v2 refuses documents where aliases make up more than 99% of what it decodes
/// (`allowedAliasRatio`); a 1000-node anchor may be aliased about 110 times in a small document.
#[test]
fn go_yaml_alias_ratio() {
    let items = vec!["x"; 999].join(", ");
    let doc = |n: usize| format!("a: &a [{items}]\nb: [{}]\n", vec!["*a"; n].join(", "));
    let ok = load(&doc(100));
    assert!(ok[0].errors.is_empty(), "{:?}", ok[0].errors);
    assert_eq!(
        ok[0]
            .root
            .as_ref()
            .unwrap()
            .get("b")
            .unwrap()
            .as_seq()
            .unwrap()
            .len(),
        100
    );
    let bad = load(&doc(120));
    assert_eq!(bad[0].errors.len(), 1);
    assert_eq!(bad[0].errors[0].kind, YamlErrorKind::AliasBudget);
    assert_eq!(
        bad[0].errors[0].message,
        "document contains excessive aliasing"
    );
    // The error points at the alias that crossed the line (the 111th).
    let src = doc(120);
    let at = bad[0].errors[0].span.start();
    assert_eq!(&src[at..at + 2], "*a");
    assert_eq!(src[..at].matches("*a").count(), 110);
}

/// Tabs where go-yaml's scanner (libyaml's) refuses them, checked against libyaml: at the start
/// of a line in block context and right after a block `-` or `?`, and as the first character of
/// a block scalar whose indentation is being detected. Inside flow collections and quoted
/// scalars, and after `key:`, tabs are blanks.
#[test]
fn tabs_like_go_yaml() {
    let bad = [
        "\ta: 1\n",
        "a:\n \tb: 1\n",
        "l:\n- a\n-\tb\n",
        "- \t[1]\n",
        "?\tk\n: v\n",
        "- -\tx\n",
        "\t- a\n",
        "a: 1\n\t# comment\n",
        "a: \"x\"\n\t\nb: 2\n",
        "a: |\n  \tx\n",
    ];
    for src in bad {
        let docs = load(src);
        assert!(docs[0].root.is_none(), "{src:?} should fail: {docs:?}");
        let e = &docs[0].errors[0];
        assert_eq!(e.kind, YamlErrorKind::Syntax, "{src:?}");
        assert!(
            e.message.contains("tab") || e.message == "found character that cannot start any token",
            "{src:?}: {}",
            e.message
        );
    }
    let good: &[(&str, serde_json::Value)] = &[
        ("a:\t1\n", json!({"a": 1})),
        ("a: [1,\n\t2]\n", json!({"a": [1, 2]})),
        ("a: b\n  \tc\n", json!({"a": "b c"})),
        ("a: 1\n  \t\nb: 2\n", json!({"a": 1, "b": 2})),
        ("a: 1 \t# c\n", json!({"a": 1})),
        ("k:\t|\n  x\n", json!({"k": "x\n"})),
        ("a: |2\n  \tx\n", json!({"a": "\tx\n"})),
        ("a: |\n  x\n  \ty\n", json!({"a": "x\n\ty\n"})),
        // (libyaml also takes a tab at column 0 here; granit does not: a known difference.)
        ("a: \"x\n  \ty\"\n", json!({"a": "x y"})),
        ("a-\tb: 1\n", json!({"a-\tb": 1})),
    ];
    for (src, want) in good {
        assert_eq!(value_of(src), *want, "{src:?}");
    }
    // The failure stays in its own document.
    let docs = load("a: 1\n---\n\tb: 2\n---\nc: 3\n");
    let roots: Vec<bool> = docs.iter().map(|d| d.root.is_some()).collect();
    assert_eq!(roots, [true, false, true]);
}

#[test]
fn stream_starting_with_document_end() {
    let docs = load("# c\n...\n---\na: 1\n");
    assert_eq!(docs.len(), 2);
    assert_eq!(
        docs[0].errors[0].message,
        "did not find expected node content"
    );
    assert_eq!(docs[1].root.as_ref().unwrap().to_json(), json!({"a": 1}));
    assert!(load("---\n...\n").iter().all(|d| d.errors.is_empty()));
}

/// go-yaml takes a comment right after a closing quote or bracket (`"x"#c`); granit refuses it,
/// so the loader blanks such comments and reads the document again.
#[test]
fn comment_right_after_quote_or_bracket() {
    let src = "a: 1\n---\nb: \"x\"#c\nc: [1]#d\nd: {e: 1}#f\ng: 'h'#é\n---\ni: 2\n";
    let docs = load(src);
    assert_eq!(docs.len(), 3, "{docs:?}");
    assert!(docs.iter().all(|d| d.errors.is_empty()), "{docs:?}");
    let root = docs[1].root.as_ref().unwrap();
    assert_eq!(
        root.to_json(),
        json!({"b": "x", "c": [1], "d": {"e": 1}, "g": "h"})
    );
    // Spans still point into the original text.
    assert_eq!(text(src, root.get("c").unwrap().span()), "[1]");
    assert_eq!(docs[1].index, 1);
    // A plain scalar keeps its `#`: `x#c` is the string itself.
    assert_eq!(value_of("a: x#c\n"), json!({"a": "x#c"}));
    // Anchors and aliases followed by `#` stay errors, as in go-yaml.
    assert!(load("a: *x#c\n")[0].root.is_none());
}

/// Each blanked comment reparses its document; a file full of them must stay fast (the loader
/// stops blanking after a fixed number and reports the rest as granit does).
#[test]
fn many_comments_after_quotes_stay_linear() {
    let mut src = String::new();
    for i in 0..5000 {
        src.push_str(&format!("k{i}: \"v\"#c\n"));
    }
    let start = Instant::now();
    let docs = load(&src);
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(docs[0].errors.len(), 1);
    assert_eq!(docs[0].errors[0].kind, YamlErrorKind::Syntax);
}

#[test]
fn tab_indented_json() {
    let src =
        "{\n\t\"a\": 1,\n\t\"b\": [\n\t\t1,\n\t\t\"x\"\n\t],\n\t\"c\": \"multi\n\tline\"\n}\n";
    assert_eq!(
        value_of(src),
        json!({"a": 1, "b": [1, "x"], "c": "multi line"})
    );
}

/// The data-driven table of go-yaml v2 scanner rules that differ from YAML 1.2, in
/// `testdata/yaml/go-yaml-v2-scanner.tsv` (flow-context plain scalars, tabs).
#[test]
fn go_yaml_v2_scanner_table_fixture() {
    let table = fixture("go-yaml-v2-scanner.tsv");
    let mut n = 0;
    for line in table.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (src, want) = line.split_once('\t').expect("two columns");
        let src = format!("{}\n", src.replace("\\n", "\n").replace("\\t", "\t"));
        let docs = load(&src);
        assert_eq!(docs.len(), 1, "{src:?}: {docs:?}");
        let doc = &docs[0];
        match want.strip_prefix("error: ") {
            Some(message) => {
                assert!(doc.root.is_none(), "{src:?} should fail: {doc:?}");
                let e = doc.errors.first().expect("an error");
                assert_eq!(e.kind, YamlErrorKind::Syntax, "{src:?}");
                if message != "*" {
                    assert_eq!(e.message, message, "{src:?}");
                }
            }
            None => {
                assert!(doc.errors.is_empty(), "{src:?}: {:?}", doc.errors);
                let want: serde_json::Value = serde_json::from_str(want).expect("JSON expectation");
                let got = doc.root.as_ref().expect("a root").to_json();
                assert_eq!(got, want, "{src:?}");
            }
        }
        n += 1;
    }
    assert!(n >= 40, "{n} cases");
}

/// Collections past 65,536 children are built in chunks (`yaml::load::build::Children`): every
/// child keeps its place and span, and duplicate keys are found across chunks (the first key
/// against one 140,000 entries later, and one in the middle of the second chunk).
#[test]
fn collections_larger_than_a_chunk_keep_order_spans_and_duplicates() {
    const N: usize = 140_000;
    let mut src = String::from("s: [");
    for i in 0..N {
        src.push_str(&format!("{i},"));
    }
    src.push_str("x]\nm:\n");
    for i in 0..N {
        src.push_str(&format!("  k{i}: {i}\n"));
    }
    src.push_str("  k0: again\n  k70000: again\n");
    let docs = load(&src);
    let root = docs[0].root.as_ref().expect("root");
    let Value::Seq(items) = &root.get("s").expect("s").value else {
        panic!("not a sequence")
    };
    assert_eq!(items.len(), N + 1);
    for (i, n) in items.iter().take(N).enumerate() {
        assert_eq!(n.value, Value::Int(i as i64));
        assert_eq!(text(&src, n.span()), i.to_string());
    }
    let m = root.get("m").expect("m").as_map().expect("map");
    assert_eq!(m.len(), N);
    assert_eq!(m.entries[0].key, "k0");
    assert_eq!(
        m.get("k0").expect("k0").value,
        Value::String("again".into())
    );
    assert_eq!(
        m.get("k70000").expect("k").value,
        Value::String("again".into())
    );
    assert_eq!(m.entries[N - 1].key, format!("k{}", N - 1));
    let dups: Vec<&YamlError> = docs[0]
        .errors
        .iter()
        .filter(|e| e.kind == YamlErrorKind::DuplicateKey)
        .collect();
    assert_eq!(dups.len(), 2, "{dups:?}");
    assert_eq!(text(&src, dups[1].span), "k70000");
    assert_eq!(text(&src, dups[1].related[0].0), "k70000");
}

/// The quoted scalars granit refuses and go-yaml reads (`yaml::quoted`) read the same with the
/// fast scanner on (it declines them) and off, keep their spans, and a rewrite whose scalar is
/// not where it was looked for cannot pass silently (`a'b` is a plain scalar: no quoted token).
#[test]
fn under_indented_quoted_scalars_read_the_same_on_both_paths() {
    let srcs = [
        "a:\n  k: 'first line\n  second line' # c\n  l: [1,\n2]\n---\nb: \"x\n\ty\"\n",
        "- a\n- \"b\nc\"\n- 'd\n\n e'\n",
        "a:\n  k: &q \"x\ny\"\n  j: *q\n",
    ];
    for src in srcs {
        let fast = load(src);
        let slow = load_with(
            src,
            &LoadOptions {
                fast_scan: false,
                ..LoadOptions::default()
            },
        );
        assert_eq!(fast.len(), slow.len(), "{src:?}");
        for (f, s) in fast.iter().zip(&slow) {
            assert!(
                f.errors.is_empty() && s.errors.is_empty(),
                "{src:?}: {f:?} {s:?}"
            );
            let (f, s) = (f.root.as_ref().unwrap(), s.root.as_ref().unwrap());
            assert_eq!(f.to_json(), s.to_json(), "{src:?}");
            check_spans(f, src);
        }
    }
    let docs = load("a:\n  k: 'x\n  y'\n");
    let k = docs[0]
        .root
        .as_ref()
        .unwrap()
        .get("a")
        .unwrap()
        .get("k")
        .unwrap();
    assert_eq!(text("a:\n  k: 'x\n  y'\n", k.span()), "'x\n  y'");
    // Still a syntax error where go-yaml has one: a plain scalar holding quotes.
    assert!(load("a:\n  k: b'x\n  y'\n")[0].root.is_none());
}
