//! The pipeline that validates one resource, in the server's order (see the module docs of
//! [`super`]): version, unknown fields, defaults, validation of the stored object, CEL rules.

use super::*;

/// Shared state of one run of the pipeline.
pub(super) struct Run<'a> {
    pub(super) crd: &'a CompiledCrd,
    pub(super) opts: &'a Options,
    /// The emulated minor's behaviours, looked up once.
    pub(super) beh: Behavior,
    pub(super) diags: Vec<Diagnostic>,
    /// The object as read, for the [`ObjectRef`] built on the first diagnostic.
    pub(super) source: Option<&'a Node>,
    pub(super) object: Option<Arc<ObjectRef>>,
}

impl Run<'_> {
    pub(super) fn push(&mut self, d: Diagnostic) {
        if self.object.is_none() {
            self.object = self.source.map(object_ref);
        }
        let d = match &self.object {
            Some(o) => d.with_object(o.clone()),
            None => d,
        };
        self.diags.push(d);
    }

    pub(super) fn field_error(
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

pub(super) fn object_ref(obj: &Node) -> Arc<ObjectRef> {
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
pub(super) enum Stage {
    Prune,
    Full,
    /// [`Stage::Full`] for a caller that reads only the findings: the outcome has no stored
    /// object, so a resource that the rewrites leave as written is validated as it is.
    Findings,
}

/// Validates one document in the server's order; each step below is one stage of the API
/// server's create/update path, and a step that the server would fail hard on ends the run.
/// An outcome with a stored object names the version it was validated as.
pub(super) fn run(
    crd: &CompiledCrd,
    obj: &Node,
    old: Option<&Node>,
    opts: &Options,
    stage: Stage,
) -> Outcome {
    let mut out = run_stages(crd, obj, old, opts, stage);
    if stage == Stage::Findings {
        out.stored = None;
    }
    out
}

fn run_stages(
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
    // 0. The server decodes the body as an object before anything else.
    if !matches!(obj.value, Value::Map(_)) {
        report_not_an_object(&mut r, obj);
        return r.finish(None);
    }
    r.source = Some(obj);

    // 1. The version: the one asked for (`--version`) or the object's own.
    let own_version = own_version(obj);
    let version_name = opts.version.as_deref().unwrap_or(own_version);
    let Some(ver) = served_version(crd, version_name) else {
        report_unserved_version(&mut r, obj, version_name);
        return r.finish(None);
    };
    // The object is pruned as it is copied, unless `apiVersion` changes first.
    let retarget = opts.version.is_some() && version_name != own_version;
    let prunes = !crd.preserve_unknown_fields && ver.schema.is_some();
    // Most resources need no rewrite: without a copy to make (and drop), validating one that
    // is already as it would be stored costs what the checks cost.
    let may_keep = stage != Stage::Prune && old.is_none() && !retarget;
    if stage == Stage::Findings && may_keep && unchanged(&r, ver, obj, prunes) {
        return validate_as_written(r, ver, obj, version_name);
    }
    // Every debug run checks that `unchanged` says so only when nothing changes.
    #[cfg(debug_assertions)]
    let keeps = may_keep && unchanged(&r, ver, obj, prunes);
    let (mut x, pruned) = if prunes && !retarget {
        let (x, unknown) = prune::pruned_copy(obj, ver.schema.as_deref(), true);
        (x, Some(unknown))
    } else {
        (obj.clone(), None)
    };
    if retarget {
        retarget_version(&mut r, &mut x, obj, ver, own_version);
    }

    // 2. Unknown fields: root metadata first (as the server decodes it first), then pruning,
    //    then embedded metadata.
    let fatal = prune_unknown(&mut r, &mut x, obj, ver, pruned);
    if stage == Stage::Prune {
        return r.finish(Some((x, version_name)));
    }

    // 3. Defaults. A metadata that could not be decoded stops the server before validation.
    prune::apply_defaults_in(&mut x, ver.schema.as_deref(), &ver.subtrees);
    #[cfg(debug_assertions)]
    debug_assert!(!keeps || x == *obj, "unchanged() missed a rewrite");
    if fatal {
        return r.finish(Some((x, version_name)));
    }

    // 4. Validation of the object as it would be stored.
    validate_as_stored(&mut r, ver, &mut x, old);
    r.finish(Some((x, version_name)))
}

/// [`run`] with [`Stage::Findings`] for a caller that owns `obj` and reads it no more as
/// written: a resource whose only rewrites are defaults (and a create's status reset) is
/// defaulted and validated in place, without the copy [`run_stages`] makes and drops (about
/// 70% of the 10,000-resource bench workload's resources get a default). Any other resource
/// goes through [`run`] unchanged; `obj` then stays as it was. The findings are the same.
pub(super) fn run_findings_in_place(crd: &CompiledCrd, obj: &mut Node, opts: &Options) -> Outcome {
    run_in_place(crd, obj, opts, Stage::Findings)
}

/// [`run_findings_in_place`] for a caller that reads the stored object too (the run's
/// admission policies): a resource validated in place is left in `obj` as the server stores
/// it, and the outcome has no `stored`; any other one goes through [`run`] with
/// [`Stage::Full`], `obj` stays as written and `stored` holds the stored object.
pub(super) fn run_stored_in_place(crd: &CompiledCrd, obj: &mut Node, opts: &Options) -> Outcome {
    run_in_place(crd, obj, opts, Stage::Full)
}

fn run_in_place(crd: &CompiledCrd, obj: &mut Node, opts: &Options, stage: Stage) -> Outcome {
    let Some(ver) = defaults_only(crd, obj, opts) else {
        return run(crd, obj, None, opts, stage);
    };
    // Every debug run checks that the findings are those of the copying pipeline, and so is
    // the stored object.
    #[cfg(debug_assertions)]
    let expected = run(crd, obj, None, opts, stage);
    let out = defaulted_in_place(crd, ver, obj, opts);
    #[cfg(debug_assertions)]
    {
        debug_assert_eq!(
            (format!("{:?}", out.diagnostics), &out.version),
            (format!("{:?}", expected.diagnostics), &expected.version),
            "validating in place changed the findings"
        );
        debug_assert!(
            stage != Stage::Full || expected.stored.as_ref() == Some(&*obj),
            "validating in place changed the stored object"
        );
    }
    out
}

/// The rest of [`run_findings_in_place`] for a resource [`defaults_only`] admits.
fn defaulted_in_place(
    crd: &CompiledCrd,
    ver: &CompiledVersion,
    obj: &mut Node,
    opts: &Options,
) -> Outcome {
    let version_name = ver.name.as_str();
    let schema = ver.schema.as_deref();
    let status_reset = ver.status_subresource && opts.subresource == Subresource::Main;
    let mut r = Run {
        crd,
        opts,
        beh: Behavior::of(opts.kube_version),
        diags: Vec::new(),
        source: Some(obj),
        object: None,
    };
    // No `defaults_none` shortcut here: defaulting walks what that check walks, and a resource
    // it leaves alone goes on exactly as [`validate_as_written`] would take it (no status to
    // reset, or the reset path below).
    // Step 2 as [`prune_unknown`] runs it on the copy: with every field known and kept, only
    // root metadata's decoding reports anything.
    let mut unknown = Vec::new();
    let fatal = decode_metadata(&mut r, obj, &mut unknown);
    report_unknown(&mut r, &unknown, schema.map(|s| (s, &*obj)));
    let Run {
        beh,
        diags,
        mut object,
        ..
    } = r;
    // 3. Defaults: [`defaults_only`] made sure they leave what [`object_ref`] reads alone, so
    //    a diagnostic made after them names the object as one made before.
    prune::apply_defaults_in(obj, schema, &ver.subtrees);
    // 4. The status reset edits `obj` while it is validated (and puts the status back), so
    //    the run cannot hold `obj` for a later [`object_ref`]: it is made now. Fatal
    //    metadata errors end the run before validation.
    let resets = !fatal && status_reset && obj.get("status").is_some();
    if resets && object.is_none() {
        object = Some(object_ref(obj));
    }
    let mut r = Run {
        crd,
        opts,
        beh,
        diags,
        source: None,
        object,
    };
    if resets {
        validate_as_stored(&mut r, ver, obj, None);
    } else if !fatal {
        r.source = Some(obj);
        validate_stored(&mut r, ver, obj, None);
    }
    let mut out = r.finish(None);
    out.version = Some(version_name.to_string());
    out
}

/// The version to validate `obj` as when, of the rewrites before validation, only defaulting
/// and a create's status reset may change it, and no default is put where [`object_ref`]
/// reads (`apiVersion`, `kind`, `metadata`); `None` otherwise.
fn defaults_only<'c>(
    crd: &'c CompiledCrd,
    obj: &Node,
    opts: &Options,
) -> Option<&'c CompiledVersion> {
    if !matches!(obj.value, Value::Map(_)) {
        return None;
    }
    let own_version = own_version(obj);
    if opts.version.as_deref().is_some_and(|v| v != own_version) {
        return None;
    }
    let ver = served_version(crd, own_version)?;
    if ver.has_embedded {
        return None;
    }
    let schema = ver.schema.as_deref();
    if let Some(marks) = schema.and_then(|s| Some((s, ver.subtrees.get(s)?))) {
        let (s, marks) = marks;
        let named = |i: &u32| {
            s.properties
                .get_index(*i as usize)
                .is_some_and(|(k, _)| matches!(k.as_str(), "apiVersion" | "kind" | "metadata"))
        };
        if s.additional_properties.is_some()
            || marks.defaulted.iter().any(named)
            || marks.defaults_below.iter().any(named)
        {
            return None;
        }
    }
    let prunes = !crd.preserve_unknown_fields && schema.is_some();
    let keeps = obj.get("metadata").is_none_or(objectmeta::all_known)
        && (!prunes || prune::keeps_all(obj, schema));
    keeps.then_some(ver)
}

