//! Comprehensions (the expanded macros): the loop over a list or map with cel-go's condition
//! check before each step, and the accumulator appends done in place so that `map`, `filter`
//! and `transform*` stay linear.

use std::sync::Arc;

use super::super::ast::Comprehension;
use super::super::functions::table::{self, Overload};
use super::super::value::{ErrorKind, EvalError, EvalResult, Key, ListKind, Value};
use super::planned::{Counter, Plan, Quantifier, Step, Truth};
use super::Evaluator;
use crate::k8s::Behavior;

impl<'a> Evaluator<'a> {
    /// A comprehension of the tree.
    pub(super) fn comprehension_of(&mut self, c: &'a Comprehension) -> EvalResult {
        self.comprehension(
            &c.iter_range,
            &c.accu_init,
            &c.accu_var,
            &c.iter_var,
            c.iter_var2.as_deref(),
            &c.loop_cond,
            &c.loop_step,
            &c.result,
        )
    }

    /// A comprehension's loop, of the tree or of the plan.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn comprehension<S: Step<'a>>(
        &mut self,
        iter_range: S,
        accu_init: S,
        accu_var: &'a str,
        iter_var: &'a str,
        iter_var2: Option<&'a str>,
        loop_cond: S,
        loop_step: S,
        result: S,
    ) -> EvalResult {
        let range = iter_range.run(self)?;
        let accu = accu_init.run(self)?;
        let base = self.vars.len();
        self.vars.push((accu_var, Ok(accu)));
        let loop_ = Loop {
            iter_var,
            iter_var2,
            loop_cond,
            loop_step,
        };
        let res = self.fold(&loop_, &range, base, result);
        self.vars.truncate(base);
        res
    }

    fn fold<S: Step<'a>>(
        &mut self,
        c: &Loop<'a, S>,
        range: &Value,
        base: usize,
        result: S,
    ) -> EvalResult {
        // Indexed loops rather than a boxed iterator: a comprehension runs once per object
        // (nested ones once per outer element), and the box plus the index value a
        // one-variable loop over a list never reads were a measurable share of short loops.
        match range {
            Value::List(l) => {
                let items = l.items();
                for (i, v) in items.iter().enumerate() {
                    if !self.step(c, base, true, || Value::Int(i as i64), v)? {
                        break;
                    }
                }
            }
            Value::Map(m) => {
                for (k, v) in m.entries.iter() {
                    if !self.step(c, base, false, || k.to_value(), v)? {
                        break;
                    }
                }
            }
            other => {
                return Err(EvalError::other(format!(
                    "cannot iterate over {}",
                    other.type_name()
                )))
            }
        }
        self.vars.truncate(base + 1);
        result.run(self)
    }

    /// One step of [`Self::fold`] with the element's key (its index for a list, built only
    /// when bound) and value: binds the loop variables, checks the loop condition and runs
    /// the step. `Ok(false)` when the condition ends the loop; `Err` only for the cost limit,
    /// which is never absorbed.
    fn step<S: Step<'a>>(
        &mut self,
        c: &Loop<'a, S>,
        base: usize,
        is_list: bool,
        key: impl FnOnce() -> Value,
        value: &Value,
    ) -> Result<bool, EvalError> {
        self.bind(c.iter_var, c.iter_var2, base + 1, is_list, key, value);
        match c.loop_cond.truth(self) {
            Ok(true) => {}
            Err(Err(e)) if e.kind == ErrorKind::CostLimit => return Err(e),
            _ => return Ok(false),
        }
        let step = c.loop_step.run(self);
        if let Err(e) = &step {
            if e.kind == ErrorKind::CostLimit {
                return Err(e.clone());
            }
        }
        self.vars[base].1 = step;
        Ok(true)
    }
}

impl<'a> Evaluator<'a> {
    /// [`Quantifier`]: [`Self::comprehension`] of the expansion of `all`/`exists`, the
    /// accumulator kept here rather than bound. Each read of `@result` is charged one (as an
    /// attribute), the condition and `!` as their rows charge, an error of `!` on an error as
    /// a failed call, and the step absorbs errors as [`Self::logical_truth`] does.
    #[inline(never)]
    pub(super) fn quantifier(&mut self, q: &'a Quantifier) -> Truth {
        // A range that is an attribute's common case (`variables.labels`) is read where it
        // is, as [`Self::run`] reads it but without the copy.
        let owned: Value;
        let range = match &q.iter_range {
            Plan::Attr(a) => self.attr_fast(a),
            _ => None,
        };
        let range = match range {
            Some(range) => range,
            None => {
                owned = self.run(&q.iter_range).map_err(Err)?;
                &owned
            }
        };
        let base = self.vars.len();
        let acc = self.quantify(q, range, base);
        self.vars.truncate(base);
        let acc = acc.map_err(Err)?;
        // The result: `@result`.
        self.add(1).map_err(Err)?;
        acc.map_err(Err)
    }

