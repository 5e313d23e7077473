//! The static cost estimator over a checked AST: a structural port of cel-go's
//! `checker/cost.go` (`coster`).
//!
//! The walk visits every node once, bottom-up within each call, and keeps three side tables
//! keyed by expression id, exactly as cel-go does:
//!
//! * **paths**: for expressions that reach into the declared variables, the chain of field
//!   names from the variable (`self`, `spec`, `@items`, ...). A [`SizeEstimator`] turns a path
//!   into a size bound from the schema (`maxLength`, `maxItems`, ...).
//! * **sizes**: sizes computed while costing (literals, concatenations, call results, macro
//!   results).
//! * **entry sizes**: key and element sizes of list and map values built in the expression.
//!
//! Paths are kept with Go's slice semantics ([`GoPath`]): cel-go extends them with `append`,
//! which writes in place when the backing array has spare capacity, so two extensions of the
//! same path can share (and overwrite) their last element. The estimates depend on it in a few
//! corner cases (two-variable comprehensions over nested fields), so it is reproduced.

use std::ops::Add;

use crate::cel::ast::{Comprehension, Expr, ExprKind, Literal};
use crate::cel::estimate::{
    CostEstimate, SizeEstimate, CONST_COST, LIST_CREATE_BASE_COST, MAP_CREATE_BASE_COST,
    SELECT_AND_IDENT_COST, STRUCT_CREATE_BASE_COST,
};
use crate::cel::types::{opaque, Type};
use crate::cel::FastMap as HashMap;

use crate::cel::estimate::node::{AstNode, GoPath, SizeEstimator};

mod calls;

/// cel-go's accumulator names (`parser.AccumulatorName`, `parser.HiddenAccumulatorName`).
const ACCUMULATOR_NAME: &str = "__result__";
const HIDDEN_ACCUMULATOR_NAME: &str = "@result";

/// What the estimator needs from a checked expression: the tree, each node's type and each
/// call's candidate overload ids (cel-go `ast.AST.GetType` / `GetOverloadIDs`).
pub trait CheckedAst {
    fn root(&self) -> &Expr;
    /// The checked type; `None` is read as `dyn`, as cel-go's `GetType` does.
    fn type_of(&self, id: u64) -> Option<&Type>;
    /// Overload ids of the call with this id, in the checker's order; empty when unresolved.
    fn overload_ids(&self, id: u64) -> &[String];
}

/// Options of the estimator (`checker.CostOption`).
#[derive(Clone, Copy, Debug)]
pub struct CostOptions {
    /// `PresenceTestHasCost`: cel-go defaults to true; Kubernetes sets false.
    pub presence_test_has_cost: bool,
}

impl CostOptions {
    /// The options every Kubernetes CEL environment uses.
    pub const KUBERNETES: CostOptions = CostOptions {
        presence_test_has_cost: false,
    };
}

/// Estimates the cost of one checked expression (`checker.Cost`), with the Kubernetes library
/// call costs and the cel-go extension estimators enabled.
pub fn estimate_cost(
    checked: &dyn CheckedAst,
    sizes: &dyn SizeEstimator,
    options: CostOptions,
) -> CostEstimate {
    let mut c = Coster {
        checked,
        sizes,
        presence_test_cost: if options.presence_test_has_cost {
            CostEstimate::fixed(SELECT_AND_IDENT_COST)
        } else {
            CostEstimate::ZERO
        },
        paths: HashMap::default(),
        locals: HashMap::default(),
        computed_sizes: HashMap::default(),
        entry_sizes: HashMap::default(),
    };
    c.cost(checked.root())
}

static DYN: Type = Type::Dyn;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Container {
    Unknown,
    List,
    Map,
}

/// `entrySizeEstimate`.
#[derive(Clone, Copy, Debug)]
struct EntrySize {
    container: Container,
    key: SizeEstimate,
    val: SizeEstimate,
}

fn union_entries(a: Option<EntrySize>, b: Option<EntrySize>) -> Option<EntrySize> {
    let (a, b) = (a?, b?);
    Some(EntrySize {
        container: a.container,
        key: a.key.union(b.key),
        val: a.val.union(b.val),
    })
}

/// `localVar`.
#[derive(Clone, Debug)]
struct LocalVar {
    path: GoPath,
    size: Option<SizeEstimate>,
    entry: Option<EntrySize>,
}

