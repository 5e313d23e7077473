//! The tree-walking evaluator with cel-go's runtime cost accounting.
//!
//! Semantics follow cel-go's interpreter: `&&`/`||` short-circuit and absorb errors
//! commutatively (`err && false` is `false`), `?:` evaluates one branch, comprehensions check
//! their loop condition before each step, and the cost limit aborts the whole evaluation with
//! `operation cancelled: actual cost limit exceeded` (never absorbed).
//!
//! Cost follows `interpreter/runtimecost.go` on the plan cel-go builds: constants cost 0, an
//! attribute (identifier, or the start of a select/index chain on a non-attribute) costs 1,
//! each qualifier (`.f`, `[i]`) 1, list/map literals 10/30, calls the runtime cost of their
//! overload table row; `&&`, `||`, `?:` (whose rows are free) and comprehensions cost nothing
//! themselves. A presence test costs only its operand (Kubernetes sets
//! `PresenceTestHasCost(false)`). With [`Options::fold_constants`] (cel-go `OptOptimize`, which
//! Kubernetes enables) constant list/map literals and conversions of constants are computed
//! once and cost 0.

//!
//! Files: this one holds the entry point and the expression walk; [`plan`] what cel-go's
//! planner decides before evaluation (attributes, constant folding, plan-time errors), `call`
//! the calls and their special forms, `comprehension` the macro loops and their in-place
//! accumulators.

mod call;
mod comprehension;
pub mod plan;
#[cfg(test)]
mod plan_tests;
mod planned;

use planned::Plan;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod work_tests;

use std::borrow::Cow;
use std::sync::Arc;

use super::ast::{Binding, Cached, CallForm, Expr, ExprKind};
use super::functions;
use super::value::{Entries, ErrorKind, EvalError, EvalResult, Key, MapValue, Value};
use crate::k8s::Behavior;

pub use plan::plan_time_error;
use plan::{is_attribute, is_const};

/// Evaluation settings.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Per-call cost limit (`PerCallLimit`, 1,000,000 in Kubernetes); `None` = unlimited.
    pub cost_limit: Option<u64>,
    /// cel-go `OptOptimize` constant folding (on in Kubernetes' runtime environment).
    pub fold_constants: bool,
    /// The emulated minor's behaviours (library output that changed between minors).
    pub behavior: Behavior,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            cost_limit: Some(1_000_000),
            fold_constants: true,
            behavior: Behavior::NEWEST,
        }
    }
}

/// The result of one evaluation: the value (or error) and the cost it consumed, which is
/// reported even when evaluation failed (the budget is charged either way).
#[derive(Clone, Debug)]
pub struct Outcome {
    pub value: EvalResult,
    pub cost: u64,
}

/// Evaluates `expr` with the given variables (`self`, `oldSelf`, ...).
pub fn evaluate<'a>(expr: &'a Expr, vars: &'a [(&'a str, Value)], opts: Options) -> Outcome {
    let mut ev = Evaluator::new(vars, Vec::new(), opts);
    let value = match plan_of(expr) {
        Some(p) => ev.run(p),
        None => ev.eval(expr),
    };
    let cost = ev.finish();
    Outcome { value, cost }
}

/// A program evaluated many times with its plan found once, when it is made: [`evaluate`]
/// finds the plan in the root's slot at every evaluation (a lock's state, the type-erased
/// value's type check), which was a share of a short program run once per program and
/// request (admission: every expression of every policy, for every object). Evaluating it
/// is [`evaluate`] of [`Prepared::expr`], value, cost and error alike.
#[derive(Debug)]
pub struct Prepared {
    expr: Expr,
    /// [`plan_of`] the root, the plan shared with the root's slot.
    plan: Option<Arc<Plan>>,
}

impl Prepared {
    pub fn new(expr: Expr) -> Prepared {
        let plan = root_plan(&expr).and_then(|p| p.clone().downcast::<Plan>().ok());
        Prepared { expr, plan }
    }

    pub fn expr(&self) -> &Expr {
        &self.expr
    }