impl Run<'_> {
    /// The pipeline's result: the diagnostics, and the stored object with its version.
    fn finish(self, stored: Option<(Node, &str)>) -> Outcome {
        let (stored, version) = match stored {
            Some((x, v)) => (Some(x), Some(v.to_string())),
            None => (None, None),
        };
        Outcome {
            diagnostics: self.diags,
            stored,
            version,
        }
    }
}

/// Whether the rewrites before validation (pruning with nulls, unknown metadata fields,
/// embedded metadata, defaults, a create's status reset) would leave `obj` exactly as it is.
fn unchanged(r: &Run<'_>, ver: &CompiledVersion, obj: &Node, prunes: bool) -> bool {
    let schema = ver.schema.as_deref();
    let status_reset = ver.status_subresource && r.opts.subresource == Subresource::Main;
    if ver.has_embedded || (status_reset && obj.get("status").is_some()) {
        return false;
    }
    // Cheapest first: the defaults walk follows only the schema's defaulted paths, and it is
    // the one that fails most often (a `status` or list item the schema defaults).
    prune::defaults_none(obj, schema, &ver.subtrees)
        && obj.get("metadata").is_none_or(objectmeta::all_known)
        && (!prunes || prune::keeps_all(obj, schema))
}

/// The rest of [`run`] for a resource that [`unchanged`] says the rewrites leave as written:
/// the metadata's findings, then validation of `obj` itself. No stored object is returned.
fn validate_as_written(
    mut r: Run<'_>,
    ver: &CompiledVersion,
    obj: &Node,
    version_name: &str,
) -> Outcome {
    let mut unknown = Vec::new();
    let fatal = decode_metadata(&mut r, obj, &mut unknown);
    report_unknown(&mut r, &unknown, ver.schema.as_deref().map(|s| (s, obj)));
    if !fatal {
        validate_stored(&mut r, ver, obj, None);
    }
    let mut out = r.finish(None);
    out.version = Some(version_name.to_string());
    out
}

