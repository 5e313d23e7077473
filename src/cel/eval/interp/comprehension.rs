//! Comprehensions (the expanded macros): the loop over a list or map with cel-go's condition
//! check before each step, and the accumulator appends done in place so that `map`, `filter`
//! and `transform*` stay linear.

use std::sync::Arc;

use super::super::ast::Comprehension;
use super::super::functions::table::Overload;
use super::super::value::{ErrorKind, EvalError, EvalResult, Key, ListKind, Value};
use super::Evaluator;
use crate::k8s::Behavior;

impl<'a> Evaluator<'a> {
    pub(super) fn comprehension(&mut self, c: &'a Comprehension) -> EvalResult {
        let range = self.eval(&c.iter_range)?;
        let accu = self.eval(&c.accu_init)?;
        let base = self.vars.len();
        self.vars.push((&c.accu_var, Ok(accu)));
        let res = self.fold(c, &range, base);
        self.vars.truncate(base);
        res
    }

    fn fold(&mut self, c: &'a Comprehension, range: &Value, base: usize) -> EvalResult {
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
        self.eval(&c.result)
    }

    /// One step of [`Self::fold`] with the element's key (its index for a list, built only
    /// when bound) and value: binds the loop variables, checks the loop condition and runs
    /// the step. `Ok(false)` when the condition ends the loop; `Err` only for the cost limit,
    /// which is never absorbed.
    fn step(
        &mut self,
        c: &'a Comprehension,
        base: usize,
        is_list: bool,
        key: impl FnOnce() -> Value,
        value: &Value,
    ) -> Result<bool, EvalError> {
        self.vars.truncate(base + 1);
        match &c.iter_var2 {
            Some(v2) => {
                self.vars.push((&c.iter_var, Ok(key())));
                self.vars.push((v2, Ok(value.clone())));
            }
            None => {
                // A one-variable loop binds a list's elements and a map's keys.
                let x = if is_list { value.clone() } else { key() };
                self.vars.push((&c.iter_var, Ok(x)));
            }
        }
        let cond = self.eval(&c.loop_cond);
        match cond {
            Ok(Value::Bool(true)) => {}
            Err(e) if e.kind == ErrorKind::CostLimit => return Err(e),
            _ => return Ok(false),
        }
        let step = self.eval(&c.loop_step);
        if let Err(e) = &step {
            if e.kind == ErrorKind::CostLimit {
                return Err(e.clone());
            }
        }
        self.vars[base].1 = step;
        Ok(true)
    }
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
