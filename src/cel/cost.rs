//! Static cost of CEL rules, exactly as the API server estimates it, and the budget checks built
//! on it.
//!
//! The API server rejects a CRD whose `x-kubernetes-validations` rules *might* be too expensive:
//! before any object exists, it estimates the worst-case cost of each rule from the checked
//! expression and the schema's bounds (`maxLength`, `maxItems`, `maxProperties`), multiplies it
//! by how often the rule can run for one object, and compares that with fixed limits. crdlint
//! reproduces those numbers exactly, then explains them.
//!
//! Data flow:
//!
//! * [`estimator::estimate_cost`] walks a checked expression ([`estimator::CheckedAst`]) the way
//!   cel-go's `checker/cost.go` does, asking a [`SizeEstimator`] for sizes it cannot see
//!   in the expression. The expression as the estimators see it, the interval arithmetic and the
//!   per-call estimates live a layer below, in [`crate::cel::estimate`], because the overload
//!   tables the interpreter runs from hold each overload's estimate beside its implementation.
//! * [`size::SchemaSizeEstimator`] answers sizes from the schema's declared types.
//! * [`budget`] holds the limits, the cardinality of a rule's location and the server's messages.
//! * [`crd`] applies all of it to a CRD: [`crd::schema_costs`] estimates every rule and
//!   messageExpression of a schema once, [`crd::check_schema_costs`] reports what the server
//!   rejects (with help that computes a fix by re-estimating with added bounds) and rules that
//!   use much of the budget, and [`crd::cost_table`] is the `crdlint cost` table.
//!
//! ```
//! use crdlint::cel::cost::{check_crd_costs, CostSettings, KubernetesCompiler};
//! use crdlint::yaml::Node;
//!
//! let crd = Node::from_json(&serde_json::json!({
//!     "apiVersion": "apiextensions.k8s.io/v1",
//!     "kind": "CustomResourceDefinition",
//!     "spec": {"versions": [{"name": "v1", "schema": {"openAPIV3Schema": {
//!         "type": "object",
//!         "properties": {"hosts": {
//!             "type": "array", "items": {"type": "string"},
//!             "x-kubernetes-validations": [{"rule": "self.all(x, self.exists_one(y, x == y))"}]
//!         }}
//!     }}}]}
//! }));
//! let diags = check_crd_costs(&crd, &KubernetesCompiler::default(), &CostSettings::default());
//! assert_eq!(diags[0].rule.id, "cel/cost-exceeded");
//! assert!(diags[0].message.ends_with("rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)"));
//! ```

pub mod budget;
pub mod crd;
pub mod estimator;
pub mod size;

pub use crate::cel::estimate::node::{AstNode, SizeEstimator};
pub use crate::cel::estimate::{CostEstimate, SizeEstimate};
pub use budget::{Cardinality, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT};
pub use estimator::{estimate_cost, CheckedAst, CostOptions};
pub use size::SchemaSizeEstimator;

pub use crd::{
    check_crd_costs, check_schema_costs, cost_table, crd_costs, rule_costs, schema_costs, CostRow,
    CostSettings, ExpressionKind, RuleCompiler, RuleCost, SchemaCosts, VersionCosts, COST_EXCEEDED,
    COST_HIGH, CRD_COST_EXCEEDED, RULES,
};

use std::sync::Arc;

use crate::cel::types::{DeclType, Type};
use crate::cel::{cache, schema_types, CheckedExpr, CompileOptions, Compiled};
use crate::schema::Schema;

/// A compilation shared through [`cache`].
impl CheckedAst for Arc<Compiled> {
    fn root(&self) -> &crate::cel::ast::Expr {
        &self.checked.expr
    }
    fn type_of(&self, id: u64) -> Option<&Type> {
        self.checked.type_of(id)
    }
    fn overload_ids(&self, id: u64) -> &[String] {
        self.checked.overload_ids(id)
    }
}

impl CheckedAst for CheckedExpr {
    fn root(&self) -> &crate::cel::ast::Expr {
        &self.expr
    }
    fn type_of(&self, id: u64) -> Option<&Type> {
        CheckedExpr::type_of(self, id)
    }
    fn overload_ids(&self, id: u64) -> &[String] {
        CheckedExpr::overload_ids(self, id)
    }
}

/// The API server's compilation for cost purposes: `self` and `oldSelf` of the node's declared
/// type, in the environment `options` selects (new-expressions by default).
#[derive(Clone, Debug, Default)]
pub struct KubernetesCompiler {
    pub options: CompileOptions,
}