/// The version part of the object's `apiVersion` (all of it when it has no group).
fn own_version(obj: &Node) -> &str {
    crate::k8s::split_api_version(obj.get_str("apiVersion").unwrap_or("")).1
}

/// The compiled version named `name`, if the CRD serves it.
fn served_version<'c>(crd: &'c CompiledCrd, name: &str) -> Option<&'c CompiledVersion> {
    crd.compiled.iter().find(|v| v.name == name && v.served)
}

/// A document that is not a mapping: the server cannot decode it as an object.
fn report_not_an_object(r: &mut Run<'_>, obj: &Node) {
    let article = if matches!(obj.value, Value::Seq(_) | Value::Int(_)) {
        "an"
    } else {
        "a"
    };
    r.push(
        Diagnostic::new(
            &rules::NOT_AN_OBJECT,
            obj.span(),
            format!("the document is {article} {}, not an object", obj.kind()),
        )
        .with_path("<nil>"),
    );
}

/// No served version matches: missing apiVersion, an unserved version, or an unknown one.
fn report_unserved_version(r: &mut Run<'_>, obj: &Node, version_name: &str) {
    let crd = r.crd;
    let served: Vec<&str> = crd.served_versions().collect();
    let help = format!("served versions: {}", served.join(", "));
    if version_name.is_empty() {
        r.push(
            Diagnostic::new(
                &rules::VERSION_NOT_SERVED,
                obj.span(),
                "apiVersion: Required value: the object has no apiVersion, so no CRD version applies",
            )
            .with_path("apiVersion")
            .with_help(help),
        );
        return;
    }
    let span = obj.get("apiVersion").map_or(obj.span(), |n| n.span());
    let known = crd.compiled.iter().any(|v| v.name == version_name);
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
        .with_help(help),
    );
}

