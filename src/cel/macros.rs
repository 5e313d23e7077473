//! The macros Kubernetes' environments add to the CEL standard ones, expanded at parse time the
//! way cel-go expands them (same shapes, same variable names), because the cost estimator and
//! the checker see only the expansion:
//!
//! * two-variable comprehensions (`ext/comprehensions.go`): `all`/`exists`/`existsOne`/
//!   `exists_one` with three arguments, `transformList`, `transformMap`, `transformMapEntry`.
//! * `optMap`/`optFlatMap` (cel-go `cel/library.go`, optional types): the `cel` crate expands them
//!   itself, and [`opt_map_like_cel_go`] reshapes its expansion into cel-go's after parsing.
//! * `sortBy` (`ext/lists.go`, lists v2+).
//!
//! Each set is expanded only by the parser of an environment that has it ([`MacroSet`]); in an
//! older environment the call stays a call and the checker reports it as cel-go does
//! (`undeclared reference to 'transformList'`). Exception: `optMap`/`optFlatMap` are expanded
//! in every set, [`MacroSet::Standard`] included, because `cel::Env::stdlib()` always has them
//! and the crate offers no way to drop a macro (an error in such an environment then names the
//! expansion's calls rather than `optMap` itself). `cel.bind` is not in Kubernetes'
//! environments.

use cel::common::ast::{
    CallExpr, ComprehensionExpr, Expr, IdedExpr, ListExpr, LiteralValue, MapExpr,
};
use cel::parser::{Macro, MacroExprHelper, ParseError};

use crate::k8s::behavior::Behavior;
use crate::k8s::KubeVersion;

const ACCU: &str = "@result";
const UNUSED: &str = "#unused";

type Args<'a> = &'a mut Vec<IdedExpr>;

/// Which macro sets a parser expands; each arrived with a Kubernetes minor (§5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MacroSet {
    /// The standard macros only.
    Standard = 0,
    /// + `optMap`/`optFlatMap` (optional types, 1.28).
    Optional = 1,
    /// + two-variable comprehensions (1.32).
    TwoVar = 2,
    /// + `sortBy` (ext.Lists v2+, 1.34).
    SortBy = 3,
}

impl MacroSet {
    /// The macros of an environment with the options of `minor` (when each set arrived is
    /// `k8s::behavior`'s to say).
    pub fn for_minor(minor: u32, optional_types: bool) -> MacroSet {
        let b = Behavior::of(KubeVersion { minor });
        if b.cel_sort_by_macro {
            MacroSet::SortBy
        } else if b.cel_two_var_comprehensions {
            MacroSet::TwoVar
        } else if b.cel_optional_macros || optional_types {
            MacroSet::Optional
        } else {
            MacroSet::Standard
        }
    }
}

/// Adds the macros of `set` to `env`. `cel.bind` is never added: Kubernetes' base environment
/// does not include cel-go's `ext.Bindings` (apiserver `environment/base.go`).
pub(super) fn register(env: &mut cel::Env, set: MacroSet) {
    let mut ms = Vec::new();
    // `optMap`/`optFlatMap` come with `cel::Env::stdlib()` (the crate's optional library) and
    // cannot be replaced there; [`opt_map_like_cel_go`] reshapes its expansion after parsing.
    if set >= MacroSet::SortBy {
        ms.push(Macro::receiver("sortBy", 2, sort_by));
    }
    if set < MacroSet::TwoVar {
        for m in ms {
            let _ = env.add_macro(m);
        }
        return;
    }
    ms.extend([
        Macro::receiver("all", 3, |h, t, a| two_var(h, t, a, Quant::All)),
        Macro::receiver("exists", 3, |h, t, a| two_var(h, t, a, Quant::Exists)),
        Macro::receiver("existsOne", 3, |h, t, a| two_var(h, t, a, Quant::One)),
        Macro::receiver("exists_one", 3, |h, t, a| two_var(h, t, a, Quant::One)),
        Macro::receiver("transformList", 3, |h, t, a| two_var(h, t, a, Quant::List)),
        Macro::receiver("transformList", 4, |h, t, a| two_var(h, t, a, Quant::List)),
        Macro::receiver("transformMap", 3, |h, t, a| two_var(h, t, a, Quant::Map)),
        Macro::receiver("transformMap", 4, |h, t, a| two_var(h, t, a, Quant::Map)),
        Macro::receiver("transformMapEntry", 3, |h, t, a| {
            two_var(h, t, a, Quant::Entry)
        }),
        Macro::receiver("transformMapEntry", 4, |h, t, a| {
            two_var(h, t, a, Quant::Entry)
        }),
    ]);
    for m in ms {
        // Each (name, arity, style) is registered once; a duplicate is a programming error that
        // the unit tests would catch, so ignoring the result here cannot hide input problems.
        let _ = env.add_macro(m);
    }
}

