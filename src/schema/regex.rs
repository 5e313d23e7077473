//! Go RE2 patterns on the Rust `regex` crate: a translator that parses a pattern with Go's
//! `regexp/syntax` rules (Perl flags, as `regexp.Compile` uses) and emits an equivalent Rust
//! pattern, plus a process-wide cache of compiled patterns.
//!
//! Why a translator: the two engines share a design but not a syntax. Where they differ
//! (dependencies.md §3.5), the Go meaning is produced explicitly:
//!
//! | Go | Rust default | emitted |
//! |---|---|---|
//! | `\d \s \w \b` are ASCII | Unicode | `[0-9]`, `[\t\n\f\r ]`, `[0-9A-Za-z_]`, `(?-u:\b)` |
//! | `\Q...\E` literal text | unsupported | each character escaped |
//! | octal `\101` | needs a flag | `\x{41}` |
//! | `[a&&b]`, `[a--b]`, `[a~~b]` are literal characters | set operations | punctuation is always emitted as `\x{..}` |
//! | `a{,3}`, `a{01}` are literal text | error / repetition | `{` emitted as a literal |
//! | `a{1001}` is an error | accepted | Go error |
//! | `\<`, `\_` are literal characters | word-boundary / error | literal |
//! | lookaround, backreferences, `\Z`, `\C`, `\e` | rejected | Go's error text |
//! | `(?P<n>x)`, `(?<n>x)` | named group (duplicates rejected) | plain group (names do not affect matching) |
//! | `\p{Cs}` (surrogates) | error | an empty class |
//!
//! Errors carry Go's text, e.g. ``error parsing regexp: missing closing ]: `[a-z` `` — the
//! server prints them verbatim (`must be a valid regular expression, but isn't: <err>`).

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, RwLock};

use regex::{Regex, RegexBuilder};

/// Go's `syntax.ErrorCode` texts.
mod code {
    pub const INVALID_CHAR_RANGE: &str = "invalid character class range";
    pub const INVALID_ESCAPE: &str = "invalid escape sequence";
    pub const INVALID_NAMED_CAPTURE: &str = "invalid named capture";
    pub const INVALID_PERL_OP: &str = "invalid or unsupported Perl syntax";
    pub const INVALID_REPEAT_OP: &str = "invalid nested repetition operator";
    pub const INVALID_REPEAT_SIZE: &str = "invalid repeat count";
    pub const MISSING_BRACKET: &str = "missing closing ]";
    pub const MISSING_PAREN: &str = "missing closing )";
    pub const MISSING_REPEAT_ARGUMENT: &str = "missing argument to repetition operator";
    pub const TRAILING_BACKSLASH: &str = "trailing backslash at end of expression";
    pub const UNEXPECTED_PAREN: &str = "unexpected )";
    pub const NESTING_DEPTH: &str = "expression nests too deeply";
    pub const LARGE: &str = "expression too large";
    pub const INTERNAL: &str = "regexp/syntax: internal error";
}

fn go_error(code: &str, expr: &str) -> String {
    format!("error parsing regexp: {code}: `{expr}`")
}

/// Go's limit on nesting (`maxHeight`), approximated by group depth.
const MAX_DEPTH: usize = 1000;
/// Compiled-size budget given to the Rust engine (see `compile_uncached`).
const RUST_SIZE_LIMIT: usize = 128 << 20;
/// Go's limit on repeat counts.
const MAX_REPEAT: i64 = 1000;

/// Unicode general categories Go accepts in `\p{..}`: canonical short name, then the aliases
/// Go 1.25+ also accepts (matched loosely: case, spaces, `_` and `-` ignored).
const CATEGORIES: &[(&str, &[&str])] = &[
    ("C", &["Other"]),
    ("Cc", &["Control", "cntrl"]),
    ("Cf", &["Format"]),
    ("Cn", &["Unassigned"]),
    ("Co", &["Private_Use"]),
    ("Cs", &["Surrogate"]),
    ("L", &["Letter"]),
    ("LC", &["Cased_Letter"]),
    ("Ll", &["Lowercase_Letter"]),
    ("Lm", &["Modifier_Letter"]),
    ("Lo", &["Other_Letter"]),
    ("Lt", &["Titlecase_Letter"]),
    ("Lu", &["Uppercase_Letter"]),
    ("M", &["Mark", "Combining_Mark"]),
    ("Mc", &["Spacing_Mark"]),
    ("Me", &["Enclosing_Mark"]),
    ("Mn", &["Nonspacing_Mark"]),
    ("N", &["Number"]),
    ("Nd", &["Decimal_Number", "digit"]),
    ("Nl", &["Letter_Number"]),
    ("No", &["Other_Number"]),
    ("P", &["Punctuation", "punct"]),
    ("Pc", &["Connector_Punctuation"]),
    ("Pd", &["Dash_Punctuation"]),
    ("Pe", &["Close_Punctuation"]),
    ("Pf", &["Final_Punctuation"]),
    ("Pi", &["Initial_Punctuation"]),
    ("Po", &["Other_Punctuation"]),
    ("Ps", &["Open_Punctuation"]),
    ("S", &["Symbol"]),
    ("Sc", &["Currency_Symbol"]),
    ("Sk", &["Modifier_Symbol"]),
    ("Sm", &["Math_Symbol"]),
    ("So", &["Other_Symbol"]),
    ("Z", &["Separator"]),
    ("Zl", &["Line_Separator"]),
    ("Zp", &["Paragraph_Separator"]),
    ("Zs", &["Space_Separator"]),
    ("Any", &[]),
    ("ASCII", &[]),
    ("Assigned", &[]),
];

