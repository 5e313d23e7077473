//! The translator's main loop: Go's parser walked over the pattern, operands summarized with
//! Go's size, height and repeat limits, repetitions applied.

use super::atom::{Atom, Item};
use super::escape::{parse_backslash, parse_class, perl_flags, PerlGroup};
use super::{code, go_error, MAX_DEPTH, MAX_REPEAT};

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
            '(' => i = open_group(&mut frames, s, i)?,
            '|' => {
                push(&mut frames, Item::Bar);
                i += 1;
            }
            ')' => {
                close_group(&mut frames, pattern)?;
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
                let after = repeat_op(&mut frames, s, i, c, last_repeat)?;
                repeat = Some(i);
                i = after;
            }
            '{' => match parse_repeat(t) {
                None => {
                    push(&mut frames, Item::Atom(Atom::lit('{')));
                    i += 1;
                }
                Some((min, max, rest)) => {
                    let after = s.len() - rest.len();
                    let after = counted_repeat(&mut frames, s, i, after, (min, max), last_repeat)?;
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

/// `(`: a plain group, a Perl group (`(?:`, `(?i:`, named) or a flag change (`(?i)`). Returns
/// the position after it.
fn open_group(frames: &mut Vec<Frame>, s: &str, i: usize) -> Result<usize, String> {
    let t = &s[i..];
    if t.starts_with("(?") {
        let (item, rest) = perl_flags(t)?;
        match item {
            PerlGroup::Open(open) => frames.push(Frame {
                open,
                items: Vec::new(),
            }),
            PerlGroup::Flags(f) => push(frames, Item::Flags(f)),
        }
        Ok(s.len() - rest.len())
    } else {
        frames.push(Frame {
            open: "(".into(),
            items: Vec::new(),
        });
        Ok(i + 1)
    }
}

/// `)`: the innermost group becomes one operand of its parent, within Go's limits.
fn close_group(frames: &mut Vec<Frame>, pattern: &str) -> Result<(), String> {
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
    push(frames, Item::Atom(a));
    Ok(())
}

/// `*`, `+`, `?` (each optionally non-greedy) at `i`. Returns the position after it.
fn repeat_op(
    frames: &mut [Frame],
    s: &str,
    i: usize,
    c: char,
    last_repeat: Option<usize>,
) -> Result<usize, String> {
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
    apply_repeat(frames, rep, &op, &s[i..after], nested, s)?;
    Ok(after)
}

/// `{min}`, `{min,}`, `{min,max}` (optionally non-greedy) from `i` to `after`, with Go's
/// count limits. Returns the position after it.
fn counted_repeat(
    frames: &mut [Frame],
    s: &str,
    i: usize,
    mut after: usize,
    (min, max): (i64, i64),
    last_repeat: Option<usize>,
) -> Result<usize, String> {
    let text = &s[i..after];
    if !(0..=MAX_REPEAT).contains(&min) || max > MAX_REPEAT || (max >= 0 && min > max) {
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
    apply_repeat(frames, rep, &op, &s[i..after], nested, s)?;
    Ok(after)
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
