//! The per-program plan: the expression converted once more, on its first evaluation, into
//! steps that run without the tree walk's per-node decisions, as cel-go's planner turns a
//! checked AST into `Interpretable`s (`interpreter/planner.go`, `attributes.go`). Field
//! chains on a variable (`object.metadata.name`) become one attribute (the variable and the
//! field names, read by reference, step by step); `&&`, `||`, `?:`, calls on the overload
//! table, presence tests and comprehensions are steps over their planned operands. Anything
//! else stays a node of the tree ([`Plan::Walk`]) that the walker evaluates, so the plan
//! covers the common shapes and the walker stays the one definition of the rest.
//!
//! Every step has exactly the walker's semantics: the same evaluation order, costs, errors
//! and error absorption (`interp/tests.rs` compares the two on a table of expressions).

use std::borrow::Cow;
use std::sync::Arc;

use super::super::ast::{Binding, CallForm, Comprehension, Expr, ExprKind};
use super::super::functions::table::{self, Overload, Run};
use super::super::functions::{self, Tracked};
use super::super::value::{same_str, str_size, ErrorKind, EvalError, EvalResult, Hint, Value};
use crate::cel::types::Type;
use crate::k8s::Behavior;

type StrictFn = fn(Behavior, &[Value]) -> EvalResult;

/// How many of the caller's variables a plan remembers per evaluation (`object`, `request`,
/// `variables`, ...; further ones are searched at each use).
pub(super) const ROOTS: usize = 4;
const NO_SLOT: usize = u8::MAX as usize;
use super::plan::{is_const, is_primitive_const_list};
use super::{bound_by, charge, cost_limit_error, Evaluator};

