//! Parsing: the only place that touches the `cel` crate. Source text goes in; our own
//! [`Expr`](super::ast::Expr) with per-node source offsets, or cel-go-style syntax errors, come
//! out.
//!
//! The `cel` crate's parser is the ANTLR grammar cel-go uses, so syntax-error texts agree with
//! cel-go. It expands the standard macros (`has`, `all`, `exists`, `exists_one`/`existsOne`,
//! `map`, `filter`) itself; the macros of the extensions Kubernetes enables (`cel.bind`, the
//! two-variable comprehensions, `optMap`/`optFlatMap`, `sortBy`) are registered here (see
//! [`super::macros`]) so that every parse produces the same AST cel-go would.

use std::sync::{Mutex, OnceLock};

use cel::common::ast as cast;

use super::ast::{Comprehension, Expr, ExprKind, Literal, MapEntry, StructField};
use super::CelError;
use super::FastMap as HashMap;

/// A parsed expression: the AST, each node's `(start, stop)` offsets (code points into the
/// expression text) and the next free node id (for nodes the checker adds).
#[derive(Clone, Debug)]
pub struct Parsed {
    pub expr: Expr,
    pub offsets: HashMap<u64, (u32, u32)>,
    pub next_id: u64,
}

/// cel-go's default parser recursion limit (`parser.MaxRecursionDepth`, 250).
pub const MAX_RECURSION_DEPTH: u16 = 250;

/// cel-go's default limit on expression length, in code points.
pub const MAX_EXPRESSION_CODE_POINTS: usize = 100_000;

pub use super::macros::MacroSet;

fn env(set: MacroSet) -> &'static cel::Env {
    static ENVS: [OnceLock<cel::Env>; 4] = [const { OnceLock::new() }; 4];
    ENVS[set as usize].get_or_init(|| {
        let mut env = cel::Env::stdlib();
        super::macros::register(&mut env, set);
        env
    })
}

/// Parses `src` expanding the macros of `macros`, with optional syntax enabled (the compiler
/// reports optional syntax used before Kubernetes enabled it). Errors are positioned `(line, column)` 1-based, columns in code
/// points.
///
/// Results are memoised by (text, macro set): parsing is the expensive step of compiling (the
/// ANTLR parser), and the same rule text is compiled more than once per run (type checking, cost
/// estimation, evaluation), in several CRD versions that repeat their schemas.
pub fn parse(src: &str, macros: MacroSet) -> Result<Parsed, Vec<CelError>> {
    type Cache = Mutex<HashMap<(String, MacroSet), Result<Parsed, Vec<CelError>>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    /// Entries kept before the cache is emptied (about one rule set of a large CRD corpus).
    const MAX_ENTRIES: usize = 20_000;
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::default()));
    let key = (src.to_string(), macros);
    if let Some(hit) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return hit;
    }
    let r = parse_uncached(src, macros);
    if let Ok(mut c) = cache.lock() {
        if c.len() >= MAX_ENTRIES {
            c.clear();
        }
        c.insert(key, r.clone());
    }
    r
}

fn parse_uncached(src: &str, macros: MacroSet) -> Result<Parsed, Vec<CelError>> {
    let n = src.chars().count();
    if n > MAX_EXPRESSION_CODE_POINTS {
        return Err(vec![CelError {
            line: 1,
            column: 1,
            offset: Some(0),
            message: format!(
                "expression code point size exceeds limit: size: {n}, limit {MAX_EXPRESSION_CODE_POINTS}"
            ),
            help: None,
        }]);
    }
    let nesting = match nesting(src) {
        Ok(n) => n,
        Err(msg) => return Err(vec![internal_error(msg)]),
    };
    if nesting > SHALLOW_NESTING {
        // The `cel` crate's ANTLR parser recurses through about ten grammar rules per bracket
        // level: 250 levels (cel-go's limit, which must be accepted) need more than the 2 MiB a
        // spawned thread gets by default in a debug build. Deep inputs are rare, so they alone
        // pay for a thread with a stack sized for the worst accepted input.
        let src = src.to_string();
        let worker = std::thread::Builder::new()
            .name("cel-parse".to_string())
            .stack_size(DEEP_PARSE_STACK)
            .spawn(move || parse_with_crate(&src, macros));
        return match worker.map(|h| h.join()) {
            Ok(Ok(r)) => r,
            // No thread (or it died): refuse rather than risk overflowing this stack.
            _ => Err(vec![internal_error(format!(
                "expression recursion limit exceeded: {MAX_RECURSION_DEPTH}"
            ))]),
        };
    }
    parse_checked(src, macros)
}

