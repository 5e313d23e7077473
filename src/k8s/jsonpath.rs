//! The Kubernetes JSONPath dialect (client-go `util/jsonpath`), as used by CRD
//! `additionalPrinterColumns[].jsonPath`.
//!
//! Two layers of checking apply to a printer column path:
//!
//! * CRD validation only requires a "simple JSON path": it must start with `.`
//!   ([`validate_simple_json_path`], §1.11 of the digest).
//! * When the server builds the table convertor it parses `{<path>}` with the client-go parser;
//!   a failure makes the resource's table output unusable (`unrecognized column definition`).
//!   [`parse_template`] reproduces that parser and its error texts, and [`simple_steps`] reduces
//!   a parsed path to field/index steps that a linter can resolve against a schema.
//!
//! The parser is a port of client-go's behaviour (not its code), including its quirks: a
//! bracketed key `['a.b']` is re-parsed as `.a.b` (two fields), `[*]` is the slice `[:]`, and a
//! number is an integer when `strconv.Atoi` accepts it, else a float.

use super::field::go_is_print;

/// A parsed node (client-go `Node`).
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// Literal text outside `{}` (or a quoted string inside).
    Text(String),
    /// `.name` (backslashes removed).
    Field(String),
    /// `.*`
    Wildcard,
    /// `..`
    Recursive,
    /// `[start:end:step]`; `[i]` is `[i:i+1]` with `end` marked derived.
    Array([SliceParam; 3]),
    /// `[?(<left> <op> <right>)]`, or `exists` with an empty right side.
    Filter {
        left: Vec<Node>,
        right: Vec<Node>,
        op: String,
    },
    /// `[a,b]`: one node list per alternative.
    Union(Vec<Vec<Node>>),
    /// A keyword such as `range` / `end`.
    Identifier(String),
    Int(i64),
    Float(f64),
    Bool(bool),
    /// One `{...}` action.
    List(Vec<Node>),
}

/// One slice parameter (`ParamsEntry`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SliceParam {
    pub value: i64,
    pub known: bool,
    pub derived: bool,
}

/// Limit on nested re-parsing (unions, filters, bracketed keys); client-go has none, but the
/// input is user data.
const MAX_NESTING: usize = 64;

/// `validateSimpleJSONPath` as CRD validation applies it to printer columns: the message when
/// the path is not acceptable (`must be a simple json path starting with .`), else `None`.
pub fn validate_simple_json_path(path: &str) -> Option<&'static str> {
    if path.starts_with('.') {
        None
    } else {
        Some("must be a simple json path starting with .")
    }
}

/// Parses a template the way client-go `jsonpath.Parse` does; the result is the root list.
pub fn parse_template(text: &str) -> Result<Vec<Node>, String> {
    let mut p = Parser {
        input: text,
        pos: 0,
        start: 0,
        width: 0,
        depth: 0,
    };
    p.parse_text()
}

/// The table convertor's parse of a printer column path: `{<path>}`, with its error text on
/// failure (`unrecognized column definition "<path>"` is what the server then reports; the
/// parser's own reason is returned here so a linter can show both).
pub fn parse_column_path(path: &str) -> Result<Vec<Node>, String> {
    parse_template(&format!("{{{path}}}"))
}

/// A step of a path that only selects fields and array elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Field(String),
    /// `[i]` (a single index, negative allowed).
    Index(i64),
    /// `[*]`, `[:]`, `.*`, any slice, or a filter `[?(...)]`: some or all elements (or map
    /// values for `.*`); for schema resolution this is "the items schema".
    AnyElement,
}

