//! [`Properties`]: a schema's `properties`, in source order, with the lookups of an index map
//! at a fraction of its memory.
//!
//! An `IndexMap` cost every schema node 64 bytes (most nodes have no properties) and every
//! property a stored hash and a slot in a hash table; building it hashed every name. Here the
//! entries are one exactly sized slice; a lookup scans the names of small objects (up to
//! [`PROPERTY_SCAN`], most of them) and otherwise binary-searches a permutation of the entries
//! ordered by name length then bytes, which keeps each name's length: the search compares
//! lengths only, then the few names of the key's length.

use std::cmp::Ordering;

use super::Schema;

/// Up to this many properties, [`Properties::get`] scans the names (fewer instructions than
/// hashing or binary-searching the key); larger objects keep a sorted index.
pub const PROPERTY_SCAN: usize = 8;

/// `properties` of a [`Schema`]: unique names in source order (a repeated name keeps its first
/// position and its last value, as an index map's `insert` does).
#[derive(Clone, Default)]
pub struct Properties {
    entries: Box<[(String, Schema)]>,
    /// Empty up to [`PROPERTY_SCAN`] entries; else the entries ordered by [`by_name`].
    sorted: Box<[Slot]>,
}

/// An entry of the sorted index: its name's length beside its position, so a lookup finds the
/// names of the key's length without reading the entries (their names are 112 bytes apart).
#[derive(Clone, Copy)]
struct Slot {
    /// The name's length (saturated; a lookup compares whole names).
    len: u32,
    index: u32,
}

/// `a == b` for two slices of the same length, without a call to `memcmp` for the short
/// names of most properties (up to 16 bytes: two overlapping word loads each side).
#[inline(always)]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    debug_assert_eq!(a.len(), b.len());
    let n = a.len();
    let word8 =
        |x: &[u8], at: usize| u64::from_le_bytes(x[at..at + 8].try_into().unwrap_or([0; 8]));
    let word4 =
        |x: &[u8], at: usize| u32::from_le_bytes(x[at..at + 4].try_into().unwrap_or([0; 4]));
    match n {
        0 => true,
        1..=3 => a.iter().zip(b).all(|(x, y)| x == y),
        4..=7 => word4(a, 0) == word4(b, 0) && word4(a, n - 4) == word4(b, n - 4),
        8..=16 => word8(a, 0) == word8(b, 0) && word8(a, n - 8) == word8(b, n - 8),
        _ => a == b,
    }
}

/// A name's length as a [`Slot`] keeps it.
fn saturated(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(u32::MAX)
}

/// The order of the index: length first, then bytes.
fn by_name(a: &str, b: &str) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.as_bytes().cmp(b.as_bytes()))
}

impl Properties {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The schema of property `key`. Every walk over a resource asks this for every entry of
    /// every object.
    #[inline]
    pub fn get(&self, key: &str) -> Option<&Schema> {
        self.position(key).map(|i| &self.entries[i].1)
    }

    /// Inlined into every walk's lookup: the scan of a small object compares lengths and first
    /// bytes before it calls `memcmp` (most names differ in one of them); the binary search of
    /// a large one stays out of line (as one function, `position` was 13 M instructions of the
    /// 10,000-resource workload's `validate` in calls alone).
    #[inline(always)]
    fn position(&self, key: &str) -> Option<usize> {
        if !self.sorted.is_empty() {
            return self.search(key);
        }
        let kb = key.as_bytes();
        let first = kb.first().copied();
        self.entries.iter().position(|(k, _)| {
            let b = k.as_bytes();
            b.len() == kb.len() && b.first().copied() == first && same_bytes(b, kb)
        })
    }