/// Nesting (see [`nesting`]) up to which parsing runs on the caller's stack.
const SHALLOW_NESTING: usize = 32;

/// Stack for parsing deeper input: 250 nested brackets take under 2 MiB in a debug build; the
/// margin covers the checker-free conversion passes that run on the same thread.
const DEEP_PARSE_STACK: usize = 64 << 20;

/// An error cel-go reports without a location (`internalError`, e.g. a recursion limit).
fn internal_error(message: String) -> CelError {
    CelError {
        line: 0,
        column: 0,
        offset: None,
        message,
        help: None,
    }
}

/// Parses input that passed the length and nesting pre-checks: by [`super::fastparse`] when the
/// input is within its subset (and shallow), else by the `cel` crate.
fn parse_checked(src: &str, macros: MacroSet) -> Result<Parsed, Vec<CelError>> {
    if let Some(f) = super::fastparse::parse(src) {
        return finish(src, f.expr, f.offsets, f.max_id);
    }
    parse_with_crate(src, macros)
}

/// Parses input that passed the length and nesting pre-checks with the `cel` crate.
fn parse_with_crate(src: &str, macros: MacroSet) -> Result<Parsed, Vec<CelError>> {
    let parser = env(macros)
        .parser()
        .enable_optional_syntax(true)
        .max_recursion_depth(MAX_RECURSION_DEPTH);
    match parser.parse_with_source_info(src) {
        Ok((e, info)) => {
            let mut offsets = HashMap::default();
            let mut max_id = 0;
            let expr = convert(&e, &info, &mut offsets, &mut max_id);
            finish(src, expr, offsets, max_id)
        }
        Err(errs) => Err(syntax_errors(src, &errs)),
    }
}

/// What follows a successful parse by either parser: cel-go's reshaping of `optMap`/`optFlatMap`,
/// the positions of negative literals, code-point offsets, and the visitor's depth limit.
fn finish(
    src: &str,
    mut expr: Expr,
    mut offsets: HashMap<u64, (u32, u32)>,
    max_id: u64,
) -> Result<Parsed, Vec<CelError>> {
    let mut next_id = max_id + 1;
    super::macros::opt_map_like_cel_go(&mut expr, &mut offsets, &mut next_id);
    // cel-go positions a negative number literal at its `-`; the `cel` crate at its
    // digits.
    expr.walk(&mut |n| {
        let neg = matches!(&n.kind, ExprKind::Literal(Literal::Int(i)) if *i < 0)
            || matches!(&n.kind, ExprKind::Literal(Literal::Double(d)) if d.is_sign_negative());
        if let (true, Some(o)) = (neg, offsets.get_mut(&n.id)) {
            let before = &src.as_bytes()[..(o.0 as usize).min(src.len())];
            let trimmed = before.iter().rposition(|b| !b.is_ascii_whitespace());
            if let Some(p) = trimmed.filter(|&p| before[p] == b'-') {
                o.0 = p as u32;
            }
        }
    });
    if !src.is_ascii() {
        // The `cel` crate records byte offsets; cel-go positions count code points.
        let mut cp = vec![0u32; src.len() + 1];
        let mut n = 0u32;
        for (b, c) in src.char_indices() {
            for k in 0..c.len_utf8() {
                cp[b + k] = n;
            }
            n += 1;
        }
        cp[src.len()] = n;
        let at = |b: u32| cp.get(b as usize).copied().unwrap_or(n);
        for o in offsets.values_mut() {
            *o = (at(o.0), at(o.1));
        }
    }
    if visitor_depth(&expr, 0) > MAX_RECURSION_DEPTH as usize {
        return Err(vec![CelError {
            line: 0,
            column: 0,
            offset: None,
            message: "max recursion depth exceeded".to_string(),
            help: None,
        }]);
    }
    Ok(Parsed {
        expr,
        offsets,
        next_id,
    })
}

