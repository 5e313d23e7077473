//! The tree-walking evaluator with cel-go's runtime cost accounting.
//!
//! Semantics follow cel-go's interpreter: `&&`/`||` short-circuit and absorb errors
//! commutatively (`err && false` is `false`), `?:` evaluates one branch, comprehensions check
//! their loop condition before each step, and the cost limit aborts the whole evaluation with
//! `operation cancelled: actual cost limit exceeded` (never absorbed).
//!
//! Cost follows `interpreter/runtimecost.go` on the plan cel-go builds: constants cost 0, an
//! attribute (identifier, or the start of a select/index chain on a non-attribute) costs 1,
//! each qualifier (`.f`, `[i]`) 1, list/map literals 10/30, calls their function cost (see
//! [`super::functions::call_cost`]); `&&`, `||`, `?:` and comprehensions cost nothing
//! themselves. A presence test costs only its operand (Kubernetes sets
//! `PresenceTestHasCost(false)`). With [`Options::fold_constants`] (cel-go `OptOptimize`, which
//! Kubernetes enables) constant list/map literals and conversions of constants are computed
//! once and cost 0.

use std::sync::Arc;

use super::ast::{Comprehension, Expr, ExprKind};
use super::functions;
use super::value::{
    equals, Entries, ErrorKind, EvalError, EvalResult, Key, ListKind, ListValue, Value,
};
use crate::k8s::Behavior;

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
pub fn evaluate(expr: &Expr, vars: &[(&str, Value)], opts: Options) -> Outcome {
    let mut ev = Evaluator {
        vars: vars
            .iter()
            .map(|(n, v)| (Arc::<str>::from(*n), Ok(v.clone())))
            .collect(),
        cost: 0,
        opts,
    };
    let value = ev.eval(expr);
    Outcome {
        value,
        cost: ev.cost,
    }
}

pub fn cost_limit_error() -> EvalError {
    EvalError::new(
        ErrorKind::CostLimit,
        "operation cancelled: actual cost limit exceeded",
    )
}

struct Evaluator {
    /// Variables, innermost last. Comprehension accumulators may hold errors: cel-go keeps an
    /// error in `@result` and lets `||`/`&&` absorb it in later iterations.
    vars: Vec<(Arc<str>, EvalResult)>,
    cost: u64,
    opts: Options,
}

/// True when cel-go would plan this node as an attribute, so a following select or index
/// is merely a qualifier on it (no extra attribute cost).
fn is_attribute(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Ident(_) => true,
        ExprKind::Select { test, .. } => !test,
        ExprKind::Call { func, .. } => matches!(&**func, "_[_]" | "_?._" | "_[?_]" | "_?_:_"),
        _ => false,
    }
}