    /// [`evaluate`] of the program. Inlined: the evaluator is set up in the caller's frame,
    /// not in a call of its own per evaluation.
    #[inline(always)]
    pub fn evaluate<'a>(&'a self, vars: &'a [(&'a str, Value)], opts: &Options) -> Outcome {
        let Some(p) = &self.plan else {
            return self.walked(vars, opts);
        };
        let mut ev = Evaluator::new(vars, Vec::new(), *opts);
        let value = ev.run(p);
        Outcome {
            value,
            cost: ev.finish(),
        }
    }

    /// [`Prepared::evaluate`] of a program without a plan (a constant, or one only walked):
    /// out of line, so that a planned program's evaluation is one straight path.
    #[cold]
    #[inline(never)]
    fn walked<'a>(&'a self, vars: &'a [(&'a str, Value)], opts: &Options) -> Outcome {
        let mut ev = Evaluator::new(vars, Vec::new(), *opts);
        let value = ev.eval(&self.expr);
        Outcome {
            value,
            cost: ev.finish(),
        }
    }

    /// [`Prepared::evaluate`] for a caller that wants a bool (a validation): `Ok(b)` when the
    /// value is the bool `b`, else the value or error as [`Outcome::value`] has it, and the
    /// cost. A program whose plan makes a bool (`&&`, comparisons, presence tests) gives it
    /// without the step that builds the value. Inlined as the compiler sees fit: forced, with
    /// the unplanned case out of line as in [`Prepared::evaluate`], a validation's glue was
    /// measured longer.
    #[inline]
    pub fn truth<'a>(
        &'a self,
        vars: &'a [(&'a str, Value)],
        opts: &Options,
    ) -> (Result<bool, EvalResult>, u64) {
        let mut ev = Evaluator::new(vars, Vec::new(), *opts);
        let value = match &self.plan {
            Some(p) => ev.truth(p),
            None => planned::to_truth(ev.eval(&self.expr)),
        };
        (value, ev.finish())
    }
}

/// The plan of a program's root `expr`, made on its first evaluation ([`Plan`]); `None` for
/// a constant root (its slot is the folded value's, see [`Evaluator::folded_cached`]) or one
/// the plan would only walk.
#[inline]
fn plan_of(expr: &Expr) -> Option<&Plan> {
    root_plan(expr)?.downcast_ref::<Plan>()
}

/// [`plan_of`] as the root's slot holds it (type-erased, shared).
fn root_plan(expr: &Expr) -> Option<&Arc<dyn std::any::Any + Send + Sync>> {
    if expr.may_fold && is_const(expr) {
        return None;
    }
    let slot = expr
        .folded
        .0
        .get_or_init(|| Plan::of(expr).map(|p| Box::new(Cached::Plan(Arc::new(p)))));
    match slot.as_deref() {
        Some(Cached::Plan(p)) => Some(p),
        _ => None,
    }
}

thread_local! {
    /// [`Evaluator::args`] between evaluations: a rule runs once per object, and a buffer
    /// allocated (and grown) per evaluation was a measurable share of a short rule. Taken by
    /// an evaluation's first call that pushes arguments ([`Evaluator::args_base`]).
    static ARGS: std::cell::Cell<Vec<Value>> = const { std::cell::Cell::new(Vec::new()) };
}

#[cold]
#[inline(never)]
pub fn cost_limit_error() -> EvalError {
    EvalError::new(
        ErrorKind::CostLimit,
        "operation cancelled: actual cost limit exceeded",
    )
}