/// The crate's syntax errors, worded and positioned as cel-go's.
fn syntax_errors(src: &str, errs: &cel::ParseErrors) -> Vec<CelError> {
    let mut out: Vec<CelError> = errs
        .errors
        .iter()
        .map(|e| CelError {
            line: e.pos.0.max(1) as usize,
            column: e.pos.1.max(1) as usize,
            offset: None,
            message: e.msg.clone(),
            help: None,
        })
        .collect();
    // The `cel` crate's ANTLR recursion guard (deep `?:` chains, which the pre-scan does
    // not bound) surfaces as an internal "Recursion limit of N exceeded" inside a syntax
    // error; cel-go's rule-depth listener reports it without a location.
    if out.iter().any(|e| e.message.contains("Recursion limit of")) {
        return vec![internal_error(format!(
            "expression recursion limit exceeded: {MAX_RECURSION_DEPTH}"
        ))];
    }
    // The `cel` crate's optMap/optFlatMap macros share the standard macros' message for
    // a non-identifier variable; cel-go names the macro.
    for e in &mut out {
        if e.message == "argument must be a simple name" {
            if let Some(m) = enclosing_call(src, e.line, e.column)
                .filter(|m| matches!(*m, "optMap" | "optFlatMap"))
            {
                e.message = format!("{m}() variable name must be a simple identifier");
            }
        }
    }
    // The `cel` crate adds "Incomplete `...Context` for ..." after a syntax error inside
    // an operator; cel-go reports only the syntax error.
    if out.len() > 1 {
        out.retain(|e| !e.message.starts_with("Incomplete `"));
    }
    // A keyword after `.` (`self.true`): the `cel` crate's ANTLR runtime reports "no
    // viable alternative at input '.true'" where cel-go's reports the mismatched token.
    for e in &mut out {
        if let Some(kw) = e
            .message
            .strip_prefix("Syntax error: no viable alternative at input '.")
            .and_then(|r| r.strip_suffix('\''))
        {
            if matches!(kw, "true" | "false" | "null" | "in") {
                e.message = format!("Syntax error: mismatched input '{kw}' expecting IDENTIFIER");
            }
        }
    }
    out
}

/// The name of the call whose argument list contains the 1-based `(line, column)` (columns in
/// code points), e.g. `optMap` for a position inside `x.optMap(y.z, ...)`.
fn enclosing_call(src: &str, line: usize, column: usize) -> Option<&str> {
    let line_start: usize = src
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let at = src[line_start..]
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(src.len(), |(b, _)| line_start + b);
    let before = &src[..at];
    let mut depth = 0usize;
    let open = before.char_indices().rev().find_map(|(b, c)| {
        match c {
            ')' | ']' | '}' => depth += 1,
            '(' | '[' | '{' if depth > 0 => depth -= 1,
            '(' => return Some(b),
            '[' | '{' => return None,
            _ => {}
        }
        None
    })?;
    let name = before[..open].trim_end();
    let start = name
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '_')
        .last()
        .map(|(b, _)| b)?;
    Some(&name[start..])
}

fn convert(
    e: &cast::IdedExpr,
    info: &cast::SourceInfo,
    offsets: &mut HashMap<u64, (u32, u32)>,
    max_id: &mut u64,
) -> Expr {
    if let Some(o) = info.offset_for(e.id) {
        offsets.insert(e.id, o);
    }
    *max_id = (*max_id).max(e.id);
    let mut conv = |x: &cast::IdedExpr| convert(x, info, offsets, max_id);
    let kind = match &e.expr {
        cast::Expr::Unspecified => ExprKind::Unspecified,
        cast::Expr::Ident(n) => ExprKind::Ident(n.clone()),
        cast::Expr::Literal(l) => ExprKind::Literal(match l {
            cast::LiteralValue::Boolean(b) => Literal::Bool(*b.inner()),
            cast::LiteralValue::Int(i) => Literal::Int(*i.inner()),
            cast::LiteralValue::UInt(u) => Literal::Uint(*u.inner()),
            cast::LiteralValue::Double(d) => Literal::Double(*d.inner()),
            cast::LiteralValue::String(s) => Literal::String(s.inner().to_string()),
            cast::LiteralValue::Bytes(b) => Literal::Bytes(b.inner().to_vec()),
            cast::LiteralValue::Null => Literal::Null,
        }),
        cast::Expr::Select(s) => ExprKind::Select {
            operand: Box::new(conv(&s.operand)),
            field: s.field.clone(),
            test: s.test,
        },
        cast::Expr::Call(c) => ExprKind::Call {
            func: c.func_name.clone(),
            target: c.target.as_ref().map(|t| Box::new(conv(t))),
            args: c.args.iter().map(&mut conv).collect(),
        },
        cast::Expr::List(l) => ExprKind::List {
            elements: l.elements.iter().map(&mut conv).collect(),
            optional_indices: l.optional_indices.clone(),
        },
        cast::Expr::Map(m) => ExprKind::Map {
            entries: m
                .entries
                .iter()
                .filter_map(|en| match &en.expr {
                    cast::EntryExpr::MapEntry(me) => Some(MapEntry {
                        id: en.id,
                        key: conv(&me.key),
                        value: conv(&me.value),
                        optional: me.optional,
                    }),
                    cast::EntryExpr::StructField(_) => None,
                })
                .collect(),
        },
        cast::Expr::Struct(s) => ExprKind::Struct {
            type_name: s.type_name.clone(),
            fields: s
                .entries
                .iter()
                .filter_map(|en| match &en.expr {
                    cast::EntryExpr::StructField(sf) => Some(StructField {
                        id: en.id,
                        field: sf.field.clone(),
                        value: conv(&sf.value),
                        optional: sf.optional,
                    }),
                    cast::EntryExpr::MapEntry(_) => None,
                })
                .collect(),
        },
        cast::Expr::Comprehension(c) => ExprKind::Comprehension(Box::new(Comprehension {
            iter_range: conv(&c.iter_range),
            iter_var: c.iter_var.clone(),
            iter_var2: c.iter_var2.clone(),
            accu_var: c.accu_var.clone(),
            accu_init: conv(&c.accu_init),
            loop_cond: conv(&c.loop_cond),
            loop_step: conv(&c.loop_step),
            result: conv(&c.result),
        })),
    };
    Expr::new(e.id, kind)
}

