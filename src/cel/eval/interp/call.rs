//! Calls: the special forms `&&`, `||`, `?:` and `@not_strictly_false` (short-circuiting,
//! absorbing errors as cel-go does), optional `or`/`orValue`, indexing and optional
//! selection, accumulator appends, and every other call by the overload table's row it
//! picks, with its runtime cost.

use super::super::ast::{CallForm, Expr, ExprKind};
use super::super::functions::table::{self, Overload};
use super::super::functions::{self, Tracked};
use super::super::value::{ErrorKind, EvalError, EvalResult, Value};
use super::comprehension::append_in_place;
use super::plan::{is_attribute, is_primitive_const_list};
use super::planned::{from_truth, Step, Truth};
use super::Evaluator;

/// What `&&` and `||` keep of an operand that is not a bool: its error, or `no such overload`
/// for a value of another type; `Err` for the cost limit, which ends the evaluation (the first
/// error kept wins, whichever side it came from, unless the other side decides).
#[inline(always)]
fn absorbed(r: EvalResult) -> Result<EvalError, EvalError> {
    match r {
        Ok(_) => Ok(EvalError::no_such_overload()),
        Err(e) if e.kind == ErrorKind::CostLimit => Err(e),
        Err(e) => Ok(e),
    }
}

impl<'a> Evaluator<'a> {
    /// A call the evaluator plans by its form ([`CallForm`], decided from the node's rows when
    /// the program was converted); `rows` are its overloads' rows.
    pub(super) fn call(
        &mut self,
        e: &'a Expr,
        target: Option<&'a Expr>,
        args: &'a [Expr],
    ) -> EvalResult {
        let (form, rows) = (e.form, &*e.overloads);
        match (form, target) {
            (CallForm::And, _) | (CallForm::Or, _) => {
                self.logical(form == CallForm::And, &args[0], &args[1])
            }
            (CallForm::NotStrictlyFalse, _) => self.not_strictly_false(rows, &args[0]),
            (CallForm::Conditional, _) => self.conditional(&args[0], &args[1], &args[2]),
            (CallForm::OptOr, Some(t)) => self.optional_or(true, t, &args[0]),
            (CallForm::OptOrValue, Some(t)) => self.optional_or(false, t, &args[0]),
            // `x in [constants]` becomes a set-membership test under OptOptimize: the list is
            // a constant and the test itself is not an observed call.
            (CallForm::In, _) if self.opts.fold_constants && is_primitive_const_list(&args[1]) => {
                let x = self.eval(&args[0])?;
                let l = self.eval(&args[1])?;
                self.run_uncharged(rows, &[x, l])
            }
            (CallForm::Index, _) => self.index(true, args),
            (CallForm::OptIndex, _) => self.index(false, args),
            (CallForm::MaybeAccumulate, _) => match self.accumulator_slot(&args[0]) {
                Some(slot) => self.accumulate(rows, slot, args),
                None => self.overload_call(rows, e.tracked, target, args),
            },
            (CallForm::OptSelect, _) => self.opt_select(args),
            _ => self.overload_call(rows, e.tracked, target, args),
        }
    }

    /// The row of `rows` these values pick, run without a charge (a test cel-go's planner
    /// turned into something that is not an observed call).
    pub(super) fn run_uncharged(&self, rows: &[&'static Overload], vals: &[Value]) -> EvalResult {
        match table::pick(rows, vals).and_then(|o| o.strict()) {
            Some(run) => run(self.opts.behavior, vals),
            None => Err(EvalError::no_such_overload()),
        }
    }

    /// `&&` and `||`: short-circuit on the deciding value, otherwise the first error (or `no
    /// such overload` for a non-bool) wins, whichever side it came from.
    pub(super) fn logical<S: Step<'a>>(&mut self, and: bool, a: S, b: S) -> EvalResult {
        from_truth(self.logical_truth(and, a, b))
    }

