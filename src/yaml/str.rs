//! [`Str`]: the tree's immutable strings (string values and map keys).

use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::ptr::NonNull;

/// An immutable string of 16 bytes, for string values and map keys: up to [`INLINE`] bytes are
/// stored in the 16 bytes themselves, longer ones in an exactly sized heap block (a boxed
/// `str`). A `String` is 24 bytes plus whatever room it grew; the tree holds one per scalar and
/// key and never appends to them, so this keeps a [`crate::yaml::Node`] at 32 bytes. Nine keys
/// in ten and most string values of manifests and CRDs are that short (`name`, `type`,
/// `string`, `metadata`), and each of those heap blocks cost an allocation and a copy to build,
/// one to clone and a free to drop (a tenth of loading and dropping a tree).
///
/// It reads as a `str` (`Deref`), compares, orders and hashes as one (so maps keyed by `Str`
/// are looked up by `&str`), and prints as one (`Debug` and `Display` are the `str`'s).
pub struct Str(Repr);

/// The longest text a [`Str`] keeps inline.
pub const INLINE: usize = 15;

/// Set in [`Inline::tag`] for an inline string (with its length in the low bits). In the heap
/// form that byte is the most significant byte of the length, stored little-endian, and a
/// length is at most `isize::MAX`, so the bit is clear there.
const INLINE_TAG: u8 = 0x80;

/// Both forms are 16 bytes with no padding, so any byte of either may be read through the
/// other (the tag byte is how the form is told).
#[repr(C)]
union Repr {
    heap: Heap,
    inline: Inline,
    /// Either form as two words, to compare or copy inline strings at once.
    words: [u64; 2],
}

/// A boxed `str` taken apart: the block holds exactly `len` bytes of UTF-8.
#[derive(Clone, Copy)]
#[repr(C)]
struct Heap {
    ptr: NonNull<u8>,
    /// The length, little-endian whatever the target (its top byte is the tag byte).
    len_le: u64,
}

#[derive(Clone, Copy)]
#[repr(C)]
struct Inline {
    /// The text, then zeros: two inline strings are equal exactly when their bytes are.
    buf: [u8; INLINE],
    tag: u8,
}

const _: () = assert!(std::mem::size_of::<Heap>() == 16 && std::mem::size_of::<Inline>() == 16);
// `Heap` has no padding only where a pointer is 8 bytes: on a 32-bit target 4 of its bytes
// would be padding, which `words` must never read. Only 64-bit targets are built.
const _: () = assert!(std::mem::size_of::<NonNull<u8>>() == 8);

// SAFETY: a `Str` owns its heap block (like the `Box<str>` it was) and never shares or mutates
// it, so it may move to and be read from any thread.
unsafe impl Send for Str {}
// SAFETY: as above; `&Str` gives only `&str`.
unsafe impl Sync for Str {}

impl Str {
    pub fn new(s: impl Into<Box<str>>) -> Self {
        Str::from_box(s.into())
    }

    /// The string inline; `s` is at most [`INLINE`] bytes.
    #[inline]
    fn inline(s: &str) -> Self {
        debug_assert!(s.len() <= INLINE);
        // Fixed-size copies (two overlapping ones for most lengths): a copy of a variable
        // length was a call to `memcpy`, more than the rest of this together.
        let (b, n) = (s.as_bytes(), s.len());
        let mut bytes = [0u8; 16];
        if n >= 8 {
            bytes[..8].copy_from_slice(&b[..8]);
            bytes[n - 8..n].copy_from_slice(&b[n - 8..]);
        } else if n >= 4 {
            bytes[..4].copy_from_slice(&b[..4]);
            bytes[n - 4..n].copy_from_slice(&b[n - 4..]);
        } else if n > 0 {
            // 1 to 3 bytes: the first, the middle and the last cover them.
            bytes[0] = b[0];
            bytes[n / 2] = b[n / 2];
            bytes[n - 1] = b[n - 1];
        }
        bytes[INLINE] = INLINE_TAG | n as u8;
        let words = [
            u64::from_ne_bytes(bytes[..8].try_into().expect("eight bytes")),
            u64::from_ne_bytes(bytes[8..].try_into().expect("eight bytes")),
        ];
        Str(Repr { words })
    }