struct Coster<'a> {
    checked: &'a dyn CheckedAst,
    sizes: &'a dyn SizeEstimator,
    presence_test_cost: CostEstimate,
    paths: HashMap<u64, GoPath>,
    locals: HashMap<String, Vec<LocalVar>>,
    computed_sizes: HashMap<u64, SizeEstimate>,
    entry_sizes: HashMap<u64, EntrySize>,
}

/// cel-go `isScalar`: types whose values have a size of 1. Strings, bytes and null are not.
fn is_scalar(t: &Type) -> bool {
    match t {
        Type::Bool | Type::Double | Type::Duration | Type::Int | Type::Timestamp | Type::Uint => {
            true
        }
        Type::Optional(p) => is_scalar(p),
        _ => false,
    }
}

/// Object-like kinds whose field selection costs 1 (cel-go: map, struct, type parameter). The
/// Kubernetes library types other than IP and CIDR are cel-go object types.
fn select_costs(t: &Type) -> bool {
    match t {
        Type::Map(..) | Type::Object(_) | Type::TypeParam(_) => true,
        Type::Opaque(n, _) => !matches!(&**n, opaque::IP | opaque::CIDR) && &**n != "optional_type",
        _ => false,
    }
}

fn container_of(t: &Type) -> Container {
    match t {
        Type::List(_) => Container::List,
        Type::Map(..) => Container::Map,
        _ => Container::Unknown,
    }
}

/// `computeExprSize`: sizes visible in the expression itself.
fn expr_size(e: &Expr) -> Option<SizeEstimate> {
    let v = match &e.kind {
        ExprKind::Literal(l) => match l {
            Literal::String(s) => s.chars().count() as u64,
            Literal::Bytes(b) => b.len() as u64,
            Literal::Bool(_)
            | Literal::Double(_)
            | Literal::Int(_)
            | Literal::Uint(_)
            | Literal::Null => 1,
        },
        ExprKind::List { elements, .. } => elements.len() as u64,
        ExprKind::Map { entries } => entries.len() as u64,
        _ => return None,
    };
    Some(SizeEstimate::fixed(v))
}