/// `--version` asks for another version than the object's: only apiVersion changes (crdlint
/// runs no conversion), and a note says so when the two versions' schemas differ.
fn retarget_version(
    r: &mut Run<'_>,
    x: &mut Node,
    obj: &Node,
    ver: &CompiledVersion,
    own_version: &str,
) {
    let crd = r.crd;
    let target = format!("{}/{}", crd.group, ver.name);
    if let Some(av) = x.as_map_mut().and_then(|m| m.get_mut("apiVersion")) {
        av.value = Value::String(target.clone().into());
    }
    let own = crd.compiled.iter().find(|v| v.name == own_version);
    if own.is_none_or(|o| o.schema_class == ver.schema_class) {
        return;
    }
    let span = obj.get("apiVersion").map_or(obj.span(), |n| n.span());
    let message = if crd.conversion == "None" {
        format!(
            "validating as {target}: the schema of version {:?} differs from that of {:?}; with conversion strategy None only apiVersion changes",
            ver.name, own_version
        )
    } else {
        format!(
            "validating as {target}: the schema of version {:?} differs from that of {:?}; the CRD converts with strategy {}, which crdlint cannot run, so only apiVersion was changed",
            ver.name, own_version, crd.conversion
        )
    };
    r.push(Diagnostic::new(&rules::VERSION_SCHEMA_DIFFERS, span, message).with_path("apiVersion"));
}

/// Drops (and reports) unknown fields in the server's decoding order: root metadata, the
/// schema's pruning, then embedded resources' metadata. `pruned` holds the fields removed when
/// `x` was copied from `obj` (the schema's pruning and null dropping, done already: both only
/// remove entries, so they commute with dropping unknown metadata keys). Returns whether
/// decoding failed so badly that the server rejects the request before validation.
fn prune_unknown(
    r: &mut Run<'_>,
    x: &mut Node,
    obj: &Node,
    ver: &CompiledVersion,
    pruned: Option<Vec<UnknownField>>,
) -> bool {
    let mut unknown: Vec<UnknownField> = Vec::new();
    let mut fatal = decode_metadata(r, obj, &mut unknown);
    if let Some(m) = x.as_map_mut().and_then(|m| m.get_mut("metadata")) {
        objectmeta::drop_unknown(m);
    }
    let schema = ver.schema.as_deref();
    // Without a schema nothing is pruned: the server requires one whenever it prunes.
    if let Some(p) = pruned {
        unknown.extend(p);
    } else if !r.crd.preserve_unknown_fields && schema.is_some() {
        unknown.extend(prune::prune_with_nulls(x, schema, true));
    }
    let root = Link::Root(None);
    let mut coerce_unknown = Vec::new();
    let subtrees = Some(&ver.subtrees);
    let embedded = objectmeta::coerce_in(x, schema, subtrees, &root, false, &mut coerce_unknown, 0);
    if let Some((fe, span)) = embedded {
        r.field_error(&rules::EMBEDDED_RESOURCE, &fe, span, None);
        fatal = true;
    }
    coerce_unknown.sort_by(|a, b| a.path.cmp(&b.path));
    unknown.extend(coerce_unknown);
    report_unknown(r, &unknown, schema.map(|s| (s, obj)));
    fatal
}