    /// The loop of [`Self::quantifier`]: the accumulator, or the loop's own error (the cost
    /// limit, a range that is no list or map).
    fn quantify(
        &mut self,
        q: &'a Quantifier,
        range: &Value,
        base: usize,
    ) -> Result<Result<bool, EvalError>, EvalError> {
        let mut acc = Ok(q.all);
        let (v1, v2) = (&*q.iter_var, q.iter_var2.as_deref());
        match range {
            Value::List(l) => {
                for (i, v) in l.items().iter().enumerate() {
                    self.bind(v1, v2, base, true, || Value::Int(i as i64), v);
                    if !self.quantifier_step(q, &mut acc)? {
                        break;
                    }
                }
            }
            Value::Map(m) => {
                for (k, v) in m.entries.iter() {
                    self.bind(v1, v2, base, false, || k.to_value(), v);
                    if !self.quantifier_step(q, &mut acc)? {
                        break;
                    }
                }
            }
            other => {
                return Err(EvalError::other(format!(
                    "cannot iterate over {}",
                    other.type_name()
                )))
            }
        }
        Ok(acc)
    }

    /// One element of [`Self::quantify`]: the condition, then the step. `Ok(false)` when the
    /// condition ends the loop; `Err` only for the cost limit.
    fn quantifier_step(
        &mut self,
        q: &'a Quantifier,
        acc: &mut Result<bool, EvalError>,
    ) -> Result<bool, EvalError> {
        // `@not_strictly_false(@result)` or `@not_strictly_false(!@result)`.
        self.add(1)?;
        let go = match (q.not_row, &*acc) {
            (None, acc) => !matches!(acc, Ok(false)),
            (Some(row), Ok(b)) => {
                let c = row.cost_of(&[Value::Bool(*b)]);
                self.add(c)?;
                !*b
            }
            // `!` of an error: a failed call.
            (Some(_), Err(_)) => {
                self.add(1)?;
                true
            }
        };
        let c = q
            .cond_rows
            .first()
            .map_or(1, |o| o.cost_of(&[Value::Bool(go)]));
        self.add(c)?;
        if !go {
            return Ok(false);
        }
        // `@result && pred` or `@result || pred`.
        self.add(1)?;
        let mut err = match std::mem::replace(acc, Ok(q.all)) {
            Ok(b) if b != q.all => {
                *acc = Ok(b);
                return Ok(true);
            }
            Ok(_) => None,
            Err(e) => Some(e),
        };
        match self.truth(&q.pred) {
            Ok(b) if b != q.all => {
                *acc = Ok(b);
                return Ok(true);
            }
            Ok(_) => {}
            Err(Ok(_)) => {
                err.get_or_insert_with(EvalError::no_such_overload);
            }
            Err(Err(e)) if e.kind == ErrorKind::CostLimit => return Err(e),
            Err(Err(e)) => {
                err.get_or_insert(e);
            }
        }
        if let Some(e) = err {
            *acc = Err(e);
        }
        Ok(true)
    }

    /// [`Counter`]: [`Self::comprehension`] of the expansion of `exists_one`, the accumulator
    /// kept here while the loop runs (its slot stays on the stack, unread: the predicate does
    /// not name it, and the loop variables keep the places the conversion gave them), then
    /// bound for the result as the generic loop binds it.
    #[inline(never)]
    pub(super) fn counter(&mut self, k: &'a Counter) -> EvalResult {
        let range = self.run(&k.iter_range)?;
        let base = self.vars.len();
        self.vars.push((&*k.accu_var, Ok(Value::Int(0))));
        let res = self.count(k, &range, base);
        self.vars.truncate(base);
        res
    }

