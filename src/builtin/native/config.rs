//! `ValidateConfigMap` and `ValidateSecret` (`pkg/apis/core/validation/validation.go`): the keys
//! of `data` and `binaryData` (apimachinery's `IsConfigMapKey`), a key in both bags, the
//! 1 MiB (`core.MaxSecretSize`) bound on all the values together, and the keys a Secret's
//! `type` requires.
//!
//! The server validates the internal object, after conversion: a Secret's `stringData` has
//! been merged into `data` by then (a key in both takes `stringData`'s value), so its keys and
//! sizes count as `data`'s, and `data`'s values count decoded, not as base64 (the merge is
//! `Convert_v1_Secret_To_core_Secret`, `pkg/apis/core/v1/conversion.go`). A `.dockercfg` or
//! `.dockerconfigjson` value must decode as a JSON object; the server words the error with Go's
//! `encoding/json` ([`crate::k8s::gojson`]).

use std::collections::BTreeMap;

use super::Out;
use crate::builtin::rules;
use crate::diag::Span;
use crate::k8s::{FieldError, FieldPath};
use crate::yaml::{Map, Node};

/// `core.MaxSecretSize`: what the values of one ConfigMap or Secret may total, in bytes.
const MAX_SIZE: i64 = 1024 * 1024;

/// `ValidateConfigMap`'s data checks.
pub(super) fn config_map(obj: &Node, out: &mut Out) {
    let data = obj.get("data").and_then(Node::as_map);
    let binary = obj.get("binaryData").and_then(Node::as_map);
    let mut total = 0usize;
    for (bag, map) in [("data", data), ("binaryData", binary)] {
        let Some(map) = map else { continue };
        let path = FieldPath::new(bag);
        for e in &map.entries {
            keys(&e.key, &path, e.key_span, out);
            // A key in both bags is reported under `data` (the server's loop over `Data`
            // looks each key up in `BinaryData`).
            if bag == "data" && binary.is_some_and(|b| b.contains_key(&e.key)) {
                let fe = FieldError::invalid(
                    path.key(&e.key),
                    e.key.as_str(),
                    "duplicate of key present in binaryData",
                );
                out.push(&rules::CONFIG_DATA, fe, e.key_span);
            }
            total += match bag {
                "data" => e.value.as_str().map_or(0, str::len),
                _ => e.value.as_str().map_or(0, decoded_len),
            };
        }
    }
    if total as i64 > MAX_SIZE {
        // `field.TooLong(field.NewPath(""), cfg, core.MaxSecretSize)`: the empty path names
        // the whole object.
        let fe = FieldError::too_long(FieldPath::new(""), MAX_SIZE);
        out.push(
            &rules::CONFIG_DATA,
            fe,
            bag_span(obj, &["data", "binaryData"]),
        );
    }
}

/// `ValidateSecret`'s data checks.
pub(super) fn secret(obj: &Node, out: &mut Out) {
    let path = FieldPath::new("data");
    // Key → (decoded size, where its key is): `stringData` over `data`, as conversion merges.
    let mut merged: BTreeMap<&str, (usize, Span)> = BTreeMap::new();
    let bag = |key: &str| obj.get(key).and_then(Node::as_map);
    for (name, map) in [("data", bag("data")), ("stringData", bag("stringData"))] {
        let Some(map) = map else { continue };
        for e in &map.entries {
            let size = match name {
                "data" => e.value.as_str().map_or(0, decoded_len),
                _ => e.value.as_str().map_or(0, str::len),
            };
            merged.insert(e.key.as_str(), (size, e.key_span));
        }
    }
    for (key, (_, span)) in &merged {
        keys(key, &path, *span, out);
    }
    let total: usize = merged.values().map(|(size, _)| size).sum();
    if total as i64 > MAX_SIZE {
        let fe = FieldError::too_long(path.clone(), MAX_SIZE);
        out.push(
            &rules::CONFIG_DATA,
            fe,
            bag_span(obj, &["data", "stringData"]),
        );
    }
    required_keys(obj, &merged, &path, out);
    docker_json(obj, &path, out);
}

/// `ValidateSecret`'s JSON check of a docker config (`kubernetes.io/dockercfg`'s `.dockercfg`,
/// `kubernetes.io/dockerconfigjson`'s `.dockerconfigjson`): `json.Unmarshal` into a
/// `map[string]interface{}`, its error as `Invalid value: "<secret contents redacted>"`. The
/// value checked is the merged one (`stringData` over `data`); a `data` value that is not
/// base64 is the schema step's finding, not this one's.
fn docker_json(obj: &Node, path: &FieldPath, out: &mut Out) {
    use base64::Engine as _;
    let key = match obj.get("type").and_then(Node::as_str) {
        Some("kubernetes.io/dockercfg") => ".dockercfg",
        Some("kubernetes.io/dockerconfigjson") => ".dockerconfigjson",
        _ => return,
    };
    let value = |bag: &str| obj.get(bag).and_then(|b| b.get(key));
    let (node, bytes) = if let Some(v) = value("stringData") {
        (v, v.as_str().map(|t| t.as_bytes().to_vec()))
    } else if let Some(v) = value("data") {
        // JSON's `[]byte` decoding skips line breaks (as `decoded_len` counts).
        let b64: String = v.as_str().unwrap_or_default().replace(['\r', '\n'], "");
        let decoded = base64::engine::general_purpose::STANDARD.decode(b64).ok();
        (v, decoded.filter(|_| v.as_str().is_some()))
    } else {
        return;
    };
    let Some(msg) = bytes.as_deref().and_then(crate::k8s::gojson::map_error) else {
        return;
    };
    let fe = FieldError::invalid(path.key(key), "<secret contents redacted>", msg);
    out.push(&rules::CONFIG_DATA, fe, node.span());
}

