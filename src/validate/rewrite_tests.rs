//! Tests of [`super::rewrite_file`]: each case is a file, the object the validator stores for
//! it, and what the rewritten text must be (or why it must be refused).

use super::*;
use crate::validate::{prune_only, validate_resource, CompiledCrd, Options};
use serde_json::json;

fn crd() -> CompiledCrd {
    CompiledCrd::from_schema(&Node::from_json(&json!({
        "type": "object",
        "properties": {
            "spec": {"type": "object", "properties": {
                "a": {"type": "string"},
                "image": {"type": "string"},
                "text": {"type": "string"},
                "mode": {"type": "string", "default": "fast"},
                "list": {"type": "array", "items": {"type": "object", "properties": {
                    "name": {"type": "string"}, "port": {"type": "integer", "default": 80}
                }}},
                "nested": {"type": "object", "properties": {"x": {"type": "integer", "default": 1}}},
                "obj": {"type": "object", "default": {"x": 2}, "properties": {"x": {"type": "integer"}}},
                "free": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}
            }},
            "other": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}
        }
    })))
}

/// The stored form of every document of `src` (defaulted with `default`, else only pruned).
fn stored(src: &str, default: bool) -> Vec<(Node, Node)> {
    let crd = crd();
    crate::yaml::load(src)
        .into_iter()
        .filter_map(|d| d.root)
        .map(|obj| {
            let out = if default {
                validate_resource(&crd, &obj, &Options::default())
            } else {
                prune_only(&crd, &obj, &Options::default())
            };
            let s = out.stored.expect("stored");
            (obj, s)
        })
        .collect()
}

fn run(src: &str, default: bool) -> Result<String> {
    let objs = stored(src, default);
    let changes: Vec<Change<'_>> = objs
        .iter()
        .map(|(o, s)| Change {
            original: o,
            updated: s,
        })
        .collect();
    let out = rewrite_file(src, &changes);
    if let Ok(text) = &out {
        // Whatever the edit, the file reads back as the stored objects.
        let back: Vec<Node> = crate::yaml::load(text)
            .into_iter()
            .filter_map(|d| d.root)
            .collect();
        assert_eq!(back.len(), objs.len(), "{text}");
        for (b, (_, s)) in back.iter().zip(&objs) {
            assert!(b.value_eq(s), "{text}\nreads back as {:?}", b.to_json());
        }
    }
    out
}

const HEAD: &str = "apiVersion: example.com/v1\nkind: Foo\nmetadata:\n  name: x\n";

fn doc(body: &str) -> String {
    format!("{HEAD}{body}")
}

#[test]
fn block_removal_and_append_keep_comments() {
    let src = doc("# about spec\nspec:\n  a: 'q'   # keep\n  bogus: 1\n  # trailing note\n");
    let out = run(&src, true).expect("edit");
    assert_eq!(
        out,
        doc("# about spec\nspec:\n  a: 'q'   # keep\n  mode: fast\n  obj:\n    x: 2\n  # trailing note\n")
    );
}

#[test]
fn flow_mapping_edits_keep_everything_else() {
    // Item 6: pruning inside a flow mapping used to re-emit the document.
    let src = doc("spec: {image: nginx, bogus: 1}  # c1\nother: {a: \"x\", zz: 2, b: 'y'} # c2\n");
    let out = run(&src, false).expect("edit");
    assert_eq!(
        out,
        doc("spec: {image: nginx}  # c1\nother: {a: \"x\", b: 'y'} # c2\n")
    );
    let src = doc("spec: {bogus: 1, image: nginx}\n");
    assert_eq!(run(&src, false).unwrap(), doc("spec: {image: nginx}\n"));
    // Defaults go into the flow mapping, in flow style.
    let src = doc("spec: {image: nginx, nested: {}}\n");
    assert_eq!(
        run(&src, true).unwrap(),
        doc("spec: {image: nginx, nested: {x: 1}, mode: fast, obj: {x: 2}}\n")
    );
}

#[test]
fn emptied_mappings_become_braces() {
    let src = doc("spec:\n  bogus: 1\n  junk:\n    deep: true # gone\nother: # kept\n  zz: 1\n");
    let out = run(&src, false).expect("edit");
    assert_eq!(out, doc("spec:\n  {}\nother: # kept\n  {}\n"));
    let src = doc("other: {zz: 1}\n");
    assert_eq!(run(&src, false).unwrap(), doc("other: {}\n"));
}

#[test]
fn emptied_values_leave_no_colon_behind() {
    // Item 4: a block mapping whose last value is empty (`'a,b':`) ends, in the loader's spans,
    // before that `:`; emptying or cutting it must take the `:` too.
    let src = doc("other:\n  'a,b':\nspec:\n  a: x\n  junk:\n    deep:\n");
    let out = run(&src, false).expect("edit");
    assert_eq!(out, doc("other:\n  {}\nspec:\n  a: x\n"));
}

#[test]
fn entries_after_a_dash() {
    let src = doc("spec:\n  list:\n  - bogus: 1 # x\n    name: a\n  - name: b\n    junk: [1]\n");
    let out = run(&src, true).expect("edit");
    assert_eq!(
        out,
        doc("spec:\n  list:\n  - name: a\n    port: 80\n  - name: b\n    port: 80\n  mode: fast\n  obj:\n    x: 2\n")
    );
}

