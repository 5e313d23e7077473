//! What a node's rules read of `self` (and `oldSelf`), found once when they are compiled:
//! a node whose rules select a few fields (`self.type == 'A' ? has(self.a) : true`) or look
//! at a few fields of each list element (`self.all(l, l.protocol != 'UDP' || !has(l.tls))`)
//! converts only those parts of its object, not the whole subtree.
//!
//! The analysis follows *paths*: the variable, a field selected from a path (`p.f`), an
//! element of a path (`p[i]`, or the variable of a one-variable comprehension over `p`).
//! Only these uses keep a value partial: a presence test `has(p.f)` (the field's entry, none
//! of its content), `size(p)` / `p.size()` (a list's length) and iterating over `p` (a
//! list's elements, each as far as the loop reads it). Any other use of a path (compared,
//! passed to a function, put in a list, `p.?f`, iterated with two variables, a branch of
//! `?:`) needs the whole value there. The conversion ([`Needs`]) converts a value whole
//! wherever a need does not fit the data's shape.

use std::sync::Arc;

use crate::cel::escaping::is_reserved;
use crate::cel::eval::ast::{Expr, ExprKind};
use crate::cel::eval::convert::{FieldList, Needs};

/// One step of a path.
#[derive(Clone)]
enum Step<'e> {
    Field(&'e str),
    Elem,
}

type Path<'e> = Vec<Step<'e>>;

/// Adds to `acc` what `e` reads of the variable `var`.
pub(crate) fn add(acc: &mut Needs, e: &Expr, var: &str) {
    let mut a = Analysis {
        var,
        scopes: Vec::new(),
        needs: std::mem::replace(acc, Needs::Nothing),
    };
    let p = a.visit(e);
    a.whole(p);
    *acc = a.needs;
}

struct Analysis<'e, 'v> {
    var: &'v str,
    /// Comprehension variables in scope, innermost last: the path a loop variable stands
    /// for, `None` for one that is no path (an accumulator, a two-variable loop's variables).
    scopes: Vec<(&'e str, Option<Path<'e>>)>,
    needs: Needs,
}

