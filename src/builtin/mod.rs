//! Built-in kinds (Deployments, Services, ConfigMaps, ...): their schemas for the emulated
//! minor, read from the upstream OpenAPI v3 documents embedded in the binary, and validated by
//! the same pipeline as custom resources ([`crate::validate`]), plus the native (Go) checks
//! the documents do not carry ([`native`]).
//!
//! The driver asks a [`Catalog`] about each object that no CRD in the run claims. The catalog
//! decodes the embedded index on the first such question and compiles each
//! group/version/kind once, decompressing only the Go packages its definitions come from
//! (`bundle`); a run without built-in objects never touches the bundle. `versions` decides
//! what a minor serves, removed, or does not know.

mod bundle;
mod convert;
pub mod decode;
pub mod defaults;
pub mod explain;
pub mod metadata;
mod name_rules;
pub mod native;
mod required;
pub mod rules;
mod upgrade;
mod versions;

use std::collections::HashMap;
use std::sync::Arc;

use crate::diag::{Diagnostic, Span};
use crate::k8s::KubeVersion;
use crate::validate::{self, BuiltinKind, CompiledCrd, Outcome};
use crate::yaml::Node;

pub use bundle::{decoded, description};
pub use rules::RULES;

/// What the catalog knows about one apiVersion and kind.
#[derive(Debug)]
pub enum Entry {
    /// A served built-in kind; `note` is its deprecation warning, if a later minor removes it.
    Served {
        crd: Arc<CompiledCrd>,
        note: Option<Note>,
    },
    /// Not served by this minor: an error to report at the object's `apiVersion`.
    Rejected(Note),
}

/// A finding about an object's apiVersion and kind as a whole.
#[derive(Clone, Debug)]
pub struct Note {
    pub rule: &'static crate::diag::Rule,
    pub message: String,
    pub help: Option<String>,
    /// The field the finding underlines: `apiVersion`, or `kind` when no version of the group
    /// has that kind (the kind is what is wrong, not the version).
    pub field: &'static str,
    /// The value `field` surely meant (a kind one edit from one the group has): the safe fix
    /// `check --fix` applies.
    pub replacement: Option<String>,
    /// A removed version's replacement and both schemas: `check --fix` upgrades an object
    /// that means the same in both ([`upgrade`] decides, per object).
    pub upgrade: Option<Arc<upgrade::Upgrade>>,
}

impl Note {
    /// The diagnostic at the object's `apiVersion` or `kind`.
    pub fn diagnostic(&self, obj: &Node) -> Diagnostic {
        let value = obj.get(self.field);
        let span = value.map_or(obj.span(), |n| n.span());
        let mut d = Diagnostic::new(self.rule, span, self.message.clone()).with_path(self.field);
        let mut replacement = self.replacement.clone();
        let mut help = self.help.clone();
        if let Some(up) = &self.upgrade {
            help = Some(match upgrade::refusal(up, obj) {
                None => {
                    replacement = Some(up.to.clone());
                    format!(
                        "use {} instead: the object means the same there, so `check --fix` can change its apiVersion",
                        up.to
                    )
                }
                Some(why) => format!(
                    "use {} instead (`check --fix` does not change it: {why})",
                    up.to
                ),
            });
        }
        if let Some(h) = help {
            d = d.with_help(h);
        }
        if let (Some(r), Some(v)) = (&replacement, value) {
            d = d.with_fix(crate::diag::Fix {
                span: v.span(),
                replacement: r.clone(),
                title: format!(
                    "{} {} changed to {r}",
                    self.field,
                    v.as_str().unwrap_or_default()
                ),
            });
        }
        d
    }
}

/// The built-in kinds one run has met, compiled once each.
#[derive(Debug)]
pub struct Catalog {
    kube_version: KubeVersion,
    entries: HashMap<(String, String), Option<Entry>>,
}

impl Catalog {
    /// An empty catalog (allocates nothing until [`Catalog::prepare`] is called).
    pub fn new(kube_version: KubeVersion) -> Catalog {
        Catalog {
            kube_version,
            entries: HashMap::new(),
        }
    }

    /// Looks up (and compiles, the first time) an apiVersion and kind.
    pub fn prepare(&mut self, api_version: &str, kind: &str) {
        let key = (api_version.to_string(), kind.to_string());
        if !self.entries.contains_key(&key) {
            let entry = resolve(self.kube_version, api_version, kind);
            self.entries.insert(key, entry);
        }
    }

