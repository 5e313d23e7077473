//! A fast path in front of the `cel` crate's ANTLR parser, for the common shape of rule.
//!
//! The ANTLR parser costs about 340,000 instructions per expression (131 M of the 397 M of
//! linting the 107 CRDs of the 10,000-resource workload, for 348 distinct rule texts). Most
//! rules use a small part of the grammar: identifiers, field selection, calls, indexing, the
//! operators, string literals (plain, with single-character escapes, raw), decimal integer
//! and plain float literals, list and map literals, and the standard macros. This module parses exactly that part by recursive descent and builds what
//! the crate's visitor would: the same tree, the same node ids (allocated in the visitor's
//! order: an operator's id between its operands, `&&`/`||` ids after their right term, a map
//! entry's before its key, macro nodes after the call's), the same standard macro expansions
//! and the same `(start, stop)` token offsets. Anything else (`\x`/`\u`/octal escapes, bytes
//! and non-raw triple-quoted strings, exponents, hexadecimal and unsigned numbers, unary minus, optional syntax, message literals, leading dots,
//! reserved identifiers, non-ASCII text, the non-standard macros, malformed input) returns
//! `None`, and the caller parses with the crate, which also words every syntax error: this path
//! never reports an error of its own.
//!
//! Kept in step with the crate by a test that parses every rule of the corpus both ways.

use super::ast::{Comprehension, Expr, ExprKind, Literal, MapEntry};
use super::FastMap as HashMap;

mod lex;

use lex::{lex, string_value, Tok, Token};

/// What [`parse`] gives: the expression, its nodes' offsets, the largest node id.
pub(super) struct Fast {
    pub(super) expr: Expr,
    pub(super) offsets: HashMap<u64, (u32, u32)>,
    pub(super) max_id: u64,
}

/// Parses `src` if it is within the subset (see the module documentation).
pub(super) fn parse(src: &str) -> Option<Fast> {
    if !src.is_ascii() {
        return None;
    }
    let tokens = lex(src)?;
    let mut p = Parser {
        src,
        tokens,
        pos: 0,
        next_id: 1,
        table: HashMap::default(),
    };
    let expr = p.expr()?;
    if p.peek() != Tok::End {
        return None;
    }
    let mut offsets = HashMap::default();
    let mut max_id = 0;
    collect(&expr, &p.table, &mut offsets, &mut max_id);
    Some(Fast {
        expr,
        offsets,
        max_id,
    })
}

/// The offsets of the nodes left in the tree (the crate's source info also keeps those of nodes
/// a macro dropped; the conversion after the ANTLR parse keeps only the tree's).
fn collect(
    e: &Expr,
    table: &HashMap<u64, (u32, u32)>,
    out: &mut HashMap<u64, (u32, u32)>,
    max_id: &mut u64,
) {
    if let Some(o) = table.get(&e.id) {
        out.insert(e.id, *o);
    }
    *max_id = (*max_id).max(e.id);
    let mut rec = |x: &Expr| collect(x, table, out, max_id);
    match &e.kind {
        ExprKind::Unspecified | ExprKind::Literal(_) | ExprKind::Ident(_) => {}
        ExprKind::Select { operand, .. } => rec(operand),
        ExprKind::Call { target, args, .. } => {
            if let Some(t) = target {
                rec(t);
            }
            args.iter().for_each(rec);
        }
        ExprKind::List { elements, .. } => elements.iter().for_each(rec),
        ExprKind::Map { entries } => {
            for en in entries {
                rec(&en.key);
                rec(&en.value);
            }
        }
        ExprKind::Struct { fields, .. } => fields.iter().for_each(|f| rec(&f.value)),
        ExprKind::Comprehension(c) => {
            rec(&c.iter_range);
            rec(&c.accu_init);
            rec(&c.loop_cond);
            rec(&c.loop_step);
            rec(&c.result);
        }
    }
}

/// cel-go's reserved identifiers (refused as identifiers and function names).
fn reserved(name: &str) -> bool {
    matches!(
        name,
        "as" | "break"
            | "const"
            | "continue"
            | "else"
            | "for"
            | "function"
            | "if"
            | "import"
            | "let"
            | "loop"
            | "package"
            | "namespace"
            | "return"
            | "var"
            | "void"
            | "while"
    )
}