/// Reduces a parsed column path to plain steps when it consists of one action made of fields,
/// wildcards, array selections and filters (`conditions[?(@.type=="Ready")].status`, the common
/// printer-column idiom); `None` when it uses recursion, unions, text or identifiers (those
/// cannot be resolved statically in a useful way).
pub fn simple_steps(nodes: &[Node]) -> Option<Vec<Step>> {
    let [Node::List(list)] = nodes else {
        return None;
    };
    list.iter()
        .map(|n| match n {
            Node::Field(f) => Some(Step::Field(f.clone())),
            Node::Wildcard | Node::Filter { .. } => Some(Step::AnyElement),
            Node::Array([start, end, step]) => {
                if start.known && end.derived && !step.known {
                    Some(Step::Index(start.value))
                } else {
                    Some(Step::AnyElement)
                }
            }
            _ => None,
        })
        .collect()
}

struct Parser<'a> {
    input: &'a str,
    pos: usize,
    start: usize,
    width: usize,
    depth: usize,
}

const EOF: Option<char> = None;

/// Go `%#U`: `U+007B '{'`, or just `U+000A` when not printable.
fn go_sharp_u(c: char) -> String {
    if go_is_print(c) {
        format!("U+{:04X} '{c}'", c as u32)
    } else {
        format!("U+{:04X}", c as u32)
    }
}

fn is_terminator(r: Option<char>) -> bool {
    match r {
        None => true,
        Some(c) => matches!(
            c,
            ' ' | '\t' | '\r' | '\n' | '.' | ',' | '[' | ']' | '$' | '@' | '{' | '}'
        ),
    }
}

fn is_alnum(c: char) -> bool {
    c == '_' || c.is_alphabetic() || is_go_digit(c)
}

/// Go `unicode.IsDigit` (category Nd). Rust's `is_numeric` also covers Nl and No; the common
/// non-decimal numerics (superscripts, fractions, Roman numerals, circled numbers) are excluded,
/// which is exact for everything a printer column path plausibly contains.
fn is_go_digit(c: char) -> bool {
    c.is_ascii_digit()
        || (!c.is_ascii()
            && c.is_numeric()
            && !matches!(c as u32, 0x00B2..=0x00BE | 0x2070..=0x2089 | 0x2150..=0x218B | 0x2460..=0x24FF | 0x2776..=0x2793 | 0x3007 | 0x3021..=0x3029 | 0x3038..=0x303A))
}

impl<'a> Parser<'a> {
    fn next(&mut self) -> Option<char> {
        match self.input[self.pos..].chars().next() {
            None => {
                self.width = 0;
                EOF
            }
            Some(c) => {
                self.width = c.len_utf8();
                self.pos += self.width;
                Some(c)
            }
        }
    }

    fn peek(&mut self) -> Option<char> {
        let r = self.next();
        self.backup();
        r
    }

    fn backup(&mut self) {
        self.pos -= self.width;
    }