    /// [`Properties::position`] in the sorted index of a large object: a binary search of the
    /// lengths, then the few names of the key's length (in byte order) compared.
    #[inline(never)]
    fn search(&self, key: &str) -> Option<usize> {
        let len = saturated(key.len());
        let from = self.sorted.partition_point(|s| s.len < len);
        for s in &self.sorted[from..] {
            if s.len != len {
                break;
            }
            let name = &self.entries[s.index as usize].0;
            if name.len() == key.len() && same_bytes(name.as_bytes(), key.as_bytes()) {
                return Some(s.index as usize);
            }
        }
        None
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// The entry at source position `i`.
    pub fn get_index(&self, i: usize) -> Option<(&String, &Schema)> {
        self.entries.get(i).map(|(k, v)| (k, v))
    }

    /// Sets property `key` (in place when present, else last) and returns the schema it replaced.
    pub fn insert(&mut self, key: String, value: Schema) -> Option<Schema> {
        if let Some(i) = self.position(&key) {
            return Some(std::mem::replace(&mut self.entries[i].1, value));
        }
        let mut entries = std::mem::take(&mut self.entries).into_vec();
        entries.push((key, value));
        *self = Properties::from_unique(entries);
        None
    }

    pub fn iter(&self) -> Iter<'_> {
        Iter(self.entries.iter())
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Schema> + ExactSizeIterator {
        self.entries.iter().map(|(_, v)| v)
    }

    pub fn values_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = &mut Schema> + ExactSizeIterator {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    /// Entries whose names are known to be unique, in order.
    fn from_unique(entries: Vec<(String, Schema)>) -> Properties {
        let entries = entries.into_boxed_slice();
        let sorted = if entries.len() > PROPERTY_SCAN {
            let mut sorted: Box<[Slot]> = (0..entries.len())
                .map(|i| Slot {
                    len: saturated(entries[i].0.len()),
                    index: i as u32,
                })
                .collect();
            sorted.sort_unstable_by(|a, b| {
                by_name(&entries[a.index as usize].0, &entries[b.index as usize].0)
            });
            sorted
        } else {
            Box::default()
        };
        Properties { entries, sorted }
    }

    /// Whether two entries share a name (never for a mapping the YAML loader built: it keeps
    /// one entry per key; possible for maps built in code).
    fn has_duplicates(&self) -> bool {
        if self.sorted.is_empty() {
            self.entries
                .iter()
                .enumerate()
                .any(|(i, (k, _))| self.entries[..i].iter().any(|(o, _)| o == k))
        } else {
            self.sorted
                .windows(2)
                .any(|w| self.entries[w[0].index as usize].0 == self.entries[w[1].index as usize].0)
        }
    }
}

impl FromIterator<(String, Schema)> for Properties {
    fn from_iter<I: IntoIterator<Item = (String, Schema)>>(iter: I) -> Properties {
        let entries: Vec<(String, Schema)> = iter.into_iter().collect();
        let p = Properties::from_unique(entries);
        if !p.has_duplicates() {
            return p;
        }
        // First position, last value.
        let mut unique: Vec<(String, Schema)> = Vec::with_capacity(p.len());
        for (k, v) in p.entries.into_vec() {
            match unique.iter_mut().find(|(o, _)| *o == k) {
                Some(slot) => slot.1 = v,
                None => unique.push((k, v)),
            }
        }
        Properties::from_unique(unique)
    }
}

/// The entries in source order, as `(name, schema)`.
pub struct Iter<'a>(std::slice::Iter<'a, (String, Schema)>);

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a String, &'a Schema);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (k, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (k, v))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a Properties {
    type Item = (&'a String, &'a Schema);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl std::ops::Index<&str> for Properties {
    type Output = Schema;

    /// Panics when `key` is absent (for tests and callers that checked).
    fn index(&self, key: &str) -> &Schema {
        self.get(key).expect("no such property")
    }
}

/// Map equality, regardless of order (as an index map compares).
impl PartialEq for Properties {
    fn eq(&self, other: &Properties) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl std::fmt::Debug for Properties {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(n: usize) -> Vec<(String, Schema)> {
        (0..n)
            .map(|i| {
                (
                    format!("p{}", "x".repeat(i % 3)) + &i.to_string(),
                    Schema::typed("string"),
                )
            })
            .collect()
    }

    /// Lookups find every name and nothing else, on both sides of the scan limit, and iteration
    /// keeps source order.
    #[test]
    fn lookups_and_order() {
        for n in [0, 1, PROPERTY_SCAN, PROPERTY_SCAN + 1, 40] {
            let want = named(n);
            let p: Properties = want.clone().into_iter().collect();
            assert_eq!(p.len(), n);
            assert_eq!(p.sorted.is_empty(), n <= PROPERTY_SCAN);
            let keys: Vec<&String> = p.keys().collect();
            assert_eq!(keys, want.iter().map(|(k, _)| k).collect::<Vec<_>>());
            for (i, (k, _)) in want.iter().enumerate() {
                assert!(std::ptr::eq(p.get(k).unwrap(), p.get_index(i).unwrap().1));
                assert!(p.contains_key(k));
            }
            for miss in ["", "p", "px", "p0x", "zzzzzzzzzzzzzzzzzzzz"] {
                assert!(p.get(miss).is_none(), "{miss}");
            }
        }
    }

    /// The short-name comparison agrees with `==` at every length around its word sizes, for
    /// equal names and for names differing in any one byte.
    #[test]
    fn same_bytes_is_equality() {
        for n in 0..40usize {
            let a: Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
            assert!(same_bytes(&a, &a.clone()), "{n}");
            for i in 0..n {
                let mut b = a.clone();
                b[i] ^= 1;
                assert!(!same_bytes(&a, &b), "{n} {i}");
            }
        }
    }

    /// A repeated name keeps its first position and its last value; insert replaces in place.
    #[test]
    fn duplicates_and_insert() {
        for n in [3, 20] {
            let mut v = named(n);
            let first = v[1].0.clone();
            v.push((first.clone(), Schema::typed("integer")));
            let mut p: Properties = v.into_iter().collect();
            assert_eq!(p.len(), n);
            assert_eq!(p.get_index(1).unwrap().0, &first);
            assert!(p[first.as_str()].is_type("integer"));
            let old = p.insert(first.clone(), Schema::typed("object"));
            assert!(old.is_some_and(|o| o.is_type("integer")));
            assert!(p.get_index(1).unwrap().1.is_type("object"));
            assert!(p.insert("new".into(), Schema::default()).is_none());
            assert_eq!(p.get_index(n).unwrap().0, "new");
            assert!(p.get("new").is_some() && p.len() == n + 1);
        }
        let a: Properties = named(12).into_iter().collect();
        let b: Properties = named(12).into_iter().rev().collect();
        assert_eq!(a, b);
    }
}
