//! The outline: one symbol per document of a file, named by its kind and name, so that a file
//! of thousands of documents can be navigated.

use lsp_types::{DocumentSymbol, SymbolKind};

use super::text::LineIndex;

/// One symbol per non-empty document: `Kind name` (or `Kind` alone, or `document N`), with
/// the apiVersion as its detail.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must still be written.
pub fn document_symbols(text: &str) -> Vec<DocumentSymbol> {
    let index = LineIndex::new(text);
    crate::yaml::load(text)
        .into_iter()
        .filter(|d| d.root.is_some() || !d.errors.is_empty())
        .map(|d| {
            let root = d.root.as_ref();
            let kind = root.and_then(|r| r.get_str("kind"));
            let name = root
                .and_then(|r| r.at(&["metadata", "name"]))
                .and_then(|n| n.as_str());
            let label = match (kind, name) {
                (Some(k), Some(n)) => format!("{k} {n}"),
                (Some(k), None) => k.to_string(),
                (None, Some(n)) => n.to_string(),
                (None, None) => format!("document {}", d.index + 1),
            };
            let range = index.range(d.span);
            let selection = root
                .and_then(|r| r.as_map())
                .and_then(|m| m.entry("kind"))
                .map(|e| index.range(e.value.span()))
                .filter(|s| s.start >= range.start && s.end <= range.end)
                .unwrap_or(range);
            DocumentSymbol {
                name: label,
                detail: root
                    .and_then(|r| r.get_str("apiVersion"))
                    .map(str::to_string),
                kind: if kind == Some("CustomResourceDefinition") {
                    SymbolKind::CLASS
                } else {
                    SymbolKind::OBJECT
                },
                tags: None,
                deprecated: None,
                range,
                selection_range: selection,
                children: None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_symbol_per_document() {
        let text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\n---\nkind: Foo\n---\nx: [\n";
        let symbols = document_symbols(text);
        let names: Vec<&str> = symbols.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["ConfigMap a", "Foo", "document 4"]);
        assert_eq!(symbols[0].detail.as_deref(), Some("v1"));
        assert_eq!(symbols[1].selection_range.start.line, 6);
    }
}