/// The walk over one expression; `'a` is the lifetime of the expression and of the caller's
/// variable names, which the evaluator borrows instead of copying (one evaluation per rule
/// per node: a copied name was an allocation each).
struct Evaluator<'a> {
    /// The caller's variables (`self`, `oldSelf`), borrowed: binding them copied nothing
    /// but cost a vector per evaluation.
    base: &'a [(&'a str, Value)],
    /// Comprehension variables, innermost last. Comprehension accumulators may hold errors: cel-go keeps an
    /// error in `@result` and lets `||`/`&&` absorb it in later iterations.
    vars: Vec<(&'a str, EvalResult)>,
    /// The evaluated arguments of the calls in progress, innermost last: one buffer for the
    /// whole evaluation instead of a vector allocated per call.
    args: Vec<Value>,
    cost: u64,
    /// The caller's variables a plan reads, by the slot the plan gave each (`Attr::slot`),
    /// found at their first use; `resolved` has bit `i` set once slot `i` is.
    roots: [Option<&'a Value>; planned::ROOTS],
    resolved: u8,
    /// Bytes built so far by calls counted against [`functions::MAX_BUILT_BYTES`].
    built: usize,
    /// Bytes read so far by calls counted against [`functions::MAX_SCANNED_BYTES`].
    scanned: u64,
    opts: Options,
}

const TYPE_NAMES: &[&str] = &[
    "int",
    "uint",
    "double",
    "bool",
    "string",
    "bytes",
    "list",
    "map",
    "null_type",
    "type",
    "google.protobuf.Duration",
    "google.protobuf.Timestamp",
    "optional_type",
    "net.IP",
    "net.CIDR",
    "kubernetes.Quantity",
    "kubernetes.URL",
    "kubernetes.Semver",
    "kubernetes.NamedFormat",
];

impl<'a> Evaluator<'a> {
    /// An evaluator with nothing charged yet over the caller's variables `base`, with `args`
    /// as its (empty) argument buffer.
    fn new(base: &'a [(&'a str, Value)], args: Vec<Value>, opts: Options) -> Self {
        Evaluator {
            base,
            vars: Vec::new(),
            args,
            cost: 0,
            roots: [None; planned::ROOTS],
            resolved: 0,
            built: 0,
            scanned: 0,
            opts,
        }
    }

    /// Done: the cost charged. The argument buffer, when a call took it
    /// ([`Evaluator::args_base`]), goes back for the next evaluation on this thread (empty:
    /// every call takes its arguments off again).
    #[inline(always)]
    fn finish(self) -> u64 {
        // Only the two vectors own anything; they are looked at where they are, not moved out.
        let mut ev = std::mem::ManuallyDrop::new(self);
        if ev.args.capacity() != 0 {
            let mut args = std::mem::take(&mut ev.args);
            args.clear();
            ARGS.set(args);
        }
        // Most evaluations bind no comprehension variable: an unallocated vector owns
        // nothing, and not dropping it spares the call to its generic drop.
        if ev.vars.capacity() != 0 {
            drop(std::mem::take(&mut ev.vars));
        }
        ev.cost
    }

    /// Where the arguments of a call about to be pushed start: the thread's buffer is taken
    /// at the first such call (most planned evaluations push none: their calls run on their
    /// operands in place).
    #[inline]
    fn args_base(&mut self) -> usize {
        if self.args.capacity() == 0 {
            self.args = ARGS.take();
        }
        self.args.len()
    }

    #[inline(always)]
    fn add(&mut self, c: u64) -> Result<(), EvalError> {
        charge(&mut self.cost, self.opts.cost_limit, c)
    }

    /// The innermost variable `name`: comprehension variables shadow the caller's.
    fn lookup(&self, name: &str) -> Option<Result<&Value, &EvalError>> {
        search(&self.vars, self.base, name)
    }

    fn eval(&mut self, e: &'a Expr) -> EvalResult {
        if self.opts.fold_constants && e.may_fold {
            if let Some(v) = self.folded_cached(e) {
                return v;
            }
        }
        match &e.kind {
            ExprKind::Const(v) => Ok(v.clone()),
            ExprKind::Ident(n) => self.ident(e, n),
            ExprKind::Select {
                operand,
                field,
                test,
            } => self.select(e, operand, field, *test),
            ExprKind::Call { target, args, .. } if e.form == CallForm::Overloads => {
                self.overload_call(&e.overloads, e.tracked, target.as_deref(), args)
            }
            ExprKind::Call { target, args, .. } => self.call(e, target.as_deref(), args),
            ExprKind::List { elems, optional } => self.list(elems, optional),
            ExprKind::Map { entries } => self.map(entries),
            ExprKind::Struct { name, fields } => self.message(name, fields),
            ExprKind::Comprehension(c) => self.comprehension_of(c),
        }
    }

    /// [`Self::folded`] through the node's cache; `None` when the node does not fold.
    fn folded_cached(&self, e: &'a Expr) -> Option<EvalResult> {
        let beh = self.opts.behavior;
        let slot = e
            .folded
            .0
            .get_or_init(|| is_const(e).then(|| Box::new(Cached::Folded(beh, self.folded(e)))));
        match slot.as_deref() {
            None | Some(Cached::Plan(_)) => None,
            Some(Cached::Folded(b, v)) if *b == beh => Some(v.clone()),
            Some(Cached::Folded(..)) => Some(self.folded(e)),
        }
    }

    /// A constant sub-tree, folded at plan time: no runtime cost. Evaluated with a throwaway
    /// evaluator so the cost is not charged.
    fn folded(&self, e: &'a Expr) -> EvalResult {
        let opts = Options {
            cost_limit: None,
            fold_constants: false,
            ..self.opts
        };
        let mut sub = Evaluator::new(&[], Vec::new(), opts);
        sub.eval(e)
    }

    /// `operand.field`, a presence test `has(operand.field)`, or a dotted type name.
    fn select(&mut self, e: &'a Expr, operand: &'a Expr, field: &str, test: bool) -> EvalResult {
        // A field chain on a variable is read where the variable is (see `chain`).
        let limit = self.opts.cost_limit;
        if test {
            // The operand chain is costed, the presence test itself is free.
            let found = chain(&self.vars, self.base, &mut self.cost, limit, operand);
            if let Some(v) = found {
                return functions::has_field(&*v?, field);
            }
            let v = self.eval(operand)?;
            return functions::has_field(&v, field);
        }
        if let Some(name) = e.type_root.then(|| dotted_type_name(e)).flatten() {
            if self.lookup(name.split('.').next().unwrap_or("")).is_none() {
                if let Some(t) = TYPE_NAMES.iter().find(|t| **t == name) {
                    return Ok(Value::Type(Arc::from(*t)));
                }
            }
        }
        let found = chain(&self.vars, self.base, &mut self.cost, limit, operand);
        if let Some(v) = found {
            // The operand is a variable or a select: an attribute, no cost of its own.
            let v = v?;
            charge(&mut self.cost, limit, 1)?;
            return functions::select_ref(&v, field).map(Cow::into_owned);
        }
        let v = self.eval(operand)?;
        if !is_attribute(operand) {
            self.add(1)?;
        }
        self.add(1)?;
        functions::select(&v, field)
    }

    /// The value of `e` for an index, which only reads it: borrowed when `e` is one of the
    /// caller's variables or a field chain on one, evaluated otherwise. (Selects and presence
    /// tests read comprehension variables in place too, see [`chain`]; an index evaluates its
    /// key in between, which may change them.)
    fn operand(&mut self, e: &'a Expr) -> Result<Cow<'a, Value>, EvalError> {
        match self.borrowed(e) {
            Some(r) => r,
            None => self.eval(e).map(Cow::Owned),
        }
    }

    /// [`Self::eval`] of a caller's variable or of a field chain on one, with the same costs
    /// and errors, borrowing the value; `None` (having done nothing) for any other
    /// expression.
    fn borrowed(&mut self, e: &'a Expr) -> Option<Result<Cow<'a, Value>, EvalError>> {
        match &e.kind {
            ExprKind::Ident(n) => {
                // A comprehension variable shadows the caller's: evaluated as usual.
                let global = match e.binding {
                    Binding::Global => true,
                    Binding::Local(_) => false,
                    Binding::Unresolved => !self.vars.iter().any(|(v, _)| same_name(v, n)),
                };
                if !global {
                    return None;
                }
                let base: &'a [(&'a str, Value)] = self.base;
                let (_, v) = base.iter().rev().find(|(x, _)| same_name(x, n))?;
                Some(self.add(1).and_then(|()| match v {
                    Value::Invalid(m) => Err(EvalError::other(&**m)),
                    v => Ok(Cow::Borrowed(v)),
                }))
            }
            ExprKind::Select {
                operand,
                field,
                test: false,
            } => {
                // A type name (`net.IP`) never starts at a variable: the chain is not one then.
                // The operand is an identifier or a select: an attribute, no cost of its own.
                let v = match self.borrowed(operand)? {
                    Ok(v) => v,
                    Err(err) => return Some(Err(err)),
                };
                Some(self.add(1).and_then(|()| match v {
                    Cow::Borrowed(v) => functions::select_ref(v, field),
                    Cow::Owned(v) => functions::select(&v, field).map(Cow::Owned),
                }))
            }
            _ => None,
        }
    }

    /// A list literal: elements left to right, `?` elements only when present.
    fn list(&mut self, elems: &'a [Expr], optional: &[usize]) -> EvalResult {
        let mut items = Vec::with_capacity(elems.len());
        let mut err = None;
        for (i, el) in elems.iter().enumerate() {
            match self.eval(el) {
                Ok(v) => {
                    if optional.contains(&i) {
                        match v {
                            Value::Optional(Some(x)) => items.push(*x),
                            Value::Optional(None) => {}
                            _ => {
                                err.get_or_insert(EvalError::no_such_overload());
                            }
                        }
                    } else {
                        items.push(v)
                    }
                }
                Err(e) if e.kind == ErrorKind::CostLimit => return Err(e),
                Err(e) => {
                    err.get_or_insert(e);
                }
            }
        }
        self.add(10)?;
        match err {
            Some(e) => Err(e),
            None => Ok(Value::list(items)),
        }
    }

    /// A map literal, filled as cel-go's `evalMap` does.
    fn map(&mut self, entries: &'a [(Expr, Expr, bool)]) -> EvalResult {
        let mut m = Entries::with_capacity_and_hasher(entries.len(), Default::default());
        let mut err = None;
        for (k, v, opt) in entries {
            let kv = self.eval(k);
            let vv = self.eval(v);
            match (kv, vv) {
                (Ok(k), Ok(v)) => {
                    let key = match Key::from_value(&k) {
                        Ok(key) => key,
                        Err(e) => {
                            err.get_or_insert(e);
                            continue;
                        }
                    };
                    // cel-go's evalMap: a later entry replaces an earlier one with
                    // the same key (no duplicate-key error), and an absent optional
                    // entry removes it.
                    let v = if *opt {
                        match v {
                            Value::Optional(Some(x)) => *x,
                            Value::Optional(None) => {
                                m.shift_remove(&key);
                                continue;
                            }
                            _ => {
                                err.get_or_insert(EvalError::no_such_overload());
                                continue;
                            }
                        }
                    } else {
                        v
                    };
                    m.insert(key, v);
                }
                (Err(e), _) | (_, Err(e)) => {
                    if e.kind == ErrorKind::CostLimit {
                        return Err(e);
                    }
                    err.get_or_insert(e);
                }
            }
        }
        self.add(30)?;
        match err {
            Some(e) => Err(e),
            None => Ok(Value::map(m)),
        }
    }

    /// A message literal. Only the types a MutatingAdmissionPolicy's environment declares
    /// exist (apiserver `pkg/cel/mutation/typeresolver.go`): `JSONPatch` and `Object` with its
    /// nested `Object.spec.x` names, all built as objects whose fields are selected (their
    /// conversion to a patch is `admission::run`'s). An absent optional field (`?f: none`) is
    /// left out, as cel-go's `evalObj` does. Any other name is an unknown type, as before.
    fn message(&mut self, name: &str, fields: &'a [(Arc<str>, Expr, bool)]) -> EvalResult {
        let known = name == "JSONPatch" || name == "Object" || name.starts_with("Object.");
        if !known {
            self.add(40)?;
            return Err(EvalError::other(format!("unknown type: {name}")));
        }
        let mut m = Entries::with_capacity_and_hasher(fields.len(), Default::default());
        let mut err = None;
        for (field, v, opt) in fields {
            match self.eval(v) {
                Ok(v) => {
                    let v = if *opt {
                        match v {
                            Value::Optional(Some(x)) => *x,
                            Value::Optional(None) => continue,
                            _ => {
                                err.get_or_insert(EvalError::no_such_overload());
                                continue;
                            }
                        }
                    } else {
                        v
                    };
                    m.insert(Key::String(field.clone()), v);
                }
                Err(e) => {
                    if e.kind == ErrorKind::CostLimit {
                        return Err(e);
                    }
                    err.get_or_insert(e);
                }
            }
        }
        // cel-go's `StructCreateBaseCost`.
        self.add(40)?;
        match err {
            Some(e) => Err(e),
            None => Ok(Value::Map(Arc::new(MapValue {
                entries: m,
                object: Some(Arc::from(name)),
            }))),
        }
    }

    /// The variable slot of a macro accumulator (`@result`, never a user variable) named by
    /// `e`.
    fn accumulator_slot(&self, e: &Expr) -> Option<usize> {
        match &e.kind {
            ExprKind::Ident(n) if n.starts_with('@') => {
                self.vars.iter().rposition(|(v, _)| *v == &**n)
            }
            _ => None,
        }
    }

    /// Evaluates an expression that cel-go folds into an enclosing attribute (an index
    /// qualifier, a `?:` branch): when it is itself an attribute, its top-level attribute
    /// step costs nothing.
    fn eval_inline(&mut self, e: &'a Expr) -> EvalResult {
        let before = self.cost;
        let r = self.eval(e);
        let attr = match &e.kind {
            ExprKind::Ident(n) => bound(&self.vars, self.base, e, n).is_some(),
            ExprKind::Select { test: false, .. } => true,
            ExprKind::Call { func, .. } => {
                matches!(
                    e.form,
                    CallForm::Index | CallForm::OptIndex | CallForm::OptSelect
                ) || (matches!(e.form, CallForm::Function)
                    && matches!(&**func, "_[_]" | "_?._" | "_[?_]"))
            }
            _ => false,
        };
        if attr && self.cost > before {
            self.cost -= 1;
        }
        r
    }

    fn ident(&mut self, e: &Expr, n: &str) -> EvalResult {
        if let Some(v) = bound(&self.vars, self.base, e, n) {
            let v = v.cloned().map_err(EvalError::clone);
            self.add(1)?;
            return match v {
                Ok(Value::Invalid(m)) => Err(EvalError::other(&*m)),
                v => v,
            };
        }
        if let Some(t) = TYPE_NAMES.iter().find(|t| **t == n) {
            // A type name is a constant in cel-go's checked plan.
            return Ok(Value::Type(Arc::from(*t)));
        }
        self.add(1)?;
        Err(EvalError::other(format!("no such attribute(s): {n}")))
    }
}