impl<'e> Analysis<'e, '_> {
    /// Records what `e` reads; returns the path `e` itself is, for its parent to use.
    fn visit(&mut self, e: &'e Expr) -> Option<Path<'e>> {
        match &e.kind {
            ExprKind::Ident(n) => match self.scopes.iter().rev().find(|(s, _)| *s == &**n) {
                Some((_, p)) => p.clone(),
                None => (&**n == self.var).then(Vec::new),
            },
            ExprKind::Select {
                operand,
                field,
                test,
            } => {
                let mut p = self.visit(operand)?;
                p.push(Step::Field(field));
                if *test {
                    self.record(&p, Needs::Nothing);
                    return None;
                }
                Some(p)
            }
            ExprKind::Call { func, target, args } => self.call(func, target.as_deref(), args),
            ExprKind::Comprehension(c) => {
                let range = self.visit(&c.iter_range);
                let p = self.visit(&c.accu_init);
                self.whole(p);
                let elem = match (&range, &c.iter_var2) {
                    (Some(r), None) => {
                        // The loop runs once per element, whether or not it reads them.
                        self.record(r, Needs::Elements(Box::new(Needs::Nothing)));
                        let mut p = r.clone();
                        p.push(Step::Elem);
                        Some(p)
                    }
                    _ => {
                        self.whole(range);
                        None
                    }
                };
                self.scopes.push((&c.accu_var, None));
                let depth = self.scopes.len();
                self.scopes.push((&c.iter_var, elem));
                if let Some(v2) = &c.iter_var2 {
                    self.scopes.push((v2, None));
                }
                for x in [&c.loop_cond, &c.loop_step] {
                    let p = self.visit(x);
                    self.whole(p);
                }
                // The result sees the accumulator, not the loop variables.
                self.scopes.truncate(depth);
                let p = self.visit(&c.result);
                self.whole(p);
                self.scopes.truncate(depth - 1);
                None
            }
            ExprKind::List { elems, .. } => {
                for x in elems {
                    let p = self.visit(x);
                    self.whole(p);
                }
                None
            }
            ExprKind::Map { entries } => {
                for (k, v, _) in entries {
                    let p = self.visit(k);
                    self.whole(p);
                    let p = self.visit(v);
                    self.whole(p);
                }
                None
            }
            ExprKind::Struct { fields, .. } => {
                for (_, v, _) in fields {
                    let p = self.visit(v);
                    self.whole(p);
                }
                None
            }
            ExprKind::Const(_) => None,
        }
    }

    /// A call: indexing extends a path, `size` reads a list's length, anything else reads
    /// its arguments whole.
    fn call(&mut self, func: &str, target: Option<&'e Expr>, args: &'e [Expr]) -> Option<Path<'e>> {
        match (func, target, args) {
            ("_[_]", None, [v, i]) => {
                let p = self.visit(v);
                let q = self.visit(i);
                self.whole(q);
                let mut p = p?;
                p.push(Step::Elem);
                Some(p)
            }
            ("size", Some(v), []) | ("size", None, [v]) => {
                if let Some(p) = self.visit(v) {
                    self.record(&p, Needs::Elements(Box::new(Needs::Nothing)));
                }
                None
            }
            _ => {
                for x in target.into_iter().chain(args) {
                    let p = self.visit(x);
                    self.whole(p);
                }
                None
            }
        }
    }

    /// A path used as a value: all of it is read.
    fn whole(&mut self, p: Option<Path<'e>>) {
        if let Some(p) = p {
            self.record(&p, Needs::All);
        }
    }

    /// Adds `leaf` at the end of `path`.
    fn record(&mut self, path: &[Step<'e>], leaf: Needs) {
        let need = path.iter().rev().fold(leaf, |inner, step| match step {
            Step::Elem => Needs::Elements(Box::new(inner)),
            Step::Field(f) => {
                let mut fields = FieldList::default();
                fields.push(Arc::from(*f), inner.clone());
                // The evaluator's field lookup falls back to `__name__` for a reserved word.
                if is_reserved(f) {
                    fields.push(Arc::from(format!("__{f}__")), inner);
                }
                Needs::Fields(fields)
            }
        });
        let acc = std::mem::replace(&mut self.needs, Needs::Nothing);
        self.needs = acc.merge(need);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needs(src: &str, var: &str) -> Needs {
        let mut n = Needs::Nothing;
        add(&mut n, &crate::cel::eval::ast::checked(src), var);
        sorted(n)
    }

    /// The order fields are found in does not matter.
    fn sorted(n: Needs) -> Needs {
        match n {
            Needs::Fields(mut f) => {
                f.sort_by(|a, b| a.0.cmp(&b.0));
                Needs::Fields(f.into_iter().map(|(k, v)| (k, sorted(v))).collect())
            }
            Needs::Elements(e) => Needs::Elements(Box::new(sorted(*e))),
            n => n,
        }
    }

    fn fields(list: &[(&str, Needs)]) -> Needs {
        Needs::Fields(
            list.iter()
                .map(|(s, n)| (Arc::from(*s), n.clone()))
                .collect(),
        )
    }

    fn elements(n: Needs) -> Needs {
        Needs::Elements(Box::new(n))
    }

    #[test]
    fn selections_and_presence_tests_name_fields() {
        use Needs::{All, Nothing};
        assert_eq!(
            needs("self.type == 'A' ? has(self.a) : !has(self.b)", "self"),
            fields(&[("a", Nothing), ("b", Nothing), ("type", All)])
        );
        assert_eq!(
            needs("self.x.y.z > 0 && has(self.x.w)", "self"),
            fields(&[("x", fields(&[("w", Nothing), ("y", fields(&[("z", All)]))]))])
        );
        assert_eq!(
            needs("self.namespace == ''", "self"),
            fields(&[("__namespace__", All), ("namespace", All)])
        );
        assert_eq!(
            needs("self.a == oldSelf.b", "oldSelf"),
            fields(&[("b", All)])
        );
        assert_eq!(needs("self.a == 1", "oldSelf"), Nothing);
    }

    #[test]
    fn loops_sizes_and_indexes_read_elements() {
        use Needs::{All, Nothing};
        assert_eq!(
            needs(
                "self.all(l, l.protocol == 'UDP' || !has(l.tls)) && size(self) < 3",
                "self"
            ),
            elements(fields(&[("protocol", All), ("tls", Nothing)]))
        );
        assert_eq!(
            needs("(self.size() > 0 ? self[0].m.size() : 0) < 5", "self"),
            elements(fields(&[("m", elements(Nothing))]))
        );
        assert_eq!(
            needs(
                "self.all(p1, self.exists_one(p2, p1.name == p2.name))",
                "self"
            ),
            elements(fields(&[("name", All)]))
        );
        // Only the loop reads its variable: the same name outside it is `self`'s.
        assert_eq!(
            needs("self.x.all(self, self > 0) || self.y", "self"),
            fields(&[("x", elements(All)), ("y", All)])
        );
    }

    #[test]
    fn any_other_use_needs_the_whole_value() {
        for src in [
            "self == oldSelf",
            "self.exists(k, k == 'b') || has(self.a)",
            "self['a'] == 1",
            "self.?a.orValue(1) == 1 || self.a == 1",
            "self.filter(x, x.a).size() == 1",
            "self.all(k, v, v > 0)",
            "(true ? self : self).a == 1",
        ] {
            let n = needs(src, "self");
            let whole_somewhere = match &n {
                Needs::All => true,
                Needs::Elements(e) => **e == Needs::All,
                _ => false,
            };
            assert!(whole_somewhere, "{src}: {n:?}");
        }
    }

    #[test]
    fn a_value_converted_for_more_serves_a_reader_of_less() {
        use Needs::{All, Nothing};
        let wide = needs("self.all(l, l.a == 1 && has(l.b) && l.c.d == 2)", "self");
        let narrow = needs("self.all(l, l.a == 1) && size(self) > 0", "self");
        assert!(wide.covers(&narrow));
        assert!(!narrow.covers(&wide));
        assert!(All.covers(&wide) && wide.covers(&Nothing));
        // A presence test converts none of the field's content.
        let present = needs("has(self.b)", "self");
        let read = needs("self.b == 1", "self");
        assert!(read.covers(&present) && !present.covers(&read));
        // Fields of a value and elements of it never serve each other.
        assert!(!needs("self.a == 1", "self").covers(&needs("size(self) > 0", "self")));
    }
}