/// The nesting cel-go's parser visitor counts against its recursion limit: ternaries, relations,
/// arithmetic, field selections, member calls and indexing (`parser.go` `Visit`); `&&`, `||`,
/// `!`, negation, global calls and literals do not count. Macro expansions count once for the
/// member call they replace. Stops counting past the limit.
fn visitor_depth(e: &Expr, depth: usize) -> usize {
    const COUNTED: &[&str] = &[
        "_?_:_", "_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_", "@in", "_+_", "_-_", "_*_", "_/_",
        "_%_", "_[_]", "_[?_]", "_?._",
    ];
    if depth > MAX_RECURSION_DEPTH as usize {
        return depth;
    }
    match &e.kind {
        ExprKind::Select { operand, .. } => visitor_depth(operand, depth + 1),
        ExprKind::Call { func, target, args } => {
            let d = if target.is_some() || COUNTED.contains(&func.as_str()) {
                depth + 1
            } else {
                depth
            };
            target
                .iter()
                .map(|t| visitor_depth(t, d))
                .chain(args.iter().map(|a| visitor_depth(a, d)))
                .max()
                .unwrap_or(d)
        }
        ExprKind::List { elements, .. } => elements
            .iter()
            .map(|x| visitor_depth(x, depth))
            .max()
            .unwrap_or(depth),
        ExprKind::Map { entries } => entries
            .iter()
            .map(|en| visitor_depth(&en.key, depth).max(visitor_depth(&en.value, depth)))
            .max()
            .unwrap_or(depth),
        ExprKind::Struct { fields, .. } => fields
            .iter()
            .map(|f| visitor_depth(&f.value, depth))
            .max()
            .unwrap_or(depth),
        ExprKind::Comprehension(c) => {
            let d = depth + 1;
            [
                &c.iter_range,
                &c.accu_init,
                &c.loop_cond,
                &c.loop_step,
                &c.result,
            ]
            .iter()
            .map(|x| visitor_depth(x, d))
            .max()
            .unwrap_or(d)
        }
        _ => depth,
    }
}

/// A scan of the source for nesting the `cel` crate would recurse on without bound (its parser
/// and the trees it builds are recursive; a deep enough expression overflows the stack): more
/// than [`MAX_RECURSION_DEPTH`] open brackets, or a chain of more than that many binary or member
/// operators not broken by `&&`, `||`, `?`, `:` or `,`. cel-go refuses both too (its rule-depth
/// listener and its visitor's recursion counter), with the messages returned here as errors.
///
/// Otherwise returns how deep the input nests (the deepest bracket level, the longest operator
/// chain, the number of `?`), which decides whether parsing needs a bigger stack.
fn nesting(src: &str) -> Result<usize, String> {
    match nesting_error(src) {
        (Some(msg), _) => Err(msg),
        (None, depth) => Ok(depth),
    }
}