/// Go's `unicode.Scripts` (Unicode 15).
const SCRIPTS: &[&str] = &[
    "Adlam",
    "Ahom",
    "Anatolian_Hieroglyphs",
    "Arabic",
    "Armenian",
    "Avestan",
    "Balinese",
    "Bamum",
    "Bassa_Vah",
    "Batak",
    "Bengali",
    "Bhaiksuki",
    "Bopomofo",
    "Brahmi",
    "Braille",
    "Buginese",
    "Buhid",
    "Canadian_Aboriginal",
    "Carian",
    "Caucasian_Albanian",
    "Chakma",
    "Cham",
    "Cherokee",
    "Chorasmian",
    "Common",
    "Coptic",
    "Cuneiform",
    "Cypriot",
    "Cypro_Minoan",
    "Cyrillic",
    "Deseret",
    "Devanagari",
    "Dives_Akuru",
    "Dogra",
    "Duployan",
    "Egyptian_Hieroglyphs",
    "Elbasan",
    "Elymaic",
    "Ethiopic",
    "Georgian",
    "Glagolitic",
    "Gothic",
    "Grantha",
    "Greek",
    "Gujarati",
    "Gunjala_Gondi",
    "Gurmukhi",
    "Han",
    "Hangul",
    "Hanifi_Rohingya",
    "Hanunoo",
    "Hatran",
    "Hebrew",
    "Hiragana",
    "Imperial_Aramaic",
    "Inherited",
    "Inscriptional_Pahlavi",
    "Inscriptional_Parthian",
    "Javanese",
    "Kaithi",
    "Kannada",
    "Katakana",
    "Kawi",
    "Kayah_Li",
    "Kharoshthi",
    "Khitan_Small_Script",
    "Khmer",
    "Khojki",
    "Khudawadi",
    "Lao",
    "Latin",
    "Lepcha",
    "Limbu",
    "Linear_A",
    "Linear_B",
    "Lisu",
    "Lycian",
    "Lydian",
    "Mahajani",
    "Makasar",
    "Malayalam",
    "Mandaic",
    "Manichaean",
    "Marchen",
    "Masaram_Gondi",
    "Medefaidrin",
    "Meetei_Mayek",
    "Mende_Kikakui",
    "Meroitic_Cursive",
    "Meroitic_Hieroglyphs",
    "Miao",
    "Modi",
    "Mongolian",
    "Mro",
    "Multani",
    "Myanmar",
    "Nabataean",
    "Nag_Mundari",
    "Nandinagari",
    "New_Tai_Lue",
    "Newa",
    "Nko",
    "Nushu",
    "Nyiakeng_Puachue_Hmong",
    "Ogham",
    "Ol_Chiki",
    "Old_Hungarian",
    "Old_Italic",
    "Old_North_Arabian",
    "Old_Permic",
    "Old_Persian",
    "Old_Sogdian",
    "Old_South_Arabian",
    "Old_Turkic",
    "Old_Uyghur",
    "Oriya",
    "Osage",
    "Osmanya",
    "Pahawh_Hmong",
    "Palmyrene",
    "Pau_Cin_Hau",
    "Phags_Pa",
    "Phoenician",
    "Psalter_Pahlavi",
    "Rejang",
    "Runic",
    "Samaritan",
    "Saurashtra",
    "Sharada",
    "Shavian",
    "Siddham",
    "SignWriting",
    "Sinhala",
    "Sogdian",
    "Sora_Sompeng",
    "Soyombo",
    "Sundanese",
    "Syloti_Nagri",
    "Syriac",
    "Tagalog",
    "Tagbanwa",
    "Tai_Le",
    "Tai_Tham",
    "Tai_Viet",
    "Takri",
    "Tamil",
    "Tangsa",
    "Tangut",
    "Telugu",
    "Thaana",
    "Thai",
    "Tibetan",
    "Tifinagh",
    "Tirhuta",
    "Toto",
    "Ugaritic",
    "Vai",
    "Vithkuqi",
    "Wancho",
    "Warang_Citi",
    "Yezidi",
    "Yi",
    "Zanabazar_Square",
];

const POSIX_CLASSES: &[&str] = &[
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "word", "xdigit",
];

