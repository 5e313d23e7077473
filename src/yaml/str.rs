//! [`Str`]: the tree's immutable strings (string values and map keys).

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

/// An immutable string of 16 bytes (a boxed `str`: no capacity word, no spare room), for string
/// values and map keys. A `String` is 24 bytes plus whatever room it grew; the tree holds one
/// per scalar and key and never appends to them, so this keeps a [`crate::yaml::Node`] at 32
/// bytes. It reads as a `str` (`Deref`), compares with `str`, `&str` and `String`, and prints as
/// one (`Debug` and `Display` are the `str`'s).
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Str(Box<str>);

impl Str {
    pub fn new(s: impl Into<Box<str>>) -> Self {
        Str(s.into())
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for Str {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Str {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Str {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl From<String> for Str {
    fn from(s: String) -> Self {
        Str(s.into_boxed_str())
    }
}

impl From<&str> for Str {
    fn from(s: &str) -> Self {
        Str(s.into())
    }
}

impl From<&String> for Str {
    fn from(s: &String) -> Self {
        Str(s.as_str().into())
    }
}

impl From<Box<str>> for Str {
    fn from(s: Box<str>) -> Self {
        Str(s)
    }
}

impl From<std::borrow::Cow<'_, str>> for Str {
    fn from(s: std::borrow::Cow<'_, str>) -> Self {
        Str(s.into())
    }
}

impl From<Str> for String {
    fn from(s: Str) -> Self {
        s.0.into_string()
    }
}

impl PartialEq<str> for Str {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Str {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<String> for Str {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<Str> for str {
    fn eq(&self, other: &Str) -> bool {
        *self == *other.0
    }
}

impl PartialEq<Str> for &str {
    fn eq(&self, other: &Str) -> bool {
        **self == *other.0
    }
}

impl PartialEq<Str> for String {
    fn eq(&self, other: &Str) -> bool {
        **self == *other.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_compares_and_prints_as_a_str() {
        let s = Str::from("spec");
        assert_eq!(std::mem::size_of::<Str>(), 16);
        let owned = String::from("spec");
        assert_eq!(s, "spec");
        assert_eq!("spec", s);
        assert_eq!(s, *"spec");
        assert_eq!(s, owned);
        assert_eq!(owned, s);
        assert_ne!(s, "spe");
        assert_eq!(format!("{s} {s:?}"), "spec \"spec\"");
        assert_eq!(String::from(s.clone()), "spec");
        assert_eq!(s.len(), 4);
        let m: std::collections::HashMap<Str, u8> = [(s, 1)].into();
        assert_eq!(m.get("spec"), Some(&1));
    }
}