/// [`Evaluator::add`] on the evaluator's cost, for callers that hold other parts of the
/// evaluator borrowed. Inlined: it runs for every attribute and qualifier, and the error it
/// builds (out of line, cold) is almost never needed.
#[inline(always)]
fn charge(cost: &mut u64, limit: Option<u64>, c: u64) -> Result<(), EvalError> {
    *cost = cost.saturating_add(c);
    match limit {
        Some(l) if *cost > l => Err(cost_limit_error()),
        _ => Ok(()),
    }
}

/// [`Evaluator::eval`] of a variable (a comprehension variable, else the caller's) or of a
/// field chain on one, with the same costs and errors, reading the values where they are
/// instead of cloning one per step (`p1.group == p2.group` in a loop over a loop cloned both
/// elements at every step); `None`, having charged nothing, for any other expression.
fn chain<'s>(
    vars: &'s [(&str, EvalResult)],
    base: &'s [(&str, Value)],
    cost: &mut u64,
    limit: Option<u64>,
    e: &Expr,
) -> Option<Result<Cow<'s, Value>, EvalError>> {
    match &e.kind {
        ExprKind::Ident(n) => {
            let found = bound(vars, base, e, n)?;
            Some(charge(cost, limit, 1).and_then(|()| match found {
                Ok(Value::Invalid(m)) => Err(EvalError::other(&**m)),
                Ok(v) => Ok(Cow::Borrowed(v)),
                Err(err) => Err(err.clone()),
            }))
        }
        // A type name (`net.IP`) never starts at a variable: the chain is not one then.
        ExprKind::Select {
            operand,
            field,
            test: false,
        } => {
            let v = match chain(vars, base, cost, limit, operand)? {
                Ok(v) => v,
                Err(err) => return Some(Err(err)),
            };
            Some(charge(cost, limit, 1).and_then(|()| match v {
                Cow::Borrowed(v) => functions::select_ref(v, field),
                Cow::Owned(v) => functions::select(&v, field).map(Cow::Owned),
            }))
        }
        _ => None,
    }
}

