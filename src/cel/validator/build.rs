//! Compiling a schema into the validator tree: every rule checked once, with `self` typed by
//! the node's declared type handed down from the parent, and `fieldPath`s normalised.

use std::sync::Arc;

use indexmap::IndexMap;

use super::{CompiledRule, LazyRules, Needs, NodeRules, Validator};
use crate::cel::eval::convert::escape;
use crate::cel::schema_types::{
    decl_type_below, has_decl_type, is_object_meta_override, ROOT_TYPE_NAME,
};
use crate::cel::{CompileOptions, DeclType};
use crate::k8s::Behavior;
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
        let decl = Decl::Lazy(Pending {
            schema,
            is_root: resource_root,
            name: ROOT_TYPE_NAME.to_string(),
            depth: 0,
        });
        let mut with_rules = WithRules::default();
        with_rules.mark(schema, 0);
        let opts = Arc::new(opts.clone());
        let mut v = Self::build(schema, schema, resource_root, decl, &opts, &with_rules, 0)?;
        v.root = Some(Arc::clone(schema));
        Some(v)
    }

    fn build(
        validation: &Schema,
        node: &Schema,
        resource_root: bool,
        decl: Decl<'_>,
        opts: &Arc<CompileOptions>,
        with_rules: &WithRules,
        depth: usize,
    ) -> Option<Validator> {
        if depth > crate::schema::MAX_DEPTH || !with_rules.at(validation) {
            return None;
        }
        let beh = Behavior::of(opts.kube_version);
        // Typed here when this node has rules; its children then take their types from this
        // one, as upstream hands them down.
        let decl = if validation.rare().x_validations.is_empty() {
            decl
        } else {
            Decl::Known(decl.force(beh))
        };
        let mut init_error = None;
        let written = &validation.rare().x_validations;
        let rules = match decl.known() {
            Some(d) if !written.is_empty() => Some(LazyRules {
                rules: written.clone(),
                decl: d.clone(),
                opts: opts.clone(),
                compiled: std::sync::OnceLock::new(),
            }),
            Some(_) => None,
            None => {
                if !written.is_empty() {
                    init_error =
                        Some("failed to convert to declType for CEL validation rules".into());
                }
                None
            }
        };
        let elem = decl.elem();
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
                Some(e) => match decl.field(k, &e, beh) {
                    Some(f) => f,
                    None => continue,
                },
                None if has_decl_type(np, 0) => Decl::Lazy(Pending {
                    schema: np,
                    is_root: np.x_embedded_resource,
                    name: k.clone(),
                    depth: 0,
                }),
                None => continue,
            };
            let built = Self::build(
                vp,
                np,
                np.x_embedded_resource,
                field_decl,
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
        if rules.is_none()
            && init_error.is_none()
            && items.is_none()
            && additional.is_none()
            && properties.is_empty()
            && all_of.is_empty()
        {
            return None;
        }
        let keep_schema = rules.is_some() || init_error.is_some();
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
            items,
            additional,
            properties,
            all_of,
        })
    }
}

/// A node's declared type: known (typed where a node has rules, and handed down from there as
/// upstream does), or not typed yet. Most of a schema carries no rules, and typing the whole
/// schema from its root first (what `decl_type_at` of the root does) cost more than compiling
/// its rules: only the subtrees under nodes with rules are typed now, each exactly as the
/// root's type has it there (same names, same bounds).
#[derive(Clone)]
enum Decl<'s> {
    Known(Option<Arc<DeclType>>),
    Lazy(Pending<'s>),
}

/// The type the root's `decl_type_at` builds at this node, not built yet.
#[derive(Clone)]
struct Pending<'s> {
    schema: &'s Schema,
    is_root: bool,
    /// The node's type name (`selfType.spec.@idx`, ...).
    name: String,
    /// Levels below the typed root (the typing stops at a depth).
    depth: usize,
}

impl<'s> Decl<'s> {
    fn force(self, beh: Behavior) -> Option<Arc<DeclType>> {
        match self {
            Decl::Known(d) => d,
            Decl::Lazy(p) => decl_type_below(p.schema, p.is_root, &p.name, p.depth, beh),
        }
    }

    /// The type when known (nodes with rules always know theirs).
    fn known(&self) -> Option<&Arc<DeclType>> {
        match self {
            Decl::Known(d) => d.as_ref(),
            Decl::Lazy(_) => None,
        }
    }

