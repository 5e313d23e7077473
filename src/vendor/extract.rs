//! The CustomResourceDefinitions of a fetched file, each with its original bytes: only CRDs are
//! vendored. A file of several documents, or a `List` (`kubectl get crd -o yaml`), keeps just
//! its CRDs, and the caller is told how many other documents were left.

use crate::yaml::{self, Node};

/// One CRD taken from a source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crd {
    /// `metadata.name`: the vendored file's name.
    pub name: String,
    pub group: String,
    /// `spec.names.kind`.
    pub kind: String,
    /// The served versions, sorted.
    pub served: Vec<String>,
    /// The storage version ("" when none says so).
    pub storage: String,
    /// The document as read, ending in a newline (added only when missing).
    pub bytes: Vec<u8>,
    /// Where it was read (file or URL), for messages.
    pub origin: String,
}

/// Whether a file name is one a source's CRDs are read from (`.yaml`, `.yml`, `.json`).
pub fn is_manifest_name(name: &str) -> bool {
    let l = name.to_ascii_lowercase();
    l.ends_with(".yaml") || l.ends_with(".yml") || l.ends_with(".json")
}

/// Whether a document is a CRD (`apiextensions.k8s.io/v1` or `v1beta1`).
pub fn is_crd(node: &Node) -> bool {
    node.get_str("kind") == Some("CustomResourceDefinition")
        && matches!(
            node.get_str("apiVersion"),
            Some("apiextensions.k8s.io/v1" | "apiextensions.k8s.io/v1beta1")
        )
}

/// The CRDs of a file, and a note when other documents were left out. A file that is not UTF-8
/// or not YAML, or a CRD without a name, is an error: a source is taken whole or not at all.
pub fn from_file(bytes: &[u8], origin: &str) -> Result<(Vec<Crd>, Vec<String>), String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("{origin}: not UTF-8 text ({e})"))?;
    let mut crds = Vec::new();
    let mut others = 0usize;
    for doc in yaml::load(text) {
        let Some(root) = &doc.root else {
            if let Some(e) = doc.errors.first() {
                let line = text[..e.span.start().min(text.len())].matches('\n').count() + 1;
                return Err(format!("{origin}:{line}: not valid YAML: {}", e.message));
            }
            continue;
        };
        if is_crd(root) {
            crds.push(crd(root, &text[doc.span.range()], origin)?);
            continue;
        }
        let items = root
            .get_str("kind")
            .filter(|k| k.ends_with("List"))
            .and_then(|_| root.get("items"))
            .and_then(Node::as_seq);
        match items {
            Some(items) => {
                for item in items {
                    if is_crd(item) {
                        crds.push(crd(item, &item_text(text, item), origin)?);
                    } else {
                        others += 1;
                    }
                }
            }
            None => others += 1,
        }
    }
    let mut notes = Vec::new();
    if others > 0 && !crds.is_empty() {
        notes.push(format!(
            "{origin}: kept {} CustomResourceDefinition{} and left {others} other document{}",
            crds.len(),
            if crds.len() == 1 { "" } else { "s" },
            if others == 1 { "" } else { "s" }
        ));
    }
    Ok((crds, notes))
}

/// The facts the lock records about a CRD, with its bytes.
fn crd(node: &Node, text: &str, origin: &str) -> Result<Crd, String> {
    let name = node
        .at(&["metadata", "name"])
        .and_then(Node::as_str)
        .filter(|n| !n.is_empty())
        .ok_or_else(|| format!("{origin}: a CustomResourceDefinition without metadata.name"))?;
    if name.contains(['/', '\\']) || name.starts_with('.') {
        return Err(format!(
            "{origin}: the CRD name {name:?} cannot name a file (a CRD name is <plural>.<group>)"
        ));
    }
    let spec = node.get("spec");
    let str_at = |keys: &[&str]| {
        spec.and_then(|s| s.at(keys))
            .and_then(Node::as_str)
            .unwrap_or("")
            .to_string()
    };
    let mut served = Vec::new();
    let mut storage = String::new();
    match spec.and_then(|s| s.get("versions")).and_then(Node::as_seq) {
        Some(versions) => {
            for v in versions {
                let Some(vn) = v.get_str("name") else {
                    continue;
                };
                if v.get("served").and_then(Node::as_bool) == Some(true) {
                    served.push(vn.to_string());
                }
                if v.get("storage").and_then(Node::as_bool) == Some(true) {
                    storage = vn.to_string();
                }
            }
        }
        None => {
            // apiextensions.k8s.io/v1beta1's single `spec.version` is served and stored.
            let v = str_at(&["version"]);
            if !v.is_empty() {
                served.push(v.clone());
                storage = v;
            }
        }
    }
    served.sort();
    let mut bytes = text.as_bytes().to_vec();
    if !bytes.ends_with(b"\n") {
        bytes.push(b'\n');
    }
    Ok(Crd {
        name: name.to_string(),
        group: str_at(&["group"]),
        kind: str_at(&["names", "kind"]),
        served,
        storage,
        bytes,
        origin: origin.to_string(),
    })
}