#[test]
fn empty_and_null_values_get_defaults_in_place() {
    let src = doc("spec:\n  mode:\n  obj: null # n\n  nested: ~\n");
    let out = run(&src, true).expect("edit");
    // `nested` is not nullable and has no default: the server drops it.
    assert_eq!(out, doc("spec:\n  mode: fast\n  obj: {x: 2} # n\n"));
}

#[test]
fn keep_chomped_block_scalar_keeps_its_value() {
    // Item 5: appending after a `|+` scalar used to cut its trailing line breaks.
    let src = doc("spec:\n  text: |+\n    hello\n\n\n");
    let out = run(&src, true).expect("edit");
    assert!(
        out.starts_with(&doc("spec:\n  text: |+\n    hello\n\n\n  mode: fast\n")),
        "{out}"
    );
}

#[test]
fn crlf_files_stay_crlf() {
    let src = doc("spec:\n  a: x\n  bogus: 1\n  nested:\n    zz: 1\n").replace('\n', "\r\n");
    let out = run(&src, true).expect("edit");
    assert!(!out.replace("\r\n", "").contains('\n'), "{out:?}");
    assert!(out.contains("  mode: fast\r\n"), "{out:?}");
}

#[test]
fn json_in_json_out() {
    let src = "{\n  \"apiVersion\": \"example.com/v1\",\n  \"kind\": \"Foo\",\n  \"metadata\": {\"name\": \"x\"},\n  \"spec\": {\n    \"a\": \"q\",\n    \"bogus\": 1\n  }\n}\n";
    let out = run(src, true).expect("edit");
    let v: serde_json::Value = serde_json::from_str(&out).expect(&out);
    assert_eq!(v["spec"]["mode"], json!("fast"));
    assert_eq!(v["spec"]["obj"], json!({"x": 2}));
    assert!(v["spec"].get("bogus").is_none());
    assert!(
        out.contains("\"a\": \"q\",\n    \"mode\": \"fast\""),
        "{out}"
    );
}

#[test]
fn alias_pruned_in_one_place_and_kept_in_another_is_refused() {
    // Item 5: `free` keeps every field, `spec` does not; the anchor's text is shared.
    let src = doc("other: &o\n  a: x\n  bogus: 1\nspec:\n  free: *o\n");
    let err = run(&src, false).expect_err("must refuse");
    assert!(err.reason.contains("anchor"), "{err:?}");
    // The same through a merge key.
    let src = doc("spec:\n  free: &o\n    bogus: 1\n    a: x\nother:\n  <<: *o\n");
    assert!(run(&src, false).is_err());
    // Pruned in every use: editing the definition is right.
    let src = doc("spec: &s\n  a: x\n  bogus: 1\nother: *s\n");
    let out = run(&src, false).expect("edit");
    assert_eq!(out, doc("spec: &s\n  a: x\nother: *s\n"));
}

#[test]
fn pruned_anchor_with_a_live_alias_is_refused() {
    let src = doc("spec:\n  bogus: &b {a: 1}\n  free: *b\n");
    let err = run(&src, false).expect_err("dangling alias");
    assert!(!err.reason.is_empty());
}

#[test]
fn tab_led_multi_line_strings_are_quoted() {
    let src = doc("spec:\n  bogus: 1\n");
    let objs = stored(&src, true);
    let mut s = objs[0].1.clone();
    let spec = s.as_map_mut().unwrap().get_mut("spec").unwrap();
    spec.as_map_mut()
        .unwrap()
        .insert("a", Node::synthetic(Value::String("\tx\ny\n".into())));
    let text = emit_document(&s);
    let back = crate::yaml::load(&text);
    assert!(back[0].errors.is_empty(), "{text}");
    assert!(back[0].root.as_ref().unwrap().value_eq(&s), "{text}");
}

#[test]
fn unchanged_files_are_returned_as_is() {
    let src = doc("spec:\n  a: x # c\n");
    assert_eq!(run(&src, false).unwrap(), src);
}

#[test]
fn wide_mappings_are_linear() {
    // Item 11: 10^5 keys (each one pruned) and a kept map of 10^5 keys. A quadratic diff
    // would take minutes here; the test has no timer, a regression shows as a hang.
    let n = 100_000;
    let mut src = doc("spec:\n  free:\n");
    for i in 0..n {
        src.push_str(&format!("    k{i}: {i}\n"));
    }
    src.push_str("other:\n");
    for i in 0..n {
        src.push_str(&format!("  z{i}: {i}\n"));
    }
    src.push_str("  a: kept\n");
    let out = run(&src, false).expect("edit");
    assert!(out.ends_with("    k99999: 99999\nother:\n  a: kept\n"));
}

#[test]
fn foreign_spans_are_refused_not_panicking() {
    let a = crate::yaml::load("spec:\n  é: 1\n  b: 2\n")[0]
        .root
        .clone()
        .unwrap();
    let b = Node::from_json(&json!({"spec": {"b": 2}}));
    let c = [Change {
        original: &a,
        updated: &b,
    }];
    assert!(rewrite_file("x", &c).is_err());
    assert!(rewrite_file("spec:\n  é: 1\n  b: 2\n", &c).is_ok());
}
