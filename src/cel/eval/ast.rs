//! The owned expression tree the evaluator walks, converted from the checker's `CheckedExpr`
//! ([`from_checked`]) or, without a checker, from the front end's parsed AST
//! ([`parse_unchecked`]).
//!
//! The front end (`cel::parse`) has already expanded every macro the way cel-go does (runtime
//! cost depends on the expansions' shape). The conversion decides once, per call node, how the
//! evaluator runs it ([`CallForm`]) and whether constant folding may apply, the work cel-go's
//! planner does once per program.

use std::sync::Arc;

use super::functions::table::{self, Overload, Run, RuntimeCost, Special};
use super::functions::Tracked;
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
    /// Whether the node is of a shape constant folding may apply to ([`may_fold`]),
    /// decided here once: the evaluator asks at every node it evaluates.
    pub(crate) may_fold: bool,
    /// For a call of a library on the overload table, the rows of the overloads it may run:
    /// those the checker resolved it to, or without a checker every overload of the function
    /// ([`CallForm::Overloads`]); empty otherwise.
    pub(crate) overloads: Box<[&'static Overload]>,
    /// Which of crdlint's own bounds a call of [`Expr::overloads`] counts towards, from its
    /// function's name, read here once rather than at every call.
    pub(crate) tracked: Tracked,
    /// For an identifier, where it is bound ([`Binding`]), resolved once when the program is
    /// converted, as cel-go's planner resolves names, instead of searching every binding by
    /// name at each evaluation.
    pub(crate) binding: Binding,
    /// Whether the node is an identifier or a select chain rooted at `google`, `net` or
    /// `kubernetes`, the only roots a dotted type name (`net.IP`) can have: decided here so
    /// that a field selection (`self.spec.x`) does not walk its chain to find out.
    pub(crate) type_root: bool,
}

/// Where an identifier's value is at runtime.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Binding {
    /// Not resolved (a tree not built by this module's conversion): searched by name, the
    /// innermost comprehension variable first, then the caller's variables.
    Unresolved,
    /// A variable of an enclosing comprehension, at this index of the evaluator's variable
    /// stack (the stack holds exactly the enclosing comprehensions' variables, outermost
    /// first, each accumulator before its iteration variables).
    Local(u32),
    /// Bound by no enclosing comprehension: one of the caller's variables (or a type name,
    /// or unbound).
    Global,
}

impl Expr {
    pub fn new(id: u64, kind: ExprKind) -> Expr {
        let form = CallForm::of(&kind);
        let may_fold = may_fold(&kind);
        let type_root = match &kind {
            ExprKind::Ident(n) => matches!(&**n, "google" | "net" | "kubernetes"),
            ExprKind::Select {
                operand,
                test: false,
                ..
            } => operand.type_root,
            _ => false,
        };
        Expr {
            id,
            kind,
            folded: FoldCache::default(),
            form,
            may_fold,
            overloads: Box::default(),
            tracked: Tracked::Nothing,
            binding: Binding::Unresolved,
            type_root,
        }
    }

    /// A call node dispatched through the overload table among `overloads`, planned once
    /// here: a special form's row ([`Run::Lazy`]) makes the node that form, which the
    /// interpreter evaluates itself; a call the evaluator plans by its shape (`or`/`orValue`
    /// short-circuit, `_[_]` and `_[?_]` are qualifiers, `+` and `cel.@mapInsert` append to an
    /// accumulator in place, `in` a constant list is a set test) keeps its form and its rows;
    /// any other is run by its rows.
    fn with_overloads(mut self, mut overloads: Vec<&'static Overload>) -> Expr {
        // Candidates that all run the same implementation at the same cost (the overloads of
        // `_<_` or `int` over `dyn` arguments) behave as one: keeping the first spares the
        // evaluator picking among them at every call.
        if let Some((first, rest)) = overloads.split_first() {
            if rest.iter().all(|o| same_row(o, first)) {
                overloads.truncate(1);
            }
        }
        let ExprKind::Call { args, .. } = &self.kind else {
            return self;
        };
        let Some(first) = overloads.first() else {
            return self;
        };
        self.form = match (first.run, args.len(), self.form) {
            (Run::Lazy(Special::And), 2, _) => CallForm::And,
            (Run::Lazy(Special::Or), 2, _) => CallForm::Or,
            (Run::Lazy(Special::NotStrictlyFalse), 1, _) => CallForm::NotStrictlyFalse,
            (Run::Lazy(Special::Conditional), 3, _) => CallForm::Conditional,
            // A special form of another arity is no call cel-go plans.
            (Run::Lazy(_), _, _) => return self,
            (Run::Strict(_), _, CallForm::Function) => CallForm::Overloads,
            (Run::Strict(_), _, form) => form,
        };
        self.tracked = Tracked::of(first.function());
        self.overloads = overloads.into_boxed_slice();
        self
    }
}

