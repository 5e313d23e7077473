//! Metadata the API server cannot decode (`labels: {app: yes}`: `json: cannot unmarshal bool
//! into Go struct field ObjectMeta.labels of type string`), for built-in objects and custom
//! resources alike: what the YAML reader made of the offending value, said in the finding's
//! help, and the quoting `check --fix` applies to every value of that map that needs it.

use crate::diag::{Diagnostic, Span};
use crate::yaml::Node;

use super::decode;

/// Adds the reading and the fixes to each metadata decode failure among `diags`, findings on
/// `obj` (`src` the text of its file, when held).
pub fn explain_undecodable(diags: &mut [Diagnostic], obj: &Node, src: Option<&str>) {
    // Metadata that does not decode (`labels: {app: yes}`) is underlined from its key: the
    // reading is that of the value the Go type cannot take, the first of its map's entries
    // that is no string (`annotations: {a: yes, b: x}`), else of the value after the key.
    for d in diags
        .iter_mut()
        .filter(|d| d.rule.id == "cr/not-an-object" && d.message.contains("cannot unmarshal"))
    {
        let entry = undecodable_entry(obj, &d.message);
        let written = match entry {
            Some(e) => src.and_then(|t| t.get(e.value.span().start()..e.value.span().end())),
            None => src
                .and_then(|t| t.get(d.span.start()..d.span.end()))
                .and_then(|w| w.split_once(": "))
                .map(|(_, value)| value.trim()),
        };
        let mut help: Vec<String> = d.help.take().into_iter().collect();
        let key_text = |e: &crate::yaml::Entry| src?.get(e.key_span.start()..e.key_span.end());
        // `n: 1` is named "false": YAML 1.1 read the key too.
        if let Some(h) = entry.and_then(|e| decode::key_reading(key_text(e)?, &e.key)) {
            help.push(h);
        }
        if let Some((w, r)) = written.and_then(|w| Some((w, decode::reading_for(&d.message, w)?))) {
            // The exact values to quote are known here, where `check --fix` would have only the
            // underlined text, which spans every entry of the map. Every value of the map that
            // needs it is quoted at once (the decode fails until the last is): one pass of
            // `check --fix`, not one a value.
            if let (true, Some(e)) = (r.fixable, entry) {
                let all = src
                    .zip(undecodable_map(obj, &d.message))
                    .map(|(t, m)| fixable_values(m, t))
                    .unwrap_or_default();
                let fixes = all
                    .iter()
                    .filter_map(|s| Some(decode::quote_fix(*s, src?.get(s.start()..s.end())?)))
                    .collect::<Vec<_>>();
                if fixes.is_empty() {
                    d.set_fix(decode::quote_fix(e.value.span(), w));
                } else {
                    d.set_fixes(fixes);
                }
            }
            help.push(r.help);
        }
        d.help = (!help.is_empty()).then(|| help.join("\n"));
    }
}

/// The metadata map a decode failure names (`... Go struct field ObjectMeta.annotations of
/// type string`).
fn undecodable_map<'n>(obj: &'n Node, message: &str) -> Option<&'n crate::yaml::Map> {
    let field = message
        .split_once("Go struct field ObjectMeta.")?
        .1
        .split_once(" of type ")?
        .0;
    obj.get("metadata")?.get(field)?.as_map()
}

/// The entry of [`undecodable_map`] whose value the Go type cannot take: the first that is
/// neither a string nor a null (which the decoder leaves out, `apiext::objectmeta`).
fn undecodable_entry<'n>(obj: &'n Node, message: &str) -> Option<&'n crate::yaml::Entry> {
    undecodable_map(obj, message)?.entries.iter().find(|e| {
        !matches!(
            e.value.value,
            crate::yaml::Value::String(_) | crate::yaml::Value::Null
        )
    })
}

/// The spans of the values of `m` that `check --fix` quotes ([`decode::Reading::fixable`]),
/// in order.
fn fixable_values(m: &crate::yaml::Map, src: &str) -> Vec<Span> {
    m.entries
        .iter()
        .filter(|e| !matches!(e.value.value, crate::yaml::Value::String(_)))
        .map(|e| e.value.span())
        .filter(|s| {
            src.get(s.start()..s.end())
                .and_then(decode::reading)
                .is_some_and(|r| r.fixable)
        })
        .collect()
}