    /// `DeclType::elem`: a list's items or a map's values.
    fn elem(&self) -> Decl<'s> {
        match self {
            Decl::Known(d) => Decl::Known(d.as_ref().and_then(|d| d.elem().cloned())),
            Decl::Lazy(p) => {
                let s = p.schema;
                if p.depth > crate::schema::MAX_DEPTH + 2 || s.x_int_or_string {
                    return Decl::Known(None);
                }
                // A list (map) is typed iff its items (values) are, so the element's own type
                // is the element of the node's type either way.
                let (child, suffix) = match s.type_str() {
                    "array" => (s.items.as_deref(), ".@idx"),
                    "object" => (s.additional_properties_schema(), ".@elem"),
                    _ => (None, ""),
                };
                match child {
                    Some(c) => Decl::Lazy(Pending {
                        schema: c,
                        is_root: c.x_embedded_resource,
                        name: format!("{}{suffix}", p.name),
                        depth: p.depth + 1,
                    }),
                    None => Decl::Known(None),
                }
            }
        }
    }

    /// The type of property `k` (escaped `escaped`): `None` when the node's type has no such
    /// field (the node is untyped or no object, or the property is untyped).
    fn field(&self, k: &str, escaped: &str, beh: Behavior) -> Option<Decl<'s>> {
        match self {
            Decl::Known(d) => d
                .as_ref()?
                .field(escaped)
                .map(|f| Decl::Known(Some(f.ty.clone()))),
            // A resource root may replace these properties' schemas: typed from the root.
            Decl::Lazy(p) if p.is_root && is_object_meta_override(k) => {
                Decl::Known(self.clone().force(beh)).field(k, escaped, beh)
            }
            Decl::Lazy(p) => {
                let s = p.schema;
                if p.depth > crate::schema::MAX_DEPTH + 2
                    || s.x_int_or_string
                    || s.type_str() != "object"
                    || s.additional_properties_schema().is_some()
                {
                    return None;
                }
                let prop = s.properties.get(k)?;
                has_decl_type(prop, p.depth + 1).then(|| {
                    Decl::Lazy(Pending {
                        schema: prop,
                        is_root: prop.x_embedded_resource,
                        name: format!("{}.{escaped}", p.name),
                        depth: p.depth + 1,
                    })
                })
            }
        }
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

impl LazyRules {
    /// The rules compiled (the first caller compiles them) against `node`, the schema node the
    /// validator was built for (the walk follows the same schema down).
    pub(super) fn compiled(&self, node: &Schema) -> &NodeRules {
        self.compiled.get_or_init(|| {
            let rules: Vec<CompiledRule> = self
                .rules
                .iter()
                .map(|r| compile_rule(r, node, &self.decl, &self.opts))
                .collect();
            let (self_needs, old_needs) = needs(&rules, |_| true);
            // Without an old object the rules that read `oldSelf` (but for `optionalOldSelf`)
            // are skipped, their messages too.
            let create_needs = if rules.iter().all(CompiledRule::runs_without_old) {
                self_needs.clone()
            } else {
                needs(&rules, CompiledRule::runs_without_old).0
            };
            let reads_old = rules
                .iter()
                .any(|c| c.uses_old_self || c.optional_old_self() || c.message.is_some());
            NodeRules {
                rules,
                self_needs,
                create_needs,
                old_needs,
                reads_old,
            }
        })
    }
}