/// The value identifier node `e` (named `n`) reads: where the conversion resolved it
/// ([`Binding`]), else the innermost variable of that name ([`search`]).
#[inline(always)]
fn bound<'s>(
    vars: &'s [(&str, EvalResult)],
    base: &'s [(&str, Value)],
    e: &Expr,
    n: &str,
) -> Option<Result<&'s Value, &'s EvalError>> {
    bound_by(e.binding, vars, base, n)
}

/// [`bound`] of an identifier bound as `binding`.
#[inline(always)]
fn bound_by<'s>(
    binding: Binding,
    vars: &'s [(&str, EvalResult)],
    base: &'s [(&str, Value)],
    n: &str,
) -> Option<Result<&'s Value, &'s EvalError>> {
    match binding {
        Binding::Global => base
            .iter()
            .rev()
            .find(|(x, _)| same_name(x, n))
            .map(|(_, v)| Ok(v)),
        // The slot is checked: a stack that does not hold the name there (a tree evaluated
        // in a way the conversion did not foresee) falls back to the search.
        Binding::Local(i) => match vars.get(i as usize) {
            Some((x, r)) if same_name(x, n) => Some(r.as_ref()),
            _ => search(vars, base, n),
        },
        Binding::Unresolved => search(vars, base, n),
    }
}

