//! The tree builder's state: the [`DocBuilder`] of one document, its stack of open
//! collections ([`Frame`], [`MapFrame`], [`Children`] with their [`Pool`]), the [`Built`]
//! nodes handed to a parent, anchored values ([`Anchored`]) and the [`Fatal`] errors that end a
//! document. The event handling that fills it is split by topic (`build`, `anchors`,
//! `scalar`); each of them reads this file, none of them another's state.

use foldhash::fast::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;

use super::release_freed_memory;
use crate::yaml::resolve::Scalar;
use crate::yaml::{Entry, Node, Span, Str, Style, YamlError, YamlErrorKind};

/// A finished node plus what its parent needs to know about it.
pub(super) struct Built {
    pub(super) node: Node,
    /// go-yaml's resolution before the JSON step (scalars only), for map keys.
    pub(super) raw: Option<Scalar>,
    /// A plain `<<` key.
    pub(super) merge: bool,
    /// Whether the scalar had an explicit tag (an empty `!!null` is not an empty document).
    pub(super) tagged: bool,
    /// Set when the value cannot be written as JSON (`.inf`): fatal unless it is used as a key.
    pub(super) json_error: Option<String>,
    /// Nodes in the subtree (map keys count one each), for the alias budget.
    pub(super) size: usize,
    /// What go-yaml's decoder counts for this subtree (every node, keys but not `<<`, alias
    /// nodes plus their expansion), for its excessive-aliasing check.
    pub(super) go_count: usize,
    /// Collection nesting inside the subtree, for the depth cap on alias copies.
    pub(super) height: usize,
    /// Where this child sits in the source (the `*alias` token for a copy).
    pub(super) extent: Span,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum KeyKind {
    Str,
    Int,
    Bool,
    Float,
}

pub(super) struct PendingKey {
    pub(super) key: Str,
    pub(super) span: Span,
    pub(super) merge: bool,
    pub(super) kind: KeyKind,
}

#[derive(Clone, Copy)]
pub(super) struct EntryMeta {
    pub(super) merged: bool,
    pub(super) kind: KeyKind,
}

/// Below this many keys a linear scan finds duplicates faster than hashing.
pub(super) const LINEAR_KEYS: usize = 16;

pub(super) struct MapFrame {
    pub(super) entries: Children<Entry>,
    pub(super) meta: Vec<EntryMeta>,
    pub(super) pending: Option<PendingKey>,
    /// Key hash to entry index, built once the map outgrows a linear scan.
    /// Boxed: most maps never need one, and every frame pushed and popped carried its room
    /// (48 bytes, against 8 for the box).
    #[allow(clippy::box_collection)]
    pub(super) index: Option<Box<HashMap<u64, usize>>>,
}

impl MapFrame {
    pub(super) fn find(&mut self, key: &Str, hasher: &RandomState) -> Option<usize> {
        if self.index.is_none() && self.entries.len() < LINEAR_KEYS {
            // Below a chunk's size the entries are one slice (a chained iterator over the
            // chunks cost more than the comparisons). `Str` to `Str`: two short keys compare
            // as two words each, without reading their texts.
            return self.entries.last.iter().position(|e| e.key == *key);
        }
        let key = key.as_str();
        let index = self.index.get_or_insert_with(|| {
            let mut m = HashMap::with_capacity(self.entries.len() * 2);
            for (i, e) in self.entries.iter().enumerate() {
                m.entry(hasher.hash_one(e.key.as_str())).or_insert(i);
            }
            Box::new(m)
        });
        match index.get(&hasher.hash_one(key)) {
            Some(&i) if self.entries[i].key == key => Some(i),
            // A 64-bit collision: rare enough that a scan is fine.
            Some(_) => self.entries.iter().position(|e| e.key == key),
            None => None,
        }
    }

