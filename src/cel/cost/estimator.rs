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

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Add;
use std::rc::Rc;

use super::estimate::{
    CostEstimate, SizeEstimate, CONST_COST, LIST_CREATE_BASE_COST, MAP_CREATE_BASE_COST,
    REGEX_STRING_LENGTH_COST_FACTOR, SELECT_AND_IDENT_COST, STRING_TRAVERSAL_COST_FACTOR,
    STRUCT_CREATE_BASE_COST,
};
use super::library::{extension_overload_cost, kubernetes_call_cost, CallEstimate};
use crate::cel::ast::{Comprehension, Expr, ExprKind, Literal};
use crate::cel::types::{opaque, Type};

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

/// Size bounds for nodes whose size the expression itself does not reveal
/// (`checker.CostEstimator.EstimateSize`).
pub trait SizeEstimator {
    fn estimate_size(&self, node: &AstNode<'_>) -> Option<SizeEstimate>;
}

/// A path with Go slice semantics: a shared backing array, a length and a capacity.
#[derive(Clone, Debug, Default)]
pub struct GoPath {
    backing: Option<Rc<RefCell<Vec<String>>>>,
    len: usize,
}

impl GoPath {
    /// `[]string{name}`: a fresh slice of capacity 1.
    fn single(name: &str) -> GoPath {
        GoPath {
            backing: Some(Rc::new(RefCell::new(vec![name.to_string()]))),
            len: 1,
        }
    }

    /// True for Go's nil slice.
    pub fn is_nil(&self) -> bool {
        self.backing.is_none()
    }

    /// The elements as they are *now* (a later in-place append may change them).
    pub fn to_vec(&self) -> Vec<String> {
        match &self.backing {
            Some(b) => b.borrow()[..self.len].to_vec(),
            None => Vec::new(),
        }
    }

    /// The first element, if any.
    pub fn first(&self) -> Option<String> {
        self.backing
            .as_ref()
            .filter(|_| self.len > 0)
            .map(|b| b.borrow()[0].clone())
    }

    /// Go `append(p, s)`: in place when there is spare capacity, else a new backing array of
    /// twice the capacity (Go's growth rule for short slices of 16-byte elements).
    fn append(&self, s: &str) -> GoPath {
        if let Some(b) = &self.backing {
            let mut v = b.borrow_mut();
            if self.len < v.len() {
                v[self.len] = s.to_string();
                return GoPath {
                    backing: Some(b.clone()),
                    len: self.len + 1,
                };
            }
        }
        let old = self.to_vec();
        let cap = (old.len() * 2).max(1).max(old.len() + 1);
        let mut v = Vec::with_capacity(cap);
        v.extend(old);
        v.push(s.to_string());
        v.resize(cap, String::new());
        GoPath {
            backing: Some(Rc::new(RefCell::new(v))),
            len: self.len + 1,
        }
    }

    /// `make` + `copy` + one element: an unshared extended copy, or nil for a nil path
    /// (apiserver `listElementNode`).
    pub(super) fn appended_copy(&self, s: &str) -> GoPath {
        if self.is_nil() {
            return GoPath::default();
        }
        let mut v = self.to_vec();
        v.push(s.to_string());
        let len = v.len();
        GoPath {
            backing: Some(Rc::new(RefCell::new(v))),
            len,
        }
    }
}

/// An expression as the size estimator and library estimators see it (`checker.AstNode`).
#[derive(Clone, Debug)]
pub struct AstNode<'a> {
    /// Field path from a variable; the first element is the variable (or type) name.
    pub path: GoPath,
    pub ty: &'a Type,
    /// `None` for synthetic nodes (list elements).
    pub expr: Option<&'a Expr>,
    /// The size the estimator derived from the expression itself.
    pub computed_size: Option<SizeEstimate>,
}

