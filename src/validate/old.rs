//! The previous versions of objects an update replaces (`--old`, `--old-ref`).

use super::*;

/// Previous versions of objects, for transition rules (`--old`, `--old-ref`): each is found by
/// apiVersion, kind, namespace and name, as the server finds the stored object an update
/// replaces. The first object with a key wins.
#[derive(Debug, Default)]
pub struct OldObjects {
    pub(super) by_key: HashMap<OldKey, Node>,
}

pub(super) type OldKey = (String, String, Option<String>, String);

impl OldObjects {
    pub fn new() -> Self {
        OldObjects::default()
    }

    pub(super) fn key(obj: &Node) -> Option<OldKey> {
        let name = obj.at(&["metadata", "name"]).and_then(Node::as_str)?;
        Some((
            obj.get_str("apiVersion")?.to_string(),
            obj.get_str("kind")?.to_string(),
            obj.at(&["metadata", "namespace"])
                .and_then(Node::as_str)
                .map(str::to_string),
            name.to_string(),
        ))
    }

    /// Adds an object (a `List` adds its items); objects without apiVersion, kind or
    /// metadata.name cannot be matched and are ignored.
    pub fn add(&mut self, obj: Node) {
        self.add_at(obj, 0);
    }

    pub(super) fn add_at(&mut self, obj: Node, depth: usize) {
        let is_list = obj
            .get_str("kind")
            .is_some_and(|k| k == "List" || k.ends_with("List"))
            && obj.get("items").and_then(Node::as_seq).is_some();
        if is_list && depth < 4 {
            let mut obj = obj;
            let items = obj
                .as_map_mut()
                .and_then(|m| m.get_mut("items"))
                .map(|n| std::mem::replace(&mut n.value, Value::Null));
            if let Some(Value::Seq(items)) = items {
                for it in items {
                    self.add_at(it, depth + 1);
                }
            }
            return;
        }
        if let Some(k) = Self::key(&obj) {
            self.by_key.entry(k).or_insert(obj);
        }
    }

    /// Adds every document of a YAML text.
    pub fn add_text(&mut self, text: &str) {
        for d in crate::yaml::load(text) {
            if let Some(root) = d.root {
                self.add(root);
            }
        }
    }

    /// The previous version of `obj`, if one was given.
    pub fn get(&self, obj: &Node) -> Option<&Node> {
        self.by_key.get(&Self::key(obj)?)
    }

    pub fn len(&self) -> usize {
        self.by_key.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }
}
