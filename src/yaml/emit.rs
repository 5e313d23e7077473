//! Writes nodes back as block-style YAML that go-yaml v2 reads as the same values.
//!
//! The layout follows `kubectl get -o yaml` (go-yaml v2 through `sigs.k8s.io/yaml`): two-space
//! indentation, sequences inside a mapping written at the key's indentation (`- a: 1`), empty
//! collections as `{}` and `[]`, key order kept as given.
//!
//! The important part is quoting. Kubernetes reads plain scalars with YAML 1.1 rules, so a string
//! such as `yes`, `0755`, `1_000`, `~` or `<<` written without quotes would come back as a bool,
//! an int, a null or a merge key. Every string is therefore checked with the same resolver the
//! loader uses ([`super::resolve::resolve_plain`]): it is written plain only if reading it plain
//! gives back the same string and nothing in it has a meaning in YAML syntax. Like go-yaml v2's
//! encoder, a string that would read back as another type is double-quoted (`"yes"`), one that
//! is only syntactically unsafe is single-quoted (`'*'`), and control or line-break characters
//! get double quotes with escapes. Multi-line strings use a literal block (`|`, `|-`, `|+`) when
//! that is exact, and double quotes when it is not.

use super::resolve::resolve_plain;
use super::{Map, Node, Value};

/// Writes one document (without a `---` marker), ending in a newline.
pub fn emit_document(node: &Node) -> String {
    let mut out = String::new();
    match &node.value {
        Value::Map(m) if !m.is_empty() => write_map(&mut out, m, 0, false),
        Value::Seq(items) if !items.is_empty() => write_seq(&mut out, items, 0, false),
        _ => {
            write_scalar(&mut out, node, 2);
            out.push('\n');
        }
    }
    out
}

/// Writes a value on one line in flow style (`{a: 1, b: [x, "y\\nz"]}`), for edits inside
/// flow collections and for scalars replaced in place. Strings are quoted as in block style,
/// except that a multi-line string is double-quoted (a literal block cannot sit in a flow).
pub fn emit_flow(node: &Node) -> String {
    let mut out = String::new();
    write_flow(&mut out, node);
    out
}

/// A mapping key as [`emit_flow`] writes it.
pub fn emit_flow_key(key: &str) -> String {
    let mut out = String::new();
    write_string(&mut out, key, 0, true);
    out
}

fn write_flow(out: &mut String, node: &Node) {
    match &node.value {
        Value::Map(m) => {
            out.push('{');
            for (i, e) in m.entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_flow_string(out, &e.key);
                out.push_str(": ");
                write_flow(out, &e.value);
            }
            out.push('}');
        }
        Value::Seq(items) => {
            out.push('[');
            for (i, it) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_flow(out, it);
            }
            out.push(']');
        }
        Value::String(s) => write_flow_string(out, s),
        _ => write_scalar(out, node, 0),
    }
}

/// A string inside a flow collection. As in block style (`key` also rules out literal blocks;
/// quoting a `<<` value costs nothing), except that go-yaml v2's scanner ends a plain scalar at
/// a `?` inside a flow collection (`[x?]` does not load), so a plain string holding one is
/// single-quoted (found by the property tests).
fn write_flow_string(out: &mut String, s: &str) {
    let start = out.len();
    write_string(out, s, 0, true);
    if s.contains('?') && out[start..] == *s {
        out.truncate(start);
        out.push('\'');
        out.push_str(&s.replace('\'', "''"));
        out.push('\'');
    }
}

/// Writes several documents separated by `---` lines.
pub fn emit_documents<'a>(nodes: impl IntoIterator<Item = &'a Node>) -> String {
    let mut out = String::new();
    for (i, n) in nodes.into_iter().enumerate() {
        if i > 0 {
            out.push_str("---\n");
        }
        out.push_str(&emit_document(n));
    }
    out
}

fn pad(out: &mut String, indent: usize) {
    for _ in 0..indent {
        out.push(' ');
    }
}

