//! Runs a schema's `x-kubernetes-validations` over an object the way apiextensions-apiserver's
//! `schema/cel/validation.go` does: per node its rules, then `allOf` rules on the same value,
//! then children (object properties, additionalProperties values, list items); null values and
//! fields CEL cannot see are skipped; one runtime budget is shared by the whole object.
//!
//! Rules are compiled once per schema ([`Validator::new`]) with the checker
//! (`crate::cel::rules::compile_rule`, stored-expressions environment, `self` typed by the
//! node's declared type handed down from the parent as upstream does) and evaluated for any
//! number of objects ([`Validator::validate`]). A rule that does not compile reports
//! `rule compile error: <detail>` at runtime, exactly like the server.
//!
//! Errors carry the server's form (`<path>: Invalid value: <value>: <detail>`), detail
//! selection (messageExpression → message → `failed rule: <rule>`), reasons and fieldPath.

use std::fmt;

use indexmap::IndexMap;

use std::sync::Arc;

use super::ast::{self, Expr};
use super::convert::{escape, to_value};
use super::interp::{evaluate, Options};
use super::value::{render_field_value, ErrorKind, Value};
use crate::cel::schema_types::{decl_type, ROOT_TYPE_NAME};
use crate::cel::{CompileOptions, DeclType};
use crate::k8s::{Behavior, FieldPath};
use crate::schema::correlate::{self, Pair};
use crate::schema::{AdditionalProperties, Schema, ValidationRule};
use crate::yaml::{Node, Value as Y};

/// `PerCallLimit`.
pub const PER_CALL_LIMIT: u64 = 1_000_000;
/// `RuntimeCELCostBudget`.
pub const RUNTIME_BUDGET: i64 = 10_000_000;
/// `MaxEvaluatedMessageExpressionSizeBytes`.
pub const MAX_MESSAGE_EXPRESSION_BYTES: usize = 5120;

/// apimachinery `field.ErrorType`s a rule can produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorType {
    Invalid,
    Forbidden,
    Required,
    Duplicate,
    Internal,
}

impl ErrorType {
    pub fn word(self) -> &'static str {
        match self {
            ErrorType::Invalid => "Invalid value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Internal => "Internal error",
        }
    }
}

/// One field error, printed exactly like `field.Error.Error()`.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleError {
    pub kind: ErrorType,
    pub path: FieldPath,
    /// The rendered bad value (`"y"`, `2`, `"object"`); `None` when omitted (objects, arrays).
    pub value: Option<String>,
    pub detail: String,
    /// Validation ratcheting turned this failure into a warning: the rule does not use
    /// `oldSelf` and the value (or its nearest correlated ancestor) is unchanged on update.
    pub ratcheted: bool,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.kind.word())?;
        match self.kind {
            ErrorType::Invalid => {
                if let Some(v) = &self.value {
                    write!(f, ": {v}")?;
                }
                write!(f, ": {}", self.detail)
            }
            // Duplicate errors carry no detail; an omitted (object/array) value prints nothing.
            ErrorType::Duplicate => match &self.value {
                Some(v) => write!(f, ": {v}"),
                None => Ok(()),
            },
            _ => write!(f, ": {}", self.detail),
        }
    }
}

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

/// Where the walk stands in the update's correlation (upstream `ratchetingOptions`): the
/// current node's correlated pair, or else the nearest correlated ancestor's.
#[derive(Clone, Copy, Default)]
struct Corr<'a> {
    current: Option<Pair<'a>>,
    nearest_parent: Option<Pair<'a>>,
}

impl<'a> Corr<'a> {
    /// `shouldRatchetError`: the node, or its nearest correlated ancestor, is unchanged.
    fn should_ratchet(&self) -> bool {
        match (self.current, self.nearest_parent) {
            (Some(p), _) | (None, Some(p)) => correlate::unchanged(p),
            (None, None) => false,
        }
    }

