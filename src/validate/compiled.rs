//! Compiling a CRD for validation: names and versions read once, each version's schema
//! prepared (converted, defaults pre-pruned, patterns and CEL rules compiled) when the first
//! resource needs it.

use super::*;

mod source;
use source::{source_copy, source_owned, SourceCopy};

/// The scale subresource's paths (`.spec.replicas`, as written in the CRD).
#[derive(Clone, Debug)]
pub(super) struct Scale {
    pub(super) spec_replicas_path: String,
    pub(super) status_replicas_path: String,
    pub(super) label_selector_path: Option<String>,
}

/// One version of a compiled CRD. What depends on the schema is prepared on first use
/// ([`CompiledVersion::prepared`], also reached through `Deref`), so a run compiles only the
/// versions its resources use.
#[derive(Clone, Debug)]
pub(super) struct CompiledVersion {
    pub(super) name: String,
    pub(super) served: bool,
    /// Index of the first version whose schema is identical (for the `--crd-version` note).
    pub(super) schema_class: usize,
    pub(super) scale: Option<Scale>,
    /// The status subresource is enabled: `status` is dropped on create before validation.
    pub(super) status_subresource: bool,
    /// Shared by the versions of one schema class.
    pub(super) lazy: Arc<LazySchema>,
}

/// A version's schema, kept as the CRD wrote it until a resource needs it.
#[derive(Debug)]
pub(super) struct LazySchema {
    /// The `openAPIV3Schema` node, taken when the schema is prepared.
    pub(super) source: std::sync::Mutex<Option<Node>>,
    /// The source may nest deep enough to be cut ([`LazySchema::may_be_truncated`]).
    deep: bool,
    pub(super) prepared: std::sync::OnceLock<PreparedSchema>,
}

impl LazySchema {
    /// `source` as [`source_copy`] or [`source_owned`] left it.
    fn new(copy: Option<SourceCopy>) -> LazySchema {
        LazySchema {
            deep: copy.as_ref().is_some_and(|c| c.deep),
            source: std::sync::Mutex::new(copy.map(|c| c.node)),
            prepared: std::sync::OnceLock::new(),
        }
    }

    pub(super) fn ready(prepared: PreparedSchema) -> LazySchema {
        LazySchema {
            source: std::sync::Mutex::new(None),
            deep: false,
            prepared: std::sync::OnceLock::from(prepared),
        }
    }

    /// Whether the unprepared source nests deep enough in YAML for the schema conversion to
    /// cut it at [`crate::schema::MAX_DEPTH`] (each schema level is at least one YAML level).
    pub(super) fn may_be_truncated(&self) -> bool {
        self.deep
    }

