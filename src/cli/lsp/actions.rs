//! Quick fixes for the findings under the cursor: suppress one (on its line or in its file,
//! with a reason to fill in), remove an unknown field, rename a misspelled key to the
//! suggestion, insert the missing required fields, bound a CEL rule over its cost budget.

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, Position, Range, TextEdit,
    WorkspaceEdit,
};

use super::diagnostics;
use super::schema::{self, Context};
use super::text::LineIndex;
use super::Doc;
use crate::diag::Diagnostic;

pub fn code_actions(
    ctx: &Context<'_>,
    doc: &Doc,
    published: &[Diagnostic],
    params: &CodeActionParams,
) -> Vec<CodeActionOrCommand> {
    let index = LineIndex::new(&doc.text);
    let wanted = params.range;
    let mut out = Vec::new();
    for d in published {
        let range = index.range(d.span);
        if range.end < wanted.start || range.start > wanted.end {
            continue;
        }
        let lsp = lsp_types::Diagnostic {
            range,
            severity: Some(diagnostics::severity(d.severity)),
            code: Some(lsp_types::NumberOrString::String(d.rule.id.to_string())),
            source: Some("crdlint".into()),
            message: diagnostics::message(d),
            ..Default::default()
        };
        let mut action = |title: String, edits: Vec<TextEdit>, preferred: bool| {
            // `document_changes`, not `changes`: the latter is a map keyed by `Uri`, whose
            // cached parts make it a mutable key type.
            let changes = lsp_types::DocumentChanges::Edits(vec![lsp_types::TextDocumentEdit {
                text_document: lsp_types::OptionalVersionedTextDocumentIdentifier {
                    uri: doc.uri.clone(),
                    version: None,
                },
                edits: edits.into_iter().map(lsp_types::OneOf::Left).collect(),
            }]);
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![lsp.clone()]),
                edit: Some(WorkspaceEdit {
                    document_changes: Some(changes),
                    ..Default::default()
                }),
                is_preferred: preferred.then_some(true),
                ..Default::default()
            }));
        };
        for (title, edits) in fixes(ctx, &doc.text, &index, d) {
            action(title, edits, true);
        }
        // Suppressions: the comment alone on the line above the finding, or at the file's top.
        let line = range.start.line;
        let line_text = doc.text.lines().nth(line as usize).unwrap_or_default();
        let indent: String = line_text.chars().take_while(|c| *c == ' ').collect();
        let at = Position::new(line, 0);
        action(
            format!("Suppress {} on this line", d.rule.id),
            vec![TextEdit::new(
                Range::new(at, at),
                format!("{indent}# crdlint: ignore[{}] -- reason\n", d.rule.id),
            )],
            false,
        );
        let top = Position::new(0, 0);
        action(
            format!("Suppress {} in this file", d.rule.id),
            vec![TextEdit::new(
                Range::new(top, top),
                format!("# crdlint: ignore-file[{}] -- reason\n", d.rule.id),
            )],
            false,
        );
    }
    out
}

/// The fixes a finding has: (title, edits).
fn fixes(
    ctx: &Context<'_>,
    text: &str,
    index: &LineIndex<'_>,
    d: &Diagnostic,
) -> Vec<(String, Vec<TextEdit>)> {
    let mut out = Vec::new();
    let (start, end) = (d.span.start(), d.span.end().min(text.len()));
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    // Only a key that starts its line is edited: its entry is whole lines.
    let starts_line = text[line_start..start].bytes().all(|b| b == b' ');
    if d.rule.id == crate::validate::rules::UNKNOWN_FIELD.id && starts_line {
        let key: String = text[start..end]
            .chars()
            .take_while(|c| *c != ':' && !c.is_whitespace())
            .collect();
        let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i + 1);
        out.push((
            format!("Remove unknown field `{key}`"),
            vec![TextEdit::new(
                Range::new(index.position(line_start), index.position(line_end)),
                String::new(),
            )],
        ));
        let known = schema::sibling_keys(ctx, text, start);
        let known: Vec<&str> = known.iter().map(String::as_str).collect();
        let hint = crate::diag::suggest::did_you_mean(&key, &known);
        if let Some(better) = hint.split('`').nth(1) {
            let key_end = start + key.len();
            out.push((
                format!("Rename `{key}` to `{better}`"),
                vec![TextEdit::new(
                    Range::new(index.position(start), index.position(key_end)),
                    better.to_string(),
                )],
            ));
        }
    }
    out.extend(super::costfix::bound_fix(
        text,
        index,
        d,
        ctx.kube_version,
        ctx.cost_warn_percent,
    ));
    // `spec.size: Required value`, placed on the map that lacks it: the key inserted as its
    // first entry, with the entry's indentation.
    if let Some(path) = d.message.strip_suffix(": Required value") {
        let key = path.rsplit('.').next().unwrap_or(path);
        let plain = !key.is_empty() && !key.contains(['[', ']', ' ', '"']);
        if plain && starts_line && d.path.as_deref() == Some(path) {
            let indent = &text[line_start..start];
            let at = index.position(line_start);
            out.push((
                format!("Insert required field `{key}`"),
                vec![TextEdit::new(
                    Range::new(at, at),
                    format!("{indent}{key}: \n"),
                )],
            ));
        }
    }
    out.extend(safe_fix(text, index, d));
    out
}

/// The finding's own safe fixes (what `check --fix` applies: a YAML 1.1 boolean quoted, a
/// kind one edit from a known one renamed), as one action; an unknown field's rename is
/// offered above with its removal.
fn safe_fix(text: &str, index: &LineIndex<'_>, d: &Diagnostic) -> Option<(String, Vec<TextEdit>)> {
    if d.rule.id == crate::validate::rules::UNKNOWN_FIELD.id {
        return None;
    }
    let fixes = d.fixes();
    // As `check --fix` writes them: one-line edits, a quoted value's quotes kept.
    let edits: Vec<TextEdit> = fixes
        .iter()
        .filter_map(|f| f.clone().in_line_of(text))
        .map(|f| {
            let range = Range::new(index.position(f.span.start()), index.position(f.span.end()));
            TextEdit::new(range, f.replacement)
        })
        .collect();
    let title = match fixes {
        [] => return None,
        [one] => one.title.clone(),
        [first, ..] => format!("{} (and {} more)", first.title, fixes.len() - 1),
    };
    (edits.len() == fixes.len()).then_some((title, edits))
}