fn call(
    h: &mut MacroExprHelper<'_>,
    f: &str,
    target: Option<IdedExpr>,
    args: Vec<IdedExpr>,
) -> IdedExpr {
    h.next_expr(Expr::Call(CallExpr {
        func_name: f.to_string(),
        target: target.map(Box::new),
        args,
    }))
}
fn ident(h: &mut MacroExprHelper<'_>, n: &str) -> IdedExpr {
    h.next_expr(Expr::Ident(n.to_string()))
}
fn lit_bool(h: &mut MacroExprHelper<'_>, b: bool) -> IdedExpr {
    h.next_expr(Expr::Literal(LiteralValue::Boolean(b.into())))
}
fn lit_int(h: &mut MacroExprHelper<'_>, i: i64) -> IdedExpr {
    h.next_expr(Expr::Literal(LiteralValue::Int(i.into())))
}
fn empty_list(h: &mut MacroExprHelper<'_>) -> IdedExpr {
    h.next_expr(Expr::List(ListExpr::new(Vec::new())))
}
fn list_of(h: &mut MacroExprHelper<'_>, e: IdedExpr) -> IdedExpr {
    h.next_expr(Expr::List(ListExpr::new(vec![e])))
}
#[allow(clippy::too_many_arguments)]
fn compre(
    h: &mut MacroExprHelper<'_>,
    range: IdedExpr,
    v1: String,
    v2: Option<String>,
    accu: &str,
    init: IdedExpr,
    cond: IdedExpr,
    step: IdedExpr,
    result: IdedExpr,
) -> IdedExpr {
    h.next_expr(Expr::Comprehension(Box::new(ComprehensionExpr {
        iter_range: range,
        iter_var: v1,
        iter_var2: v2,
        accu_var: accu.to_string(),
        accu_init: init,
        loop_cond: cond,
        loop_step: step,
        result,
    })))
}

