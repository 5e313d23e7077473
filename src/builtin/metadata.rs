//! Metadata the API server cannot decode (`labels: {app: yes}`: `json: cannot unmarshal bool
//! into Go struct field ObjectMeta.labels of type string`), for built-in objects and custom
//! resources alike: what the YAML reader made of the offending value, said in the finding's
//! help, and the quoting `check --fix` applies to every value of its string fields that needs it.

use crate::apiext::objectmeta::Strings;
use crate::diag::{Diagnostic, Span};
use crate::yaml::{Entry, Node, Value};

use super::decode;

/// Adds the reading and the fixes to each metadata decode failure among `diags`, findings on
/// `obj` (`src` the text of its file, when held).
pub fn explain_undecodable(diags: &mut [Diagnostic], obj: &Node, src: Option<&str>) {
    for d in diags
        .iter_mut()
        .filter(|d| d.rule.id == "cr/not-an-object" && d.message.contains("cannot unmarshal"))
    {
        let found = reported_value(obj, &d.message);
        let text = |s: Span| src?.get(s.start()..s.end());
        // The reading is that of the value the server's error is about; without the field (a
        // path the message names deeper), that of the underlined `key: value`'s value.
        let written = match found {
            Some((v, _)) => text(v.span()),
            None => text(d.span)
                .and_then(|w| w.split_once(": "))
                .map(|(_, value)| value.trim()),
        };
        let mut help: Vec<String> = d.help.take().into_iter().collect();
        // `n: 1` is named "false": YAML 1.1 read the key too.
        let entry = found.and_then(|(_, e)| e);
        if let Some(h) = entry.and_then(|e| decode::key_reading(text(e.key_span)?, &e.key)) {
            help.push(h);
        }
        if let Some(r) = written.and_then(|w| decode::reading_for(&d.message, w)) {
            help.push(r.help);
        }
        d.help = (!help.is_empty()).then(|| help.join("\n"));
        // The exact values to quote are known here, where `check --fix` would have only the
        // underlined text, which spans every entry of a map. Every value of every field that
        // needs it is quoted at once (the decode fails until the last is, one field at a
        // time): one pass of `check --fix`, not one a value or a field.
        let fixes: Vec<_> = string_values(obj)
            .into_iter()
            .filter_map(|v| decode::fix_for(v.span(), text(v.span())?))
            .collect();
        if !fixes.is_empty() {
            d.set_fixes(fixes);
        }
    }
}

/// The values of `obj`'s metadata, in every field whose Go type holds strings, that do not
/// decode, in the order written.
fn string_values(obj: &Node) -> Vec<&Node> {
    use crate::apiext::objectmeta::string_fields;
    let Some(meta) = obj.get("metadata") else {
        return Vec::new();
    };
    let mut values: Vec<&Node> = string_fields()
        .filter_map(|(k, how)| Some(undecodable_in(meta.get(k)?, how)))
        .flatten()
        .collect();
    values.sort_by_key(|v| v.span().start());
    values
}

/// Whether the decoder cannot take `n` where a string is wanted: neither a string nor a null
/// (which it reads as empty, `apiext::objectmeta`).
fn undecodable(n: &Node) -> bool {
    !matches!(n.value, Value::String(_) | Value::Null)
}

/// The values of a field that holds strings `how` that do not decode, in the order written:
/// only where the value has the field's shape (a string quoted in a list where a map is
/// wanted would still not decode).
fn undecodable_in(value: &Node, how: Strings) -> Vec<&Node> {
    match (&value.value, how) {
        (Value::Map(m), Strings::Map) => m
            .entries
            .iter()
            .map(|e| &e.value)
            .filter(|v| undecodable(v))
            .collect(),
        (Value::Seq(items), Strings::List) => items.iter().filter(|v| undecodable(v)).collect(),
        (Value::Map(_) | Value::Seq(_), _) => Vec::new(),
        (_, Strings::One) if undecodable(value) => vec![value],
        _ => Vec::new(),
    }
}

/// The value of the metadata field a decode failure's `message` names (`... Go struct field
/// ObjectMeta.annotations of type string`) that the server's error is about, with its map
/// entry: a map's first failing key in order (the server decodes it with its keys sorted), a
/// list's first failing item, a scalar itself. `None` when the message names no field of the
/// metadata itself.
fn reported_value<'n>(obj: &'n Node, message: &str) -> Option<(&'n Node, Option<&'n Entry>)> {
    let field = message
        .split_once("Go struct field ObjectMeta.")?
        .1
        .split_once(" of type ")?
        .0;
    let value = obj.get("metadata")?.get(field)?;
    match &value.value {
        Value::Map(m) => {
            let e = m
                .entries
                .iter()
                .filter(|e| undecodable(&e.value))
                .min_by_key(|e| &e.key)?;
            Some((&e.value, Some(e)))
        }
        Value::Seq(items) => items.iter().find(|v| undecodable(v)).map(|v| (v, None)),
        _ => undecodable(value).then_some((value, None)),
    }
}
