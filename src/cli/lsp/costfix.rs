//! The quick fix for a CEL expression over (or near) its cost budget: insert the bounds
//! (`maxItems`, `maxProperties`, `maxLength`) that the finding's explanation names. The bounds
//! and their values come from the cost engine's re-estimation (`SchemaCosts::bound_fixes`, what
//! `crdlint lint`'s help and `crdlint cost` explain); this file only finds the schema node each
//! one goes on in the buffer and writes the edit.

use lsp_types::{Range, TextEdit};

use super::text::LineIndex;
use crate::cel::cost::crd::{fix_target, group_thousands, percent_of};
use crate::cel::cost::{
    crd_costs, KubernetesCompiler, COST_EXCEEDED, COST_HIGH, CRD_COST_EXCEEDED,
    STATIC_ESTIMATED_COST_LIMIT,
};
use crate::diag::{Diagnostic, Span};
use crate::k8s::KubeVersion;
use crate::yaml::{Node, Style};

/// The fix for a cost finding `d` in `text`: (title, edits); `None` for other findings, or when
/// no bound helps or a node cannot be edited in place (a flow mapping).
pub fn bound_fix(
    text: &str,
    index: &LineIndex<'_>,
    d: &Diagnostic,
    kube_version: KubeVersion,
    warn_percent: u32,
) -> Option<(String, Vec<TextEdit>)> {
    let id = d.rule.id;
    if id != COST_EXCEEDED.id && id != COST_HIGH.id && id != CRD_COST_EXCEEDED.id {
        return None;
    }
    // Only the document holding the finding is parsed; spans are made relative to it.
    let (start, end) = super::schema::document_region(text, d.span.start());
    let region = &text[start..end];
    let at = Span::new(d.span.start() - start, d.span.end().min(end) - start);
    let crd = crate::yaml::load(region)
        .into_iter()
        .find_map(|doc| doc.root)?;
    let compiler = KubernetesCompiler {
        options: crate::cel::CompileOptions {
            kube_version,
            ..Default::default()
        },
    };
    let versions = crd_costs(&crd, &compiler);
    let (version, i) = versions.iter().find_map(|v| {
        v.costs
            .rules
            .iter()
            .position(|r| r.span == at)
            .map(|i| (v, i))
    })?;
    let (fixes, total) = version
        .costs
        .bound_fixes(&version.schema, i, fix_target(warn_percent))?;
    let openapi = openapi_schema_at(&crd, at)?;
    let mut edits = Vec::new();
    let mut names = Vec::new();
    for f in &fixes {
        let node = descend(openapi, &f.keys)?;
        let edit = insert_or_set(region, node, f.keyword, f.value)?;
        edits.push(TextEdit::new(
            Range::new(
                index.position(start + edit.0.start()),
                index.position(start + edit.0.end()),
            ),
            edit.1,
        ));
        let verb = if f.current.is_some() { "set" } else { "add" };
        names.push(format!(
            "{verb} `{}: {}` at {}",
            f.keyword, f.value, f.data_path
        ));
    }
    let title = format!(
        "Bound the CEL cost: {} (estimated {}, {} of the limit)",
        names.join(", "),
        group_thousands(total),
        percent_of(total, STATIC_ESTIMATED_COST_LIMIT)
    );
    Some((title, edits))
}

/// The `openAPIV3Schema` node of the CRD whose text holds `at`.
fn openapi_schema_at(crd: &Node, at: Span) -> Option<&Node> {
    let holds = |n: &&Node| n.span().start() <= at.start() && at.end() <= n.span().end();
    let top = crd.at(&["spec", "validation", "openAPIV3Schema"]);
    let versions = crd.at(&["spec", "versions"]).and_then(Node::as_seq);
    top.into_iter()
        .chain(
            versions
                .into_iter()
                .flatten()
                .filter_map(|v| v.at(&["schema", "openAPIV3Schema"])),
        )
        .find(holds)
}

fn descend<'n>(node: &'n Node, keys: &[String]) -> Option<&'n Node> {
    keys.iter().try_fold(node, |n, k| n.get(k))
}

/// The edit (span in the document, new text) that sets `keyword: value` on the block mapping
/// `node`: the existing bound's value replaced, or a new entry on the line after its `type`
/// (or its first single-line entry), at that entry's indentation.
fn insert_or_set(text: &str, node: &Node, keyword: &str, value: u64) -> Option<(Span, String)> {
    let map = node.as_map()?;
    if node.style() == Style::Flow {
        return None;
    }
    if let Some(existing) = map.get(keyword) {
        return Some((existing.span(), value.to_string()));
    }
    let single_line = |e: &&crate::yaml::Entry| {
        let (ks, ve) = (e.key_span.start(), e.value.span().end());
        ve <= text.len() && !text[ks..ve].contains('\n')
    };
    let entry = map
        .entries
        .iter()
        .filter(single_line)
        .find(|e| &*e.key == "type")
        .or_else(|| map.entries.iter().find(single_line))?;
    let key = entry.key_span.start();
    let line_start = text[..key].rfind('\n').map_or(0, |i| i + 1);
    let indent = " ".repeat(text[line_start..key].chars().count());
    let line_end = text[key..].find('\n').map(|i| key + i + 1)?;
    Some((
        Span::new(line_end, line_end),
        format!("{indent}{keyword}: {value}\n"),
    ))
}
