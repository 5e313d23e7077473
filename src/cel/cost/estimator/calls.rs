//! The cost of a call (cel-go `coster.functionCost`): extension and Kubernetes library
//! estimators first, then cel-go's own overloads.

use std::ops::Add;

use super::{union_entries, AstNode, Coster};
use crate::cel::ast::Expr;
use crate::cel::estimate::library::CallEstimate;
use crate::cel::estimate::{CostEstimate, SizeEstimate, STRING_TRAVERSAL_COST_FACTOR};

impl<'a> Coster<'a> {
    pub(super) fn cost_call(
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
            let oc = self.function_cost(e, overload, target_node.as_ref(), &arg_nodes, &arg_costs);
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

    /// `functionCost`: the overload table's estimate, else cel-go's own for the operators not
    /// on the table.
    fn function_cost(
        &mut self,
        e: &'a Expr,
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
        if let Some(row) = crate::cel::eval::functions::table::overload(overload) {
            if let Some(est) = (row.estimate)(target, args, self.sizes) {
                return with_args(est);
            }
        }
        if let Some(est) = self.standard_call_cost(e, overload, args, arg_costs, arg_sum) {
            return est;
        }
        plain(CostEstimate::fixed(1).add(arg_sum))
    }

    /// The overloads cel-go's `functionCost` prices itself (its `switch overloadID`); `None`
    /// for the flat cost of 1 plus the arguments.
    fn standard_call_cost(
        &mut self,
        e: &'a Expr,
        overload: &str,
        args: &[AstNode<'a>],
        arg_costs: &[CostEstimate],
        arg_sum: CostEstimate,
    ) -> Option<CallEstimate> {
        match overload {
            "in_list" if args.len() == 2 => Some(plain(
                size(&args[1]).multiply_by_cost_factor(1.0).add(arg_sum),
            )),
            "logical_or" | "logical_and" if arg_costs.len() >= 2 => {
                // Short-circuiting: the minimum is the left side alone.
                let (l, r) = (arg_costs[0], arg_costs[1]);
                Some(plain(CostEstimate::new(l.min, l.add(r).max)))
            }
            "conditional" if args.len() == 3 && arg_costs.len() == 3 => {
                Some(self.conditional_cost(e, args, arg_costs))
            }
            "add_string" | "add_bytes" | "add_list" if args.len() == 2 => {
                Some(self.concatenation_cost(e, overload, args, arg_sum))
            }
            _ => None,
        }
    }

    /// `c ? t : f`: the condition plus the dearer branch; the result is either branch's value.
    fn conditional_cost(
        &mut self,
        e: &'a Expr,
        args: &[AstNode<'a>],
        arg_costs: &[CostEstimate],
    ) -> CallEstimate {
        let sz = size(&args[1]).union(size(&args[2]));
        let (t, f) = (args[1].expr, args[2].expr);
        let entry = union_entries(
            t.and_then(|x| self.entry_size(x)),
            f.and_then(|x| self.entry_size(x)),
        );
        self.set_entry_size(e, entry);
        CallEstimate {
            cost: arg_costs[0].add(arg_costs[1].union(arg_costs[2])),
            result_size: Some(sz),
        }
    }

    /// `+` on strings, bytes and lists: the sizes add up; strings and bytes are traversed.
    fn concatenation_cost(
        &mut self,
        e: &'a Expr,
        overload: &str,
        args: &[AstNode<'a>],
        arg_sum: CostEstimate,
    ) -> CallEstimate {
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
            result
                .multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR)
                .add(arg_sum)
        };
        CallEstimate {
            cost,
            result_size: Some(result),
        }
    }
}

/// A node's computed size (cel-go's `ComputedSize`), unknown when there is none.
fn size(n: &AstNode<'_>) -> SizeEstimate {
    n.computed_size.unwrap_or(SizeEstimate::UNKNOWN)
}

/// A call's cost with no result size.
fn plain(cost: CostEstimate) -> CallEstimate {
    CallEstimate {
        cost,
        result_size: None,
    }
}
