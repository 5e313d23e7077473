//! RFC 6902 JSON Patch as the API server applies a MutatingAdmissionPolicy's `JSONPatch`
//! mutation: with `gopkg.in/evanphx/json-patch.v4` (`patch.go`, read at evanphx/json-patch
//! `84a4bb10`), whose quirks are kept because they decide what the server stores:
//!
//! * a path is split on `/` and its first segment dropped, so `a/b` means `/b`; `~1` and `~0`
//!   are decoded in each segment;
//! * `replace` of a missing object key adds it (only a missing array index fails);
//! * negative array indices count from the end (`SupportNegativeIndices` is on);
//! * `test` of a missing key passes when the expected value is `null`;
//! * errors are worded as the library words them, `%w` chains included.
//!
//! A failed `test` is not an error: the server (apiserver `pkg/admission/plugin/policy/
//! mutating/patch/json_patch.go`) then leaves the object as it was. Any other failure is
//! `JSON Patch: <error>`.

use serde_json::Value;

/// One operation of an evaluated `JSONPatch{op:, path:, from:, value:}` (apiserver
/// `pkg/cel/mutation/jsonpatch.go`): `from` is sent only when non-empty, `value` only when set.
#[derive(Clone, Debug, PartialEq)]
pub struct Operation {
    pub op: String,
    pub path: String,
    pub from: String,
    pub value: Option<Value>,
}

impl Operation {
    /// An operation with `op` and `path` only.
    pub fn new(op: &str, path: &str) -> Operation {
        Operation {
            op: op.to_string(),
            path: path.to_string(),
            from: String::new(),
            value: None,
        }
    }

    /// With `value` set.
    pub fn value(mut self, v: Value) -> Operation {
        self.value = Some(v);
        self
    }

    /// With `from` set.
    pub fn from(mut self, f: &str) -> Operation {
        self.from = f.to_string();
        self
    }
}

/// How applying a patch ended.
#[derive(Debug, PartialEq)]
pub enum Applied {
    /// Every operation applied.
    Patched(Value),
    /// A `test` failed: the server keeps the object unchanged.
    TestFailed,
}

// The library's sentinel errors, appended by `%w`.
const MISSING: &str = "missing value";
const INVALID_INDEX: &str = "invalid index referenced";
const TEST_FAILED: &str = "test failed";

/// Applies `ops` to `doc` in order. `Err` is the library's error text (without the server's
/// `JSON Patch: ` prefix).
pub fn apply(doc: &Value, ops: &[Operation]) -> Result<Applied, String> {
    let mut doc = doc.clone();
    for op in ops {
        let r = match op.op.as_str() {
            "add" => add(&mut doc, op),
            "remove" => remove(&mut doc, op),
            "replace" => replace(&mut doc, op),
            "move" => move_(&mut doc, op),
            "test" => test(&doc, op),
            "copy" => copy(&mut doc, op),
            other => Err(format!("Unexpected kind: {other}")),
        };
        match r {
            Ok(()) => {}
            Err(e) if e.ends_with(TEST_FAILED) => return Ok(Applied::TestFailed),
            Err(e) => return Err(e),
        }
    }
    Ok(Applied::Patched(doc))
}

/// RFC 6901 `~1` → `/`, `~0` → `~` (Go's `strings.NewReplacer("~1", "/", "~0", "~")`, which
/// scans left to right).
fn decode_key(k: &str) -> String {
    let mut out = String::with_capacity(k.len());
    let mut rest = k;
    while let Some(i) = rest.find('~') {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        if let Some(r) = after.strip_prefix("~1") {
            out.push('/');
            rest = r;
        } else if let Some(r) = after.strip_prefix("~0") {
            out.push('~');
            rest = r;
        } else {
            out.push('~');
            rest = &after[1..];
        }
    }
    out.push_str(rest);
    out
}

