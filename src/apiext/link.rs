//! A field path kept as links on the stack while walking an object, turned into a
//! [`FieldPath`] only when an error needs it: walks over clean objects allocate nothing.

use crate::k8s::FieldPath;

#[derive(Clone, Copy)]
pub(crate) enum Link<'a> {
    /// The walk's starting path (`None` = the nil path).
    Root(Option<&'a FieldPath>),
    /// `.name`
    Child(&'a Link<'a>, &'a str),
    /// `[key]`
    Key(&'a Link<'a>, &'a str),
    /// `[i]`
    Index(&'a Link<'a>, usize),
}

impl Link<'_> {
    pub fn to_path(self) -> FieldPath {
        match self {
            Link::Root(p) => p.cloned().unwrap_or_default(),
            Link::Child(p, n) => p.to_path().child(n),
            Link::Key(p, k) => p.to_path().key(k),
            Link::Index(p, i) => p.to_path().index(i),
        }
    }
}