/// The root metadata as written (a copy's may have lost nulls to pruning), decoded as the
/// server decodes it first: its unknown fields go to `unknown`; returns whether it cannot be
/// decoded at all (reported), which stops the server before validation.
fn decode_metadata(r: &mut Run<'_>, obj: &Node, unknown: &mut Vec<UnknownField>) -> bool {
    let Some(meta) = obj.get("metadata") else {
        return false;
    };
    let d = objectmeta::decode(meta, "");
    unknown.extend(d.unknown);
    let Some((msg, span)) = d.error else {
        return false;
    };
    let v = BadValue::from_node(meta);
    let fe = FieldError::invalid(FieldPath::new("metadata"), v, msg);
    r.field_error(
        &rules::NOT_AN_OBJECT,
        &fe,
        span,
        Some("the server cannot decode this metadata and rejects the request"),
    );
    true
}

/// Validates the pruned, defaulted object. On update the old object is stored data (pruned
/// and defaulted). With the status subresource, create drops `status` and update keeps the
/// old one (`PrepareForCreate`/`PrepareForUpdate`); the user's status is put back afterwards
/// so `stored` keeps the user's text.
fn validate_as_stored(r: &mut Run<'_>, ver: &CompiledVersion, x: &mut Node, old: Option<&Node>) {
    let old_x = old
        .filter(|o| o.as_map().is_some())
        .map(|o| update::prepare_old(r.crd, ver, o));
    // Through `/status` (`crdlint test`'s status updates) the object keeps its own status.
    let status = (ver.status_subresource && r.opts.subresource == Subresource::Main)
        .then(|| update::carry_status(x, old_x.as_ref()));
    validate_stored(r, ver, x, old_x.as_ref());
    if let Some(saved) = status {
        update::restore_status(x, saved);
    }
}

/// Reports the unknown fields; with the schema and the object as written, a key one edit from a
/// field its object lacks gets "did you mean" and the rename as its fix (`near_miss`).
pub(super) fn report_unknown(
    r: &mut Run<'_>,
    unknown: &[UnknownField],
    typed: Option<(&Schema, &Node)>,
) {
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
        .with_severity(severity);
        let near = typed.and_then(|(s, obj)| super::near_miss::near_miss(s, obj, &u.path));
        let d = match near {
            Some(n) => d
                .with_help(format!(
                    "did you mean `{}`? The API server prunes this field; `kubectl apply` rejects it (strict field validation)",
                    n.field
                ))
                .with_fix(crate::diag::Fix {
                    span: n.key_span,
                    title: format!("{} renamed to {}", u.path, n.field),
                    replacement: n.field,
                }),
            None => d.with_help(
                "the API server prunes this field; `kubectl apply` rejects it (strict field validation)",
            ),
        };
        r.push(d);
    }
}