/// The keys a Secret's `type` requires (`ValidateSecret`'s `switch secret.Type`).
fn required_keys(
    obj: &Node,
    merged: &BTreeMap<&str, (usize, Span)>,
    path: &FieldPath,
    out: &mut Out,
) {
    let Some(ty) = obj.get("type") else { return };
    let has = |k: &str| merged.contains_key(k);
    let non_empty = |k: &str| merged.get(k).is_some_and(|(size, _)| *size > 0);
    let missing: Vec<FieldPath> = match ty.as_str().unwrap_or_default() {
        "kubernetes.io/service-account-token" => {
            let annotated = obj
                .at(&[
                    "metadata",
                    "annotations",
                    "kubernetes.io/service-account.name",
                ])
                .and_then(Node::as_str)
                .is_some_and(|v| !v.is_empty());
            let at = FieldPath::new("metadata").child("annotations");
            (!annotated)
                .then(|| at.key("kubernetes.io/service-account.name"))
                .into_iter()
                .collect()
        }
        "kubernetes.io/dockercfg" if !has(".dockercfg") => vec![path.key(".dockercfg")],
        "kubernetes.io/dockerconfigjson" if !has(".dockerconfigjson") => {
            vec![path.key(".dockerconfigjson")]
        }
        // Either may be empty, but one of them must be there.
        "kubernetes.io/basic-auth" if !has("username") && !has("password") => {
            vec![path.key("username"), path.key("password")]
        }
        "kubernetes.io/ssh-auth" if !non_empty("ssh-privatekey") => {
            vec![path.key("ssh-privatekey")]
        }
        "kubernetes.io/tls" => ["tls.crt", "tls.key"]
            .into_iter()
            .filter(|k| !has(k))
            .map(|k| path.key(k))
            .collect(),
        _ => Vec::new(),
    };
    for p in missing {
        out.push(&rules::CONFIG_DATA, FieldError::required(p, ""), ty.span());
    }
}

/// `IsConfigMapKey(key)`, each message a `field.Invalid` at `path[key]`.
fn keys(key: &str, path: &FieldPath, span: Span, out: &mut Out) {
    for msg in config_map_key(key) {
        let fe = FieldError::invalid(path.key(key), key, msg);
        out.push(&rules::CONFIG_DATA, fe, span);
    }
}

/// apimachinery `IsConfigMapKey`: at most 253 bytes, of `[-._a-zA-Z0-9]+`, and not `.`, `..`
/// nor starting with `..` (`hasChDirPrefix`).
fn config_map_key(key: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if key.len() > 253 {
        errs.push("must be no more than 253 characters".to_string());
    }
    let allowed = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_');
    if key.is_empty() || !key.bytes().all(allowed) {
        errs.push(
            "a valid config key must consist of alphanumeric characters, '-', '_' or '.' \
             (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is \
             '[-._a-zA-Z0-9]+')"
                .to_string(),
        );
    }
    match key {
        "." => errs.push("must not be '.'".to_string()),
        ".." => errs.push("must not be '..'".to_string()),
        _ if key.starts_with("..") => errs.push("must not start with '..'".to_string()),
        _ => {}
    }
    errs
}

/// The length of the bytes base64 text `b64` decodes to (the schema step reports text that
/// is not base64; JSON's `[]byte` decoding skips line breaks).
fn decoded_len(b64: &str) -> usize {
    let chars = b64.bytes().filter(|b| !matches!(b, b'\r' | b'\n')).count();
    let padding = b64
        .trim_end_matches(['\r', '\n'])
        .bytes()
        .rev()
        .take_while(|b| *b == b'=')
        .count();
    (chars / 4 * 3 + (chars % 4).saturating_sub(1)).saturating_sub(padding.min(2))
}

/// Where a finding about the bags as a whole points: the first bag there, else the kind.
fn bag_span(obj: &Node, bags: &[&str]) -> Span {
    let key = |m: &Map, k: &str| m.entry(k).map(|e| e.key_span);
    let map = obj.as_map();
    bags.iter()
        .find_map(|b| map.and_then(|m| key(m, b)))
        .or_else(|| obj.get("kind").map(Node::span))
        .unwrap_or_else(|| obj.span())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoded_length_of_base64() {
        for (text, len) in [
            ("", 0),
            ("YQ==", 1),
            ("YWI=", 2),
            ("YWJj", 3),
            ("YWJjZA==", 4),
        ] {
            assert_eq!(decoded_len(text), len, "{text}");
        }
        assert_eq!(decoded_len("YWJj\nZA=="), 4);
    }

    #[test]
    fn config_map_keys_as_apimachinery() {
        assert!(config_map_key("key.name").is_empty());
        assert!(config_map_key("KEY_NAME-1").is_empty());
        assert_eq!(config_map_key("a b").len(), 1);
        assert_eq!(config_map_key(".."), ["must not be '..'"]);
        assert_eq!(config_map_key("..x"), ["must not start with '..'"]);
        assert_eq!(
            config_map_key(&"a".repeat(254)),
            ["must be no more than 253 characters"]
        );
    }
}
