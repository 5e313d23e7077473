//! Metadata the API server cannot decode (`labels: {app: yes}`: `json: cannot unmarshal bool
//! into Go struct field ObjectMeta.labels of type string`), for built-in objects and custom
//! resources alike: what the YAML reader made of the offending value, said in the finding's
//! help, and the quoting `check --fix` applies to every value of its string fields that needs it.

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
        let found = undecodable(obj, &d.message);
        let text = |s: Span| src?.get(s.start()..s.end());
        // The reading is that of the first value the Go type cannot take; without the field
        // (a path the message names deeper), that of the underlined `key: value`'s value.
        let written = match &found {
            Some(f) => f.values.first().and_then(|v| text(v.span())),
            None => text(d.span)
                .and_then(|w| w.split_once(": "))
                .map(|(_, value)| value.trim()),
        };
        let mut help: Vec<String> = d.help.take().into_iter().collect();
        // `n: 1` is named "false": YAML 1.1 read the key too.
        let entry = found.as_ref().and_then(|f| f.entry);
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
            .filter_map(|v| Some((v.span(), text(v.span())?)))
            .filter(|(_, w)| decode::reading(w).is_some_and(|r| r.fixable))
            .map(|(s, w)| decode::quote_fix(s, w))
            .collect();
        if !fixes.is_empty() {
            d.set_fixes(fixes);
        }
    }
}

/// The values of `obj`'s metadata, in every field whose Go type holds strings, that do not
/// decode, in the order written.
fn string_values(obj: &Node) -> Vec<&Node> {
    let Some(meta) = obj.get("metadata") else {
        return Vec::new();
    };
    use crate::apiext::objectmeta::{string_fields, Strings};
    // Only where the value has the field's shape: a string quoted in a list where a map is
    // wanted would still not decode.
    let shaped = |(k, how): (&str, Strings)| {
        let v = meta.get(k)?;
        let fits = match how {
            Strings::One => !matches!(v.value, Value::Map(_) | Value::Seq(_)),
            Strings::Map => matches!(v.value, Value::Map(_)),
            Strings::List => matches!(v.value, Value::Seq(_)),
        };
        fits.then_some(v)
    };
    let mut values: Vec<&Node> = string_fields()
        .filter_map(shaped)
        .filter_map(undecodable_in)
        .flat_map(|u| u.values)
        .collect();
    values.sort_by_key(|v| v.span().start());
    values
}

/// The values of the metadata field a decode failure names that its Go type cannot take.
struct Undecodable<'n> {
    /// The field's value itself when it is a scalar (`name: yes`), else the values of its
    /// entries (`labels: {a: yes}`) or its items (`finalizers: [on]`) that are neither strings
    /// nor nulls (which the decoder reads as empty, `apiext::objectmeta`); the one the
    /// server's error is about first (a map's first key in order), the others as written.
    values: Vec<&'n Node>,
    /// The map entry of the first, for what YAML made of its key.
    entry: Option<&'n Entry>,
}

/// The field of `obj`'s metadata a decode failure's `message` names (`... Go struct field
/// ObjectMeta.annotations of type string`), and its values that do not decode; `None` when
/// the message names no field of the metadata itself.
fn undecodable<'n>(obj: &'n Node, message: &str) -> Option<Undecodable<'n>> {
    let field = message
        .split_once("Go struct field ObjectMeta.")?
        .1
        .split_once(" of type ")?
        .0;
    undecodable_in(obj.get("metadata")?.get(field)?)
}

/// [`undecodable`] of one field's value.
fn undecodable_in(value: &Node) -> Option<Undecodable<'_>> {
    let undecodable = |n: &Node| !matches!(n.value, Value::String(_) | Value::Null);
    let found = match &value.value {
        Value::Map(m) => {
            let entries: Vec<&Entry> = m.entries.iter().filter(|e| undecodable(&e.value)).collect();
            // The server decodes the map with its keys sorted: its error is the first key's.
            let entry = entries.iter().copied().min_by_key(|e| &e.key);
            let mut values: Vec<&Node> = entries.iter().map(|e| &e.value).collect();
            if let Some(i) = entry.and_then(|f| entries.iter().position(|e| std::ptr::eq(*e, f))) {
                values[..=i].rotate_right(1);
            }
            Undecodable { values, entry }
        }
        Value::Seq(items) => Undecodable {
            values: items.iter().filter(|n| undecodable(n)).collect(),
            entry: None,
        },
        _ => Undecodable {
            values: vec![value].into_iter().filter(|n| undecodable(n)).collect(),
            entry: None,
        },
    };
    (!found.values.is_empty()).then_some(found)
}
