//! Custom resources: prune, default and validate against a CRD version, with the API server's
//! semantics and messages.
//!
//! # The pipeline (the server's create path)
//!
//! [`validate_resource`] runs, in the server's order:
//!
//! 1. **Version**: the object's `apiVersion`, or [`Options::version`]; a version the CRD does not
//!    serve is an error and ends the pipeline. With `--version V` the object is treated as
//!    converted with strategy `None` (only `apiVersion` changes) and an info note says when the
//!    two schemas differ.
//! 2. **Unknown fields** ([`prune`]): every field the structural schema does not know is reported
//!    (`unknown field "spec.foo"`, severity from [`Options::unknown_fields`]) and pruned;
//!    `metadata` is decoded like Go's `ObjectMeta` (unknown keys dropped, wrongly typed keys
//!    rejected); embedded resources get the same treatment.
//! 3. **Nulls and defaults**: nulls in non-nullable fields without a default are dropped, then
//!    defaults are applied top-down.
//! 4. **Validation** of the result: TypeMeta (stops here if wrong), ObjectMeta, the schema
//!    (`openapi`, a port of kube-openapi), the scale subresource paths, embedded resources,
//!    list-type uniqueness.
//! 5. **CEL rules** (`x-kubernetes-validations`), only when no earlier error blocks them
//!    ([`cel_blocked`]; otherwise `cr/cel-not-checked`), on the pruned, defaulted object with
//!    one runtime budget per object, by [`crate::cel::eval::Validator`]. Each failure is a
//!    `cr/cel-rule` diagnostic with the server's text, its `path` the server's field path and its
//!    span the node that path names (the `fieldPath` node when the rule gives one). Transition
//!    rules (`oldSelf`) run only with a previous version of the object
//!    ([`validate_resource_update`]). Rules that do not compile are skipped, with one
//!    `cr/cel-rules-skipped` note per CRD version ([`CompiledCrd::cel_rules_skipped`] lists them).
//!
//! Every diagnostic's `message` is the server's full error text (`spec.x: Invalid value: ...`),
//! `path` the field path in the user's document, and `span` the offending node (for values
//! inserted by defaulting: the nearest node that was in the file).
//!
//! # Updates
//!
//! [`validate_resource_update`] with an old object runs the server's update path instead
//! (`update`: status carried over from the old object, ObjectMeta update rules; `openapi` and
//! the CEL validator ratchet errors on unchanged values through
//! [`crate::schema::correlate`]). Minor-dependent behaviour comes from one table,
//! [`crate::k8s::behavior`], looked up once per resource.
//!
//! # Prune and default output
//!
//! [`Outcome::stored`] is the object as the server would store it: pruned **and** defaulted
//! (what `crdlint default` prints). One deliberate difference: when the status subresource is
//! enabled the server drops `status` on create; it is not validated, but `stored` keeps it so
//! that `--write` does not delete what the user wrote. [`prune_only`] runs steps 1–2 and returns the object with
//! only the unknown fields removed (what `crdlint prune` prints). [`rewrite_file`] turns either into
//! minimal edits of the original text for `--write` (or refuses, and the file is not written).
//!
//! # Cost
//!
//! [`CompiledCrd::compile`] reads a CRD's names and versions and keeps each distinct schema's
//! node; the per-schema work runs once, when the first resource that needs the version arrives:
//! schema converted, defaults pre-pruned, every `pattern` compiled, every CEL rule compiled (in
//! the stored-expressions environment the server uses for rules it already holds). A run that
//! validates 10 kinds of 107 CRDs compiles 10 schemas. Validating a resource
//! clones it once (for pruning/defaulting) and walks it a few times; names and paths for messages
//! are built only when an error is reported.

mod formats;
mod link;
mod listtype;
mod objectmeta;
mod openapi;
pub mod prune;
pub mod rewrite;
pub mod rules;
mod update;
#[cfg(test)]
mod update_tests;

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use regex::Regex;

use crate::cel::eval::{Limits, RuleError, Validator};
use crate::diag::{Diagnostic, ObjectRef, Rule, Severity, Span};
use crate::k8s::field::{BadValue, ErrorType, FieldError};
use crate::k8s::{Behavior, FieldPath, KubeVersion};
use crate::schema::Schema;
use crate::yaml::{Node, Value};

use link::Link;
use listtype::Located;
pub use objectmeta::NameRule;
pub use prune::UnknownField;
pub use rewrite::{rewrite_file, Change, Refusal};

/// How unknown fields are reported (`--unknown-fields`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UnknownFields {
    /// As `kubectl apply` with strict field validation (its default).
    #[default]
    Error,
    Warn,
    Ignore,
}

#[derive(Clone, Debug, Default)]
pub struct Options {
    pub kube_version: KubeVersion,
    pub unknown_fields: UnknownFields,
    /// `--version V`: validate against this CRD version instead of the object's apiVersion.
    pub version: Option<String>,
    /// The endpoint an update goes through (`crdlint test`'s status updates).
    pub subresource: Subresource,
    /// On update, report each error that ratcheting dropped as a `cr/ratcheted` info finding
    /// (`--verbose`).
    pub report_ratcheted: bool,
}

/// The endpoint a write goes through, where the CRD has the status subresource.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Subresource {
    /// The main resource: `status` is not written (dropped on create, the old one kept on
    /// update), so it is not validated as part of the request.
    #[default]
    Main,
    /// `/status`: the object is validated with the `status` it carries.
    Status,
}

impl Options {
    /// The compatibility version whose string formats apply (the server uses its own minor − 1).
    fn compat_minor(&self) -> u32 {
        self.kube_version.minor.saturating_sub(1)
    }
}

/// The scale subresource's paths (`.spec.replicas`, as written in the CRD).
#[derive(Clone, Debug)]
struct Scale {
    spec_replicas_path: String,
    status_replicas_path: String,
    label_selector_path: Option<String>,
}

/// One version of a compiled CRD. What depends on the schema is prepared on first use
/// ([`CompiledVersion::prepared`], also reached through `Deref`), so a run compiles only the
/// versions its resources use.
#[derive(Debug)]
struct CompiledVersion {
    name: String,
    served: bool,
    /// Index of the first version whose schema is identical (for the `--version` note).
    schema_class: usize,
    scale: Option<Scale>,
    /// The status subresource is enabled: `status` is dropped on create before validation.
    status_subresource: bool,
    /// Shared by the versions of one schema class.
    lazy: Arc<LazySchema>,
}

/// A version's schema, kept as the CRD wrote it until a resource needs it.
#[derive(Debug)]
struct LazySchema {
    /// The `openAPIV3Schema` node, taken when the schema is prepared.
    source: std::sync::Mutex<Option<Node>>,
    prepared: std::sync::OnceLock<PreparedSchema>,
}

impl LazySchema {
    fn new(source: Option<&Node>) -> LazySchema {
        LazySchema {
            source: std::sync::Mutex::new(source.cloned()),
            prepared: std::sync::OnceLock::new(),
        }
    }

    fn ready(prepared: PreparedSchema) -> LazySchema {
        LazySchema {
            source: std::sync::Mutex::new(None),
            prepared: std::sync::OnceLock::from(prepared),
        }
    }

    /// Whether the unprepared source nests deep enough in YAML for the schema conversion to
    /// cut it at [`crate::schema::MAX_DEPTH`] (each schema level is at least one YAML level).
    fn may_be_truncated(&self) -> bool {
        fn reaches(n: &Node, depth: usize) -> bool {
            if depth + 1 >= crate::schema::MAX_DEPTH {
                return true;
            }
            if let Some(m) = n.as_map() {
                m.entries.iter().any(|e| reaches(&e.value, depth + 1))
            } else if let Some(l) = n.as_seq() {
                l.iter().any(|x| reaches(x, depth + 1))
            } else {
                false
            }
        }
        match self.source.lock() {
            Ok(s) => s.as_ref().is_some_and(|n| reaches(n, 0)),
            Err(poisoned) => poisoned
                .into_inner()
                .as_ref()
                .is_some_and(|n| reaches(n, 0)),
        }
    }

    /// The prepared schema; the first caller prepares it (others wait for it), then the
    /// source node is dropped.
    fn get(&self) -> &PreparedSchema {
        self.prepared.get_or_init(|| {
            let source = match self.source.lock() {
                Ok(mut s) => s.take(),
                Err(poisoned) => poisoned.into_inner().take(),
            };
            PreparedSchema::new(source.as_ref())
        })
    }
}

/// A version's structural schema and everything validation derives from it.
#[derive(Debug)]
struct PreparedSchema {
    /// The version's structural schema, defaults pre-pruned; `None` when the CRD has none.
    schema: Option<Schema>,
    has_cel_rules: bool,
    /// The compiled `x-kubernetes-validations` rules.
    cel: Option<CelRules>,
    /// Some node is `x-kubernetes-embedded-resource` (else the embedded walks are skipped).
    has_embedded: bool,
    /// Some node is a `set` or `map` list (else the list-type walk is skipped).
    has_list_types: bool,
    /// Every `pattern` compiled and every `format` looked up.
    patterns: HashMap<String, Result<Arc<Regex>, String>>,
    formats: formats::Formats,
}

impl PreparedSchema {
    /// Converts a CRD version's `openAPIV3Schema` node and compiles what validation needs.
    fn new(node: Option<&Node>) -> PreparedSchema {
        PreparedSchema::from_schema(node.map(Schema::from_node), true, None)
    }

    /// Prepares a converted schema: defaults pre-pruned, patterns compiled, formats looked up
    /// (`byte_check` replaces the `byte` format's check), and the CEL rules compiled when
    /// `with_cel`.
    fn from_schema(
        schema: Option<Schema>,
        with_cel: bool,
        byte_check: Option<crate::schema::formats::FormatFn>,
    ) -> PreparedSchema {
        let mut patterns = HashMap::new();
        let mut formats = HashMap::new();
        let schema = schema.map(|mut s| {
            prune::prepare_defaults(&mut s, 0);
            collect_patterns(&s, &mut patterns, &mut formats, 0);
            s
        });
        if let (Some(check), Some(byte)) = (byte_check, formats.get_mut("byte")) {
            byte.check = Some(check);
        }
        let has_cel_rules = with_cel && schema.as_ref().is_some_and(Schema::has_validation_rules);
        let cel = schema
            .as_ref()
            .filter(|_| has_cel_rules)
            .map(CelRules::compile);
        let (has_embedded, has_list_types) = flags(schema.as_ref());
        PreparedSchema {
            schema,
            has_cel_rules,
            cel,
            has_embedded,
            has_list_types,
            patterns,
            formats,
        }
    }
}