/// One planned step (see the module doc).
#[derive(Clone, Debug)]
pub(crate) enum Plan {
    Const(Value),
    /// A constant list or map literal of constants only (`{}`, `['a', 'b']`): with constant
    /// folding on, the value folding makes (computed with the plan: no call, so no behaviour,
    /// decides it) at no cost; without, the walker's literal.
    Folded(Box<(Value, Expr)>),
    /// A variable or a field chain on one.
    Attr(Box<Attr>),
    /// `has(attr.field)`.
    Has(Box<Has>),
    /// `a && b` (`true`) or `a || b` (`false`).
    Logical(bool, Box<[Plan; 2]>),
    /// `c ? a : b`.
    Conditional(Box<[Plan; 3]>),
    /// `@not_strictly_false(x)` with its rows.
    NotStrictlyFalse(Box<[&'static Overload]>, Box<Plan>),
    /// `attr == 'constant'`, `attr != 'constant'`, `'constant' in attr`: see [`StrTest`].
    StrTest(Box<StrTest>),
    /// `!x` with its one row (`logical_not`): see [`Evaluator::not`].
    Not(Box<Call>),
    /// `x < 3`, `size(x) <= 253`, `size(x) == 0`: a comparison of an operand with an int
    /// constant whose call has one row taking two ints (see [`Evaluator::int_cmp`]).
    IntCmp(Box<IntCmp>),
    /// A call run by its overload table rows.
    Call(Box<Call>),
    Comprehension(Box<Fold>),
    /// `x in [constants]`: see [`SetTest`].
    SetTest(Box<SetTest>),
    /// `all` / `exists` as their macros expand them: see [`Quantifier`].
    Quantifier(Box<Quantifier>),
    /// `exists_one` as its macro expands it: see [`Counter`].
    Counter(Box<Counter>),
    /// A node the walker evaluates.
    Walk(Box<Expr>),
}

/// A variable and the fields selected on it, with the tree it came from: a variable not bound
/// at runtime (or bound otherwise than the conversion foresaw) is the walker's to evaluate.
#[derive(Clone, Debug)]
pub(crate) struct Attr {
    root: Arc<str>,
    binding: Binding,
    /// Where the evaluation keeps the caller's variable once found ([`NO_SLOT`]: searched at
    /// each use).
    slot: u8,
    /// The fields, each with where it was last found ([`MapValue::get_str_at`]): one slice,
    /// walked by one iterator.
    fields: Box<[(Arc<str>, Hint)]>,
    expr: Expr,
}

#[derive(Clone, Debug)]
pub(crate) struct Call {
    /// The implementation of the only row, when the call has one and counts towards none of
    /// crdlint's own bounds: run on its operands without the argument stack.
    direct: Option<StrictFn>,
    rows: Box<[&'static Overload]>,
    /// The rows' parameter types, for picking among several ([`table::pick_by`]).
    params: Box<[&'static [Type]]>,
    tracked: Tracked,
    /// The call is `size` (every row is one of `size`'s): on a list or a map it counts the
    /// elements, reads no text and builds nothing (see [`count_at`]).
    counts: bool,
    target: Option<Plan>,
    args: Box<[Plan]>,
}

/// `has(attr.field)`, with where the field was last found and whether the field may be
/// stored under an escaped name (a CEL reserved word): an object that lacks any other field
/// lacks it.
#[derive(Clone, Debug)]
pub(crate) struct Has {
    attr: Attr,
    field: Arc<str>,
    hint: Hint,
    reserved: bool,
}

impl Has {
    /// The test on the attribute's value `v`.
    #[inline(always)]
    fn test(&self, v: &Value) -> Truth {
        // A field the object has (the common case) is found here, as is the absence of one
        // that cannot be stored under an escaped name.
        if let Value::Map(m) = v {
            match m.get_str_at(&self.field, &self.hint) {
                Some(Value::Invalid(_)) => {}
                Some(_) => return Ok(true),
                None if !self.reserved => return Ok(false),
                None => {}
            }
        }
        to_truth(functions::has_field(v, &self.field))
    }
}

/// A test of an attribute against a string constant whose call has one row: a comparison
/// (`request.operation != 'DELETE'`, `name != ''`; row `equals` or `not_equals`) or a key
/// test on a map (`'a/b' in object.metadata.annotations`; row `in_map`). When the attribute
/// is a string (a map), the test is made where it is, charged as the row's cost function
/// charges those values, with no argument list built; anything else is the row's call
/// ([`Call`]).
#[derive(Clone, Debug)]
pub(crate) struct StrTest {
    op: StrOp,
    konst: Arc<str>,
    /// The constant's length in characters and what a comparison reading all of them costs
    /// ([`StrTest::equality_cost`]).
    konst_chars: u64,
    konst_cost: u64,
    /// Where a key test last found the key.
    hint: Hint,
    call: Call,
}

impl StrTest {
    /// The test on the attribute's value `v` and what the row charges for it, when `v` is
    /// a string (a map for a key test); `None` for anything else (the row's call).
    #[inline(always)]
    fn test(&self, v: &Value) -> Option<(u64, bool)> {
        match (self.op, v) {
            (StrOp::Eq | StrOp::Ne, Value::String(s)) => Some((
                self.equality_cost(s),
                same_str(s, &self.konst) == (self.op == StrOp::Eq),
            )),
            // `in_map`'s cost on a map is 1 (`in_cost`).
            (StrOp::InMap, Value::Map(m)) => {
                Some((1, m.get_str_at(&self.konst, &self.hint).is_some()))
            }
            _ => None,
        }
    }

    /// [`functions::string_equality_cost`] of `s` and the constant: the characters of the
    /// shorter of the two, the constant's known from the plan (`name != ''` costs nothing
    /// whatever the name, `operation != 'DELETE'` the constant's cost unless the operation
    /// has fewer characters).
    #[inline]
    fn equality_cost(&self, s: &str) -> u64 {
        let k = self.konst_chars;
        // At least a character per four bytes: as many as the constant's, or more.
        if k == 0 || k <= s.len().div_ceil(4) as u64 {
            return self.konst_cost;
        }
        let n = str_size(s);
        if n >= k {
            self.konst_cost
        } else {
            functions::string_traversal_cost(n)
        }
    }
}

/// A comparison of an operand with an int constant (`size(object.metadata.name) <= 253`): when
/// the operand is an int, compared where it is, charged as the row's cost function charges
/// the two ints; anything else is the row's call ([`Call`]).
#[derive(Clone, Debug)]
pub(crate) struct IntCmp {
    op: IntOp,
    konst: i64,
    call: Call,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum IntOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum StrOp {
    Eq,
    Ne,
    InMap,
}

#[derive(Clone, Debug)]
pub(crate) struct Fold {
    iter_range: Plan,
    iter_var: Arc<str>,
    iter_var2: Option<Arc<str>>,
    accu_var: Arc<str>,
    accu_init: Plan,
    loop_cond: Plan,
    loop_step: Plan,
    result: Plan,
}

/// `x in [constants]` (`self.type in ['A', 'B']`): with constant folding on, the walker's
/// set test (the operand as the plan evaluates it, the folded list built here once, the row
/// run uncharged, [`Evaluator::call`]); without, the walker's call of the node.
#[derive(Clone, Debug)]
pub(crate) struct SetTest {
    x: Plan,
    /// The list as folding makes it: its constants in order (`Evaluator::list`).
    list: Value,
    /// The constants when all are strings: a string operand is then in the list exactly when
    /// it equals one of them (the row's `contained` compares with `_==_`, which for two
    /// strings is equality of their bytes), tested without building the row's arguments.
    strings: Option<Box<[Arc<str>]>>,
    rows: Box<[&'static Overload]>,
    expr: Expr,
}

/// The expansion of `all` (`true`) or `exists` (`false`) (`macros.rs`): the accumulator
/// starts as that bool, the loop goes on while `@not_strictly_false(@result)` (`!@result` for
/// `exists`) and steps to `@result && pred` (`||`), the result is `@result`. The loop keeps
/// the accumulator as a bool or an error instead of a bound variable, and charges each of the
/// expansion's steps as the generic loop does ([`Evaluator::quantifier`]). Only when the
/// predicate does not name the accumulator (no parsed expression can: `@` starts no name).
#[derive(Clone, Debug)]
pub(crate) struct Quantifier {
    pub(super) iter_range: Plan,
    pub(super) iter_var: Arc<str>,
    pub(super) iter_var2: Option<Arc<str>>,
    pub(super) all: bool,
    /// `@not_strictly_false`'s rows.
    pub(super) cond_rows: Box<[&'static Overload]>,
    /// The row of `!` in `exists`'s condition.
    pub(super) not_row: Option<&'static Overload>,
    pub(super) pred: Plan,
}

/// The expansion of `exists_one` (`macros.rs`): the accumulator starts as `0`, the loop
/// condition is `true`, the step is `pred ? @result + 1 : @result` and the result is
/// `@result == 1` (planned as any result). The loop keeps the accumulator here while the
/// predicate runs, and charges each step as the generic loop does: the increment as the
/// walker's in-place append charges it (`Evaluator::accumulate`), the other branch as an
/// attribute folded into the conditional (`Evaluator::eval_inline_attr`), see
/// [`Evaluator::counter`]. Only when the predicate does not name the accumulator.
#[derive(Clone, Debug)]
pub(crate) struct Counter {
    pub(super) iter_range: Plan,
    pub(super) accu_var: Arc<str>,
    pub(super) iter_var: Arc<str>,
    pub(super) iter_var2: Option<Arc<str>>,
    pub(super) pred: Plan,
    /// The rows of `@result + 1` and its constant operand.
    pub(super) add_rows: Box<[&'static Overload]>,
    pub(super) one: Value,
    pub(super) result: Plan,
}

impl Plan {
    /// The plan of `e`; `None` when it would only walk the tree.
    pub(crate) fn of(e: &Expr) -> Option<Plan> {
        match plan(e, &mut Vec::new()) {
            Plan::Walk(_) => None,
            p => Some(p),
        }
    }
}

fn plan(e: &Expr, roots: &mut Vec<Arc<str>>) -> Plan {
    let walk = || Plan::Walk(Box::new(e.clone()));
    // A node that may fold is the walker's (its folded value is kept per behaviour), unless
    // no behaviour decides it.
    if e.may_fold && is_const(e) {
        return folded(e).unwrap_or_else(walk);
    }
    match &e.kind {
        ExprKind::Const(v) => Plan::Const(v.clone()),
        ExprKind::Ident(_) | ExprKind::Select { test: false, .. } => match attr(e, roots) {
            Some(a) => Plan::Attr(Box::new(a)),
            None => walk(),
        },
        ExprKind::Select {
            operand,
            field,
            test: true,
        } => match attr(operand, roots) {
            Some(attr) => Plan::Has(Box::new(Has {
                attr,
                field: field.clone(),
                hint: Hint::default(),
                reserved: crate::cel::escaping::is_reserved(field),
            })),
            None => walk(),
        },
        ExprKind::Call { target, args, .. } => {
            call(e, target.as_deref(), args, roots).unwrap_or_else(walk)
        }
        ExprKind::Comprehension(c) => match quantifier(c, roots) {
            Some(q) => Plan::Quantifier(Box::new(q)),
            None => match counter(c, roots) {
                Some(k) => Plan::Counter(Box::new(k)),
                None => Plan::Comprehension(Box::new(fold(c, roots))),
            },
        },
        ExprKind::List { .. } | ExprKind::Map { .. } | ExprKind::Struct { .. } => walk(),
    }
}

/// A constant literal made of constants only, as [`Plan::Folded`]; `None` for one with a
/// conversion (its value may depend on the behaviour) or one whose folding fails.
fn folded(e: &Expr) -> Option<Plan> {
    fn calls_nothing(e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Const(_) => true,
            ExprKind::List { elems, .. } => elems.iter().all(calls_nothing),
            ExprKind::Map { entries } => entries
                .iter()
                .all(|(k, v, _)| calls_nothing(k) && calls_nothing(v)),
            _ => false,
        }
    }
    if !matches!(e.kind, ExprKind::List { .. } | ExprKind::Map { .. }) || !calls_nothing(e) {
        return None;
    }
    // As the walker folds it (`Evaluator::folded`): evaluated uncharged, without folding.
    let opts = super::Options {
        cost_limit: None,
        fold_constants: false,
        ..super::Options::default()
    };
    let v = super::evaluate(e, &[], opts).value.ok()?;
    Some(Plan::Folded(Box::new((v, e.clone()))))
}

/// A chain of selects on an identifier, the walker's [`super::chain`]: not one rooted at a
/// name a dotted type name may start with (the walker resolves those).
fn attr(e: &Expr, roots: &mut Vec<Arc<str>>) -> Option<Attr> {
    let mut fields = Vec::new();
    let mut root = e;
    while let ExprKind::Select {
        operand,
        field,
        test: false,
    } = &root.kind
    {
        fields.push(field.clone());
        root = operand;
    }
    let ExprKind::Ident(name) = &root.kind else {
        return None;
    };
    if e.type_root || root.type_root {
        return None;
    }
    fields.reverse();
    // A variable bound by no comprehension is one of the caller's all through the evaluation:
    // found once, at its first use (see `Evaluator::roots`).
    let slot = match root.binding {
        Binding::Global => match roots.iter().position(|r| r == name) {
            Some(i) => i,
            None if roots.len() < ROOTS => {
                roots.push(name.clone());
                roots.len() - 1
            }
            None => NO_SLOT,
        },
        _ => NO_SLOT,
    };
    Some(Attr {
        root: name.clone(),
        binding: root.binding,
        slot: slot as u8,
        fields: fields.into_iter().map(|f| (f, Hint::default())).collect(),
        expr: e.clone(),
    })
}

fn call(e: &Expr, target: Option<&Expr>, args: &[Expr], roots: &mut Vec<Arc<str>>) -> Option<Plan> {
    let rows = || e.overloads.clone();
    match (e.form, args) {
        (CallForm::And | CallForm::Or, [a, b]) => Some(Plan::Logical(
            e.form == CallForm::And,
            Box::new([plan(a, roots), plan(b, roots)]),
        )),
        (CallForm::Conditional, [c, a, b]) => Some(Plan::Conditional(Box::new([
            plan(c, roots),
            plan(a, roots),
            plan(b, roots),
        ]))),
        (CallForm::NotStrictlyFalse, [a]) => {
            Some(Plan::NotStrictlyFalse(rows(), Box::new(plan(a, roots))))
        }
        // `x in [constants]` is a set test when constants fold, a call otherwise.
        (CallForm::In, [x, l]) if is_primitive_const_list(l) => {
            let ExprKind::List { elems, .. } = &l.kind else {
                return None;
            };
            let consts: Option<Vec<Value>> = elems
                .iter()
                .map(|c| match &c.kind {
                    ExprKind::Const(v) => Some(v.clone()),
                    _ => None,
                })
                .collect();
            let consts = consts?;
            let strings = consts
                .iter()
                .map(|c| match c {
                    Value::String(s) => Some(s.clone()),
                    _ => None,
                })
                .collect();
            Some(Plan::SetTest(Box::new(SetTest {
                x: plan(x, roots),
                strings,
                list: Value::list(consts),
                rows: rows(),
                expr: e.clone(),
            })))
        }
        // An append to an accumulator is done in place by the walker.
        (CallForm::MaybeAccumulate, [acc, ..]) if matches!(&acc.kind, ExprKind::Ident(n) if n.starts_with('@')) => {
            None
        }
        (CallForm::Overloads | CallForm::In | CallForm::MaybeAccumulate, _) => {
            let direct = match (&*e.overloads, e.tracked) {
                ([o], Tracked::Nothing) if target.is_some() as usize + args.len() <= 2 => {
                    o.strict()
                }
                _ => None,
            };
            let c = Call {
                direct,
                rows: rows(),
                params: match &*e.overloads {
                    [_] => Box::default(),
                    rows => rows.iter().map(|o| table::params_of(o)).collect(),
                },
                tracked: e.tracked,
                counts: !e.overloads.is_empty()
                    && e.overloads.iter().all(|o| o.function() == "size"),
                target: target.map(|t| plan(t, roots)),
                args: args.iter().map(|a| plan(a, roots)).collect(),
            };
            Some(
                str_test(c)
                    .or_else(not)
                    .or_else(int_cmp)
                    .unwrap_or_else(|c| Plan::Call(Box::new(c))),
            )
        }
        _ => None,
    }
}

/// The call as a [`StrTest`] when it is one (the call back otherwise).
fn str_test(c: Call) -> Result<Plan, Call> {
    if c.target.is_some() || c.tracked != Tracked::Nothing {
        return Err(c);
    }
    let ids: Vec<&str> = c.rows.iter().map(|o| o.id).collect();
    // `in_list` and `in_map` both run `contained` and charge `in_cost`: a map's test is the
    // same whichever row runs (one row runs unpicked, of two the map's is picked).
    let in_rows = ids.iter().all(|i| matches!(*i, "in_map" | "in_list"));
    let in_map = in_rows && (c.direct.is_some() || ids.contains(&"in_map"));
    let (op, konst) = match (&*ids, &*c.args) {
        (["equals"], [Plan::Attr(_), Plan::Const(Value::String(k))]) => (StrOp::Eq, k.clone()),
        (["not_equals"], [Plan::Attr(_), Plan::Const(Value::String(k))]) => (StrOp::Ne, k.clone()),
        (_, [Plan::Const(Value::String(k)), Plan::Attr(_)]) if in_map => (StrOp::InMap, k.clone()),
        _ => return Err(c),
    };
    let konst_chars = str_size(&konst);
    Ok(Plan::StrTest(Box::new(StrTest {
        op,
        konst_chars,
        konst_cost: functions::string_traversal_cost(konst_chars),
        konst,
        hint: Hint::default(),
        call: c,
    })))
}

/// The call as a [`Plan::Not`] when it is `!x` with its one row.
fn not(c: Call) -> Result<Plan, Call> {
    match (&*c.rows, &c.target, &*c.args, c.direct) {
        ([o], None, [_], Some(_)) if o.id == "logical_not" => Ok(Plan::Not(Box::new(c))),
        _ => Err(c),
    }
}

/// The call as an [`IntCmp`] when it compares an operand with an int constant by the one row
/// for two ints.
fn int_cmp(c: Call) -> Result<Plan, Call> {
    let op = match (&*c.rows, c.direct) {
        ([o], Some(_)) => match o.id {
            "less_int64" => IntOp::Lt,
            "less_equals_int64" => IntOp::Le,
            "greater_int64" => IntOp::Gt,
            "greater_equals_int64" => IntOp::Ge,
            // Equality of any two values: the step compares two ints only.
            "equals" => IntOp::Eq,
            "not_equals" => IntOp::Ne,
            _ => return Err(c),
        },
        _ => return Err(c),
    };
    match (&c.target, &*c.args) {
        (None, [_, Plan::Const(Value::Int(k))]) => Ok(Plan::IntCmp(Box::new(IntCmp {
            op,
            konst: *k,
            call: c,
        }))),
        _ => Err(c),
    }
}

/// The comprehension as a [`Quantifier`] when it has that shape.
fn quantifier(c: &Comprehension, roots: &mut Vec<Arc<str>>) -> Option<Quantifier> {
    let accu = |e: &Expr| matches!(&e.kind, ExprKind::Ident(n) if *n == c.accu_var);
    let ExprKind::Const(Value::Bool(all)) = c.accu_init.kind else {
        return None;
    };
    let (
        ExprKind::Call {
            target: None,
            args: cond,
            ..
        },
        CallForm::NotStrictlyFalse,
    ) = (&c.loop_cond.kind, c.loop_cond.form)
    else {
        return None;
    };
    let (
        [x],
        ExprKind::Call {
            target: None,
            args: step,
            ..
        },
    ) = (&**cond, &c.loop_step.kind)
    else {
        return None;
    };
    let not_row = match (&x.kind, x.form, &*x.overloads, x.tracked) {
        (ExprKind::Ident(_), ..) if all && accu(x) => None,
        (
            ExprKind::Call {
                target: None, args, ..
            },
            CallForm::Overloads,
            [o],
            Tracked::Nothing,
        ) if !all
            && o.id == "logical_not"
            && o.strict().is_some()
            && matches!(&**args, [a] if accu(a)) =>
        {
            Some(*o)
        }
        _ => return None,
    };
    let form = if all { CallForm::And } else { CallForm::Or };
    let [a, pred] = &**step else {
        return None;
    };
    if c.loop_step.form != form
        || !accu(a)
        || !accu(&c.result)
        || c.accu_init.may_fold
        || mentions(pred, &c.accu_var)
    {
        return None;
    }
    Some(Quantifier {
        iter_range: plan(&c.iter_range, roots),
        iter_var: c.iter_var.clone(),
        iter_var2: c.iter_var2.clone(),
        all,
        cond_rows: c.loop_cond.overloads.clone(),
        not_row,
        pred: plan(pred, roots),
    })
}

/// The comprehension as a [`Counter`] when it has that shape.
fn counter(c: &Comprehension, roots: &mut Vec<Arc<str>>) -> Option<Counter> {
    let accu = |e: &Expr| matches!(&e.kind, ExprKind::Ident(n) if *n == c.accu_var);
    if !matches!(c.accu_init.kind, ExprKind::Const(Value::Int(0)))
        || !matches!(c.loop_cond.kind, ExprKind::Const(Value::Bool(true)))
        || c.loop_step.form != CallForm::Conditional
    {
        return None;
    }
    let ExprKind::Call {
        target: None,
        args: step,
        ..
    } = &c.loop_step.kind
    else {
        return None;
    };
    let [pred, inc, keep] = &**step else {
        return None;
    };
    // `@result + 1`: the walker's in-place append on the accumulator.
    let ExprKind::Call {
        target: None,
        args: inc_args,
        ..
    } = &inc.kind
    else {
        return None;
    };
    let one = match &**inc_args {
        [a, one] if accu(a) && inc.form == CallForm::MaybeAccumulate => match &one.kind {
            ExprKind::Const(v @ Value::Int(1)) => v.clone(),
            _ => return None,
        },
        _ => return None,
    };
    if !accu(keep) || mentions(pred, &c.accu_var) {
        return None;
    }
    Some(Counter {
        iter_range: plan(&c.iter_range, roots),
        accu_var: c.accu_var.clone(),
        iter_var: c.iter_var.clone(),
        iter_var2: c.iter_var2.clone(),
        pred: plan(pred, roots),
        add_rows: inc.overloads.clone(),
        one,
        result: plan(&c.result, roots),
    })
}

/// Whether `e` names `var` anywhere (shadowed or not).
fn mentions(e: &Expr, var: &str) -> bool {
    fn any<'e>(mut es: impl Iterator<Item = &'e Expr>, var: &str) -> bool {
        es.any(|e| mentions(e, var))
    }
    match &e.kind {
        ExprKind::Const(_) => false,
        ExprKind::Ident(n) => **n == *var,
        ExprKind::Select { operand, .. } => mentions(operand, var),
        ExprKind::Call { target, args, .. } => {
            any(target.as_deref().into_iter().chain(&**args), var)
        }
        ExprKind::List { elems, .. } => any(elems.iter(), var),
        ExprKind::Map { entries } => any(entries.iter().flat_map(|(k, v, _)| [k, v]), var),
        ExprKind::Struct { fields, .. } => any(fields.iter().map(|(_, v, _)| v), var),
        ExprKind::Comprehension(c) => {
            *c.accu_var == *var
                || *c.iter_var == *var
                || any(
                    [
                        &c.iter_range,
                        &c.accu_init,
                        &c.loop_cond,
                        &c.loop_step,
                        &c.result,
                    ]
                    .into_iter(),
                    var,
                )
        }
    }
}

fn fold(c: &Comprehension, roots: &mut Vec<Arc<str>>) -> Fold {
    Fold {
        iter_range: plan(&c.iter_range, roots),
        iter_var: c.iter_var.clone(),
        iter_var2: c.iter_var2.clone(),
        accu_var: c.accu_var.clone(),
        accu_init: plan(&c.accu_init, roots),
        loop_cond: plan(&c.loop_cond, roots),
        loop_step: plan(&c.loop_step, roots),
        result: plan(&c.result, roots),
    }
}

/// What the walker and the plan both evaluate: a tree node or a planned step. The special
/// forms and comprehensions are written once over it (`call`, `comprehension`).
pub(super) trait Step<'a>: Copy {
    fn run(self, ev: &mut Evaluator<'a>) -> EvalResult;
    /// [`Evaluator::eval_inline`]: an attribute folded into an enclosing one (a `?:`
    /// branch) does not pay its own attribute step.
    fn run_inline(self, ev: &mut Evaluator<'a>) -> EvalResult;
    /// [`Self::run`] for a consumer that wants a bool ([`Truth`]).
    #[inline]
    fn truth(self, ev: &mut Evaluator<'a>) -> Truth {
        to_truth(self.run(ev))
    }
}

/// What a step gives a consumer that wants a bool (an operand of `&&`, `||`, `!`, a condition,
/// a loop condition): the bool, or the step's result as [`Step::run`] gives it when it is not
/// a bool (a value of another type, or an error). A bool is never built as a [`Value`].
pub(super) type Truth = Result<bool, EvalResult>;

#[inline(always)]
pub(super) fn to_truth(r: EvalResult) -> Truth {
    match r {
        Ok(Value::Bool(b)) => Ok(b),
        r => Err(r),
    }
}

#[inline(always)]
pub(super) fn from_truth(t: Truth) -> EvalResult {
    match t {
        Ok(b) => Ok(Value::Bool(b)),
        Err(r) => r,
    }
}

impl<'a> Step<'a> for &'a Expr {
    #[inline]
    fn run(self, ev: &mut Evaluator<'a>) -> EvalResult {
        ev.eval(self)
    }
    #[inline]
    fn run_inline(self, ev: &mut Evaluator<'a>) -> EvalResult {
        ev.eval_inline(self)
    }
}

impl<'a> Step<'a> for &'a Plan {
    #[inline]
    fn run(self, ev: &mut Evaluator<'a>) -> EvalResult {
        ev.run(self)
    }
    #[inline(always)]
    fn truth(self, ev: &mut Evaluator<'a>) -> Truth {
        ev.truth(self)
    }
    fn run_inline(self, ev: &mut Evaluator<'a>) -> EvalResult {
        match self {
            Plan::Attr(a) => ev.eval_inline_attr(a),
            Plan::Walk(e) => ev.eval_inline(e),
            // No other step is an attribute of the walker's (`eval_inline`).
            p => ev.run(p),
        }
    }
}

/// [`Plan::Const`]'s value.
#[inline(never)]
fn const_step(v: &Value) -> EvalResult {
    Ok(v.clone())
}

/// [`Evaluator::attr`] when the limit may be reached on the way: each step charged before
/// it is taken, as the walker's [`super::chain`] does.
#[cold]
fn attr_by_step<'v>(
    found: Result<&'v Value, &'v EvalError>,
    fields: &[(Arc<str>, Hint)],
    cost: &mut u64,
    limit: Option<u64>,
) -> Result<Cow<'v, Value>, EvalError> {
    charge(cost, limit, 1)?;
    let mut v: Cow<'v, Value> = match found {
        Ok(Value::Invalid(m)) => return Err(EvalError::other(&**m)),
        Ok(v) => Cow::Borrowed(v),
        Err(err) => return Err(err.clone()),
    };
    for (f, _) in fields {
        charge(cost, limit, 1)?;
        v = match v {
            Cow::Borrowed(v) => functions::select_ref(v, f)?,
            Cow::Owned(v) => Cow::Owned(functions::select(&v, f)?),
        };
    }
    Ok(v)
}

/// The rest of a chain after a step that built its value (a select through an optional),
/// each step charged before it is taken (under the limit: the whole chain fits).
#[cold]
fn select_owned<'v>(
    mut x: Value,
    rest: &[(Arc<str>, Hint)],
    cost: &mut u64,
) -> Result<Cow<'v, Value>, EvalError> {
    for (f, _) in rest {
        *cost = cost.saturating_add(1);
        x = functions::select(&x, f)?;
    }
    Ok(Cow::Owned(x))
}

