//! The per-document tree builder: granit events to a [`Node`] tree on an explicit stack (no
//! recursion on input), with spans, tab checks, go-yaml's key stringification and duplicate keys.
//! Anchors, aliases and merge keys are in [`super::anchors`], scalars in [`super::scalar`].

use foldhash::fast::RandomState;
use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::BuildHasher;

use granit_parser::{Event, ScalarStyle, StructureStyle, Tag};

use super::anchors::{merge_into, Anchored};
use super::scalar::{classify_tag, go_key_repr, go_sharp_v, tag_display, TagClass};
use super::{floor_boundary, release_freed_memory, too_deep, Loader};
use crate::yaml::resolve::{self, format_float_key, Scalar};
use crate::yaml::{Entry, Map, Node, Span, Str, Style, Value, YamlError, YamlErrorKind};

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

fn give_back<T>(spare: &mut Vec<Vec<T>>, v: Vec<T>) {
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
    nodes: Vec<Vec<Node>>,
    entries: Vec<Vec<Entry>>,
    metas: Vec<Vec<EntryMeta>>,
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

/// Whether the header of the block scalar whose content starts at `content` gives an explicit
/// indentation (`|2`, `>-4`).
pub(super) fn block_header_has_indent(src: &str, content: usize) -> bool {
    let before = &src[..floor_boundary(src, content)];
    // The header is the last line before the content that is not blank.
    let header = before
        .trim_end_matches([' ', '\t'])
        .trim_end_matches(['\n', '\r', ' ', '\t'])
        .rsplit('\n')
        .next()
        .unwrap_or("");
    let header = header.split(" #").next().unwrap_or(header).trim_end();
    let indicators = header.rfind(['|', '>']).map_or("", |i| &header[i + 1..]);
    indicators.bytes().any(|b| b.is_ascii_digit())
}

/// go-yaml's scanner (libyaml's) skips a tab before a token only inside flow collections or
/// where a simple key cannot start; at the start of a line and right after a block `-` or `?`
/// indicator a tab is "a character that cannot start any token". granit accepts some of these
/// (`\ta: 1`, `-\tb`), so node starts in block context are checked here. Returns the offset of
/// the offending tab.
pub(super) fn tab_before_token(src: &str, start: usize) -> Option<usize> {
    let bytes = src.as_bytes();
    let mut i = start.min(bytes.len());
    loop {
        let mut tab = None;
        while i > 0 && matches!(bytes[i - 1], b' ' | b'\t') {
            i -= 1;
            if bytes[i] == b'\t' {
                tab = Some(i);
            }
        }
        let before = if i == 0 { None } else { Some(bytes[i - 1]) };
        match before {
            None | Some(b'\n' | b'\r') => return tab,
            // A block indicator (itself preceded by blanks or a line start): a tab right after
            // it is an error, and so is one before it (`\t- x`, `- \t- x`).
            Some(b'-' | b'?') if i < 2 || matches!(bytes[i - 2], b' ' | b'\t' | b'\n' | b'\r') => {
                if tab.is_some() {
                    return tab;
                }
                i -= 1;
            }
            _ => return None,
        }
    }
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

impl DocBuilder {
    pub(super) fn content_end(&self) -> usize {
        self.root.as_ref().map_or(self.start, |b| b.extent.end())
    }

    pub(super) fn event(
        &mut self,
        ev: Event<'_>,
        sp: Span,
        tag_sp: Option<Span>,
        loader: &Loader<'_>,
    ) -> Result<(), Fatal> {
        let tag_sp = tag_sp.unwrap_or(sp);
        match ev {
            Event::Scalar(text, style, anchor, tag) => {
                self.scalar_event(text, style, anchor, tag.as_deref(), sp, tag_sp, loader)
            }
            Event::SequenceStart(style, anchor, tag) => {
                let kind = self.pool.seq();
                self.open(kind, style, anchor, (tag.as_deref(), tag_sp), sp, loader)
            }
            Event::MappingStart(style, anchor, tag) => {
                let kind = self.pool.map();
                self.open(kind, style, anchor, (tag.as_deref(), tag_sp), sp, loader)
            }
            Event::SequenceEnd | Event::MappingEnd => self.close(sp, loader),
            Event::Anchor(id, name) => {
                self.anchor_names.insert(id, name.into_owned());
                Ok(())
            }
            Event::Alias(id) => {
                self.check_tab(sp.start(), loader)?;
                self.alias(id, sp, loader)
            }
            Event::UnresolvedAlias(name) => Err(fatal(
                YamlErrorKind::Syntax,
                format!("unknown anchor '{name}' referenced"),
                sp,
            )),
            _ => Ok(()),
        }
    }

    /// A scalar event: the tab checks, its value, then its place in the tree. The fast
    /// scanner's sink calls it directly (no tag, no anchor: inlined, those branches go).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn scalar_event(
        &mut self,
        text: Cow<'_, str>,
        style: ScalarStyle,
        anchor: usize,
        tag: Option<&Tag>,
        sp: Span,
        tag_sp: Span,
        loader: &Loader<'_>,
    ) -> Result<(), Fatal> {
        if !matches!(style, ScalarStyle::Literal | ScalarStyle::Folded) {
            // Block scalar spans start at the content; the indicator is what a tab
            // would precede, and `key:\t|` is fine.
            self.check_tab(tag_sp.start().min(sp.start()), loader)?;
        } else if loader.src.as_bytes().get(sp.start()) == Some(&b'\t')
            && !block_header_has_indent(loader.src, sp.start())
        {
            // While go-yaml detects a block scalar's indentation, a tab after the
            // leading spaces is an error rather than content.
            return Err(fatal(
                YamlErrorKind::Syntax,
                "found a tab character where an indentation space is expected",
                Span::new(sp.start(), sp.start() + 1),
            ));
        }
        let mut built = self.scalar(text, style, tag, sp, tag_sp, loader)?;
        let merge_key = built.merge
            && matches!(
                self.stack.last(),
                Some(Frame {
                    kind: FrameKind::Map(MapFrame { pending: None, .. }),
                    ..
                })
            );
        if merge_key {
            // go-yaml never decodes the `<<` key itself.
            built.go_count = 0;
        } else {
            self.decode_count += 1;
        }
        if anchor != 0 {
            self.register(anchor, &built, loader)?;
        }
        self.place(built, loader)
    }

    /// The fast scanner's common map key: a plain or quoted scalar (no tag, no anchor) where
    /// a mapping waits for its next key, that go-yaml reads as a string (plain: not `<<` and
    /// resolving to a string). It becomes the pending key directly: what `scalar_event` does
    /// for it, without building, moving and taking apart a `Built` record (about a third of a
    /// key's cost in the loader). Returns the text back for every other scalar.
    #[inline(always)]
    pub(super) fn string_key<'t>(
        &mut self,
        text: Cow<'t, str>,
        style: ScalarStyle,
        sp: Span,
        loader: &Loader<'_>,
    ) -> Result<Option<Cow<'t, str>>, Fatal> {
        let Some(Frame {
            kind: FrameKind::Map(MapFrame { pending: None, .. }),
            ..
        }) = self.stack.last()
        else {
            return Ok(Some(text));
        };
        let string = match style {
            ScalarStyle::Plain => {
                loader.colons.is_empty()
                    && text != "<<"
                    && matches!(resolve::resolve_plain_scalar(&text), Scalar::Str)
            }
            // One line (a quoted scalar over lines is exempt from the tab checks).
            ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted => {
                !loader.src[sp.range()].contains('\n')
            }
            ScalarStyle::Literal | ScalarStyle::Folded => false,
        };
        if !string {
            return Ok(Some(text));
        }
        self.check_tab(sp.start(), loader)?;
        self.decode_count += 1;
        // The top frame is the mapping checked above.
        if let Some(frame) = self.stack.last_mut() {
            frame.note_child(sp);
            frame.size = frame.size.saturating_add(1);
            frame.go_count = frame.go_count.saturating_add(1);
            if let FrameKind::Map(m) = &mut frame.kind {
                m.pending = Some(PendingKey {
                    key: text.into(),
                    span: sp,
                    merge: false,
                    kind: KeyKind::Str,
                });
            }
        }
        Ok(None)
    }

    pub(super) fn open(
        &mut self,
        kind: FrameKind,
        style: StructureStyle,
        anchor: usize,
        (tag, tag_sp): (Option<&Tag>, Span),
        sp: Span,
        loader: &Loader<'_>,
    ) -> Result<(), Fatal> {
        if self.stack.len() >= loader.opts.max_depth {
            return Err(too_deep(loader.opts.max_depth, sp));
        }
        if style == StructureStyle::Flow {
            self.check_tab(tag_sp.start().min(sp.start()), loader)?;
            self.flow_depth += 1;
        }
        self.decode_count += 1;
        let is_map = matches!(kind, FrameKind::Map(_));
        if let Some(tag) = tag {
            let expected = if is_map { "map" } else { "seq" };
            let ok = match classify_tag(tag) {
                TagClass::NonSpecific => true,
                TagClass::Core(name) => name == expected,
                TagClass::Other => false,
            };
            if !ok {
                let what = if is_map { "mapping" } else { "sequence" };
                self.errors.push(YamlError {
                    kind: YamlErrorKind::Suspicious,
                    message: format!(
                        "go-yaml ignores the tag {} on a {what}; the value is read as a plain {what}",
                        tag_display(tag)
                    ),
                    span: tag_sp,
                    related: Vec::new(),
                });
            }
        }
        self.stack.push(Frame {
            kind,
            style: match style {
                StructureStyle::Flow => Style::Flow,
                StructureStyle::Block => Style::Block,
            },
            open: sp,
            anchor,
            size: 0,
            go_count: 0,
            height: 0,
            first: None,
            last: sp.end(),
        });
        Ok(())
    }

    pub(super) fn close(&mut self, sp: Span, loader: &Loader<'_>) -> Result<(), Fatal> {
        let Some(frame) = self.stack.pop() else {
            return Ok(());
        };
        if frame.style == Style::Flow {
            self.flow_depth = self.flow_depth.saturating_sub(1);
            if loader.src[frame.open.start()..sp.end().max(frame.open.start())].contains('\n') {
                self.tab_exempt
                    .push(Span::new(frame.open.start(), sp.end()));
            }
        }
        let span = if frame.style == Style::Flow {
            Span::new(frame.open.start(), sp.end().max(frame.open.start()))
        } else {
            let start = frame.first.unwrap_or(frame.open.start());
            Span::new(start, frame.last.max(start))
        };
        // Exactly sized (see `Children::into_boxed`): 10^6 one-line documents used 964 MB
        // before, 100 bytes per input byte.
        let value = match frame.kind {
            FrameKind::Seq(items) => Value::Seq(items.into_boxed(&mut self.pool.nodes)),
            FrameKind::Map(m) => {
                let mut meta = m.meta;
                meta.clear();
                give_back(&mut self.pool.metas, meta);
                Value::Map(Map {
                    entries: m.entries.into_boxed(&mut self.pool.entries),
                })
            }
        };
        let built = Built {
            node: Node::new(value, span, frame.style),
            raw: None,
            json_error: None,
            merge: false,
            tagged: false,
            size: frame.size + 1,
            go_count: frame.go_count + 1,
            height: frame.height + 1,
            extent: span,
        };
        if frame.anchor != 0 {
            self.register(frame.anchor, &built, loader)?;
        }
        self.place(built, loader)
    }

    #[inline(always)]
    pub(super) fn check_tab(&self, start: usize, loader: &Loader<'_>) -> Result<(), Fatal> {
        // Walking back over every token's indentation cost ~1% of a run; most files have no
        // tab to find.
        if self.flow_depth > 0 || !loader.has_tabs {
            return Ok(());
        }
        match tab_before_token(loader.src, start) {
            Some(t) => Err(fatal(
                YamlErrorKind::Syntax,
                "found character that cannot start any token",
                Span::new(t, t + 1),
            )),
            None => Ok(()),
        }
    }

    /// Hands a finished node to its parent (or makes it the root). Inlined into its two hot
    /// callers (scalars and collection ends), so the `Built` record stays in registers.
    #[inline(always)]
    pub(super) fn place(&mut self, built: Built, loader: &Loader<'_>) -> Result<(), Fatal> {
        let is_key = matches!(
            self.stack.last(),
            Some(Frame {
                kind: FrameKind::Map(MapFrame { pending: None, .. }),
                ..
            })
        );
        if !is_key {
            if let Some(message) = &built.json_error {
                return Err(fatal(
                    YamlErrorKind::Syntax,
                    message.clone(),
                    built.node.span(),
                ));
            }
        }
        let Some(frame) = self.stack.last_mut() else {
            self.root = Some(built);
            return Ok(());
        };
        frame.note_child(built.extent);
        frame.size = frame.size.saturating_add(built.size);
        frame.go_count = frame.go_count.saturating_add(built.go_count);
        frame.height = frame.height.max(built.height);
        match &mut frame.kind {
            FrameKind::Seq(items) => {
                items.push(built.node);
                Ok(())
            }
            FrameKind::Map(m) => {
                let Some(key) = m.pending.take() else {
                    m.pending = Some(map_key(built)?);
                    return Ok(());
                };
                // Warnings go straight to the document's list (a vector per entry, moved into
                // it, cost ~25 instructions a key even when empty).
                let warnings = &mut self.errors;
                if key.merge {
                    merge_into(m, built.node, &key, &loader.hasher, warnings)
                } else {
                    insert_entry(m, key, built.node, &loader.hasher, warnings);
                    Ok(())
                }
            }
        }
    }
}