/// `findObject`: the container holding the path's last segment, and that segment decoded.
fn find<'a>(doc: &'a mut Value, path: &str) -> Option<(&'a mut Value, String)> {
    let split: Vec<&str> = path.split('/').collect();
    if split.len() < 2 {
        return None;
    }
    let mut cur = doc;
    for part in &split[1..split.len() - 1] {
        let key = decode_key(part);
        let next = match cur {
            Value::Object(m) => m.get_mut(&key)?,
            Value::Array(a) => {
                let i = array_index(&key, a.len(), false).ok()?;
                a.get_mut(i)?
            }
            _ => return None,
        };
        // A `null` or scalar on the way is no container.
        if !matches!(next, Value::Object(_) | Value::Array(_)) {
            return None;
        }
        cur = next;
    }
    Some((cur, decode_key(split[split.len() - 1])))
}

/// Go's `strconv.Atoi` error for `key`.
fn atoi(key: &str) -> Result<i64, String> {
    let digits = key.strip_prefix(['+', '-']).unwrap_or(key);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.Atoi: parsing \"{key}\": invalid syntax"));
    }
    key.parse::<i64>()
        .map_err(|_| format!("strconv.Atoi: parsing \"{key}\": value out of range"))
}

/// An existing index (`get`/`set`/`remove`); negative ones count from the end. `adding`
/// allows `len` (one past the end).
fn array_index(key: &str, len: usize, adding: bool) -> Result<usize, String> {
    let idx = atoi(key)?;
    let size = if adding { len + 1 } else { len } as i64;
    let bad = || format!("Unable to access invalid index: {idx}: {INVALID_INDEX}");
    if idx >= size {
        return Err(bad());
    }
    if idx < 0 {
        if idx < -size {
            return Err(bad());
        }
        return Ok((idx + size) as usize);
    }
    Ok(idx as usize)
}

/// `container.get`: `Ok(None)` for a missing object key (not an error in the library).
fn get<'a>(con: &'a Value, key: &str) -> Result<Option<&'a Value>, String> {
    match con {
        Value::Object(m) => Ok(m.get(key)),
        Value::Array(a) => {
            let i = array_index(key, a.len(), false)?;
            Ok(a.get(i))
        }
        _ => Ok(None),
    }
}

/// `container.add`.
fn add_at(con: &mut Value, key: &str, v: Value) -> Result<(), String> {
    match con {
        Value::Object(m) => {
            m.insert(key.to_string(), v);
            Ok(())
        }
        Value::Array(a) => {
            if key == "-" {
                a.push(v);
                return Ok(());
            }
            let i = array_index(key, a.len(), true).map_err(|e| {
                if e.starts_with("strconv") {
                    format!("value was not a proper array index: '{key}': {e}")
                } else {
                    e
                }
            })?;
            a.insert(i, v);
            Ok(())
        }
        _ => Ok(()),
    }
}

/// `container.remove`, returning the removed value.
fn remove_at(con: &mut Value, key: &str) -> Result<Value, String> {
    match con {
        Value::Object(m) => m
            .shift_remove(key)
            .ok_or_else(|| format!("Unable to remove nonexistent key: {key}: {MISSING}")),
        Value::Array(a) => {
            let i = array_index(key, a.len(), false)?;
            Ok(a.remove(i))
        }
        _ => Ok(Value::Null),
    }
}

fn value_of(op: &Operation) -> Value {
    op.value.clone().unwrap_or(Value::Null)
}

fn add(doc: &mut Value, op: &Operation) -> Result<(), String> {
    let path = &op.path;
    let Some((con, key)) = find(doc, path) else {
        return Err(format!(
            "add operation does not apply: doc is missing path: \"{path}\": {MISSING}"
        ));
    };
    add_at(con, &key, value_of(op)).map_err(|e| format!("error in add for path: '{path}': {e}"))
}

fn remove(doc: &mut Value, op: &Operation) -> Result<(), String> {
    let path = &op.path;
    let Some((con, key)) = find(doc, path) else {
        return Err(format!(
            "remove operation does not apply: doc is missing path: \"{path}\": {MISSING}"
        ));
    };
    remove_at(con, &key)
        .map(|_| ())
        .map_err(|e| format!("error in remove for path: '{path}': {e}"))
}