fn loose(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The Rust class text for a Go Unicode class name, or `None` when Go does not know the name.
fn unicode_class(name: &str, negated: bool) -> Option<String> {
    let l = loose(name);
    let canon = CATEGORIES
        .iter()
        .find(|(short, aliases)| loose(short) == l || aliases.iter().any(|a| loose(a) == l))
        .map(|(short, _)| *short)
        .or_else(|| SCRIPTS.iter().copied().find(|s| loose(s) == l))?;
    let all = r"\x{0}-\x{10FFFF}";
    Some(match (canon, negated) {
        // Surrogates cannot occur in UTF-8 text; Rust rejects the class outright.
        ("Cs", false) => format!("[^{all}]"),
        ("Cs", true) => format!("[{all}]"),
        // Go's `C` is Cc|Cf|Co|Cs, without the unassigned code points Rust's `C` includes.
        ("C", false) => r"[\p{Cc}\p{Cf}\p{Co}]".to_string(),
        ("C", true) => r"[^\p{Cc}\p{Cf}\p{Co}]".to_string(),
        (c, false) => format!(r"\p{{{c}}}"),
        (c, true) => format!(r"\P{{{c}}}"),
    })
}

/// A literal character in a form that means the same inside and outside a class in Rust.
fn lit(c: char) -> String {
    if c.is_ascii_alphanumeric() || (!c.is_ascii() && !c.is_whitespace() && !c.is_control()) {
        c.to_string()
    } else {
        format!("\\x{{{:X}}}", c as u32)
    }
}

/// One operand, with what Go's parser tracks about it for its limits: `size` is Go's
/// `calcSize` estimate of program instructions, `height` the parse-tree height (`checkHeight`),
/// `reps` the largest product of nested `{n,m}` counts (`repeatIsValid`).
#[derive(Clone, Debug)]
struct Atom {
    text: String,
    size: i64,
    height: u32,
    reps: i64,
    /// A single literal character (Go merges runs of them into one node).
    literal: bool,
}

impl Atom {
    fn leaf(text: impl Into<String>) -> Atom {
        Atom {
            text: text.into(),
            size: 1,
            height: 1,
            reps: 1,
            literal: false,
        }
    }
    fn lit(c: char) -> Atom {
        Atom {
            literal: true,
            ..Atom::leaf(lit(c))
        }
    }
}

#[derive(Clone, Debug)]
enum Item {
    /// Something a repetition can apply to.
    Atom(Atom),
    /// `(?i)` and friends: emitted in place, invisible to repetition (as in Go).
    Flags(String),
    /// `|`
    Bar,
}

struct Frame {
    /// `(`, `(?:`, `(?i:` ... for a group; empty for the top level.
    open: String,
    items: Vec<Item>,
}

/// Go's `maxSize`: 128 MiB of 40-byte instructions.
const MAX_SIZE: i64 = (128 << 20) / 40;

/// Translates a Go RE2 pattern into an equivalent Rust `regex` pattern, or returns Go's
/// compile error text.
pub fn translate(pattern: &str) -> Result<String, String> {
    let mut frames = vec![Frame {
        open: String::new(),
        items: Vec::new(),
    }];
    let s = pattern;
    let mut i = 0; // byte position
                   // Start of the previous token when it was a repetition operator (Go's `lastRepeat`).
    let mut last_repeat: Option<usize> = None;
    while i < s.len() {
        let t = &s[i..];
        let c = t.chars().next().unwrap_or('\0');
        let mut repeat: Option<usize> = None;
        match c {
            '(' => {
                if t.starts_with("(?") {
                    let (item, rest) = perl_flags(t)?;
                    match item {
                        PerlGroup::Open(open) => frames.push(Frame {
                            open,
                            items: Vec::new(),
                        }),
                        PerlGroup::Flags(f) => push(&mut frames, Item::Flags(f)),
                    }
                    i = s.len() - rest.len();
                } else {
                    frames.push(Frame {
                        open: "(".into(),
                        items: Vec::new(),
                    });
                    i += 1;
                }
            }
            '|' => {
                push(&mut frames, Item::Bar);
                i += 1;
            }
            ')' => {
                if frames.len() < 2 {
                    return Err(go_error(code::UNEXPECTED_PAREN, pattern));
                }
                let fr = frames
                    .pop()
                    .unwrap_or_else(|| unreachable!("checked above"));
                let mut a = summarize(&fr.items);
                a.text = format!("{}{})", fr.open, a.text);
                if fr.open == "(" {
                    a.size += 2;
                    a.height += 1;
                }
                check_limits(&a, pattern)?;
                push(&mut frames, Item::Atom(a));
                i += 1;
            }
            '^' | '$' | '.' => {
                push(&mut frames, Item::Atom(Atom::leaf(c)));
                i += 1;
            }
            '[' => {
                let (class, rest) = parse_class(t)?;
                push(&mut frames, Item::Atom(Atom::leaf(class)));
                i = s.len() - rest.len();
            }
            '*' | '+' | '?' => {
                let mut after = i + 1;
                let mut op = c.to_string();
                if s[after..].starts_with('?') {
                    after += 1;
                    op.push('?');
                }
                let rep = match c {
                    '*' => Rep::Star,
                    '+' => Rep::Plus,
                    _ => Rep::Quest,
                };
                let nested = last_repeat.map(|r| &s[r..after]);
                apply_repeat(&mut frames, rep, &op, &s[i..after], nested, pattern)?;
                repeat = Some(i);
                i = after;
            }
            '{' => match parse_repeat(t) {
                None => {
                    push(&mut frames, Item::Atom(Atom::lit('{')));
                    i += 1;
                }
                Some((min, max, rest)) => {
                    let mut after = s.len() - rest.len();
                    let text = &s[i..after];
                    if !(0..=MAX_REPEAT).contains(&min)
                        || max > MAX_REPEAT
                        || (max >= 0 && min > max)
                    {
                        return Err(go_error(code::INVALID_REPEAT_SIZE, text));
                    }
                    let mut op = if max == min {
                        format!("{{{min}}}")
                    } else if max < 0 {
                        format!("{{{min},}}")
                    } else {
                        format!("{{{min},{max}}}")
                    };
                    if s[after..].starts_with('?') {
                        after += 1;
                        op.push('?');
                    }
                    let nested = last_repeat.map(|r| &s[r..after]);
                    let rep = Rep::Count { min, max, text };
                    apply_repeat(&mut frames, rep, &op, &s[i..after], nested, pattern)?;
                    repeat = Some(i);
                    i = after;
                }
            },
            '\\' => {
                let (item, rest) = parse_backslash(t)?;
                for it in item {
                    push(&mut frames, it);
                }
                i = s.len() - rest.len();
            }
            c => {
                push(&mut frames, Item::Atom(Atom::lit(c)));
                i += c.len_utf8();
            }
        }
        last_repeat = repeat;
    }
    if frames.len() > 1 {
        return Err(go_error(code::MISSING_PAREN, pattern));
    }
    let top = frames.pop().map(|f| summarize(&f.items));
    let top = top.unwrap_or_else(|| Atom::leaf(""));
    check_limits(&top, pattern)?;
    Ok(top.text)
}

fn push(frames: &mut [Frame], item: Item) {
    if let Some(f) = frames.last_mut() {
        f.items.push(item);
    }
}

/// Go's size and nesting limits (`ErrLarge`, `ErrNestingDepth`), reported with the whole
/// pattern as Go does.
fn check_limits(a: &Atom, pattern: &str) -> Result<(), String> {
    if a.size > MAX_SIZE {
        return Err(go_error(code::LARGE, pattern));
    }
    if a.height as usize > MAX_DEPTH {
        return Err(go_error(code::NESTING_DEPTH, pattern));
    }
    Ok(())
}

/// The concatenation/alternation of a group's items as one operand, with Go's size and height
/// rules (runs of literals form one node; an empty branch is an empty match).
fn summarize(items: &[Item]) -> Atom {
    let mut text = String::new();
    let mut branches: Vec<(i64, u32)> = Vec::new();
    let mut reps = 1;
    // Per branch: size, number of nodes after merging literal runs, tallest node.
    let (mut size, mut nodes, mut tallest, mut in_literal_run) = (0i64, 0u32, 0u32, false);
    let close = |size: i64, nodes: u32, tallest: u32, branches: &mut Vec<(i64, u32)>| {
        let h = match nodes {
            0 => 1,
            1 => tallest,
            _ => tallest + 1,
        };
        branches.push((size.max(1), h));
    };
    for it in items {
        match it {
            Item::Flags(f) => text.push_str(f),
            Item::Bar => {
                text.push('|');
                close(size, nodes, tallest, &mut branches);
                (size, nodes, tallest, in_literal_run) = (0, 0, 0, false);
            }
            Item::Atom(a) => {
                text.push_str(&a.text);
                size = size.saturating_add(a.size);
                reps = reps.max(a.reps);
                if !(a.literal && in_literal_run) {
                    nodes += 1;
                }
                in_literal_run = a.literal;
                tallest = tallest.max(a.height);
            }
        }
    }
    close(size, nodes, tallest, &mut branches);
    let (size, height) = if branches.len() == 1 {
        branches[0]
    } else {
        let sum = branches.iter().fold(0i64, |a, b| a.saturating_add(b.0));
        let h = branches.iter().map(|b| b.1).max().unwrap_or(1);
        (sum.saturating_add(branches.len() as i64 - 1), h + 1)
    };
    let literal = items.len() == 1 && matches!(&items[0], Item::Atom(a) if a.literal);
    Atom {
        text,
        size,
        height,
        reps,
        literal,
    }
}

enum Rep<'a> {
    Star,
    Plus,
    Quest,
    Count { min: i64, max: i64, text: &'a str },
}

/// Go `repeat()`: nested repetition and missing-operand checks, the nested repeat-count limit,
/// then wraps the operand.
fn apply_repeat(
    frames: &mut [Frame],
    rep: Rep<'_>,
    op: &str,
    op_text: &str,
    nested: Option<&str>,
    pattern: &str,
) -> Result<(), String> {
    if let Some(n) = nested {
        return Err(go_error(code::INVALID_REPEAT_OP, n));
    }
    let Some(frame) = frames.last_mut() else {
        return Err(go_error(code::MISSING_REPEAT_ARGUMENT, op_text));
    };
    let target = frame
        .items
        .iter_mut()
        .rev()
        .find(|it| !matches!(it, Item::Flags(_)));
    let Some(Item::Atom(a)) = target else {
        return Err(go_error(code::MISSING_REPEAT_ARGUMENT, op_text));
    };
    let (size, reps) = match rep {
        Rep::Star => (a.size.saturating_add(2), a.reps),
        Rep::Plus | Rep::Quest => (a.size.saturating_add(1), a.reps),
        Rep::Count { min, max, text } => {
            // repeatIsValid: the product of nested counts (a `{0}` cuts the chain, `{0,}`
            // counts as 1) may not exceed 1000.
            let reps = match (min, max) {
                (_, 0) => 1,
                (0, -1) => a.reps,
                (m, -1) => m.saturating_mul(a.reps),
                (_, m) => m.saturating_mul(a.reps),
            };
            if (min >= 2 || max >= 2) && max != 0 && reps > MAX_REPEAT {
                return Err(go_error(code::INVALID_REPEAT_SIZE, text));
            }
            let size = match (min, max) {
                (0, -1) => a.size.saturating_add(2),
                (m, -1) => m.saturating_mul(a.size).saturating_add(1),
                (mn, mx) => mx.saturating_mul(a.size).saturating_add(mx - mn),
            };
            (size.max(1), reps)
        }
    };
    // Grouping keeps the operand whole and makes assertions (`^*`) repeatable.
    *a = Atom {
        text: format!("(?:{}){op}", a.text),
        size,
        height: a.height + 1,
        reps,
        literal: false,
    };
    check_limits(a, pattern)
}

/// Go `parseRepeat`: `{n}`, `{n,}`, `{n,m}` with decimal numbers without leading zeros;
/// `None` means `{` is a literal. Numbers over 1e8 come back as -1 (rejected by the caller).
fn parse_repeat(t: &str) -> Option<(i64, i64, &str)> {
    let s = t.strip_prefix('{')?;
    let (min, s) = parse_int(s)?;
    let (max, s) = if let Some(s) = s.strip_prefix(',') {
        if let Some(rest) = s.strip_prefix('}') {
            return Some((min, -1, rest));
        }
        let (max, s) = parse_int(s)?;
        // An overlong max makes the whole repeat invalid (Go sets min to -1).
        if max < 0 {
            let rest = s.strip_prefix('}')?;
            return Some((-1, max, rest));
        }
        (max, s)
    } else {
        (min, s)
    };
    let rest = s.strip_prefix('}')?;
    Some((min, max, rest))
}

fn parse_int(s: &str) -> Option<(i64, &str)> {
    let b = s.as_bytes();
    if b.is_empty() || !b[0].is_ascii_digit() {
        return None;
    }
    if b.len() >= 2 && b[0] == b'0' && b[1].is_ascii_digit() {
        return None;
    }
    let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let mut v: i64 = 0;
    for &c in &b[..n] {
        if v >= 100_000_000 {
            v = -1;
            break;
        }
        v = v * 10 + i64::from(c - b'0');
    }
    Some((v, &s[n..]))
}

enum PerlGroup {
    Open(String),
    Flags(String),
}

/// Go `parsePerlFlags` on text starting with `(?`.
fn perl_flags(t: &str) -> Result<(PerlGroup, &str), String> {
    let b = t.as_bytes();
    if (b.len() > 4 && b[2] == b'P' && b[3] == b'<') || (b.len() > 3 && b[2] == b'<') {
        let begin = if b[2] == b'<' { 3 } else { 4 };
        let Some(end) = t.find('>') else {
            return Err(go_error(code::INVALID_NAMED_CAPTURE, t));
        };
        let name = &t[begin..end];
        if name.is_empty() || !name.bytes().all(|c| c == b'_' || c.is_ascii_alphanumeric()) {
            return Err(go_error(code::INVALID_NAMED_CAPTURE, &t[..=end]));
        }
        return Ok((PerlGroup::Open("(".into()), &t[end + 1..]));
    }
    let mut rest = &t[2..];
    let mut negated = false;
    let mut saw_flag = false;
    let mut flags = String::new();
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        match c {
            'i' | 'm' | 's' | 'U' => {
                flags.push(c);
                saw_flag = true;
            }
            '-' => {
                if negated {
                    break;
                }
                negated = true;
                flags.push('-');
                saw_flag = false;
            }
            ':' | ')' => {
                if negated && !saw_flag {
                    break;
                }
                let g = if c == ':' {
                    PerlGroup::Open(format!("(?{flags}:"))
                } else if flags.is_empty() {
                    // `(?)` is a no-op in Go; Rust rejects an empty flag group.
                    PerlGroup::Flags(String::new())
                } else {
                    PerlGroup::Flags(format!("(?{flags})"))
                };
                return Ok((g, rest));
            }
            _ => break,
        }
    }
    Err(go_error(code::INVALID_PERL_OP, &t[..t.len() - rest.len()]))
}

