//! The previous versions of objects an update replaces (`--old`, `--old-ref`).

use super::*;

/// Previous versions of objects, for transition rules (`--old`, `--old-ref`): each is found by
/// apiVersion, kind, namespace and name, as the server finds the stored object an update
/// replaces. The first object with a key wins.
///
/// `--old-ref` gives each checked file its own previous version ([`OldObjects::add_text_in`]),
/// where its objects are looked up first, and the previous versions of other files
/// ([`OldObjects::add_text_elsewhere`]), where an object moved between files is found only when
/// exactly one of them (and of the files' own versions) holds its key: the same object kept in
/// two variants of a file (a standard and an experimental channel) is not matched across them.
#[derive(Debug, Default)]
pub struct OldObjects {
    pub(super) by_key: HashMap<OldKey, Node>,
    /// Each file's own previous objects, by file id.
    by_file: HashMap<usize, HashMap<OldKey, Node>>,
    /// Where each previous object of `--old-ref` is, for a lookup across files: `None` once a
    /// second object has its key.
    anywhere: HashMap<OldKey, Option<Place>>,
}

/// Where a previous object is kept.
#[derive(Debug)]
enum Place {
    /// In `by_file` under this file.
    Own(usize),
    /// Here: the object of a file that is not checked.
    Other(Node),
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

    /// Adds the previous version (`text`) of the file `file`: its objects are found for that
    /// file's objects first, and for other files' only when unique.
    pub fn add_text_in(&mut self, file: usize, text: &str) {
        let mut own = OldObjects::new();
        own.add_text(text);
        for k in own.by_key.keys() {
            self.add_anywhere(k.clone(), Place::Own(file));
        }
        self.by_file.entry(file).or_default().extend(own.by_key);
    }

    /// Adds the previous version of a file that is not checked: its objects are found for a
    /// checked file's objects when no other previous file holds their key.
    pub fn add_text_elsewhere(&mut self, text: &str) {
        let mut other = OldObjects::new();
        other.add_text(text);
        for (k, n) in other.by_key {
            self.add_anywhere(k, Place::Other(n));
        }
    }

    fn add_anywhere(&mut self, key: OldKey, place: Place) {
        self.anywhere
            .entry(key)
            .and_modify(|p| *p = None)
            .or_insert(Some(place));
    }

    /// The previous version of `obj`, if one was given.
    pub fn get(&self, obj: &Node) -> Option<&Node> {
        self.by_key.get(&Self::key(obj)?)
    }

    /// The previous version of `obj`, an object of the file `file`: in that file's own previous
    /// version, in the `--old` objects, or in the one previous file that holds its key.
    pub fn get_in(&self, file: usize, obj: &Node) -> Option<&Node> {
        let key = Self::key(obj)?;
        self.by_file
            .get(&file)
            .and_then(|m| m.get(&key))
            .or_else(|| self.by_key.get(&key))
            .or_else(|| match self.anywhere.get(&key)? {
                Some(Place::Own(f)) => self.by_file.get(f)?.get(&key),
                Some(Place::Other(n)) => Some(n),
                None => None,
            })
    }

    pub fn len(&self) -> usize {
        self.by_key.len() + self.anywhere.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty() && self.anywhere.is_empty()
    }
}