    pub(super) fn push(&mut self, entry: Entry, meta: EntryMeta, hasher: &RandomState) {
        if let Some(index) = &mut self.index {
            index
                .entry(hasher.hash_one(entry.key.as_str()))
                .or_insert(self.entries.len());
        }
        self.entries.push(entry);
        self.meta.push(meta);
    }
}

/// Past this many children a collection being built grows by whole chunks of this size.
const CHUNK: usize = 1 << 16;

/// How much [`Children::into_boxed`] frees between calls to the release hook
/// ([`super::set_release_hook`]): a few calls for the longest collections, none for short ones.
const RELEASE_BYTES: usize = 16 << 20;

/// The children of a collection being built. Up to [`CHUNK`] they are a vector growing as
/// usual; past it, full chunks are set aside and a new one started, instead of doubling the
/// vector: doubling copies the old buffer into a new one twice its size, and for one sequence
/// of 5 million scalars that copy (old and new buffer alive together) was the peak memory of
/// the whole run. [`Children::into_boxed`] then moves the chunks into one exactly sized vector,
/// freeing each chunk as it goes and calling the release hook every [`RELEASE_BYTES`], so at
/// most that much is held twice.
pub(super) struct Children<T> {
    full: Vec<Vec<T>>,
    last: Vec<T>,
}

impl<T> Children<T> {
    /// Children gathered in `spare` (an empty vector, reused: see [`Pool`]).
    pub(super) fn new(spare: Vec<T>) -> Self {
        Children {
            full: Vec::new(),
            last: spare,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.full.len() * CHUNK + self.last.len()
    }

    pub(super) fn push(&mut self, item: T) {
        if self.last.len() == CHUNK {
            let full = std::mem::replace(&mut self.last, Vec::with_capacity(CHUNK));
            self.full.push(full);
        }
        self.last.push(item);
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &T> {
        self.full.iter().flatten().chain(self.last.iter())
    }

    /// The children as one vector with no unused capacity: the tree lives as long as the run,
    /// and growth leaves up to half of a vector unused (a one-key map holds room for four).
    /// The vector that held the last children goes back to `spare` for the next collection:
    /// growing a fresh vector per collection (and shrinking it to size at the end) was a third
    /// of the allocator's work in loading.
    pub(super) fn into_boxed(self, spare: &mut Vec<Vec<T>>) -> Box<[T]> {
        let mut last = self.last;
        if self.full.is_empty() {
            // One copy of the whole slice (`drain(..).collect()` moved them one by one).
            let mut out = Vec::with_capacity(last.len());
            out.append(&mut last);
            give_back(spare, last);
            return out.into_boxed_slice();
        }
        let mut out = Vec::with_capacity(self.full.len() * CHUNK + last.len());
        let mut freed = 0;
        for chunk in self.full {
            freed += chunk.len() * std::mem::size_of::<T>();
            out.extend(chunk);
            // The chunks freed so far are still resident until the allocator purges them,
            // while `out` becomes resident as it fills: without this, both copies were.
            if freed >= RELEASE_BYTES {
                release_freed_memory();
                freed = 0;
            }
        }
        out.append(&mut last);
        if freed > 0 {
            release_freed_memory();
        }
        out.into_boxed_slice()
    }
}

/// Largest vector [`Pool`] keeps, and how many of each kind: a few very long or deep
/// collections must not keep their room for the rest of the run.
const POOL_KEEP: usize = 1024;
const POOL_LEVELS: usize = 64;

pub(super) fn give_back<T>(spare: &mut Vec<Vec<T>>, v: Vec<T>) {
    debug_assert!(v.is_empty());
    if v.capacity() <= POOL_KEEP && v.capacity() > 0 && spare.len() < POOL_LEVELS {
        spare.push(v);
    }
}

/// Empty vectors with room, for the children of the collections being built: one per nesting
/// level ends up reused for every collection at that level. Kept per thread between documents
/// and files (a run loads thousands of small ones), see [`Pool::take`].
#[derive(Default)]
pub(super) struct Pool {
    pub(super) nodes: Vec<Vec<Node>>,
    pub(super) entries: Vec<Vec<Entry>>,
    pub(super) metas: Vec<Vec<EntryMeta>>,
}

thread_local! {
    static POOL: std::cell::Cell<Pool> = std::cell::Cell::new(Pool::default());
}

impl Pool {
    /// This thread's pool (empty if another document holds it).
    pub(super) fn take() -> Pool {
        POOL.with(|p| p.take())
    }
    /// Gives a document's pool back to its thread.
    pub(super) fn put(self) {
        POOL.with(|p| p.set(self));
    }
    pub(super) fn seq(&mut self) -> FrameKind {
        FrameKind::Seq(Children::new(self.nodes.pop().unwrap_or_default()))
    }
    pub(super) fn map(&mut self) -> FrameKind {
        FrameKind::Map(MapFrame {
            entries: Children::new(self.entries.pop().unwrap_or_default()),
            meta: self.metas.pop().unwrap_or_default(),
            pending: None,
            index: None,
        })
    }
}

impl<T> std::ops::Index<usize> for Children<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        // Every full chunk holds exactly CHUNK children.
        match self.full.get(i / CHUNK) {
            Some(chunk) => &chunk[i % CHUNK],
            None => &self.last[i - self.full.len() * CHUNK],
        }
    }
}

impl<T> std::ops::IndexMut<usize> for Children<T> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        let full = self.full.len() * CHUNK;
        match self.full.get_mut(i / CHUNK) {
            Some(chunk) => &mut chunk[i % CHUNK],
            None => &mut self.last[i - full],
        }
    }
}