/// A backslash sequence outside a class: assertions, `\Q..\E`, classes, or an escaped char.
fn parse_backslash(t: &str) -> Result<(Vec<Item>, &str), String> {
    let b = t.as_bytes();
    if b.len() >= 2 {
        match b[1] {
            b'A' => return Ok((vec![Item::Atom(Atom::leaf(r"\A"))], &t[2..])),
            b'z' => return Ok((vec![Item::Atom(Atom::leaf(r"\z"))], &t[2..])),
            b'b' => return Ok((vec![Item::Atom(Atom::leaf(r"(?-u:\b)"))], &t[2..])),
            b'B' => return Ok((vec![Item::Atom(Atom::leaf(r"(?-u:\B)"))], &t[2..])),
            b'C' => return Err(go_error(code::INVALID_ESCAPE, &t[..2])),
            b'Q' => {
                let body = &t[2..];
                let (lit_text, rest) = match body.find(r"\E") {
                    Some(e) => (&body[..e], &body[e + 2..]),
                    None => (body, ""),
                };
                let items = lit_text.chars().map(|c| Item::Atom(Atom::lit(c))).collect();
                return Ok((items, rest));
            }
            _ => {}
        }
    }
    if let Some((class, rest)) = unicode_class_escape(t)? {
        return Ok((vec![Item::Atom(Atom::leaf(class))], rest));
    }
    if let Some((class, rest)) = perl_class(t, false) {
        return Ok((vec![Item::Atom(Atom::leaf(class))], rest));
    }
    let (c, rest) = parse_escape(t)?;
    Ok((vec![Item::Atom(Atom::lit(c))], rest))
}