/// Constant sub-trees cel-go's optimizer folds.
fn is_const(e: &Expr) -> bool {
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
        ExprKind::Comprehension(c) => children.extend([
            &c.iter_range,
            &c.accu_init,
            &c.loop_cond,
            &c.loop_step,
            &c.result,
        ]),
        ExprKind::Const(_) | ExprKind::Ident(_) | ExprKind::Struct(_) => {}
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

fn is_primitive_const_list(e: &Expr) -> bool {
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

impl Evaluator {
    fn add(&mut self, c: u64) -> Result<(), EvalError> {
        self.cost = self.cost.saturating_add(c);
        match self.opts.cost_limit {
            Some(l) if self.cost > l => Err(cost_limit_error()),
            _ => Ok(()),
        }
    }

    fn lookup(&self, name: &str) -> Option<&EvalResult> {
        self.vars
            .iter()
            .rev()
            .find(|(n, _)| &**n == name)
            .map(|(_, v)| v)
    }

    fn eval(&mut self, e: &Expr) -> EvalResult {
        if self.opts.fold_constants && !matches!(e.kind, ExprKind::Const(_)) && is_const(e) {
            // Folded at plan time: no runtime cost. Evaluate with a throwaway evaluator so the
            // cost is not charged.
            let mut sub = Evaluator {
                vars: Vec::new(),
                cost: 0,
                opts: Options {
                    cost_limit: None,
                    fold_constants: false,
                    ..self.opts
                },
            };
            return sub.eval(e);
        }
        match &e.kind {
            ExprKind::Const(v) => Ok(v.clone()),
            ExprKind::Ident(n) => self.ident(n),
            ExprKind::Select {
                operand,
                field,
                test,
            } => {
                if *test {
                    // The operand chain is costed, the presence test itself is free.
                    let v = self.eval(operand)?;
                    return functions::has_field(&v, field);
                }
                if let Some(name) = dotted_type_name(e) {
                    if self.lookup(name.split('.').next().unwrap_or("")).is_none() {
                        if let Some(t) = TYPE_NAMES.iter().find(|t| **t == name) {
                            return Ok(Value::Type(Arc::from(*t)));
                        }
                    }
                }
                let v = self.eval(operand)?;
                if !is_attribute(operand) {
                    self.add(1)?;
                }
                self.add(1)?;
                functions::select(&v, field)
            }
            ExprKind::Call { func, target, args } => self.call(func, target.as_deref(), args),
            ExprKind::List { elems, optional } => {
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
            ExprKind::Map { entries } => {
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
            ExprKind::Struct(name) => {
                self.add(40)?;
                Err(EvalError::other(format!("unknown type: {name}")))
            }
            ExprKind::Comprehension(c) => self.comprehension(c),
        }
    }

    /// The variable slot of a macro accumulator (`@result`, never a user variable) named by
    /// `e`.
    fn accumulator_slot(&self, e: &Expr) -> Option<usize> {
        match &e.kind {
            ExprKind::Ident(n) if n.starts_with('@') => self.vars.iter().rposition(|(v, _)| v == n),
            _ => None,
        }
    }

    /// Evaluates an expression that cel-go folds into an enclosing attribute (an index
    /// qualifier, a `?:` branch): when it is itself an attribute, its top-level attribute
    /// step costs nothing.
    fn eval_inline(&mut self, e: &Expr) -> EvalResult {
        let before = self.cost;
        let r = self.eval(e);
        let attr = match &e.kind {
            ExprKind::Ident(n) => self.lookup(n).is_some(),
            ExprKind::Select { test: false, .. } => true,
            ExprKind::Call { func, .. } => matches!(&**func, "_[_]" | "_?._" | "_[?_]"),
            _ => false,
        };
        if attr && self.cost > before {
            self.cost -= 1;
        }
        r
    }

    fn ident(&mut self, n: &str) -> EvalResult {
        if let Some(v) = self.lookup(n) {
            let v = v.clone();
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

    fn comprehension(&mut self, c: &Comprehension) -> EvalResult {
        let range = self.eval(&c.iter_range)?;
        let accu = self.eval(&c.accu_init)?;
        let base = self.vars.len();
        self.vars.push((c.accu_var.clone(), Ok(accu)));
        let res = self.fold(c, &range, base);
        self.vars.truncate(base);
        res
    }

    fn fold(&mut self, c: &Comprehension, range: &Value, base: usize) -> EvalResult {
        let pairs: Box<dyn Iterator<Item = (Value, Value)>> = match range {
            Value::List(l) => {
                let l = l.clone();
                Box::new((0..l.len()).map(move |i| (Value::Int(i as i64), l.items()[i].clone())))
            }
            Value::Map(m) => {
                let m = m.clone();
                Box::new((0..m.entries.len()).filter_map(move |i| {
                    m.entries
                        .get_index(i)
                        .map(|(k, v)| (k.to_value(), v.clone()))
                }))
            }
            other => {
                return Err(EvalError::other(format!(
                    "cannot iterate over {}",
                    other.type_name()
                )))
            }
        };
        let is_list = matches!(range, Value::List(_));
        for (k, v) in pairs {
            self.vars.truncate(base + 1);
            match &c.iter_var2 {
                Some(v2) => {
                    self.vars.push((c.iter_var.clone(), Ok(k)));
                    self.vars.push((v2.clone(), Ok(v)));
                }
                None => {
                    let x = if is_list { v } else { k };
                    self.vars.push((c.iter_var.clone(), Ok(x)));
                }
            }
            let cond = self.eval(&c.loop_cond);
            match cond {
                Ok(Value::Bool(true)) => {}
                Err(e) if e.kind == ErrorKind::CostLimit => return Err(e),
                _ => break,
            }
            let step = self.eval(&c.loop_step);
            if let Err(e) = &step {
                if e.kind == ErrorKind::CostLimit {
                    return Err(e.clone());
                }
            }
            self.vars[base].1 = step;
        }
        self.vars.truncate(base + 1);
        self.eval(&c.result)
    }

    fn call(&mut self, func: &str, target: Option<&Expr>, args: &[Expr]) -> EvalResult {
        match (func, target, args.len()) {
            ("_&&_", None, 2) | ("_||_", None, 2) => {
                let and = func == "_&&_";
                let mut err: Option<EvalError> = None;
                for a in args {
                    match self.eval(a) {
                        Ok(Value::Bool(b)) => {
                            if b != and {
                                return Ok(Value::Bool(b));
                            }
                        }
                        Ok(_) => {
                            err.get_or_insert_with(EvalError::no_such_overload);
                        }
                        Err(e) if e.kind == ErrorKind::CostLimit => return Err(e),
                        Err(e) => {
                            err.get_or_insert(e);
                        }
                    }
                }
                match err {
                    Some(e) => Err(e),
                    None => Ok(Value::Bool(and)),
                }
            }
            ("@not_strictly_false", None, 1) => {
                let v = match self.eval(&args[0]) {
                    Err(e) if e.kind == ErrorKind::CostLimit => return Err(e),
                    Ok(Value::Bool(false)) => Value::Bool(false),
                    _ => Value::Bool(true),
                };
                self.add(1)?;
                Ok(v)
            }
            // cel-go plans `?:` as a conditional attribute that resolves attribute branches
            // directly: their own attribute step is not observed (see `eval_inline`).
            ("_?_:_", None, 3) => match self.eval(&args[0])? {
                Value::Bool(true) => self.eval_inline(&args[1]),
                Value::Bool(false) => self.eval_inline(&args[2]),
                _ => Err(EvalError::no_such_overload()),
            },
            // `o.or(p)` / `o.orValue(v)` short-circuit and are not calls in cel-go's plan.
            ("or", Some(t), 1) | ("orValue", Some(t), 1) => match self.eval(t)? {
                Value::Optional(Some(v)) => Ok(if func == "or" {
                    Value::Optional(Some(v))
                } else {
                    *v
                }),
                Value::Optional(None) => {
                    let alt = self.eval(&args[0])?;
                    if func == "or" && !matches!(alt, Value::Optional(_)) {
                        return Err(EvalError::no_such_overload());
                    }
                    Ok(alt)
                }
                _ => Err(EvalError::no_such_overload()),
            },
            // `x in [constants]` becomes a set-membership test under OptOptimize: the list is
            // a constant and the test itself is not an observed call.
            ("@in", None, 2) if self.opts.fold_constants && is_primitive_const_list(&args[1]) => {
                let x = self.eval(&args[0])?;
                let l = self.eval(&args[1])?;
                functions::call("@in", false, &[x, l])
            }
            ("_[_]", None, 2) | ("_[?_]", None, 2) => {
                let v = self.eval(&args[0])?;
                let i = self.eval_inline(&args[1])?;
                if !is_attribute(&args[0]) {
                    self.add(1)?;
                }
                if func == "_[_]" {
                    self.add(1)?;
                    functions::index(&v, &i)
                } else {
                    // An optional qualifier that finds nothing is not observed.
                    let r = functions::opt_index(&v, &i);
                    if !matches!(r, Ok(Value::Optional(None))) {
                        self.add(1)?;
                    }
                    r
                }
            }
            // `@result + [x]` and `cel.@mapInsert(@result, ...)` in macro expansions: append to
            // the accumulator in place (cel-go mutates comprehension accumulators too), so
            // `map`/`filter`/`transform*` stay linear. Costs are those of the plain calls.
            ("_+_", None, 2) | ("cel.@mapInsert", None, 2 | 3)
                if self.accumulator_slot(&args[0]).is_some() =>
            {
                let slot = self.accumulator_slot(&args[0]).unwrap_or(0);
                self.add(1)?; // the accumulator identifier
                let mut rest = Vec::with_capacity(args.len() - 1);
                for a in &args[1..] {
                    rest.push(self.eval(a)?);
                }
                let acc = std::mem::replace(&mut self.vars[slot].1, Ok(Value::Null));
                let acc = match acc {
                    Ok(v) => v,
                    Err(e) => {
                        self.vars[slot].1 = Err(e.clone());
                        self.add(1)?;
                        return Err(e);
                    }
                };
                let mut all = Vec::with_capacity(rest.len() + 1);
                all.push(acc);
                all.extend(rest);
                let result = append_in_place(func, &mut all);
                let c = functions::call_cost(func, false, &all, &result);
                self.add(c)?;
                result
            }
            ("_?._", None, 2) => {
                let v = self.eval(&args[0])?;
                let ExprKind::Const(Value::String(f)) = &args[1].kind else {
                    return Err(EvalError::no_such_overload());
                };
                if !is_attribute(&args[0]) {
                    self.add(1)?;
                }
                // An optional qualifier that finds nothing is not observed.
                let r = functions::opt_select(&v, f);
                if !matches!(r, Ok(Value::Optional(None))) {
                    self.add(1)?;
                }
                r
            }
            _ => {
                let mut vals = Vec::with_capacity(args.len() + 1);
                let mut err = None;
                if let Some(t) = target {
                    match self.eval(t) {
                        Ok(v) => vals.push(v),
                        Err(e) => return Err(e),
                    }
                }
                for a in args {
                    match self.eval(a) {
                        Ok(v) => vals.push(v),
                        Err(e) if e.kind == ErrorKind::CostLimit => return Err(e),
                        Err(e) => {
                            // cel-go evaluates arguments left to right and stops at the first
                            // error (strict functions).
                            err = Some(e);
                            break;
                        }
                    }
                }
                if let Some(e) = err {
                    self.add(1)?;
                    return Err(e);
                }
                let member = target.is_some();
                // Functions whose work grows faster than their input (or with an argument,
                // like `lists.range(n)`) are charged before they run, so an expression over
                // the limit is cancelled instead of computing something huge first.
                if matches!(
                    func,
                    "distinct"
                        | "sort"
                        | "@sortByAssociatedKeys"
                        | "lists.range"
                        | "flatten"
                        | "sets.contains"
                        | "sets.intersects"
                        | "sets.equivalent"
                ) {
                    let pre = functions::call_cost(func, member, &vals, &Ok(Value::Null));
                    if let Some(l) = self.opts.cost_limit {
                        if self.cost.saturating_add(pre) > l {
                            self.cost = self.cost.saturating_add(pre);
                            return Err(cost_limit_error());
                        }
                    }
                }
                let result = functions::call_in(self.opts.behavior, func, member, &vals);
                let c = functions::call_cost(func, member, &vals, &result);
                self.add(c)?;
                result
            }
        }
    }
}

/// `acc + [x]` (atomic lists) and `cel.@mapInsert(acc, k, v)` / `(acc, {k: v})`, mutating
/// `args[0]` when it is not shared; anything else goes through the ordinary functions.
fn append_in_place(func: &str, args: &mut [Value]) -> EvalResult {
    let in_place = match (func, &*args) {
        ("_+_", [Value::List(acc), Value::List(add)]) => {
            acc.kind == ListKind::Atomic && add.kind == ListKind::Atomic
        }
        ("cel.@mapInsert", [Value::Map(acc), k, _]) => {
            acc.object.is_none()
                && Key::from_value(k).is_ok_and(|key| !acc.entries.contains_key(&key))
        }
        _ => false,
    };
    if !in_place {
        return functions::call(func, false, args);
    }
    // Move the accumulator out so that it is the only reference and `make_mut` appends
    // without copying; the slot keeps a cheap placeholder (list/map `+` costs do not depend
    // on it).
    let acc = std::mem::replace(&mut args[0], Value::Null);
    match (acc, &args[1..]) {
        (Value::List(mut acc), [Value::List(add)]) => {
            Arc::make_mut(&mut acc).extend(add.items().iter().cloned());
            Ok(Value::List(acc))
        }
        (Value::Map(mut acc), [k, v]) => {
            let key = Key::from_value(k)?;
            Arc::make_mut(&mut acc).entries.insert(key, v.clone());
            Ok(Value::Map(acc))
        }
        _ => Err(EvalError::no_such_overload()),
    }
}

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

/// List `+` with Kubernetes list-type semantics: set lists form a union (lhs order first),
/// map lists merge by key (rhs entries replace lhs entries with the same key in place). Atomic
/// lists concatenate as a view over both (cel-go's `concatList`): no copy, as the cost of 1
/// assumes.
pub fn concat_lists(a: &Arc<ListValue>, b: &Arc<ListValue>) -> Value {
    let kind = match (&a.kind, &b.kind) {
        (ListKind::Atomic, k) => k.clone(),
        (k, _) => k.clone(),
    };
    match &kind {
        // Both merge through a hash of the scalar identity (set items, map-list keys), so that
        // `+`, charged 1 like the server's, costs time linear in the lists rather than their
        // product; items without a scalar identity fall back to comparing with each item.
        ListKind::Set if a.kind == ListKind::Set => merge_lists(
            a.items(),
            b.items(),
            kind,
            |x| scalar_id(x).map(|k| vec![k]),
            equals,
        ),
        ListKind::Map(keys) if matches!(a.kind, ListKind::Map(_)) => {
            let keys = keys.clone();
            merge_lists(
                a.items(),
                b.items(),
                kind,
                |x| map_list_id(x, &keys),
                |x, y| functions::same_keys(x, y, &keys),
            )
        }
        _ => Value::List(Arc::new(ListValue::concat(
            a.clone(),
            b.clone(),
            a.kind.clone(),
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::super::ast::parse;
    use super::*;

    fn run(src: &str) -> Outcome {
        let e = parse(src).unwrap();
        evaluate(
            &e,
            &[],
            Options {
                cost_limit: None,
                fold_constants: false,
                ..Options::default()
            },
        )
    }

    fn ok(src: &str) -> Value {
        run(src).value.unwrap_or_else(|e| panic!("{src}: {e}"))
    }

    #[test]
    fn map_literal_keys_as_cel_go() {
        // cel-go's evalMap fills a Go map keyed by the values: a repeated key keeps the last
        // value, int 1 and uint 1 are two keys, and null is a key like any other.
        let t = |src: &str| assert!(matches!(ok(src), Value::Bool(true)), "{src}");
        t("{1: 'a', 1: 'b'} == {1: 'b'}");
        t("{1: 'a', 1: 'b'}.size() == 1");
        t("{'k': 1, 'k': 2}['k'] == 2");
        t("{1: 'a', 1u: 'b'}.size() == 2");
        t("{1: 'a', 1u: 'b'}[1] == 'a' && {1: 'a', 1u: 'b'}[1u] == 'b'");
        t("{null: 1}[null] == 1");
        t("{null: 1}.size() == 1 && null in {null: 1}");
        // Doubles are Go map keys too (-0 == +0); cel-go's Find tries the key itself, then a
        // double as an int or uint, never an int as a double.
        t("{dyn(1.5): 'a'}[1.5] == 'a' && {1.5: 'a'}.size() == 1");
        t("{1.0: 'a', 1: 'b'}.size() == 2 && {1.0: 'a', 1: 'b'}[1.0] == 'a'");
        t("!(1 in {1.0: 'a'}) && 1.0 in {1: 'a'} && {-0.0: 'a'}[0.0] == 'a'");
    }

    #[test]
    fn logic_absorbs_errors_commutatively() {
        assert!(matches!(ok("1/0 == 1 && false"), Value::Bool(false)));
        assert!(matches!(ok("false && 1/0 == 1"), Value::Bool(false)));
        assert!(matches!(ok("1/0 == 1 || true"), Value::Bool(true)));
        assert_eq!(
            run("1/0 == 1 && true").value.unwrap_err().message,
            "division by zero"
        );
    }

    #[test]
    fn comprehensions_and_macros() {
        assert!(matches!(ok("[1,2,3].all(x, x > 0)"), Value::Bool(true)));
        assert!(matches!(
            ok("[1,2,3].exists_one(x, x > 2)"),
            Value::Bool(true)
        ));
        assert!(matches!(
            ok("[1,2,3].map(x, x * 2)[2] == 6"),
            Value::Bool(true)
        ));
        assert!(matches!(
            ok("[1,2,3].filter(x, x > 1).size() == 2"),
            Value::Bool(true)
        ));
        assert!(matches!(
            ok("{'a': 1}.all(k, v, v == 1 && k == 'a')"),
            Value::Bool(true)
        ));
        assert!(matches!(
            ok("[5, 6].exists(i, v, i == 1 && v == 6)"),
            Value::Bool(true)
        ));
        assert!(matches!(
            ok("[1, 2].transformList(i, v, v * 10) == [10, 20]"),
            Value::Bool(true)
        ));
        assert!(matches!(
            ok("{'a': 1}.transformMap(k, v, v + 1) == {'a': 2}"),
            Value::Bool(true)
        ));
    }

    #[test]
    fn arithmetic_errors_use_cel_go_texts() {
        assert_eq!(
            run("9223372036854775807 + 1").value.unwrap_err().message,
            "integer overflow"
        );
        assert_eq!(
            run("{'a': 1}.b").value.unwrap_err().message,
            "no such key: b"
        );
        assert_eq!(
            run("[1][3]").value.unwrap_err().message,
            "index out of bounds: 3"
        );
    }

    #[test]
    fn constant_conversions_fail_at_planning() {
        let plan = |src: &str| plan_time_error(&parse(src).unwrap()).map(|(_, e)| e.message);
        assert_eq!(
            plan("int('abc') == 1 || true").as_deref(),
            Some("type conversion error from 'string' to 'int'")
        );
        assert_eq!(
            plan("bool('TrUe')").as_deref(),
            Some("type conversion error from 'string' to 'bool'")
        );
        assert_eq!(
            plan("[1].all(x, uint(-1) > 0u)").as_deref(),
            Some("unsigned integer overflow")
        );
        assert_eq!(plan("int('12') == 12 && bool('true')"), None);
        // Only constant arguments are planned.
        assert_eq!(plan("[1].all(x, int(string(x) + 'a') > 0)"), None);
    }

    /// cel-go's runtime texts (common/types, interpreter/attributes.go) and Go's parsers
    /// behind the conversions (strconv, time.LoadLocation, net/netip).
    #[test]
    fn runtime_errors_and_conversions_like_cel_go() {
        let err = |src: &str| run(src).value.unwrap_err().message;
        let val = |src: &str| run(src).value.unwrap();
        assert_eq!(
            err("dyn([1])['a']"),
            "unsupported index type 'string' in list"
        );
        assert_eq!(err("dyn([1])[1.5]"), "unsupported index value 1.5 in list");
        assert_eq!(
            err("int('abc')"),
            "type conversion error from 'string' to 'int'"
        );
        assert_eq!(
            err("uint('+1')"),
            "type conversion error from 'string' to 'uint'"
        );
        assert_eq!(
            err("double('1e400')"),
            "type conversion error from 'string' to 'double'"
        );
        assert!(matches!(val("double('0x1p-2')"), Value::Double(d) if d == 0.25));
        assert!(matches!(val("double('1_000.5')"), Value::Double(d) if d == 1000.5));
        assert_eq!(
            err("timestamp('9999-12-31T23:59:59Z') + duration('1s')"),
            "timestamp overflow"
        );
        assert_eq!(err("timestamp(253402300800)"), "timestamp overflow");
        let t = "timestamp('2023-01-01T00:00:00Z')";
        assert!(matches!(
            val(&format!("{t}.getHours('Asia/Kolkata')")),
            Value::Int(5)
        ));
        assert!(matches!(
            val(&format!("{t}.getDate('Australia/Sydney')")),
            Value::Int(1)
        ));
        assert!(matches!(
            val(&format!("{t}.getHours('-05:30')")),
            Value::Int(18)
        ));
        assert!(matches!(
            val(&format!("{t}.getHours('UTC')")),
            Value::Int(0)
        ));
        assert_eq!(
            err(&format!("{t}.getHours('+0530')")),
            "unknown time zone +0530"
        );
        assert_eq!(
            err(&format!("{t}.getHours('x:30')")),
            "strconv.Atoi: parsing \"x\": invalid syntax"
        );
        assert_eq!(
            err(&format!("{t}.getHours('../etc')")),
            "time: invalid location name"
        );
        assert_eq!(
            err("ip('::ffff:c0a8:1')"),
            "IPv4-mapped IPv6 address \"::ffff:c0a8:1\" is not allowed"
        );
        assert_eq!(
            err("ip('1.2.3')"),
            "IP Address \"1.2.3\" parse error during conversion from string: ParseAddr(\"1.2.3\"): IPv4 address too short"
        );
        assert_eq!(
            err("cidr('192.168.0.0/')"),
            "network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix(\"192.168.0.0/\"): bad bits after slash: \"\""
        );
    }

    #[test]
    fn costs_follow_runtimecost() {
        // list literal 10 + attribute-less index: relative attribute 1 + qualifier 1.
        assert_eq!(run("[1, 2][0]").cost, 12);
        assert_eq!(run("'abc'.startsWith('a')").cost, 1);
        assert_eq!(run("[1,2,3].all(x, x > 0)").cost, 10 + 3 * (2 + 3) + 1);
        let limited = evaluate(
            &parse("[1,2,3].all(x, x > 0)").unwrap(),
            &[],
            Options {
                cost_limit: Some(5),
                fold_constants: false,
                ..Options::default()
            },
        );
        assert_eq!(limited.value.unwrap_err().kind, ErrorKind::CostLimit);
    }

    #[test]
    fn comprehension_accumulators_grow_in_place() {
        // Quadratic copying would make this take minutes.
        let v = ok("lists.range(200000).map(x, x * 2).filter(x, x % 4 == 0).size() == 100000");
        assert!(matches!(v, Value::Bool(true)));
        let v = ok("lists.range(50000).transformMap(i, v, v + 1).size() == 50000");
        assert!(matches!(v, Value::Bool(true)));
    }

    #[test]
    fn huge_work_is_cancelled_before_it_runs() {
        let e = parse("lists.range(1000000000000).size() > 0").unwrap();
        let out = evaluate(&e, &[], Options::default());
        assert_eq!(out.value.unwrap_err().kind, ErrorKind::CostLimit);
    }

    #[test]
    fn optionals() {
        assert!(matches!(
            ok("{'a': 1}.?b.orValue(5) == 5"),
            Value::Bool(true)
        ));
        assert!(matches!(ok("{'a': 1}.?a.value() == 1"), Value::Bool(true)));
        assert!(matches!(
            ok("optional.of(2).optMap(x, x * 2).value() == 4"),
            Value::Bool(true)
        ));
        assert!(matches!(
            ok("[?optional.none(), 1].size() == 1"),
            Value::Bool(true)
        ));
    }
}

/// A scalar's identity for hashing, equal exactly when [`equals`] says so (numbers compare
/// across types: `1 == 1u == 1.0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum ScalarId {
    /// A map-list key field that is not there (equal only to another absent one).
    Absent,
    Null,
    Bool(bool),
    Int(i128),
    /// A double that is not a whole number in i128's range (NaN never equals anything).
    Double(u64),
    String(Arc<str>),
    Bytes(Arc<[u8]>),
}

fn scalar_id(v: &Value) -> Option<ScalarId> {
    Some(match v {
        Value::Null => ScalarId::Null,
        Value::Bool(b) => ScalarId::Bool(*b),
        Value::Int(i) => ScalarId::Int(i128::from(*i)),
        Value::Uint(u) => ScalarId::Int(i128::from(*u)),
        Value::Double(d) if d.is_nan() => return None,
        Value::Double(d) if d.fract() == 0.0 && d.abs() < 1e30 => ScalarId::Int(*d as i128),
        Value::Double(d) => ScalarId::Double((*d + 0.0).to_bits()),
        Value::String(s) => ScalarId::String(s.clone()),
        Value::Bytes(b) => ScalarId::Bytes(b.clone()),
        _ => return None,
    })
}

/// A map-list item's identity: its key fields' scalar identities.
fn map_list_id(v: &Value, keys: &[String]) -> Option<Vec<ScalarId>> {
    let Value::Map(m) = v else { return None };
    keys.iter()
        .map(|k| match super::value::map_key_field(m, k) {
            Some(x) => scalar_id(x),
            None => Some(ScalarId::Absent),
        })
        .collect()
}

/// `a` then the items of `b`: an item whose identity is already there replaces it in place
/// (map lists) or is dropped (sets: `replace` keeps the first, since equal items are equal).
fn merge_lists(
    a: &[Value],
    b: &[Value],
    kind: ListKind,
    id: impl Fn(&Value) -> Option<Vec<ScalarId>>,
    same: impl Fn(&Value, &Value) -> bool,
) -> Value {
    let replace = matches!(kind, ListKind::Map(_));
    let mut items: Vec<Value> = Vec::with_capacity(a.len() + b.len());
    let mut index: std::collections::HashMap<Vec<ScalarId>, usize> = Default::default();
    // Items without an identity, compared one by one.
    let mut odd: Vec<usize> = Vec::new();
    for (from_b, x) in a
        .iter()
        .map(|x| (false, x))
        .chain(b.iter().map(|x| (true, x)))
    {
        let found = match id(x) {
            Some(k) => match index.get(&k) {
                Some(&p) => Some(p),
                None => {
                    index.insert(k, items.len());
                    None
                }
            },
            None => {
                let p = odd.iter().copied().find(|&p| same(x, &items[p]));
                if p.is_none() {
                    odd.push(items.len());
                }
                p
            }
        };
        match found {
            // The lhs keeps its own duplicates; only the rhs merges into what is there.
            Some(p) if from_b => {
                if replace {
                    items[p] = x.clone();
                }
            }
            _ => items.push(x.clone()),
        }
    }
    Value::List(Arc::new(ListValue::new(items, kind, false)))
}