impl<'a> Evaluator<'a> {
    /// A step's value. Only the dispatch: each kind of step is a function of its own, called
    /// last, so that a step costs no frame made for every kind of step (a rule's root runs
    /// here once per evaluation).
    pub(super) fn run(&mut self, p: &'a Plan) -> EvalResult {
        match p {
            Plan::Const(v) => const_step(v),
            Plan::Attr(a) => self.attr_step(a),
            Plan::Folded(f) => self.folded_step(f),
            // A rule's root most often: its value without a step through [`Self::truth`].
            Plan::Logical(and, ops) => self.logical_value(*and, ops),
            Plan::Has(..)
            | Plan::StrTest(..)
            | Plan::Not(..)
            | Plan::IntCmp(..)
            | Plan::Quantifier(..) => self.truth_step(p),
            Plan::Conditional(ops) => self.conditional_step(ops),
            Plan::Counter(k) => self.counter(k),
            Plan::NotStrictlyFalse(rows, x) => self.not_strictly_false_value(rows, x),
            Plan::Call(c) => self.planned_call(c),
            Plan::SetTest(q) => self.set_test(q),
            Plan::Comprehension(f) => self.fold_step(f),
            Plan::Walk(e) => self.eval(e),
        }
    }

    /// [`Plan::Attr`]'s value.
    #[inline(never)]
    fn attr_step(&mut self, a: &'a Attr) -> EvalResult {
        match self.attr(a) {
            Some(r) => r.map(Cow::into_owned),
            None => self.eval(&a.expr),
        }
    }

