//! RFC 6902 JSON patches (`initialCRDPatches`), applied to a CRD as JSON.
//!
//! All six operations (`add`, `remove`, `replace`, `move`, `copy`, `test`) with RFC 6901
//! pointers (`~0`, `~1`, `-` for the end of an array). A patch that cannot apply is an error
//! naming the operation's index, as the harness fails such a case before it starts.
//!
//! The API server's bounds on a JSON patch apply: at most [`MAX_OPERATIONS`] operations
//! (apiserver `endpoints/handlers/patch.go`, `maxJSONPatchOperations`), and `copy`
//! operations together may add at most [`MAX_COPY_BYTES`] of JSON (evanphx/json-patch's
//! `AccumulatedCopySizeLimit`, which the server sets from `JSONPatchMaxCopyBytes`, 3 MiB by
//! default in apiserver `server/config.go`). `copy` is the only operation that grows the
//! document beyond the patch's own size: forty copies of the root double a CRD forty times.

use serde_json::Value;

/// apiserver `maxJSONPatchOperations`.
pub const MAX_OPERATIONS: usize = 10_000;

/// apiserver `JSONPatchMaxCopyBytes` (the same 3 MiB as `MaxRequestBodyBytes`).
pub const MAX_COPY_BYTES: u64 = 3 * 1024 * 1024;

/// Applies `patch` (an array of operations) to `doc`.
pub fn apply(doc: &mut Value, patch: &Value) -> Result<(), String> {
    let ops = patch
        .as_array()
        .ok_or("a JSON patch must be a list of operations")?;
    if ops.len() > MAX_OPERATIONS {
        // The server's words (`RequestEntityTooLarge`).
        return Err(format!(
            "The allowed maximum operations in a JSON patch is {MAX_OPERATIONS}, got {}",
            ops.len()
        ));
    }
    let mut copied = 0u64;
    for (i, op) in ops.iter().enumerate() {
        apply_one(doc, op, &mut copied).map_err(|e| format!("patch operation {i}: {e}"))?;
    }
    Ok(())
}

/// The length of `v` as JSON (compact, as Go's `json.Marshal` writes it, which also escapes
/// `<`, `>` and `&` as `\u003c`-style escapes), counted without building the text.
fn json_size(v: &Value) -> u64 {
    struct Count(u64);
    impl std::io::Write for Count {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0 += b.len() as u64;
            self.0 += 5 * b.iter().filter(|c| matches!(c, b'<' | b'>' | b'&')).count() as u64;
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut c = Count(0);
    let _ = serde_json::to_writer(&mut c, v);
    c.0
}

fn apply_one(doc: &mut Value, op: &Value, copied: &mut u64) -> Result<(), String> {
    let field = |k: &str| op.get(k).and_then(Value::as_str);
    let name = field("op").ok_or("missing `op`")?;
    let path = parse_pointer(field("path").ok_or("missing `path`")?)?;
    let value = || op.get("value").cloned().ok_or("missing `value`");
    match name {
        "add" => add(doc, &path, value()?),
        "remove" => remove(doc, &path).map(drop),
        "replace" => {
            let v = value()?;
            *get_mut(doc, &path)? = v;
            Ok(())
        }
        "move" => {
            let from = parse_pointer(field("from").ok_or("missing `from`")?)?;
            if path.len() > from.len() && path[..from.len()] == from[..] {
                return Err("cannot move a value into one of its own children".into());
            }
            let v = remove(doc, &from)?;
            add(doc, &path, v)
        }
        "copy" => {
            let from = parse_pointer(field("from").ok_or("missing `from`")?)?;
            let source = get_mut(doc, &from)?;
            // Measured before it is cloned, as json-patch does: the copy that would pass the
            // limit is never made.
            let size = json_size(source);
            if copied.saturating_add(size) > MAX_COPY_BYTES {
                return Err(format!(
                    "Unable to complete the copy, the accumulated size increase of copy is {}, exceeding the limit {MAX_COPY_BYTES}",
                    copied.saturating_add(size)
                ));
            }
            *copied += size;
            let v = source.clone();
            add(doc, &path, v)
        }
        "test" => {
            let want = value()?;
            let got = get_mut(doc, &path)?;
            if *got == want {
                Ok(())
            } else {
                Err(format!("test failed: the value is {got}, not {want}"))
            }
        }
        other => Err(format!("unknown op {other:?}")),
    }
}

/// Splits an RFC 6901 pointer into unescaped tokens.
fn parse_pointer(p: &str) -> Result<Vec<String>, String> {
    if p.is_empty() {
        return Ok(Vec::new());
    }
    let rest = p
        .strip_prefix('/')
        .ok_or_else(|| format!("path {p:?} must start with `/`"))?;
    Ok(rest
        .split('/')
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect())
}

fn get_mut<'a>(doc: &'a mut Value, path: &[String]) -> Result<&'a mut Value, String> {
    let mut cur = doc;
    for (depth, tok) in path.iter().enumerate() {
        cur = match cur {
            Value::Object(m) => m.get_mut(tok),
            Value::Array(a) => index(tok, a.len()).ok().and_then(|i| a.get_mut(i)),
            _ => None,
        }
        .ok_or_else(|| format!("path /{} does not exist", path[..=depth].join("/")))?;
    }
    Ok(cur)
}