/// The innermost variable `name`: comprehension variables shadow the caller's.
fn search<'s>(
    vars: &'s [(&str, EvalResult)],
    base: &'s [(&str, Value)],
    name: &str,
) -> Option<Result<&'s Value, &'s EvalError>> {
    if let Some((_, v)) = vars.iter().rev().find(|(n, _)| same_name(n, name)) {
        return Some(v.as_ref());
    }
    base.iter()
        .rev()
        .find(|(n, _)| same_name(n, name))
        .map(|(_, v)| Ok(v))
}

use super::value::same_str as same_name;

/// `a.b.c` spelled only with identifiers and selects, when it may name one of the dotted
/// [`TYPE_NAMES`] (`google.protobuf.Duration`, `net.IP`, `kubernetes.Quantity`, ...): only a
/// chain rooted at `google`, `net` or `kubernetes` can, and checking the root first keeps the
/// name from being built for every field selection (`self.spec.x`).
fn dotted_type_name(e: &Expr) -> Option<String> {
    let mut root = e;
    while let ExprKind::Select {
        operand,
        test: false,
        ..
    } = &root.kind
    {
        root = operand;
    }
    match &root.kind {
        ExprKind::Ident(n) if matches!(&**n, "google" | "net" | "kubernetes") => {
            qualified_type_name(e)
        }
        _ => None,
    }
}