/// Evaluates the version's CEL rules on the pruned, defaulted object (the server's last
/// validation step) with one per-object runtime budget.
pub(super) fn run_cel(
    r: &mut Run<'_>,
    ver: &CompiledVersion,
    cel: &CelRules,
    x: &Node,
    old: Option<&Node>,
) {
    let Some(schema) = &ver.schema else {
        return;
    };
    let rules = cel.at(schema, r.opts.kube_version);
    let Some(v) = &rules.validator else {
        return;
    };
    let mut budget = crate::cel::validator::RUNTIME_BUDGET;
    let limits = Limits {
        behavior: r.beh,
        ..Limits::default()
    };
    // Ratcheting follows the structural schema; without it (before 1.30) nothing ratchets.
    let corr_schema = ver.schema.as_deref().filter(|_| r.beh.ratcheting);
    let errs = v.validate_ratcheting(&FieldPath::root(), x, old, corr_schema, limits, &mut budget);
    let broken = match &ver.schema {
        Some(s) if errs.iter().any(is_compile_error) => rules.broken(s),
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
        r.push(Diagnostic::new(&rules::CEL_RULES_SKIPPED, x.span(), msg).with_help(help));
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
pub(super) fn report_ratcheted(r: &mut Run<'_>, span: Span, path: String, message: String) {
    if !r.opts.report_ratcheted {
        return;
    }
    let d = Diagnostic::new(&rules::RATCHETED, span, message)
        .with_path(path)
        .with_help("the value is unchanged from the old object, so the server lets this update through with a warning; the next change to it must fix the error");
    r.push(d);
}

/// The errors the validator reports for rules that did not compile (skipped; noted once).
pub(super) fn is_compile_error(e: &RuleError) -> bool {
    e.detail.starts_with("rule compile error: ")
        || e.detail.starts_with("rule compiler initialization error: ")
}

/// Validates the object as it would be stored, in the server's order: TypeMeta, ObjectMeta,
/// the schema, the scale subresource, embedded resources, list types, then CEL rules. Every
/// field error is kept in `all`, since whether CEL runs depends on the errors before it.
pub(super) fn validate_stored(
    r: &mut Run<'_>,
    ver: &CompiledVersion,
    x: &Node,
    old: Option<&Node>,
) {
    // A wrong kind or apiVersion stops the server before anything else is looked at.
    if !type_meta_ok(r, ver, x) {
        return;
    }
    let mut all: Vec<FieldError> = Vec::new();
    validate_metadata(r, x, old, &mut all);
    finalizer_warnings(r, x, old);
    validate_schema(r, ver, x, old, &mut all);
    validate_scale(r, ver, x, &mut all);
    validate_embedded(r, ver, x, &mut all);
    validate_list_types(r, ver, x, old, &mut all);
    validate_cel(r, ver, x, old, &all);
}

/// Reports each item under `rule` and keeps its error for the CEL gate.
fn emit(r: &mut Run<'_>, all: &mut Vec<FieldError>, rule: &'static Rule, items: Vec<Located>) {
    for (fe, span) in items {
        r.field_error(rule, &fe, span, None);
        all.push(fe);
    }
}

/// The span of a top-level field, or the object's when the field is absent.
fn span_of(x: &Node, k: &str) -> Span {
    x.get(k).map_or(x.span(), |n| n.span())
}

/// TypeMeta: `kind` and `apiVersion` must name this CRD's kind and the validated version.
fn type_meta_ok(r: &mut Run<'_>, ver: &CompiledVersion, x: &Node) -> bool {
    let crd = r.crd;
    let kind = x.get_str("kind").unwrap_or("");
    let av = x.get_str("apiVersion").unwrap_or("");
    // `<group>/<version>`, compared without building it (it is built for an error only).
    let av_ok = if crd.group.is_empty() {
        av == ver.name
    } else {
        av.strip_prefix(crd.group.as_str())
            .and_then(|v| v.strip_prefix('/'))
            .is_some_and(|v| v == ver.name)
    };
    let mut ok = true;
    if kind != crd.kind {
        let fe = FieldError::invalid(
            FieldPath::new("kind"),
            kind.to_string(),
            format!("must be {}", crd.kind),
        );
        r.field_error(&rules::TYPE_META, &fe, span_of(x, "kind"), None);
        ok = false;
    }
    if !av_ok {
        let want_av = if crd.group.is_empty() {
            ver.name.clone()
        } else {
            format!("{}/{}", crd.group, ver.name)
        };
        let fe = FieldError::invalid(
            FieldPath::new("apiVersion"),
            av.to_string(),
            format!("must be {want_av}"),
        );
        r.field_error(&rules::TYPE_META, &fe, span_of(x, "apiVersion"), None);
        ok = false;
    }
    ok
}

/// ObjectMeta: the create checks, or on update the update checks.
fn validate_metadata(r: &mut Run<'_>, x: &Node, old: Option<&Node>, all: &mut Vec<FieldError>) {
    let crd = r.crd;
    let mut meta_errs = Vec::new();
    match (x.get("metadata").map(|m| &m.value), old) {
        (meta, Some(o)) => update::meta_update_errors(
            match meta {
                Some(Value::Map(m)) => Some(m),
                _ => None,
            },
            o.get("metadata").and_then(Node::as_map),
            span_of(x, "metadata"),
            &mut meta_errs,
            r.beh,
        ),
        // A kind whose name the server never reads needs none (`NameRule::Unchecked`).
        (None | Some(Value::Null), None) if crd.name_rule == NameRule::Unchecked => {}
        (None | Some(Value::Null), None) => {
            meta_errs.push((
                FieldError::required(
                    FieldPath::new("metadata").child("name"),
                    "name or generateName is required",
                ),
                x.span(),
            ));
        }
        (Some(Value::Map(m)), None) => objectmeta::validate_object_meta(
            m,
            span_of(x, "metadata"),
            &FieldPath::new("metadata"),
            crd.name_rule,
            crd.namespaced,
            &mut meta_errs,
            r.beh,
        ),
        (Some(_), None) => {}
    }
    emit(r, all, &rules::METADATA, meta_errs);
}

/// The OpenAPI schema (kube-openapi's validation), with ratcheting on update from 1.30.
fn validate_schema(
    r: &mut Run<'_>,
    ver: &CompiledVersion,
    x: &Node,
    old: Option<&Node>,
    all: &mut Vec<FieldError>,
) {
    let Some(s) = &ver.schema else {
        return;
    };
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
    let res = openapi::ratcheted(corr, openapi::validate_root(&cx, s, x, corr));
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
        // A nil server path (`<nil>: Invalid value: "": Checked value ...`) is the server's own
        // text in the message; as a JSON field it would be a string `"<nil>"`, so it is left out.
        if user_path != server_path && server_path != "<nil>" {
            d = d.with_server_path(server_path);
        }
        r.push(d);
        all.push(fe);
    }
}

/// The scale subresource's replica paths (integers) and label selector path (a string).
fn validate_scale(r: &mut Run<'_>, ver: &CompiledVersion, x: &Node, all: &mut Vec<FieldError>) {
    let Some(sc) = &ver.scale else {
        return;
    };
    let mut errs = Vec::new();
    scale_check(x, &sc.spec_replicas_path, true, &mut errs);
    scale_check(x, &sc.status_replicas_path, true, &mut errs);
    if let Some(l) = &sc.label_selector_path {
        scale_check(x, l, false, &mut errs);
    }
    emit(r, all, &rules::SCALE, errs);
}

/// `x-kubernetes-embedded-resource` objects: apiVersion, kind and their metadata.
fn validate_embedded(r: &mut Run<'_>, ver: &CompiledVersion, x: &Node, all: &mut Vec<FieldError>) {
    if !ver.has_embedded {
        return;
    }
    let mut emb = Vec::new();
    objectmeta::validate_embedded(
        x,
        ver.schema.as_deref(),
        &Link::Root(None),
        &mut emb,
        0,
        r.beh,
    );
    if !r.beh.embedded_required_no_detail {
        // Before 1.34 a missing embedded apiVersion/kind said so in the detail.
        for (fe, _) in &mut emb {
            if fe.kind == ErrorType::Required && fe.detail.is_empty() {
                fe.detail = "must not be empty".into();
            }
        }
    }
    emit(r, all, &rules::EMBEDDED_RESOURCE, emb);
}

/// `x-kubernetes-list-type` set/map uniqueness. On update it is checked only when the old
/// object passed it.
fn validate_list_types(
    r: &mut Run<'_>,
    ver: &CompiledVersion,
    x: &Node,
    old: Option<&Node>,
    all: &mut Vec<FieldError>,
) {
    if !ver.has_list_types {
        return;
    }
    let root = Link::Root(None);
    let old_ok = old.is_none_or(|o| {
        let mut olds = Vec::new();
        listtype::validate_in(
            &root,
            ver.schema.as_deref(),
            o,
            Some(&ver.subtrees),
            &mut olds,
        );
        olds.is_empty()
    });
    if old_ok {
        let mut lt = Vec::new();
        listtype::validate_in(
            &root,
            ver.schema.as_deref(),
            x,
            Some(&ver.subtrees),
            &mut lt,
        );
        emit(r, all, &rules::LIST_DUPLICATE, lt);
    }
}

/// CEL rules. The server evaluates `x-kubernetes-validations` last, on this same object
/// (`x`: pruned, defaulted, status dropped) and only when no earlier error blocks it; when one
/// does, it says the rules were not checked.
fn validate_cel(
    r: &mut Run<'_>,
    ver: &CompiledVersion,
    x: &Node,
    old: Option<&Node>,
    all: &[FieldError],
) {
    let blocked = cel_blocked_at(all, r.beh);
    if let (false, Some(cel)) = (blocked, &ver.cel) {
        run_cel(r, ver, cel, x, old);
    } else if ver.has_cel_rules && blocked {
        let fe = FieldError::invalid(
            FieldPath::root(),
            BadValue::Nil,
            "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
        );
        let mut d =
            Diagnostic::new(&rules::CEL_NOT_CHECKED, x.span(), fe.render(r.beh)).with_path("<nil>");
        d = d.with_help("fix the errors above; the x-kubernetes-validations rules run only on an otherwise valid object");
        r.push(d);
    }
}