/// Writes the entries of a non-empty mapping at `indent`. With `inline_first`, the cursor is
/// already at that column (after `- `), so the first key gets no padding.
fn write_map(out: &mut String, m: &Map, indent: usize, inline_first: bool) {
    for (i, e) in m.entries.iter().enumerate() {
        if i > 0 || !inline_first {
            pad(out, indent);
        }
        if e.key.len() > 1000 {
            // Implicit keys are limited to 1024 characters; longer ones need `? `.
            out.push_str("? ");
            write_string(out, &e.key, indent + 2, true);
            out.push('\n');
            pad(out, indent);
            out.push(':');
        } else {
            write_string(out, &e.key, indent + 2, true);
            out.push(':');
        }
        write_value_after_key(out, &e.value, indent);
    }
}

fn write_value_after_key(out: &mut String, v: &Node, indent: usize) {
    match &v.value {
        Value::Map(m) if !m.is_empty() => {
            out.push('\n');
            write_map(out, m, indent + 2, false);
        }
        Value::Seq(items) if !items.is_empty() => {
            // kubectl style: the dashes line up with the key.
            out.push('\n');
            write_seq(out, items, indent, false);
        }
        _ => {
            out.push(' ');
            write_scalar(out, v, indent + 2);
            out.push('\n');
        }
    }
}

/// Writes the items of a non-empty sequence with their dashes at `indent`.
fn write_seq(out: &mut String, items: &[Node], indent: usize, inline_first: bool) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 || !inline_first {
            pad(out, indent);
        }
        out.push_str("- ");
        match &item.value {
            Value::Map(m) if !m.is_empty() => write_map(out, m, indent + 2, true),
            Value::Seq(inner) if !inner.is_empty() => write_seq(out, inner, indent + 2, true),
            _ => {
                write_scalar(out, item, indent + 2);
                out.push('\n');
            }
        }
    }
}

/// Writes a scalar (or an empty collection) in place; `indent` is where continuation lines of a
/// block scalar go.
fn write_scalar(out: &mut String, v: &Node, indent: usize) {
    match &v.value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => out.push_str(&i.to_string()),
        Value::Float(f) => out.push_str(&format_float(*f)),
        Value::String(s) => write_string(out, s, indent, false),
        Value::Seq(_) => out.push_str("[]"),
        Value::Map(_) => out.push_str("{}"),
    }
}

/// A float that go-yaml reads back as the same float (and never as an int).
pub fn format_float(f: f64) -> String {
    if f.is_nan() {
        return ".nan".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { ".inf" } else { "-.inf" }.to_owned();
    }
    let a = f.abs();
    let s = if a != 0.0 && !(1e-4..1e16).contains(&a) {
        // Rust prints the shortest round-trip digits; `1e20` and `1.5e-7` match go-yaml's float
        // regex.
        format!("{f:e}")
    } else {
        format!("{f}")
    };
    if s.contains(['.', 'e']) {
        s
    } else {
        // A whole float written as digits would read back as an int.
        format!("{s}.0")
    }
}

/// Writes a string so that go-yaml reads back exactly `s`. `key` also guards against `<<`.
///
/// The style follows go-yaml v2's encoder as kubectl prints it: a literal block for multi-line
/// strings, double quotes for strings that would read back as another type (`"yes"`, `"1"`,
/// `""`), single quotes for strings that are only syntactically unsafe (`'*'`, `'a: b'`), and
/// double quotes with escapes for control and line-break characters.
fn write_string(out: &mut String, s: &str, indent: usize, key: bool) {
    if !key && s.contains('\n') && literal_block_ok(s) {
        write_literal(out, s, indent);
    } else if !resolves_to_itself(s) || (key && s == "<<") || is_base60_float(s) {
        write_double_quoted(out, s);
    } else if is_plain_safe(s) {
        out.push_str(s);
    } else if needs_double_quotes(s) {
        write_double_quoted(out, s);
    } else {
        out.push('\'');
        out.push_str(&s.replace('\'', "''"));
        out.push('\'');
    }
}

fn resolves_to_itself(s: &str) -> bool {
    matches!(resolve_plain(s), Value::String(ref r) if r == s)
}

/// go-yaml v2 quotes YAML 1.1 base-60 floats (`1:20`, `-190:20:30.15`) for other readers'
/// sake, though it reads them as strings itself: `^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`.
fn is_base60_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    if !b.get(i).is_some_and(u8::is_ascii_digit) {
        return false;
    }
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
        i += 1;
    }
    let mut groups = 0;
    while i < b.len() && b[i] == b':' {
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() && i - start < 2 {
            i += 1;
        }
        let group = &b[start..i];
        let ok = match group.len() {
            1 => true,
            2 => group[0] <= b'5',
            _ => false,
        };
        if !ok {
            return false;
        }
        groups += 1;
    }
    if groups == 0 {
        return false;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
            i += 1;
        }
    }
    i == b.len()
}

