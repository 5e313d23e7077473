//! Parsing: the only place that touches the `cel` crate. Source text goes in; our own
//! [`Expr`](super::ast::Expr) with per-node source offsets, or cel-go-style syntax errors, come
//! out.
//!
//! The `cel` crate's parser is the ANTLR grammar cel-go uses, so syntax-error texts agree with
//! cel-go. It expands the standard macros (`has`, `all`, `exists`, `exists_one`/`existsOne`,
//! `map`, `filter`) itself; the macros of the extensions Kubernetes enables (`cel.bind`, the
//! two-variable comprehensions, `optMap`/`optFlatMap`, `sortBy`) are registered here (see
//! [`super::macros`]) so that every parse produces the same AST cel-go would.

use std::collections::HashMap;
use std::sync::OnceLock;

use cel::common::ast as cast;

use super::ast::{Comprehension, Expr, ExprKind, Literal, MapEntry, StructField};
use super::CelError;

/// A parsed expression: the AST, each node's `(start, stop)` offsets (code points into the
/// expression text) and the next free node id (for nodes the checker adds).
#[derive(Clone, Debug)]
pub struct Parsed {
    pub expr: Expr,
    pub offsets: HashMap<u64, (u32, u32)>,
    pub next_id: u64,
}

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
pub fn parse(src: &str, macros: MacroSet) -> Result<Parsed, Vec<CelError>> {
    let n = src.chars().count();
    if n > MAX_EXPRESSION_CODE_POINTS {
        return Err(vec![CelError {
            line: 1,
            column: 1,
            offset: Some(0),
            message: format!(
                "expression code point size exceeds limit: size: {n}, limit {MAX_EXPRESSION_CODE_POINTS}"
            ),
        }]);
    }
    let parser = env(macros).parser().enable_optional_syntax(true);
    match parser.parse_with_source_info(src) {
        Ok((e, info)) => {
            let mut offsets = HashMap::new();
            let mut max_id = 0;
            let expr = convert(&e, &info, &mut offsets, &mut max_id);
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
            Ok(Parsed {
                expr,
                offsets,
                next_id: max_id + 1,
            })
        }
        Err(errs) => {
            let mut out: Vec<CelError> = errs
                .errors
                .iter()
                .map(|e| CelError {
                    line: e.pos.0.max(1) as usize,
                    column: e.pos.1.max(1) as usize,
                    offset: None,
                    message: e.msg.clone(),
                })
                .collect();
            // The `cel` crate adds "Incomplete `...Context` for ..." after a syntax error inside
            // an operator; cel-go reports only the syntax error.
            if out.len() > 1 {
                out.retain(|e| !e.message.starts_with("Incomplete `"));
            }
            Err(out)
        }
    }
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