impl std::ops::Deref for CompiledVersion {
    type Target = PreparedSchema;
    /// `ver.schema`-style access to the prepared schema, preparing it on first use.
    fn deref(&self) -> &PreparedSchema {
        self.lazy.get()
    }
}

/// The CEL rules of one schema, compiled once with the stored-expressions environment (what
/// the server uses for rules already in etcd).
struct CelRules {
    /// `None` when no rule is visible to CEL.
    validator: Option<Validator>,
    /// Rules that do not compile, as `<schema path>: <detail>`; skipped when validating.
    /// Listed lazily, the first time a resource reaches one: a second compilation of every
    /// rule just to find none broken would cost more than validating most workloads.
    broken: std::sync::OnceLock<Vec<String>>,
}

impl fmt::Debug for CelRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CelRules")
            .field("validator", &self.validator.is_some())
            .field("broken", &self.broken.get())
            .finish()
    }
}

impl CelRules {
    fn compile(s: &Schema) -> CelRules {
        CelRules {
            validator: Validator::new(s, true),
            broken: std::sync::OnceLock::new(),
        }
    }

    /// The broken rules of `s` (the schema this was compiled from). The validator reports a
    /// broken rule only when it reaches it (as the server would, had it accepted the CRD); this
    /// lists them all, once.
    fn broken(&self, s: &Schema) -> &[String] {
        self.broken
            .get_or_init(|| Self::list_broken(s, self.validator.is_some()))
    }

    fn list_broken(s: &Schema, any: bool) -> Vec<String> {
        let opts = crate::cel::CompileOptions {
            env: crate::cel::EnvKind::StoredExpressions,
            ..crate::cel::CompileOptions::default()
        };
        let mut broken = Vec::new();
        if any {
            for n in crate::cel::rules::compile_crd_rules(s, &FieldPath::root(), &opts) {
                let at = if n.path.is_root() {
                    "the schema root".to_string()
                } else {
                    n.path.to_string()
                };
                if n.decl.is_none() {
                    broken.push(format!("{at}: no CEL type for this node"));
                    continue;
                }
                for (r, c) in n.schema.x_validations.iter().zip(&n.results) {
                    if let Some(e) = &c.error {
                        broken.push(format!("{at}: rule {:?}: {}", r.rule, e.detail));
                    }
                }
            }
        }
        broken
    }
}

/// Whether any structural node below `s` satisfies `f`.
fn any_structural(s: &Schema, f: &dyn Fn(&Schema) -> bool, depth: usize) -> bool {
    if f(s) {
        return true;
    }
    depth < crate::schema::MAX_DEPTH
        && s.structural_children()
            .any(|(_, c)| any_structural(c, f, depth + 1))
}

fn flags(s: Option<&Schema>) -> (bool, bool) {
    let Some(s) = s else {
        return (false, false);
    };
    (
        any_structural(s, &|n| n.x_embedded_resource, 0),
        any_structural(s, &|n| n.is_list_set() || n.is_list_map(), 0),
    )
}

/// A CRD prepared once for validating many resources (schemas converted, patterns and rules
/// compiled).
#[derive(Debug)]
pub struct CompiledCrd {
    pub group: String,
    pub kind: String,
    pub plural: String,
    /// Served and unserved version names, in the CRD's order.
    pub versions: Vec<String>,
    /// `spec.scope == Namespaced`.
    pub namespaced: bool,
    /// `spec.preserveUnknownFields: true` (v1beta1 only): nothing is pruned.
    pub preserve_unknown_fields: bool,
    /// `spec.conversion.strategy` (`None` when absent).
    pub conversion: String,
    compiled: Vec<CompiledVersion>,
    /// The `metadata.name` rule (custom resources: DNS subdomain; built-in kinds vary).
    name_rule: NameRule,
}

/// Go's `base64.StdEncoding` decoding a `[]byte` field: empty is fine, `\r` and `\n` are
/// skipped. A whole-value `<PLACEHOLDER>` (letters, digits, `_`, `-`, `.`) is let through too:
/// manifests and docs carry them for a tool to substitute before applying (README says so).
fn go_base64(s: &str) -> bool {
    let placeholder = s.len() > 2
        && s.starts_with('<')
        && s.ends_with('>')
        && s[1..s.len() - 1]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-.".contains(&b));
    if placeholder {
        return true;
    }
    let flat: String = s.chars().filter(|c| *c != '\n' && *c != '\r').collect();
    flat.is_empty() || crate::schema::formats::is_base64(&flat)
}

/// A built-in kind's one version, for [`CompiledCrd::builtin`].
pub struct BuiltinKind {
    /// Empty for the core group (`apiVersion: v1`).
    pub group: String,
    pub version: String,
    pub kind: String,
    pub namespaced: bool,
    pub name_rule: NameRule,
    /// The converted OpenAPI definition (root `metadata` left to the ObjectMeta checks).
    pub schema: Schema,
}

impl CompiledCrd {
    /// Prepares a CRD document. Fails when the document is not a usable CRD (no group, kind or
    /// versions); lint reports the details.
    pub fn compile(crd: &Node) -> Result<CompiledCrd, String> {
        let spec = crd
            .get("spec")
            .filter(|s| s.as_map().is_some())
            .ok_or("the CRD has no spec")?;
        let group = spec
            .get_str("group")
            .filter(|g| !g.is_empty())
            .ok_or("the CRD has no spec.group")?
            .to_string();
        let kind = spec
            .at(&["names", "kind"])
            .and_then(Node::as_str)
            .filter(|k| !k.is_empty())
            .ok_or("the CRD has no spec.names.kind")?
            .to_string();
        let plural = spec
            .at(&["names", "plural"])
            .and_then(Node::as_str)
            .unwrap_or("")
            .to_string();
        let namespaced = spec.get_str("scope") != Some("Cluster");
        // v1beta1 defaults `preserveUnknownFields` to true (v1beta1 `SetDefaults_...Spec`); v1
        // to false, and there a schema is required for every version.
        let preserve_unknown_fields = spec
            .get("preserveUnknownFields")
            .and_then(Node::as_bool)
            .unwrap_or(crd.get_str("apiVersion") == Some("apiextensions.k8s.io/v1beta1"));
        let conversion = spec
            .at(&["conversion", "strategy"])
            .and_then(Node::as_str)
            .unwrap_or("None")
            .to_string();
        let top_schema = spec.at(&["validation", "openAPIV3Schema"]);
        let top_sub = spec.get("subresources");
        let mut raw: Vec<(String, bool, Option<&Node>, Option<&Node>)> = Vec::new();
        match spec.get("versions").and_then(Node::as_seq) {
            Some(vs) if !vs.is_empty() => {
                for v in vs {
                    let Some(name) = v.get_str("name") else {
                        continue;
                    };
                    let served = v.get("served").and_then(Node::as_bool).unwrap_or(false);
                    let schema = v.at(&["schema", "openAPIV3Schema"]).or(top_schema);
                    let sub = v.get("subresources").or(top_sub);
                    raw.push((name.to_string(), served, schema, sub));
                }
            }
            _ => {
                // v1beta1 with only `spec.version`.
                if let Some(name) = spec.get_str("version") {
                    raw.push((name.to_string(), true, top_schema, top_sub));
                }
            }
        }
        if raw.is_empty() {
            return Err("the CRD has no versions".into());
        }
        let mut compiled: Vec<CompiledVersion> = Vec::with_capacity(raw.len());
        for (i, (name, served, schema_node, sub)) in raw.iter().enumerate() {
            let schema_class = raw[..i]
                .iter()
                .position(|(_, _, other, _)| match (other, schema_node) {
                    (Some(a), Some(b)) => std::ptr::eq(*a, *b) || a.value_eq(b),
                    (None, None) => true,
                    _ => false,
                })
                .map(|j| compiled[j].schema_class)
                .unwrap_or(i);
            // Converted and compiled when the first resource of this schema class arrives.
            let lazy = if schema_class < i {
                compiled[schema_class].lazy.clone()
            } else {
                Arc::new(LazySchema::new(*schema_node))
            };
            let scale = sub.and_then(|s| s.get("scale")).map(|sc| Scale {
                spec_replicas_path: sc.get_str("specReplicasPath").unwrap_or("").to_string(),
                status_replicas_path: sc.get_str("statusReplicasPath").unwrap_or("").to_string(),
                label_selector_path: sc.get_str("labelSelectorPath").map(str::to_string),
            });
            let status_subresource = sub.and_then(|s| s.get("status")).is_some();
            compiled.push(CompiledVersion {
                name: name.clone(),
                served: *served,
                schema_class,
                scale,
                status_subresource,
                lazy,
            });
        }
        // A schema cut at `schema::MAX_DEPTH` would call real fields unknown and prune them:
        // refuse the CRD (the lint says where) rather than validate against part of it.
        // Only a schema node nested that deep in YAML can be cut, so the others stay lazy.
        if let Some(v) = compiled
            .iter()
            .find(|v| v.lazy.may_be_truncated() && v.schema.as_ref().is_some_and(is_truncated))
        {
            return Err(format!(
                "the schema of version {:?} nests deeper than {} levels, which crdlint does not follow",
                v.name,
                crate::schema::MAX_DEPTH
            ));
        }
        Ok(CompiledCrd {
            group,
            kind,
            plural,
            versions: compiled.iter().map(|v| v.name.clone()).collect(),
            namespaced,
            preserve_unknown_fields,
            conversion,
            compiled,
            name_rule: NameRule::DnsSubdomain,
        })
    }