    /// True when nothing was looked up (the embedded bundle untouched by this catalog).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// What [`Catalog::prepare`] found; `None` when the kind is not a built-in one (or was not
    /// prepared).
    pub fn get(&self, api_version: &str, kind: &str) -> Option<&Entry> {
        self.entries
            .get(&(api_version.to_string(), kind.to_string()))?
            .as_ref()
    }
}

/// The built-in kinds minor `kv` serves, as `(group, version, kind)`: what admission policies'
/// resource rules can name (`admission` maps them to resources). Decodes the index only.
pub fn served_kinds(kv: KubeVersion) -> Vec<(String, String, String)> {
    let Some(index) = bundle::index() else {
        return Vec::new();
    };
    let Some(slot) = index.minor_slot(kv.minor) else {
        return Vec::new();
    };
    index.kinds[slot]
        .iter()
        .map(|k| (k.group.clone(), k.version.clone(), k.kind.clone()))
        .collect()
}

/// The schema of the built-in `group/version kind` minor `kv` serves, its root `metadata`
/// kept whole: what admission policy type-checking types `object` with (the validator's own
/// schemas leave the root `ObjectMeta` to its native checks). `None` when not served.
pub fn schema_with_metadata(
    kv: KubeVersion,
    group: &str,
    version: &str,
    kind: &str,
) -> Option<crate::schema::Schema> {
    let index = bundle::index()?;
    let slot = index.minor_slot(kv.minor)?;
    let entry = index.kinds[slot]
        .iter()
        .find(|k| k.group == group && k.version == version && k.kind == kind)?;
    let schema = convert::schema_with_metadata(index, slot, entry.def)?;
    Some(crate::schema::Schema::from_node(&Node::from_json(&schema)))
}

fn minor_name(m: u32) -> String {
    format!("1.{m}")
}

fn resolve(kv: KubeVersion, api_version: &str, kind: &str) -> Option<Entry> {
    let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
    // Built-in groups are undotted (`apps`) or end in `.k8s.io`; a CRD's group always has a
    // dot. Other groups are custom for sure: answered without decoding the bundle.
    if group.contains('.') && !group.ends_with(".k8s.io") {
        return None;
    }
    let index = bundle::index()?;
    let slot = index.minor_slot(kv.minor)?;
    // A minor newer than the bundle borrows its newest minor's schemas, but what that minor
    // lacks may be new: it is skipped (no schema), never reported.
    let beyond = index.minors.last().is_some_and(|m| kv.minor > *m);
    let here = minor_name(kv.minor);
    let instead = || versions::replacement(index, slot, group, kind);
    let use_instead = |what: Option<String>| what.map(|r| format!("use {r} instead"));
    let removed = |removed_in: u32, instead: Option<String>| {
        let upgrade = instead
            .as_deref()
            .and_then(|to| upgrade_of(index, slot, api_version, kind, to));
        Some(Entry::Rejected(Note {
            rule: &rules::REMOVED_VERSION,
            message: format!(
                "{api_version} {kind} was removed in Kubernetes {}; Kubernetes {here} does not serve it (no matches for kind \"{kind}\" in version \"{api_version}\")",
                minor_name(removed_in)
            ),
            help: use_instead(instead),
            field: "apiVersion",
            replacement: None,
            upgrade,
        }))
    };
    match versions::status(index, slot, group, version, kind) {
        versions::Status::Served { entry, removed_in } => {
            let schema = convert::schema_of(index, slot, entry.def)?;
            let crd = CompiledCrd::builtin(BuiltinKind {
                group: entry.group.clone(),
                version: entry.version.clone(),
                kind: entry.kind.clone(),
                namespaced: entry.namespaced,
                name_rule: name_rules::name_rule(&entry.group, &entry.kind, kv.minor),
                schema: crate::schema::Schema::from_node(&Node::from_json(&schema)),
            });
            let note = removed_in
                .map(|r| deprecated_note(index, api_version, group, kind, r))
                .or_else(|| is_alpha(version).then(|| alpha_note(api_version, kind, &here)));
            Some(Entry::Served {
                crd: Arc::new(crd),
                note,
            })
        }
        versions::Status::Removed { removed_in } => removed(removed_in, instead()),
        // Beyond the bundle only a case slip of a known kind is surely wrong (`configmap`).
        versions::Status::Unknown
            if beyond
                && !index.kinds[slot].iter().any(|k| {
                    k.group == group && k.version == version && k.kind.eq_ignore_ascii_case(kind)
                }) =>
        {
            None
        }
        // A `List` wrapper without items and a kubeconfig (`v1 Config`) are not API objects:
        // skipped (and counted) as before, not reported.
        versions::Status::Unknown if kind.ends_with("List") => None,
        versions::Status::Unknown if group.is_empty() && kind == "Config" => None,
        versions::Status::NotYet { since } => Some(Entry::Rejected(Note {
            rule: &rules::UNKNOWN_KIND,
            message: format!(
                "{api_version} {kind} is served from Kubernetes {} on; Kubernetes {here} does not serve it",
                minor_name(since)
            ),
            help: use_instead(instead()),
            field: "apiVersion",
            replacement: None,
            upgrade: None,
        })),
        versions::Status::Unknown => {
            let (help, field, replacement) = match use_instead(instead()) {
                // The kind exists in another version of the group: the version is wrong.
                Some(other_version) => (Some(other_version), "apiVersion", None),
                None => {
                    let near = near_kind(index, slot, group, kind);
                    let help = near.as_ref().map(|k| format!("did you mean kind {k}?"));
                    // Only a kind one edit away (or a case slip) is surely the one meant.
                    let sure = near.filter(|k| {
                        k.eq_ignore_ascii_case(kind)
                            || crate::diag::suggest::near_miss(kind, &[k.as_str()]).is_some()
                    });
                    (help, "kind", sure)
                }
            };
            Some(Entry::Rejected(Note {
                rule: &rules::UNKNOWN_KIND,
                message: format!("kind {kind} not found in {api_version} groupversion"),
                help,
                field,
                replacement,
                upgrade: None,
            }))
        }
        versions::Status::NotBuiltin => None,
    }
}

