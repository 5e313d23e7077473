//! What cel-go's planner decides before a program runs: which nodes are attributes (their
//! qualifiers cost nothing extra), which sub-trees are constants it folds under `OptOptimize`,
//! and which constant conversions fail program creation.

use super::super::ast::{CallForm, Expr, ExprKind};
use super::super::value::{EvalError, Value};
use super::{evaluate, Options};

/// True when cel-go would plan this node as an attribute, so a following select or index
/// is merely a qualifier on it (no extra attribute cost).
pub(super) fn is_attribute(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Ident(_) => true,
        ExprKind::Select { test, .. } => !test,
        ExprKind::Call { func, .. } => {
            matches!(
                e.form,
                CallForm::Index | CallForm::OptIndex | CallForm::OptSelect | CallForm::Conditional
            ) || (matches!(e.form, CallForm::Function)
                && matches!(&**func, "_[_]" | "_?._" | "_[?_]" | "_?_:_"))
        }
        _ => false,
    }
}

/// Constant sub-trees cel-go's optimizer folds.
pub(super) fn is_const(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Const(_) => true,
        ExprKind::List { elems, optional } => optional.is_empty() && elems.iter().all(is_const),
        ExprKind::Map { entries } => entries
            .iter()
            .all(|(k, v, o)| !o && is_const(k) && is_const(v)),
        ExprKind::Call { func, target, args } => {
            target.is_none() && args.len() == 1 && is_conversion(func) && is_const(&args[0])
        }
        _ => false,
    }
}

/// The error cel-go's planner raises for this program, if any: with `OptOptimize` (on in
/// Kubernetes) a type conversion whose argument is a constant is evaluated while the program
/// is planned (`interpreter/decorators.go`, `maybeOptimizeConstUnary`), and its failure fails
/// program creation (`int('abc')`, `uint(-1)`, `bool('TrUe')`). Sub-trees are planned before
/// their parents, left to right, so the first failure in that order is reported.
pub fn plan_time_error(e: &Expr) -> Option<(u64, EvalError)> {
    let mut children: Vec<&Expr> = Vec::new();
    match &e.kind {
        ExprKind::Select { operand, .. } => children.push(operand),
        ExprKind::Call { target, args, .. } => {
            children.extend(target.as_deref());
            children.extend(args);
        }
        ExprKind::List { elems, .. } => children.extend(elems),
        ExprKind::Map { entries } => {
            for (k, v, _) in entries {
                children.push(k);
                children.push(v);
            }
        }
        ExprKind::Struct { fields, .. } => children.extend(fields.iter().map(|(_, v, _)| v)),
        ExprKind::Comprehension(c) => children.extend([
            &c.iter_range,
            &c.accu_init,
            &c.loop_cond,
            &c.loop_step,
            &c.result,
        ]),
        ExprKind::Const(_) | ExprKind::Ident(_) => {}
    }
    if let Some(err) = children.into_iter().find_map(plan_time_error) {
        return Some(err);
    }
    if let ExprKind::Call {
        func,
        target: None,
        args,
    } = &e.kind
    {
        if args.len() == 1 && is_conversion(func) && is_const(&args[0]) {
            let opts = Options {
                cost_limit: None,
                ..Options::default()
            };
            return evaluate(e, &[], opts).value.err().map(|err| (e.id, err));
        }
    }
    None
}

pub(super) fn is_primitive_const_list(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::List { elems, optional } => {
            optional.is_empty()
                && elems.iter().all(|x| {
                    matches!(
                        x.kind,
                        ExprKind::Const(
                            Value::Int(_)
                                | Value::Uint(_)
                                | Value::Double(_)
                                | Value::String(_)
                                | Value::Bool(_)
                        )
                    )
                })
        }
        _ => false,
    }
}

fn is_conversion(f: &str) -> bool {
    matches!(
        f,
        "int"
            | "uint"
            | "double"
            | "bool"
            | "string"
            | "bytes"
            | "timestamp"
            | "duration"
            | "type"
            | "dyn"
    )
}