/// `\d \D \s \S \w \W` with Go's ASCII meaning; `in_class` gives the form to put inside `[...]`.
fn perl_class(t: &str, in_class: bool) -> Option<(String, &str)> {
    let b = t.as_bytes();
    if b.len() < 2 || b[0] != b'\\' {
        return None;
    }
    let (set, neg) = match b[1] {
        b'd' => ("0-9", false),
        b'D' => ("0-9", true),
        b's' => (r"\x{9}\x{A}\x{C}\x{D}\x{20}", false),
        b'S' => (r"\x{9}\x{A}\x{C}\x{D}\x{20}", true),
        b'w' => ("0-9A-Za-z_", false),
        b'W' => ("0-9A-Za-z_", true),
        _ => return None,
    };
    let out = match (neg, in_class) {
        (false, true) => set.to_string(),
        (false, false) => format!("[{set}]"),
        (true, _) => format!("[^{set}]"),
    };
    Some((out, &t[2..]))
}

/// Go `parseUnicodeClass` on text starting with `\p` / `\P`.
fn unicode_class_escape(t: &str) -> Result<Option<(String, &str)>, String> {
    let b = t.as_bytes();
    if b.len() < 2 || b[0] != b'\\' || (b[1] != b'p' && b[1] != b'P') {
        return Ok(None);
    }
    let mut negated = b[1] == b'P';
    let after = &t[2..];
    let (seq, mut name, rest) = match after.chars().next() {
        Some('{') => {
            let Some(end) = t.find('}') else {
                return Err(go_error(code::INVALID_CHAR_RANGE, t));
            };
            (&t[..=end], &t[3..end], &t[end + 1..])
        }
        Some(c) => {
            let n = 2 + c.len_utf8();
            (&t[..n], &t[2..n], &t[n..])
        }
        None => (t, "", ""),
    };
    if let Some(n) = name.strip_prefix('^') {
        negated = !negated;
        name = n;
    }
    match unicode_class(name, negated) {
        Some(class) => Ok(Some((class, rest))),
        None => Err(go_error(code::INVALID_CHAR_RANGE, seq)),
    }
}

/// Go `parseEscape`: one escaped character.
fn parse_escape(t: &str) -> Result<(char, &str), String> {
    let body = &t[1..];
    let Some(c) = body.chars().next() else {
        return Err(go_error(code::TRAILING_BACKSLASH, ""));
    };
    let mut rest = &body[c.len_utf8()..];
    let bad = |rest: &str| go_error(code::INVALID_ESCAPE, &t[..t.len() - rest.len()]);
    match c {
        '1'..='7' if !rest.starts_with(|d: char| ('0'..='7').contains(&d)) => Err(bad(rest)),
        '0'..='7' => {
            let mut r = c as u32 - '0' as u32;
            for _ in 1..3 {
                match rest.chars().next() {
                    Some(d @ '0'..='7') => {
                        r = r * 8 + (d as u32 - '0' as u32);
                        rest = &rest[1..];
                    }
                    _ => break,
                }
            }
            Ok((char::from_u32(r).unwrap_or('\0'), rest))
        }
        'x' => {
            let Some(c1) = rest.chars().next() else {
                return Err(bad(rest));
            };
            rest = &rest[c1.len_utf8()..];
            if c1 == '{' {
                let mut r: u32 = 0;
                let mut n = 0;
                loop {
                    let Some(d) = rest.chars().next() else {
                        return Err(bad(rest));
                    };
                    rest = &rest[d.len_utf8()..];
                    if d == '}' {
                        break;
                    }
                    let Some(v) = d.to_digit(16) else {
                        return Err(bad(rest));
                    };
                    r = r * 16 + v;
                    if r > 0x10FFFF {
                        return Err(bad(rest));
                    }
                    n += 1;
                }
                if n == 0 {
                    return Err(bad(rest));
                }
                // Go accepts surrogate code points here; they can never match UTF-8 text.
                return Ok((char::from_u32(r).unwrap_or('\u{FFFD}'), rest));
            }
            let c2 = rest.chars().next();
            if let Some(c2) = c2 {
                rest = &rest[c2.len_utf8()..];
            }
            match (c1.to_digit(16), c2.and_then(|c| c.to_digit(16))) {
                (Some(x), Some(y)) => Ok((char::from_u32(x * 16 + y).unwrap_or('\0'), rest)),
                _ => Err(bad(rest)),
            }
        }
        'a' => Ok(('\u{7}', rest)),
        'f' => Ok(('\u{c}', rest)),
        'n' => Ok(('\n', rest)),
        'r' => Ok(('\r', rest)),
        't' => Ok(('\t', rest)),
        'v' => Ok(('\u{b}', rest)),
        c if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok((c, rest)),
        _ => Err(bad(rest)),
    }
}