    fn key(self, field: &str) -> Corr<'a> {
        let Some(cur) = self.current else {
            return self;
        };
        // apiVersion and kind at the root never ratchet (both sides are converted alike).
        if self.nearest_parent.is_none() && (field == "apiVersion" || field == "kind") {
            return Corr::default();
        }
        Corr {
            current: correlate::key(cur, field),
            nearest_parent: Some(cur),
        }
    }

    fn index(self, i: usize) -> Corr<'a> {
        let Some(cur) = self.current else {
            return self;
        };
        Corr {
            current: correlate::index(cur, i),
            nearest_parent: Some(cur),
        }
    }

    /// `allOf` rules ratchet as their node's parent does (upstream passes only the parent).
    fn all_of(self) -> Corr<'a> {
        Corr {
            current: None,
            nearest_parent: self.nearest_parent,
        }
    }
}

struct CompiledRule {
    rule: ValidationRule,
    /// `Ok(None)` for a blank rule (skipped, as upstream).
    program: Result<Option<Expr>, String>,
    message: Option<Expr>,
    uses_old_self: bool,
    /// `fieldPath` normalised against the schema (`ValidFieldPath(...).String()`).
    field_path: Option<String>,
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
    rules: Vec<CompiledRule>,
    items: Option<Box<Validator>>,
    additional: Option<Box<Validator>>,
    properties: IndexMap<String, Validator, foldhash::fast::RandomState>,
    all_of: Vec<Validator>,
}

fn visible(s: &Schema) -> bool {
    s.x_int_or_string || s.type_.as_deref().is_some_and(|t| !t.is_empty())
}

impl Validator {
    /// Compiles every rule of `schema` (the root is a resource root iff `resource_root`) in
    /// the stored-expressions environment of the newest Kubernetes version. `None` when the
    /// schema has no rules at all.
    pub fn new(schema: &Schema, resource_root: bool) -> Option<Validator> {
        let opts = CompileOptions {
            env: crate::cel::EnvKind::StoredExpressions,
            ..CompileOptions::default()
        };
        Self::with_options(schema, resource_root, &opts)
    }

    /// [`Validator::new`] with explicit compile options (Kubernetes version; the server uses
    /// the stored-expressions environment at runtime).
    pub fn with_options(
        schema: &Schema,
        resource_root: bool,
        opts: &CompileOptions,
    ) -> Option<Validator> {
        Self::with_shared(&Arc::new(schema.clone()), resource_root, opts)
    }

    /// [`Validator::with_options`] for a schema already shared: the validator keeps a
    /// reference to it, not a copy (a CRD version's schema can be megabytes).
    pub fn with_shared(
        schema: &Arc<Schema>,
        resource_root: bool,
        opts: &CompileOptions,
    ) -> Option<Validator> {
        let decl = decl_type(schema, resource_root, ROOT_TYPE_NAME);
        let mut v = Self::build(schema, schema, resource_root, decl, opts, 0)?;
        v.root = Some(Arc::clone(schema));
        Some(v)
    }