    /// Prepares one version of a built-in kind, validated by the same pipeline as custom
    /// resources. `status` is dropped before validation on create, as the server's strategies
    /// (`PrepareForCreate`) do for every built-in kind that has one.
    pub fn builtin(b: BuiltinKind) -> CompiledCrd {
        let status_subresource = b.schema.properties.contains_key("status");
        // `[]byte` fields are decoded by Go's base64, which takes the empty string (a Secret's
        // `key: ''`) and skips line breaks; kube-openapi's `byte` check, right for CRDs, does
        // neither.
        let prepared = PreparedSchema::from_schema(Some(b.schema), false, Some(go_base64));
        CompiledCrd {
            group: b.group,
            kind: b.kind,
            plural: String::new(),
            versions: vec![b.version.clone()],
            namespaced: b.namespaced,
            preserve_unknown_fields: false,
            conversion: "None".into(),
            compiled: vec![CompiledVersion {
                name: b.version,
                served: true,
                schema_class: 0,
                scale: None,
                status_subresource,
                lazy: Arc::new(LazySchema::ready(prepared)),
            }],
            name_rule: b.name_rule,
        }
    }

    /// Builds a compiled CRD around one schema (for tests and tools that have only a schema):
    /// group `example.com`, version `v1`, kind `Foo`, cluster-scoped.
    pub fn from_schema(schema: &Node) -> CompiledCrd {
        let prepared = PreparedSchema::new(Some(schema));
        CompiledCrd {
            group: "example.com".into(),
            kind: "Foo".into(),
            plural: "foos".into(),
            versions: vec!["v1".into()],
            namespaced: false,
            preserve_unknown_fields: false,
            conversion: "None".into(),
            compiled: vec![CompiledVersion {
                name: "v1".into(),
                served: true,
                schema_class: 0,
                scale: None,
                status_subresource: false,
                lazy: Arc::new(LazySchema::ready(prepared)),
            }],
            name_rule: NameRule::DnsSubdomain,
        }
    }

    /// The structural schema of a version (defaults pre-pruned), if the version exists and has
    /// one.
    pub fn schema(&self, version: &str) -> Option<&Schema> {
        self.compiled
            .iter()
            .find(|v| v.name == version)
            .and_then(|v| v.schema.as_ref())
    }

    /// Whether `version` has the status subresource.
    pub fn has_status_subresource(&self, version: &str) -> bool {
        self.compiled
            .iter()
            .any(|v| v.name == version && v.status_subresource)
    }

    /// Names of the served versions.
    pub fn served_versions(&self) -> impl Iterator<Item = &str> {
        self.compiled
            .iter()
            .filter(|v| v.served)
            .map(|v| v.name.as_str())
    }

    /// Schema-only validation of a value with root path nil (the server's
    /// `ValidateCustomResource(nil, obj, validator)`): no pruning, defaulting or metadata checks.
    /// Returns the field errors with the nodes they point at.
    pub fn validate_schema_only(
        &self,
        version: &str,
        value: &Node,
        compat_minor: u32,
    ) -> Vec<(FieldError, Span)> {
        let Some(ver) = self.compiled.iter().find(|v| v.name == version) else {
            return Vec::new();
        };
        let Some(s) = &ver.schema else {
            return Vec::new();
        };
        let cx = openapi::Ctx {
            patterns: &ver.patterns,
            formats: &ver.formats,
            compat_minor,
            beh: Behavior::of(KubeVersion {
                minor: compat_minor + 1,
            }),
        };
        let res = openapi::validate(&cx, s, value, None, &openapi::Name::Root, value.span, 0);
        res.errs
            .iter()
            .map(|e| (e.to_field_error(), e.span))
            .collect()
    }

    /// The `x-kubernetes-validations` rules of a version that do not compile, as
    /// `<schema path>: rule "<rule>": <server detail>` (validation skips them; the linter
    /// reports them at the CRD). Empty for unknown versions.
    pub fn cel_rules_skipped(&self, version: &str) -> &[String] {
        self.compiled
            .iter()
            .find(|v| v.name == version)
            .and_then(|v| Some(v.cel.as_ref()?.broken(v.schema.as_ref()?)))
            .unwrap_or(&[])
    }

    /// CEL rules only, with root path nil and no gate (the server's
    /// `celValidator.Validate(ctx, nil, schema, obj, old, RuntimeCELCostBudget)`): every
    /// rule error with the node it points at. `value` is used as given (not pruned or
    /// defaulted); rules that do not compile are skipped.
    pub fn validate_rules_only(
        &self,
        version: &str,
        value: &Node,
        old: Option<&Node>,
    ) -> Vec<(RuleError, Span)> {
        let Some(v) = self
            .compiled
            .iter()
            .find(|v| v.name == version)
            .and_then(|v| v.cel.as_ref())
            .and_then(|c| c.validator.as_ref())
        else {
            return Vec::new();
        };
        let mut budget = crate::cel::eval::rules::RUNTIME_BUDGET;
        v.validate(
            &FieldPath::root(),
            value,
            old,
            Limits::default(),
            &mut budget,
        )
        .into_iter()
        .filter(|e| !is_compile_error(e))
        .map(|e| {
            let span = locate(value, &e.path.to_string());
            (e, span)
        })
        .collect()
    }
}

/// Compiles every `pattern` and looks up every `format` of a schema, once per CRD.
fn collect_patterns(
    s: &Schema,
    out: &mut HashMap<String, Result<Arc<Regex>, String>>,
    fmts: &mut formats::Formats,
    depth: usize,
) {
    if depth > crate::schema::MAX_DEPTH {
        return;
    }
    if let Some(p) = &s.pattern {
        if !p.is_empty() && !out.contains_key(p) {
            out.insert(p.clone(), crate::schema::regex::compile(p));
        }
    }
    if let Some(f) = &s.format {
        if !fmts.contains_key(f) {
            fmts.insert(f.clone(), formats::info(f));
        }
    }
    for (_, c) in s.children() {
        collect_patterns(c, out, fmts, depth + 1);
    }
}

/// The result of validating one resource.
#[derive(Debug, Default)]
pub struct Outcome {
    pub diagnostics: Vec<Diagnostic>,
    /// The object as the server would store it (pruned and defaulted), when it could be computed.
    pub stored: Option<Node>,
    /// The CRD version the object was validated against (for per-version summaries); `None`
    /// when no served version matched.
    pub version: Option<String>,
}

impl Outcome {
    /// True when any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Shared state of one run of the pipeline.
struct Run<'a> {
    crd: &'a CompiledCrd,
    opts: &'a Options,
    /// The emulated minor's behaviours, looked up once.
    beh: Behavior,
    diags: Vec<Diagnostic>,
    /// The object as read, for the [`ObjectRef`] built on the first diagnostic.
    source: Option<&'a Node>,
    object: Option<Arc<ObjectRef>>,
}

impl Run<'_> {
    fn push(&mut self, d: Diagnostic) {
        if self.object.is_none() {
            self.object = self.source.map(object_ref);
        }
        let d = match &self.object {
            Some(o) => d.with_object(o.clone()),
            None => d,
        };
        self.diags.push(d);
    }

    fn field_error(
        &mut self,
        rule: &'static Rule,
        fe: &FieldError,
        span: Span,
        help: Option<&str>,
    ) {
        let path = fe.path.to_string();
        let mut d = Diagnostic::new(rule, span, fe.render(self.beh)).with_path(path);
        if let Some(h) = help {
            d = d.with_help(h);
        }
        self.push(d);
    }
}

fn object_ref(obj: &Node) -> Arc<ObjectRef> {
    Arc::new(ObjectRef {
        api_version: obj.get_str("apiVersion").unwrap_or("").to_string(),
        kind: obj.get_str("kind").unwrap_or("").to_string(),
        name: obj
            .at(&["metadata", "name"])
            .and_then(Node::as_str)
            .or_else(|| obj.at(&["metadata", "generateName"]).and_then(Node::as_str))
            .unwrap_or("")
            .to_string(),
        namespace: obj
            .at(&["metadata", "namespace"])
            .and_then(Node::as_str)
            .map(str::to_string),
    })
}

/// Which steps of the pipeline to run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Prune,
    Full,
}

/// Validates one custom resource whose group and kind match `crd`.
pub fn validate_resource(crd: &CompiledCrd, obj: &Node, opts: &Options) -> Outcome {
    run(crd, obj, None, opts, Stage::Full)
}

/// [`validate_resource`] for an update through the main endpoint, as the server's update
/// strategy runs it: `old` is the previous version of the object (as read from a file or git;
/// it is pruned and defaulted the same way before use). With `old: None` this is exactly
/// [`validate_resource`] (create). With an old object:
///
/// * transition rules (`oldSelf`) run, `oldSelf` bound to the correlated old node;
/// * with the status subresource the old object's `status` replaces the new one for
///   validation (rules on the root reading `self.status` see it);
/// * ObjectMeta gets the update checks (immutable name, namespace, uid, timestamps...) instead
///   of the create checks;
/// * from 1.30 (ratcheting) schema and CEL errors on values unchanged from the old object are
///   dropped, or reported as `cr/ratcheted` infos with [`Options::report_ratcheted`];
///   list-uniqueness is checked only if the old object passed it.
///
/// This is the library entry point for any caller that validates an update (the CLI's
/// `--old`/`--old-ref`, CRD upgrade checks validating stored objects as updates from
/// themselves: `validate_resource_update(crd, obj, Some(obj), opts)`).
pub fn validate_resource_update(
    crd: &CompiledCrd,
    obj: &Node,
    old: Option<&Node>,
    opts: &Options,
) -> Outcome {
    run(crd, obj, old, opts, Stage::Full)
}

/// Steps 1–2 of the pipeline only: the object with unknown fields pruned (including unknown
/// `metadata` keys), with the version and unknown-field diagnostics. This is what
/// `crdlint prune` prints; `crdlint default` prints [`validate_resource`]'s `stored`.
pub fn prune_only(crd: &CompiledCrd, obj: &Node, opts: &Options) -> Outcome {
    run(crd, obj, None, opts, Stage::Prune)
}

