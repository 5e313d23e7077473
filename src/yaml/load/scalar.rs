//! Scalar nodes: a scalar event's style, tag and text to a resolved [`Value`] (go-yaml v2's
//! resolution, explicit `!!` tags, `!!binary`), and the Go renderings messages quote.

use std::borrow::Cow;

use granit_parser::{ScalarStyle, Tag};

use super::doc::{fatal, Built, DocBuilder, Fatal, KeyKind};
use super::Loader;
use crate::yaml::flow;
use crate::yaml::resolve::{self, Scalar};
use crate::yaml::{Node, Span, Style, Value, YamlError, YamlErrorKind};

impl DocBuilder {
    /// Inlined into [`DocBuilder::scalar_event`]: the fast scanner's scalars have no tag, and
    /// their `Built` record then goes to `place` without being moved through a `Result`.
    #[inline(always)]
    pub(super) fn scalar(
        &mut self,
        text: Cow<'_, str>,
        style: ScalarStyle,
        tag: Option<&Tag>,
        sp: Span,
        tag_sp: Span,
        loader: &Loader<'_>,
    ) -> Result<Built, Fatal> {
        let node_style = match style {
            ScalarStyle::Plain => Style::Plain,
            ScalarStyle::SingleQuoted => Style::SingleQuoted,
            ScalarStyle::DoubleQuoted => Style::DoubleQuoted,
            ScalarStyle::Literal => Style::Literal,
            ScalarStyle::Folded => Style::Folded,
        };
        let span = if matches!(node_style, Style::Literal | Style::Folded) {
            trim_trailing_blanks(loader.src, sp)
        } else {
            sp
        };
        let plain = node_style == Style::Plain;
        let quoted = matches!(node_style, Style::SingleQuoted | Style::DoubleQuoted);
        let owned = if let Some(v) = (quoted && !loader.quoted.is_empty())
            .then(|| loader.quoted_value(sp))
            .flatten()
        {
            Cow::Owned(v.to_owned())
        } else if plain && !loader.colons.is_empty() {
            Cow::Owned(flow::restore_colons(
                loader.src,
                (sp.start(), sp.end()),
                &loader.colons,
                &text,
            ))
        } else {
            text
        };
        let text: &str = &owned;
        if matches!(node_style, Style::SingleQuoted | Style::DoubleQuoted)
            && loader.src[sp.range()].contains('\n')
        {
            self.tab_exempt.push(sp);
        }
        let mut merge = false;
        let mut decoded: Option<String> = None;
        let raw = match tag.map(classify_tag) {
            None => {
                if plain {
                    merge = text == "<<";
                    resolve::resolve_plain_scalar(text)
                } else {
                    Scalar::Str
                }
            }
            Some(TagClass::NonSpecific) => {
                // libyaml marks `! x` as implicit, so go-yaml still sees a merge key in `! <<`.
                merge = plain && text == "<<";
                Scalar::Str
            }
            Some(TagClass::Core(name)) => match name.as_ref() {
                "str" => Scalar::Str,
                "merge" => {
                    merge = text == "<<";
                    Scalar::Str
                }
                "binary" => {
                    decoded = Some(decode_binary(text).ok_or_else(|| {
                        fatal(
                            YamlErrorKind::Syntax,
                            "!!binary value contains invalid base64 data",
                            span,
                        )
                    })?);
                    Scalar::Str
                }
                "bool" | "int" | "float" | "null" | "timestamp" => {
                    let timestamp = name == "timestamp" && resolve::looks_like_timestamp(text);
                    let r = resolve::resolve_plain_scalar(text);
                    let rtag = if timestamp {
                        "!!timestamp"
                    } else {
                        r.short_tag()
                    };
                    if rtag[2..] == *name {
                        r
                    } else if name == "float" {
                        match r {
                            Scalar::Int(i) => Scalar::Float(i as f64),
                            _ => return Err(cannot_decode(rtag, text, &name, span)),
                        }
                    } else {
                        return Err(cannot_decode(rtag, text, &name, span));
                    }
                }
                _ => {
                    self.unknown_tag(tag, tag_sp, text);
                    Scalar::Str
                }
            },
            Some(TagClass::Other) => {
                self.unknown_tag(tag, tag_sp, text);
                Scalar::Str
            }
        };
        let mut json_error = None;
        let value = match decoded {
            Some(s) => Value::String(s.into()),
            // A string the scanner had to build (escapes, folded lines, block scalars) moves
            // into the node instead of being copied (and then freed).
            None if matches!(raw, Scalar::Str) => Value::String(owned.into()),
            None => match raw.to_value(text) {
                Ok(v) => v,
                Err(e) => {
                    json_error = Some(e.message);
                    resolve::resolve_plain(text)
                }
            },
        };
        Ok(Built {
            node: Node::new(value, span, node_style),
            raw: Some(raw),
            json_error,
            merge,
            tagged: tag.is_some(),
            size: 1,
            go_count: 1,
            height: 0,
            extent: span,
        })
    }

    pub(super) fn unknown_tag(&mut self, tag: Option<&Tag>, tag_sp: Span, text: &str) {
        let Some(tag) = tag else { return };
        self.errors.push(YamlError {
            kind: YamlErrorKind::UnknownTag,
            message: format!(
                "go-yaml does not know the tag {} and reads the value as the string {}",
                tag_display(tag),
                go_quote(text)
            ),
            span: tag_sp,
            related: Vec::new(),
        });
    }
}