impl<'a> Coster<'a> {
    fn ty(&self, e: &Expr) -> &'a Type {
        self.checked.type_of(e.id).unwrap_or(&DYN)
    }

    fn peek_local(&self, name: &str) -> Option<&LocalVar> {
        self.locals.get(name).and_then(|s| s.last())
    }

    fn push_local_raw(&mut self, name: &str, v: LocalVar) {
        self.locals.entry(name.to_string()).or_default().push(v);
    }

    fn pop_local(&mut self, name: &str) {
        if let Some(s) = self.locals.get_mut(name) {
            s.pop();
        }
    }

    fn get_path(&self, e: &Expr) -> GoPath {
        if let ExprKind::Ident(n) = &e.kind {
            if let Some(v) = self.peek_local(n) {
                return v.path.clone();
            }
        }
        self.paths.get(&e.id).cloned().unwrap_or_default()
    }

    fn add_path(&mut self, e: &Expr, p: GoPath) {
        self.paths.insert(e.id, p);
    }

    fn set_size(&mut self, e: &Expr, s: Option<SizeEstimate>) {
        if let Some(s) = s {
            self.computed_sizes.insert(e.id, s);
        }
    }

    fn set_entry_size(&mut self, e: &Expr, s: Option<EntrySize>) {
        if let Some(s) = s {
            self.entry_sizes.insert(e.id, s);
        }
    }

    fn entry_size(&self, e: &Expr) -> Option<EntrySize> {
        if let Some(s) = self.entry_sizes.get(&e.id) {
            return Some(*s);
        }
        if let ExprKind::Ident(n) = &e.kind {
            if let Some(v) = self.peek_local(n) {
                return v.entry;
            }
        }
        None
    }

    /// `computeSize`.
    fn compute_size(&mut self, e: &'a Expr) -> Option<SizeEstimate> {
        if let Some(s) = self.computed_sizes.get(&e.id) {
            return Some(*s);
        }
        if let Some(s) = expr_size(e) {
            return Some(s);
        }
        let node = AstNode {
            path: self.get_path(e),
            ty: self.ty(e),
            expr: Some(e),
            computed_size: None,
        };
        if let Some(s) = self.sizes.estimate_size(&node) {
            self.computed_sizes.insert(e.id, s);
            return Some(s);
        }
        if is_scalar(self.ty(e)) {
            return Some(SizeEstimate::fixed(1));
        }
        if let ExprKind::Ident(n) = &e.kind {
            if let Some(s) = self.peek_local(n).and_then(|v| v.size) {
                return Some(s);
            }
        }
        None
    }

    fn size_or_unknown(&mut self, e: &'a Expr) -> SizeEstimate {
        self.compute_size(e).unwrap_or(SizeEstimate::UNKNOWN)
    }

    /// `newAstNode`: paths rooted at an accumulator are hidden from estimators.
    fn ast_node(&mut self, e: &'a Expr) -> AstNode<'a> {
        let mut path = self.get_path(e);
        if matches!(
            path.first().as_deref(),
            Some(ACCUMULATOR_NAME | HIDDEN_ACCUMULATOR_NAME)
        ) {
            path = GoPath::default();
        }
        let computed_size = self.compute_size(e);
        AstNode {
            path,
            ty: self.ty(e),
            expr: Some(e),
            computed_size,
        }
    }

    fn cost(&mut self, e: &'a Expr) -> CostEstimate {
        match &e.kind {
            ExprKind::Literal(_) => CostEstimate::fixed(CONST_COST),
            ExprKind::Ident(name) => {
                let p = match self.peek_local(name) {
                    Some(v) => v.path.clone(),
                    None => GoPath::single(name),
                };
                self.add_path(e, p);
                CostEstimate::fixed(SELECT_AND_IDENT_COST)
            }
            ExprKind::Select {
                operand,
                field,
                test,
            } => {
                if *test {
                    // Presence tests add no cost for the qualifier itself.
                    return self.presence_test_cost.add(self.cost(operand));
                }
                let mut sum = self.cost(operand);
                if select_costs(self.ty(operand)) {
                    sum = sum.add(CostEstimate::fixed(SELECT_AND_IDENT_COST));
                }
                let p = self.get_path(operand).append(field);
                self.add_path(e, p);
                sum
            }
            ExprKind::Call { func, target, args } => {
                self.cost_call(e, func, target.as_deref(), args)
            }
            ExprKind::List { elements, .. } => {
                let mut sum = CostEstimate::ZERO;
                let mut item = SizeEstimate::new(u64::MAX, 0);
                if elements.is_empty() {
                    item.min = 0;
                }
                for el in elements {
                    sum = sum.add(self.cost(el));
                    let s = self.size_or_unknown(el);
                    item = item.union(s);
                }
                self.set_entry_size(
                    e,
                    Some(EntrySize {
                        container: Container::List,
                        key: SizeEstimate::fixed(1),
                        val: item,
                    }),
                );
                sum.add(CostEstimate::fixed(LIST_CREATE_BASE_COST))
            }
            ExprKind::Map { entries } => {
                let mut sum = CostEstimate::ZERO;
                let mut key = SizeEstimate::new(u64::MAX, 0);
                let mut val = SizeEstimate::new(u64::MAX, 0);
                if entries.is_empty() {
                    key.min = 0;
                    val.min = 0;
                }
                for en in entries {
                    sum = sum.add(self.cost(&en.key));
                    sum = sum.add(self.cost(&en.value));
                    let ks = self.size_or_unknown(&en.key);
                    key = key.union(ks);
                    let vs = self.size_or_unknown(&en.value);
                    val = val.union(vs);
                }
                self.set_entry_size(
                    e,
                    Some(EntrySize {
                        container: Container::Map,
                        key,
                        val,
                    }),
                );
                sum.add(CostEstimate::fixed(MAP_CREATE_BASE_COST))
            }
            ExprKind::Struct { fields, .. } => {
                let mut sum = CostEstimate::ZERO;
                for f in fields {
                    sum = sum.add(self.cost(&f.value));
                }
                sum.add(CostEstimate::fixed(STRUCT_CREATE_BASE_COST))
            }
            ExprKind::Comprehension(c) => {
                if is_bind(c) {
                    self.cost_bind(e, c)
                } else {
                    self.cost_comprehension(e, c)
                }
            }
            ExprKind::Unspecified => CostEstimate::ZERO,
        }
    }

    fn push_local_var(&mut self, name: &str, e: &'a Expr) {
        let path = self.get_path(e);
        let entry = self.entry_size(e);
        let size = self.compute_size(e);
        self.push_local_raw(name, LocalVar { path, size, entry });
    }

    /// `pushIterKey` / `pushIterValue` / `pushIterSingle`.
    fn push_iter(&mut self, name: &str, range: &'a Expr, which: IterVar) {
        let entry = self.entry_size(range);
        let path = self.get_path(range);
        let mut container = entry.map_or(Container::Unknown, |s| s.container);
        if container == Container::Unknown {
            container = container_of(self.ty(range));
        }
        let list = container == Container::List;
        let (size, sub) = match which {
            IterVar::Key => (
                entry.map(|s| s.key),
                if list { "@indices" } else { "@keys" },
            ),
            IterVar::Value => (
                entry.map(|s| s.val),
                if list { "@items" } else { "@values" },
            ),
            IterVar::Single => {
                if list {
                    (entry.map(|s| s.val), "@items")
                } else {
                    (entry.map(|s| s.key), "@keys")
                }
            }
        };
        let path = path.append(sub);
        self.push_local_raw(
            name,
            LocalVar {
                path,
                size,
                entry: None,
            },
        );
    }

    fn cost_comprehension(&mut self, e: &'a Expr, c: &'a Comprehension) -> CostEstimate {
        let mut sum = self.cost(&c.iter_range);
        sum = sum.add(self.cost(&c.accu_init));
        self.push_local_var(&c.accu_var, &c.accu_init);
        match &c.iter_var2 {
            Some(v2) => {
                self.push_iter(&c.iter_var, &c.iter_range, IterVar::Key);
                self.push_iter(v2, &c.iter_range, IterVar::Value);
            }
            None => self.push_iter(&c.iter_var, &c.iter_range, IterVar::Single),
        }
        let loop_cost = self.cost(&c.loop_cond);
        let step_cost = self.cost(&c.loop_step);
        self.pop_local(&c.iter_var);
        if let Some(v2) = &c.iter_var2 {
            self.pop_local(v2);
        }
        sum = sum.add(self.cost(&c.result));
        self.pop_local(&c.accu_var);

        let range_count = self.size_or_unknown(&c.iter_range);
        sum = sum.add(range_count.multiply_by_cost(step_cost.add(loop_cost)));

        match &c.accu_init.kind {
            ExprKind::Literal(_) => {
                let s = self.compute_size(&c.accu_init);
                self.set_size(e, s);
            }
            ExprKind::List { .. } | ExprKind::Map { .. } => {
                self.set_size(e, Some(range_count));
                let step_entry = self.entry_size(&c.loop_step);
                self.set_entry_size(e, step_entry);
            }
            _ => {}
        }
        sum
    }

    fn cost_bind(&mut self, e: &'a Expr, c: &'a Comprehension) -> CostEstimate {
        let mut sum = self.cost(&c.iter_range);
        sum = sum.add(self.cost(&c.accu_init));
        self.push_local_var(&c.accu_var, &c.accu_init);
        sum = sum.add(self.cost(&c.result));
        self.pop_local(&c.accu_var);
        let s = self.compute_size(&c.result);
        self.set_size(e, s);
        let es = self.entry_size(&c.result);
        self.set_entry_size(e, es);
        sum
    }
}