    /// The value of a step that makes a bool ([`Self::truth`]).
    #[inline(never)]
    fn truth_step(&mut self, p: &'a Plan) -> EvalResult {
        from_truth(self.truth(p))
    }

    /// [`Plan::Logical`]'s value.
    #[inline(never)]
    fn logical_value(&mut self, and: bool, ops: &'a [Plan; 2]) -> EvalResult {
        self.logical(and, &ops[0], &ops[1])
    }

    /// [`Plan::Conditional`].
    #[inline(never)]
    fn conditional_step(&mut self, ops: &'a [Plan; 3]) -> EvalResult {
        self.conditional(&ops[0], &ops[1], &ops[2])
    }

    /// [`Plan::NotStrictlyFalse`]'s value.
    #[inline(never)]
    fn not_strictly_false_value(
        &mut self,
        rows: &'a [&'static Overload],
        x: &'a Plan,
    ) -> EvalResult {
        self.not_strictly_false(rows, x)
    }

    /// [`Plan::Comprehension`].
    #[inline(never)]
    fn fold_step(&mut self, f: &'a Fold) -> EvalResult {
        self.comprehension(
            &f.iter_range,
            &f.accu_init,
            &f.accu_var,
            &f.iter_var,
            f.iter_var2.as_deref(),
            &f.loop_cond,
            &f.loop_step,
            &f.result,
        )
    }

    /// A step's value for a consumer that wants a bool ([`Truth`]): the steps that make a
    /// bool (presence tests, logic, comparisons) and attributes holding one give it without
    /// building a [`Value`]; the others are run. Only the dispatch, inlined where a bool is
    /// wanted: each step is a function of its own, so that a step (an operand of `&&` most
    /// often) costs one call, not a call of a frame made for every kind of step and then one
    /// of the step's.
    #[inline(always)]
    pub(super) fn truth(&mut self, p: &'a Plan) -> Truth {
        match p {
            Plan::Has(h) => self.has(h),
            Plan::Logical(and, ops) => self.logical_step(*and, ops),
            Plan::StrTest(q) => self.str_test(q),
            Plan::Not(c) => self.not(c),
            Plan::IntCmp(q) => self.int_cmp(q),
            Plan::Quantifier(q) => self.quantifier(q),
            Plan::NotStrictlyFalse(rows, x) => self.not_strictly_false_step(rows, x),
            Plan::Attr(a) => self.attr_truth(a),
            p => to_truth(self.run(p)),
        }
    }

    /// [`Plan::Logical`] as a bool.
    #[inline(never)]
    fn logical_step(&mut self, and: bool, ops: &'a [Plan; 2]) -> Truth {
        self.logical_truth(and, &ops[0], &ops[1])
    }

    /// [`Plan::NotStrictlyFalse`] as a bool.
    #[inline(never)]
    fn not_strictly_false_step(&mut self, rows: &'a [&'static Overload], x: &'a Plan) -> Truth {
        self.not_strictly_false_truth(rows, x)
    }

    /// An attribute as a bool.
    #[inline(never)]
    fn attr_truth(&mut self, a: &'a Attr) -> Truth {
        match self.attr(a) {
            Some(Ok(v)) => match &*v {
                Value::Bool(b) => Ok(*b),
                _ => Err(Ok(v.into_owned())),
            },
            Some(Err(e)) => Err(Err(e)),
            None => to_truth(self.eval(&a.expr)),
        }
    }

    /// `has(attr.field)`.
    #[inline(never)]
    fn has(&mut self, h: &'a Has) -> Truth {
        match self.attr_fast(&h.attr) {
            Some(v) => h.test(v),
            None => self.has_slow(h),
        }
    }

    /// [`Self::has`] when [`Self::attr_fast`] leaves the attribute to [`attr_at`].
    #[inline(never)]
    fn has_slow(&mut self, h: &'a Has) -> Truth {
        let (a, field) = (&h.attr, &*h.field);
        match self.attr_slow(a) {
            Some(Ok(v)) => h.test(&v),
            Some(Err(e)) => Err(Err(e)),
            None => match self.eval(&a.expr) {
                Ok(v) => to_truth(functions::has_field(&v, field)),
                Err(e) => Err(Err(e)),
            },
        }
    }

    /// `!x`: the operand as a bool negated, charged as the row charges a bool; anything else
    /// is the row's call ([`Evaluator::planned_call`]).
    #[inline(never)]
    fn not(&mut self, c: &'a Call) -> Truth {
        let row = c.rows[0];
        match self.truth(&c.args[0]) {
            Ok(b) => {
                // A bool owns nothing: the operand built for the cost function is not dropped.
                let cost = row.cost_of(&*std::mem::ManuallyDrop::new([Value::Bool(b)]));
                self.add(cost).map_err(Err)?;
                Ok(!b)
            }
            Err(Ok(v)) => match c.direct {
                Some(run) => to_truth(self.apply_row(row, run, std::slice::from_ref(&v))),
                None => Err(Err(EvalError::no_such_overload())),
            },
            Err(Err(e)) => Err(Err(self.arg_error(e))),
        }
    }

    /// [`IntCmp`]: an int operand compared with the constant where it is, charged as the row
    /// charges the two ints; anything else is the row's call.
    #[inline(never)]
    fn int_cmp(&mut self, q: &'a IntCmp) -> Truth {
        let row = q.call.rows[0];
        let x = match self.cmp_operand(&q.call.args[0]) {
            Ok(x) => x,
            Err(e) => return Err(Err(e)),
        };
        let Value::Int(n) = x else {
            let Some(run) = q.call.direct else {
                return Err(Err(EvalError::no_such_overload()));
            };
            return to_truth(self.apply_row(row, run, &[x, Value::Int(q.konst)]));
        };
        // Ints own nothing: the operands built for the cost function are not dropped.
        let ints = std::mem::ManuallyDrop::new([Value::Int(n), Value::Int(q.konst)]);
        let cost = row.cost_of(&*ints);
        self.add(cost).map_err(Err)?;
        let k = q.konst;
        Ok(match q.op {
            IntOp::Lt => n < k,
            IntOp::Le => n <= k,
            IntOp::Gt => n > k,
            IntOp::Ge => n >= k,
            IntOp::Eq => n == k,
            IntOp::Ne => n != k,
        })
    }

    /// An argument's error other than the cost limit is charged as the failed call
    /// ([`Evaluator::call_arg`]).
    #[inline]
    fn arg_error(&mut self, e: EvalError) -> EvalError {
        if e.kind == ErrorKind::CostLimit {
            return e;
        }
        match self.add(1) {
            Ok(()) => e,
            Err(limit) => limit,
        }
    }

    /// The attribute's value where it is, charged as the walker's [`super::chain`] charges
    /// it (one for the variable, one per field, each before its step); `None`, having charged
    /// nothing, when the variable is not bound.
    #[inline(always)]
    fn attr(&mut self, a: &'a Attr) -> Option<Result<Cow<'_, Value>, EvalError>> {
        match self.attr_fast(a) {
            Some(v) => Some(Ok(Cow::Borrowed(v))),
            None => self.attr_slow(a),
        }
    }

    /// The common case of [`Self::attr`], made without its general steps and without the
    /// four-word answer: a caller's variable found in its slot, each field an entry of a map
    /// (found where the hint says, else searched) and no value on the way invalid, the whole
    /// chain's charge under the limit. Charged as [`attr_at`] charges that chain (one per
    /// step, all fitting); `None`, having charged nothing, for anything else, which is
    /// [`attr_at`]'s to answer. The value is the caller's variable's, not the evaluator's: it
    /// may be held while the evaluator charges.
    #[inline(always)]
    pub(super) fn attr_fast(&mut self, a: &Attr) -> Option<&'a Value> {
        let slot = a.slot as usize;
        if slot >= ROOTS {
            return None;
        }
        let charged = self.cost.saturating_add(a.fields.len() as u64 + 1);
        if self.opts.cost_limit.is_some_and(|l| charged > l) {
            return None;
        }
        let mut v = root_at(
            self.base,
            &mut self.roots,
            &mut self.resolved,
            slot,
            &a.root,
        )?;
        for (f, hint) in &*a.fields {
            let Value::Map(m) = v else {
                return None;
            };
            v = m.get_str_at(f, hint)?;
        }
        if let Value::Invalid(_) = v {
            return None;
        }
        self.cost = charged;
        Some(v)
    }

    /// [`Self::attr`] by [`attr_at`], out of line: the cases [`Self::attr_fast`] leaves.
    #[inline(never)]
    fn attr_slow(&mut self, a: &'a Attr) -> Option<Result<Cow<'_, Value>, EvalError>> {
        let Evaluator {
            ref vars,
            base,
            ref mut roots,
            ref mut resolved,
            ref mut cost,
            opts,
            ..
        } = *self;
        attr_at(vars, base, roots, resolved, cost, opts.cost_limit, a)
    }
}