fn replace(doc: &mut Value, op: &Operation) -> Result<(), String> {
    let path = &op.path;
    if path.is_empty() {
        let v = value_of(op);
        if !matches!(v, Value::Object(_) | Value::Array(_)) {
            return Err("replace operation value must be object or array: %!w(<nil>)".into());
        }
        *doc = v;
        return Ok(());
    }
    let Some((con, key)) = find(doc, path) else {
        return Err(format!(
            "replace operation does not apply: doc is missing path: {path}: {MISSING}"
        ));
    };
    if get(con, &key).is_err() {
        return Err(format!(
            "replace operation does not apply: doc is missing key: {path}: {MISSING}"
        ));
    }
    match con {
        Value::Object(m) => {
            m.insert(key, value_of(op));
        }
        Value::Array(a) => {
            let i = array_index(&key, a.len(), false)
                .map_err(|e| format!("error in remove for path: '{path}': {e}"))?;
            a[i] = value_of(op);
        }
        _ => {}
    }
    Ok(())
}

fn move_(doc: &mut Value, op: &Operation) -> Result<(), String> {
    let from = &op.from;
    if from.is_empty() {
        return Err(format!(
            "move operation failed to decode from: operation, missing from field: {MISSING}"
        ));
    }
    let Some((con, key)) = find(doc, from) else {
        return Err(format!(
            "move operation does not apply: doc is missing from path: {from}: {MISSING}"
        ));
    };
    let val = get(con, &key)
        .map_err(|e| format!("error in move for path: '{key}': {e}"))?
        .cloned();
    remove_at(con, &key).map_err(|e| format!("error in move for path: '{key}': {e}"))?;
    let path = &op.path;
    let Some((con, key)) = find(doc, path) else {
        return Err(format!(
            "move operation does not apply: doc is missing destination path: {path}: {MISSING}"
        ));
    };
    add_at(con, &key, val.unwrap_or(Value::Null))
        .map_err(|e| format!("error in move for path: '{path}': {e}"))
}

fn test(doc: &Value, op: &Operation) -> Result<(), String> {
    let path = &op.path;
    let failed = || format!("testing value {path} failed: {TEST_FAILED}");
    if path.is_empty() {
        return if Some(doc) == op.value.as_ref() {
            Ok(())
        } else {
            Err(failed())
        };
    }
    let mut scratch = doc.clone();
    let Some((con, key)) = find(&mut scratch, path) else {
        return Err(format!(
            "test operation does not apply: is missing path: {path}: {MISSING}"
        ));
    };
    let val = get(con, &key).map_err(|e| format!("error in test for path: '{path}': {e}"))?;
    match (val, &op.value) {
        (None, None | Some(Value::Null)) => Ok(()),
        (Some(v), Some(want)) if v == want => Ok(()),
        _ => Err(failed()),
    }
}

fn copy(doc: &mut Value, op: &Operation) -> Result<(), String> {
    let from = &op.from;
    if from.is_empty() {
        return Err(format!(
            "copy operation failed to decode from: operation, missing from field: {MISSING}"
        ));
    }
    let Some((con, key)) = find(doc, from) else {
        return Err(format!(
            "copy operation does not apply: doc is missing from path: {from}: {MISSING}"
        ));
    };
    let val = get(con, &key)
        .map_err(|e| format!("error in copy for from: '{from}': {e}"))?
        .cloned()
        .unwrap_or(Value::Null);
    let path = &op.path;
    let Some((con, key)) = find(doc, path) else {
        return Err(format!(
            "copy operation does not apply: doc is missing destination path: {path}: {MISSING}"
        ));
    };
    add_at(con, &key, val).map_err(|e| format!("error while adding value during copy: {e}"))
}

#[cfg(test)]
mod tests {
    //! Expected texts from evanphx/json-patch v4 `patch.go` (`84a4bb10`).
    use super::*;
    use serde_json::json;

    fn patched(doc: Value, ops: &[Operation]) -> Value {
        match apply(&doc, ops) {
            Ok(Applied::Patched(v)) => v,
            other => panic!("{other:?}"),
        }
    }