/// The upgrade of removed `api_version kind` to `to` (served by the minor at `slot`): the
/// old schema from the newest minor of the bundle that served it (none when it was removed
/// before the bundle's oldest minor), the new one from that minor too when it served both.
fn upgrade_of(
    index: &bundle::Index,
    slot: usize,
    api_version: &str,
    kind: &str,
    to: &str,
) -> Option<Arc<upgrade::Upgrade>> {
    let split = |av: &str| -> (String, String) {
        let (g, v) = av.rsplit_once('/').unwrap_or(("", av));
        (g.to_string(), v.to_string())
    };
    let ((og, ov), (ng, nv)) = (split(api_version), split(to));
    let find = |s: usize, g: &str, v: &str| {
        index.kinds[s]
            .iter()
            .find(|k| k.group == g && k.version == v && k.kind == kind)
            .map(|k| k.def)
    };
    let here = find(slot, &ng, &nv)?;
    let last = (0..slot).rev().find_map(|s| Some((s, find(s, &og, &ov)?)));
    // Both versions as that minor served them, where it served both: what differs is then the
    // versions, not what later minors added to the new one (which the re-check reports).
    let (old, new) = match last {
        Some((s, def)) => (
            convert::schema_of(index, s, def),
            match find(s, &ng, &nv) {
                Some(n) => convert::schema_of(index, s, n)?,
                None => convert::schema_of(index, slot, here)?,
            },
        ),
        None => (None, convert::schema_of(index, slot, here)?),
    };
    Some(Arc::new(upgrade::Upgrade {
        from: api_version.to_string(),
        to: to.to_string(),
        kind: kind.to_string(),
        old,
        new,
    }))
}

/// The kind of `group` this minor serves that is closest to `kind` (a case slip, or a typo
/// within the edit distance of `diag::suggest`), for "did you mean kind X?".
fn near_kind(index: &bundle::Index, slot: usize, group: &str, kind: &str) -> Option<String> {
    let kinds: Vec<&str> = index.kinds[slot]
        .iter()
        .filter(|k| k.group == group)
        .map(|k| k.kind.as_str())
        .collect();
    let near = kinds
        .iter()
        .find(|k| k.eq_ignore_ascii_case(kind))
        .map(|k| format!(" (did you mean `{k}`?)"))
        .unwrap_or_else(|| crate::diag::suggest::did_you_mean(kind, &kinds));
    let near = near.strip_prefix(" (did you mean `")?.strip_suffix("`?)")?;
    Some(near.to_string())
}

