//! Runs a schema's `x-kubernetes-validations` over an object the way apiextensions-apiserver's
//! `schema/cel/validation.go` does: per node its rules, then `allOf` rules on the same value,
//! then children (object properties, additionalProperties values, list items); null values and
//! fields CEL cannot see are skipped; one runtime budget is shared by the whole object.
//!
//! Rules are compiled once per schema node, when an object first reaches the node (the tree
//! is built by [`Validator::new`]), with the checker
//! (`crate::cel::rules::compile_rule`, stored-expressions environment, `self` typed by the
//! node's declared type handed down from the parent as upstream does) and evaluated for any
//! number of objects ([`Validator::validate`]). A rule that does not compile reports
//! `rule compile error: <detail>` at runtime, exactly like the server.
//!
//! Errors carry the server's form (`<path>: Invalid value: <value>: <detail>`), detail
//! selection (messageExpression → message → `failed rule: <rule>`), reasons and fieldPath.
//!
//! Files: this one holds the validator tree and its entry points; `build` compiles a schema
//! into the tree, `walk` follows an object through it, `run` evaluates one node's rules and
//! words their failures, `ratchet` tracks the update's correlation, `error` is the server's
//! field error.

mod build;
mod error;
mod needs;
mod ratchet;
mod run;
#[cfg(test)]
mod tests;
mod walk;

use indexmap::IndexMap;

use std::sync::Arc;

use crate::cel::eval::ast::Expr;
use crate::cel::eval::convert::{escape, Needs};
use crate::k8s::{Behavior, FieldPath};
use crate::schema::correlate::Pair;
use crate::schema::{Schema, ValidationRule};
use crate::yaml::Node;

pub use build::normalize_field_path;
pub use error::{ErrorType, RuleError};
/// What an expression reads of a variable (admission policies convert only that of theirs).
pub(crate) use needs::add as add_needs;
use ratchet::Corr;
use walk::{At, Shared};

/// `PerCallLimit`.
pub const PER_CALL_LIMIT: u64 = 1_000_000;
/// `RuntimeCELCostBudget`.
pub const RUNTIME_BUDGET: i64 = 10_000_000;
/// `MaxEvaluatedMessageExpressionSizeBytes`.
pub const MAX_MESSAGE_EXPRESSION_BYTES: usize = 5120;

/// Settings of one validation call.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub per_call_limit: u64,
    /// The emulated minor's behaviours (how a failed rule prints its value).
    pub behavior: Behavior,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            per_call_limit: PER_CALL_LIMIT,
            behavior: Behavior::NEWEST,
        }
    }
}

struct CompiledRule {
    rule: ValidationRule,
    /// `Ok(None)` for a blank rule (skipped, as upstream).
    /// Shared with every rule of the same text and types ([`crate::cel::Compiled::program`]).
    program: Result<Option<Arc<Expr>>, String>,
    message: Option<Arc<Expr>>,
    uses_old_self: bool,
    /// `fieldPath` normalised against the schema (`ValidFieldPath(...).String()`).
    field_path: Option<String>,
}

impl CompiledRule {
    /// Whether the rule runs without an old object (on create): a transition rule is skipped
    /// then, unless `optionalOldSelf` hands it an empty `oldSelf`.
    fn runs_without_old(&self) -> bool {
        !self.uses_old_self || self.optional_old_self()
    }

    fn optional_old_self(&self) -> bool {
        self.rule.optional_old_self == Some(true)
    }
}

/// A node's rules as written, with what compiling them needs, and once a walk reaches the node
/// (many never are: the 10,000-resource workload reaches 502 of its CRDs' 927 rules), the
/// compiled rules. Compiling is deterministic, so when a rule is compiled changes nothing of
/// what it reports; a rule that does not compile reports so when reached either way.
struct LazyRules {
    rules: Vec<ValidationRule>,
    /// The node's declared type (`self`'s).
    decl: Arc<crate::cel::DeclType>,
    /// Shared by the nodes of one tree.
    opts: Arc<crate::cel::CompileOptions>,
    compiled: std::sync::OnceLock<NodeRules>,
}