fn nesting_error(src: &str) -> (Option<String>, usize) {
    let limit = MAX_RECURSION_DEPTH as usize;
    let mut deepest = 0usize;
    let mut ternaries = 0usize;
    let b = src.as_bytes();
    // Per open bracket level: (binary operators in the current segment, current member chain,
    // longest member chain in the segment). cel-go's depth for a left-nested chain is the number
    // of operators plus the member depth of its deepest operand.
    let mut levels: Vec<(usize, usize, usize)> = vec![(0, 0, 0)];
    let too_deep = |l: &(usize, usize, usize)| l.0 + l.2 > limit;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\'' | b'"' => {
                // Skip a string literal (also raw `r'..'` and triple-quoted forms).
                let triple = b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&c);
                let raw = i > 0 && matches!(b[i - 1], b'r' | b'R');
                i += if triple { 3 } else { 1 };
                while i < b.len() {
                    if b[i] == b'\\' && !raw {
                        i += 2;
                        continue;
                    }
                    if b[i] == c
                        && (!triple || (b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&c)))
                    {
                        i += if triple { 3 } else { 1 };
                        break;
                    }
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'(' | b'[' | b'{' => {
                if c == b'[' {
                    if let Some(l) = levels.last_mut() {
                        l.1 += 1;
                        l.2 = l.2.max(l.1);
                        if too_deep(l) {
                            return (Some("max recursion depth exceeded".to_string()), 0);
                        }
                    }
                }
                levels.push((0, 0, 0));
                if levels.len() > limit + 1 {
                    return (
                        Some(format!("expression recursion limit exceeded: {limit}")),
                        0,
                    );
                }
            }
            b')' | b']' | b'}' if levels.len() > 1 => {
                levels.pop();
            }
            b'&' | b'|' | b'?' | b':' | b',' => {
                ternaries += usize::from(c == b'?');
                if let Some(l) = levels.last_mut() {
                    *l = (0, 0, 0);
                }
            }
            b'.' if i > 0
                && b[i - 1].is_ascii_digit()
                && b.get(i + 1).is_some_and(u8::is_ascii_digit) => {}
            b'.' => {
                if let Some(l) = levels.last_mut() {
                    l.1 += 1;
                    l.2 = l.2.max(l.1);
                    if too_deep(l) {
                        return (Some("max recursion depth exceeded".to_string()), 0);
                    }
                }
            }
            b'=' | b'<' | b'>' | b'+' | b'-' | b'*' | b'/' | b'%' => {
                // `==`, `<=`, `>=`, `!=` count once.
                let second = matches!(b.get(i + 1), Some(b'='));
                if let Some(l) = levels.last_mut() {
                    l.0 += 1;
                    l.1 = 0;
                    if too_deep(l) {
                        return (Some("max recursion depth exceeded".to_string()), 0);
                    }
                }
                if second {
                    i += 1;
                }
            }
            _ => {}
        }
        if let Some(l) = levels.last() {
            deepest = deepest.max(levels.len()).max(l.0 + l.2);
        }
        i += 1;
    }
    (None, deepest.max(ternaries))
}

#[cfg(test)]
mod fast_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_nesting_is_refused_not_overflowed() {
        for (src, want) in [
            (
                format!("{}1{}", "[".repeat(3000), "]".repeat(3000)),
                "expression recursion limit exceeded: 250",
            ),
            (
                format!("{}1{}", "(".repeat(3000), ")".repeat(3000)),
                "expression recursion limit exceeded: 250",
            ),
            (
                format!("1{} == 1", " + 1".repeat(3000)),
                "max recursion depth exceeded",
            ),
            (
                format!("a{}", ".b".repeat(3000)),
                "max recursion depth exceeded",
            ),
        ] {
            let e = parse(&src, MacroSet::SortBy).expect_err("refused");
            assert_eq!(e[0].message, want);
        }
        // Long but flat expressions are fine.
        let flat = format!("true{}", " && self.a == 1".repeat(1000));
        assert!(parse(&flat, MacroSet::SortBy).is_ok());
        let strings = format!("'{}' == ''", "((((".repeat(1000));
        assert!(parse(&strings, MacroSet::SortBy).is_ok());
    }
}

#[cfg(test)]
mod opt_map_tests {
    use super::*;

    fn has_ident(e: &Expr, name: &str) -> bool {
        let mut found = false;
        e.walk(&mut |n| found |= matches!(&n.kind, ExprKind::Ident(i) if i == name));
        found
    }