fn run(crd: &CompiledCrd, obj: &Node, old: Option<&Node>, opts: &Options, stage: Stage) -> Outcome {
    let mut out = run_inner(crd, obj, old, opts, stage);
    if out.stored.is_some() {
        let own = obj
            .get_str("apiVersion")
            .and_then(|av| av.rsplit_once('/').map(|(_, v)| v).or(Some(av)))
            .unwrap_or("");
        out.version = Some(opts.version.as_deref().unwrap_or(own).to_string());
    }
    out
}

fn run_inner(
    crd: &CompiledCrd,
    obj: &Node,
    old: Option<&Node>,
    opts: &Options,
    stage: Stage,
) -> Outcome {
    let mut r = Run {
        crd,
        opts,
        beh: Behavior::of(opts.kube_version),
        diags: Vec::new(),
        source: None,
        object: None,
    };
    let Value::Map(_) = &obj.value else {
        r.push(
            Diagnostic::new(
                &rules::NOT_AN_OBJECT,
                obj.span,
                format!(
                    "the document is {} {}, not an object",
                    if matches!(obj.value, Value::Seq(_) | Value::Int(_)) {
                        "an"
                    } else {
                        "a"
                    },
                    obj.kind()
                ),
            )
            .with_path("<nil>"),
        );
        return Outcome {
            diagnostics: r.diags,
            stored: None,
            version: None,
        };
    };
    r.source = Some(obj);

    // 1. The version.
    let own_version = obj
        .get_str("apiVersion")
        .and_then(|av| av.rsplit_once('/').map(|(_, v)| v).or(Some(av)))
        .unwrap_or("");
    let version_name = opts.version.as_deref().unwrap_or(own_version);
    let Some(ver) = crd
        .compiled
        .iter()
        .find(|v| v.name == version_name && v.served)
    else {
        let span = obj.get("apiVersion").map_or(obj.span, |n| n.span);
        let served: Vec<&str> = crd.served_versions().collect();
        let known = crd.compiled.iter().any(|v| v.name == version_name);
        if version_name.is_empty() {
            r.push(
                Diagnostic::new(
                    &rules::VERSION_NOT_SERVED,
                    obj.span,
                    "apiVersion: Required value: the object has no apiVersion, so no CRD version applies",
                )
                .with_path("apiVersion")
                .with_help(format!("served versions: {}", served.join(", "))),
            );
            return Outcome {
                diagnostics: r.diags,
                stored: None,
                version: None,
            };
        }
        let what = if known {
            "is not served"
        } else {
            "does not exist"
        };
        r.push(
            Diagnostic::new(
                &rules::VERSION_NOT_SERVED,
                span,
                format!(
                    "version {:?} of {}.{} {what}: the server could not find the requested resource",
                    version_name, crd.plural, crd.group
                ),
            )
            .with_path("apiVersion")
            .with_help(format!("served versions: {}", served.join(", "))),
        );
        return Outcome {
            diagnostics: r.diags,
            stored: None,
            version: None,
        };
    };

    let mut x = obj.clone();
    if opts.version.is_some() && version_name != own_version {
        let target = format!("{}/{}", crd.group, ver.name);
        if let Some(av) = x.as_map_mut().and_then(|m| m.get_mut("apiVersion")) {
            av.value = Value::String(target.clone());
        }
        let own = crd.compiled.iter().find(|v| v.name == own_version);
        if own.is_some_and(|o| o.schema_class != ver.schema_class) {
            let span = obj.get("apiVersion").map_or(obj.span, |n| n.span);
            r.push(
                Diagnostic::new(
                    &rules::VERSION_SCHEMA_DIFFERS,
                    span,
                    if crd.conversion == "None" {
                        format!(
                            "validating as {target}: the schema of version {:?} differs from that of {:?}; with conversion strategy None only apiVersion changes",
                            ver.name, own_version
                        )
                    } else {
                        format!(
                            "validating as {target}: the schema of version {:?} differs from that of {:?}; the CRD converts with strategy {}, which crdlint cannot run, so only apiVersion was changed",
                            ver.name, own_version, crd.conversion
                        )
                    },
                )
                .with_path("apiVersion"),
            );
        }
    }

    // 2. Unknown fields: root metadata first (as the server decodes it first), then pruning,
    //    then embedded metadata.
    let mut unknown: Vec<UnknownField> = Vec::new();
    let mut fatal = false;
    if let Some(meta) = x.get("metadata") {
        let d = objectmeta::decode(meta, "");
        unknown.extend(d.unknown);
        if let Some((msg, span)) = d.error {
            let v = BadValue::from_node(meta);
            let fe = FieldError::invalid(FieldPath::new("metadata"), v, msg);
            r.field_error(
                &rules::NOT_AN_OBJECT,
                &fe,
                span,
                Some("the server cannot decode this metadata and rejects the request"),
            );
            fatal = true;
        }
    }
    if let Some(m) = x.as_map_mut().and_then(|m| m.get_mut("metadata")) {
        objectmeta::drop_unknown(m);
    }
    let schema = ver.schema.as_ref();
    // Without a schema nothing is pruned: the server requires one whenever it prunes.
    if !crd.preserve_unknown_fields && schema.is_some() {
        unknown.extend(prune::prune(&mut x, schema, true));
        prune::prune_non_nullable_nulls(&mut x, schema);
    }
    let root = Link::Root(None);
    let mut coerce_unknown = Vec::new();
    if let Some((fe, span)) =
        objectmeta::coerce(&mut x, schema, &root, false, &mut coerce_unknown, 0)
    {
        r.field_error(&rules::EMBEDDED_RESOURCE, &fe, span, None);
        fatal = true;
    }
    coerce_unknown.sort_by(|a, b| a.path.cmp(&b.path));
    unknown.extend(coerce_unknown);
    report_unknown(&mut r, &unknown);

    if stage == Stage::Prune {
        return Outcome {
            diagnostics: r.diags,
            stored: Some(x),
            version: None,
        };
    }

    // 3. Defaults.
    prune::apply_defaults(&mut x, schema);
    if fatal {
        return Outcome {
            diagnostics: r.diags,
            stored: Some(x),
            version: None,
        };
    }

    // 4. Validation. On update the old object is stored data (pruned and defaulted). With the
    //    status subresource, create drops `status` and update keeps the old one
    //    (`PrepareForCreate`/`PrepareForUpdate`); the user's status is put back afterwards so
    //    `stored` keeps the user's text.
    let old_x = old
        .filter(|o| o.as_map().is_some())
        .map(|o| update::prepare_old(crd, ver, o));
    //    Through `/status` (`crdlint test`'s status updates) the object keeps its own status.
    let status = (ver.status_subresource && opts.subresource == Subresource::Main)
        .then(|| update::carry_status(&mut x, old_x.as_ref()));
    validate_stored(&mut r, ver, &x, old_x.as_ref());
    if let Some(saved) = status {
        update::restore_status(&mut x, saved);
    }
    Outcome {
        diagnostics: r.diags,
        stored: Some(x),
        version: None,
    }
}

fn report_unknown(r: &mut Run<'_>, unknown: &[UnknownField]) {
    let severity = match r.opts.unknown_fields {
        UnknownFields::Ignore => return,
        UnknownFields::Warn => Severity::Warning,
        UnknownFields::Error => Severity::Error,
    };
    for u in unknown {
        let d = Diagnostic::new(
            &rules::UNKNOWN_FIELD,
            u.span,
            format!("unknown field \"{}\"", u.path),
        )
        .with_path(u.path.clone())
        .with_severity(severity)
        .with_help(
            "the API server prunes this field; `kubectl apply` rejects it (strict field validation)",
        );
        r.push(d);
    }
}

/// Previous versions of objects, for transition rules (`--old`, `--old-ref`): each is found by
/// apiVersion, kind, namespace and name, as the server finds the stored object an update
/// replaces. The first object with a key wins.
#[derive(Debug, Default)]
pub struct OldObjects {
    by_key: HashMap<OldKey, Node>,
}

type OldKey = (String, String, Option<String>, String);

impl OldObjects {
    pub fn new() -> Self {
        OldObjects::default()
    }

    fn key(obj: &Node) -> Option<OldKey> {
        let name = obj.at(&["metadata", "name"]).and_then(Node::as_str)?;
        Some((
            obj.get_str("apiVersion")?.to_string(),
            obj.get_str("kind")?.to_string(),
            obj.at(&["metadata", "namespace"])
                .and_then(Node::as_str)
                .map(str::to_string),
            name.to_string(),
        ))
    }

    /// Adds an object (a `List` adds its items); objects without apiVersion, kind or
    /// metadata.name cannot be matched and are ignored.
    pub fn add(&mut self, obj: Node) {
        self.add_at(obj, 0);
    }

    fn add_at(&mut self, obj: Node, depth: usize) {
        let is_list = obj
            .get_str("kind")
            .is_some_and(|k| k == "List" || k.ends_with("List"))
            && obj.get("items").and_then(Node::as_seq).is_some();
        if is_list && depth < 4 {
            let mut obj = obj;
            let items = obj
                .as_map_mut()
                .and_then(|m| m.get_mut("items"))
                .map(|n| std::mem::replace(&mut n.value, Value::Null));
            if let Some(Value::Seq(items)) = items {
                for it in items {
                    self.add_at(it, depth + 1);
                }
            }
            return;
        }
        if let Some(k) = Self::key(&obj) {
            self.by_key.entry(k).or_insert(obj);
        }
    }

    /// Adds every document of a YAML text.
    pub fn add_text(&mut self, text: &str) {
        for d in crate::yaml::load(text) {
            if let Some(root) = d.root {
                self.add(root);
            }
        }
    }

    /// The previous version of `obj`, if one was given.
    pub fn get(&self, obj: &Node) -> Option<&Node> {
        self.by_key.get(&Self::key(obj)?)
    }

    pub fn len(&self) -> usize {
        self.by_key.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }
}

/// Error types after which the server does not evaluate CEL rules (`strategy.go`).
pub fn cel_blocked(errors: &[FieldError]) -> bool {
    cel_blocked_at(errors, Behavior::NEWEST)
}