/// Go `parseClass` on text starting with `[`; returns the Rust class and the rest.
fn parse_class(s: &str) -> Result<(String, &str), String> {
    let mut t = &s[1..];
    let mut out = String::from("[");
    if let Some(r) = t.strip_prefix('^') {
        out.push('^');
        t = r;
    }
    let mut items = 0;
    let mut first = true;
    while t.is_empty() || !t.starts_with(']') || first {
        first = false;
        if t.is_empty() {
            return Err(go_error(code::MISSING_BRACKET, s));
        }
        // POSIX class `[:alpha:]`.
        if t.len() > 2 && t.starts_with("[:") {
            if let Some(i) = t[2..].find(":]") {
                let name = &t[..i + 4];
                let inner = &name[2..name.len() - 2];
                let base = inner.strip_prefix('^').unwrap_or(inner);
                if !POSIX_CLASSES.contains(&base) {
                    return Err(go_error(code::INVALID_CHAR_RANGE, name));
                }
                out.push_str(name);
                items += 1;
                t = &t[name.len()..];
                continue;
            }
        }
        if let Some((class, rest)) = unicode_class_escape(t)? {
            out.push_str(&class);
            items += 1;
            t = rest;
            continue;
        }
        if let Some((class, rest)) = perl_class(t, true) {
            out.push_str(&class);
            items += 1;
            t = rest;
            continue;
        }
        let rng = t;
        let (lo, rest) = class_char(t, s)?;
        t = rest;
        let mut hi = lo;
        if t.len() >= 2 && t.starts_with('-') && !t[1..].starts_with(']') {
            let (h, rest) = class_char(&t[1..], s)?;
            t = rest;
            hi = h;
            if hi < lo {
                return Err(go_error(
                    code::INVALID_CHAR_RANGE,
                    &rng[..rng.len() - t.len()],
                ));
            }
        }
        out.push_str(&lit(lo));
        if hi != lo {
            out.push('-');
            out.push_str(&lit(hi));
        }
        items += 1;
    }
    let _ = items;
    out.push(']');
    Ok((out, &t[1..]))
}

fn class_char<'a>(t: &'a str, whole: &str) -> Result<(char, &'a str), String> {
    match t.chars().next() {
        None => Err(go_error(code::MISSING_BRACKET, whole)),
        Some('\\') => parse_escape(t),
        Some(c) => Ok((c, &t[c.len_utf8()..])),
    }
}

/// Compiled patterns shared by the whole process (CRD `pattern`s, CEL `matches`/`find`).
/// Bounded: once it holds this many entries it is cleared (patterns come from input).
const CACHE_LIMIT: usize = 4096;

type Compiled = Result<Arc<Regex>, String>;

static CACHE: LazyLock<RwLock<HashMap<String, Compiled>>> =
    LazyLock::new(|| RwLock::new(HashMap::new()));

/// Compiles a Go RE2 pattern (cached). The error is Go's `regexp.Compile` error text.
pub fn compile(pattern: &str) -> Result<Arc<Regex>, String> {
    if let Ok(cache) = CACHE.read() {
        if let Some(r) = cache.get(pattern) {
            return r.clone();
        }
    }
    let compiled = compile_uncached(pattern);
    if let Ok(mut cache) = CACHE.write() {
        if cache.len() >= CACHE_LIMIT {
            cache.clear();
        }
        cache.insert(pattern.to_string(), compiled.clone());
    }
    compiled
}

fn compile_uncached(pattern: &str) -> Compiled {
    let rust = translate(pattern)?;
    RegexBuilder::new(&rust)
        .nest_limit(4 * MAX_DEPTH as u32 + 64)
        // Go compiles a Unicode class to one instruction, so `\p{L}{1,1000}` is small there;
        // Rust expands it to UTF-8 automata and needs far more than its 10 MB default.
        .size_limit(RUST_SIZE_LIMIT)
        .build()
        .map(Arc::new)
        .map_err(|e| match e {
            regex::Error::CompiledTooBig(_) => go_error(code::LARGE, pattern),
            // Anything else means the translation produced something Rust rejects (a bug in
            // this module, not in the pattern): Go's internal-error code plus Rust's reason.
            other => go_error(
                code::INTERNAL,
                other.to_string().lines().last().unwrap_or(""),
            ),
        })
}