    #[test]
    fn opt_map_copies_a_non_identifier_target_like_cel_go() {
        for src in [
            "optional.of('a').optMap(v, v == 'value')",
            "optional.of([1]).optFlatMap(v, optional.of(v.size()))",
            "optional.of(1).optMap(x, x + 1).optMap(y, y * 2)",
        ] {
            let p = parse(src, MacroSet::Optional).expect("parses");
            assert!(!has_ident(&p.expr, "@target"), "{src}: {:?}", p.expr);
            let ExprKind::Call { func, args, .. } = &p.expr.kind else {
                panic!("{src}: not a call: {:?}", p.expr);
            };
            assert_eq!(func, "_?_:_", "{src}");
            // Every id is unique and every node has an offset.
            let mut ids = std::collections::HashSet::new();
            p.expr.walk(&mut |n| {
                assert!(ids.insert(n.id), "{src}: duplicate id {}", n.id);
                assert!(n.id < p.next_id, "{src}");
            });
            let ExprKind::Call {
                target: Some(t), ..
            } = &args[0].kind
            else {
                panic!("{src}: hasValue is a member call");
            };
            assert!(p.offsets.contains_key(&t.id), "{src}");
        }
        for (src, want) in [
            (
                "x.optMap(y.z, y.z + 1)",
                "optMap() variable name must be a simple identifier",
            ),
            (
                "a\n  .optFlatMap( f(y).z, 1)",
                "optFlatMap() variable name must be a simple identifier",
            ),
            ("x.all(y.z, true)", "argument must be a simple name"),
        ] {
            let e = parse(src, MacroSet::Optional).expect_err("bad variable");
            assert_eq!(e[0].message, want, "{src}");
        }
        // An identifier target stays as the crate expands it.
        let p = parse("o.optMap(v, v)", MacroSet::Optional).expect("parses");
        assert!(has_ident(&p.expr, "o") && !has_ident(&p.expr, "@target"));
    }
}

#[cfg(test)]
mod depth_tests {
    use super::*;

    fn chain(n: usize) -> String {
        let mut s = "self.val1".to_string();
        for _ in 0..n {
            s.push_str(" == self.val1");
        }
        s
    }

    /// apiextensions `validation_test.go` "test CEL maxRecursionDepth": 249 `==` on selections
    /// compile, 250 do not (cel-go counts each relation and the selection under it against
    /// `maxRecursionDepth` 250).
    #[test]
    fn recursion_depth_matches_cel_go() {
        let ok = parse(&chain(249), MacroSet::SortBy);
        assert!(ok.is_ok(), "{:?}", ok.err());
        let e = parse(&chain(250), MacroSet::SortBy).expect_err("too deep");
        assert_eq!(e[0].message, "max recursion depth exceeded");
    }
}
#[cfg(test)]
mod deep_input_tests {
    use super::*;

    /// The deepest input cel-go accepts parses even from a small stack (deep input is parsed
    /// on a thread of its own); an overflow would abort the test binary.
    #[test]
    fn deepest_accepted_input_parses_on_a_small_stack() {
        let cases = [
            (format!("{}1{}", "(".repeat(250), ")".repeat(250)), None),
            (format!("{}1{}", "[".repeat(250), "]".repeat(250)), None),
            (format!("{}1{}", "f(".repeat(250), ")".repeat(250)), None),
            (format!("{}x{}", "a.b(".repeat(250), ")".repeat(250)), None),
            (format!("{}1{}", "{1: ".repeat(250), "}".repeat(250)), None),
            (format!("self.val1{}", " == self.val1".repeat(249)), None),
            (
                format!("{}1", "true ? 1 : ".repeat(5000)),
                Some("expression recursion limit exceeded: 250"),
            ),
        ];
        let worker = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(move || {
                cases
                    .iter()
                    .map(|(src, want)| {
                        let got = parse_uncached(src, MacroSet::SortBy)
                            .map(|_| ())
                            .map_err(|e| e[0].message.clone());
                        (got, want.map(str::to_string))
                    })
                    .collect::<Vec<_>>()
            })
            .expect("thread");
        for (i, (got, want)) in worker.join().expect("no panic").into_iter().enumerate() {
            match want {
                None => assert!(got.is_ok(), "case {i}: {got:?}"),
                Some(w) => assert_eq!(got, Err(w), "case {i}"),
            }
        }
    }
}