    fn error(doc: Value, ops: &[Operation]) -> String {
        match apply(&doc, ops) {
            Err(e) => e,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn add_sets_keys_inserts_and_appends() {
        let d = json!({"a": {"b": [1, 3]}});
        assert_eq!(
            patched(
                d,
                &[
                    Operation::new("add", "/a/c").value(json!("x")),
                    Operation::new("add", "/a/b/1").value(json!(2)),
                    Operation::new("add", "/a/b/-").value(json!(4)),
                    Operation::new("add", "/a/b/-1").value(json!(9)),
                ]
            ),
            // `-1` addresses one past the end when adding (the array grows first).
            json!({"a": {"b": [1, 2, 3, 4, 9], "c": "x"}})
        );
    }

    #[test]
    fn escaped_keys_are_decoded() {
        let d = json!({"metadata": {"labels": {}}});
        let v = patched(
            d,
            &[Operation::new("add", "/metadata/labels/example.com~1team~0x").value(json!("a"))],
        );
        assert_eq!(
            v,
            json!({"metadata": {"labels": {"example.com/team~x": "a"}}})
        );
    }

    #[test]
    fn add_under_a_missing_parent_fails_with_the_librarys_words() {
        let d = json!({"spec": {}});
        assert_eq!(
            error(d, &[Operation::new("add", "/spec/x/y").value(json!(1))]),
            "add operation does not apply: doc is missing path: \"/spec/x/y\": missing value"
        );
        let d = json!({"a": [1]});
        assert_eq!(
            error(d.clone(), &[Operation::new("add", "/a/5").value(json!(1))]),
            "error in add for path: '/a/5': Unable to access invalid index: 5: invalid index referenced"
        );
        assert_eq!(
            error(d, &[Operation::new("add", "/a/x").value(json!(1))]),
            "error in add for path: '/a/x': value was not a proper array index: 'x': strconv.Atoi: parsing \"x\": invalid syntax"
        );
    }

    #[test]
    fn remove_of_a_missing_key_fails() {
        let d = json!({"a": {"b": 1}});
        assert_eq!(
            patched(d.clone(), &[Operation::new("remove", "/a/b")]),
            json!({"a": {}})
        );
        assert_eq!(
            error(d, &[Operation::new("remove", "/a/c")]),
            "error in remove for path: '/a/c': Unable to remove nonexistent key: c: missing value"
        );
    }

    #[test]
    fn replace_adds_a_missing_object_key_but_not_a_missing_index() {
        let d = json!({"a": {"b": 1}, "l": [1]});
        assert_eq!(
            patched(
                d.clone(),
                &[Operation::new("replace", "/a/c").value(json!(2))]
            ),
            json!({"a": {"b": 1, "c": 2}, "l": [1]})
        );
        assert_eq!(
            error(
                d.clone(),
                &[Operation::new("replace", "/l/3").value(json!(2))]
            ),
            "replace operation does not apply: doc is missing key: /l/3: missing value"
        );
        assert_eq!(
            patched(d, &[Operation::new("replace", "/l/0").value(json!(7))]),
            json!({"a": {"b": 1}, "l": [7]})
        );
    }

    #[test]
    fn move_and_copy() {
        let d = json!({"a": {"b": 1}, "c": {}});
        assert_eq!(
            patched(d.clone(), &[Operation::new("move", "/c/b").from("/a/b")]),
            json!({"a": {}, "c": {"b": 1}})
        );
        assert_eq!(
            patched(d.clone(), &[Operation::new("copy", "/c/b").from("/a/b")]),
            json!({"a": {"b": 1}, "c": {"b": 1}})
        );
        assert_eq!(
            error(d.clone(), &[Operation::new("move", "/c/b").from("/x/y")]),
            "move operation does not apply: doc is missing from path: /x/y: missing value"
        );
        assert_eq!(
            error(d, &[Operation::new("copy", "/c/b")]),
            "copy operation failed to decode from: operation, missing from field: missing value"
        );
    }

    #[test]
    fn a_failed_test_leaves_the_object_unpatched() {
        let d = json!({"a": 1});
        let ops = [
            Operation::new("add", "/b").value(json!(2)),
            Operation::new("test", "/a").value(json!(5)),
        ];
        assert_eq!(apply(&d, &ops), Ok(Applied::TestFailed));
        let ops = [
            Operation::new("test", "/a").value(json!(1)),
            Operation::new("test", "/missing").value(Value::Null),
            Operation::new("add", "/b").value(json!(2)),
        ];
        assert_eq!(patched(d, &ops), json!({"a": 1, "b": 2}));
    }

    #[test]
    fn an_unknown_op_is_refused() {
        assert_eq!(
            error(json!({}), &[Operation::new("merge", "/a")]),
            "Unexpected kind: merge"
        );
    }
}