fn simple_name(h: &MacroExprHelper<'_>, e: &IdedExpr, msg: &str) -> Result<String, ParseError> {
    match &e.expr {
        Expr::Ident(n) => Ok(n.clone()),
        _ => Err(h.new_error(e.id, msg)),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Quant {
    All,
    Exists,
    One,
    List,
    Map,
    Entry,
}

fn two_var(
    h: &mut MacroExprHelper<'_>,
    target: &mut Option<IdedExpr>,
    args: Args<'_>,
    q: Quant,
) -> Result<Option<IdedExpr>, ParseError> {
    let v1 = simple_name(h, &args[0], "argument must be a simple name")?;
    let v2 = simple_name(h, &args[1], "argument must be a simple name")?;
    if v1 == v2 {
        return Err(h.new_error(args[1].id, format!("duplicate variable name: {v1}")));
    }
    if v1 == ACCU || v1 == "__result__" {
        return Err(h.new_error(
            args[0].id,
            "iteration variable overwrites accumulator variable",
        ));
    }
    if v2 == ACCU || v2 == "__result__" {
        return Err(h.new_error(
            args[1].id,
            "iteration variable overwrites accumulator variable",
        ));
    }
    let Some(range) = target.take() else {
        return Ok(None);
    };
    let mut rest: Vec<IdedExpr> = args.drain(..).skip(2).collect();
    let body = rest.pop().unwrap_or_default();
    let filter = rest.pop();
    let (init, cond, step, result) = match q {
        Quant::All => {
            let init = lit_bool(h, true);
            let a = ident(h, ACCU);
            let cond = call(h, "@not_strictly_false", None, vec![a]);
            let a = ident(h, ACCU);
            let step = call(h, "_&&_", None, vec![a, body]);
            (init, cond, step, ident(h, ACCU))
        }
        Quant::Exists => {
            let init = lit_bool(h, false);
            let a = ident(h, ACCU);
            let not = call(h, "!_", None, vec![a]);
            let cond = call(h, "@not_strictly_false", None, vec![not]);
            let a = ident(h, ACCU);
            let step = call(h, "_||_", None, vec![a, body]);
            (init, cond, step, ident(h, ACCU))
        }
        Quant::One => {
            let init = lit_int(h, 0);
            let cond = lit_bool(h, true);
            let a = ident(h, ACCU);
            let one = lit_int(h, 1);
            let add = call(h, "_+_", None, vec![a, one]);
            let a = ident(h, ACCU);
            let step = call(h, "_?_:_", None, vec![body, add, a]);
            let a = ident(h, ACCU);
            let one = lit_int(h, 1);
            let result = call(h, "_==_", None, vec![a, one]);
            (init, cond, step, result)
        }
        Quant::List | Quant::Map | Quant::Entry => {
            let init = if q == Quant::List {
                empty_list(h)
            } else {
                h.next_expr(Expr::Map(MapExpr {
                    entries: Vec::new(),
                }))
            };
            let cond = lit_bool(h, true);
            let a = ident(h, ACCU);
            let mut step = match q {
                Quant::List => {
                    let l = list_of(h, body);
                    call(h, "_+_", None, vec![a, l])
                }
                Quant::Map => {
                    let k = ident(h, &v1);
                    call(h, "cel.@mapInsert", None, vec![a, k, body])
                }
                _ => call(h, "cel.@mapInsert", None, vec![a, body]),
            };
            if let Some(f) = filter {
                let a = ident(h, ACCU);
                step = call(h, "_?_:_", None, vec![f, step, a]);
            }
            (init, cond, step, ident(h, ACCU))
        }
    };
    Ok(Some(compre(
        h,
        range,
        v1,
        Some(v2),
        ACCU,
        init,
        cond,
        step,
        result,
    )))
}

fn sort_by(
    h: &mut MacroExprHelper<'_>,
    target: &mut Option<IdedExpr>,
    args: Args<'_>,
) -> Result<Option<IdedExpr>, ParseError> {
    const INPUT: &str = "@__sortBy_input__";
    let Some(t) = target.as_ref() else {
        return Ok(None);
    };
    if !matches!(
        t.expr,
        Expr::List(_) | Expr::Select(_) | Expr::Ident(_) | Expr::Comprehension(_) | Expr::Call(_)
    ) {
        return Err(h.new_error(
            t.id,
            "sortBy can only be applied to a list, identifier, comprehension, call or select expression",
        ));
    }
    let v = simple_name(h, &args[0], "argument must be a simple name")?;
    let Some(t) = target.take() else {
        return Ok(None);
    };
    let body = args.pop().unwrap_or_default();
    args.clear();
    // parser.MakeMap over a copy of the input identifier.
    let range = ident(h, INPUT);
    let init = empty_list(h);
    let cond = lit_bool(h, true);
    let a = ident(h, ACCU);
    let l = list_of(h, body);
    let step = call(h, "_+_", None, vec![a, l]);
    let res = ident(h, ACCU);
    let map = compre(h, range, v, None, ACCU, init, cond, step, res);
    let input = ident(h, INPUT);
    let sort = call(h, "@sortByAssociatedKeys", Some(input), vec![map]);
    let range = empty_list(h);
    let cond = lit_bool(h, false);
    let step = ident(h, INPUT);
    Ok(Some(compre(
        h,
        range,
        UNUSED.to_string(),
        None,
        INPUT,
        t,
        cond,
        step,
        sort,
    )))
}

/// The accumulator the `cel` crate binds a non-identifier `optMap`/`optFlatMap` target to.
const CRATE_TARGET: &str = "@target";

/// Reshapes the `cel` crate's `optMap`/`optFlatMap` expansions into cel-go's (`cel/library.go`
/// `optMap`/`optFlatMap`):
///
/// ```text
/// crate:  cel.bind(@target, T, @target.hasValue() ? optional.of(cel.bind(v, @target.value(), e)) : optional.none())
/// cel-go: T.hasValue() ? optional.of(cel.bind(v, T'.value(), e)) : optional.none()
/// ```
///
/// where `T'` is a copy of `T` with fresh ids at the same source offsets (cel-go
/// `ExprHelper.Copy`). The shapes evaluate alike, but the cost estimator charges the crate's
/// extra bind (an empty list and an identifier), so Kubernetes' cost limits need cel-go's. An
/// identifier target is already expanded by the crate as cel-go does. `@target` cannot be
/// written in CEL source, so only the crate's expansion matches.
pub(super) fn opt_map_like_cel_go(
    e: &mut crate::cel::ast::Expr,
    offsets: &mut super::FastMap<u64, (u32, u32)>,
    next_id: &mut u64,
) {
    use crate::cel::ast::ExprKind as K;
    // Children first, so that a target that is itself an expansion is already reshaped before
    // it is copied.
    match &mut e.kind {
        K::Unspecified | K::Literal(_) | K::Ident(_) => {}
        K::Select { operand, .. } => opt_map_like_cel_go(operand, offsets, next_id),
        K::Call { target, args, .. } => {
            if let Some(t) = target {
                opt_map_like_cel_go(t, offsets, next_id);
            }
            for a in args {
                opt_map_like_cel_go(a, offsets, next_id);
            }
        }
        K::List { elements, .. } => {
            for x in elements {
                opt_map_like_cel_go(x, offsets, next_id);
            }
        }
        K::Map { entries } => {
            for en in entries {
                opt_map_like_cel_go(&mut en.key, offsets, next_id);
                opt_map_like_cel_go(&mut en.value, offsets, next_id);
            }
        }
        K::Struct { fields, .. } => {
            for f in fields {
                opt_map_like_cel_go(&mut f.value, offsets, next_id);
            }
        }
        K::Comprehension(c) => {
            for x in [
                &mut c.iter_range,
                &mut c.accu_init,
                &mut c.loop_cond,
                &mut c.loop_step,
                &mut c.result,
            ] {
                opt_map_like_cel_go(x, offsets, next_id);
            }
        }
    }
    let K::Comprehension(c) = &mut e.kind else {
        return;
    };
    if c.accu_var != CRATE_TARGET || c.iter_var != UNUSED {
        return;
    }
    // result = _?_:_(@target.hasValue(), [optional.of](bind(v, @target.value(), e)), optional.none())
    // with `optional.of`/`optional.none` as member calls on the identifier `optional`, which the
    // checker resolves to the same functions as cel-go's global calls.
    let K::Call { func, args, .. } = &mut c.result.kind else {
        return;
    };
    if func != "_?_:_" || args.len() != 3 {
        return;
    }
    let (has, rest) = args.split_at_mut(1);
    let bind = match &mut rest[0].kind {
        K::Call { func, args, .. } if func == "of" && args.len() == 1 => &mut args[0],
        _ => &mut rest[0],
    };
    let K::Comprehension(b) = &mut bind.kind else {
        return;
    };
    let (
        K::Call {
            target: Some(ht), ..
        },
        K::Call {
            target: Some(vt), ..
        },
    ) = (&mut has[0].kind, &mut b.accu_init.kind)
    else {
        return;
    };
    if !matches!(&ht.kind, K::Ident(n) if n == CRATE_TARGET)
        || !matches!(&vt.kind, K::Ident(n) if n == CRATE_TARGET)
    {
        return;
    }
    let target = std::mem::replace(
        &mut c.accu_init,
        crate::cel::ast::Expr::new(0, K::Unspecified),
    );
    **vt = copy_fresh(&target, offsets, next_id);
    **ht = target;
    let result = std::mem::replace(&mut c.result, crate::cel::ast::Expr::new(0, K::Unspecified));
    *e = result;
}

/// A copy of `e` with fresh ids, each at its original's source offsets.
fn copy_fresh(
    e: &crate::cel::ast::Expr,
    offsets: &mut super::FastMap<u64, (u32, u32)>,
    next_id: &mut u64,
) -> crate::cel::ast::Expr {
    use crate::cel::ast::{Comprehension, ExprKind as K, MapEntry, StructField};
    let id = fresh_id(e.id, offsets, next_id);
    let kind = match &e.kind {
        K::Unspecified => K::Unspecified,
        K::Literal(l) => K::Literal(l.clone()),
        K::Ident(n) => K::Ident(n.clone()),
        K::Select {
            operand,
            field,
            test,
        } => K::Select {
            operand: Box::new(copy_fresh(operand, offsets, next_id)),
            field: field.clone(),
            test: *test,
        },
        K::Call { func, target, args } => K::Call {
            func: func.clone(),
            target: target
                .as_ref()
                .map(|t| Box::new(copy_fresh(t, offsets, next_id))),
            args: args
                .iter()
                .map(|a| copy_fresh(a, offsets, next_id))
                .collect(),
        },
        K::List {
            elements,
            optional_indices,
        } => K::List {
            elements: elements
                .iter()
                .map(|a| copy_fresh(a, offsets, next_id))
                .collect(),
            optional_indices: optional_indices.clone(),
        },
        K::Map { entries } => K::Map {
            entries: entries
                .iter()
                .map(|en| MapEntry {
                    id: fresh_id(en.id, offsets, next_id),
                    key: copy_fresh(&en.key, offsets, next_id),
                    value: copy_fresh(&en.value, offsets, next_id),
                    optional: en.optional,
                })
                .collect(),
        },
        K::Struct { type_name, fields } => K::Struct {
            type_name: type_name.clone(),
            fields: fields
                .iter()
                .map(|f| StructField {
                    id: fresh_id(f.id, offsets, next_id),
                    field: f.field.clone(),
                    value: copy_fresh(&f.value, offsets, next_id),
                    optional: f.optional,
                })
                .collect(),
        },
        K::Comprehension(c) => K::Comprehension(Box::new(Comprehension {
            iter_range: copy_fresh(&c.iter_range, offsets, next_id),
            iter_var: c.iter_var.clone(),
            iter_var2: c.iter_var2.clone(),
            accu_var: c.accu_var.clone(),
            accu_init: copy_fresh(&c.accu_init, offsets, next_id),
            loop_cond: copy_fresh(&c.loop_cond, offsets, next_id),
            loop_step: copy_fresh(&c.loop_step, offsets, next_id),
            result: copy_fresh(&c.result, offsets, next_id),
        })),
    };
    crate::cel::ast::Expr::new(id, kind)
}

fn fresh_id(old: u64, offsets: &mut super::FastMap<u64, (u32, u32)>, next_id: &mut u64) -> u64 {
    let id = *next_id;
    *next_id += 1;
    if let Some(o) = offsets.get(&old).copied() {
        offsets.insert(id, o);
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The minors each macro set arrived with (apiserver `environment/base.go`), read from the
    /// behaviour table's rows `CelOptionalMacros`, `CelTwoVarComprehensions`, `CelSortByMacro`.
    #[test]
    fn macro_sets_arrive_with_their_minors() {
        let at = |m| MacroSet::for_minor(m, false);
        assert_eq!(at(27), MacroSet::Standard);
        assert_eq!(MacroSet::for_minor(27, true), MacroSet::Optional);
        assert_eq!(at(28), MacroSet::Optional);
        assert_eq!(at(31), MacroSet::Optional);
        assert_eq!(at(32), MacroSet::TwoVar);
        assert_eq!(at(33), MacroSet::TwoVar);
        assert_eq!(at(34), MacroSet::SortBy);
        assert_eq!(at(37), MacroSet::SortBy);
    }
}
