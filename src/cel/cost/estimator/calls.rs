//! The cost of a call (cel-go `coster.functionCost`): each overload's estimate is its row's
//! on the overload table; this file adds the sizes the estimator tracks along the tree
//! (entries of an indexed, chosen or concatenated value).

use std::ops::Add;

use super::{union_entries, AstNode, Coster};
use crate::cel::ast::Expr;
use crate::cel::estimate::library::CallEstimate;
use crate::cel::estimate::{CostEstimate, SizeEstimate};
use crate::cel::eval::functions::table::Estimate;

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
            let oc = self.function_cost(overload, target_node.as_ref(), &arg_nodes, &arg_costs);
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
                // The result is one of the branches, or both operands concatenated: its
                // entries are theirs.
                "conditional" if args.len() == 3 => {
                    let entry = union_entries(self.entry_size(&args[1]), self.entry_size(&args[2]));
                    self.set_entry_size(e, entry);
                }
                "add_string" | "add_bytes" | "add_list" if args.len() == 2 => {
                    let entry = union_entries(self.entry_size(&args[0]), self.entry_size(&args[1]));
                    self.set_entry_size(e, entry);
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

    /// `functionCost`: the overload table's estimate, cel-go's default of 1 plus the
    /// arguments where the row has none.
    fn function_cost(
        &mut self,
        overload: &str,
        target: Option<&AstNode<'a>>,
        args: &[AstNode<'a>],
        arg_costs: &[CostEstimate],
    ) -> CallEstimate {
        let arg_sum = arg_costs.iter().fold(CostEstimate::ZERO, |s, c| s.add(*c));
        let row = crate::cel::eval::functions::table::overload(overload);
        match row.map(|r| r.estimate) {
            Some(Estimate::Call(f)) => {
                if let Some(est) = f(target, args, self.sizes) {
                    return CallEstimate {
                        cost: est.cost.add(arg_sum),
                        result_size: est.result_size,
                    };
                }
            }
            Some(Estimate::Lazy(f)) => return f(args, arg_costs),
            None => {}
        }
        CallEstimate {
            cost: CostEstimate::fixed(1).add(arg_sum),
            result_size: None,
        }
    }
}