    fn from_box(b: Box<str>) -> Self {
        if b.len() <= INLINE {
            return Str::inline(&b);
        }
        let len = b.len() as u64;
        let ptr = NonNull::from(Box::leak(b)).cast::<u8>();
        Str(Repr {
            heap: Heap {
                ptr,
                len_le: len.to_le(),
            },
        })
    }

    #[inline]
    fn is_inline(&self) -> bool {
        // SAFETY: every byte of the union is initialized in both forms (see `Repr`).
        unsafe { self.0.inline.tag & INLINE_TAG != 0 }
    }

    #[inline]
    pub fn as_str(&self) -> &str {
        // SAFETY: the tag tells the form; an inline string's first `len` bytes and a heap
        // string's block of `len` bytes hold the UTF-8 text it was made from, alive as long as
        // `self`.
        unsafe {
            let bytes = if self.is_inline() {
                let inline = &self.0.inline;
                let len = usize::from(inline.tag & !INLINE_TAG);
                inline.buf.get_unchecked(..len)
            } else {
                let heap = self.0.heap;
                std::slice::from_raw_parts(heap.ptr.as_ptr(), u64::from_le(heap.len_le) as usize)
            };
            std::str::from_utf8_unchecked(bytes)
        }
    }

    /// The heap block back as the `Box<str>` it was made from (an inline string as it is).
    fn into_box(self) -> Result<Box<str>, Str> {
        if self.is_inline() {
            return Err(self);
        }
        let this = std::mem::ManuallyDrop::new(self);
        // SAFETY: not inline, so the heap form, made by `from_box` from a `Box<str>` of `len`
        // bytes; `this` is not dropped, so the block has one owner again.
        unsafe {
            let heap = this.0.heap;
            let len = u64::from_le(heap.len_le) as usize;
            let raw = std::ptr::slice_from_raw_parts_mut(heap.ptr.as_ptr(), len) as *mut str;
            Ok(Box::from_raw(raw))
        }
    }
}

impl Drop for Str {
    #[inline]
    fn drop(&mut self) {
        if !self.is_inline() {
            // SAFETY: the heap form owns a block made from a `Box<str>` of `len` bytes
            // (`from_box`), freed once, here.
            unsafe {
                let heap = self.0.heap;
                let len = u64::from_le(heap.len_le) as usize;
                let raw = std::ptr::slice_from_raw_parts_mut(heap.ptr.as_ptr(), len) as *mut str;
                drop(Box::from_raw(raw));
            }
        }
    }
}

impl Default for Str {
    fn default() -> Self {
        Str::inline("")
    }
}

impl Clone for Str {
    #[inline]
    fn clone(&self) -> Self {
        if self.is_inline() {
            // SAFETY: the inline form is plain bytes.
            Str(Repr {
                words: unsafe { self.0.words },
            })
        } else {
            Str::from_box(self.as_str().into())
        }
    }
}

impl PartialEq for Str {
    #[inline]
    fn eq(&self, other: &Str) -> bool {
        // A text has one form (inline exactly when short), so strings of different forms
        // differ, and inline ones are equal exactly when their 16 bytes are.
        match (self.is_inline(), other.is_inline()) {
            // SAFETY: both inline: plain bytes.
            (true, true) => unsafe { self.0.words == other.0.words },
            (false, false) => self.as_str() == other.as_str(),
            _ => false,
        }
    }
}

impl Eq for Str {}

