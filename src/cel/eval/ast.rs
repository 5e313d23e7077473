//! The owned expression tree the evaluator walks, converted from the `cel` crate's parsed AST.
//!
//! The conversion does the work cel-go does at parse or plan time that the `cel` crate does not:
//! it expands the two-variable comprehension macros (`all(k, v, p)`, `exists`, `existsOne`,
//! `transformList`, `transformMap`, `transformMapEntry`) and `optMap`/`optFlatMap` into
//! comprehensions shaped exactly like cel-go's expansions (runtime cost depends on that shape),
//! and, when asked, folds constants the way cel-go's `OptOptimize` planner does (constant list
//! and map literals, type conversions of constants), which Kubernetes enables at runtime.
//!
//! When the checker lands, its `CheckedExpr` AST mirror can be converted here the same way;
//! the evaluator itself does not need types (it dispatches on runtime values).

use std::sync::Arc;

use cel::common::ast::{EntryExpr, Expr as CExpr, IdedExpr, LiteralValue};

use super::value::Value;

/// One expression node; `id` is the parser's node id (0 for synthesized nodes).
#[derive(Clone, Debug)]
pub struct Expr {
    pub id: u64,
    pub kind: ExprKind,
    /// The value of a constant sub-tree cel-go folds at plan time, computed on its first
    /// evaluation and kept (a rule runs once per object: folding it again each time cost
    /// more than the rest of a typical rule).
    pub(crate) folded: FoldCache,
    /// For a call, how the evaluator runs it, decided here once instead of matching the
    /// function name against every special form at each evaluation.
    pub(crate) form: CallForm,
    /// Whether the node is of a shape constant folding may apply to (`interp::plan::may_fold`),
    /// decided here once: the evaluator asks at every node it evaluates.
    pub(crate) may_fold: bool,
}

impl Expr {
    pub fn new(id: u64, kind: ExprKind) -> Expr {
        let form = CallForm::of(&kind);
        let may_fold = super::interp::plan::may_fold(&kind);
        Expr {
            id,
            kind,
            folded: FoldCache::default(),
            form,
            may_fold,
        }
    }
}

/// The evaluator's treatment of a call node (see `interp::call`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallForm {
    /// `_&&_` / `_||_`.
    And,
    Or,
    NotStrictlyFalse,
    Conditional,
    /// `o.or(p)` / `o.orValue(v)`.
    OptOr,
    OptOrValue,
    /// `x in [...]` (a set-membership test when the list is a primitive constant and
    /// constants fold).
    In,
    /// `v[i]` / `v[?i]`.
    Index,
    OptIndex,
    /// `_+_` or `cel.@mapInsert`: an in-place append when the first argument is an
    /// accumulator.
    MaybeAccumulate,
    /// `v.?f`.
    OptSelect,
    /// A library function charged before it runs (its work grows faster than its input).
    PreCharged,
    /// Any other library function.
    Function,
    /// Not a call.
    NotACall,
}

impl CallForm {
    fn of(kind: &ExprKind) -> CallForm {
        let ExprKind::Call { func, target, args } = kind else {
            return CallForm::NotACall;
        };
        match (&**func, target.is_some(), args.len()) {
            ("_&&_", false, 2) => CallForm::And,
            ("_||_", false, 2) => CallForm::Or,
            ("@not_strictly_false", false, 1) => CallForm::NotStrictlyFalse,
            ("_?_:_", false, 3) => CallForm::Conditional,
            ("or", true, 1) => CallForm::OptOr,
            ("orValue", true, 1) => CallForm::OptOrValue,
            ("@in", false, 2) => CallForm::In,
            ("_[_]", false, 2) => CallForm::Index,
            ("_[?_]", false, 2) => CallForm::OptIndex,
            ("_+_", false, 2) | ("cel.@mapInsert", false, 2 | 3) => CallForm::MaybeAccumulate,
            ("_?._", false, 2) => CallForm::OptSelect,
            (
                "distinct"
                | "sort"
                | "@sortByAssociatedKeys"
                | "lists.range"
                | "flatten"
                | "sets.contains"
                | "sets.intersects"
                | "sets.equivalent",
                _,
                _,
            ) => CallForm::PreCharged,
            _ => CallForm::Function,
        }
    }
}