    fn consume_text(&mut self) -> &'a str {
        let v = &self.input[self.start..self.pos];
        self.start = self.pos;
        v
    }

    fn rest(&self) -> &'a str {
        &self.input[self.pos..]
    }

    fn parse_text(&mut self) -> Result<Vec<Node>, String> {
        let mut root = Vec::new();
        loop {
            if self.rest().starts_with('{') {
                if self.pos > self.start {
                    root.push(Node::Text(self.consume_text().to_string()));
                }
                self.pos += 1;
                self.consume_text();
                let list = self.parse_inside_action()?;
                root.push(Node::List(list));
                // parse_inside_action stopped at `}`.
                self.pos += 1;
                self.consume_text();
                continue;
            }
            if self.next().is_none() {
                break;
            }
        }
        if self.pos > self.start {
            root.push(Node::Text(self.consume_text().to_string()));
        }
        Ok(root)
    }

    /// Parses nodes until the closing `}` (left unconsumed).
    fn parse_inside_action(&mut self) -> Result<Vec<Node>, String> {
        let mut cur: Vec<Node> = Vec::new();
        loop {
            let rest = self.rest();
            if rest.starts_with('}') {
                return Ok(cur);
            }
            if rest.starts_with("[?(") {
                let f = self.parse_filter()?;
                cur.push(f);
                continue;
            }
            if rest.starts_with("..") {
                if matches!(cur.last(), Some(Node::Recursive)) {
                    return Err("invalid multiple recursive descent".into());
                }
                self.pos += 2;
                self.consume_text();
                cur.push(Node::Recursive);
                if self.peek().is_some_and(is_alnum) {
                    cur.push(self.parse_field());
                }
                continue;
            }
            match self.next() {
                None | Some('\r') | Some('\n') => return Err("unclosed action".into()),
                Some(' ') | Some('@') | Some('$') => {
                    self.consume_text();
                }
                Some('[') => {
                    let nodes = self.parse_array()?;
                    cur.extend(nodes);
                }
                Some(q @ ('"' | '\'')) => {
                    let t = self.parse_quote(q)?;
                    cur.push(t);
                }
                Some('.') => cur.push(self.parse_field()),
                Some(c) if c == '+' || c == '-' || is_go_digit(c) => {
                    self.backup();
                    cur.push(self.parse_number()?);
                }
                Some(c) if is_alnum(c) => {
                    self.backup();
                    cur.push(self.parse_identifier());
                }
                Some(c) => {
                    return Err(format!(
                        "unrecognized character in action: {}",
                        go_sharp_u(c)
                    ))
                }
            }
        }
    }

    fn parse_identifier(&mut self) -> Node {
        loop {
            let r = self.next();
            if is_terminator(r) {
                if r.is_some() {
                    self.backup();
                }
                break;
            }
        }
        let v = self.consume_text();
        match v {
            "true" => Node::Bool(true),
            "false" => Node::Bool(false),
            _ => Node::Identifier(v.to_string()),
        }
    }

    fn parse_number(&mut self) -> Result<Node, String> {
        if matches!(self.peek(), Some('+' | '-')) {
            self.next();
        }
        loop {
            let r = self.next();
            if !matches!(r, Some(c) if c == '.' || is_go_digit(c)) {
                if r.is_some() {
                    self.backup();
                }
                break;
            }
        }
        let v = self.consume_text();
        if let Ok(i) = go_atoi(v) {
            return Ok(Node::Int(i));
        }
        if let Ok(f) = go_parse_float(v) {
            return Ok(Node::Float(f));
        }
        Err(format!("cannot parse number {v}"))
    }

    fn parse_array(&mut self) -> Result<Vec<Node>, String> {
        loop {
            match self.next() {
                None | Some('\n') => return Err("unterminated array".into()),
                Some(']') => break,
                _ => {}
            }
        }
        let raw = self.consume_text();
        let mut text = &raw[1..raw.len() - 1];
        if text == "*" {
            text = ":";
        }
        let parts: Vec<&str> = text.split(',').collect();
        if parts.len() > 1 {
            let mut union = Vec::new();
            for part in parts {
                union.push(self.parse_action(&format!("[{}]", part.trim_matches(' ')))?);
            }
            return Ok(vec![Node::Union(union)]);
        }
        // `['key']`: re-parsed as `.key` (so dots inside the key split it, as upstream).
        if text.len() >= 2 && text.starts_with('\'') && text.ends_with('\'') {
            let inner = &text[1..text.len() - 1];
            if !inner.contains('\'') {
                return self.parse_action(&format!(".{inner}"));
            }
        }
        let params = parse_slice(text)?;
        Ok(vec![Node::Array(params)])
    }

    /// client-go `parseAction`: parses `{text}` in a fresh parser and returns its first list.
    fn parse_action(&self, text: &str) -> Result<Vec<Node>, String> {
        if self.depth >= MAX_NESTING {
            return Err("jsonpath expression nests too deeply".into());
        }
        let wrapped = format!("{{{text}}}");
        let mut p = Parser {
            input: &wrapped,
            pos: 0,
            start: 0,
            width: 0,
            depth: self.depth + 1,
        };
        let root = p.parse_text()?;
        match root.into_iter().next() {
            Some(Node::List(l)) => Ok(l),
            // Unreachable for a `{...}` input, but keep the parse total.
            _ => Ok(Vec::new()),
        }
    }

    fn parse_filter(&mut self) -> Result<Node, String> {
        self.pos += 3;
        self.consume_text();
        let mut begin = false;
        let mut end = false;
        let mut pair = '\0';
        loop {
            let r = self.next();
            match r {
                None | Some('\n') => return Err("unterminated filter".into()),
                Some(q @ ('"' | '\'')) => {
                    if !begin {
                        begin = true;
                        pair = q;
                        continue;
                    }
                    let prev = self.input.as_bytes().get(self.pos.wrapping_sub(2));
                    if prev != Some(&b'\\') && q == pair {
                        end = true;
                    }
                }
                Some(')') if begin == end => break,
                _ => {}
            }
        }
        if self.next() != Some(']') {
            return Err("unclosed array expect ]".into());
        }
        let raw = self.consume_text();
        let text = &raw[..raw.len() - 2];
        match split_filter(text) {
            None => {
                let left = self.parse_action(text)?;
                Ok(Node::Filter {
                    left,
                    right: Vec::new(),
                    op: "exists".into(),
                })
            }
            Some((l, op, r)) => {
                let left = self.parse_action(l)?;
                let right = self.parse_action(r)?;
                Ok(Node::Filter {
                    left,
                    right,
                    op: op.to_string(),
                })
            }
        }
    }

    fn parse_quote(&mut self, end: char) -> Result<Node, String> {
        loop {
            match self.next() {
                None | Some('\n') => return Err("unterminated quoted string".into()),
                Some(c) if c == end => {
                    let prev = self.input.as_bytes().get(self.pos.wrapping_sub(2));
                    if prev != Some(&b'\\') {
                        break;
                    }
                }
                _ => {}
            }
        }
        let v = self.consume_text();
        match unquote_extend(v) {
            Ok(s) => Ok(Node::Text(s)),
            Err(e) => Err(format!("unquote string {v} error {e}")),
        }
    }

    fn parse_field(&mut self) -> Node {
        self.consume_text();
        loop {
            let r = self.next();
            if r == Some('\\') {
                self.next();
            } else if is_terminator(r) {
                if r.is_some() {
                    self.backup();
                }
                break;
            }
        }
        let v = self.consume_text();
        if v == "*" {
            Node::Wildcard
        } else {
            Node::Field(v.replace('\\', ""))
        }
    }
}