pub(super) enum FrameKind {
    Seq(Children<Node>),
    Map(MapFrame),
}

pub(super) struct Frame {
    pub(super) kind: FrameKind,
    pub(super) style: Style,
    pub(super) open: Span,
    pub(super) anchor: usize,
    pub(super) size: usize,
    pub(super) go_count: usize,
    pub(super) height: usize,
    pub(super) first: Option<usize>,
    pub(super) last: usize,
}

impl Frame {
    pub(super) fn note_child(&mut self, extent: Span) {
        if self.first.is_none() {
            self.first = Some(extent.start());
        }
        self.last = self.last.max(extent.end());
    }
}

pub(super) struct DocBuilder {
    pub(super) index: usize,
    pub(super) start: usize,
    /// Where a fresh parser can read this document again (its `---`, or its first token).
    pub(super) restart: usize,
    pub(super) stack: Vec<Frame>,
    pub(super) root: Option<Built>,
    pub(super) errors: Vec<YamlError>,
    pub(super) anchors: HashMap<usize, Anchored>,
    pub(super) anchor_names: HashMap<usize, String>,
    /// Nodes created by expanding aliases.
    pub(super) budget_used: usize,
    /// Nodes copied to remember anchored values.
    pub(super) anchor_copies: usize,
    /// go-yaml's decode and alias-decode counters (see [`go_excessive_aliasing`]).
    pub(super) decode_count: usize,
    pub(super) alias_count: usize,
    /// Open flow collections: inside them tabs are ordinary blanks.
    pub(super) flow_depth: usize,
    /// See [`Loader::tab_exempt`].
    pub(super) tab_exempt: Vec<Span>,
    pub(super) pool: Pool,
}

pub(super) struct Anchored {
    pub(super) node: Node,
    pub(super) raw: Option<Scalar>,
    pub(super) json_error: Option<String>,
    pub(super) size: usize,
    pub(super) go_count: usize,
    pub(super) height: usize,
}

pub(super) type Fatal = YamlError;

pub(super) fn fatal(kind: YamlErrorKind, message: impl Into<String>, span: Span) -> Fatal {
    YamlError {
        kind,
        message: message.into(),
        span,
        related: Vec::new(),
    }
}
