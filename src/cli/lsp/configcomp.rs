//! Completion in `.crdlint.yaml`: its keys and values, from the config parser's own tables
//! (`config::KEYS` with each key's value form and text, the section key lists,
//! `classify::RECOGNIZE_KEYS`), rule ids where rules are named, and the supported minors for
//! `kube-version`. Nothing here restates what a key accepts: a value form such as
//! `error|warn|ignore` or `{enum-additions: allow|disallow, ...}` is read from `KEYS`.

use lsp_types::{CompletionItem, CompletionItemKind, Documentation, Position};

use super::schema::{cursor_path, Seg};
use super::text::LineIndex;
use super::Doc;
use crate::cli::classify::RECOGNIZE_KEYS;
use crate::cli::config::{ADMISSION_KEYS, COMPAT_KEYS, KEYS, PER_FILE_KEYS, VENDOR_KEYS};

pub fn complete(doc: &Doc, pos: Position) -> Vec<CompletionItem> {
    let text = &doc.text;
    let offset = LineIndex::new(text).offset(pos);
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..offset];
    if before.contains('#') {
        return Vec::new();
    }
    let (path, _, after_key) = cursor_path(text, line_start, before);
    let path: Vec<&str> = path
        .iter()
        .map(|s| match s {
            Seg::Key(k) => k.as_str(),
            Seg::Index => "-",
        })
        .collect();
    let form = |key: &str| KEYS.iter().find(|k| k.0 == key).map_or("", |k| k.1);
    match (path.as_slice(), after_key.as_deref()) {
        ([], None) => {
            // The keys not written yet, in the table's order.
            let present: Vec<&str> = text
                .lines()
                .filter_map(|l| l.split_once(':').map(|(k, _)| k))
                .filter(|k| !k.starts_with([' ', '-', '#']))
                .collect();
            KEYS.iter()
                .filter(|k| !present.contains(&k.0))
                .enumerate()
                .map(|(i, (name, form, about))| CompletionItem {
                    label: name.to_string(),
                    kind: Some(CompletionItemKind::PROPERTY),
                    detail: Some(form.to_string()),
                    documentation: Some(Documentation::String(about.to_string())),
                    sort_text: Some(format!("{i:02}")),
                    insert_text: Some(format!("{name}: ")),
                    ..Default::default()
                })
                .collect()
        }
        ([], Some("kube-version")) => {
            // Newest first: the default.
            let mut minors: Vec<String> = crate::k8s::KubeVersion::all()
                .map(|v| format!("\"{v}\""))
                .collect();
            minors.reverse();
            values(minors)
        }
        ([], Some(key)) => values(alternatives(form(key)).map(str::to_string)),
        (["compat" | "recognize" | "admission"], None) => {
            let names = match path[0] {
                "compat" => COMPAT_KEYS,
                "admission" => ADMISSION_KEYS,
                _ => RECOGNIZE_KEYS,
            };
            keys(names)
        }
        ([section @ ("compat" | "recognize" | "admission")], Some(key)) => {
            let value = entries(form(section))
                .find(|(names, _)| names.contains(&key))
                .map_or("", |(_, v)| v);
            values(alternatives(value).map(str::to_string))
        }
        (["per-file", "-"], None) => keys(PER_FILE_KEYS),
        (["vendor", "-"], None) => keys(VENDOR_KEYS),
        (["select" | "ignore", "-"], None) | (["per-file", "-", "ignore", "-"], None) => rule_ids(),
        (["severity"], None) | (["per-file", "-", "severity"], None) => rule_ids(),
        (["severity"], Some(_)) | (["per-file", "-", "severity"], Some(_)) => {
            let value = entries(form("severity")).next().map_or("", |(_, v)| v);
            values(alternatives(value).map(str::to_string))
        }
        _ => Vec::new(),
    }
}

/// The choices of a value form `a|b|c` (none for a form that is not a plain choice).
fn alternatives(form: &str) -> impl Iterator<Item = &str> {
    let plain = form.contains('|') && !form.contains(['{', '[', '"', ' ']);
    form.split('|').filter(move |_| plain)
}

/// The entries of a map form `{a|b: x|y, c: true|false}`: the key names and the value form.
fn entries(form: &str) -> impl Iterator<Item = (Vec<&str>, &str)> {
    let inner = form
        .strip_prefix('{')
        .and_then(|f| f.strip_suffix('}'))
        .unwrap_or("");
    inner
        .split(", ")
        .filter_map(|e| e.split_once(": "))
        .map(|(k, v)| (k.split('|').collect(), v))
}

fn keys(names: &[&str]) -> Vec<CompletionItem> {
    names
        .iter()
        .map(|n| CompletionItem {
            label: n.to_string(),
            kind: Some(CompletionItemKind::PROPERTY),
            insert_text: Some(format!("{n}: ")),
            ..Default::default()
        })
        .collect()
}

fn values(vs: impl IntoIterator<Item = String>) -> Vec<CompletionItem> {
    vs.into_iter()
        .enumerate()
        .map(|(i, v)| CompletionItem {
            label: v,
            kind: Some(CompletionItemKind::VALUE),
            sort_text: Some(format!("{i:02}")),
            ..Default::default()
        })
        .collect()
}

/// Rule ids with their summaries, and the group prefixes (`cel/`) the config also takes.
fn rule_ids() -> Vec<CompletionItem> {
    let rules = crate::cli::rules::all();
    let mut groups: Vec<String> = rules
        .iter()
        .filter_map(|r| r.id.split_once('/').map(|(g, _)| format!("{g}/")))
        .collect();
    groups.dedup();
    groups.sort();
    groups.dedup();
    rules
        .iter()
        .map(|r| CompletionItem {
            label: r.id.to_string(),
            kind: Some(CompletionItemKind::VALUE),
            detail: Some(r.summary.to_string()),
            ..Default::default()
        })
        .chain(groups.into_iter().map(|g| CompletionItem {
            label: g,
            kind: Some(CompletionItemKind::MODULE),
            detail: Some("every rule of the group".into()),
            ..Default::default()
        }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_forms_are_read_from_the_key_table() {
        let severity = KEYS.iter().find(|k| k.0 == "unknown-fields").unwrap().1;
        assert_eq!(
            alternatives(severity).collect::<Vec<_>>(),
            ["error", "warn", "ignore"]
        );
        let compat = KEYS.iter().find(|k| k.0 == "compat").unwrap().1;
        let e: Vec<_> = entries(compat).collect();
        assert_eq!(e[0], (vec!["enum-additions"], "allow|disallow"));
        assert_eq!(alternatives("[PATH, ...]").count(), 0);
    }
}