/// `^([^!<>=]+)([!<>=~]+)(.+?)$` on the filter text, with the regex's backtracking made
/// explicit: the left side is the longest non-empty prefix free of `!<>=` that is followed by an
/// operator run and at least one more character.
fn split_filter(text: &str) -> Option<(&str, &str, &str)> {
    let b = text.as_bytes();
    let is_op = |c: u8| matches!(c, b'!' | b'<' | b'>' | b'=' | b'~');
    let max_k = b
        .iter()
        .position(|&c| matches!(c, b'!' | b'<' | b'>' | b'='))
        .unwrap_or(b.len());
    for k in (1..=max_k).rev() {
        if k >= b.len() || !is_op(b[k]) {
            continue;
        }
        let run = b[k..].iter().take_while(|&&c| is_op(c)).count();
        let op = run.min(b.len() - k - 1);
        if op == 0 {
            continue;
        }
        return Some((&text[..k], &text[k..k + op], &text[k + op..]));
    }
    None
}

/// `^(-?[\d]*)(:-?[\d]*)?(:-?[\d]*)?$` and client-go's conversion to slice parameters: an
/// absent end is derived as `start + 1` (a plain index), an empty one is unknown.
fn parse_slice(text: &str) -> Result<[SliceParam; 3], String> {
    let parts: Vec<&str> = text.split(':').collect();
    let shape = |g: &&str| {
        let d = g.strip_prefix('-').unwrap_or(g);
        d.bytes().all(|b| b.is_ascii_digit())
    };
    if parts.len() > 3 || !parts.iter().all(shape) {
        return Err(format!("invalid array index {text}"));
    }
    let mut params = [SliceParam::default(); 3];
    for i in 0..3 {
        let present = if i == 0 {
            !parts[0].is_empty()
        } else {
            i < parts.len()
        };
        if present {
            let v = parts[i];
            if i > 0 && v.is_empty() {
                params[i].known = false;
            } else {
                params[i].known = true;
                params[i].value =
                    go_atoi(v).map_err(|_| format!("array index {v} is not a number"))?;
            }
        } else if i == 1 {
            params[1] = SliceParam {
                value: params[0].value.wrapping_add(1),
                known: true,
                derived: true,
            };
        }
    }
    Ok(params)
}