/// Turns a finished node into a map key the way `sigs.k8s.io/yaml` stringifies keys. A string
/// key's text moves into the key (copying it cost an allocation, a copy and a free per key).
#[inline(always)]
pub(super) fn map_key(built: Built) -> Result<PendingKey, Fatal> {
    let span = built.node.span();
    // Taken apart, so that a string key leaves nothing else to drop (dropping the emptied
    // record was ~35 instructions a key).
    let Built {
        node, raw, merge, ..
    } = built;
    if let Node {
        value: Value::String(key),
        ..
    } = node
    {
        return Ok(PendingKey {
            key,
            span,
            merge,
            kind: KeyKind::Str,
        });
    }
    let unsupported = |ty: &str, key: String| {
        fatal(
            YamlErrorKind::Syntax,
            format!("error converting YAML to JSON: unsupported map key of type: {ty}, key: {key}"),
            span,
        )
    };
    let (key, kind) = match (&node.value, raw) {
        (Value::Seq(_) | Value::Map(_), _) => {
            return Err(fatal(
                YamlErrorKind::Syntax,
                format!("invalid map key: {}", go_sharp_v(&node)),
                span,
            ))
        }
        (_, Some(Scalar::Null)) | (Value::Null, _) => {
            return Err(unsupported("<nil>", "<nil>".to_owned()))
        }
        (_, Some(Scalar::Bool(b))) => (b.to_string(), KeyKind::Bool),
        (_, Some(Scalar::Int(i))) => (i.to_string(), KeyKind::Int),
        (_, Some(Scalar::Uint(u))) => return Err(unsupported("uint64", format!("0x{u:x}"))),
        (_, Some(Scalar::BigInt(_))) => return Err(unsupported("*big.Int", go_sharp_v(&node))),
        (_, Some(Scalar::Float(f))) => (format_float_key(f), KeyKind::Float),
        // Scalars always carry their resolution; keep the JSON value as a fallback.
        (Value::Bool(b), None) => (b.to_string(), KeyKind::Bool),
        (Value::Int(i), None) => (i.to_string(), KeyKind::Int),
        (Value::Float(f), None) => (format_float_key(*f), KeyKind::Float),
        (Value::String(_), None) | (_, Some(Scalar::Str)) => (String::new(), KeyKind::Str),
    };
    Ok(PendingKey {
        key: key.into(),
        span,
        merge,
        kind,
    })
}