#[derive(Clone, Copy)]
enum IterVar {
    Key,
    Value,
    Single,
}

/// `isBind`: the shape `cel.bind` expands to (empty range, `false` condition, own accumulator).
fn is_bind(c: &Comprehension) -> bool {
    matches!(&c.iter_range.kind, ExprKind::List { elements, .. } if elements.is_empty())
        && matches!(c.loop_cond.kind, ExprKind::Literal(Literal::Bool(false)))
        && c.accu_var != ACCUMULATOR_NAME
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_append_shares_spare_capacity() {
        let a = GoPath::single("self"); // cap 1
        let b = a.append("items"); // new array, cap 2
        let c = b.append("x"); // new array, cap 4, len 3
        let d1 = c.append("f"); // in place at index 3
        assert_eq!(d1.to_vec(), ["self", "items", "x", "f"]);
        let d2 = c.append("g"); // overwrites index 3: d1 now ends in "g" too
        assert_eq!(d2.to_vec(), ["self", "items", "x", "g"]);
        assert_eq!(d1.to_vec(), ["self", "items", "x", "g"]);
        // b had no spare capacity: appends to it never alias.
        let e1 = b.append("p");
        let e2 = b.append("q");
        assert_eq!(e1.to_vec(), ["self", "items", "p"]);
        assert_eq!(e2.to_vec(), ["self", "items", "q"]);
        assert!(GoPath::default().is_nil());
        assert!(GoPath::default().appended_copy("@items").is_nil());
        assert_eq!(GoPath::default().append("@items").to_vec(), ["@items"]);
    }
}

#[cfg(test)]
mod walk_tests;