    fn build(
        validation: &Schema,
        node: &Schema,
        resource_root: bool,
        decl: Option<Arc<DeclType>>,
        opts: &CompileOptions,
        depth: usize,
    ) -> Option<Validator> {
        if depth > crate::schema::MAX_DEPTH {
            return None;
        }
        let mut init_error = None;
        let rules: Vec<CompiledRule> = match &decl {
            Some(d) => validation
                .x_validations
                .iter()
                .map(|r| compile_rule(r, node, d, opts))
                .collect(),
            None => {
                if !validation.x_validations.is_empty() {
                    init_error =
                        Some("failed to convert to declType for CEL validation rules".into());
                }
                Vec::new()
            }
        };
        let elem = decl.as_ref().and_then(|d| d.elem().cloned());
        let items = match (&validation.items, &node.items) {
            (Some(v), Some(n)) => {
                Self::build(v, n, n.x_embedded_resource, elem.clone(), opts, depth + 1)
                    .map(Box::new)
            }
            _ => None,
        };
        let additional = match (
            &validation.additional_properties,
            &node.additional_properties,
        ) {
            (Some(AdditionalProperties::Schema(v)), Some(AdditionalProperties::Schema(n))) => {
                Self::build(v, n, n.x_embedded_resource, elem.clone(), opts, depth + 1)
                    .map(Box::new)
            }
            _ => None,
        };
        let mut properties = IndexMap::default();
        for (k, vp) in &validation.properties {
            let Some(np) = node.properties.get(k) else {
                continue;
            };
            if !visible(np) {
                continue;
            }
            // Upstream: the field's type from the parent's declared type; for names that
            // cannot be escaped, the property's own declared type.
            let field_decl = match escape(k) {
                Some(e) => match decl.as_ref().and_then(|d| d.field(&e)) {
                    Some(f) => f.ty.clone(),
                    None => continue,
                },
                None => match decl_type(np, np.x_embedded_resource, k) {
                    Some(t) => t,
                    None => continue,
                },
            };
            let built = Self::build(
                vp,
                np,
                np.x_embedded_resource,
                Some(field_decl),
                opts,
                depth + 1,
            );
            if let Some(p) = built {
                properties.insert(k.clone(), p);
            }
        }
        let all_of = validation
            .all_of
            .iter()
            .filter_map(|a| Self::build(a, node, resource_root, decl.clone(), opts, depth + 1))
            .collect::<Vec<_>>();
        if rules.is_empty()
            && init_error.is_none()
            && items.is_none()
            && additional.is_none()
            && properties.is_empty()
            && all_of.is_empty()
        {
            return None;
        }
        let keep_schema = !rules.is_empty() || init_error.is_some();
        Some(Validator {
            root: None,
            keeps_schema: keep_schema,
            type_: node.type_.clone(),
            list_map_keys: (node.x_list_type.as_deref() == Some("map"))
                .then(|| node.x_list_map_keys.clone()),
            map_type: node.x_map_type.clone(),
            resource_root,
            init_error,
            rules,
            items,
            additional,
            properties,
            all_of,
        })
    }

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
            corr,
            limits,
            budget,
            &mut errs,
        );
        errs
    }

    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        path: At<'_>,
        node: Option<&Schema>,
        obj: &Node,
        old: Option<&Node>,
        corr: Corr<'_>,
        limits: Limits,
        budget: &mut i64,
        errs: &mut Vec<RuleError>,
    ) {
        if obj.is_null() {
            return;
        }
        let old = old.filter(|o| !o.is_null());
        self.expressions(path, node, obj, old, corr, limits, budget, errs);
        if *budget < 0 {
            return;
        }
        for a in &self.all_of {
            a.walk(path, node, obj, old, corr.all_of(), limits, budget, errs);
            if *budget < 0 {
                return;
            }
        }
        match &obj.value {
            Y::Seq(items) => {
                let Some(iv) = &self.items else { return };
                let keys = self.list_map_keys.as_ref();
                let old_items = old.and_then(Node::as_seq);
                for (i, it) in items.iter().enumerate() {
                    let old_it = match (keys, old_items) {
                        (Some(keys), Some(olds)) => olds.iter().find(|o| same_keys(it, o, keys)),
                        _ => None,
                    };
                    iv.walk(
                        At::Index(&path, i),
                        node.and_then(|n| n.items.as_deref()),
                        it,
                        old_it,
                        corr.index(i),
                        limits,
                        budget,
                        errs,
                    );
                    if *budget < 0 {
                        return;
                    }
                }
            }
            Y::Map(m) => {
                let correlatable = matches!(
                    self.map_type.as_deref(),
                    None | Some("granular") | Some("atomic")
                );
                let old_map = if correlatable {
                    old.and_then(Node::as_map)
                } else {
                    None
                };
                if let Some(ap) = &self.additional {
                    let ap_node = match node.and_then(|n| n.additional_properties.as_ref()) {
                        Some(AdditionalProperties::Schema(s)) => Some(&**s),
                        _ => None,
                    };
                    for (k, v) in m.iter() {
                        let ov = old_map.and_then(|o| o.get(k));
                        let path = At::Key(&path, k);
                        ap.walk(path, ap_node, v, ov, corr.key(k), limits, budget, errs);
                        if *budget < 0 {
                            return;
                        }
                    }
                }
                if !self.properties.is_empty() {
                    for (k, v) in m.iter() {
                        if let Some(p) = self.properties.get(k) {
                            let ov = old_map.and_then(|o| o.get(k));
                            let p_node = node.and_then(|n| n.properties.get(k));
                            let path = At::Child(&path, k);
                            p.walk(path, p_node, v, ov, corr.key(k), limits, budget, errs);
                            if *budget < 0 {
                                return;
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn type_word(&self) -> String {
        format!("{:?}", self.type_.as_deref().unwrap_or(""))
    }

    #[allow(clippy::too_many_arguments)]
    fn expressions(
        &self,
        path: At<'_>,
        node: Option<&Schema>,
        obj: &Node,
        old: Option<&Node>,
        corr: Corr<'_>,
        limits: Limits,
        budget: &mut i64,
        errs: &mut Vec<RuleError>,
    ) {
        let invalid = |detail: String| RuleError {
            kind: ErrorType::Invalid,
            path: path.path(),
            value: Some(self.type_word()),
            detail,
            ratcheted: false,
        };
        if let Some(e) = &self.init_error {
            errs.push(invalid(format!("rule compiler initialization error: {e}")));
            return;
        }
        if self.rules.is_empty() {
            return;
        }
        if *budget <= 0 {
            errs.push(invalid(
                "validation failed due to running out of cost budget, no further validation rules will be run".into(),
            ));
            *budget = -1;
            return;
        }
        let Some(schema) = node.filter(|_| self.keeps_schema) else {
            return;
        };
        let self_v = to_value(obj, schema, self.resource_root);
        let old_v = old.map(|o| to_value(o, schema, self.resource_root));
        let opts = Options {
            cost_limit: Some(limits.per_call_limit),
            fold_constants: true,
            behavior: limits.behavior,
        };
        for c in &self.rules {
            let program = match &c.program {
                Ok(Some(p)) => p,
                Ok(None) => continue,
                Err(e) => {
                    errs.push(invalid(format!("rule compile error: {e}")));
                    continue;
                }
            };
            let optional_old = c.rule.optional_old_self == Some(true);
            if c.uses_old_self && old_v.is_none() && !optional_old {
                continue;
            }
            let mut vars: Vec<(&str, Value)> = vec![("self", self_v.clone())];
            if c.uses_old_self || optional_old {
                match (&old_v, optional_old) {
                    (Some(o), false) => vars.push(("oldSelf", o.clone())),
                    (Some(o), true) => vars.push(("oldSelf", Value::some(o.clone()))),
                    (None, _) => vars.push(("oldSelf", Value::none())),
                }
            }
            let out = evaluate(program, &vars, opts);
            if out.cost > i64::MAX as u64 || out.cost as i64 > *budget {
                errs.push(invalid(
                    "validation failed due to running out of cost budget, no further validation rules will be run".into(),
                ));
                *budget = -1;
                return;
            }
            *budget -= out.cost as i64;
            // Built only for a finding (most evaluations pass).
            let rule_str = || rule_error_string(&c.rule);
            match out.value {
                Err(e) if e.kind == ErrorKind::NoSuchOverload => {
                    errs.push(invalid(format!("'{e}': call arguments did not match a supported operator, function or macro signature for rule: {}", rule_str())));
                    continue;
                }
                Err(e) if e.kind == ErrorKind::CostLimit => {
                    errs.push(invalid(format!("'{e}': no further validation rules will be run due to call cost exceeds limit for rule: {}", rule_str())));
                    *budget = -1;
                    return;
                }
                Err(e) => {
                    errs.push(invalid(format!("{e} evaluating rule: {}", rule_str())));
                    continue;
                }
                Ok(Value::Bool(true)) => continue,
                Ok(_) => {}
            }
            let mut fpath = path.path();
            if let Some(fp) = &c.field_path {
                if !fp.is_empty() {
                    fpath = fpath.child(fp);
                }
            }
            let mut detail = None;
            if let Some(m) = &c.message {
                // The messageExpression runs with the plain activation: `oldSelf` is the old
                // value itself (never an optional), bound only when there is one.
                let mut mvars: Vec<(&str, Value)> = vec![("self", self_v.clone())];
                if let Some(o) = &old_v {
                    mvars.push(("oldSelf", o.clone()));
                }
                let out = evaluate(m, &mvars, opts);
                if out.cost > i64::MAX as u64 || out.cost as i64 > *budget {
                    // messageExpression failures go through the rule's `addErr`: they ratchet.
                    errs.push(RuleError {
                        path: fpath,
                        ratcheted: !c.uses_old_self && corr.should_ratchet(),
                        ..invalid("messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run".into())
                    });
                    *budget = -1;
                    return;
                }
                match out.value {
                    Err(e) if e.kind == ErrorKind::CostLimit => {
                        errs.push(RuleError {
                            path: fpath,
                            ratcheted: !c.uses_old_self && corr.should_ratchet(),
                            ..invalid(format!("no further validation rules will be run due to call cost exceeds limit for messageExpression: {:?}", c.rule.message_expression))
                        });
                        *budget = -1;
                        return;
                    }
                    Ok(Value::String(s)) => {
                        *budget -= out.cost as i64;
                        let t = s.trim();
                        if !t.is_empty()
                            && t.len() <= MAX_MESSAGE_EXPRESSION_BYTES
                            && !t.contains(['\n', '\r'])
                        {
                            detail = Some(t.to_string());
                        }
                    }
                    _ => *budget -= out.cost as i64,
                }
            }
            let detail = detail.unwrap_or_else(|| {
                if c.rule.message.is_empty() {
                    format!("failed rule: {}", rule_str())
                } else {
                    c.rule.message.trim().to_string()
                }
            });
            // Up to 1.34 the schema type stood in for the value.
            let value = match self.type_.as_deref() {
                _ if !limits.behavior.cel_rule_failure_value => Some(self.type_word()),
                Some("object") | Some("array") => None,
                _ => render_raw_value(obj),
            };
            let kind = match c.rule.reason.as_deref() {
                Some("FieldValueForbidden") => ErrorType::Forbidden,
                Some("FieldValueRequired") => ErrorType::Required,
                Some("FieldValueDuplicate") => ErrorType::Duplicate,
                _ => ErrorType::Invalid,
            };
            errs.push(RuleError {
                kind,
                path: fpath,
                value,
                detail,
                ratcheted: !c.uses_old_self && corr.should_ratchet(),
            });
        }
    }
}

/// The bad value as apimachinery prints the raw (unstructured) value: `%v` for numbers and
/// bools (an integral JSON number stays an integer even under `type: number`), `%q` for
/// strings.
fn render_raw_value(n: &Node) -> Option<String> {
    match &n.value {
        Y::Int(i) => Some(i.to_string()),
        Y::Float(f) => render_field_value(&Value::Double(*f)),
        Y::Bool(b) => Some(b.to_string()),
        Y::String(s) => render_field_value(&Value::string(s)),
        Y::Null => Some("null".into()),
        Y::Seq(_) | Y::Map(_) => None,
    }
}

/// Where the walk is, built into a [`FieldPath`] only for a finding: most nodes report
/// nothing, and copying the path at every node (`FieldPath::child` clones its segments) was
/// ~1% of a 10,000-resource run.
#[derive(Clone, Copy)]
enum At<'a> {
    Root(&'a FieldPath),
    Child(&'a At<'a>, &'a str),
    Index(&'a At<'a>, usize),
    Key(&'a At<'a>, &'a str),
}

impl At<'_> {
    fn path(&self) -> FieldPath {
        // The steps from here up to the root, then applied root first (no recursion).
        let mut steps = Vec::new();
        let mut at = self;
        let root = loop {
            match at {
                At::Root(p) => break (*p).clone(),
                At::Child(up, _) | At::Index(up, _) | At::Key(up, _) => {
                    steps.push(at);
                    at = up;
                }
            }
        };
        steps.iter().rev().fold(root, |p, step| match step {
            At::Child(_, k) => p.child(k),
            At::Index(_, i) => p.index(*i),
            At::Key(_, k) => p.key(k),
            At::Root(_) => p,
        })
    }
}

fn rule_error_string(r: &ValidationRule) -> String {
    if !r.message.is_empty() {
        r.message.trim().to_string()
    } else {
        r.rule.trim().to_string()
    }
}

fn compile_rule(
    r: &ValidationRule,
    node: &Schema,
    decl: &Arc<DeclType>,
    opts: &CompileOptions,
) -> CompiledRule {
    let c = crate::cel::rules::compile_rule(r, decl, opts);
    let program = match (&c.error, &c.rule) {
        (Some(e), _) => Err(e.detail.clone()),
        (None, Some(compiled)) => Ok(Some(ast::from_checked(&compiled.checked))),
        (None, None) => Ok(None),
    };
    let uses_old_self = c.uses_old_self;
    // A messageExpression that does not compile is never evaluated: the message (or the
    // default text) is used instead, as upstream.
    let message = c
        .message_expression
        .as_ref()
        .map(|m| ast::from_checked(&m.checked));
    let field_path = if r.field_path.is_empty() {
        None
    } else {
        normalize_field_path(&r.field_path, node).ok()
    };
    CompiledRule {
        rule: r.clone(),
        program,
        message,
        uses_old_self,
        field_path,
    }
}

/// A `fieldPath` (`.a.b`, `.m['k.x']`) rendered as the path suffix the server appends
/// (`a.b`, `m[k.x]`): `ValidFieldPath(...).String()` with array notation allowed
/// ([`crate::k8s::fieldpath::valid_field_path`]).
pub fn normalize_field_path(fp: &str, schema: &Schema) -> Result<String, String> {
    let r = crate::k8s::fieldpath::valid_field_path(fp, schema, true)?;
    Ok(if r.path.is_root() {
        String::new()
    } else {
        r.path.to_string()
    })
}

fn same_keys(a: &Node, b: &Node, keys: &[String]) -> bool {
    let (Some(a), Some(b)) = (a.as_map(), b.as_map()) else {
        return false;
    };
    keys.iter().all(|k| match (a.get(k), b.get(k)) {
        (Some(x), Some(y)) => x.value == y.value,
        (None, None) => true,
        _ => false,
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn schema(j: serde_json::Value) -> Schema {
        Schema::from_node(&Node::from_json(&j))
    }

    #[test]
    fn failing_rules_render_like_the_server() {
        let s = schema(serde_json::json!({"type": "object", "properties": {
            "foo": {"type": "string", "x-kubernetes-validations": [{"rule": "self == 'baz'"}]},
            "n": {"type": "integer", "x-kubernetes-validations": [{"rule": "self % 2 == 1", "message": "gotta be odd"}]},
            "o": {"type": "object", "x-kubernetes-validations": [{"rule": "false", "messageExpression": "'dyn ' + string(1)", "reason": "FieldValueForbidden"}]}
        }}));
        let obj = Node::from_json(&serde_json::json!({"foo": "y", "n": 2, "o": {}}));
        let (errs, cost) = evaluate_rules(&s, &obj, None, false);
        let texts: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(
            texts,
            vec![
                "foo: Invalid value: \"y\": failed rule: self == 'baz'",
                "n: Invalid value: 2: gotta be odd",
                "o: Forbidden: dyn 1",
            ]
        );
        assert!(cost > 0);
    }

    #[test]
    fn message_expressions_format_lists_as_the_server() {
        // ext.Strings v2's formatter: `%s` of a list quotes its strings; `%d` of a double fails
        // and the rule falls back to its message.
        let s = schema(serde_json::json!({"type": "object", "properties": {
            "l": {"type": "array", "items": {"type": "string"}, "x-kubernetes-validations": [
                {"rule": "self.size() < 2", "messageExpression": "'too many: %s'.format([self])"}]},
            "d": {"type": "number", "x-kubernetes-validations": [
                {"rule": "self < 1.0", "messageExpression": "'%d'.format([self])", "message": "fallback"},
                {"rule": "self < 1.0", "messageExpression": "'big: %.2f'.format([self * 1000.0])"}]}
        }}));
        let obj = Node::from_json(&serde_json::json!({"l": ["a", "b c"], "d": 1234.5}));
        let (errs, _) = evaluate_rules(&s, &obj, None, false);
        let texts: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(
            texts,
            vec![
                "l: Invalid value: too many: [\"a\", \"b c\"]",
                "d: Invalid value: 1234.5: fallback",
                "d: Invalid value: 1234.5: big: 1,234,500.00",
            ]
        );
    }

    #[test]
    fn transition_rules_skip_on_create() {
        let s = schema(serde_json::json!({"type": "integer",
            "x-kubernetes-validations": [{"rule": "self >= oldSelf"}]}));
        let (errs, cost) = evaluate_rules(&s, &Node::from_json(&serde_json::json!(1)), None, false);
        assert!(errs.is_empty());
        assert_eq!(cost, 0);
        let old = Node::from_json(&serde_json::json!(5));
        let (errs, _) = evaluate_rules(
            &s,
            &Node::from_json(&serde_json::json!(1)),
            Some(&old),
            false,
        );
        assert_eq!(errs.len(), 1);
    }

    #[test]
    fn checker_errors_become_rule_compile_errors() {
        let s = schema(serde_json::json!({"type": "object",
            "properties": {"a": {"type": "integer"}},
            "x-kubernetes-validations": [{"rule": "self.a == 'x'"}, {"rule": "self.nope == 1"}]}));
        let (errs, _) = evaluate_rules(
            &s,
            &Node::from_json(&serde_json::json!({"a": 1})),
            None,
            false,
        );
        assert_eq!(errs.len(), 2);
        for e in &errs {
            let t = e.to_string();
            assert!(
                t.starts_with("<nil>: Invalid value: \"object\": rule compile error: compilation failed: ERROR: <input>:1:"),
                "{t}"
            );
        }
    }

    #[test]
    fn budget_exhaustion_stops_validation() {
        let s = schema(serde_json::json!({"type": "object",
            "x-kubernetes-validations": [{"rule": "true"}]}));
        let v = Validator::new(&s, false).unwrap();
        let mut budget = 0;
        let errs = v.validate(
            &FieldPath::new("root"),
            &Node::from_json(&serde_json::json!({})),
            None,
            Limits::default(),
            &mut budget,
        );
        assert_eq!(errs.len(), 1);
        assert!(errs[0].to_string().contains("running out of cost budget"));
    }

    #[test]
    fn old_values_correlate_only_through_map_lists() {
        let item = serde_json::json!({"type": "object",
            "properties": {"k": {"type": "string"}, "v": {"type": "integer",
                "x-kubernetes-validations": [{"rule": "self >= oldSelf", "message": "no decrease"}]}}});
        let mk = |list_type: &str| {
            let mut l = serde_json::json!({"type": "array", "items": item.clone(),
                "x-kubernetes-list-type": list_type});
            if list_type == "map" {
                l["x-kubernetes-list-map-keys"] = serde_json::json!(["k"]);
            }
            schema(serde_json::json!({"type": "object", "properties": {"l": l}}))
        };
        let new =
            Node::from_json(&serde_json::json!({"l": [{"k": "b", "v": 1}, {"k": "a", "v": 5}]}));
        let old =
            Node::from_json(&serde_json::json!({"l": [{"k": "a", "v": 2}, {"k": "b", "v": 3}]}));
        // Map list: items correlate by key, so b (3 -> 1) decreased.
        let (errs, _) = evaluate_rules(&mk("map"), &new, Some(&old), false);
        let texts: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(texts, vec!["l[0].v: Invalid value: 1: no decrease"]);
        // Atomic lists never correlate: the transition rule is skipped.
        let (errs, cost) = evaluate_rules(&mk("atomic"), &new, Some(&old), false);
        assert!(errs.is_empty());
        assert_eq!(cost, 0);
    }

    #[test]
    fn validators_can_be_shared_across_threads() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Validator>();
        assert_send_sync::<RuleError>();
    }

    #[test]
    fn field_paths_normalise() {
        let s = schema(serde_json::json!({"type": "object", "properties": {
            "a": {"type": "object", "properties": {"b": {"type": "string"}}},
            "m": {"type": "object", "additionalProperties": {"type": "string"}}}}));
        assert_eq!(normalize_field_path(".a.b", &s).unwrap(), "a.b");
        assert_eq!(normalize_field_path(".m['k.x']", &s).unwrap(), "m[k.x]");
        assert!(normalize_field_path(".zz", &s).is_err());
    }
}