/// Adds `key: value` to a mapping being built. A repeated key is what the API server's strict
/// decoding rejects; go-yaml itself keeps the last value, and so do we.
pub(super) fn insert_entry(
    m: &mut MapFrame,
    key: PendingKey,
    value: Node,
    hasher: &RandomState,
    warnings: &mut Vec<YamlError>,
) {
    if let Some(i) = m.find(&key.key, hasher) {
        let meta = m.meta[i];
        let first_span = m.entries[i].key_span;
        if meta.merged {
            // An explicit key after `<<` overrides the merged value: that is what merge keys
            // are for.
        } else if meta.kind == key.kind {
            warnings.push(YamlError {
                kind: YamlErrorKind::DuplicateKey,
                message: format!("key {} already set in map", go_key_repr(&key.key, key.kind)),
                span: key.span,
                related: vec![(first_span, "first set here".to_owned())],
            });
        } else {
            warnings.push(YamlError {
                kind: YamlErrorKind::Suspicious,
                message: format!(
                    "keys {} and {} are both \"{}\" once converted to JSON; which value is kept is undefined",
                    go_key_repr(&m.entries[i].key, meta.kind),
                    go_key_repr(&key.key, key.kind),
                    key.key
                ),
                span: key.span,
                related: vec![(first_span, "the other key".to_owned())],
            });
        }
        let e = &mut m.entries[i];
        e.value = value;
        e.key_span = key.span;
        m.meta[i] = EntryMeta {
            merged: false,
            kind: key.kind,
        };
        return;
    }
    m.push(
        Entry {
            key: key.key,
            key_span: key.span,
            value,
        },
        EntryMeta {
            merged: false,
            kind: key.kind,
        },
        hasher,
    );
}