/// Call names this path leaves to the crate: the macros other than the standard ones it expands
/// (and those with other argument counts), whatever the macro set of the environment.
fn macro_name(name: &str) -> bool {
    matches!(
        name,
        "has"
            | "all"
            | "exists"
            | "exists_one"
            | "existsOne"
            | "map"
            | "filter"
            | "optMap"
            | "optFlatMap"
            | "sortBy"
            | "transformList"
            | "transformMap"
            | "transformMapEntry"
            | "bind"
    )
}

const RESULT: &str = "@result";

struct Parser<'a> {
    src: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    next_id: u64,
    /// Every id handed out, with its token's offsets.
    table: HashMap<u64, (u32, u32)>,
}

fn call(id: u64, func: &str, target: Option<Expr>, args: Vec<Expr>) -> Expr {
    Expr::new(
        id,
        ExprKind::Call {
            func: func.to_string(),
            target: target.map(Box::new),
            args,
        },
    )
}

impl Parser<'_> {
    fn peek(&self) -> Tok {
        self.tokens[self.pos].kind
    }

    fn advance(&mut self) -> Token {
        let t = self.tokens[self.pos];
        if t.kind != Tok::End {
            self.pos += 1;
        }
        t
    }

    fn expect(&mut self, p: &'static str) -> Option<Token> {
        (self.peek() == Tok::P(p)).then(|| self.advance())
    }

    fn text(&self, t: &Token) -> &str {
        &self.src[t.start as usize..=t.stop as usize]
    }

    /// A new id at token `t` (the helper's `next_id`).
    fn id(&mut self, t: &Token) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.table.insert(id, (t.start, t.stop));
        id
    }

    /// A new id where node `at` is (the helper's `next_id_for`, for macro expansions).
    fn id_at(&mut self, at: u64) -> u64 {
        let o = self.table.get(&at).copied().unwrap_or_default();
        let id = self.next_id;
        self.next_id += 1;
        self.table.insert(id, o);
        id
    }

    fn node_at(&mut self, at: u64, kind: ExprKind) -> Expr {
        let id = self.id_at(at);
        Expr::new(id, kind)
    }

    /// `expr: conditionalOr ('?' conditionalOr ':' expr)?`
    fn expr(&mut self) -> Option<Expr> {
        let e = self.or()?;
        if self.peek() != Tok::P("?") {
            return Some(e);
        }
        let q = self.advance();
        let op = self.id(&q);
        let t = self.or()?;
        self.expect(":")?;
        let f = self.expr()?;
        Some(call(op, "_?_:_", None, vec![e, t, f]))
    }

    fn or(&mut self) -> Option<Expr> {
        self.logic("||", "_||_", Self::and)
    }

    fn and(&mut self) -> Option<Expr> {
        self.logic("&&", "_&&_", Self::relation)
    }

    /// A chain of `&&` or `||` terms, as the crate's `LogicManager` builds it: each operator's
    /// id taken after its right term, then a balanced tree.
    fn logic(
        &mut self,
        op: &'static str,
        func: &str,
        term: fn(&mut Self) -> Option<Expr>,
    ) -> Option<Expr> {
        let first = term(self)?;
        if self.peek() != Tok::P(op) {
            return Some(first);
        }
        let mut terms = vec![Some(first)];
        let mut ops = Vec::new();
        while self.peek() == Tok::P(op) {
            let t = self.advance();
            let next = term(self)?;
            ops.push(self.id(&t));
            terms.push(Some(next));
        }
        Some(balanced(&mut terms, &ops, func, 0, ops.len() - 1))
    }

    /// `relation op relation`, left-associative, all relational operators alike.
    fn relation(&mut self) -> Option<Expr> {
        self.left_assoc(Self::additive, |t| match t {
            Tok::P("<") => Some("_<_"),
            Tok::P("<=") => Some("_<=_"),
            Tok::P(">") => Some("_>_"),
            Tok::P(">=") => Some("_>=_"),
            Tok::P("==") => Some("_==_"),
            Tok::P("!=") => Some("_!=_"),
            Tok::In => Some("@in"),
            _ => None,
        })
    }

    fn additive(&mut self) -> Option<Expr> {
        self.left_assoc(Self::multiplicative, |t| match t {
            Tok::P("+") => Some("_+_"),
            Tok::P("-") => Some("_-_"),
            _ => None,
        })
    }

    fn multiplicative(&mut self) -> Option<Expr> {
        self.left_assoc(Self::unary, |t| match t {
            Tok::P("*") => Some("_*_"),
            Tok::P("/") => Some("_/_"),
            Tok::P("%") => Some("_%_"),
            _ => None,
        })
    }

    /// `term (op term)*`, left-associative, for the operators `func_of` names: each operator's
    /// id taken before its right term, as the crate's visitor takes it.
    fn left_assoc(
        &mut self,
        term: fn(&mut Self) -> Option<Expr>,
        func_of: fn(Tok) -> Option<&'static str>,
    ) -> Option<Expr> {
        let mut lhs = term(self)?;
        while let Some(func) = func_of(self.peek()) {
            let t = self.advance();
            let op = self.id(&t);
            let rhs = term(self)?;
            lhs = call(op, func, None, vec![lhs, rhs]);
        }
        Some(lhs)
    }

    /// `member | '!'+ member`; an even number of `!` cancels out. Unary minus (and a signed
    /// literal) is left to the crate.
    fn unary(&mut self) -> Option<Expr> {
        match self.peek() {
            Tok::P("!") => {
                let first = self.advance();
                let mut n = 1;
                while self.peek() == Tok::P("!") {
                    self.advance();
                    n += 1;
                }
                if n % 2 == 0 {
                    return self.member();
                }
                let op = self.id(&first);
                let m = self.member()?;
                Some(call(op, "!_", None, vec![m]))
            }
            Tok::P("-") => None,
            _ => self.member(),
        }
    }

    /// A primary followed by selections, member calls and indexing.
    fn member(&mut self) -> Option<Expr> {
        let mut e = self.primary()?;
        loop {
            match self.peek() {
                Tok::P(".") => {
                    let dot = self.advance();
                    if self.peek() != Tok::Ident {
                        return None;
                    }
                    let name_tok = self.advance();
                    let name = self.text(&name_tok).to_string();
                    if self.peek() == Tok::P("(") {
                        let open = self.advance();
                        let op = self.id(&open);
                        let args = self.args()?;
                        e = self.receiver_call(op, name, e, args)?;
                    } else {
                        let id = self.id(&dot);
                        e = Expr::new(
                            id,
                            ExprKind::Select {
                                operand: Box::new(e),
                                field: name,
                                test: false,
                            },
                        );
                    }
                }
                Tok::P("[") => {
                    let open = self.advance();
                    if self.peek() == Tok::P("?") {
                        return None;
                    }
                    let op = self.id(&open);
                    let index = self.expr()?;
                    self.expect("]")?;
                    e = call(op, "_[_]", None, vec![e, index]);
                }
                _ => return Some(e),
            }
        }
    }

    /// Call arguments after the `(`, through the `)`.
    fn args(&mut self) -> Option<Vec<Expr>> {
        let mut args = Vec::new();
        if self.expect(")").is_some() {
            return Some(args);
        }
        loop {
            args.push(self.expr()?);
            if self.expect(",").is_none() {
                break;
            }
        }
        self.expect(")")?;
        Some(args)
    }

    fn primary(&mut self) -> Option<Expr> {
        let t = self.advance();
        let lit = |p: &mut Self, l: Literal| {
            let id = p.id(&t);
            Some(Expr::new(id, ExprKind::Literal(l)))
        };
        match t.kind {
            Tok::Ident => {
                let name = self.text(&t).to_string();
                if reserved(&name) {
                    return None;
                }
                if self.peek() == Tok::P("(") {
                    let open = self.advance();
                    let op = self.id(&open);
                    let args = self.args()?;
                    return self.global_call(op, name, args);
                }
                let id = self.id(&t);
                Some(Expr::new(id, ExprKind::Ident(name)))
            }
            Tok::P("(") => {
                let e = self.expr()?;
                self.expect(")")?;
                Some(e)
            }
            Tok::P("[") => {
                let id = self.id(&t);
                let mut elements = Vec::new();
                while self.peek() != Tok::P("]") {
                    if self.peek() == Tok::P("?") {
                        return None;
                    }
                    elements.push(self.expr()?);
                    if self.expect(",").is_none() {
                        break;
                    }
                }
                self.expect("]")?;
                Some(Expr::new(
                    id,
                    ExprKind::List {
                        elements,
                        optional_indices: Vec::new(),
                    },
                ))
            }
            Tok::P("{") => {
                let id = self.id(&t);
                let mut entries = Vec::new();
                while self.peek() != Tok::P("}") {
                    if self.peek() == Tok::P("?") {
                        return None;
                    }
                    // The entry's id comes before its key's, at the `:` that follows the key.
                    let entry_id = self.next_id;
                    self.next_id += 1;
                    let key = self.expr()?;
                    let col = self.expect(":")?;
                    self.table.insert(entry_id, (col.start, col.stop));
                    let value = self.expr()?;
                    entries.push(MapEntry {
                        id: entry_id,
                        key,
                        value,
                        optional: false,
                    });
                    if self.expect(",").is_none() {
                        break;
                    }
                }
                self.expect("}")?;
                Some(Expr::new(id, ExprKind::Map { entries }))
            }
            Tok::Int => {
                let v: i64 = self.text(&t).parse().ok()?;
                lit(self, Literal::Int(v))
            }
            Tok::Double => {
                let v: f64 = self.text(&t).parse().ok().filter(|d: &f64| d.is_finite())?;
                lit(self, Literal::Double(v))
            }
            Tok::Str => {
                let v = string_value(self.text(&t));
                lit(self, Literal::String(v))
            }
            Tok::True => lit(self, Literal::Bool(true)),
            Tok::False => lit(self, Literal::Bool(false)),
            Tok::Null => lit(self, Literal::Null),
            _ => None,
        }
    }

    /// `name(args)`: `has(x.f)` expands to a presence test; the other macro names go to the
    /// crate.
    fn global_call(&mut self, op: u64, name: String, mut args: Vec<Expr>) -> Option<Expr> {
        if name == "has" {
            if args.len() != 1 {
                return None;
            }
            let arg = args.pop()?;
            let ExprKind::Select {
                operand,
                field,
                test: false,
            } = arg.kind
            else {
                return None;
            };
            return Some(self.node_at(
                op,
                ExprKind::Select {
                    operand,
                    field,
                    test: true,
                },
            ));
        }
        if macro_name(&name) {
            return None;
        }
        Some(call(op, &name, None, args))
    }

    /// `target.name(args)`, expanding the standard comprehension macros as the crate does.
    fn receiver_call(
        &mut self,
        op: u64,
        name: String,
        target: Expr,
        args: Vec<Expr>,
    ) -> Option<Expr> {
        match (name.as_str(), args.len()) {
            ("all", 2) => self.quantifier(op, target, args, true),
            ("exists", 2) => self.quantifier(op, target, args, false),
            ("exists_one" | "existsOne", 2) => self.exists_one(op, target, args),
            ("map", 2 | 3) => self.map(op, target, args),
            ("filter", 2) => self.filter(op, target, args),
            (n, _) if macro_name(n) => None,
            _ => Some(call(op, &name, Some(target), args)),
        }
    }

    fn ident_at(&mut self, at: u64, name: &str) -> Expr {
        self.node_at(at, ExprKind::Ident(name.to_string()))
    }

    fn call_at(&mut self, at: u64, func: &str, args: Vec<Expr>) -> Expr {
        self.node_at(
            at,
            ExprKind::Call {
                func: func.to_string(),
                target: None,
                args,
            },
        )
    }

    fn comprehension(&mut self, at: u64, c: Comprehension) -> Expr {
        self.node_at(at, ExprKind::Comprehension(Box::new(c)))
    }

    /// `all` (`true`, `&&`) and `exists` (`false`, `||`).
    fn quantifier(
        &mut self,
        at: u64,
        target: Expr,
        mut args: Vec<Expr>,
        all: bool,
    ) -> Option<Expr> {
        let pred = args.pop()?;
        let var = simple_name(args.pop()?)?;
        let init = self.node_at(at, ExprKind::Literal(Literal::Bool(all)));
        let accu = self.ident_at(at, RESULT);
        let loop_cond = if all {
            self.call_at(at, "@not_strictly_false", vec![accu])
        } else {
            let not = self.call_at(at, "!_", vec![accu]);
            self.call_at(at, "@not_strictly_false", vec![not])
        };
        let accu2 = self.ident_at(at, RESULT);
        let loop_step = self.call_at(at, if all { "_&&_" } else { "_||_" }, vec![accu2, pred]);
        let result = self.ident_at(at, RESULT);
        let fold = over(target, var, init, loop_cond, loop_step, result);
        Some(self.comprehension(at, fold))
    }

    fn exists_one(&mut self, at: u64, target: Expr, mut args: Vec<Expr>) -> Option<Expr> {
        let pred = args.pop()?;
        let var = simple_name(args.pop()?)?;
        let init = self.node_at(at, ExprKind::Literal(Literal::Int(0)));
        let loop_cond = self.node_at(at, ExprKind::Literal(Literal::Bool(true)));
        let accu = self.ident_at(at, RESULT);
        let one = self.node_at(at, ExprKind::Literal(Literal::Int(1)));
        let plus = self.call_at(at, "_+_", vec![accu, one]);
        let accu2 = self.ident_at(at, RESULT);
        let loop_step = self.call_at(at, "_?_:_", vec![pred, plus, accu2]);
        let accu3 = self.ident_at(at, RESULT);
        let one2 = self.node_at(at, ExprKind::Literal(Literal::Int(1)));
        let result = self.call_at(at, "_==_", vec![accu3, one2]);
        let fold = over(target, var, init, loop_cond, loop_step, result);
        Some(self.comprehension(at, fold))
    }

    /// `map(x, f)` and `map(x, p, f)`.
    fn map(&mut self, at: u64, target: Expr, mut args: Vec<Expr>) -> Option<Expr> {
        let func = args.pop()?;
        let filter = if args.len() == 2 { args.pop() } else { None };
        let var = simple_name(args.pop()?)?;
        let init = self.list_at(at, Vec::new());
        let loop_cond = self.node_at(at, ExprKind::Literal(Literal::Bool(true)));
        let accu = self.ident_at(at, RESULT);
        let one = self.list_at(at, vec![func]);
        let mut loop_step = self.call_at(at, "_+_", vec![accu, one]);
        if let Some(filter) = filter {
            let accu2 = self.ident_at(at, RESULT);
            loop_step = self.call_at(at, "_?_:_", vec![filter, loop_step, accu2]);
        }
        let result = self.ident_at(at, RESULT);
        let fold = over(target, var, init, loop_cond, loop_step, result);
        Some(self.comprehension(at, fold))
    }

    fn filter(&mut self, at: u64, target: Expr, mut args: Vec<Expr>) -> Option<Expr> {
        let filter = args.pop()?;
        let var_expr = args.pop()?;
        let var = simple_name(var_expr.clone())?;
        let init = self.list_at(at, Vec::new());
        let loop_cond = self.node_at(at, ExprKind::Literal(Literal::Bool(true)));
        let accu = self.ident_at(at, RESULT);
        // The element is the variable's own node (the crate reuses it).
        let one = self.list_at(at, vec![var_expr]);
        let plus = self.call_at(at, "_+_", vec![accu, one]);
        let accu2 = self.ident_at(at, RESULT);
        let loop_step = self.call_at(at, "_?_:_", vec![filter, plus, accu2]);
        let result = self.ident_at(at, RESULT);
        let fold = over(target, var, init, loop_cond, loop_step, result);
        Some(self.comprehension(at, fold))
    }

    fn list_at(&mut self, at: u64, elements: Vec<Expr>) -> Expr {
        self.node_at(
            at,
            ExprKind::List {
                elements,
                optional_indices: Vec::new(),
            },
        )
    }
}