impl<'a> AstNode<'a> {
    pub(super) fn synthetic(path: GoPath, ty: &'a Type) -> AstNode<'a> {
        AstNode {
            path,
            ty,
            expr: None,
            computed_size: None,
        }
    }
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
        paths: HashMap::new(),
        locals: HashMap::new(),
        computed_sizes: HashMap::new(),
        entry_sizes: HashMap::new(),
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

    fn cost_call(
        &mut self,
        e: &'a Expr,
        func: &str,
        target: Option<&'a Expr>,
        args: &'a [Expr],
    ) -> CostEstimate {
        if func == "dyn" {
            // `dyn(x)` only switches type checking off: 1 plus its argument.
            if let Some(arg) = args.first() {
                let c = self.cost(arg);
                let s = self.compute_size(arg);
                self.set_size(e, s);
                let es = self.entry_size(arg);
                self.set_entry_size(e, es);
                return CostEstimate::fixed(1).add(c);
            }
        }
        let mut arg_nodes = Vec::with_capacity(args.len());
        let mut arg_costs = Vec::with_capacity(args.len());
        for a in args {
            arg_costs.push(self.cost(a));
            arg_nodes.push(self.ast_node(a));
        }
        let overloads = self.checked.overload_ids(e.id);
        if overloads.is_empty() {
            return CostEstimate::ZERO;
        }
        let mut sum = CostEstimate::ZERO;
        let mut target_node = None;
        if let Some(t) = target {
            sum = sum.add(self.cost(t));
            target_node = Some(self.ast_node(t));
        }
        let mut fn_cost = CostEstimate::new(u64::MAX, 0);
        let mut result_size: Option<SizeEstimate> = None;
        for overload in overloads {
            let oc = self.function_cost(
                e,
                func,
                overload,
                target_node.as_ref(),
                &arg_nodes,
                &arg_costs,
            );
            fn_cost = fn_cost.union(oc.cost);
            if let Some(rs) = oc.result_size {
                result_size = Some(match result_size {
                    None => rs,
                    Some(prev) => prev.union(rs),
                });
            }
            match overload.as_str() {
                "index_list" | "index_map" if !args.is_empty() => {
                    result_size = self.entry_size(&args[0]).map(|s| s.val);
                    let sub = if overload == "index_list" {
                        "@items"
                    } else {
                        "@values"
                    };
                    let p = self.get_path(&args[0]).append(sub);
                    self.add_path(e, p);
                }
                _ => {}
            }
            if result_size.is_none() {
                result_size = self.compute_size(e);
            }
        }
        self.set_size(e, result_size);
        sum.add(fn_cost)
    }

    /// `functionCost`: extension estimators, then the Kubernetes library, then cel-go's own.
    fn function_cost(
        &mut self,
        e: &'a Expr,
        func: &str,
        overload: &str,
        target: Option<&AstNode<'a>>,
        args: &[AstNode<'a>],
        arg_costs: &[CostEstimate],
    ) -> CallEstimate {
        let arg_sum = arg_costs.iter().fold(CostEstimate::ZERO, |s, c| s.add(*c));
        let with_args = |est: CallEstimate| CallEstimate {
            cost: est.cost.add(arg_sum),
            result_size: est.result_size,
        };
        if let Some(Some(est)) = extension_overload_cost(overload, target, args, self.sizes) {
            return with_args(est);
        }
        if let Some(est) = kubernetes_call_cost(func, overload, target, args, self.sizes) {
            return with_args(est);
        }
        let size = |n: &AstNode<'_>| n.computed_size.unwrap_or(SizeEstimate::UNKNOWN);
        let st = STRING_TRAVERSAL_COST_FACTOR;
        let plain = |cost: CostEstimate| CallEstimate {
            cost,
            result_size: None,
        };
        match overload {
            "string_format" => {
                if let Some(t) = target {
                    return plain(size(t).multiply_by_cost_factor(st).add(arg_sum));
                }
            }
            "string_to_bytes" if args.len() == 1 => {
                let sz = size(&args[0]);
                return CallEstimate {
                    cost: sz.multiply_by_cost_factor(st).add(arg_sum),
                    result_size: Some(SizeEstimate::new(sz.min, sz.max.wrapping_mul(4))),
                };
            }
            "bytes_to_string" if args.len() == 1 => {
                let sz = size(&args[0]);
                return CallEstimate {
                    cost: sz.multiply_by_cost_factor(st).add(arg_sum),
                    result_size: Some(SizeEstimate::new(sz.min / 4, sz.max)),
                };
            }
            "strings_quote" if args.len() == 1 => {
                let sz = size(&args[0]);
                return CallEstimate {
                    cost: sz.multiply_by_cost_factor(st).add(arg_sum),
                    result_size: Some(SizeEstimate::new(
                        sz.min.wrapping_add(2),
                        sz.max.wrapping_mul(2).wrapping_add(2),
                    )),
                };
            }
            "starts_with_string" | "ends_with_string" if args.len() == 1 => {
                return plain(size(&args[0]).multiply_by_cost_factor(st).add(arg_sum));
            }
            "in_list" if args.len() == 2 => {
                return plain(size(&args[1]).multiply_by_cost_factor(1.0).add(arg_sum));
            }
            "matches_string" => {
                if let (Some(t), 1) = (target, args.len()) {
                    let str_cost = size(t)
                        .add(SizeEstimate::fixed(1))
                        .multiply_by_cost_factor(st);
                    let regex_cost =
                        size(&args[0]).multiply_by_cost_factor(REGEX_STRING_LENGTH_COST_FACTOR);
                    return plain(str_cost.multiply(regex_cost).add(arg_sum));
                }
            }
            "contains_string" => {
                if let (Some(t), 1) = (target, args.len()) {
                    let s = size(t).multiply_by_cost_factor(st);
                    let sub = size(&args[0]).multiply_by_cost_factor(st);
                    return plain(s.multiply(sub).add(arg_sum));
                }
            }
            "logical_or" | "logical_and" if arg_costs.len() >= 2 => {
                // Short-circuiting: the minimum is the left side alone.
                let (l, r) = (arg_costs[0], arg_costs[1]);
                return plain(CostEstimate::new(l.min, l.add(r).max));
            }
            "conditional" if args.len() == 3 && arg_costs.len() == 3 => {
                let sz = size(&args[1]).union(size(&args[2]));
                let (t, f) = (args[1].expr, args[2].expr);
                let entry = union_entries(
                    t.and_then(|x| self.entry_size(x)),
                    f.and_then(|x| self.entry_size(x)),
                );
                self.set_entry_size(e, entry);
                return CallEstimate {
                    cost: arg_costs[0].add(arg_costs[1].union(arg_costs[2])),
                    result_size: Some(sz),
                };
            }
            "add_string" | "add_bytes" | "add_list" if args.len() == 2 => {
                let result = size(&args[0]).add(size(&args[1]));
                let entry = union_entries(
                    args[0].expr.and_then(|x| self.entry_size(x)),
                    args[1].expr.and_then(|x| self.entry_size(x)),
                );
                self.set_entry_size(e, entry);
                let cost = if overload == "add_list" {
                    // Concatenation is O(1); handled here to track the size.
                    CostEstimate::fixed(1).add(arg_sum)
                } else {
                    result.multiply_by_cost_factor(st).add(arg_sum)
                };
                return CallEstimate {
                    cost,
                    result_size: Some(result),
                };
            }
            "less_string"
            | "greater_string"
            | "less_equals_string"
            | "greater_equals_string"
            | "less_bytes"
            | "greater_bytes"
            | "less_equals_bytes"
            | "greater_equals_bytes"
            | "equals"
            | "not_equals"
                if args.len() >= 2 =>
            {
                let smallest_max = size(&args[0]).max.min(size(&args[1]).max);
                let min = u64::from(smallest_max > 0);
                return plain(
                    CostEstimate::new(min, smallest_max)
                        .multiply_by_cost_factor(st)
                        .add(arg_sum),
                );
            }
            _ => {}
        }
        plain(CostEstimate::fixed(1).add(arg_sum))
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

/// Hand-built checked expressions: the estimator is tested here without the checker, on the
/// shapes cel-go's parser and checker produce (macro expansions, overload ids).
#[cfg(test)]
mod walk_tests {
    use std::sync::Arc;

    use super::*;
    use crate::cel::cost::size::SchemaSizeEstimator;
    use crate::cel::types::{DeclField, DeclKind, DeclType};
    use indexmap::IndexMap;

    #[derive(Default)]
    struct B {
        next: u64,
        types: HashMap<u64, Type>,
        overloads: HashMap<u64, Vec<String>>,
    }

    struct Checked {
        root: Expr,
        b: B,
    }

    impl CheckedAst for Checked {
        fn root(&self) -> &Expr {
            &self.root
        }
        fn type_of(&self, id: u64) -> Option<&Type> {
            self.b.types.get(&id)
        }
        fn overload_ids(&self, id: u64) -> &[String] {
            self.b.overloads.get(&id).map_or(&[], |v| v)
        }
    }

    impl B {
        fn node(&mut self, kind: ExprKind, t: Type) -> Expr {
            self.next += 1;
            self.types.insert(self.next, t);
            Expr::new(self.next, kind)
        }
        fn ident(&mut self, n: &str, t: Type) -> Expr {
            self.node(ExprKind::Ident(n.into()), t)
        }
        fn lit(&mut self, l: Literal) -> Expr {
            let t = match &l {
                Literal::Bool(_) => Type::Bool,
                Literal::String(_) => Type::String,
                Literal::Int(_) => Type::Int,
                _ => Type::Dyn,
            };
            self.node(ExprKind::Literal(l), t)
        }
        fn select(&mut self, operand: Expr, field: &str, t: Type) -> Expr {
            self.node(
                ExprKind::Select {
                    operand: Box::new(operand),
                    field: field.into(),
                    test: false,
                },
                t,
            )
        }
        fn call(
            &mut self,
            f: &str,
            target: Option<Expr>,
            args: Vec<Expr>,
            t: Type,
            ovl: &str,
        ) -> Expr {
            let e = self.node(
                ExprKind::Call {
                    func: f.into(),
                    target: target.map(Box::new),
                    args,
                },
                t,
            );
            self.overloads.insert(e.id, vec![ovl.into()]);
            e
        }
        /// cel-go's expansion of `range.all(x, pred)`.
        fn all(&mut self, range: Expr, x: &str, pred: impl FnOnce(&mut B) -> Expr) -> Expr {
            let init = self.lit(Literal::Bool(true));
            let acc = self.ident("@result", Type::Bool);
            let cond = self.call(
                "@not_strictly_false",
                None,
                vec![acc],
                Type::Bool,
                "not_strictly_false",
            );
            let acc2 = self.ident("@result", Type::Bool);
            let p = pred(self);
            let step = self.call("_&&_", None, vec![acc2, p], Type::Bool, "logical_and");
            let result = self.ident("@result", Type::Bool);
            self.node(
                ExprKind::Comprehension(Box::new(Comprehension {
                    iter_range: range,
                    iter_var: x.into(),
                    iter_var2: None,
                    accu_var: "@result".into(),
                    accu_init: init,
                    loop_cond: cond,
                    loop_step: step,
                    result,
                })),
                Type::Bool,
            )
        }
        fn done(self, root: Expr) -> Checked {
            Checked { root, b: self }
        }
    }

    fn scalar(name: &str, t: Type, min: i64, max: i64) -> Arc<DeclType> {
        Arc::new(DeclType::scalar(name, t, min, max))
    }

    fn list_of(elem: Arc<DeclType>, max: i64) -> Arc<DeclType> {
        Arc::new(DeclType {
            name: "list".into(),
            kind: DeclKind::List(elem),
            fields: IndexMap::new(),
            max_elements: max,
            min_serialized_size: 2,
            list_type: None,
            list_map_keys: Vec::new(),
            fingerprint: Default::default(),
        })
    }

    fn object(fields: Vec<(&str, Arc<DeclType>)>) -> Arc<DeclType> {
        Arc::new(DeclType {
            name: "selfType".into(),
            kind: DeclKind::Object,
            fields: fields
                .into_iter()
                .map(|(n, t)| {
                    (
                        n.to_string(),
                        DeclField {
                            name: n.into(),
                            json_name: n.into(),
                            ty: t,
                            required: false,
                        },
                    )
                })
                .collect(),
            max_elements: 0,
            min_serialized_size: 2,
            list_type: None,
            list_map_keys: Vec::new(),
            fingerprint: Default::default(),
        })
    }

    fn max_cost(c: &Checked, root: Arc<DeclType>) -> u64 {
        estimate_cost(c, &SchemaSizeEstimator::new(root), CostOptions::KUBERNETES).max
    }

    const UNBOUNDED_STRING: i64 = 3_145_726;

    #[test]
    fn all_over_unbounded_number_list() {
        // §5.9: N = ⌊3,145,726 / 2⌋ = 1,572,863 → 3N + 2.
        let decl = list_of(scalar("double", Type::Double, 1, 0), 1_572_863);
        let mut b = B::default();
        let s = b.ident("self", decl.cel_type());
        let e = b.all(s, "x", |b| b.lit(Literal::Bool(true)));
        let c = b.done(e);
        assert_eq!(max_cost(&c, decl.clone()), 4_718_591);
        let bounded = list_of(scalar("double", Type::Double, 1, 0), 10);
        assert_eq!(max_cost(&c, bounded), 32);
    }

    #[test]
    fn contains_on_unbounded_string() {
        let decl = scalar("string", Type::String, 2, UNBOUNDED_STRING);
        let mut b = B::default();
        let s = b.ident("self", Type::String);
        let t = b.lit(Literal::String("test".into()));
        let e = b.call("contains", Some(s), vec![t], Type::Bool, "contains_string");
        let c = b.done(e);
        assert_eq!(max_cost(&c, decl), 314_574);
        assert_eq!(max_cost(&c, scalar("string", Type::String, 2, 40)), 5);
    }

    #[test]
    fn member_matches_on_field() {
        // §5.9: self.val1.matches('^[^0-9]*$') = 314,573 × 3 + 2.
        let decl = object(vec![(
            "val1",
            scalar("string", Type::String, 2, UNBOUNDED_STRING),
        )]);
        let mut b = B::default();
        let s = b.ident("self", decl.cel_type());
        let v = b.select(s, "val1", Type::String);
        let re = b.lit(Literal::String("^[^0-9]*$".into()));
        let e = b.call("matches", Some(v), vec![re], Type::Bool, "matches_string");
        let c = b.done(e);
        assert_eq!(max_cost(&c, decl), 943_721);
    }

    #[test]
    fn documentation_examples() {
        // kubernetes.io "Resource use by validation functions": a list of strings.
        let strings = |max_items: i64, max_len: i64| {
            list_of(scalar("string", Type::String, 2, max_len), max_items)
        };
        let build = || {
            let mut b = B::default();
            let s = b.ident("self", Type::list(Type::String));
            let e = b.all(s, "x", |b| {
                let x = b.ident("x", Type::String);
                let lit = b.lit(Literal::String("a string".into()));
                b.call(
                    "contains",
                    Some(x),
                    vec![lit],
                    Type::Bool,
                    "contains_string",
                )
            });
            b.done(e)
        };
        let c = build();
        // Unbounded: N = ⌊3,145,726 / 3⌋ list entries of up to 3,145,726 bytes.
        let unbounded = max_cost(&c, strings(1_048_575, UNBOUNDED_STRING));
        assert!(unbounded > STATIC_LIMIT_FOR_TESTS, "{unbounded}");
        // maxItems 25, maxLength 10 (40 bytes): 25 × (2 + 1 + 4×1 + 1) + 2.
        assert_eq!(max_cost(&c, strings(25, 40)), 25 * 8 + 2);
    }

    const STATIC_LIMIT_FOR_TESTS: u64 = crate::cel::cost::budget::STATIC_ESTIMATED_COST_LIMIT;
}