/// An item of a `List` as a document of its own: its lines as written, less the item's
/// indentation. When some line is indented less (a flow collection or JSON laid out freely),
/// or the text does not read back as the same object, the item is written anew instead
/// (`yaml::emit`), which keeps every value but not the comments.
fn item_text(text: &str, item: &Node) -> String {
    let span = item.span();
    let start = span.start().min(text.len());
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let indent = text[line_start..start].chars().count();
    let body = &text[start..span.end().min(text.len())];
    let pad = " ".repeat(indent);
    let mut out = String::with_capacity(body.len());
    let mut ok = true;
    for (i, line) in body.split_inclusive('\n').enumerate() {
        if i == 0 {
            out.push_str(line);
        } else if let Some(rest) = line.strip_prefix(pad.as_str()) {
            out.push_str(rest);
        } else if line.trim().is_empty() {
            out.push_str(if line.ends_with('\n') { "\n" } else { "" });
        } else {
            ok = false;
            break;
        }
    }
    let same = ok
        && yaml::load(&out)
            .first()
            .and_then(|d| d.root.as_ref())
            .is_some_and(|n| n.value_eq(item));
    if same {
        out
    } else {
        yaml::emit_document(item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CRD: &str = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n  versions:\n  - name: v2\n    served: true\n    storage: true\n  - name: v1\n    served: true\n    storage: false\n";

    #[test]
    fn a_multi_document_file_keeps_the_crds_bytes_and_counts_the_rest() {
        let text =
            format!("# header\n{CRD}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {{name: x}}\n");
        let (crds, notes) = from_file(text.as_bytes(), "f.yaml").expect("read");
        assert_eq!(crds.len(), 1);
        let c = &crds[0];
        assert_eq!(
            (
                c.name.as_str(),
                c.group.as_str(),
                c.kind.as_str(),
                c.storage.as_str()
            ),
            ("widgets.example.com", "example.com", "Widget", "v2")
        );
        assert_eq!(c.served, ["v1", "v2"]);
        assert!(String::from_utf8_lossy(&c.bytes).ends_with("storage: false\n"));
        assert!(!String::from_utf8_lossy(&c.bytes).contains("ConfigMap"));
        assert_eq!(
            notes,
            ["f.yaml: kept 1 CustomResourceDefinition and left 1 other document"]
        );
    }

    #[test]
    fn a_list_item_is_dedented_to_a_document_of_its_own() {
        let indented: String = CRD
            .lines()
            .enumerate()
            .map(|(i, l)| format!("{}{l}\n", if i == 0 { "- " } else { "  " }))
            .collect();
        let text = format!("apiVersion: v1\nkind: List\nitems:\n{indented}- apiVersion: v1\n  kind: Namespace\n  metadata: {{name: n}}\nmetadata:\n  resourceVersion: \"\"\n");
        let (crds, notes) = from_file(text.as_bytes(), "-").expect("read");
        assert_eq!(crds.len(), 1);
        assert_eq!(String::from_utf8_lossy(&crds[0].bytes), CRD);
        assert_eq!(notes.len(), 1, "{notes:?}");
    }

    #[test]
    fn a_json_list_item_reads_back_as_the_same_object() {
        let text = r#"{"apiVersion":"v1","kind":"List","items":[{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"a.b.c"},
"spec":{"group":"b.c","names":{"kind":"A"},"versions":[{"name":"v1","served":true,"storage":true}]}}]}"#;
        let (crds, _) = from_file(text.as_bytes(), "-").expect("read");
        let back = yaml::load(std::str::from_utf8(&crds[0].bytes).expect("utf-8"));
        let root = back[0].root.as_ref().expect("a document");
        assert!(is_crd(root) && root.at(&["spec", "group"]).and_then(Node::as_str) == Some("b.c"));
    }

    #[test]
    fn bad_input_is_an_error_not_a_partial_source() {
        assert!(from_file(b"a: [\n", "x.yaml")
            .unwrap_err()
            .starts_with("x.yaml:"));
        assert!(from_file(&[0xff, 0xfe], "x").unwrap_err().contains("UTF-8"));
        let nameless =
            "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: {}\n";
        assert!(from_file(nameless.as_bytes(), "x")
            .unwrap_err()
            .contains("metadata.name"));
    }
}