/// Whether two rows run the same implementation at the same cost.
fn same_row(a: &Overload, b: &Overload) -> bool {
    let run = match (a.run, b.run) {
        (Run::Strict(x), Run::Strict(y)) => x as usize == y as usize,
        (Run::Lazy(x), Run::Lazy(y)) => x == y,
        _ => false,
    };
    let cost = match (a.cost, b.cost) {
        (RuntimeCost::Before(x), RuntimeCost::Before(y)) => x as usize == y as usize,
        (RuntimeCost::Free, RuntimeCost::Free) => true,
        _ => false,
    };
    run && cost
}

/// The only nodes `interp::plan::is_const` can accept besides constants themselves (a list or map literal,
/// a global call with one argument): checked first so that the recursive test does not run
/// at every node of every evaluation.
fn may_fold(kind: &ExprKind) -> bool {
    match kind {
        ExprKind::List { .. } | ExprKind::Map { .. } => true,
        ExprKind::Call {
            target: None, args, ..
        } => args.len() == 1,
        _ => false,
    }
}

/// The evaluator's treatment of a call node (see `interp::call`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallForm {
    /// The special forms (their rows are [`Run::Lazy`]): `_&&_` / `_||_`,
    /// `@not_strictly_false`, `_?_:_`.
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
    /// A function on the overload table, run by the row of its resolved overload
    /// ([`Expr::overloads`]).
    Overloads,
    /// A call without rows (an unchecked call of an unknown function): `no such overload`.
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
            ("or", true, 1) => CallForm::OptOr,
            ("orValue", true, 1) => CallForm::OptOrValue,
            ("@in", false, 2) => CallForm::In,
            ("_[_]", false, 2) => CallForm::Index,
            ("_[?_]", false, 2) => CallForm::OptIndex,
            ("_+_", false, 2) | ("cel.@mapInsert", false, 2 | 3) => CallForm::MaybeAccumulate,
            ("_?._", false, 2) => CallForm::OptSelect,
            _ => CallForm::Function,
        }
    }
}

/// [`Expr::folded`]: `None` once known not to fold; else the value with the behaviour it was
/// computed under (a conversion's output may depend on the emulated minor). Boxed: only a
/// few nodes fold, and every node of every compiled rule has the slot (a behaviour and a
/// result inline were two thirds of a node's size). A program's root that is no constant
/// keeps the program's plan there instead (`interp::evaluate`): a slot every node has
/// anyway, so nodes do not grow.
#[derive(Clone, Debug, Default)]
pub(crate) struct FoldCache(pub(crate) std::sync::OnceLock<Option<Box<Cached>>>);

/// What a [`FoldCache`] holds. The plan is the interpreter's type (`interp::Plan`), which
/// this file cannot name (the interpreter reads this file's trees, and the files of a module
/// import one way only): it is kept as `Any` and recovered by the interpreter.
#[derive(Clone, Debug)]
pub(crate) enum Cached {
    Folded(crate::k8s::Behavior, super::value::EvalResult),
    Plan(std::sync::Arc<dyn std::any::Any + Send + Sync>),
}

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
    // Boxed slices rather than vectors (the trees are built once and never grow): a node
    // is as large as its largest kind, and two vectors made that one word longer.
    Call {
        func: Arc<str>,
        target: Option<Box<Expr>>,
        args: Box<[Expr]>,
    },
    List {
        elems: Box<[Expr]>,
        optional: Box<[usize]>,
    },
    Map {
        entries: Box<[(Expr, Expr, bool)]>,
    },
    /// A message literal (`Foo{a: 1}`): its type name and `(field, value, optional)` entries.
    /// Only a MutatingAdmissionPolicy's `Object{...}` / `JSONPatch{...}` types exist in a
    /// Kubernetes environment; any other name is an `unknown type` at runtime.
    Struct {
        name: Arc<str>,
        fields: Box<[(Arc<str>, Expr, bool)]>,
    },
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

/// An expression parsed by the real front end ([`crate::cel::parse`], with every macro of the
/// newest minor) and not type-checked: cel-go's unchecked program (`Env.Parse` then
/// `Env.Program`), which the cel-spec conformance tests marked `disable_check` run (an unbound
/// `f_unknown(17) || true`, `'foo' < 1024` failing at runtime). Nothing else uses it: rules,
/// tests and tools compile and check first ([`from_checked`]). Namespaced calls
/// (`optional.of(x)`) are resolved by name, as cel-go's planner resolves them without a
/// checker. Errors are rendered as cel-go renders them (`ERROR: <input>:1:5: ...`).
pub fn parse_unchecked(src: &str) -> Result<Expr, String> {
    use crate::cel::parse::{parse, MacroSet};
    let parsed = parse(src, MacroSet::SortBy).map_err(|errors| {
        crate::cel::CompileError {
            errors,
            source: src.to_string(),
        }
        .to_string()
    })?;
    Ok(from_checked_expr(&parsed.expr, None, &[], 0))
}