/// Go `strconv.Atoi`: optional sign, ASCII digits, no overflow.
fn go_atoi(s: &str) -> Result<i64, ()> {
    let d = s.strip_prefix(['+', '-']).unwrap_or(s);
    if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    s.strip_prefix('+')
        .unwrap_or(s)
        .parse::<i64>()
        .map_err(|_| ())
}

/// Go `strconv.ParseFloat` for the digit-and-dot strings the number scanner produces.
fn go_parse_float(s: &str) -> Result<f64, ()> {
    let d = s.strip_prefix(['+', '-']).unwrap_or(s);
    if d.is_empty() || d == "." || d.matches('.').count() > 1 {
        return Err(());
    }
    s.parse::<f64>().map_err(|_| ())
}

/// client-go `UnquoteExtend`: Go `strconv.Unquote` rules, also for single-quoted strings.
fn unquote_extend(s: &str) -> Result<String, &'static str> {
    const SYNTAX: &str = "invalid syntax";
    let b = s.as_bytes();
    if b.len() < 2 || b[0] != b[b.len() - 1] || (b[0] != b'"' && b[0] != b'\'') {
        return Err(SYNTAX);
    }
    let quote = b[0] as char;
    let body = &s[1..s.len() - 1];
    let mut out = String::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c == quote {
            return Err(SYNTAX);
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        let e = chars.next().ok_or(SYNTAX)?;
        let ch = match e {
            'a' => '\u{7}',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'v' => '\u{b}',
            '\\' => '\\',
            '\'' | '"' if e == quote => e,
            'x' | 'u' | 'U' => {
                let n = match e {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let mut v = 0u32;
                for _ in 0..n {
                    let d = chars.next().and_then(|c| c.to_digit(16)).ok_or(SYNTAX)?;
                    v = v * 16 + d;
                }
                if e == 'x' {
                    // A byte value; non-ASCII bytes would make invalid UTF-8, which Rust
                    // strings cannot hold, so they are rejected here (Go would accept them).
                    if v >= 0x80 {
                        return Err(SYNTAX);
                    }
                }
                char::from_u32(v).ok_or(SYNTAX)?
            }
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    let d = chars.next().and_then(|c| c.to_digit(8)).ok_or(SYNTAX)?;
                    v = v * 8 + d;
                }
                if v > 255 || v >= 0x80 {
                    return Err(SYNTAX);
                }
                char::from_u32(v).ok_or(SYNTAX)?
            }
            _ => return Err(SYNTAX),
        };
        out.push(ch);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(p: &str) -> Option<Vec<Step>> {
        simple_steps(&parse_column_path(p).unwrap_or_else(|e| panic!("{p}: {e}")))
    }

    #[test]
    fn simple_paths() {
        assert_eq!(
            steps(".spec.replicas"),
            Some(vec![
                Step::Field("spec".into()),
                Step::Field("replicas".into())
            ])
        );
        assert_eq!(
            steps(".status.conditions[0].type"),
            Some(vec![
                Step::Field("status".into()),
                Step::Field("conditions".into()),
                Step::Index(0),
                Step::Field("type".into())
            ])
        );
        assert_eq!(
            steps(".a[*].b"),
            Some(vec![
                Step::Field("a".into()),
                Step::AnyElement,
                Step::Field("b".into())
            ])
        );
        // The bracketed key is re-parsed as `.a.b`.
        assert_eq!(
            steps(".x['a.b']"),
            Some(vec![
                Step::Field("x".into()),
                Step::Field("a".into()),
                Step::Field("b".into())
            ])
        );
        assert_eq!(
            steps(r".metadata.labels.app\.kubernetes\.io/name").map(|s| s.len()),
            Some(3)
        );
        assert_eq!(steps("..name"), None);
        assert_eq!(
            steps(".a[?(@.b=='x')].c"),
            Some(vec![
                Step::Field("a".into()),
                Step::AnyElement,
                Step::Field("c".into())
            ])
        );
        assert_eq!(steps(".a[0,1]"), None);
    }

    #[test]
    fn parse_errors() {
        assert_eq!(parse_column_path(".a[").unwrap_err(), "unterminated array");
        assert_eq!(
            parse_column_path(".a[x]").unwrap_err(),
            "invalid array index x"
        );
        assert_eq!(
            parse_column_path(".a{").unwrap_err(),
            "unrecognized character in action: U+007B '{'"
        );
        assert_eq!(parse_template("{.a").unwrap_err(), "unclosed action");
        assert_eq!(
            parse_column_path("....a").unwrap_err(),
            "invalid multiple recursive descent"
        );
        assert_eq!(
            parse_column_path(".a[?(@.b").unwrap_err(),
            "unterminated filter"
        );
        assert_eq!(
            parse_column_path(r#""abc"#).unwrap_err(),
            "unterminated quoted string"
        );
        assert_eq!(
            parse_column_path(".a[-]").unwrap_err(),
            "array index - is not a number"
        );
        assert!(parse_column_path(".a[1:2:3]").is_ok());
        assert!(parse_column_path(".items[?(@.kind==\"Pod\")]").is_ok());
        assert!(parse_column_path("range .items").is_ok());
    }

    /// Every printer column of the corpus CRDs (served by real API servers) parses, and nearly
    /// all reduce to simple steps.
    #[test]
    fn corpus_printer_columns_parse() {
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
        let Ok(manifest) = std::fs::read_to_string(corpus.join("MANIFEST.tsv")) else {
            println!("skipped: {} not found", corpus.display());
            return;
        };
        let mut paths = Vec::new();
        for line in manifest.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            let (Some(&"crd"), Some(path)) = (cols.get(5), cols.get(4)) else {
                continue;
            };
            let Ok(text) = std::fs::read_to_string(corpus.join(path)) else {
                continue;
            };
            for doc in crate::yaml::load(&text) {
                let Some(root) = &doc.root else { continue };
                let versions = root
                    .at(&["spec", "versions"])
                    .and_then(crate::yaml::Node::as_seq);
                for v in versions.unwrap_or_default() {
                    let cols = v
                        .get("additionalPrinterColumns")
                        .and_then(crate::yaml::Node::as_seq);
                    for c in cols.unwrap_or_default() {
                        if let Some(p) = c.get_str("jsonPath") {
                            paths.push(p.to_string());
                        }
                    }
                }
            }
        }
        paths.sort();
        paths.dedup();
        let mut failures = Vec::new();
        let mut simple = 0;
        for p in &paths {
            match parse_column_path(p) {
                Ok(nodes) => simple += usize::from(simple_steps(&nodes).is_some()),
                Err(e) => failures.push(format!("{p:?}: {e}")),
            }
        }
        println!(
            "corpus: {} distinct column paths, {simple} simple",
            paths.len()
        );
        assert!(paths.len() > 50, "expected the corpus printer columns");
        assert!(
            simple * 10 >= paths.len() * 9,
            "most column paths should be simple"
        );
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn simple_json_path_rule() {
        assert_eq!(validate_simple_json_path(".spec"), None);
        assert_eq!(
            validate_simple_json_path("spec"),
            Some("must be a simple json path starting with .")
        );
    }
}