/// [`Expr::folded`]: `None` once known not to fold; else the value with the behaviour it was
/// computed under (a conversion's output may depend on the emulated minor).
#[derive(Clone, Debug, Default)]
pub(crate) struct FoldCache(
    pub(crate) std::sync::OnceLock<Option<(crate::k8s::Behavior, super::value::EvalResult)>>,
);

#[derive(Clone, Debug)]
pub enum ExprKind {
    Const(Value),
    Ident(Arc<str>),
    /// `operand.field`; `test` is a presence test (`has(operand.field)`).
    Select {
        operand: Box<Expr>,
        field: Arc<str>,
        test: bool,
    },
    Call {
        func: Arc<str>,
        target: Option<Box<Expr>>,
        args: Vec<Expr>,
    },
    List {
        elems: Vec<Expr>,
        optional: Vec<usize>,
    },
    Map {
        entries: Vec<(Expr, Expr, bool)>,
    },
    /// A message literal (`Foo{a: 1}`): not supported by Kubernetes' environment.
    Struct(Arc<str>),
    Comprehension(Box<Comprehension>),
}

#[derive(Clone, Debug)]
pub struct Comprehension {
    pub iter_range: Expr,
    pub iter_var: Arc<str>,
    pub iter_var2: Option<Arc<str>>,
    pub accu_var: Arc<str>,
    pub accu_init: Expr,
    pub loop_cond: Expr,
    pub loop_step: Expr,
    pub result: Expr,
}

/// Maximum nesting the parser accepts (cel-go's default parser recursion limit).
pub const MAX_PARSE_DEPTH: u16 = 250;

/// Parses CEL source with optional syntax enabled and converts it. Errors are the parser's
/// cel-go-formatted texts (`ERROR: <input>:1:5: ...`).
pub fn parse(src: &str) -> Result<Expr, String> {
    let parsed = std::panic::catch_unwind(|| {
        cel::parser::Parser::new()
            .enable_optional_syntax(true)
            .max_recursion_depth(MAX_PARSE_DEPTH)
            .parse(src)
    })
    .map_err(|_| "parser failure".to_string())?;
    let ided = parsed.map_err(|e| e.to_string())?;
    Ok(from_cel(&ided))
}

/// Converts a parsed `cel` AST, expanding the macros the `cel` crate leaves as calls.
pub fn from_cel(e: &IdedExpr) -> Expr {
    conv(e, 0)
}

/// Converts a checked AST of `crate::cel::checker` (macros already expanded the cel-go way,
/// namespaced calls already global) into the evaluator's tree. `sum` calls whose checked result
/// type is not `int` get their zero value as a hidden second argument, because the zero of an
/// empty list's sum depends on the overload the checker chose.
pub fn from_checked(c: &crate::cel::CheckedExpr) -> Expr {
    from_checked_expr(&c.expr, Some(c), 0)
}

/// Converts an unchecked AST of `crate::cel::ast`.
pub fn from_cel_ast(e: &crate::cel::ast::Expr) -> Expr {
    from_checked_expr(e, None, 0)
}