    /// The prepared schema; the first caller prepares it (others wait for it), then the
    /// source node is dropped.
    pub(super) fn get(&self) -> &PreparedSchema {
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
pub(super) struct PreparedSchema {
    /// The version's structural schema, defaults pre-pruned; `None` when the CRD has none.
    /// Shared with the CEL validators compiled from it, which follow it down while they walk.
    pub(super) schema: Option<Arc<Schema>>,
    pub(super) has_cel_rules: bool,
    /// The compiled `x-kubernetes-validations` rules.
    pub(super) cel: Option<CelRules>,
    /// Some node is `x-kubernetes-embedded-resource` (else the embedded walks are skipped).
    pub(super) has_embedded: bool,
    /// Some node is a `set` or `map` list (else the list-type walk is skipped).
    pub(super) has_list_types: bool,
    /// Every `pattern` (compiled on first use) and every `format` looked up.
    pub(super) patterns: formats::Patterns,
    pub(super) formats: formats::Formats,
    /// Where in `schema` the defaulting and list-type walks have work.
    pub(super) subtrees: Subtrees,
}

impl PreparedSchema {
    /// Converts a CRD version's `openAPIV3Schema` node and compiles what validation needs.
    pub(super) fn new(node: Option<&Node>) -> PreparedSchema {
        PreparedSchema::from_schema(node.map(Schema::from_node), true, None)
    }

    /// Prepares a converted schema: defaults pre-pruned, patterns compiled, formats looked up
    /// (`byte_check` replaces the `byte` format's check), and the CEL rules compiled when
    /// `with_cel`.
    pub(super) fn from_schema(
        schema: Option<Schema>,
        with_cel: bool,
        byte_check: Option<crate::schema::formats::FormatFn>,
    ) -> PreparedSchema {
        let mut patterns = formats::Patterns::default();
        let mut formats = formats::Formats::default();
        let schema = schema.map(|mut s| {
            prune::prepare_defaults(&mut s, 0);
            formats::collect(&s, &mut patterns, &mut formats, 0);
            Arc::new(s)
        });
        if let (Some(check), Some(byte)) = (byte_check, formats.get_mut("byte")) {
            byte.check = Some(check);
        }
        let has_cel_rules = with_cel && schema.as_deref().is_some_and(Schema::has_validation_rules);
        let cel = has_cel_rules.then(CelRules::default);
        let subtrees = schema.as_deref().map(Subtrees::of).unwrap_or_default();
        // The root's marks say whether any node is embedded or a set/map list.
        let marks = schema.as_deref().and_then(|s| subtrees.get(s));
        let has_embedded = marks.is_some_and(|m| m.embedded);
        let has_list_types = marks.is_some_and(|m| m.list_types);
        PreparedSchema {
            schema,
            has_cel_rules,
            cel,
            has_embedded,
            has_list_types,
            patterns,
            formats,
            subtrees,
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

/// The CEL rules of one schema, compiled with the stored-expressions environment (what the
/// server uses for rules already in etcd) of the emulated minor: a rule calling a function that
/// minor lacks is a compile error there, as on that server. Compiled on first use per minor (a
/// run emulates one; a test suite may emulate several).
#[derive(Default)]
pub(super) struct CelRules {
    by_minor: std::sync::Mutex<Vec<(u32, Arc<MinorRules>)>>,
}

/// The rules of one schema compiled for one minor.
pub(super) struct MinorRules {
    minor: u32,
    /// `None` when no rule is visible to CEL.
    pub(super) validator: Option<Validator>,
    /// Rules that do not compile, as `<schema path>: <detail>`; skipped when validating.
    /// Listed lazily, the first time a resource reaches one: a second compilation of every
    /// rule just to find none broken would cost more than validating most workloads.
    pub(super) broken: std::sync::OnceLock<Vec<String>>,
}

impl fmt::Debug for CelRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minors: Vec<u32> = self
            .by_minor
            .lock()
            .map(|m| m.iter().map(|(v, _)| *v).collect())
            .unwrap_or_default();
        f.debug_struct("CelRules")
            .field("compiled_for", &minors)
            .finish()
    }
}

impl CelRules {
    /// The rules of `s` (the schema this was built for) compiled for `kv`.
    pub(super) fn at(&self, s: &Arc<Schema>, kv: KubeVersion) -> Arc<MinorRules> {
        let mut by_minor = self.by_minor.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, r)) = by_minor.iter().find(|(m, _)| *m == kv.minor) {
            return r.clone();
        }
        let opts = crate::cel::CompileOptions {
            env: crate::cel::EnvKind::StoredExpressions,
            ..crate::cel::CompileOptions::new(kv)
        };
        let rules = Arc::new(MinorRules {
            minor: kv.minor,
            validator: Validator::with_shared(s, true, &opts),
            broken: std::sync::OnceLock::new(),
        });
        by_minor.push((kv.minor, rules.clone()));
        rules
    }
}

impl MinorRules {
    /// The broken rules of `s` (the schema this was compiled from). The validator reports a
    /// broken rule only when it reaches it (as the server would, had it accepted the CRD); this
    /// lists them all, once.
    pub(super) fn broken(&self, s: &Schema) -> &[String] {
        self.broken
            .get_or_init(|| Self::list_broken(s, self.validator.is_some(), self.minor))
    }