/// The unit tests' path to a program, the one rules take: compiled and checked (a plain cel-go
/// environment with optional types and every Kubernetes library at the newest minor, `self` and
/// `oldSelf` of type `dyn`), then converted with the checker's overload ids.
#[cfg(test)]
pub(crate) fn checked(src: &str) -> Expr {
    use crate::cel::{compile_expr, CompileOptions, EnvKind, Type};
    let opts = CompileOptions {
        kube_version: crate::k8s::KubeVersion { minor: 9999 },
        env: EnvKind::StoredExpressions,
        base_env_options: false,
        ..CompileOptions::default()
    };
    let vars = [
        ("self".to_string(), Type::Dyn),
        ("oldSelf".to_string(), Type::Dyn),
    ];
    match compile_expr(src, &vars, &opts) {
        Ok(c) => from_checked(&c.checked),
        Err(e) => panic!("{src} does not compile:\n{e}"),
    }
}

/// Converts a checked AST of `crate::cel::checker` (macros already expanded the cel-go way,
/// namespaced calls already global) into the evaluator's tree. `sum` calls whose checked result
/// type is not `int` get their zero value as a hidden second argument, because the zero of an
/// empty list's sum depends on the overload the checker chose.
pub fn from_checked(c: &crate::cel::CheckedExpr) -> Expr {
    from_checked_expr(&c.expr, Some(c), &[], 0)
}

/// `scope`: the variables of the comprehensions enclosing `e`, in the order the evaluator
/// binds them (see [`Binding::Local`]).
fn from_checked_expr(
    e: &crate::cel::ast::Expr,
    checked: Option<&crate::cel::CheckedExpr>,
    scope: &[&str],
    depth: usize,
) -> Expr {
    use crate::cel::ast::{ExprKind as K, Literal as L};
    if depth > 4 * crate::cel::parse::MAX_RECURSION_DEPTH as usize {
        return Expr::new(
            e.id,
            ExprKind::Struct {
                name: Arc::from("<too deep>"),
                fields: Box::default(),
            },
        );
    }
    let d = depth + 1;
    let conv = |x: &crate::cel::ast::Expr| from_checked_expr(x, checked, scope, d);
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
        K::Ident(n) => {
            // The innermost binding of the name wins, as the evaluator's search did.
            let binding = match scope.iter().rposition(|s| *s == n.as_str()) {
                Some(i) => u32::try_from(i).map_or(Binding::Unresolved, Binding::Local),
                None => Binding::Global,
            };
            let mut x = Expr::new(e.id, ExprKind::Ident(Arc::from(n.as_str())));
            x.binding = binding;
            return x;
        }
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
            // Without a checker, `optional.of(x)` is a member call on the identifier
            // `optional`: a function of that qualified name is called instead (every namespaced
            // function is on the overload tables).
            let namespaced = match (checked, target.as_deref().map(|t| &t.kind)) {
                (None, Some(K::Ident(ns))) => Some(format!("{ns}.{func}"))
                    .filter(|q| super::functions::table::all().any(|o| o.function() == q)),
                _ => None,
            };
            let kind = match namespaced {
                Some(q) => ExprKind::Call {
                    func: Arc::from(q.as_str()),
                    target: None,
                    args: args.into_boxed_slice(),
                },
                None => ExprKind::Call {
                    func: Arc::from(func.as_str()),
                    target: target.as_ref().map(|t| Box::new(conv(t))),
                    args: args.into_boxed_slice(),
                },
            };
            let overloads = match (checked, &kind) {
                (Some(c), _) => {
                    // Every declared overload is on the table.
                    let ids = c.overload_ids(e.id);
                    ids.iter()
                        .map(|id| table::overload(id))
                        .collect::<Option<Vec<_>>>()
                        .unwrap_or_default()
                }
                (None, ExprKind::Call { func, target, .. }) => {
                    table::of_function(func, target.is_some())
                }
                _ => Vec::new(),
            };
            return Expr::new(e.id, kind).with_overloads(overloads);
        }
        K::List {
            elements,
            optional_indices,
        } => ExprKind::List {
            elems: elements.iter().map(conv).collect(),
            optional: optional_indices.as_slice().into(),
        },
        K::Map { entries } => ExprKind::Map {
            entries: entries
                .iter()
                .map(|m| (conv(&m.key), conv(&m.value), m.optional))
                .collect(),
        },
        K::Struct { type_name, fields } => ExprKind::Struct {
            name: Arc::from(type_name.as_str()),
            fields: fields
                .iter()
                .map(|f| (Arc::from(f.field.as_str()), conv(&f.value), f.optional))
                .collect(),
        },
        K::Comprehension(c) => {
            // The evaluator binds the accumulator, then the iteration variables for the loop
            // condition and step; the result sees the accumulator only.
            let mut inner: Vec<&str> = scope.to_vec();
            inner.push(&c.accu_var);
            let result = from_checked_expr(&c.result, checked, &inner, d);
            inner.push(&c.iter_var);
            inner.extend(c.iter_var2.as_deref());
            ExprKind::Comprehension(Box::new(Comprehension {
                iter_range: conv(&c.iter_range),
                iter_var: Arc::from(c.iter_var.as_str()),
                iter_var2: c.iter_var2.as_deref().map(Arc::from),
                accu_var: Arc::from(c.accu_var.as_str()),
                accu_init: conv(&c.accu_init),
                loop_cond: from_checked_expr(&c.loop_cond, checked, &inner, d),
                loop_step: from_checked_expr(&c.loop_step, checked, &inner, d),
                result,
            }))
        }
    };
    Expr::new(e.id, kind)
}

