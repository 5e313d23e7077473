//! The per-document tree builder: granit events to a [`Node`] tree on an explicit stack (no
//! recursion on input), with spans, tab checks, go-yaml's key stringification and duplicate keys.
//! Anchors, aliases and merge keys are in [`super::anchors`], scalars in [`super::scalar`], the
//! builder's state in [`super::doc`].

use foldhash::fast::RandomState;
use std::borrow::Cow;

use granit_parser::{Event, ScalarStyle, StructureStyle, Tag};

use super::anchors::merge_into;
use super::doc::{
    fatal, give_back, Built, DocBuilder, EntryMeta, Fatal, Frame, FrameKind, KeyKind, MapFrame,
    PendingKey,
};
use super::scalar::{classify_tag, go_key_repr, go_sharp_v, tag_display, TagClass};
use super::{floor_boundary, too_deep, Loader};
use crate::yaml::resolve::{self, format_float_key, Scalar};
use crate::yaml::{Entry, Map, Node, Span, Style, Value, YamlError, YamlErrorKind};

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
                    kind: YamlErrorKind::UnknownTag,
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