/// [`cel_blocked`] as the minor of `b` decides it (enum violations block from 1.29).
pub fn cel_blocked_at(errors: &[FieldError], b: Behavior) -> bool {
    errors.iter().any(|e| {
        (b.cel_blocked_by_enum && e.kind == ErrorType::NotSupported)
            || matches!(
                e.kind,
                ErrorType::Required
                    | ErrorType::TooLong
                    | ErrorType::TooMany
                    | ErrorType::TypeInvalid
            )
    })
}

/// True when some node of the schema was cut at the depth cap.
fn is_truncated(s: &Schema) -> bool {
    let mut cut = false;
    s.walk(&crate::k8s::FieldPath::root(), &mut |_, n| {
        cut |= n.truncated;
        !cut
    });
    cut
}

/// Evaluates the version's CEL rules on the pruned, defaulted object (the server's last
/// validation step) with one per-object runtime budget.
fn run_cel(r: &mut Run<'_>, ver: &CompiledVersion, cel: &CelRules, x: &Node, old: Option<&Node>) {
    let Some(v) = &cel.validator else {
        return;
    };
    let mut budget = crate::cel::eval::rules::RUNTIME_BUDGET;
    let limits = Limits {
        behavior: r.beh,
        ..Limits::default()
    };
    // Ratcheting follows the structural schema; without it (before 1.30) nothing ratchets.
    let corr_schema = ver.schema.as_ref().filter(|_| r.beh.ratcheting);
    let errs = v.validate_ratcheting(&FieldPath::root(), x, old, corr_schema, limits, &mut budget);
    let broken = match &ver.schema {
        Some(s) if errs.iter().any(is_compile_error) => cel.broken(s),
        _ => &[],
    };
    // Every resource that reaches a broken rule carries the note; the run driver keeps the
    // first in output order, so which resource shows it does not depend on thread scheduling.
    if !broken.is_empty() {
        let n = broken.len();
        let mut help = broken
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("; ");
        if n > 5 {
            help.push_str(&format!("; and {} more", n - 5));
        }
        let (s, does, was) = if n == 1 {
            ("", "does", "was")
        } else {
            ("s", "do", "were")
        };
        let msg = format!(
            "{n} x-kubernetes-validations rule{s} of {}.{} version {} {does} not compile and {was} \
             not evaluated (reported once per CRD version)",
            r.crd.plural, r.crd.group, ver.name
        );
        r.push(Diagnostic::new(&rules::CEL_RULES_SKIPPED, x.span, msg).with_help(help));
    }
    for e in errs {
        if is_compile_error(&e) {
            continue;
        }
        let path = e.path.to_string();
        let span = locate(x, &path);
        if e.ratcheted {
            report_ratcheted(r, span, path, e.to_string());
            continue;
        }
        r.push(Diagnostic::new(&rules::CEL_RULE, span, e.to_string()).with_path(path));
    }
}

/// An error ratcheting dropped, as a `cr/ratcheted` info finding when `--verbose` asks.
fn report_ratcheted(r: &mut Run<'_>, span: Span, path: String, message: String) {
    if !r.opts.report_ratcheted {
        return;
    }
    let d = Diagnostic::new(&rules::RATCHETED, span, message)
        .with_path(path)
        .with_help("the value is unchanged from the old object, so the server lets this update through with a warning; the next change to it must fix the error");
    r.push(d);
}

/// The errors the validator reports for rules that did not compile (skipped; noted once).
fn is_compile_error(e: &RuleError) -> bool {
    e.detail.starts_with("rule compile error: ")
        || e.detail.starts_with("rule compiler initialization error: ")
}

/// The node a server field path (`spec.a[0].m[k.x]`, `<nil>`) names in `root`, or the deepest
/// node on the way that came from the file (defaulted values have no span). Keys may contain
/// dots and brackets, so each step matches the longest key of the actual map that fits.
fn locate(root: &Node, path: &str) -> Span {
    let mut best = root.span;
    if path == "<nil>" {
        return best;
    }
    let mut cur = root;
    let mut rest = path;
    let mut first = true;
    while !rest.is_empty() {
        let step: Option<(&Node, &str)> = if let Some(r) = rest.strip_prefix('[') {
            match &cur.value {
                Value::Seq(items) => r.split_once(']').and_then(|(i, t)| {
                    let i: usize = i.parse().ok()?;
                    Some((items.get(i)?, t))
                }),
                Value::Map(m) => m
                    .entries
                    .iter()
                    .filter_map(|e| {
                        let t = r.strip_prefix(e.key.as_str())?.strip_prefix(']')?;
                        Some((e.key.len(), &e.value, t))
                    })
                    .max_by_key(|(l, _, _)| *l)
                    .map(|(_, n, t)| (n, t)),
                _ => None,
            }
        } else {
            let r = if first {
                Some(rest)
            } else {
                rest.strip_prefix('.')
            };
            match (r, &cur.value) {
                (Some(r), Value::Map(m)) => m
                    .entries
                    .iter()
                    .filter_map(|e| {
                        let t = r.strip_prefix(e.key.as_str())?;
                        (t.is_empty() || t.starts_with(['.', '['])).then_some((
                            e.key.len(),
                            &e.value,
                            t,
                        ))
                    })
                    .max_by_key(|(l, _, _)| *l)
                    .map(|(_, n, t)| (n, t)),
                _ => None,
            }
        };
        let Some((n, t)) = step else { break };
        cur = n;
        rest = t;
        first = false;
        if !n.span.is_empty() {
            best = n.span;
        }
    }
    best
}

fn validate_stored(r: &mut Run<'_>, ver: &CompiledVersion, x: &Node, old: Option<&Node>) {
    let crd = r.crd;
    let span_of = |k: &str| x.get(k).map_or(x.span, |n| n.span);
    // TypeMeta.
    let kind = x.get_str("kind").unwrap_or("");
    let av = x.get_str("apiVersion").unwrap_or("");
    let want_av = if crd.group.is_empty() {
        ver.name.clone()
    } else {
        format!("{}/{}", crd.group, ver.name)
    };
    let mut stop = false;
    if kind != crd.kind {
        let fe = FieldError::invalid(
            FieldPath::new("kind"),
            kind.to_string(),
            format!("must be {}", crd.kind),
        );
        r.field_error(&rules::TYPE_META, &fe, span_of("kind"), None);
        stop = true;
    }
    if av != want_av {
        let fe = FieldError::invalid(
            FieldPath::new("apiVersion"),
            av.to_string(),
            format!("must be {want_av}"),
        );
        r.field_error(&rules::TYPE_META, &fe, span_of("apiVersion"), None);
        stop = true;
    }
    if stop {
        return;
    }
    let mut all: Vec<FieldError> = Vec::new();
    fn emit(r: &mut Run<'_>, all: &mut Vec<FieldError>, rule: &'static Rule, items: Vec<Located>) {
        for (fe, span) in items {
            r.field_error(rule, &fe, span, None);
            all.push(fe);
        }
    }

    // ObjectMeta: the create checks, or on update the update checks.
    let mut meta_errs = Vec::new();
    match (x.get("metadata").map(|m| &m.value), old) {
        (meta, Some(o)) => update::meta_update_errors(
            match meta {
                Some(Value::Map(m)) => Some(m),
                _ => None,
            },
            o.get("metadata").and_then(Node::as_map),
            span_of("metadata"),
            &mut meta_errs,
        ),
        (None | Some(Value::Null), None) => {
            meta_errs.push((
                FieldError::required(
                    FieldPath::new("metadata").child("name"),
                    "name or generateName is required",
                ),
                x.span,
            ));
        }
        (Some(Value::Map(m)), None) => objectmeta::validate_object_meta(
            m,
            span_of("metadata"),
            &FieldPath::new("metadata"),
            crd.name_rule,
            crd.namespaced,
            &mut meta_errs,
        ),
        (Some(_), None) => {}
    }
    emit(r, &mut all, &rules::METADATA, meta_errs);
    finalizer_warnings(r, x, old);

    // The schema.
    if let Some(s) = &ver.schema {
        let cx = openapi::Ctx {
            patterns: &ver.patterns,
            formats: &ver.formats,
            compat_minor: r.opts.compat_minor(),
            beh: r.beh,
        };
        let corr = old
            .filter(|_| r.beh.ratcheting)
            .map(|old| crate::schema::correlate::Pair {
                schema: s,
                new: x,
                old,
            });
        let res = openapi::ratcheted(
            corr,
            openapi::validate(&cx, s, x, corr, &openapi::Name::Root, x.span, 0),
        );
        for e in &res.ratcheted {
            let fe = e.to_field_error();
            report_ratcheted(r, e.span, e.user_path(), fe.render(r.beh));
        }
        for e in &res.errs {
            let fe = e.to_field_error();
            let mut d = Diagnostic::new(&rules::SCHEMA, e.span, fe.render(r.beh));
            let user_path = e.user_path();
            let server_path = fe.path.to_string();
            d = d.with_path(user_path.clone());
            if user_path != server_path {
                d = d.with_server_path(server_path);
            }
            r.push(d);
            all.push(fe);
        }
    }

    // Scale subresource.
    if let Some(sc) = &ver.scale {
        let mut errs = Vec::new();
        scale_check(x, &sc.spec_replicas_path, true, &mut errs);
        scale_check(x, &sc.status_replicas_path, true, &mut errs);
        if let Some(l) = &sc.label_selector_path {
            scale_check(x, l, false, &mut errs);
        }
        emit(r, &mut all, &rules::SCALE, errs);
    }

    // Embedded resources and list types.
    let root = Link::Root(None);
    if ver.has_embedded {
        let mut emb = Vec::new();
        objectmeta::validate_embedded(x, ver.schema.as_ref(), &root, &mut emb, 0);
        if !r.beh.embedded_required_no_detail {
            // Before 1.34 a missing embedded apiVersion/kind said so in the detail.
            for (fe, _) in &mut emb {
                if fe.kind == ErrorType::Required && fe.detail.is_empty() {
                    fe.detail = "must not be empty".into();
                }
            }
        }
        emit(r, &mut all, &rules::EMBEDDED_RESOURCE, emb);
    }
    // On update, list uniqueness is checked only when the old object passed it.
    if ver.has_list_types {
        let old_ok = old.is_none_or(|o| {
            let mut olds = Vec::new();
            listtype::validate(&root, ver.schema.as_ref(), o, &mut olds);
            olds.is_empty()
        });
        if old_ok {
            let mut lt = Vec::new();
            listtype::validate(&root, ver.schema.as_ref(), x, &mut lt);
            emit(r, &mut all, &rules::LIST_DUPLICATE, lt);
        }
    }

    // CEL rules. The server evaluates `x-kubernetes-validations` last, on this same object
    // (`x`: pruned, defaulted, status dropped) and only when no earlier error blocks it.
    let blocked = cel_blocked_at(&all, r.beh);
    if let (false, Some(cel)) = (blocked, &ver.cel) {
        run_cel(r, ver, cel, x, old);
    } else if ver.has_cel_rules && blocked {
        let fe = FieldError::invalid(
            FieldPath::root(),
            BadValue::Nil,
            "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        );
        let mut d =
            Diagnostic::new(&rules::CEL_NOT_CHECKED, x.span, fe.render(r.beh)).with_path("<nil>");
        d = d.with_help("fix the errors above; the x-kubernetes-validations rules run only on an otherwise valid object");
        r.push(d);
    }
}

/// `WarningsOnCreate`/`WarningsOnUpdate` (from 1.29): finalizer names that are neither
/// standard nor domain-qualified with a path, once per distinct name in sorted order, in the
/// server's warning text; on update only the finalizers the update adds.
fn finalizer_warnings(r: &mut Run<'_>, x: &Node, old: Option<&Node>) {
    if !r.beh.finalizer_warnings {
        return;
    }
    let Some(fins) = x.at(&["metadata", "finalizers"]).and_then(Node::as_seq) else {
        return;
    };
    let olds: Vec<&str> = old
        .and_then(|o| o.at(&["metadata", "finalizers"]))
        .and_then(Node::as_seq)
        .map(|s| s.iter().filter_map(Node::as_str).collect())
        .unwrap_or_default();
    let mut names: Vec<(&str, Span)> = fins
        .iter()
        .filter_map(|f| Some((f.as_str()?, f.span)))
        .filter(|(f, _)| !olds.contains(f))
        .collect();
    names.sort_by(|a, b| a.0.cmp(b.0));
    names.dedup_by(|a, b| a.0 == b.0);
    for (name, span) in names {
        if name.contains('/') || ["orphan", "foregroundDeletion", "kubernetes"].contains(&name) {
            continue;
        }
        let why = if name.contains('.') && r.beh.finalizer_warning_path {
            "prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers"
        } else {
            "prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers"
        };
        let msg = format!(
            "metadata.finalizers: {}: {why}",
            crate::k8s::field::go_quote(name)
        );
        r.push(Diagnostic::new(&rules::FINALIZER_NAME, span, msg).with_path("metadata.finalizers"));
    }
}

/// Go `%T` of a decoded JSON value.
fn go_type_name(n: &Node) -> &'static str {
    match n.value {
        Value::Null => "<nil>",
        Value::Bool(_) => "bool",
        Value::Int(_) => "int64",
        Value::Float(_) => "float64",
        Value::String(_) => "string",
        Value::Seq(_) => "[]interface {}",
        Value::Map(_) => "map[string]interface {}",
    }
}