fn konst(v: Value) -> Expr {
    Expr::new(0, ExprKind::Const(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_stay_small() {
        // Every node of every compiled rule is one of these (a CRD with many rules holds
        // thousands): the fold cache is boxed and the children are boxed slices so that a
        // node is 104 bytes on 64-bit targets, not the 168 it was.
        let size = std::mem::size_of::<Expr>();
        assert!(size <= 104, "{size} bytes");
    }

    #[test]
    fn identifiers_are_bound_where_the_evaluator_finds_them() {
        // `x` of the outer loop is slot 1 (after its accumulator), the inner loop's `y` slot 3
        // (after the inner accumulator); `self` is bound by no loop.
        let e = checked("self.all(x, self.all(y, x == y))");
        let mut seen = Vec::new();
        walk(&e, &mut |n| {
            if let ExprKind::Ident(name) = &n.kind {
                seen.push((name.to_string(), n.binding));
            }
        });
        assert!(seen.contains(&("self".into(), Binding::Global)), "{seen:?}");
        assert!(seen.contains(&("x".into(), Binding::Local(1))), "{seen:?}");
        assert!(seen.contains(&("y".into(), Binding::Local(3))), "{seen:?}");
        // A loop variable named like an outer one shadows it.
        let e = checked("self.all(x, self.all(x, x > 0))");
        let mut inner = Vec::new();
        walk(&e, &mut |n| {
            if matches!(&n.kind, ExprKind::Ident(name) if &**name == "x") {
                inner.push(n.binding);
            }
        });
        assert_eq!(inner, vec![Binding::Local(3)]);
    }

    fn walk(e: &Expr, f: &mut dyn FnMut(&Expr)) {
        f(e);
        match &e.kind {
            ExprKind::Select { operand, .. } => walk(operand, f),
            ExprKind::Call { target, args, .. } => {
                target.iter().for_each(|t| walk(t, f));
                args.iter().for_each(|a| walk(a, f));
            }
            ExprKind::List { elems, .. } => elems.iter().for_each(|x| walk(x, f)),
            ExprKind::Map { entries } => entries.iter().for_each(|(k, v, _)| {
                walk(k, f);
                walk(v, f);
            }),
            ExprKind::Struct { fields, .. } => fields.iter().for_each(|(_, v, _)| walk(v, f)),
            ExprKind::Comprehension(c) => {
                for x in [
                    &c.iter_range,
                    &c.accu_init,
                    &c.loop_cond,
                    &c.loop_step,
                    &c.result,
                ] {
                    walk(x, f);
                }
            }
            ExprKind::Const(_) | ExprKind::Ident(_) => {}
        }
    }

    #[test]
    fn macros_come_expanded_and_namespaces_resolved() {
        let e = parse_unchecked("self.all(k, v, v > 0)").unwrap();
        let ExprKind::Comprehension(c) = e.kind else {
            panic!("{e:?}")
        };
        assert_eq!(c.iter_var2.as_deref(), Some("v"));
        let e = parse_unchecked("optional.of(1)").unwrap();
        let ExprKind::Call { func, target, .. } = e.kind else {
            panic!("{e:?}")
        };
        assert_eq!((&*func, target.is_none()), ("optional.of", true));
        assert!(parse_unchecked("self.map(x, x + 1)").is_ok());
        let err = parse_unchecked("self.x +").unwrap_err();
        assert!(err.starts_with("ERROR: <input>:1:"), "{err}");
    }
}