/// The comprehension a standard macro expands to: over `target` with `var`, the result
/// accumulated in the crate's `@result`.
fn over(
    target: Expr,
    var: String,
    accu_init: Expr,
    loop_cond: Expr,
    loop_step: Expr,
    result: Expr,
) -> Comprehension {
    Comprehension {
        iter_range: target,
        iter_var: var,
        iter_var2: None,
        accu_var: RESULT.to_string(),
        accu_init,
        loop_cond,
        loop_step,
        result,
    }
}

/// A macro's variable: a plain identifier (anything else is the crate's error to report).
fn simple_name(e: Expr) -> Option<String> {
    match e.kind {
        ExprKind::Ident(n) => Some(n),
        _ => None,
    }
}

/// The crate's `LogicManager::balanced_tree` over `terms` joined by `ops`.
fn balanced(terms: &mut [Option<Expr>], ops: &[u64], func: &str, lo: usize, hi: usize) -> Expr {
    let mid = (lo + hi).div_ceil(2);
    let left = if mid == lo {
        terms[mid].take().unwrap_or_else(unspecified)
    } else {
        balanced(terms, ops, func, lo, mid - 1)
    };
    let right = if mid == hi {
        terms[mid + 1].take().unwrap_or_else(unspecified)
    } else {
        balanced(terms, ops, func, mid + 1, hi)
    };
    call(ops[mid], func, None, vec![left, right])
}

fn unspecified() -> Expr {
    Expr::new(0, ExprKind::Unspecified)
}