impl PartialOrd for Str {
    fn partial_cmp(&self, other: &Str) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Str {
    fn cmp(&self, other: &Str) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

/// As the `str`'s hash: maps keyed by `Str` are looked up with a `&str` (`Borrow`).
impl Hash for Str {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl Deref for Str {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Str {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Str {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl From<String> for Str {
    fn from(s: String) -> Self {
        if s.len() <= INLINE {
            return Str::inline(&s);
        }
        Str::from_box(s.into_boxed_str())
    }
}

impl From<&str> for Str {
    #[inline]
    fn from(s: &str) -> Self {
        if s.len() <= INLINE {
            return Str::inline(s);
        }
        Str::from_box(s.into())
    }
}

impl From<&String> for Str {
    fn from(s: &String) -> Self {
        Str::from(s.as_str())
    }
}

impl From<Box<str>> for Str {
    fn from(s: Box<str>) -> Self {
        Str::from_box(s)
    }
}

impl From<std::borrow::Cow<'_, str>> for Str {
    #[inline]
    fn from(s: std::borrow::Cow<'_, str>) -> Self {
        match s {
            std::borrow::Cow::Borrowed(s) => Str::from(s),
            std::borrow::Cow::Owned(s) => Str::from(s),
        }
    }
}

impl From<Str> for String {
    fn from(s: Str) -> Self {
        match s.into_box() {
            Ok(b) => b.into_string(),
            Err(s) => s.as_str().to_owned(),
        }
    }
}

impl PartialEq<str> for Str {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Str {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Str {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<Str> for str {
    fn eq(&self, other: &Str) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Str> for &str {
    fn eq(&self, other: &Str) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<Str> for String {
    fn eq(&self, other: &Str) -> bool {
        *self == other.as_str()
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

    /// Every length around the inline limit, ASCII and multi-byte, made each way: reads back,
    /// compares, orders and hashes as its `str`, clones and converts back unchanged.
    #[test]
    fn inline_and_heap_forms_behave_as_the_str() {
        use std::collections::hash_map::DefaultHasher;
        let hash = |h: &dyn Fn(&mut DefaultHasher)| {
            let mut s = DefaultHasher::new();
            h(&mut s);
            s.finish()
        };
        let mut texts: Vec<String> = (0..=40).map(|n| "k".repeat(n)).collect();
        // Multi-byte characters across the limit (14, 15, 16 and 17 bytes).
        texts
            .extend(["ééééééé", "aééééééé", "ééééééééx", "€€€€€€aa", "\0\u{1}x"].map(String::from));
        let all: Vec<Str> = texts
            .iter()
            .flat_map(|t| {
                let mut roomy = String::with_capacity(t.len() + 20);
                roomy.push_str(t);
                [
                    Str::from(t.as_str()),
                    Str::from(t.clone()),
                    Str::from(roomy),
                    Str::from(t),
                    Str::from(Box::<str>::from(t.as_str())),
                    Str::from(std::borrow::Cow::Borrowed(t.as_str())),
                    Str::new(t.as_str()),
                ]
            })
            .collect();
        for (i, s) in all.iter().enumerate() {
            let t = &texts[i / 7];
            assert_eq!(s.as_str(), t);
            assert_eq!(s.is_inline(), t.len() <= INLINE, "{t:?}");
            let c = s.clone();
            assert_eq!(&c, s);
            assert_eq!(c.as_str(), t);
            assert_eq!(String::from(c), *t);
            assert_eq!(hash(&|h| s.hash(h)), hash(&|h| t.as_str().hash(h)));
            for (j, o) in all.iter().enumerate() {
                let u = &texts[j / 7];
                assert_eq!(s == o, t == u, "{t:?} {u:?}");
                assert_eq!(s.cmp(o), t.cmp(u), "{t:?} {u:?}");
            }
        }
        let mut m = Str::from("a long key of thirty bytes....");
        assert_eq!(std::mem::take(&mut m), "a long key of thirty bytes....");
        assert_eq!(m, "");
        assert_eq!(Str::default(), Str::from(String::new()));
        assert_eq!(std::mem::size_of::<Str>(), 16);
    }
}
