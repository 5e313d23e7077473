//! Field paths printed the way apimachinery's `field.Path` prints them:
//! `spec.versions[0].schema.openAPIV3Schema.properties[spec]`.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Seg {
    Child(String),
    Index(usize),
    Key(String),
}

/// An immutable-by-convention path; `child`, `index` and `key` return extended copies.
/// Cheap enough for error paths: diagnostics are rare compared with the nodes visited.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FieldPath {
    segs: Vec<Seg>,
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
        let mut p = self.clone();
        p.segs.push(Seg::Child(name.to_string()));
        p
    }
    /// `[i]`.
    pub fn index(&self, i: usize) -> Self {
        let mut p = self.clone();
        p.segs.push(Seg::Index(i));
        p
    }
    /// `[key]`, unquoted.
    pub fn key(&self, k: &str) -> Self {
        let mut p = self.clone();
        p.segs.push(Seg::Key(k.to_string()));
        p
    }
    pub fn is_root(&self) -> bool {
        self.segs.is_empty()
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.segs.is_empty() {
            return f.write_str("<nil>");
        }
        for (i, s) in self.segs.iter().enumerate() {
            match s {
                Seg::Child(n) => {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    f.write_str(n)?;
                }
                Seg::Index(n) => write!(f, "[{n}]")?,
                Seg::Key(k) => write!(f, "[{k}]")?,
            }
        }
        Ok(())
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
    }
}