/// `unstructured.NestedInt64` / `NestedString` at a scale path, with the server's errors.
fn scale_check(x: &Node, path: &str, int: bool, out: &mut Vec<Located>) {
    if path.is_empty() {
        return;
    }
    let fields: Vec<&str> = path.strip_prefix('.').unwrap_or(path).split('.').collect();
    let mut cur = x;
    let shown = FieldPath::new(path);
    for (i, f) in fields.iter().enumerate() {
        let Value::Map(m) = &cur.value else {
            let jp = format!(".{}", fields[..i].join("."));
            let msg = format!(
                "{jp} accessor error: {} is of the type {}, expected map[string]interface{{}}",
                openapi::go_v(cur),
                go_type_name(cur)
            );
            let bad = if int {
                BadValue::Int(0)
            } else {
                BadValue::String(String::new())
            };
            out.push((FieldError::invalid(shown, bad, msg), cur.span));
            return;
        };
        match m.get(f) {
            Some(v) => cur = v,
            None => return,
        }
    }
    let jp = format!(".{}", fields.join("."));
    if int {
        match cur.value {
            Value::Int(n) if n < 0 => out.push((
                FieldError::invalid(shown, n, "should be a non-negative integer"),
                cur.span,
            )),
            Value::Int(n) if n > i64::from(i32::MAX) => out.push((
                FieldError::invalid(shown, n, "should be less than or equal to 2147483647"),
                cur.span,
            )),
            Value::Int(_) => {}
            _ => out.push((
                FieldError::invalid(
                    shown,
                    0i64,
                    format!(
                        "{jp} accessor error: {} is of the type {}, expected int64",
                        openapi::go_v(cur),
                        go_type_name(cur)
                    ),
                ),
                cur.span,
            )),
        }
    } else if cur.as_str().is_none() {
        out.push((
            FieldError::invalid(
                shown,
                String::new(),
                format!(
                    "{jp} accessor error: {} is of the type {}, expected string",
                    openapi::go_v(cur),
                    go_type_name(cur)
                ),
            ),
            cur.span,
        ));
    }
}

/// The pipeline's building blocks, one upstream function each, for the conformance tests and
/// for tools that need a single step.
pub mod parts {
    use super::*;

    fn as_root(s: Option<&Schema>) -> Schema {
        let mut c = s.cloned().unwrap_or_default();
        c.x_embedded_resource = true;
        c
    }

    /// `ValidateListSetsAndMaps(root, s, obj)`.
    pub fn list_type_errors(
        root: Option<&FieldPath>,
        schema: Option<&Schema>,
        obj: &Node,
    ) -> Vec<FieldError> {
        let mut out = Vec::new();
        listtype::validate(&Link::Root(root), schema, obj, &mut out);
        out.into_iter().map(|(e, _)| e).collect()
    }

    /// `objectmeta.Validate(nil path, obj, s, isResourceRoot)`.
    pub fn embedded_resource_errors(
        schema: Option<&Schema>,
        obj: &Node,
        include_root: bool,
    ) -> Vec<FieldError> {
        let rooted;
        let s = if include_root {
            rooted = as_root(schema);
            Some(&rooted)
        } else {
            schema
        };
        let mut out = Vec::new();
        objectmeta::validate_embedded(obj, s, &Link::Root(None), &mut out, 0);
        out.into_iter().map(|(e, _)| e).collect()
    }

    /// `objectmeta.CoerceWithOptions(nil, obj, s, isResourceRoot, {DropInvalidFields,
    /// ReturnUnknownFieldPaths})`: the first error, and the sorted unknown metadata paths.
    pub fn coerce_embedded(
        obj: &mut Node,
        schema: Option<&Schema>,
        include_root: bool,
        drop_invalid: bool,
    ) -> (Option<FieldError>, Vec<String>) {
        let rooted;
        let s = if include_root {
            rooted = as_root(schema);
            Some(&rooted)
        } else {
            schema
        };
        let mut unknown = Vec::new();
        let err = objectmeta::coerce(obj, s, &Link::Root(None), drop_invalid, &mut unknown, 0);
        let mut paths: Vec<String> = unknown.into_iter().map(|u| u.path).collect();
        paths.sort();
        (err.map(|(e, _)| e), paths)
    }
}

/// Every rule this module reports.
pub static RULES: &[&Rule] = rules::RULES;

#[cfg(test)]
mod tests {
    use super::*;

    const CRD: &str = r#"
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets}
  versions:
  - name: v1
    served: true
    storage: true
    subresources:
      status: {}
      scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [mode]
            x-kubernetes-validations:
            - {rule: "!has(self.replicas) || self.replicas >= 0"}
            - {rule: "!has(self.list) || self.list.all(x, x != 'bad')", message: no bad items, fieldPath: .list}
            - {rule: "!has(self.name) || self.name == oldSelf.name", message: name is immutable, reason: FieldValueForbidden}
            properties:
              replicas: {type: integer, maximum: 10}
              mode: {type: string, enum: [A, B], default: A}
              size: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string, pattern: "^[0-9]+Gi$"}]}
              labels: {type: object, maxProperties: 1, additionalProperties: {type: string}}
              ports: {type: array, x-kubernetes-list-type: set, items: {type: integer}}
              name: {type: string, nullable: false}
              list: {type: array, items: {type: string}}
              template: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}
          status:
            type: object
            properties:
              replicas: {type: integer, maximum: 1}
  - name: v2
    served: true
    storage: false
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {count: {type: integer}}}
  - name: v0
    served: false
    storage: false