/// A node's compiled rules and what they read.
struct NodeRules {
    rules: Vec<CompiledRule>,
    /// What the rules (and message expressions) read of `self` and of `oldSelf`: the
    /// conversion of the node's object is limited to that.
    self_needs: Needs,
    /// What the rules that run without an old object (on create) read of `self`.
    create_needs: Needs,
    old_needs: Needs,
    /// Some rule or message expression may read `oldSelf`: only then is it converted.
    reads_old: bool,
}

/// The validator tree for one schema node (upstream `Validator`): only built where rules exist
/// at or below.
///
/// The tree owns what it needs (no borrow of the schema), so it can live in a compiled CRD:
/// the root keeps one copy of the structural schema, and the walk follows it down to the
/// nodes with rules (the converter needs their subtree). A copy per node with rules cost a
/// compiled CRD with rules at many depths the sum of all those subtrees.
pub struct Validator {
    /// The structural schema, kept at the root of the tree only.
    root: Option<Arc<Schema>>,
    /// The node has rules (or an initialization error) and needs its schema to run them.
    keeps_schema: bool,
    type_: Option<String>,
    list_map_keys: Option<Vec<String>>,
    map_type: Option<String>,
    resource_root: bool,
    /// `rule compiler initialization error` (no declared type for a node with rules).
    init_error: Option<String>,
    /// The node's rules, compiled when the walk first reaches the node ([`Validator::rules`]).
    rules: Option<LazyRules>,
    items: Option<Box<Validator>>,
    additional: Option<Box<Validator>>,
    properties: IndexMap<String, Validator, foldhash::fast::RandomState>,
    all_of: Vec<Validator>,
}

impl Validator {
    /// Validates `obj` (with `old` as the previous version, `None` on create) at `path`.
    /// `budget` is the remaining runtime cost budget; it is `-1` afterwards when it ran out.
    pub fn validate(
        &self,
        path: &FieldPath,
        obj: &Node,
        old: Option<&Node>,
        limits: Limits,
        budget: &mut i64,
    ) -> Vec<RuleError> {
        self.validate_ratcheting(path, obj, old, None, limits, budget)
    }

    /// [`Validator::validate`] for an update with validation ratcheting: `schema` is the
    /// structural schema of `obj` (the correlation follows it); failures of rules without
    /// `oldSelf` on unchanged values come back with [`RuleError::ratcheted`] set. With
    /// `schema` or `old` absent nothing ratchets.
    pub fn validate_ratcheting(
        &self,
        path: &FieldPath,
        obj: &Node,
        old: Option<&Node>,
        schema: Option<&Schema>,
        limits: Limits,
        budget: &mut i64,
    ) -> Vec<RuleError> {
        let corr = Corr {
            current: match (schema, old) {
                (Some(schema), Some(old)) => Some(Pair {
                    schema,
                    new: obj,
                    old,
                }),
                _ => None,
            },
            nearest_parent: None,
        };
        let mut errs = Vec::new();
        let node = self.root.as_deref();
        self.walk(
            At::Root(path),
            node,
            obj,
            old,
            Shared::default(),
            corr,
            limits,
            budget,
            &mut errs,
        );
        errs
    }
}

/// Runs every rule of `schema` on `obj` as a resource root (or not) with a fresh
/// [`RUNTIME_BUDGET`]; returns the errors and the budget consumed. This is the entry point the
/// CR validation pipeline calls per object (compile a [`Validator`] once per CRD version and
/// call [`Validator::validate`] to avoid recompiling).
pub fn evaluate_rules(
    schema: &Schema,
    obj: &Node,
    old: Option<&Node>,
    resource_root: bool,
) -> (Vec<RuleError>, u64) {
    let Some(v) = Validator::new(schema, resource_root) else {
        return (Vec::new(), 0);
    };
    let mut budget = RUNTIME_BUDGET;
    let errs = v.validate(&FieldPath::root(), obj, old, Limits::default(), &mut budget);
    let used = if budget < 0 {
        RUNTIME_BUDGET as u64
    } else {
        (RUNTIME_BUDGET - budget) as u64
    };
    (errs, used)
}

/// `escape` re-exported for callers mapping CEL names back to properties.
pub fn cel_field_name(property: &str) -> Option<String> {
    escape(property)
}