fn from_checked_expr(
    e: &crate::cel::ast::Expr,
    checked: Option<&crate::cel::CheckedExpr>,
    depth: usize,
) -> Expr {
    use crate::cel::ast::{ExprKind as K, Literal as L};
    if depth > 4 * MAX_PARSE_DEPTH as usize {
        return Expr::new(e.id, ExprKind::Struct(Arc::from("<too deep>")));
    }
    let d = depth + 1;
    let conv = |x: &crate::cel::ast::Expr| from_checked_expr(x, checked, d);
    let kind = match &e.kind {
        K::Unspecified => ExprKind::Const(Value::Null),
        K::Literal(l) => ExprKind::Const(match l {
            L::Null => Value::Null,
            L::Bool(b) => Value::Bool(*b),
            L::Int(i) => Value::Int(*i),
            L::Uint(u) => Value::Uint(*u),
            L::Double(f) => Value::Double(*f),
            L::String(s) => Value::String(Arc::from(s.as_str())),
            L::Bytes(b) => Value::Bytes(Arc::from(b.as_slice())),
        }),
        K::Ident(n) => ExprKind::Ident(Arc::from(n.as_str())),
        K::Select {
            operand,
            field,
            test,
        } => ExprKind::Select {
            operand: Box::new(conv(operand)),
            field: Arc::from(field.as_str()),
            test: *test,
        },
        K::Call { func, target, args } => {
            let mut args: Vec<Expr> = args.iter().map(conv).collect();
            if func == "sum" && target.is_some() && args.is_empty() {
                let zero = match checked.and_then(|c| c.type_of(e.id)) {
                    Some(crate::cel::Type::Double) => Some(Value::Double(0.0)),
                    Some(crate::cel::Type::Uint) => Some(Value::Uint(0)),
                    Some(crate::cel::Type::Duration) => Some(Value::Duration(0)),
                    _ => None,
                };
                if let Some(z) = zero {
                    args.push(konst(z));
                }
            }
            ExprKind::Call {
                func: Arc::from(func.as_str()),
                target: target.as_ref().map(|t| Box::new(conv(t))),
                args,
            }
        }
        K::List {
            elements,
            optional_indices,
        } => ExprKind::List {
            elems: elements.iter().map(conv).collect(),
            optional: optional_indices.clone(),
        },
        K::Map { entries } => ExprKind::Map {
            entries: entries
                .iter()
                .map(|m| (conv(&m.key), conv(&m.value), m.optional))
                .collect(),
        },
        K::Struct { type_name, .. } => ExprKind::Struct(Arc::from(type_name.as_str())),
        K::Comprehension(c) => ExprKind::Comprehension(Box::new(Comprehension {
            iter_range: conv(&c.iter_range),
            iter_var: Arc::from(c.iter_var.as_str()),
            iter_var2: c.iter_var2.as_deref().map(Arc::from),
            accu_var: Arc::from(c.accu_var.as_str()),
            accu_init: conv(&c.accu_init),
            loop_cond: conv(&c.loop_cond),
            loop_step: conv(&c.loop_step),
            result: conv(&c.result),
        })),
    };
    Expr::new(e.id, kind)
}

fn mk(kind: ExprKind) -> Expr {
    Expr::new(0, kind)
}

fn ident(n: &str) -> Expr {
    mk(ExprKind::Ident(Arc::from(n)))
}

fn call(f: &str, target: Option<Expr>, args: Vec<Expr>) -> Expr {
    mk(ExprKind::Call {
        func: Arc::from(f),
        target: target.map(Box::new),
        args,
    })
}

fn konst(v: Value) -> Expr {
    mk(ExprKind::Const(v))
}

const RESULT: &str = "@result";

fn conv(e: &IdedExpr, depth: usize) -> Expr {
    // The parser bounds nesting (MAX_PARSE_DEPTH), so this recursion is bounded too; the
    // explicit cap guards hand-built trees.
    if depth > 4 * MAX_PARSE_DEPTH as usize {
        return Expr::new(e.id, ExprKind::Struct(Arc::from("<too deep>")));
    }
    let d = depth + 1;
    let kind = match &e.expr {
        CExpr::Unspecified => ExprKind::Const(Value::Null),
        CExpr::Literal(l) => ExprKind::Const(literal(l)),
        CExpr::Ident(n) => ExprKind::Ident(Arc::from(n.as_str())),
        CExpr::Select(s) => ExprKind::Select {
            operand: Box::new(conv(&s.operand, d)),
            field: Arc::from(s.field.as_str()),
            test: s.test,
        },
        CExpr::Call(c) => {
            if let Some(x) = expand_macro(c, d) {
                return Expr { id: e.id, ..x };
            }
            // `optional.of(x)`, `sets.contains(a, b)`, ...: the parser sees a member call on
            // the identifier `optional`; cel-go's checker resolves it to the namespaced
            // global function.
            if let Some(ns) = c.target.as_deref().and_then(namespace_of) {
                return Expr::new(
                    e.id,
                    ExprKind::Call {
                        func: Arc::from(format!("{ns}.{}", c.func_name).as_str()),
                        target: None,
                        args: c.args.iter().map(|a| conv(a, d)).collect(),
                    },
                );
            }
            ExprKind::Call {
                func: Arc::from(c.func_name.as_str()),
                target: c.target.as_ref().map(|t| Box::new(conv(t, d))),
                args: c.args.iter().map(|a| conv(a, d)).collect(),
            }
        }
        CExpr::List(l) => ExprKind::List {
            elems: l.elements.iter().map(|x| conv(x, d)).collect(),
            optional: l.optional_indices.clone(),
        },
        CExpr::Map(m) => ExprKind::Map {
            entries: m
                .entries
                .iter()
                .filter_map(|en| match &en.expr {
                    EntryExpr::MapEntry(me) => {
                        Some((conv(&me.key, d), conv(&me.value, d), me.optional))
                    }
                    EntryExpr::StructField(_) => None,
                })
                .collect(),
        },
        CExpr::Struct(s) => ExprKind::Struct(Arc::from(s.type_name.as_str())),
        CExpr::Comprehension(c) => ExprKind::Comprehension(Box::new(Comprehension {
            iter_range: conv(&c.iter_range, d),
            iter_var: Arc::from(c.iter_var.as_str()),
            iter_var2: c.iter_var2.as_deref().map(Arc::from),
            accu_var: Arc::from(c.accu_var.as_str()),
            accu_init: conv(&c.accu_init, d),
            loop_cond: conv(&c.loop_cond, d),
            loop_step: conv(&c.loop_step, d),
            result: conv(&c.result, d),
        })),
    };
    Expr::new(e.id, kind)
}