"#;

    fn crd() -> CompiledCrd {
        let docs = crate::yaml::load(CRD);
        CompiledCrd::compile(docs[0].root.as_ref().expect("crd")).expect("compiles")
    }

    fn run_on(src: &str, opts: &Options) -> (Outcome, String) {
        let docs = crate::yaml::load(src);
        let obj = docs[0].root.clone().expect("object");
        (validate_resource(&crd(), &obj, opts), src.to_string())
    }

    fn messages(o: &Outcome) -> Vec<String> {
        o.diagnostics.iter().map(|d| d.message.clone()).collect()
    }

    const HEAD: &str = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n";

    #[test]
    fn versions_are_prepared_when_a_resource_needs_them() {
        let crd = crd();
        let prepared = |crd: &CompiledCrd| -> Vec<bool> {
            crd.compiled
                .iter()
                .map(|v| v.lazy.prepared.get().is_some())
                .collect()
        };
        assert_eq!(prepared(&crd), [false, false, false]);
        let docs = crate::yaml::load(
            "apiVersion: example.com/v2\nkind: Widget\nmetadata:\n  name: w\nspec:\n  count: x\n",
        );
        let obj = docs[0].root.as_ref().expect("object");
        let o = validate_resource(&crd, obj, &Options::default());
        assert_eq!(messages(&o).len(), 1, "{:?}", messages(&o));
        assert_eq!(prepared(&crd), [false, true, false]);
        // The source node is dropped once the schema is prepared.
        assert!(crd.compiled[1].lazy.source.lock().expect("lock").is_none());
        assert!(crd.compiled[0].lazy.source.lock().expect("lock").is_some());
    }

    #[test]
    fn valid_object_gets_defaults_and_no_findings() {
        let (o, _) = run_on(
            &format!("{HEAD}spec:\n  replicas: 3\n"),
            &Options::default(),
        );
        assert!(o.diagnostics.is_empty(), "{:?}", messages(&o));
        assert_eq!(o.version.as_deref(), Some("v1"));
        let stored = o.stored.expect("stored");
        assert_eq!(
            stored.at(&["spec", "mode"]).and_then(Node::as_str),
            Some("A")
        );
    }

    #[test]
    fn unknown_fields_are_reported_pruned_and_located() {
        let src = format!("{HEAD}  lables: {{a: b}}\nspec:\n  replicass: 3\n");
        let (o, src) = run_on(&src, &Options::default());
        let m = messages(&o);
        assert_eq!(
            m,
            vec![
                r#"unknown field "metadata.lables""#.to_string(),
                r#"unknown field "spec.replicass""#.to_string()
            ]
        );
        let d = &o.diagnostics[1];
        assert_eq!(d.severity, Severity::Error);
        assert!(src[d.span.start..d.span.end].starts_with("replicass"));
        let stored = o.stored.expect("stored");
        assert!(stored.at(&["spec", "replicass"]).is_none());
        assert!(stored.at(&["metadata", "lables"]).is_none());
        let warn = Options {
            unknown_fields: UnknownFields::Warn,
            ..Options::default()
        };
        let (o, _) = run_on(&format!("{HEAD}spec:\n  x: 1\n"), &warn);
        assert_eq!(o.diagnostics[0].severity, Severity::Warning);
        let ignore = Options {
            unknown_fields: UnknownFields::Ignore,
            ..Options::default()
        };
        assert!(run_on(&format!("{HEAD}spec:\n  x: 1\n"), &ignore)
            .0
            .diagnostics
            .is_empty());
    }

    #[test]
    fn schema_errors_use_server_text_and_point_at_the_value() {
        let src = format!(
            "{HEAD}spec:\n  replicas: 15\n  mode: C\n  labels: {{a: x, b: z}}\n  size: true\n  ports: [1, 2, 1]\n  list: [a, null]\n  name: null\n"
        );
        let (o, src) = run_on(&src, &Options::default());
        let m = messages(&o);
        let want = [
            "spec.replicas: Invalid value: 15: spec.replicas in body should be less than or equal to 10",
            r#"spec.mode: Unsupported value: "C": supported values: "A", "B""#,
            "spec.labels: Too many: 2: must have at most 1 item",
            r#"spec.size: Invalid value: "boolean": spec.size in body must be of type integer,string: "boolean""#,
            r#"<nil>: Invalid value: "": "spec.size" must validate at least one schema (anyOf)"#,
            r#"spec.list[1]: Invalid value: "null": spec.list[1] in body must be of type string: "null""#,
            "spec.ports[2]: Duplicate value: 1",
            "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        ];
        for w in want {
            assert!(m.iter().any(|x| x == w), "missing {w:?} in {m:#?}");
        }
        // `name: null` (non-nullable, no default) is dropped silently.
        assert!(!m.iter().any(|x| x.contains("spec.name")), "{m:#?}");
        let d = o
            .diagnostics
            .iter()
            .find(|d| d.message.starts_with("spec.replicas"))
            .expect("replicas");
        assert_eq!(&src[d.span.start..d.span.end], "15");
        let anyof = o
            .diagnostics
            .iter()
            .find(|d| d.message.contains("(anyOf)"))
            .expect("anyOf");
        assert_eq!(anyof.path.as_deref(), Some("spec.size"));
        assert_eq!(anyof.server_path.as_deref(), Some("<nil>"));
    }

    #[test]
    fn metadata_rules() {
        let (o, _) = run_on(
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: Bad_Name\n  labels: {'a b': c}\n",
            &Options::default(),
        );
        let m = messages(&o);
        assert!(
            m[0].starts_with(
                r#"metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain"#
            ),
            "{m:?}"
        );
        assert!(
            m.iter()
                .any(|x| x.starts_with(r#"metadata.labels: Invalid value: "a b""#)),
            "{m:?}"
        );
        let (o, _) = run_on(
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  labels: {a: 1}\n",
            &Options::default(),
        );
        assert_eq!(o.diagnostics[0].rule.id, "cr/not-an-object");
        assert!(o.diagnostics[0].message.contains(
            "cannot unmarshal number into Go struct field ObjectMeta.labels of type string"
        ));
    }

    #[test]
    fn owner_references() {
        let (o, _) = run_on(
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  ownerReferences:\n  - {apiVersion: a/b/c, kind: K, name: owner}\n",
            &Options::default(),
        );
        let m = messages(&o);
        assert_eq!(
            m[..2],
            [
                r#"metadata.ownerReferences[0].apiVersion: Invalid value: "a/b/c": must be <group>/<version> or <version>"#.to_string(),
                "metadata.ownerReferences[0].uid: Required value: must not be empty".to_string(),
            ]
        );
        // A Required error blocks the CEL rules of the schema.
        assert_eq!(o.diagnostics[2].rule.id, "cr/cel-not-checked");
    }

    #[test]
    fn finalizer_warnings() {
        let (o, _) = run_on(
            "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  finalizers: [cleanup, example.com/x, a.b, orphan, cleanup]\n",
            &Options::default(),
        );
        let m = messages(&o);
        assert_eq!(
            m,
            vec![
                r#"metadata.finalizers: "a.b": prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers"#.to_string(),
                r#"metadata.finalizers: "cleanup": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers"#.to_string(),
            ]
        );
        assert!(o
            .diagnostics
            .iter()
            .all(|d| d.severity == Severity::Warning));
    }

    #[test]
    fn versions() {
        let (o, _) = run_on(
            "apiVersion: example.com/v0\nkind: Widget\nmetadata: {name: w}\n",
            &Options::default(),
        );
        assert_eq!(o.diagnostics[0].rule.id, "cr/version-not-served");
        assert!(o.stored.is_none());
        let v2 = Options {
            version: Some("v2".into()),
            ..Options::default()
        };
        let (o, _) = run_on(&format!("{HEAD}spec:\n  replicas: 1\n"), &v2);
        let ids: Vec<&str> = o.diagnostics.iter().map(|d| d.rule.id).collect();
        assert_eq!(ids, vec!["cr/version-schema-differs", "cr/unknown-field"]);
        let stored = o.stored.expect("stored");
        assert_eq!(stored.get_str("apiVersion"), Some("example.com/v2"));
    }

    #[test]
    fn type_meta_embedded_scale_and_status() {
        let (o, _) = run_on(
            &format!("{HEAD}spec:\n  replicas: -1\n  template: {{metadata: {{name: x}}}}\nstatus:\n  replicas: 5\n"),
            &Options::default(),
        );
        let m = messages(&o);
        assert!(
            m.contains(&"spec.template.apiVersion: Required value".to_string()),
            "{m:?}"
        );
        assert!(
            m.contains(&"spec.template.kind: Required value".to_string()),
            "{m:?}"
        );
        assert!(
            m.contains(
                &".spec.replicas: Invalid value: -1: should be a non-negative integer".to_string()
            ),
            "{m:?}"
        );
        // status is dropped on create when the status subresource is on, so not validated.
        assert!(!m.iter().any(|x| x.starts_with("status")), "{m:?}");
        assert!(o.stored.expect("stored").get("status").is_some());
        let (o, _) = run_on(
            "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: w}\n",
            &Options::default(),
        );
        assert_eq!(
            messages(&o),
            vec![r#"kind: Invalid value: "Gadget": must be Widget"#.to_string()]
        );
    }

    #[test]
    fn prune_only_keeps_defaults_out() {
        let docs = crate::yaml::load(&format!("{HEAD}spec:\n  extra: 1\n"));
        let obj = docs[0].root.clone().expect("object");
        let o = prune_only(&crd(), &obj, &Options::default());
        let stored = o.stored.expect("stored");
        assert!(stored.at(&["spec", "mode"]).is_none());
        assert!(stored.at(&["spec", "extra"]).is_none());
        assert_eq!(o.diagnostics.len(), 1);
    }

    #[test]
    fn cel_rules_run_after_schema_validation() {
        let src = format!("{HEAD}spec:\n  list: [ok, bad]\n  labels: {{'a.b': x}}\n");
        let (o, src) = run_on(&src, &Options::default());
        let ids: Vec<&str> = o.diagnostics.iter().map(|d| d.rule.id).collect();
        assert_eq!(ids, vec!["cr/cel-rule"], "{:?}", messages(&o));
        let d = &o.diagnostics[0];
        assert_eq!(d.message, "spec.list: Invalid value: no bad items");
        assert_eq!(d.path.as_deref(), Some("spec.list"));
        assert_eq!(&src[d.span.start..d.span.end], "[ok, bad]");
    }

    #[test]
    fn broken_rules_are_skipped_and_noted_once() {
        let crd = CompiledCrd::from_schema(&Node::from_json(&serde_json::json!({
            "type": "object",
            "properties": {"spec": {"type": "object",
                "properties": {"n": {"type": "integer"}},
                "x-kubernetes-validations": [
                    {"rule": "self.n == 'x'"},
                    {"rule": "self.n < 3", "message": "n too big"}]}}
        })));
        assert_eq!(
            crd.cel_rules_skipped("v1").len(),
            1,
            "{:?}",
            crd.cel_rules_skipped("v1")
        );
        assert!(
            crd.cel_rules_skipped("v1")[0]
                .starts_with("properties[spec]: rule \"self.n == 'x'\": compilation failed"),
            "{:?}",
            crd.cel_rules_skipped("v1")
        );
        let obj = Node::from_json(&serde_json::json!({
            "apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "f"}, "spec": {"n": 5}}));
        let o = validate_resource(&crd, &obj, &Options::default());
        let got: Vec<(&str, Severity)> = o
            .diagnostics
            .iter()
            .map(|d| (d.rule.id, d.severity))
            .collect();
        assert_eq!(
            got,
            vec![
                ("cr/cel-rules-skipped", Severity::Info),
                ("cr/cel-rule", Severity::Error)
            ],
            "{:?}",
            messages(&o)
        );
        assert_eq!(o.diagnostics[1].message, "spec: Invalid value: n too big");
        // Every resource that reaches the broken rule carries the same note (the run driver
        // keeps one per CRD version), so the result does not depend on which resource ran first.
        let again = validate_resource(&crd, &obj, &Options::default());
        let notes: Vec<&str> = again
            .diagnostics
            .iter()
            .filter(|d| d.rule.id == "cr/cel-rules-skipped")
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(notes, vec![o.diagnostics[0].message.as_str()]);
    }

    #[test]
    fn cel_is_gated_by_blocking_schema_errors() {
        // `mode: C` is an enum (NotSupported) error: rules are not run, the gate error is.
        let (o, _) = run_on(
            &format!("{HEAD}spec:\n  mode: C\n  list: [bad]\n"),
            &Options::default(),
        );
        let ids: Vec<&str> = o.diagnostics.iter().map(|d| d.rule.id).collect();
        assert_eq!(
            ids,
            vec!["cr/schema", "cr/cel-not-checked"],
            "{:?}",
            messages(&o)
        );
    }

    #[test]
    fn transition_rules_need_the_old_object() {
        let crd = crd();
        let src = format!("{HEAD}spec:\n  name: new\n");
        let docs = crate::yaml::load(&src);
        let obj = docs[0].root.clone().expect("object");
        let created = validate_resource(&crd, &obj, &Options::default());
        assert!(
            !created
                .diagnostics
                .iter()
                .any(|d| d.rule.id == "cr/cel-rule"),
            "{:?}",
            messages(&created)
        );
        let old_docs = crate::yaml::load(&format!("{HEAD}spec:\n  name: old\n  junk: 1\n"));
        let old = old_docs[0].root.clone().expect("old");
        let o = validate_resource_update(&crd, &obj, Some(&old), &Options::default());
        let cel: Vec<&Diagnostic> = o
            .diagnostics
            .iter()
            .filter(|d| d.rule.id == "cr/cel-rule")
            .collect();
        assert_eq!(cel.len(), 1, "{:?}", messages(&o));
        assert_eq!(cel[0].message, "spec: Forbidden: name is immutable");
        assert!(src[cel[0].span.start..cel[0].span.end].starts_with("name: new"));
        let same = validate_resource_update(&crd, &obj, Some(&obj), &Options::default());
        assert!(!same.diagnostics.iter().any(|d| d.rule.id == "cr/cel-rule"));
    }

    #[test]
    fn optional_old_self_and_field_paths_into_maps() {
        let crd = CompiledCrd::from_schema(&Node::from_json(&serde_json::json!({
            "type": "object",
            "properties": {"spec": {"type": "object",
                "properties": {
                    "m": {"type": "object", "additionalProperties": {"type": "string"}},
                    "count": {"type": "integer"}},
                "x-kubernetes-validations": [
                    {"rule": "!oldSelf.hasValue() || self.count >= oldSelf.value().count",
                     "optionalOldSelf": true, "message": "count may not decrease"},
                    {"rule": "!has(self.m) || !('a.b' in self.m) || self.m['a.b'] == 'ok'",
                     "fieldPath": ".m['a.b']", "reason": "FieldValueRequired", "message": "must be ok"}]}}
        })));
        let src = "apiVersion: example.com/v1\nkind: Foo\nmetadata: {name: f}\nspec:\n  count: 1\n  m: {a.b: bad}\n";
        let docs = crate::yaml::load(src);
        let obj = docs[0].root.clone().expect("object");
        // Create: the optionalOldSelf rule runs with oldSelf absent and passes.
        let o = validate_resource(&crd, &obj, &Options::default());
        assert_eq!(
            messages(&o),
            vec!["spec.m[a.b]: Required value: must be ok".to_string()]
        );
        let d = &o.diagnostics[0];
        assert_eq!(d.path.as_deref(), Some("spec.m[a.b]"));
        assert_eq!(&src[d.span.start..d.span.end], "bad");
        // Update from count: 2: the transition now fails, at the rule's node.
        let old = Node::from_json(&serde_json::json!({
            "apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "f"},
            "spec": {"count": 2}}));
        let o = validate_resource_update(&crd, &obj, Some(&old), &Options::default());
        assert_eq!(
            messages(&o),
            vec![
                "spec: Invalid value: count may not decrease".to_string(),
                "spec.m[a.b]: Required value: must be ok".to_string()
            ]
        );
    }

    #[test]
    fn old_objects_match_by_api_version_kind_namespace_and_name() {
        let mut old = OldObjects::new();
        old.add_text(
            "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: example.com/v1, kind: Foo, metadata: {name: a, namespace: x}, spec: 1}\n---\napiVersion: example.com/v1\nkind: Foo\nmetadata: {name: a}\nspec: 2\n---\nkind: Foo\nmetadata: {name: b}\n",
        );
        assert_eq!(old.len(), 2);
        let get = |j: serde_json::Value| {
            old.get(&Node::from_json(&j))
                .and_then(|n| n.get("spec"))
                .and_then(|n| match n.value {
                    Value::Int(i) => Some(i),
                    _ => None,
                })
        };
        let foo = |ns: Option<&str>, av: &str| {
            let mut j =
                serde_json::json!({"apiVersion": av, "kind": "Foo", "metadata": {"name": "a"}});
            if let Some(ns) = ns {
                j["metadata"]["namespace"] = serde_json::json!(ns);
            }
            j
        };
        assert_eq!(get(foo(Some("x"), "example.com/v1")), Some(1));
        assert_eq!(get(foo(None, "example.com/v1")), Some(2));
        assert_eq!(get(foo(Some("y"), "example.com/v1")), None);
        assert_eq!(get(foo(None, "example.com/v2")), None);
    }

    /// The CEL rules' documented examples do what the docs say, with the schema in their
    /// leading comment.
    #[test]
    fn cel_rule_examples() {
        for (rule, bad, good) in [
            (&rules::CEL_RULE, rules::CEL_RULE.bad, rules::CEL_RULE.good),
            (
                &rules::CEL_RULES_SKIPPED,
                rules::CEL_RULES_SKIPPED.bad,
                rules::CEL_RULES_SKIPPED.good,
            ),
            (
                &rules::CEL_NOT_CHECKED,
                rules::CEL_NOT_CHECKED.bad,
                rules::CEL_NOT_CHECKED.good,
            ),
        ] {
            // The schema is in the example's leading comment (the bad one's when the good
            // one has none); each example gets a fresh CRD (the skipped-rules note is once
            // per CRD).
            let comment = |e: &str| -> String {
                e.lines()
                    .take_while(|l| l.starts_with('#'))
                    .map(|l| l.trim_start_matches('#').trim_start_matches(' '))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let check = |src: &str| {
                let mut spec = comment(src);
                if spec.is_empty() {
                    spec = comment(bad);
                }
                let spec = spec.replacen("spec:", "", 1);
                let schema_src = format!("type: object\nproperties:\n  spec: {}\n", spec.trim());
                let docs = crate::yaml::load(&schema_src);
                let crd = CompiledCrd::from_schema(docs[0].root.as_ref().expect("schema"));
                let src = src.replace("kind: Widget", "kind: Foo");
                let docs = crate::yaml::load(&src);
                let obj = docs[0].root.as_ref().expect("obj");
                let o = validate_resource(&crd, obj, &Options::default());
                o.diagnostics.iter().map(|d| d.rule.id).collect::<Vec<_>>()
            };
            assert!(
                check(bad).contains(&rule.id),
                "{}: {:?}",
                rule.id,
                check(bad)
            );
            assert!(
                !check(good).contains(&rule.id),
                "{}: {:?}",
                rule.id,
                check(good)
            );
        }
    }

    #[test]
    fn runtime_cost_limits_are_enforced() {
        let crd = CompiledCrd::from_schema(&Node::from_json(&serde_json::json!({
            "type": "object",
            "properties": {"spec": {"type": "object", "properties": {
                "l": {"type": "array", "items": {"type": "string"},
                      "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x == y || true))"}]}}}}
        })));
        let items: Vec<String> = (0..1500).map(|i| format!("s{i}")).collect();
        let obj = Node::from_json(&serde_json::json!({
            "apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "f"},
            "spec": {"l": items}}));
        let o = validate_resource(&crd, &obj, &Options::default());
        let m = messages(&o);
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(
            m[0].starts_with("spec.l: Invalid value: \"array\": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: "),
            "{m:?}"
        );
        assert_eq!(o.diagnostics[0].rule.id, "cr/cel-rule");
        // A small list is fine.
        let obj = Node::from_json(&serde_json::json!({
            "apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "f"},
            "spec": {"l": ["a", "b"]}}));
        assert!(validate_resource(&crd, &obj, &Options::default())
            .diagnostics
            .is_empty());
    }

    #[test]
    fn locate_follows_server_paths() {
        let src = "a:\n  b.c:\n    d: [x, {e: 1}]\n  'k]': 2\n";
        let docs = crate::yaml::load(src);
        let root = docs[0].root.as_ref().expect("root");
        let at = |p: &str| {
            let s = locate(root, p);
            src[s.start..s.end].to_string()
        };
        assert_eq!(at("a.b.c.d[1].e"), "1");
        assert_eq!(at("a[k]]"), "2");
        assert_eq!(at("a.b.c.d[7]"), "[x, {e: 1}]");
        assert_eq!(at("<nil>"), src[root.span.start..root.span.end]);
    }

    #[test]
    fn not_an_object() {
        let o = validate_resource(
            &crd(),
            &Node::from_json(&serde_json::json!([1])),
            &Options::default(),
        );
        assert_eq!(o.diagnostics[0].rule.id, "cr/not-an-object");
    }
}
