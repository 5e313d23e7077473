//! Compiling a schema into the validator tree: every rule checked once, with `self` typed by
//! the node's declared type handed down from the parent, and `fieldPath`s normalised.

use std::sync::Arc;

use indexmap::IndexMap;

use super::{CompiledRule, Needs, Validator};
use crate::cel::eval::ast;
use crate::cel::eval::convert::escape;
use crate::cel::schema_types::{decl_type_at, ROOT_TYPE_NAME};
use crate::cel::{CompileOptions, DeclType};
use crate::schema::{AdditionalProperties, Schema, ValidationRule};

fn visible(s: &Schema) -> bool {
    s.x_int_or_string || s.type_().is_some_and(|t| !t.is_empty())
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
        let beh = crate::k8s::Behavior::of(opts.kube_version);
        let decl = decl_type_at(schema, resource_root, ROOT_TYPE_NAME, beh);
        let mut with_rules = WithRules::default();
        with_rules.mark(schema, 0);
        let mut v = Self::build(schema, schema, resource_root, decl, opts, &with_rules, 0)?;
        v.root = Some(Arc::clone(schema));
        Some(v)
    }

    fn build(
        validation: &Schema,
        node: &Schema,
        resource_root: bool,
        decl: Option<Arc<DeclType>>,
        opts: &CompileOptions,
        with_rules: &WithRules,
        depth: usize,
    ) -> Option<Validator> {
        if depth > crate::schema::MAX_DEPTH || !with_rules.at(validation) {
            return None;
        }
        let mut init_error = None;
        let rules: Vec<CompiledRule> = match &decl {
            Some(d) => validation
                .rare()
                .x_validations
                .iter()
                .map(|r| compile_rule(r, node, d, opts))
                .collect(),
            None => {
                if !validation.rare().x_validations.is_empty() {
                    init_error =
                        Some("failed to convert to declType for CEL validation rules".into());
                }
                Vec::new()
            }
        };
        let elem = decl.as_ref().and_then(|d| d.elem().cloned());
        let items = match (&validation.items, &node.items) {
            (Some(v), Some(n)) => Self::build(
                v,
                n,
                n.x_embedded_resource,
                elem.clone(),
                opts,
                with_rules,
                depth + 1,
            )
            .map(Box::new),
            _ => None,
        };
        let additional = match (
            &validation.additional_properties,
            &node.additional_properties,
        ) {
            (Some(AdditionalProperties::Schema(v)), Some(AdditionalProperties::Schema(n))) => {
                Self::build(
                    v,
                    n,
                    n.x_embedded_resource,
                    elem.clone(),
                    opts,
                    with_rules,
                    depth + 1,
                )
                .map(Box::new)
            }
            _ => None,
        };
        let mut properties = IndexMap::default();
        for (k, vp) in &validation.properties {
            // Most of a schema has no rules: skipped before the name is escaped and typed.
            if !with_rules.at(vp) {
                continue;
            }
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
                None => match decl_type_at(
                    np,
                    np.x_embedded_resource,
                    k,
                    crate::k8s::Behavior::of(opts.kube_version),
                ) {
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
                with_rules,
                depth + 1,
            );
            if let Some(p) = built {
                properties.insert(k.clone(), p);
            }
        }
        let all_of = validation
            .rare()
            .all_of
            .iter()
            .filter_map(|a| {
                Self::build(
                    a,
                    node,
                    resource_root,
                    decl.clone(),
                    opts,
                    with_rules,
                    depth + 1,
                )
            })
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
        let (self_needs, old_needs) = needs(&rules);
        Some(Validator {
            root: None,
            keeps_schema: keep_schema,
            type_: node.type_().map(str::to_string),
            list_map_keys: (node.rare().x_list_type.as_deref() == Some("map"))
                .then(|| node.rare().x_list_map_keys.clone()),
            map_type: node.rare().x_map_type.clone(),
            resource_root,
            init_error,
            rules,
            self_needs,
            old_needs,
            items,
            additional,
            properties,
            all_of,
        })
    }
}

/// The schema nodes (by address) with rules at or below them along the edges the validator
/// tree follows (properties, items, additionalProperties, allOf): a validator is built only
/// for those, the others (most of a schema) would build to nothing. Found in one walk, where
/// the build escaped and typed every property name of the schema first.
#[derive(Default)]
struct WithRules(std::collections::HashSet<usize, foldhash::fast::RandomState>);

impl WithRules {
    fn key(s: &Schema) -> usize {
        s as *const Schema as usize
    }

    /// Marks `s` and its sub-schemas; true when `s` has rules at or below it.
    fn mark(&mut self, s: &Schema, depth: usize) -> bool {
        // Deeper than the build goes: left to the build (which stops there), as if it had
        // rules.
        if depth > crate::schema::MAX_DEPTH {
            self.0.insert(Self::key(s));
            return true;
        }
        let mut any = !s.rare().x_validations.is_empty();
        for p in s.properties.values() {
            any |= self.mark(p, depth + 1);
        }
        if let Some(i) = &s.items {
            any |= self.mark(i, depth + 1);
        }
        if let Some(AdditionalProperties::Schema(a)) = &s.additional_properties {
            any |= self.mark(a, depth + 1);
        }
        for a in &s.rare().all_of {
            any |= self.mark(a, depth + 1);
        }
        if any {
            self.0.insert(Self::key(s));
        }
        any
    }

    fn at(&self, s: &Schema) -> bool {
        self.0.contains(&Self::key(s))
    }
}

/// What the compiled rules and their message expressions read of `self` and `oldSelf`.
fn needs(rules: &[CompiledRule]) -> (Needs, Needs) {
    let mut new = Needs::Nothing;
    let mut old = Needs::Nothing;
    for c in rules {
        let program = c.program.as_ref().ok().and_then(Option::as_ref);
        for e in program.into_iter().chain(c.message.as_ref()) {
            super::needs::add(&mut new, e, "self");
            super::needs::add(&mut old, e, "oldSelf");
        }
    }
    (new, old)
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