/// `v1alpha1`, `v2alpha3`, ...: a version the API server serves only when it is enabled.
fn is_alpha(version: &str) -> bool {
    version
        .strip_prefix('v')
        .and_then(|v| v.split_once("alpha"))
        .is_some_and(|(major, n)| {
            !major.is_empty()
                && !n.is_empty()
                && major.bytes().all(|b| b.is_ascii_digit())
                && n.bytes().all(|b| b.is_ascii_digit())
        })
}

/// The warning for a served version that minor `removed_in` removes.
fn deprecated_note(
    index: &bundle::Index,
    api_version: &str,
    group: &str,
    kind: &str,
    removed_in: u32,
) -> Note {
    let instead = index
        .minor_slot(removed_in)
        .and_then(|s| versions::replacement(index, s, group, kind))
        .filter(|r| r != api_version);
    Note {
        rule: &rules::DEPRECATED_VERSION,
        message: format!(
            "{api_version} {kind} is deprecated: Kubernetes {} removes it",
            minor_name(removed_in)
        ),
        help: instead.map(|r| format!("use {r} instead")),
        field: "apiVersion",
        replacement: None,
        upgrade: None,
    }
}

/// The warning for an alpha version: validated, but served only where the cluster enables it.
fn alpha_note(api_version: &str, kind: &str, here: &str) -> Note {
    Note {
        rule: &rules::ALPHA_VERSION,
        message: format!(
            "{api_version} {kind} is an alpha API: Kubernetes {here} serves it only when the cluster enables it"
        ),
        help: Some(format!(
            "enable it with the API server flag --runtime-config={api_version}=true (and its feature gate), or use a beta or stable version"
        )),
        field: "apiVersion",
        replacement: None,
        upgrade: None,
    }
}

/// kube-openapi's format check of a value of the wrong type (`<nil>: Invalid value: "":
/// Checked value must be of type integer with format int32 in spec.replicas`), which comes
/// with the type error itself.
fn is_format_echo(d: &Diagnostic) -> bool {
    d.rule.id == "cr/schema" && d.message.contains("Checked value must be of type ")
}

/// A type error: a value the kind's Go type cannot take, which fails the server's decoding.
fn is_decode_failure(d: &Diagnostic) -> bool {
    d.rule.id == "cr/schema" && d.message.contains(" must be of type ")
}

/// Validates a built-in object (`src` the text of its file, when held): the schema pipeline
/// of custom resources, then the native checks (on the object as written, so that every
/// finding has its node's span). A value the Go type cannot take fails the server's decoding
/// ([`decode`]): each such finding says what the YAML reader made of a bare scalar, and the
/// native checks, which the server runs only on a decoded object, are not run (the first
/// finding says so).
pub fn validate(
    crd: &CompiledCrd,
    obj: &Node,
    src: Option<&str>,
    opts: &validate::Options,
) -> Outcome {
    let mut outcome = findings(
        validate::validate_resource(crd, obj, opts),
        crd,
        obj,
        src,
        opts,
    );
    // The server's decoder runs the kind's Go defaulters too: the stored object (what
    // admission policies and `crdlint default` see) gets them after the schema's defaults.
    if let Some(stored) = outcome.stored.as_mut() {
        defaults::apply(stored, crate::k8s::Behavior::of(opts.kube_version));
    }
    outcome
}

/// [`validate`]'s findings, for a caller that reads nothing of the stored object (a `check`
/// with no policy and no transform): the schema pipeline's findings-only path (no stored copy
/// when nothing would change it), and the Go defaulters, which change only the stored object,
/// are not run; `stored` is `None`.
pub fn validate_findings(
    crd: &CompiledCrd,
    obj: &Node,
    src: Option<&str>,
    opts: &validate::Options,
) -> Outcome {
    let schema = validate::validate_resource_findings(crd, obj, None, opts);
    findings(schema, crd, obj, src, opts)
}