    fn count(&mut self, k: &'a Counter, range: &Value, base: usize) -> EvalResult {
        let mut acc: EvalResult = Ok(Value::Int(0));
        let (v1, v2) = (&*k.iter_var, k.iter_var2.as_deref());
        match range {
            Value::List(l) => {
                for (i, v) in l.items().iter().enumerate() {
                    self.bind(v1, v2, base + 1, true, || Value::Int(i as i64), v);
                    self.count_step(k, &mut acc)?;
                }
            }
            Value::Map(m) => {
                for (key, v) in m.entries.iter() {
                    self.bind(v1, v2, base + 1, false, || key.to_value(), v);
                    self.count_step(k, &mut acc)?;
                }
            }
            other => {
                return Err(EvalError::other(format!(
                    "cannot iterate over {}",
                    other.type_name()
                )))
            }
        }
        self.vars.truncate(base + 1);
        self.vars[base].1 = acc;
        self.run(&k.result)
    }

    /// One element of [`Self::count`]: `pred ? @result + 1 : @result` (the condition `true`
    /// costs nothing). `Err` only for the cost limit, which ends the loop.
    fn count_step(&mut self, k: &'a Counter, acc: &mut EvalResult) -> Result<(), EvalError> {
        let step = match self.truth(&k.pred) {
            Ok(true) => self.count_one(k, acc),
            // `@result`, an attribute folded into the conditional: its read is charged and
            // taken back (`eval_inline_attr`), so only the limit can be reached on the way.
            Ok(false) => match self.opts.cost_limit {
                Some(l) if self.cost.saturating_add(1) > l => Err(super::cost_limit_error()),
                _ => return Ok(()),
            },
            Err(Ok(_)) => Err(EvalError::no_such_overload()),
            Err(Err(e)) => Err(e),
        };
        if let Err(e) = &step {
            if e.kind == ErrorKind::CostLimit {
                return Err(e.clone());
            }
        }
        *acc = step;
        Ok(())
    }

    /// `@result + 1` as the walker's [`Self::accumulate`] charges it: the accumulator read,
    /// then the row the two values pick (or a failed call on an accumulated error).
    fn count_one(&mut self, k: &'a Counter, acc: &EvalResult) -> EvalResult {
        self.add(1)?;
        let x = match acc {
            Ok(x) => x.clone(),
            Err(e) => {
                self.add(1)?;
                return Err(e.clone());
            }
        };
        let all = [x, k.one.clone()];
        let Some(row) = table::pick(&k.add_rows, &all) else {
            self.add(1)?;
            return Err(EvalError::no_such_overload());
        };
        let c = row.cost_of(&all);
        let result = match row.strict() {
            Some(run) => run(self.opts.behavior, &all),
            None => Err(EvalError::no_such_overload()),
        };
        self.add(c)?;
        result
    }

    /// Binds a loop's variables to an element (its key built only when bound), above `base`.
    fn bind(
        &mut self,
        iter_var: &'a str,
        iter_var2: Option<&'a str>,
        base: usize,
        is_list: bool,
        key: impl FnOnce() -> Value,
        value: &Value,
    ) {
        self.vars.truncate(base);
        match iter_var2 {
            Some(v2) => {
                self.vars.push((iter_var, Ok(key())));
                self.vars.push((v2, Ok(value.clone())));
            }
            None => {
                // A one-variable loop binds a list's elements and a map's keys.
                let x = if is_list { value.clone() } else { key() };
                self.vars.push((iter_var, Ok(x)));
            }
        }
    }
}

/// A comprehension's loop variables and per-element steps.
struct Loop<'a, S> {
    iter_var: &'a str,
    iter_var2: Option<&'a str>,
    loop_cond: S,
    loop_step: S,
}

/// `acc + [x]` (atomic lists) and `cel.@mapInsert(acc, k, v)`, mutating `args[0]` when it is
/// not shared; anything else (`cel.@mapInsert(acc, {k: v})` included) runs `row`, the
/// overload the call picked. The argument shapes tell the two apart: `+` takes two lists,
/// only `cel.@mapInsert` a map and two more values.
pub(super) fn append_in_place(row: &Overload, beh: Behavior, args: &mut [Value]) -> EvalResult {
    let in_place = match &*args {
        [Value::List(acc), Value::List(add)] => {
            acc.kind == ListKind::Atomic && add.kind == ListKind::Atomic
        }
        [Value::Map(acc), k, _] => {
            acc.object.is_none()
                && Key::from_value(k).is_ok_and(|key| !acc.entries.contains_key(&key))
        }
        _ => false,
    };
    if !in_place {
        return match row.strict() {
            Some(run) => run(beh, args),
            None => Err(EvalError::no_such_overload()),
        };
    }
    // Move the accumulator out so that it is the only reference and `make_mut` appends
    // without copying; the slot keeps a cheap placeholder.
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