    /// [`Self::logical`] for a consumer that wants a bool: no value is built for the
    /// operands' bools nor for the result.
    pub(super) fn logical_truth<S: Step<'a>>(&mut self, and: bool, a: S, b: S) -> Truth {
        // Written out for the two operands: the common case (two bools) keeps no error.
        let first = match a.truth(self) {
            Ok(x) if x != and => return Ok(x),
            Ok(_) => None,
            Err(r) => Some(absorbed(r).map_err(Err)?),
        };
        match b.truth(self) {
            Ok(x) if x != and => Ok(x),
            Ok(_) => match first {
                Some(e) => Err(Err(e)),
                None => Ok(and),
            },
            Err(r) => {
                let second = absorbed(r).map_err(Err)?;
                Err(Err(first.unwrap_or(second)))
            }
        }
    }

    /// `c ? a : b`: cel-go plans it as a conditional attribute that resolves attribute
    /// branches directly: their own attribute step is not observed (see `eval_inline`).
    pub(super) fn conditional<S: Step<'a>>(&mut self, c: S, a: S, b: S) -> EvalResult {
        match c.truth(self) {
            Ok(true) => a.run_inline(self),
            Ok(false) => b.run_inline(self),
            Err(Ok(_)) => Err(EvalError::no_such_overload()),
            Err(Err(e)) => Err(e),
        }
    }

    /// The loop condition of `all`/`exists` expansions: anything but `false` continues,
    /// charged as its row says.
    pub(super) fn not_strictly_false<S: Step<'a>>(
        &mut self,
        rows: &[&'static Overload],
        arg: S,
    ) -> EvalResult {
        from_truth(self.not_strictly_false_truth(rows, arg))
    }

    /// [`Self::not_strictly_false`] as a bool (`Err` only for the cost limit).
    pub(super) fn not_strictly_false_truth<S: Step<'a>>(
        &mut self,
        rows: &[&'static Overload],
        arg: S,
    ) -> Truth {
        let v = match arg.truth(self) {
            Err(Err(e)) if e.kind == ErrorKind::CostLimit => return Err(Err(e)),
            Ok(false) => false,
            _ => true,
        };
        let c = rows.first().map_or(1, |o| o.cost_of(&[Value::Bool(v)]));
        self.add(c).map_err(Err)?;
        Ok(v)
    }

    /// `o.or(p)` / `o.orValue(v)` short-circuit and are not calls in cel-go's plan.
    fn optional_or(&mut self, or: bool, target: &'a Expr, alt: &'a Expr) -> EvalResult {
        match self.eval(target)? {
            Value::Optional(Some(v)) => Ok(if or { Value::Optional(Some(v)) } else { *v }),
            Value::Optional(None) => {
                let alt = self.eval(alt)?;
                if or && !matches!(alt, Value::Optional(_)) {
                    return Err(EvalError::no_such_overload());
                }
                Ok(alt)
            }
            _ => Err(EvalError::no_such_overload()),
        }
    }

    /// `v[i]` (`plain`) and `v[?i]`: a qualifier of the attribute on the left.
    fn index(&mut self, plain: bool, args: &'a [Expr]) -> EvalResult {
        let v = self.operand(&args[0])?;
        let i = self.eval_inline(&args[1])?;
        if !is_attribute(&args[0]) {
            self.add(1)?;
        }
        if plain {
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

    /// `@result + [x]` and `cel.@mapInsert(@result, ...)` in macro expansions: append to the
    /// accumulator in place (cel-go mutates comprehension accumulators too), so
    /// `map`/`filter`/`transform*` stay linear. Costs are those of the plain calls' rows.
    fn accumulate(
        &mut self,
        rows: &[&'static Overload],
        slot: usize,
        args: &'a [Expr],
    ) -> EvalResult {
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
        let Some(row) = table::pick(rows, &all) else {
            self.add(1)?;
            return Err(EvalError::no_such_overload());
        };
        let c = row.cost_of(&all);
        let result = append_in_place(row, self.opts.behavior, &mut all);
        self.add(c)?;
        result
    }

    /// `v.?f`: a qualifier of the attribute on the left.
    fn opt_select(&mut self, args: &'a [Expr]) -> EvalResult {
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

    /// A function on the overload table: arguments left to right (strict: the first error
    /// stops), then the row [`table::pick`] chooses among the node's candidates, charged as the
    /// row says.
    pub(super) fn overload_call(
        &mut self,
        overloads: &[&'static Overload],
        tracked: Tracked,
        target: Option<&'a Expr>,
        args: &'a [Expr],
    ) -> EvalResult {
        let base = self.args_base();
        let result = self.overload_call_on_stack(overloads, tracked, target, args, base);
        self.args.truncate(base);
        result
    }

    /// [`Self::overload_call`] with its arguments pushed from `base` on.
    fn overload_call_on_stack(
        &mut self,
        overloads: &[&'static Overload],
        tracked: Tracked,
        target: Option<&'a Expr>,
        args: &'a [Expr],
        base: usize,
    ) -> EvalResult {
        if let Some(t) = target {
            let v = self.eval(t)?;
            self.args.push(v);
        }
        for a in args {
            // A constant argument is pushed as it is (a constant node never folds, see
            // `ast::may_fold`), without a round through `eval`.
            if let ExprKind::Const(v) = &a.kind {
                self.args.push(v.clone());
                continue;
            }
            match self.eval(a) {
                Ok(v) => self.args.push(v),
                Err(e) if e.kind == ErrorKind::CostLimit => return Err(e),
                Err(e) => {
                    self.add(1)?;
                    return Err(e);
                }
            }
        }
        self.apply(overloads, tracked, base)
    }

    /// The row of `overloads` the arguments pushed from `base` on pick, run and charged as
    /// the row says.
    pub(super) fn apply(
        &mut self,
        overloads: &[&'static Overload],
        tracked: Tracked,
        base: usize,
    ) -> EvalResult {
        let picked = table::pick(overloads, &self.args[base..]);
        self.apply_picked(picked, tracked, base)
    }

    /// [`Self::apply`] of the row picked (`None`: no row).
    #[inline]
    pub(super) fn apply_picked(
        &mut self,
        picked: Option<&'static Overload>,
        tracked: Tracked,
        base: usize,
    ) -> EvalResult {
        let Evaluator {
            ref args,
            ref mut cost,
            ref mut scanned,
            ref mut built,
            opts,
            ..
        } = *self;
        super::planned::apply_picked_at(cost, scanned, built, opts, picked, tracked, &args[base..])
    }
}