/// Function namespaces of the Kubernetes environment.
const NAMESPACES: &[&str] = &[
    "optional",
    "sets",
    "strings",
    "format",
    "lists",
    "ip",
    "cel",
    "jsonpatch",
];

fn namespace_of(e: &IdedExpr) -> Option<&'static str> {
    let n = ident_name(e)?;
    NAMESPACES.iter().find(|x| **x == n).copied()
}

fn literal(l: &LiteralValue) -> Value {
    match l {
        LiteralValue::Boolean(b) => Value::Bool(**b),
        LiteralValue::Bytes(b) => Value::Bytes(Arc::from(b.as_ref())),
        LiteralValue::Double(f) => Value::Double(**f),
        LiteralValue::Int(i) => Value::Int(**i),
        LiteralValue::Null => Value::Null,
        LiteralValue::String(s) => Value::String(Arc::from(s.as_ref())),
        LiteralValue::UInt(u) => Value::Uint(**u),
    }
}

fn ident_name(e: &IdedExpr) -> Option<&str> {
    match &e.expr {
        CExpr::Ident(n) => Some(n),
        _ => None,
    }
}

/// cel-go `ext.TwoVarComprehensions` and optional `optMap`/`optFlatMap` macro expansions.
fn expand_macro(c: &cel::common::ast::CallExpr, d: usize) -> Option<Expr> {
    let target = c.target.as_ref()?;
    let f = c.func_name.as_str();
    match (f, c.args.len()) {
        ("optMap" | "optFlatMap", 2) => {
            let var = ident_name(&c.args[0])?;
            let t = conv(target, d);
            let body = conv(&c.args[1], d);
            // target.hasValue() ? [optional.of](cel.bind(var, target.value(), body)) : optional.none()
            let bind = mk(ExprKind::Comprehension(Box::new(Comprehension {
                iter_range: mk(ExprKind::List {
                    elems: vec![],
                    optional: vec![],
                }),
                iter_var: Arc::from("#unused"),
                iter_var2: None,
                accu_var: Arc::from(var),
                accu_init: call("value", Some(t.clone()), vec![]),
                loop_cond: konst(Value::Bool(false)),
                loop_step: ident(var),
                result: body,
            })));
            let then = if f == "optMap" {
                call("optional.of", None, vec![bind])
            } else {
                bind
            };
            Some(call(
                "_?_:_",
                None,
                vec![
                    call("hasValue", Some(t), vec![]),
                    then,
                    call("optional.none", None, vec![]),
                ],
            ))
        }
        ("sortBy", 2) => {
            // cel-go ext.Lists: cel.bind(@__sortBy_input__, target,
            //   @__sortBy_input__.@sortByAssociatedKeys(@__sortBy_input__.map(v, key)))
            let var = ident_name(&c.args[0])?;
            const INPUT: &str = "@__sortBy_input__";
            let key = conv(&c.args[1], d);
            let keys = comprehension(
                ident(INPUT),
                var,
                None,
                mk(ExprKind::List {
                    elems: vec![],
                    optional: vec![],
                }),
                konst(Value::Bool(true)),
                call(
                    "_+_",
                    None,
                    vec![
                        ident(RESULT),
                        mk(ExprKind::List {
                            elems: vec![key],
                            optional: vec![],
                        }),
                    ],
                ),
                ident(RESULT),
            );
            Some(mk(ExprKind::Comprehension(Box::new(Comprehension {
                iter_range: mk(ExprKind::List {
                    elems: vec![],
                    optional: vec![],
                }),
                iter_var: Arc::from("#unused"),
                iter_var2: None,
                accu_var: Arc::from(INPUT),
                accu_init: conv(target, d),
                loop_cond: konst(Value::Bool(false)),
                loop_step: ident(INPUT),
                result: call("@sortByAssociatedKeys", Some(ident(INPUT)), vec![keys]),
            }))))
        }
        ("all" | "exists" | "existsOne" | "exists_one", 3) => {
            let k = ident_name(&c.args[0])?;
            let v = ident_name(&c.args[1])?;
            let range = conv(target, d);
            let pred = conv(&c.args[2], d);
            let (init, cond, step, result) = match f {
                "all" => (
                    konst(Value::Bool(true)),
                    call("@not_strictly_false", None, vec![ident(RESULT)]),
                    call("_&&_", None, vec![ident(RESULT), pred]),
                    ident(RESULT),
                ),
                "exists" => (
                    konst(Value::Bool(false)),
                    call(
                        "@not_strictly_false",
                        None,
                        vec![call("!_", None, vec![ident(RESULT)])],
                    ),
                    call("_||_", None, vec![ident(RESULT), pred]),
                    ident(RESULT),
                ),
                _ => (
                    konst(Value::Int(0)),
                    konst(Value::Bool(true)),
                    call(
                        "_?_:_",
                        None,
                        vec![
                            pred,
                            call("_+_", None, vec![ident(RESULT), konst(Value::Int(1))]),
                            ident(RESULT),
                        ],
                    ),
                    call("_==_", None, vec![ident(RESULT), konst(Value::Int(1))]),
                ),
            };
            Some(comprehension(range, k, Some(v), init, cond, step, result))
        }
        ("transformList" | "transformMap" | "transformMapEntry", 3 | 4) => {
            let k = ident_name(&c.args[0])?;
            let v = ident_name(&c.args[1])?;
            let range = conv(target, d);
            let (filter, body) = if c.args.len() == 4 {
                (Some(conv(&c.args[2], d)), conv(&c.args[3], d))
            } else {
                (None, conv(&c.args[2], d))
            };
            let (init, add) = match f {
                "transformList" => (
                    mk(ExprKind::List {
                        elems: vec![],
                        optional: vec![],
                    }),
                    call(
                        "_+_",
                        None,
                        vec![
                            ident(RESULT),
                            mk(ExprKind::List {
                                elems: vec![body],
                                optional: vec![],
                            }),
                        ],
                    ),
                ),
                "transformMap" => (
                    mk(ExprKind::Map { entries: vec![] }),
                    call("cel.@mapInsert", None, vec![ident(RESULT), ident(k), body]),
                ),
                _ => (
                    mk(ExprKind::Map { entries: vec![] }),
                    call("cel.@mapInsert", None, vec![ident(RESULT), body]),
                ),
            };
            let step = match filter {
                Some(fl) => call("_?_:_", None, vec![fl, add, ident(RESULT)]),
                None => add,
            };
            Some(comprehension(
                range,
                k,
                Some(v),
                init,
                konst(Value::Bool(true)),
                step,
                ident(RESULT),
            ))
        }
        _ => None,
    }
}

fn comprehension(
    range: Expr,
    k: &str,
    v: Option<&str>,
    init: Expr,
    cond: Expr,
    step: Expr,
    result: Expr,
) -> Expr {
    mk(ExprKind::Comprehension(Box::new(Comprehension {
        iter_range: range,
        iter_var: Arc::from(k),
        iter_var2: v.map(Arc::from),
        accu_var: Arc::from(RESULT),
        accu_init: init,
        loop_cond: cond,
        loop_step: step,
        result,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_variable_macros_become_comprehensions() {
        let e = parse("self.all(k, v, v > 0)").unwrap();
        let ExprKind::Comprehension(c) = e.kind else {
            panic!("{e:?}")
        };
        assert_eq!(c.iter_var2.as_deref(), Some("v"));
        assert!(parse("self.map(x, x + 1)").is_ok());
        assert!(parse("self.x +").is_err());
    }
}