/// Whether `s` can be written as a plain scalar and read back as the same string by go-yaml.
pub fn is_plain_safe(s: &str) -> bool {
    let Some(first) = s.chars().next() else {
        return false;
    };
    if matches!(
        first,
        '-' | '?'
            | ':'
            | ','
            | '['
            | ']'
            | '{'
            | '}'
            | '#'
            | '&'
            | '*'
            | '!'
            | '|'
            | '>'
            | '\''
            | '"'
            | '%'
            | '@'
            | '`'
            | ' '
    ) {
        return false;
    }
    if s.ends_with([' ', ':']) || s.starts_with("...") {
        return false;
    }
    if s.contains(": ") || s.contains(" #") || s.contains(":\t") || s.contains("\t#") {
        return false;
    }
    // Flow indicators are harmless in block context, but a key or value may end up inside a
    // flow collection elsewhere; quoting them costs nothing.
    if s.contains([',', '[', ']', '{', '}']) {
        return false;
    }
    if s.chars()
        .any(|c| c == '\t' || !is_printable(c) || is_break(c))
    {
        return false;
    }
    matches!(resolve_plain(s), Value::String(ref r) if r == s)
}

/// Characters YAML 1.1 treats as line breaks besides `\n` and `\r`.
fn is_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// YAML's printable set (c-printable), minus the byte order mark.
fn is_printable(c: char) -> bool {
    matches!(c,
        '\t' | '\n' | '\r' | '\u{85}' | ' '..='~' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
        && c != '\u{FEFF}'
}

/// Single quotes cannot express line breaks or unprintable characters.
fn needs_double_quotes(s: &str) -> bool {
    s.chars()
        .any(|c| is_break(c) || !is_printable(c) || (c == '\t'))
}

/// A literal block reproduces `s` exactly when every character is printable, the only breaks
/// are `\n`, and there is something other than blanks and breaks (an all-blank block cannot tell
/// its indentation).
fn literal_block_ok(s: &str) -> bool {
    if s.chars().any(|c| {
        c == '\r' || c == '\u{85}' || c == '\u{2028}' || c == '\u{2029}' || !is_printable(c)
    }) {
        return false;
    }
    // Leading blank lines would be read as less indented than the content and a line of only
    // spaces before the first content line confuses indentation detection.
    let first = s.lines().find(|l| !l.trim().is_empty());
    let Some(first) = first else {
        return false;
    };
    // A tab where the reader looks for the indentation of the block is an error for libyaml
    // and go-yaml ("found a tab character where an indentation space is expected").
    if first.starts_with('\t') {
        return false;
    }
    if s.lines()
        .take_while(|l| l.trim().is_empty())
        .any(|l| !l.is_empty())
    {
        return false;
    }
    true
}

fn write_literal(out: &mut String, s: &str, indent: usize) {
    let body = s.trim_end_matches('\n');
    let trailing = s.len() - body.len();
    out.push('|');
    let first_content = s.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first_content.starts_with(' ') {
        // Tell the reader the indentation instead of letting it guess from the first line.
        out.push_str(&2.to_string());
    }
    match trailing {
        0 => out.push('-'),
        1 => {}
        _ => out.push('+'),
    }
    for line in body.split('\n') {
        out.push('\n');
        if !line.is_empty() {
            pad(out, indent);
            out.push_str(line);
        }
    }
    // Keep-chomping: the extra line breaks are part of the value.
    for _ in 1..trailing {
        out.push('\n');
    }
}

fn write_double_quoted(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\0' => out.push_str("\\0"),
            '\u{85}' => out.push_str("\\N"),
            '\u{2028}' => out.push_str("\\L"),
            '\u{2029}' => out.push_str("\\P"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if !is_printable(c) => {
                let n = c as u32;
                if n <= 0xFFFF {
                    out.push_str(&format!("\\u{n:04x}"));
                } else {
                    out.push_str(&format!("\\U{n:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::{load, Entry, Span};
    use serde_json::json;

    fn emit_json(v: serde_json::Value) -> String {
        emit_document(&Node::from_json(&v))
    }

    #[test]
    fn kubectl_layout() {
        let out = emit_json(json!({
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": {"name": "p", "labels": {"app": "x"}},
            "spec": {
                "containers": [{"name": "c", "args": ["a", "b"], "ports": [{"containerPort": 80}]}],
                "empty": [],
                "none": {},
                "nested": [[1, 2], []],
                "none2": null,
                "ratio": 0.5,
            }
        }));
        let want = "\
apiVersion: v1
kind: Pod
metadata:
  name: p
  labels:
    app: x
spec:
  containers:
  - name: c
    args:
    - a
    - b
    ports:
    - containerPort: 80
  empty: []
  none: {}
  nested:
  - - 1
    - 2
  - []
  none2: null
  ratio: 0.5
";
        assert_eq!(out, want);
    }

    #[test]
    fn quoting() {
        let cases = [
            // Would read back as another type: double quotes, as go-yaml v2 writes them.
            ("yes", "\"yes\""),
            ("on", "\"on\""),
            ("y", "\"y\""),
            ("No", "\"No\""),
            ("0755", "\"0755\""),
            ("1_000", "\"1_000\""),
            ("1e3", "\"1e3\""),
            ("~", "\"~\""),
            ("null", "\"null\""),
            ("", "\"\""),
            (".inf", "\".inf\""),
            ("1:30", "\"1:30\""),
            ("-190:20:30.15", "\"-190:20:30.15\""),
            ("1:60", "1:60"),
            // Only syntactically unsafe: single quotes.
            ("<<", "<<"),
            ("*", "'*'"),
            ("a: b", "'a: b'"),
            ("a #b", "'a #b'"),
            ("a#b", "a#b"),
            (" lead", "' lead'"),
            ("trail ", "'trail '"),
            ("-x", "'-x'"),
            ("it's", "it's"),
            ("'q", "'''q'"),
            ("tab\there", "\"tab\\there\""),
            ("bell\u{7}", "\"bell\\x07\""),
            ("2001-12-14", "2001-12-14"),
            ("hello world", "hello world"),
            ("ünïcode", "ünïcode"),
            ("key:", "'key:'"),
            ("...", "'...'"),
            ("x\u{2028}y", "\"x\\Ly\""),
        ];
        for (s, want) in cases {
            let out = emit_json(json!({ "k": s }));
            assert_eq!(out, format!("k: {want}\n"), "string {s:?}");
        }
        // `<<` as a key must be quoted or it becomes a merge key.
        assert_eq!(emit_json(json!({"<<": 1})), "\"<<\": 1\n");
        assert_eq!(
            emit_json(json!({"yes": 1, "1": 2})),
            "\"yes\": 1\n\"1\": 2\n"
        );
    }

    #[test]
    fn multi_line_strings() {
        assert_eq!(emit_json(json!({"k": "a\nb\n"})), "k: |\n  a\n  b\n");
        assert_eq!(emit_json(json!({"k": "a\nb"})), "k: |-\n  a\n  b\n");
        assert_eq!(emit_json(json!({"k": "a\n\n"})), "k: |+\n  a\n\n");
        assert_eq!(emit_json(json!({"k": " a\nb"})), "k: |2-\n   a\n  b\n");
        assert_eq!(emit_json(json!({"k": "\n"})), "k: \"\\n\"\n");
        assert_eq!(emit_json(json!({"k": "a\r\nb"})), "k: \"a\\r\\nb\"\n");
        assert_eq!(emit_json(json!({"l": ["x\ny"]})), "l:\n- |-\n  x\n  y\n");
    }

    #[test]
    fn numbers_round_trip() {
        for f in [
            0.5,
            -1.25,
            1e20,
            1.5e-7,
            123456.789,
            1e300,
            f64::MIN_POSITIVE,
        ] {
            let s = format_float(f);
            assert_eq!(
                crate::yaml::resolve::resolve_plain(&s),
                Value::Float(f),
                "{f} as {s}"
            );
        }
        assert_eq!(format_float(f64::INFINITY), ".inf");
        assert_eq!(emit_json(json!({"i": -3, "b": false})), "i: -3\nb: false\n");
    }

    #[test]
    fn long_keys_use_explicit_key_syntax() {
        let long = "k".repeat(1500);
        for v in [
            json!(1),
            json!({"a": [1, 2]}),
            json!(["x"]),
            json!("multi\nline"),
        ] {
            let mut m = serde_json::Map::new();
            m.insert(long.clone(), v.clone());
            m.insert("yes".to_owned(), json!("no"));
            let doc = serde_json::Value::Object(m);
            let text = emit_json(doc.clone());
            assert!(text.starts_with("? "), "{text}");
            let docs = load(&text);
            assert!(docs[0].errors.is_empty(), "{text}: {:?}", docs[0].errors);
            assert_eq!(docs[0].root.as_ref().unwrap().to_json(), doc);
        }
    }

    /// A small deterministic generator, so the property test needs no extra crate.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    const PIECES: &[&str] = &[
        "yes",
        "no",
        "on",
        "Off",
        "y",
        "N",
        "true",
        "null",
        "~",
        "0755",
        "0x1F",
        "1_000",
        "1e3",
        ".inf",
        ".nan",
        "-",
        "?",
        ":",
        ": ",
        " #",
        "#",
        "<<",
        "'",
        "\"",
        "\\",
        "\t",
        "\n",
        "\r",
        " ",
        "é",
        "日本",
        "---",
        "...",
        "{",
        "}",
        "[",
        "]",
        ",",
        "&a",
        "*a",
        "!",
        "|",
        ">",
        "%",
        "@",
        "`",
        "a",
        "b c",
        "12",
        "1.5",
        "-1",
        "+1",
        "\u{7}",
        "\u{85}",
        "\u{2028}",
        "\u{feff}",
        "2001-12-14",
        "x:",
        "0",
        "",
    ];

    fn gen_string(r: &mut Rng) -> String {
        let n = r.below(4);
        (0..n)
            .map(|_| PIECES[r.below(PIECES.len() as u64) as usize])
            .collect()
    }

    fn gen(r: &mut Rng, depth: u32) -> Node {
        let choice = if depth > 3 { r.below(6) } else { r.below(8) };
        let value = match choice {
            0 => Value::Null,
            1 => Value::Bool(r.below(2) == 0),
            2 => Value::Int(r.next() as i64 >> r.below(64)),
            3 => {
                let f = match r.below(4) {
                    0 => (r.below(1000) as f64 + 0.5) / 7.0,
                    1 => 1e20 * (r.below(100) + 1) as f64,
                    2 => -1.5e-7 * (r.below(100) + 1) as f64,
                    _ => 0.25,
                };
                crate::yaml::normalize_float(f)
            }
            4 | 5 => Value::String(gen_string(r).into()),
            6 => Value::Seq((0..r.below(4)).map(|_| gen(r, depth + 1)).collect()),
            _ => {
                let mut m = Map::new();
                for _ in 0..r.below(4) {
                    let k = gen_string(r);
                    if !m.contains_key(&k) {
                        m.push(Entry {
                            key: k.into(),
                            key_span: Span::default(),
                            value: gen(r, depth + 1),
                        });
                    }
                }
                Value::Map(m)
            }
        };
        Node::synthetic(value)
    }

    #[test]
    fn round_trip_property() {
        let mut r = Rng(0x9E37_79B9_7F4A_7C15);
        let mut quoted = 0;
        for i in 0..3000 {
            let mut v = gen(&mut r, 0);
            if i % 2 == 0 {
                // Most documents are mappings; make sure deep block layouts get exercised.
                let mut m = Map::new();
                m.insert("spec", v);
                m.insert("list", gen(&mut r, 1));
                v = Node::synthetic(Value::Map(m));
            }
            let text = emit_document(&v);
            quoted += usize::from(text.contains(['\'', '"', '|']));
            let docs = load(&text);
            assert_eq!(docs.len(), 1, "case {i}: {text:?}");
            let d = &docs[0];
            assert!(d.errors.is_empty(), "case {i}: {text:?}: {:?}", d.errors);
            let back = d
                .root
                .clone()
                .unwrap_or_else(|| Node::synthetic(Value::Null));
            assert!(
                back.value_eq(&v),
                "case {i}:\n{text}\nread back as {:?}\nwanted {:?}",
                back.to_json(),
                v.to_json()
            );
        }
        assert!(
            quoted > 1000,
            "the generator should produce strings that need quoting"
        );
    }
}