/// What the compiled rules for which `which` holds, and their message expressions, read of
/// `self` and `oldSelf`.
fn needs(rules: &[CompiledRule], which: impl Fn(&CompiledRule) -> bool) -> (Needs, Needs) {
    let mut new = Needs::Nothing;
    let mut old = Needs::Nothing;
    for c in rules.iter().filter(|c| which(c)) {
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
    let c = crate::cel::rules::compile_rule_to_run(r, decl, opts);
    let program = match (&c.error, &c.rule) {
        (Some(e), _) => Err(e.detail.clone()),
        (None, Some(compiled)) => Ok(Some(compiled.program().clone())),
        (None, None) => Ok(None),
    };
    let uses_old_self = c.uses_old_self;
    // A messageExpression that does not compile is never evaluated: the message (or the
    // default text) is used instead, as upstream.
    let message = c.message_expression.as_ref().map(|m| m.program().clone());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cel::schema_types::decl_type_at;
    use crate::yaml::Node;

    /// Every node's type found lazily from the root (what the build hands down) against the
    /// one the root's whole type has there: both absent, or the same structure and names.
    #[test]
    fn lazy_types_are_the_root_types_subtrees() {
        let s = Schema::from_node(&Node::from_json(&serde_json::json!({
            "type": "object",
            "properties": {
                "apiVersion": {"type": "string"},
                "metadata": {"type": "object", "properties": {"name": {"type": "string", "maxLength": 9}}},
                "spec": {"type": "object", "required": ["a-b"], "properties": {
                    "a-b": {"type": "string", "maxLength": 4},
                    "1x": {"type": "integer"},
                    "ios": {"x-kubernetes-int-or-string": true, "type": "object",
                            "properties": {"q": {"type": "string"}}},
                    "list": {"type": "array", "maxItems": 3, "items": {"type": "object", "properties": {
                        "k": {"type": "string", "enum": ["abc", "de"]},
                        "deep": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}}}}},
                    "untypedItems": {"type": "array", "items": {"x-kubernetes-preserve-unknown-fields": true}},
                    "noItems": {"type": "array"},
                    "map": {"type": "object", "additionalProperties": {"type": "object", "properties": {
                        "v": {"type": "number"}}}},
                    "untypedMap": {"type": "object", "additionalProperties": {"properties": {"v": {"type": "number"}}}},
                    "bare": {"properties": {"v": {"type": "boolean"}}},
                    "mapWithProps": {"type": "object", "additionalProperties": {"type": "string"},
                                     "properties": {"p": {"type": "string"}}},
                    "embedded": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {
                        "kind": {"type": "string"}, "metadata": {"type": "object"},
                        "spec": {"type": "object", "properties": {"t": {"type": "string", "format": "date-time"}}}}}
                }}
            }
        })));
        for minor in [36, 37] {
            let beh = Behavior::of(crate::k8s::KubeVersion { minor });
            let eager = Decl::Known(decl_type_at(&s, true, ROOT_TYPE_NAME, beh));
            let lazy = Decl::Lazy(Pending {
                schema: &s,
                is_root: true,
                name: ROOT_TYPE_NAME.to_string(),
                depth: 0,
            });
            let mut seen = 0;
            compare(&s, eager, lazy, beh, &mut seen);
            assert!(seen > 20, "{seen}");
        }
    }

    fn compare(s: &Schema, eager: Decl<'_>, lazy: Decl<'_>, beh: Behavior, seen: &mut usize) {
        *seen += 1;
        let (e, l) = (eager.clone().force(beh), lazy.clone().force(beh));
        match (&e, &l) {
            (None, None) => {}
            (Some(e), Some(l)) => {
                assert_eq!(e.fingerprint(), l.fingerprint(), "{}", e.name);
                assert_eq!(e.names_fingerprint(), l.names_fingerprint(), "{}", e.name);
                assert_eq!(e.name, l.name);
            }
            _ => panic!("typed on one side only: {e:?} / {l:?}"),
        }
        for (k, p) in &s.properties {
            if let Some(esc) = escape(k) {
                match (eager.field(k, &esc, beh), lazy.field(k, &esc, beh)) {
                    (Some(a), Some(b)) => compare(p, a, b, beh, seen),
                    (None, None) => compare(p, Decl::Known(None), Decl::Known(None), beh, seen),
                    _ => panic!("field {k} on one side only"),
                }
            }
        }
        if let Some(i) = &s.items {
            compare(i, eager.elem(), lazy.elem(), beh, seen);
        }
        if let Some(ap) = s.additional_properties_schema() {
            compare(ap, eager.elem(), lazy.elem(), beh, seen);
        }
    }

    /// On create a rule that reads `oldSelf` is skipped: what it reads of `self` is not
    /// converted then (`optionalOldSelf` rules run, and count).
    #[test]
    fn create_converts_only_what_the_rules_that_run_read() {
        let s = Schema::from_node(&Node::from_json(&serde_json::json!({
            "type": "object",
            "x-kubernetes-validations": [
                {"rule": "self == oldSelf"},
                {"rule": "has(self.a)"},
                {"rule": "oldSelf.hasValue() || self.b == 1", "optionalOldSelf": true}
            ],
            "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}
        })));
        let v = Validator::new(&s, false).expect("rules");
        let compiled = v.rules.as_ref().expect("rules").compiled(&s);
        assert_eq!(compiled.self_needs, Needs::All);
        let Needs::Fields(f) = &compiled.create_needs else {
            panic!("{:?}", compiled.create_needs)
        };
        let names: Vec<&str> = f.iter().map(|(n, _)| &**n).collect();
        assert_eq!(names, ["a", "b"]);
        assert!(compiled.reads_old);
    }
}