pub(super) enum TagClass<'t> {
    /// `!` alone: "not a specific type", a string in go-yaml v2.
    NonSpecific,
    /// A tag in the `tag:yaml.org,2002:` namespace (`!!int`), by its name.
    Core(std::borrow::Cow<'t, str>),
    Other,
}

pub(super) fn classify_tag(tag: &Tag) -> TagClass<'_> {
    if (tag.handle().is_empty() && tag.suffix() == "!")
        || (tag.handle() == "!" && tag.suffix().is_empty())
    {
        return TagClass::NonSpecific;
    }
    match tag.suffix_in_namespace("tag:yaml.org,2002:") {
        Some(name) => TagClass::Core(name),
        None => TagClass::Other,
    }
}

pub(super) fn tag_display(tag: &Tag) -> String {
    match classify_tag(tag) {
        TagClass::Core(name) => format!("!!{name}"),
        _ => tag.original(),
    }
}

pub(super) fn cannot_decode(rtag: &str, text: &str, name: &str, span: Span) -> Fatal {
    fatal(
        YamlErrorKind::Syntax,
        format!("cannot decode {rtag} `{text}` as a !!{name}"),
        span,
    )
}

/// go-yaml's `!!binary`: standard base64 (line breaks ignored), read as a Go string, which JSON
/// then writes with invalid UTF-8 replaced.
pub(super) fn decode_binary(text: &str) -> Option<String> {
    use base64::Engine as _;
    let compact: String = text.chars().filter(|c| *c != '\n' && *c != '\r').collect();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(compact.as_bytes())
        .ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

pub(super) fn trim_trailing_blanks(src: &str, sp: Span) -> Span {
    let bytes = src.as_bytes();
    let mut end = sp.end().min(bytes.len());
    // A block scalar's span runs to the next token, over the indentation of its line: skip
    // whole words of spaces and line breaks first (byte by byte this was 1% of loading the
    // CRDs), then the rest, tabs and carriage returns included, byte by byte.
    while end >= sp.start() + 8 {
        let word = u64::from_le_bytes(bytes[end - 8..end].try_into().expect("eight bytes"));
        if !spaces_and_breaks(word) {
            break;
        }
        end -= 8;
    }
    while end > sp.start() && matches!(bytes[end - 1], b' ' | b'\t' | b'\r' | b'\n') {
        end -= 1;
    }
    Span::new(sp.start(), end)
}

/// Whether all eight bytes of `word` are spaces or line feeds.
fn spaces_and_breaks(word: u64) -> bool {
    const LOW7: u64 = u64::from_le_bytes([0x7f; 8]);
    // The high bit of each byte set exactly when the byte is not zero (no borrow between
    // bytes, unlike the shorter zero-byte test).
    let nonzero = |x: u64| ((x & LOW7).wrapping_add(LOW7) | x) & !LOW7;
    let not_space = nonzero(word ^ u64::from_le_bytes([b' '; 8]));
    let not_break = nonzero(word ^ u64::from_le_bytes([b'\n'; 8]));
    not_space & not_break == 0
}

/// A key as go-yaml prints it with `%#v` in `key %#v already set in map`.
pub(super) fn go_key_repr(key: &str, kind: KeyKind) -> String {
    match kind {
        KeyKind::Str => go_quote(key),
        _ => key.to_owned(),
    }
}

pub(super) use crate::yaml::goquote::go_quote;

/// A short Go `%#v`-like rendering of a decoded value for messages about invalid keys.
pub(super) fn go_sharp_v(node: &Node) -> String {
    fn go(node: &Node, out: &mut String, budget: &mut usize) {
        if *budget == 0 {
            out.push_str("...");
            return;
        }
        *budget -= 1;
        match &node.value {
            Value::Null => out.push_str("interface {}(nil)"),
            Value::Bool(b) => out.push_str(&b.to_string()),
            Value::Int(i) => out.push_str(&i.to_string()),
            Value::Float(f) => out.push_str(&f.to_string()),
            Value::String(s) => out.push_str(&go_quote(s)),
            Value::Seq(items) => {
                out.push_str("[]interface {}{");
                for (i, n) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    go(n, out, budget);
                }
                out.push('}');
            }
            Value::Map(m) => {
                out.push_str("map[interface {}]interface {}{");
                for (i, e) in m.entries.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&go_quote(&e.key));
                    out.push(':');
                    go(&e.value, out, budget);
                }
                out.push('}');
            }
        }
    }
    let mut out = String::new();
    let mut budget = 20;
    go(node, &mut out, &mut budget);
    out
}

#[cfg(test)]
mod tests {
    use super::trim_trailing_blanks;
    use crate::yaml::Span;

    /// Trimming by words ends where a byte loop ends, for every span of a few texts.
    #[test]
    fn trim_trailing_blanks_matches_a_byte_loop() {
        for text in [
            "",
            "x",
            "text\n\n                    \n        next:",
            "a \t\r\n                 \n\n",
            "   \n   \n   \n   \n",
            "é                \n",
        ] {
            let b = text.as_bytes();
            for start in 0..=b.len() {
                for end in start..=b.len() {
                    let mut e = end;
                    while e > start && matches!(b[e - 1], b' ' | b'\t' | b'\r' | b'\n') {
                        e -= 1;
                    }
                    let got = trim_trailing_blanks(text, Span::new(start, end));
                    assert_eq!(got, Span::new(start, e), "{text:?} {start}..{end}");
                }
            }
        }
    }
}
