//! Field paths printed the way apimachinery's `field.Path` prints them:
//! `spec.versions[0].schema.openAPIV3Schema.properties[spec]`.

use std::fmt;

/// An immutable-by-convention path; `child`, `index` and `key` return extended copies.
///
/// Kept as its printed text: the schema walks extend a path at every node they visit (the CEL
/// rule and cost walks ~90,000 times for the corpus CRDs), and one string copy per step is far
/// cheaper than cloning a list of segments. Two paths are equal when they print the same
/// (`.child("a.b")` equals `.child("a").child("b")`; the server's messages cannot tell them
/// apart either).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FieldPath {
    /// The printed path without the `<nil>` of the root.
    text: String,
    /// False for the root (no segment yet, even an empty-named one).
    has_segs: bool,
}

impl FieldPath {
    /// The empty path (prints as `<nil>` in the server's messages when used alone).
    pub fn root() -> Self {
        FieldPath::default()
    }
    /// `NewPath(name)`.
    pub fn new(name: &str) -> Self {
        FieldPath::root().child(name)
    }
    /// `.name`; a name containing dots is printed verbatim, as the server does.
    pub fn child(&self, name: &str) -> Self {
        let mut p = self.extended(name.len() + 1);
        p.push_child(name);
        p
    }
    /// `[i]`.
    pub fn index(&self, i: usize) -> Self {
        let mut p = self.extended(8);
        p.push_index(i);
        p
    }
    /// `[key]`, unquoted.
    pub fn key(&self, k: &str) -> Self {
        let mut p = self.extended(k.len() + 2);
        p.push_key(k);
        p
    }
    pub fn is_root(&self) -> bool {
        !self.has_segs
    }

    /// A copy with room for `extra` more bytes (one allocation for a step or two).
    pub(crate) fn extended(&self, extra: usize) -> Self {
        let mut text = String::with_capacity(self.text.len() + extra);
        text.push_str(&self.text);
        FieldPath {
            text,
            has_segs: self.has_segs,
        }
    }
    /// Appends `.name` in place (no dot before the first segment).
    pub(crate) fn push_child(&mut self, name: &str) {
        if self.has_segs {
            self.text.push('.');
        }
        self.text.push_str(name);
        self.has_segs = true;
    }
    /// Appends `[i]` in place.
    pub(crate) fn push_index(&mut self, i: usize) {
        use std::fmt::Write;
        // Writing into a String cannot fail.
        let _ = write!(self.text, "[{i}]");
        self.has_segs = true;
    }
    /// Appends `[key]` in place.
    pub(crate) fn push_key(&mut self, k: &str) {
        self.text.push('[');
        self.text.push_str(k);
        self.text.push(']');
        self.has_segs = true;
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.has_segs {
            return f.write_str("<nil>");
        }
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_like_apimachinery() {
        let p = FieldPath::new("spec")
            .child("versions")
            .index(0)
            .child("schema")
            .child("openAPIV3Schema")
            .child("properties")
            .key("spec");
        assert_eq!(
            p.to_string(),
            "spec.versions[0].schema.openAPIV3Schema.properties[spec]"
        );
        assert_eq!(FieldPath::root().to_string(), "<nil>");
        assert_eq!(FieldPath::new("a").key("x.y z").to_string(), "a[x.y z]");
        assert_eq!(FieldPath::root().key("k").child("c").to_string(), "[k].c");
        // An empty name is still a segment: the path is no longer the root.
        let empty = FieldPath::new("");
        assert!(!empty.is_root() && FieldPath::root().is_root());
        assert_eq!(empty.to_string(), "");
        assert_eq!(empty.child("a").to_string(), ".a");
        assert_eq!(FieldPath::root().index(3).child("x").to_string(), "[3].x");
    }
}