/// [`Evaluator::attr`] on the parts of the evaluator it reads, so that a caller may hold the
/// value borrowed while it charges the cost.
#[inline]
fn attr_at<'s, 'a: 's>(
    vars: &'s [(&'a str, EvalResult)],
    base: &'a [(&'a str, Value)],
    roots: &mut [Option<&'a Value>; ROOTS],
    resolved: &mut u8,
    cost: &mut u64,
    limit: Option<u64>,
    a: &Attr,
) -> Option<Result<Cow<'s, Value>, EvalError>> {
    {
        let found = match a.slot as usize {
            NO_SLOT => bound_by(a.binding, vars, base, &a.root)?,
            i => Ok(root_at(base, roots, resolved, i, &a.root)?),
        };
        let steps = a.fields.len() as u64 + 1;
        // When the whole chain's charges fit under the limit, no step can reach it: the steps
        // taken are charged once, after the walk (a failing step is charged, as in the walker).
        let fits = match limit {
            None => true,
            Some(l) => cost.saturating_add(steps) <= l,
        };
        if !fits {
            return Some(attr_by_step(found, &a.fields, cost, limit));
        }
        let mut v = match found {
            Ok(Value::Invalid(m)) => {
                *cost = cost.saturating_add(1);
                return Some(Err(EvalError::other(&**m)));
            }
            Ok(v) => v,
            Err(err) => {
                *cost = cost.saturating_add(1);
                return Some(Err(err.clone()));
            }
        };
        let mut taken = 1;
        for (i, (f, hint)) in a.fields.iter().enumerate() {
            taken += 1;
            // A field an object has (the common case) is stepped to here; anything else is
            // [`functions::select_ref`]'s to answer.
            if let Value::Map(m) = v {
                match m.get_str_at(f, hint) {
                    Some(Value::Invalid(_)) | None => {}
                    Some(x) => {
                        v = x;
                        continue;
                    }
                }
            }
            match functions::select_ref(v, f) {
                Ok(Cow::Borrowed(x)) => v = x,
                Ok(Cow::Owned(x)) => {
                    *cost = cost.saturating_add(taken);
                    return Some(select_owned(x, &a.fields[i + 1..], cost));
                }
                Err(e) => {
                    *cost = cost.saturating_add(taken);
                    return Some(Err(e));
                }
            }
        }
        *cost = cost.saturating_add(taken);
        Some(Ok(Cow::Borrowed(v)))
    }
}