/// The schema pipeline's `outcome` (its stored object, if any, with the schema's defaults
/// only) with the decoding helps and the native checks' findings added.
fn findings(
    mut outcome: Outcome,
    crd: &CompiledCrd,
    obj: &Node,
    src: Option<&str>,
    opts: &validate::Options,
) -> Outcome {
    // A templated value (`${PORT}`, `($port)`; `cli::classify::is_templated`, all with a `$`)
    // is unknown until rendered: the driver withholds its finding, and it fails nothing yet.
    let templated = |d: &Diagnostic| {
        src.and_then(|t| t.get(d.span.start()..d.span.end()))
            .is_some_and(|w| w.contains('$'))
    };
    let mut first = true;
    for d in outcome
        .diagnostics
        .iter_mut()
        .filter(|d| is_decode_failure(d) && !templated(d))
    {
        let mut help: Vec<String> = d.help.take().into_iter().collect();
        let written = src.and_then(|t| t.get(d.span.start()..d.span.end()));
        if let Some(r) = written.and_then(|w| decode::reading_for(&d.message, w)) {
            help.push(r.help);
        }
        if std::mem::take(&mut first) {
            help.push(format!(
                "the server cannot decode this {} and rejects it before validating it: its own checks of the kind (builtin/*) were not run",
                crd.kind
            ));
        }
        d.help = Some(help.join("\n"));
    }
    // A value the Go type cannot take (`replicas: {a: 1}`) is not decoded at all, so nothing
    // under it is pruned or reported unknown: such findings would only echo the failure.
    let failed: Vec<Span> = outcome
        .diagnostics
        .iter()
        .filter(|d| is_decode_failure(d) && !is_format_echo(d) && !templated(d))
        .map(|d| d.span)
        .collect();
    outcome.diagnostics.retain(|d| {
        d.rule.id != "cr/unknown-field"
            || !failed
                .iter()
                .any(|f| *f != d.span && f.start() <= d.span.start() && d.span.end() <= f.end())
    });
    // Nor is its format checked: the schema's `Checked value must be of type integer with
    // format int32` beside `must be of type int32` (`replicas: 1.5`) is the same failure, which
    // the server's decoder reports once. Alone (`replicas: 3000000000`, out of int32's range)
    // it is the failure, and stays.
    outcome
        .diagnostics
        .retain(|d| !(is_format_echo(d) && failed.contains(&d.span)));
    metadata::explain_undecodable(&mut outcome.diagnostics, obj, src);
    // Native checks run on the object the schema accepted; after a decode-level failure
    // (wrong types) they would only repeat it. With strict field validation (`kubectl
    // apply`'s default) an unknown field fails decoding before the server validates anything,
    // and the native findings it would bring are mostly echoes of the typo (`contaners:`
    // leaves the pod without containers); relaxed, the server validates the pruned object.
    let strict_unknown = opts.unknown_fields == validate::UnknownFields::Error;
    if !outcome.diagnostics.iter().any(|d| {
        d.rule.id == "cr/type-meta"
            || d.rule.id == "cr/not-an-object"
            || (is_decode_failure(d) && !templated(d))
            || (strict_unknown && d.rule.id == "cr/unknown-field")
    }) {
        let mut found = native::check(&crd.kind, obj, opts.kube_version);
        let object = outcome.diagnostics.first().and_then(|d| d.object.clone());
        for d in &mut found {
            if let Some(o) = &object {
                d.object = Some(o.clone());
            }
        }
        // The schema's list-map check (`cr/list-duplicate`) and the server's own Go check can
        // see the same duplicate (two Service ports 80/TCP): one finding, the server's (its
        // `ValidateService`, pkg/apis/core/validation, is what the API server runs on a
        // built-in object; the OpenAPI list-map keys are server-side apply's).
        let native_dups: Vec<&str> = found
            .iter()
            .filter(|d| d.message.contains(": Duplicate value: "))
            .filter_map(|d| d.path.as_deref())
            .collect();
        outcome.diagnostics.retain(|d| {
            d.rule.id != "cr/list-duplicate"
                || d.path.as_deref().is_none_or(|p| !native_dups.contains(&p))
        });
        outcome.diagnostics.extend(found);
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alpha_versions() {
        for v in ["v1alpha1", "v2alpha3", "v1alpha10"] {
            assert!(is_alpha(v), "{v}");
        }
        for v in ["v1", "v1beta1", "valpha1", "v1alpha", "v1alpha1x", "alpha1"] {
            assert!(!is_alpha(v), "{v}");
        }
    }

    fn note(minor: u32, api_version: &str, kind: &str) -> Option<Note> {
        match resolve(KubeVersion { minor }, api_version, kind)? {
            Entry::Served { note, .. } => note,
            Entry::Rejected(n) => Some(n),
        }
    }

    #[test]
    fn alpha_kinds_are_served_with_a_warning() {
        // (certificates.k8s.io/v1alpha1 ClusterTrustBundle was the example until 1.37 removed
        // it: a removal takes precedence, see below.)
        let n = note(30, "internal.apiserver.k8s.io/v1alpha1", "StorageVersion").unwrap();
        assert_eq!(n.rule.id, "api/alpha-version");
        assert!(note(30, "v1", "ConfigMap").is_none());
    }

    #[test]
    fn a_removal_in_the_newest_minor_is_reported_with_its_replacement() {
        let at35 = note(35, "scheduling.k8s.io/v1alpha1", "Workload").unwrap();
        assert_eq!(at35.rule.id, "api/deprecated-version");
        assert_eq!(
            at35.message,
            "scheduling.k8s.io/v1alpha1 Workload is deprecated: Kubernetes 1.36 removes it"
        );
        assert_eq!(
            at35.help.as_deref(),
            Some("use scheduling.k8s.io/v1alpha2 instead")
        );
        let at36 = note(36, "scheduling.k8s.io/v1alpha1", "Workload").unwrap();
        assert_eq!(at36.rule.id, "api/removed-version");
        assert!(at36
            .message
            .starts_with("scheduling.k8s.io/v1alpha1 Workload was removed in Kubernetes 1.36;"));
    }

    /// The versions 1.37 stops serving (kubernetes-validate 1.37.0's definitions, see
    /// data/builtin/NOTICE): deprecated with their replacement at 1.36, removed at 1.37.
    #[test]
    fn the_removals_of_1_37_are_reported_with_their_replacements() {
        for (av, kind, instead) in [
            (
                "networking.k8s.io/v1beta1",
                "ServiceCIDR",
                "networking.k8s.io/v1",
            ),
            (
                "networking.k8s.io/v1beta1",
                "IPAddress",
                "networking.k8s.io/v1",
            ),
            (
                "storage.k8s.io/v1beta1",
                "VolumeAttributesClass",
                "storage.k8s.io/v1",
            ),
            (
                "certificates.k8s.io/v1alpha1",
                "ClusterTrustBundle",
                "certificates.k8s.io/v1",
            ),
        ] {
            let at36 = note(36, av, kind).unwrap();
            assert_eq!(at36.rule.id, "api/deprecated-version", "{av} {kind}");
            assert_eq!(
                at36.message,
                format!("{av} {kind} is deprecated: Kubernetes 1.37 removes it")
            );
            let at37 = note(37, av, kind).unwrap();
            assert_eq!(at37.rule.id, "api/removed-version", "{av} {kind}");
            assert!(at37
                .message
                .starts_with(&format!("{av} {kind} was removed in Kubernetes 1.37;")));
            assert_eq!(at37.help, Some(format!("use {instead} instead")));
        }
        // What 1.37 deprecates and announces the removal of (k8s.io/api
        // admissionregistration/v1beta1 zz_generated.prerelease-lifecycle.go: deprecated 1.37,
        // removed 1.40): a warning from 1.37 on, nothing at 1.36.
        let av = "admissionregistration.k8s.io/v1beta1";
        assert!(note(36, av, "MutatingAdmissionPolicy").is_none());
        let at37 = note(37, av, "MutatingAdmissionPolicy").unwrap();
        assert_eq!(at37.rule.id, "api/deprecated-version");
        assert_eq!(
            at37.message,
            format!("{av} MutatingAdmissionPolicy is deprecated: Kubernetes 1.40 removes it")
        );
        assert_eq!(
            at37.help.as_deref(),
            Some("use admissionregistration.k8s.io/v1 instead")
        );
        // New in 1.37: served there, not before.
        assert!(note(37, "certificates.k8s.io/v1", "ClusterTrustBundle").is_none());
        let at36 = note(36, "certificates.k8s.io/v1", "ClusterTrustBundle").unwrap();
        assert_eq!(at36.rule.id, "api/unknown-kind");
        assert!(at36.message.contains("served from Kubernetes 1.37 on"));
    }
}