/// An array index token (`-` is not an existing element).
fn index(tok: &str, len: usize) -> Result<usize, String> {
    let canonical = tok == "0"
        || (!tok.is_empty() && !tok.starts_with('0') && tok.bytes().all(|b| b.is_ascii_digit()));
    let i: usize = canonical
        .then(|| tok.parse().ok())
        .flatten()
        .ok_or_else(|| format!("{tok:?} is not an array index"))?;
    if i < len {
        Ok(i)
    } else {
        Err(format!("index {i} is out of range"))
    }
}

fn add(doc: &mut Value, path: &[String], v: Value) -> Result<(), String> {
    let Some((last, parent)) = path.split_last() else {
        *doc = v;
        return Ok(());
    };
    match get_mut(doc, parent)? {
        Value::Object(m) => {
            m.insert(last.clone(), v);
            Ok(())
        }
        Value::Array(a) => {
            let i = if last == "-" {
                a.len()
            } else {
                index(last, a.len() + 1)?
            };
            a.insert(i, v);
            Ok(())
        }
        _ => Err(format!(
            "cannot add under /{}: not an object or array",
            parent.join("/")
        )),
    }
}

fn remove(doc: &mut Value, path: &[String]) -> Result<Value, String> {
    let (last, parent) = path
        .split_last()
        .ok_or("cannot remove the whole document")?;
    let missing = || format!("path /{} does not exist", path.join("/"));
    match get_mut(doc, parent)? {
        Value::Object(m) => m.shift_remove(last).ok_or_else(missing),
        Value::Array(a) => {
            let i = index(last, a.len()).map_err(|_| missing())?;
            Ok(a.remove(i))
        }
        _ => Err(missing()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn patched(doc: Value, patch: Value) -> Result<Value, String> {
        let mut d = doc;
        apply(&mut d, &patch).map(|()| d)
    }

    #[test]
    fn every_operation() {
        let doc = json!({"a": {"b": [1, 2]}, "c": "x"});
        assert_eq!(
            patched(
                doc.clone(),
                json!([{"op": "add", "path": "/a/b/-", "value": 3}])
            )
            .unwrap(),
            json!({"a": {"b": [1, 2, 3]}, "c": "x"})
        );
        assert_eq!(
            patched(
                doc.clone(),
                json!([{"op": "add", "path": "/a/b/0", "value": 0}])
            )
            .unwrap(),
            json!({"a": {"b": [0, 1, 2]}, "c": "x"})
        );
        assert_eq!(
            patched(doc.clone(), json!([{"op": "remove", "path": "/a/b/1"}])).unwrap(),
            json!({"a": {"b": [1]}, "c": "x"})
        );
        assert_eq!(
            patched(
                doc.clone(),
                json!([{"op": "replace", "path": "/c", "value": 7}])
            )
            .unwrap(),
            json!({"a": {"b": [1, 2]}, "c": 7})
        );
        assert_eq!(
            patched(
                doc.clone(),
                json!([{"op": "move", "from": "/c", "path": "/d"}])
            )
            .unwrap(),
            json!({"a": {"b": [1, 2]}, "d": "x"})
        );
        assert_eq!(
            patched(
                doc.clone(),
                json!([{"op": "copy", "from": "/a/b", "path": "/e"}])
            )
            .unwrap(),
            json!({"a": {"b": [1, 2]}, "c": "x", "e": [1, 2]})
        );
        assert!(patched(
            doc.clone(),
            json!([{"op": "test", "path": "/c", "value": "x"}])
        )
        .is_ok());
        assert!(patched(doc, json!([{"op": "test", "path": "/c", "value": "y"}])).is_err());
    }

    #[test]
    fn pointer_escapes_and_errors() {
        let doc = json!({"a/b": {"m~n": 1}});
        assert_eq!(
            patched(doc.clone(), json!([{"op": "remove", "path": "/a~1b/m~0n"}])).unwrap(),
            json!({"a/b": {}})
        );
        let e = patched(doc.clone(), json!([{"op": "remove", "path": "/nope/x"}])).unwrap_err();
        assert_eq!(e, "patch operation 0: path /nope does not exist");
        assert!(patched(doc.clone(), json!([{"op": "add", "path": "x", "value": 1}])).is_err());
        assert!(patched(json!([1]), json!([{"op": "remove", "path": "/01"}])).is_err());
        assert!(patched(doc, json!([{"op": "frobnicate", "path": "/a"}])).is_err());
    }

    #[test]
    fn copies_are_bounded_as_on_the_server() {
        // `suite-patch-bomb.testsuite.yaml`: forty copies of the root double the document
        // forty times (2⁴⁰ × its size). The copies stop once they add 3 MiB of JSON, at the
        // operation that would pass it, and the document never grows past that.
        let mut doc = json!({"spec": {"s": "x".repeat(1_000)}});
        let ops: Vec<Value> = (0..40)
            .map(|i| json!({"op": "copy", "from": "", "path": format!("/x{i}")}))
            .collect();
        let e = apply(&mut doc, &Value::Array(ops)).unwrap_err();
        assert!(
            e.starts_with("patch operation 11: Unable to complete the copy, the accumulated size increase of copy is "),
            "{e}"
        );
        assert!(e.ends_with(", exceeding the limit 3145728"), "{e}");
        assert!(json_size(&doc) <= 2 * MAX_COPY_BYTES);
        // Copies within the bound apply.
        let mut small = json!({"a": [1, 2]});
        let ops = json!([{"op": "copy", "from": "/a", "path": "/b"}]);
        apply(&mut small, &ops).unwrap();
        assert_eq!(small, json!({"a": [1, 2], "b": [1, 2]}));
    }

    #[test]
    fn operations_are_counted_as_on_the_server() {
        let ops: Vec<Value> = (0..=MAX_OPERATIONS)
            .map(|_| json!({"op": "test", "path": "", "value": {}}))
            .collect();
        let e = apply(&mut json!({}), &Value::Array(ops)).unwrap_err();
        assert_eq!(
            e,
            "The allowed maximum operations in a JSON patch is 10000, got 10001"
        );
    }

    #[test]
    fn json_size_is_go_marshal_length() {
        // Go's json.Marshal: compact, `<>&` escaped as \u003c, \u003e, \u0026.
        assert_eq!(
            json_size(&json!({"a": [1, "x<"]})),
            r#"{"a":[1,"x\u003c"]}"#.len() as u64
        );
    }
}