/// The caller's variable `name` in slot `i` of [`Evaluator::roots`], searched (as
/// [`bound_by`] searches a global) at its first use in this evaluation.
#[inline(always)]
fn root_at<'a>(
    base: &'a [(&'a str, Value)],
    roots: &mut [Option<&'a Value>; ROOTS],
    resolved: &mut u8,
    i: usize,
    name: &str,
) -> Option<&'a Value> {
    if *resolved & (1u8 << i) == 0 {
        // The search's first step inline: a caller binds the variable read most last
        // (`object` in admission), found here without a call.
        roots[i] = match base.split_last() {
            Some(((x, v), _)) if same_str(x, name) => Some(v),
            Some((_, rest)) => resolve_root(rest, name),
            None => None,
        };
        *resolved |= 1u8 << i;
    }
    roots[i]
}

/// [`root_at`]'s search at the first use of a slot, after its first step: out of line (every
/// later use is the one load [`root_at`] inlines) and on the names only.
#[inline(never)]
fn resolve_root<'a>(base: &'a [(&'a str, Value)], name: &str) -> Option<&'a Value> {
    base.iter()
        .rev()
        .find(|(x, _)| same_str(x, name))
        .map(|(_, v)| v)
}

impl<'a> Evaluator<'a> {
    /// [`Evaluator::eval_inline`] of an attribute.
    fn eval_inline_attr(&mut self, a: &'a Attr) -> EvalResult {
        let before = self.cost;
        let (r, attr) = match self.attr(a) {
            Some(r) => (r.map(Cow::into_owned), true),
            None => return self.eval_inline(&a.expr),
        };
        if attr && self.cost > before {
            self.cost -= 1;
        }
        r
    }

    /// [`StrTest`]: what [`Evaluator::planned_call`] does with its one row (the operands as
    /// [`Evaluator::call_arg`] takes them, [`Evaluator::apply_row`]), the row's value and cost
    /// computed on the values where they are.
    #[inline(never)]
    fn str_test(&mut self, q: &'a StrTest) -> Truth {
        let ([Plan::Attr(a), _] | [_, Plan::Attr(a)]) = &*q.call.args else {
            return to_truth(self.planned_call(&q.call));
        };
        let x = match self.attr_fast(a) {
            Some(v) => q.test(v).ok_or_else(|| v.clone()),
            None => match self.attr_slow(a) {
                Some(Ok(v)) => q.test(&v).ok_or_else(|| v.into_owned()),
                // An error (charged as the failed call) or an unbound variable: the call's.
                Some(Err(e)) => return Err(Err(self.arg_error(e))),
                None => return to_truth(self.planned_call(&q.call)),
            },
        };
        match x {
            Ok((c, result)) => {
                // The result is already made: charging it is the whole of the row's check.
                self.add(c).map_err(Err)?;
                Ok(result)
            }
            Err(x) => {
                let k = Value::String(q.konst.clone());
                let vals = match q.op {
                    StrOp::InMap => [k, x],
                    _ => [x, k],
                };
                to_truth(match q.call.direct {
                    Some(run) => self.apply_row(q.call.rows[0], run, &vals),
                    None => {
                        let base = self.args_base();
                        self.args.extend(vals);
                        let r = self.apply(&q.call.rows, q.call.tracked, base);
                        self.args.truncate(base);
                        r
                    }
                })
            }
        }
    }

    /// [`Plan::Folded`].
    #[inline(never)]
    fn folded_step(&mut self, f: &'a (Value, Expr)) -> EvalResult {
        if self.opts.fold_constants {
            Ok(f.0.clone())
        } else {
            self.eval(&f.1)
        }
    }

    /// [`SetTest`].
    #[inline(never)]
    fn set_test(&mut self, q: &'a SetTest) -> EvalResult {
        if !self.opts.fold_constants {
            return self.eval(&q.expr);
        }
        // An attribute is read where it is (charged as its step charges it), and a string
        // tested against string constants there.
        if let Plan::Attr(a) = &q.x {
            if let Some(v) = self.attr_fast(a) {
                if let (Value::String(s), Some(strings)) = (v, &q.strings) {
                    return Ok(Value::Bool(strings.iter().any(|c| **c == **s)));
                }
                let x = v.clone();
                return self.run_uncharged(&q.rows, &[x, q.list.clone()]);
            }
        }
        let x = self.run(&q.x)?;
        self.run_uncharged(&q.rows, &[x, q.list.clone()])
    }

    /// [`Evaluator::overload_call`] over planned operands.
    #[inline(never)]
    fn planned_call(&mut self, c: &'a Call) -> EvalResult {
        match (&c.target, &*c.args) {
            // An attribute operand is read where it is, not copied (`size(self.name)`).
            (None, [Plan::Attr(x)]) | (Some(Plan::Attr(x)), []) => {
                if let Some(r) = self.call_on_attr(c, x, c.target.is_none()) {
                    return r;
                }
                // An unbound variable: the walker's, below.
            }
            _ => {}
        }
        if let Some(run) = c.direct {
            let row = c.rows[0];
            match (&c.target, &*c.args) {
                (None, [a]) => {
                    let x = self.call_arg(a)?;
                    return self.apply_row(row, run, std::slice::from_ref(&x));
                }
                (None, [a, b]) => {
                    let x = self.call_arg(a)?;
                    let y = self.call_arg(b)?;
                    return self.apply_row(row, run, &[x, y]);
                }
                (Some(t), []) => {
                    let x = self.run(t)?;
                    return self.apply_row(row, run, std::slice::from_ref(&x));
                }
                (Some(t), [a]) => {
                    let x = self.run(t)?;
                    let y = self.call_arg(a)?;
                    return self.apply_row(row, run, &[x, y]);
                }
                _ => {}
            }
        }
        let base = self.args_base();
        let result = self.planned_call_on_stack(c, base);
        self.args.truncate(base);
        result
    }

    fn planned_call_on_stack(&mut self, c: &'a Call, base: usize) -> EvalResult {
        if let Some(t) = &c.target {
            let v = self.run(t)?;
            self.args.push(v);
        }
        for a in &*c.args {
            let v = self.call_arg(a)?;
            self.args.push(v);
        }
        let picked = table::pick_by(&c.rows, &c.params, &self.args[base..]);
        self.apply_picked(picked, c.tracked, base)
    }

    /// An argument of a call (not its target): an error other than the cost limit is
    /// charged as the failed call.
    #[inline]
    fn call_arg(&mut self, a: &'a Plan) -> EvalResult {
        let r = match a {
            Plan::Const(v) => Ok(v.clone()),
            Plan::Attr(x) => match self.attr(x) {
                Some(r) => r.map(Cow::into_owned),
                None => self.eval(&x.expr),
            },
            // The step [`Self::run`] takes for a call, without its dispatch.
            Plan::Call(c) => self.planned_call(c),
            a => self.run(a),
        };
        self.arg_result(r)
    }

    /// An argument's value or error as [`Self::call_arg`] gives it.
    #[inline(always)]
    fn arg_result(&mut self, r: EvalResult) -> EvalResult {
        match r {
            Ok(v) => Ok(v),
            Err(e) if e.kind == ErrorKind::CostLimit => Err(e),
            Err(e) => {
                self.add(1)?;
                Err(e)
            }
        }
    }

    /// [`Self::call_arg`] of a comparison's operand, a call on one attribute's common case
    /// (`size(object.metadata.name)`) made here, without the steps [`Self::planned_call`]
    /// and [`Self::call_on_attr`] take to it.
    #[inline(always)]
    fn cmp_operand(&mut self, a: &'a Plan) -> EvalResult {
        if let Plan::Call(c) = a {
            // `size(self.name)`, and `self.size()` as `planned_call` first tries it.
            if let (None, [Plan::Attr(x)]) | (Some(Plan::Attr(x)), []) = (&c.target, &*c.args) {
                if c.target.is_none() || c.counts {
                    if let Some(r) = self.call_on_attr_fast(c, x) {
                        return self.arg_result(r);
                    }
                }
            }
        }
        self.call_arg(a)
    }

    /// A call on one attribute operand (`arg`: an argument, else the target), run on the
    /// value where it is as [`Evaluator::apply_picked`] runs it, counted towards crdlint's
    /// bounds as it counts them (`size(object.metadata.name)`); `None`, having done nothing,
    /// when the variable is not bound.
    #[inline]
    fn call_on_attr(&mut self, c: &'a Call, x: &'a Attr, arg: bool) -> Option<EvalResult> {
        if let Some(r) = self.call_on_attr_fast(c, x) {
            return Some(r);
        }
        let Evaluator {
            ref vars,
            base,
            ref mut roots,
            ref mut resolved,
            ref mut cost,
            ref mut scanned,
            ref mut built,
            opts,
            ..
        } = *self;
        let err = match attr_at(vars, base, roots, resolved, cost, opts.cost_limit, x)? {
            Ok(v) => {
                if let Some(r) = count_at(cost, opts.cost_limit, c, &v) {
                    return Some(r);
                }
                let vals = std::slice::from_ref(&*v);
                return Some(call_at(cost, scanned, built, opts, c, vals));
            }
            Err(e) => e,
        };
        Some(Err(if arg { self.arg_error(err) } else { err }))
    }

    /// [`Self::call_on_attr`] on the attribute's common case ([`Self::attr_fast`]); `None`,
    /// having done nothing, for any other.
    #[inline(always)]
    fn call_on_attr_fast(&mut self, c: &'a Call, x: &'a Attr) -> Option<EvalResult> {
        let v = self.attr_fast(x)?;
        if let Some(r) = count_at(&mut self.cost, self.opts.cost_limit, c, v) {
            return Some(r);
        }
        let Evaluator {
            ref mut cost,
            ref mut scanned,
            ref mut built,
            opts,
            ..
        } = *self;
        Some(call_at(
            cost,
            scanned,
            built,
            opts,
            c,
            std::slice::from_ref(v),
        ))
    }

    /// [`Evaluator::apply`] of a call with one row and no bound of crdlint's to count.
    #[inline]
    fn apply_row(&mut self, row: &'static Overload, run: StrictFn, vals: &[Value]) -> EvalResult {
        apply_row_at(&mut self.cost, self.opts, row, run, vals)
    }
}

/// A `size` call ([`Call::counts`]) of a list or a map, as [`apply_picked_at`] runs its row:
/// charged the row's cost (checked against the limit first), nothing scanned (only a string's
/// size reads text), nothing built; `None` for any other call or value (the row's call).
#[inline]
fn count_at(cost: &mut u64, limit: Option<u64>, c: &Call, v: &Value) -> Option<EvalResult> {
    if !c.counts || !matches!(v, Value::List(_) | Value::Map(_)) {
        return None;
    }
    let row = c.rows.first()?;
    let n = v.actual_size() as i64;
    let charged = charge(cost, limit, row.cost_of(std::slice::from_ref(v)));
    Some(charged.map(|()| Value::Int(n)))
}

/// The call `c` on `vals` as [`Evaluator::planned_call`] makes it once its operands are
/// evaluated: its one row when it runs without the argument stack, else the row the values
/// pick.
#[inline]
fn call_at(
    cost: &mut u64,
    scanned: &mut u64,
    built: &mut usize,
    opts: super::Options,
    c: &Call,
    vals: &[Value],
) -> EvalResult {
    if let Some(run) = c.direct {
        return apply_row_at(cost, opts, c.rows[0], run, vals);
    }
    let picked = table::pick_by(&c.rows, &c.params, vals);
    apply_picked_at(cost, scanned, built, opts, picked, c.tracked, vals)
}

/// [`Evaluator::apply_picked`] on the parts of the evaluator it changes, with the arguments
/// wherever they are (the plan runs a call on one attribute where the attribute is).
pub(super) fn apply_picked_at(
    cost: &mut u64,
    scanned: &mut u64,
    built: &mut usize,
    opts: super::Options,
    picked: Option<&'static Overload>,
    tracked: Tracked,
    vals: &[Value],
) -> EvalResult {
    // No rows: an unchecked call of a function no library has, charged as a call.
    let Some(o) = picked else {
        charge(cost, opts.cost_limit, 1)?;
        return Err(EvalError::no_such_overload());
    };
    let Run::Strict(run) = o.run else {
        // A special form's row is planned as its form (`ast`), never called.
        return Err(EvalError::no_such_overload());
    };
    let c = o.cost_of(vals);
    if let Some(l) = opts.cost_limit {
        if cost.saturating_add(c) > l {
            *cost = cost.saturating_add(c);
            return Err(cost_limit_error());
        }
    }
    if tracked == Tracked::Scanned {
        *scanned = scanned.saturating_add(functions::scanned_beyond_charge(tracked, vals));
        if *scanned > functions::MAX_SCANNED_BYTES {
            return Err(functions::scanned_limit_error());
        }
    }
    let result = run(opts.behavior, vals);
    charge(cost, opts.cost_limit, c)?;
    if tracked != Tracked::Nothing {
        *built = built.saturating_add(functions::built_beyond_charge(tracked, &result));
        if *built > functions::MAX_BUILT_BYTES {
            return Err(functions::built_limit_error());
        }
    }
    result
}

/// [`Evaluator::apply_row`] on the parts of the evaluator it changes.
#[inline]
fn apply_row_at(
    cost: &mut u64,
    opts: super::Options,
    row: &'static Overload,
    run: StrictFn,
    vals: &[Value],
) -> EvalResult {
    let c = row.cost_of(vals);
    if let Some(l) = opts.cost_limit {
        if cost.saturating_add(c) > l {
            *cost = cost.saturating_add(c);
            return Err(cost_limit_error());
        }
    }
    let result = run(opts.behavior, vals);
    charge(cost, opts.cost_limit, c)?;
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`count_at`] stands in for every row of `size` on the table (global and member): each
    /// counts towards the bound only a string's size counts, and gives a list's or a map's
    /// element count at the cost [`count_at`] charges.
    #[test]
    fn the_size_rows_count_lists_and_maps() {
        let mut entries = crate::cel::eval::value::Entries::default();
        entries.insert(
            crate::cel::eval::value::Key::String(Arc::from("a")),
            Value::Int(1),
        );
        let values = [
            Value::list(vec![Value::Int(1), Value::Int(2), Value::Int(3)]),
            Value::list(Vec::new()),
            Value::map(entries),
        ];
        let rows = [false, true].map(|member| table::of_function("size", member));
        assert!(
            rows.iter().all(|r| !r.is_empty()),
            "size has global and member rows"
        );
        assert_eq!(Tracked::of("size"), Tracked::Scanned);
        for row in rows.into_iter().flatten() {
            let id = row.id;
            let Run::Strict(run) = row.run else {
                panic!("{id} runs strictly");
            };
            for v in &values {
                let vals = std::slice::from_ref(v);
                assert_eq!(functions::scanned_beyond_charge(Tracked::Scanned, vals), 0);
                let want = run(Behavior::NEWEST, vals).expect("size");
                let Value::Int(n) = want else {
                    panic!("{id} gives an int");
                };
                assert_eq!(n, v.actual_size() as i64, "{id}");
                let c = Call {
                    direct: None,
                    rows: Box::new([row]),
                    params: Box::default(),
                    tracked: Tracked::Scanned,
                    counts: true,
                    target: None,
                    args: Box::default(),
                };
                let mut cost = 0;
                let got = count_at(&mut cost, None, &c, v).expect("counted");
                assert!(matches!(got, Ok(Value::Int(m)) if m == n), "{id}");
                assert_eq!(cost, row.cost_of(vals), "{id}");
                // Over the limit: the walker's cost-limit error, the cost charged.
                let mut cost = 0;
                let over = count_at(&mut cost, Some(0), &c, v).expect("counted");
                assert!(
                    matches!(&over, Err(e) if e.kind == ErrorKind::CostLimit),
                    "{id}"
                );
                assert_eq!(cost, row.cost_of(vals), "{id}");
            }
        }
    }

    #[test]
    fn a_comparison_charges_as_the_rows_cost_function() {
        // The constant's characters, known from the plan, stand in for one side of
        // `string_equality_cost`: every pair of sizes and encodings charges the same.
        let strings = [
            "",
            "a",
            "DELETE",
            "CREATE",
            "ü",
            "ünïcödé",
            "abcdefghijklmnopqrstuvwxyz0123",
            "abcdefghijklmnopqrstuvwxyz012",
            "ünïcödé-ünïcödé-ünïcödé-ünïcödé",
            "ünïcödé-ünïcödé-ünïcödé-ünïcödé-ünïcödé-ünïcödé-ünïcödé-ünïcödé",
            "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789",
        ];
        for k in strings {
            let konst_chars = str_size(k);
            let test = StrTest {
                op: StrOp::Eq,
                konst: Arc::from(k),
                konst_chars,
                konst_cost: functions::string_traversal_cost(konst_chars),
                hint: Hint::default(),
                call: Call {
                    direct: None,
                    rows: Box::default(),
                    params: Box::default(),
                    tracked: Tracked::Nothing,
                    counts: false,
                    target: None,
                    args: Box::default(),
                },
            };
            for s in strings.iter().flat_map(|s| [s.to_string(), s.repeat(3)]) {
                assert_eq!(
                    test.equality_cost(&s),
                    functions::string_equality_cost(&s, k),
                    "{s:?} == {k:?}"
                );
            }
        }
    }
}