/// `a.b.c` spelled only with identifiers and selects.
fn qualified_type_name(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Ident(n) => Some(n.to_string()),
        ExprKind::Select {
            operand,
            field,
            test: false,
        } => qualified_type_name(operand).map(|p| format!("{p}.{field}")),
        _ => None,
    }
}

#[cfg(test)]
mod prepared_tests {
    use super::super::ast::checked;
    use super::*;

    /// A prepared program gives what [`evaluate`] gives, value, error and cost, whatever its
    /// root: planned (a bool, a value, a comprehension), constant, only walked; and its
    /// [`Prepared::truth`] is the same value seen as a bool.
    #[test]
    fn a_prepared_program_evaluates_as_its_tree() {
        let object = Value::map(
            [
                (Key::String("name".into()), Value::string("web-0123456789")),
                (
                    Key::String("labels".into()),
                    Value::map(
                        [(Key::String("app".into()), Value::string("web"))]
                            .into_iter()
                            .collect(),
                    ),
                ),
            ]
            .into_iter()
            .collect(),
        );
        let vars = [("self", object.clone()), ("oldSelf", object)];
        let limited = Options {
            cost_limit: Some(5),
            ..Options::default()
        };
        let sources = [
            "has(self.name) && self.name != ''",
            "size(self.name) <= 253 && self.labels.all(k, size(k) <= 317)",
            "has(self.labels) ? self.labels : {}",
            "self.labels.app",
            "self.missing",
            "self.name + '-' + oldSelf.name",
            "1 == 1",
            "[1, 2, 3]",
            "self.labels.exists(k, k == 'app') || 1 / 0 == 1",
            "self.labels.all(k, self.labels[k].startsWith('w'))",
        ];
        let debug = |o: &Outcome| format!("{:?} {}", o.value, o.cost);
        for src in sources {
            for opts in [Options::default(), limited] {
                let e = checked(src);
                let want = evaluate(&e, &vars, opts);
                let p = Prepared::new(e);
                let got = p.evaluate(&vars, &opts);
                assert_eq!(debug(&got), debug(&want), "{src}");
                let (truth, cost) = p.truth(&vars, &opts);
                let as_value = Outcome {
                    value: truth.map_or_else(|r| r, |b| Ok(Value::Bool(b))),
                    cost,
                };
                assert_eq!(debug(&as_value), debug(&want), "{src} (truth)");
            }
        }
        // The plan is the one the root's slot holds: made once.
        let p = Prepared::new(checked("has(self.name) && self.name != ''"));
        let (Some(own), Some(slot)) = (p.plan.as_deref(), plan_of(p.expr())) else {
            panic!("not planned")
        };
        assert!(std::ptr::eq(own, slot));
        // A constant root has none: it is folded, as `evaluate` folds it.
        assert!(Prepared::new(checked("[1, 2, 3]")).plan.is_none());
    }
}