#[cfg(test)]
mod tests {
    use crate::yaml::{load, Value};

    /// The children's vectors are reused between collections, documents and files (the
    /// thread's [`super::Pool`]): whatever a previous load left there, a text reads the same.
    #[test]
    fn reused_child_vectors_change_nothing() {
        let long: String = (0..2000).map(|i| format!("k{i}: {i}\n")).collect();
        let nested = "a:\n  b:\n    - c: 1\n      d: [x, y]\n    - e\n  f: {g: h}\ni: j\n";
        let first = format!("{:?}", load(nested));
        // A collection longer than the pool keeps, several documents, then the text again.
        let docs = load(&format!("{long}---\n{nested}---\n- 1\n- 2\n"));
        assert_eq!(docs.len(), 3);
        let root = docs[0].root.as_ref().expect("a map");
        assert_eq!(root.get("k1999").map(|n| &n.value), Some(&Value::Int(1999)));
        assert_eq!(format!("{:?}", load(nested)), first);
    }

    /// String keys move into the map (not copied); the other scalars are stringified as
    /// go-yaml does, and a repeated key is still reported at the repetition.
    #[test]
    fn keys_keep_their_text_and_duplicates_their_spans() {
        let docs = load("name: a\n1: b\ntrue: c\nname: d\n");
        let root = docs[0].root.as_ref().expect("a map");
        let Value::Map(m) = &root.value else {
            panic!("a map")
        };
        let keys: Vec<&str> = m.entries.iter().map(|e| e.key.as_str()).collect();
        assert_eq!(keys, ["name", "1", "true"]);
        assert_eq!(
            root.get("name").map(|n| &n.value),
            Some(&Value::String("d".into()))
        );
        assert_eq!(docs[0].errors.len(), 1);
        assert_eq!(docs[0].errors[0].message, "key \"name\" already set in map");
        assert_eq!(docs[0].errors[0].span.range(), 21..25);
        assert_eq!(m.entries[0].key_span.range(), 21..25);
    }
}