/// Go `regexp.MatchString(pattern, s)`: an unanchored search.
pub fn is_match(pattern: &str, haystack: &str) -> Result<bool, String> {
    compile(pattern).map(|r| r.is_match(haystack))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &str, s: &str) -> bool {
        is_match(p, s).unwrap_or_else(|e| panic!("{p}: {e}"))
    }

    fn err(p: &str) -> String {
        compile(p)
            .err()
            .unwrap_or_else(|| panic!("{p} should not compile"))
    }

    #[test]
    fn ascii_perl_classes() {
        assert!(!m(r"^\d+$", "١٢٣") && m(r"^\d+$", "123"));
        assert!(!m(r"^\w+$", "héllo") && m(r"^\w+$", "hello_1"));
        assert!(!m(r"^\s$", "\u{a0}") && m(r"^\s$", "\t") && !m(r"^\s$", "\u{b}"));
        assert!(m(r"^[\d\s]+$", "1 2") && !m(r"^[\W]$", "a") && m(r"^[\D]$", "é"));
        // Go's \b is ASCII: é is not a word character, so "foo" is a whole word here.
        assert!(m(r"\bfoo\b", "a foo b") && m(r"\bfoo\b", "éfooé") && !m(r"\bfoo\b", "afoo"));
    }

    #[test]
    fn quote_and_octal() {
        assert!(m(r"^\Q*.+\E$", "*.+") && !m(r"^\Q*.+\E$", "a"));
        assert!(m(r"^\Qab", "ab"));
        assert!(m(r"^\101$", "A") && m(r"^\0$", "\0") && m(r"^\x41\x{42}$", "AB"));
    }

    #[test]
    fn class_set_operators_are_literal() {
        assert!(m(r"^[a&&b]+$", "a&&b") && m(r"^[a-z--aeiou]+$", "-b"));
        assert!(m(r"^[a~~b]$", "~") && m(r"^[[]$", "["));
        assert!(m(r"^[]a]+$", "]a") && m(r"^[^]a]$", "b"));
    }

    #[test]
    fn braces() {
        assert!(m(r"^a{,3}$", "a{,3}") && m(r"^a{01}$", "a{01}") && m(r"^a{2}$", "aa"));
        assert!(m(r"^{$", "{") && m(r"^a{2,}?$", "aaa"));
        assert_eq!(
            err("a{1001}"),
            "error parsing regexp: invalid repeat count: `{1001}`"
        );
        assert_eq!(
            err("a{3,2}"),
            "error parsing regexp: invalid repeat count: `{3,2}`"
        );
        assert!(compile("a{1000}").is_ok());
        assert!(compile(r"^\p{L}{1,1000}$").is_ok());
    }

    #[test]
    fn go_errors() {
        assert_eq!(
            err("+"),
            "error parsing regexp: missing argument to repetition operator: `+`"
        );
        assert_eq!(
            err("a|*?"),
            "error parsing regexp: missing argument to repetition operator: `*?`"
        );
        assert_eq!(
            err("a**"),
            "error parsing regexp: invalid nested repetition operator: `**`"
        );
        assert_eq!(
            err("[a-z"),
            "error parsing regexp: missing closing ]: `[a-z`"
        );
        assert_eq!(err("x[]"), "error parsing regexp: missing closing ]: `[]`");
        assert_eq!(err("(a"), "error parsing regexp: missing closing ): `(a`");
        assert_eq!(err("a)"), "error parsing regexp: unexpected ): `a)`");
        assert_eq!(
            err("[z-a]"),
            "error parsing regexp: invalid character class range: `z-a`"
        );
        assert_eq!(
            err(r"a\"),
            "error parsing regexp: trailing backslash at end of expression: ``"
        );
        assert_eq!(
            err(r"\Z"),
            r"error parsing regexp: invalid escape sequence: `\Z`"
        );
        assert_eq!(
            err(r"\1"),
            r"error parsing regexp: invalid escape sequence: `\1`"
        );
        assert_eq!(
            err(r"\C"),
            r"error parsing regexp: invalid escape sequence: `\C`"
        );
        assert_eq!(
            err(r"\e"),
            r"error parsing regexp: invalid escape sequence: `\e`"
        );
        assert_eq!(
            err("(?!a)"),
            "error parsing regexp: invalid or unsupported Perl syntax: `(?!`"
        );
        assert_eq!(
            err("(?<=a)"),
            "error parsing regexp: invalid named capture: `(?<=a)`"
        );
        assert_eq!(
            err("(?x)a"),
            "error parsing regexp: invalid or unsupported Perl syntax: `(?x`"
        );
        assert_eq!(
            err("(?P<a-b>x)"),
            "error parsing regexp: invalid named capture: `(?P<a-b>`"
        );
        assert_eq!(
            err(r"\p{Foo}"),
            r"error parsing regexp: invalid character class range: `\p{Foo}`"
        );
        assert_eq!(
            err("[[:foo:]]"),
            "error parsing regexp: invalid character class range: `[:foo:]`"
        );
    }

    /// Go's own `regexp/syntax` parse_test.go lists (`invalidRegexps`, `onlyPerl`), minus the
    /// invalid-UTF-8 entries (a Rust `&str` cannot hold them) and the `\pL`×27000 "too many
    /// runes" entry (Go's rune budget depends on its Unicode tables; not reproduced).
    #[test]
    fn go_parse_test_vectors() {
        let deep_groups = format!("{}{}", "(".repeat(1000), ")".repeat(1000));
        let deep_stars = format!("{}{}", "(?:".repeat(1000), ")*".repeat(1000));
        let too_long = format!("({}){{1000}}", "(xx?)".repeat(1000));
        let too_long2 = "(xx?){1000}".repeat(1000);
        let invalid: Vec<&str> = vec![
            "(",
            ")",
            "(a",
            "a)",
            "(a))",
            "(a|b|",
            "a|b|)",
            "(a|b|))",
            "(a|b",
            "a|b)",
            "(a|b))",
            "[a-z",
            "([a-z)",
            "[a-z)",
            "([a-z]))",
            "x{1001}",
            "x{9876543210}",
            "x{2,1}",
            "x{1,9876543210}",
            "(?P<name>a",
            "(?P<name>",
            "(?P<name",
            "(?P<x y>a)",
            "(?P<>a)",
            "(?<name>a",
            "(?<name>",
            "(?<name",
            "(?<x y>a)",
            "(?<>a)",
            "[a-Z]",
            "(?i)[a-Z]",
            r"\Q\E*",
            "a{100000}",
            "a{100000,}",
            "((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){2})",
            &deep_groups,
            &deep_stars,
            &too_long,
            &too_long2,
        ];
        for p in invalid {
            let shown: String = p.chars().take(40).collect();
            assert!(translate(p).is_err(), "{shown} should be rejected");
        }
        for p in [
            "[a-b-c]",
            r"\Qabc\E",
            r"\Q*+?{[\E",
            r"\Q\\E",
            r"\Q\\\E",
            r"\Q\\\\E",
            r"\Q\\\\\E",
            "(?:a)",
            "(?P<name>a)",
            "(((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2})",
        ] {
            assert!(compile(p).is_ok(), "{p} should compile");
        }
        assert_eq!(
            err("((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){2})"),
            "error parsing regexp: invalid repeat count: `{2}`"
        );
        assert!(err(&deep_stars)
            .starts_with("error parsing regexp: expression nests too deeply: `(?:(?:"));
        assert!(err(&too_long).starts_with("error parsing regexp: expression too large: `((xx?)"));
        // Non-capturing groups add no height in Go.
        let deep_plain = format!("{}a{}", "(?:".repeat(1500), ")".repeat(1500));
        assert!(compile(&deep_plain).is_ok());
    }

    /// First-match positions from Go's `regexp` find_test.go table (the engines share
    /// leftmost-first semantics, so positions must agree after translation).
    #[test]
    fn go_find_vectors() {
        type Case = (&'static str, &'static str, Option<(usize, usize)>);
        let cases: &[Case] = &[
            ("", "", Some((0, 0))),
            ("^abcdefg", "abcdefg", Some((0, 7))),
            ("a+", "baaab", Some((1, 4))),
            ("abcd..", "abcdef", Some((0, 6))),
            ("x", "y", None),
            ("b", "abc", Some((1, 2))),
            (".*", "abcdef", Some((0, 6))),
            ("^", "abcde", Some((0, 0))),
            ("$", "abcde", Some((5, 5))),
            ("^bcd'", "abcdef", None),
            ("^abcd$", "abcde", None),
            ("a*", "baaab", Some((0, 0))),
            ("[^a-z]+", "ab1234cd", Some((2, 6))),
            (r"[a\-\]z]+", "az]-bcz", Some((0, 4))),
            (r"[^\n]+", "abcd\n", Some((0, 4))),
            ("(([^xyz]*)(d))", "abcd", Some((0, 4))),
            (r"\a\f\n\r\t\v", "\u{7}\u{c}\n\r\t\u{b}", Some((0, 6))),
            (r"[\a\f\n\r\t\v]+", "\u{7}\u{c}\n\r\t\u{b}", Some((0, 6))),
            ("a*(|(b))c*", "aacc", Some((0, 4))),
            ("[.]", ".", Some((0, 1))),
            ("/$", "/abc/", Some((4, 5))),
            ("/$", "/abc", None),
            ("ab$", "cab", Some((1, 3))),
            ("axxb$", "axxcb", None),
            ("zx+", "zzx", Some((1, 3))),
            ("(aa)*$", "a", Some((1, 1))),
            ("(?:.|(?:.a))", "", None),
            ("(?:A(?:A|a))", "Aa", Some((0, 2))),
            ("(a){0}", "", Some((0, 0))),
            ("(?-s)(?:(?:^).)", "\n", None),
            ("(?s)(?:(?:^).)", "\n", Some((0, 1))),
            ("(?:(?:^).)", "\n", None),
            (r"\b", "x", Some((0, 0))),
            (r"\B", "x", None),
            (r"\B", "xx", Some((1, 1))),
            (r"\B", "x y", None),
            (r"[^\S\s]", "abcd", None),
            (r"[^\S[:space:]]", "abcd", None),
            (r"[^\D\d]", "abcd", None),
            (r"[^\D[:digit:]]", "abcd", None),
            (r"(?i)\W", "x", None),
            (r"(?i)\W", "k", None),
            (r"(?i)\W", "s", None),
            ("\\`", "`", Some((0, 1))),
            ("[\\`]+", "`", Some((0, 1))),
        ];
        for (pat, text, want) in cases {
            let re = compile(pat).unwrap_or_else(|e| panic!("{pat}: {e}"));
            let got = re.find(text).map(|m| (m.start(), m.end()));
            assert_eq!(got, *want, "{pat:?} on {text:?}");
        }
    }

    #[test]
    fn accepted_go_syntax() {
        assert!(m(r"^\pL+$", "héllo") && m(r"^\p{Greek}$", "λ") && m(r"^\P{Greek}$", "a"));
        assert!(m(r"^\p{^Greek}$", "a") && m(r"^[\p{Lu}\d]+$", "A1"));
        assert!(!m(r"\p{Cs}", "a") && m(r"^\P{Cs}$", "a"));
        assert!(m(r"^[[:alpha:]]+$", "abc") && m(r"^[[:^digit:]]$", "a"));
        assert!(m(r"^(?P<x>a)(?P<x>b)$", "ab") && m(r"^(?<y>a)$", "a"));
        assert!(m(r"(?i)^ABC$", "abc") && m(r"(?i:a)b", "Ab") && !m(r"(?i:a)b", "AB"));
        assert!(m(r"^a(?)b$", "ab") && m(r"^x*(?i)*$", "xx"));
        assert!(m(r"^*a", "a") && m(r"\<a\>", "<a>") && m(r"^\_$", "_"));
        assert!(m("a|", "") && m("(|a)", ""));
        assert!(m(r"^\x{10FFFF}$", "\u{10FFFF}"));
    }

    /// Every `pattern` in the corpus CRDs (which real API servers accept) must compile.
    #[test]
    fn corpus_patterns_compile() {
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
        let Ok(manifest) = std::fs::read_to_string(corpus.join("MANIFEST.tsv")) else {
            println!("skipped: {} not found", corpus.display());
            return;
        };
        fn walk(n: &crate::yaml::Node, depth: usize, out: &mut Vec<String>) {
            if depth > 400 {
                return;
            }
            if let Some(m) = n.as_map() {
                for (k, v) in m.iter() {
                    match (k, v.as_str()) {
                        ("pattern", Some(p)) => out.push(p.to_string()),
                        _ => walk(v, depth + 1, out),
                    }
                }
            } else if let Some(l) = n.as_seq() {
                l.iter().for_each(|c| walk(c, depth + 1, out));
            }
        }
        let mut patterns = Vec::new();
        for line in manifest.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            if cols.get(5) != Some(&"crd") {
                continue;
            }
            let Some(path) = cols.get(4) else { continue };
            let Ok(text) = std::fs::read_to_string(corpus.join(path)) else {
                continue;
            };
            for doc in crate::yaml::load(&text) {
                if let Some(root) = &doc.root {
                    walk(root, 0, &mut patterns);
                }
            }
        }
        patterns.sort();
        patterns.dedup();
        let failures: Vec<String> = patterns
            .iter()
            .filter_map(|p| compile(p).err().map(|e| format!("{p:?}: {e}")))
            .collect();
        println!("corpus: {} distinct patterns", patterns.len());
        assert!(
            patterns.len() > 50,
            "expected the corpus patterns (72 when written)"
        );
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn unanchored_search_and_cache() {
        assert!(m("b", "abc"));
        let a = compile("^a.c$").unwrap();
        let b = compile("^a.c$").unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(
            is_match("+", "x").unwrap_err(),
            "error parsing regexp: missing argument to repetition operator: `+`"
        );
    }
}