    pub(super) fn list_broken(s: &Schema, any: bool, minor: u32) -> Vec<String> {
        let opts = crate::cel::CompileOptions {
            env: crate::cel::EnvKind::StoredExpressions,
            ..crate::cel::CompileOptions::new(KubeVersion { minor })
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
                for (r, c) in n.schema.rare().x_validations.iter().zip(&n.results) {
                    if let Some(e) = &c.error {
                        broken.push(format!("{at}: rule {:?}: {}", r.rule, e.detail));
                    }
                }
            }
        }
        broken
    }
}

/// A CRD prepared once for validating many resources (schemas converted, patterns and rules
/// compiled). A clone shares its versions' prepared schemas and compiled rules.
#[derive(Clone, Debug)]
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
    pub(super) compiled: Vec<CompiledVersion>,
    /// The `metadata.name` rule (custom resources: DNS subdomain; built-in kinds vary).
    pub(super) name_rule: NameRule,
}

/// Go's `base64.StdEncoding` decoding a `[]byte` field: empty is fine, `\r` and `\n` are
/// skipped. A whole-value `<PLACEHOLDER>` (letters, digits, `_`, `-`, `.`) is let through too:
/// manifests and docs carry them for a tool to substitute before applying (README says so).
pub(super) fn go_base64(s: &str) -> bool {
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

/// Where in a CRD a version's schema node is, for [`CompiledCrd::compile`] to copy it or
/// [`CompiledCrd::compile_taking`] to take it.
#[derive(Clone, Copy)]
enum SchemaAt {
    /// `spec.versions[i].schema.openAPIV3Schema` (`i` counts every entry of the list).
    Version(usize),
    /// `spec.validation.openAPIV3Schema` (v1beta1's schema for every version).
    Top,
    Nowhere,
}

impl SchemaAt {
    fn find(self, crd: &Node) -> Option<&Node> {
        let spec = crd.get("spec")?;
        match self {
            SchemaAt::Version(i) => spec.get("versions")?.as_seq()?.get(i)?.get("schema"),
            SchemaAt::Top => spec.get("validation"),
            SchemaAt::Nowhere => None,
        }?
        .get("openAPIV3Schema")
    }

    fn find_mut(self, crd: &mut Node) -> Option<&mut Node> {
        let spec = child(crd, "spec")?;
        let holder = match self {
            SchemaAt::Version(i) => {
                let v = child(spec, "versions")?.as_seq_mut()?.get_mut(i)?;
                child(v, "schema")
            }
            SchemaAt::Top => child(spec, "validation"),
            SchemaAt::Nowhere => None,
        }?;
        child(holder, "openAPIV3Schema")
    }
}

/// `n.get(key)`, to change.
fn child<'n>(n: &'n mut Node, key: &str) -> Option<&'n mut Node> {
    n.as_map_mut()?.get_mut(key)
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
        let (mut c, at) = Self::read(crd)?;
        c.keep_schemas(|v| at[v].find(crd).map(source_copy));
        c.refuse_truncated()
    }

    /// [`CompiledCrd::compile`] of a CRD whose tree the caller drops next: each version's
    /// schema node is taken out of `crd` (a null is left) instead of copied.
    pub fn compile_taking(crd: &mut Node) -> Result<CompiledCrd, String> {
        let (mut c, at) = Self::read(crd)?;
        c.keep_schemas(|v| {
            at[v].find_mut(crd).map(|n| {
                source_owned(std::mem::replace(
                    n,
                    Node::new(Value::Null, n.span(), n.style()),
                ))
            })
        });
        c.refuse_truncated()
    }

    /// The CRD's names and versions, each version of a schema class pointing at its first
    /// version's schema, which is still to be set (`lazy`), with where its node is.
    fn read(crd: &Node) -> Result<(CompiledCrd, Vec<SchemaAt>), String> {
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
        let top_at = top_schema.map_or(SchemaAt::Nowhere, |_| SchemaAt::Top);
        let mut raw: Vec<(String, bool, Option<&Node>, Option<&Node>)> = Vec::new();
        let mut at = Vec::new();
        match spec.get("versions").and_then(Node::as_seq) {
            Some(vs) if !vs.is_empty() => {
                for (j, v) in vs.iter().enumerate() {
                    let Some(name) = v.get_str("name") else {
                        continue;
                    };
                    let served = v.get("served").and_then(Node::as_bool).unwrap_or(false);
                    let own = v.at(&["schema", "openAPIV3Schema"]);
                    at.push(own.map_or(top_at, |_| SchemaAt::Version(j)));
                    let schema = own.or(top_schema);
                    let sub = v.get("subresources").or(top_sub);
                    raw.push((name.to_string(), served, schema, sub));
                }
            }
            _ => {
                // v1beta1 with only `spec.version`.
                if let Some(name) = spec.get_str("version") {
                    at.push(top_at);
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
                // Set by `keep_schemas`.
                lazy: Arc::new(LazySchema::new(None)),
            });
        }
        let c = CompiledCrd {
            group,
            kind,
            plural,
            versions: compiled.iter().map(|v| v.name.clone()).collect(),
            namespaced,
            preserve_unknown_fields,
            conversion,
            compiled,
            name_rule: NameRule::DnsSubdomain,
        };
        Ok((c, at))
    }

    /// Gives each schema class its schema node (`source` of the class's first version, by
    /// index), converted and compiled when the first resource of the class arrives; the other
    /// versions of the class share it.
    fn keep_schemas(&mut self, mut source: impl FnMut(usize) -> Option<SourceCopy>) {
        for v in 0..self.compiled.len() {
            let class = self.compiled[v].schema_class;
            self.compiled[v].lazy = if class < v {
                self.compiled[class].lazy.clone()
            } else {
                Arc::new(LazySchema::new(source(v)))
            };
        }
    }

    /// A schema cut at `schema::MAX_DEPTH` would call real fields unknown and prune them:
    /// refuse the CRD (the lint says where) rather than validate against part of it. Only a
    /// schema node nested that deep in YAML can be cut, so the others stay lazy.
    fn refuse_truncated(self) -> Result<CompiledCrd, String> {
        if let Some(v) = self
            .compiled
            .iter()
            .find(|v| v.lazy.may_be_truncated() && v.schema.as_deref().is_some_and(is_truncated))
        {
            return Err(format!(
                "the schema of version {:?} nests deeper than {} levels, which crdlint does not follow",
                v.name,
                crate::schema::MAX_DEPTH
            ));
        }
        Ok(self)
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
            .and_then(|v| v.schema.as_deref())
    }

    /// Prepares a served version's schema now, and with `with_cel` compiles its CEL rules for
    /// `kv`, as the first resource of that version would: a caller that knows which versions
    /// its resources use can prepare them in parallel up front, where otherwise a worker waits
    /// for another preparing the schema its resource needs (the run driver, issue 34). Nothing
    /// else changes: validation finds the work done.
    pub fn prepare(&self, version: &str, kv: KubeVersion, with_cel: bool) {
        let Some(v) = self.compiled.iter().find(|v| v.name == version && v.served) else {
            return;
        };
        if let (true, Some(s), Some(cel)) = (with_cel, v.schema.as_ref(), v.cel.as_ref()) {
            cel.at(s, kv);
        }
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
        let res = openapi::validate_root(&cx, s, value, None);
        res.errs
            .iter()
            .map(|e| (e.to_field_error(), e.span))
            .collect()
    }

    /// The `x-kubernetes-validations` rules of a version that do not compile, as
    /// `<schema path>: rule "<rule>": <server detail>` (validation skips them; the linter
    /// reports them at the CRD). Empty for unknown versions.
    pub fn cel_rules_skipped(&self, version: &str) -> Vec<String> {
        self.compiled
            .iter()
            .find(|v| v.name == version)
            .and_then(|v| {
                let s = v.schema.as_ref()?;
                Some(
                    v.cel
                        .as_ref()?
                        .at(s, KubeVersion::NEWEST)
                        .broken(s)
                        .to_vec(),
                )
            })
            .unwrap_or_default()
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
        let Some(rules) = self
            .compiled
            .iter()
            .find(|v| v.name == version)
            .and_then(|v| Some(v.cel.as_ref()?.at(v.schema.as_ref()?, KubeVersion::NEWEST)))
        else {
            return Vec::new();
        };
        let Some(v) = rules.validator.as_ref() else {
            return Vec::new();
        };
        let mut budget = crate::cel::validator::RUNTIME_BUDGET;
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

/// True when some node of the schema was cut at the depth cap.
pub(super) fn is_truncated(s: &Schema) -> bool {
    let mut cut = false;
    s.walk(&crate::k8s::FieldPath::root(), &mut |_, n| {
        cut |= n.truncated;
        !cut
    });
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pattern_compiles_once_per_run() {
        let compile = crate::schema::regex::compile;
        let a = compile("^x[0-9]+$").expect("compiles").expect("simple");
        let b = compile("^x[0-9]+$").expect("compiles").expect("simple");
        assert!(Arc::ptr_eq(&a, &b));
        assert!(compile("(").is_err());
    }

    #[test]
    fn taking_the_schemas_compiles_what_copying_does() {
        let v1 = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        description: the root
        properties:
          spec: {type: object, description: s, default: {description: d}, properties: {description: {type: string}}}
  - name: v2
    served: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {size: {type: string, pattern: '^a'}}}
  - name: v3
    served: false
    schema:
      openAPIV3Schema:
        type: object
        description: the root
        properties:
          spec: {type: object, description: s, default: {description: d}, properties: {description: {type: string}}}
";
        let v1beta1 = "apiVersion: apiextensions.k8s.io/v1beta1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  versions: [{name: v1, served: true, storage: true}, {name: v2, served: true}]
  validation:
    openAPIV3Schema: {type: object, description: r, properties: {spec: {type: object}}}
";
        let schema_at = |tree: &Node, at: &[&str], i: Option<usize>| -> Option<Node> {
            let n = match i {
                Some(i) => tree.at(&["spec", "versions"])?.as_seq()?.get(i)?.at(at)?,
                None => tree.at(at)?,
            };
            Some(n.clone())
        };
        for text in [v1, v1beta1] {
            let docs = crate::yaml::load(text);
            let crd = docs[0].root.as_ref().expect("parsed");
            let copied = CompiledCrd::compile(crd).expect("compiles");
            let mut tree = crd.clone();
            let taken = CompiledCrd::compile_taking(&mut tree).expect("compiles");
            assert_eq!(copied.compiled.len(), taken.compiled.len());
            for (a, b) in copied.compiled.iter().zip(&taken.compiled) {
                assert_eq!(a.schema_class, b.schema_class);
                assert!(a.schema.is_some());
                assert_eq!(a.schema.as_deref(), b.schema.as_deref());
                assert_eq!(a.patterns.len(), b.patterns.len());
            }
            if text == v1 {
                // The first version of each schema class gave its node; v3 (v1's class) kept
                // its own.
                assert_eq!(taken.compiled[2].schema_class, 0);
                let at = ["schema", "openAPIV3Schema"];
                assert!(schema_at(&tree, &at, Some(0)).is_some_and(|n| n.is_null()));
                assert!(schema_at(&tree, &at, Some(1)).is_some_and(|n| n.is_null()));
                assert!(schema_at(&tree, &at, Some(2)).is_some_and(|n| !n.is_null()));
            } else {
                let at = ["spec", "validation", "openAPIV3Schema"];
                assert!(schema_at(&tree, &at, None).is_some_and(|n| n.is_null()));
            }
        }
    }
}