impl RuleCompiler for KubernetesCompiler {
    fn decl_type(&self, schema: &Schema, is_resource_root: bool) -> Option<Arc<DeclType>> {
        schema_types::decl_type_at(
            schema,
            is_resource_root,
            schema_types::ROOT_TYPE_NAME,
            crate::k8s::Behavior::of(self.options.kube_version),
        )
    }

    fn compile(
        &self,
        source: &str,
        decl: &Arc<DeclType>,
        optional_old_self: bool,
        kind: ExpressionKind,
    ) -> Option<Box<dyn CheckedAst>> {
        let t = decl.cel_type();
        let old = if optional_old_self {
            Type::optional(t.clone())
        } else {
            t.clone()
        };
        let vars = [("self".to_string(), t), ("oldSelf".to_string(), old)];
        let compiled = cache::compile(source, &vars, &self.options).ok()?;
        let want = match kind {
            ExpressionKind::Rule => Type::Bool,
            ExpressionKind::MessageExpression => Type::String,
        };
        if *compiled.checked.result_type() != want {
            return None;
        }
        Some(Box::new(compiled))
    }
}

/// A [`RuleCompiler`] that types each node with rules as the compile check did
/// ([`crate::cel::rules::compile_crd_rules`], whose nodes it is given) and compiles with
/// `compiler`: the cost walk then neither derives the declared types a second time nor
/// fingerprints them again for the compile cache, and takes the check's compilations as they
/// are. A node the check did not type is derived as [`KubernetesCompiler`] does, and an
/// expression the check did not keep is compiled through the cache.
pub struct SharedTypes<'a> {
    compiler: &'a KubernetesCompiler,
    /// By the address of the node's schema (the nodes borrow the schema the walk reads).
    types: crate::cel::FastMap<usize, Option<Arc<DeclType>>>,
    /// The check's compilations, by the address of the expression's text in the schema the
    /// walk reads (each rule and messageExpression has its own) and whether it is a
    /// messageExpression; with the declared type and `optionalOldSelf` they were compiled for.
    /// A cache lookup (the variables' fingerprints, the key's copy of the text) for each of them
    /// was about 2% of linting the 107 CRDs of the 10,000-resource workload.
    compiled: crate::cel::FastMap<(usize, bool), (usize, bool, Arc<Compiled>)>,
}

impl<'a> SharedTypes<'a> {
    pub fn new(
        compiler: &'a KubernetesCompiler,
        nodes: &[crate::cel::rules::NodeRules<'_>],
    ) -> Self {
        let types = nodes
            .iter()
            .map(|n| (std::ptr::from_ref(n.schema) as usize, n.decl.clone()))
            .collect();
        let mut compiled = crate::cel::FastMap::default();
        for n in nodes {
            let Some(d) = &n.decl else { continue };
            let decl = Arc::as_ptr(d) as usize;
            for (rule, r) in n.schema.rare().x_validations.iter().zip(&n.results) {
                let optional = rule.optional_old_self == Some(true);
                let exprs = [
                    (&rule.rule, false, &r.rule),
                    (&rule.message_expression, true, &r.message_expression),
                ];
                for (text, is_message, c) in exprs {
                    if let Some(c) = c {
                        let key = (text.as_ptr() as usize, is_message);
                        compiled.insert(key, (decl, optional, c.clone()));
                    }
                }
            }
        }
        SharedTypes {
            compiler,
            types,
            compiled,
        }
    }
}

impl RuleCompiler for SharedTypes<'_> {
    fn decl_type(&self, schema: &Schema, is_resource_root: bool) -> Option<Arc<DeclType>> {
        match self.types.get(&(std::ptr::from_ref(schema) as usize)) {
            Some(d) => d.clone(),
            None => self.compiler.decl_type(schema, is_resource_root),
        }
    }

    fn compile(
        &self,
        source: &str,
        decl: &Arc<DeclType>,
        optional_old_self: bool,
        kind: ExpressionKind,
    ) -> Option<Box<dyn CheckedAst>> {
        // The check kept a rule only when it typed as `bool`, a messageExpression only as
        // `string`: what this compiler's own check would accept.
        let key = (
            source.as_ptr() as usize,
            matches!(kind, ExpressionKind::MessageExpression),
        );
        if let Some((d, optional, c)) = self.compiled.get(&key) {
            if *d == Arc::as_ptr(decl) as usize && *optional == optional_old_self {
                return Some(Box::new(c.clone()));
            }
        }
        self.compiler.compile(source, decl, optional_old_self, kind)
    }
}
