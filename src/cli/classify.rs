//! What a file or document is, before anything checks it: built-in kinds, `--skip` patterns,
//! files and documents that are not manifests (Helm templates, kustomize inputs, kuttl and
//! chainsaw test files, SOPS-encrypted documents), templated values, `# Source:` comments of a
//! rendered Helm stream, and `crdlint.io/ignore` annotations.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::input::Loaded;
use crate::diag::Span;
use crate::yaml::Node;

/// API groups served by the Kubernetes API server itself (not by CRDs). Their kinds are
/// built-in: skipped quietly, never "missing a schema". Groups ending in `.x-k8s.io` and
/// `gateway.networking.k8s.io`, `snapshot.storage.k8s.io` and the like are CRDs and are not here.
const BUILTIN_GROUPS: &[&str] = &[
    "",
    "admissionregistration.k8s.io",
    "apiextensions.k8s.io",
    "apiregistration.k8s.io",
    "apps",
    "authentication.k8s.io",
    "authorization.k8s.io",
    "autoscaling",
    "batch",
    "certificates.k8s.io",
    "coordination.k8s.io",
    "discovery.k8s.io",
    "events.k8s.io",
    "extensions",
    "flowcontrol.apiserver.k8s.io",
    "internal.apiserver.k8s.io",
    "networking.k8s.io",
    "node.k8s.io",
    "policy",
    "rbac.authorization.k8s.io",
    "resource.k8s.io",
    "scheduling.k8s.io",
    "storage.k8s.io",
    "storagemigration.k8s.io",
];

/// True for a group the API server serves itself.
pub fn is_builtin_group(group: &str) -> bool {
    BUILTIN_GROUPS.contains(&group)
}

/// A `--skip` pattern: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (the core group is
/// written as an empty group, `/v1/Secret`, or by its kind alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkipPattern {
    group: Option<String>,
    version: Option<String>,
    kind: String,
}

impl SkipPattern {
    pub fn parse(s: &str) -> Result<SkipPattern, String> {
        let parts: Vec<&str> = s.split('/').collect();
        let p = match parts.as_slice() {
            [kind] => SkipPattern {
                group: None,
                version: None,
                kind: kind.to_string(),
            },
            [group, kind] => SkipPattern {
                group: Some(group.to_string()),
                version: None,
                kind: kind.to_string(),
            },
            [group, version, kind] => SkipPattern {
                group: Some(group.to_string()),
                version: Some(version.to_string()),
                kind: kind.to_string(),
            },
            _ => {
                return Err(format!(
                    "--skip {s:?}: expected KIND, GROUP/KIND or GROUP/VERSION/KIND"
                ))
            }
        };
        if p.kind.is_empty() {
            return Err(format!("--skip {s:?}: the kind is empty"));
        }
        Ok(p)
    }

    /// True when an object with this apiVersion and kind matches.
    pub fn matches(&self, api_version: &str, kind: &str) -> bool {
        let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
        self.kind == kind
            && self.group.as_deref().is_none_or(|g| g == group)
            && self.version.as_deref().is_none_or(|v| v == version)
    }
}

/// False only when no document of `text` can be a CustomResourceDefinition, so that the run
/// can leave the file's parsing to the step that validates resources (and hold one tree at a
/// time). A CRD's `kind` is that exact word; YAML writes it either literally (plain, quoted or
/// block scalars, anchors and merge keys all keep the word in the text) or with escapes in a
/// double-quoted scalar (JSON too): only `\x`, `\u`, `\U` and an escaped line break can stand
/// for letters or join two parts of the word, so a text with none of them and without the
/// word holds no CRD. Quoting folds line breaks into spaces, which the word has none of.
pub fn may_hold_crd(text: &str) -> bool {
    // memchr's SIMD search: std's `contains` cost about 0.4 instructions a byte, and every
    // file of a run is searched whole unless it holds a CRD.
    if memchr::memmem::find(text.as_bytes(), b"CustomResourceDefinition").is_some() {
        return true;
    }
    // memchr's search again: `match_indices('\\')` cost about 1.3 instructions a byte of the
    // files without the word (7 million in a 10,000-resource run).
    let bytes = text.as_bytes();
    memchr::memchr_iter(b'\\', bytes)
        .any(|i| matches!(bytes.get(i + 1), Some(b'x' | b'u' | b'U' | b'\n' | b'\r')))
}

/// The `(apiVersion, kind)` pairs written at the start of a line of `text`, one per document
/// (`---` starts the next), added to `types`, read without parsing: a hint of which schemas
/// the file's resources will need, so that the run can prepare them up front on every core
/// ([`crate::validate::CompiledCrd::prepare`]). Only a hint: keys inside a block scalar are
/// taken too, and a flow document or a `List`'s items are missed (their schemas are then
/// prepared when first met, as without hints). Pairs, not two sets: a group with kinds of
/// several versions would otherwise name every version of each of its kinds.
pub fn type_hints(text: &str, types: &mut std::collections::HashSet<(String, String)>) {
    let bytes = text.as_bytes();
    let mut found: std::collections::HashSet<(&str, &str)> = Default::default();
    let (mut api_version, mut kind): (Option<&str>, Option<&str>) = (None, None);
    let starts = std::iter::once(0).chain(memchr::memchr_iter(b'\n', bytes).map(|i| i + 1));
    for start in starts {
        let rest = &bytes[start..];
        let (key_len, is_api_version) = match rest.first() {
            Some(b'a') if rest.starts_with(b"apiVersion:") => ("apiVersion:".len(), true),
            Some(b'k') if rest.starts_with(b"kind:") => ("kind:".len(), false),
            Some(b'-') if rest.starts_with(b"---") => {
                (api_version, kind) = (None, None);
                continue;
            }
            _ => continue,
        };
        let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        let Ok(value) = std::str::from_utf8(&rest[key_len..end]) else {
            continue;
        };
        let value = value.split(" #").next().unwrap_or_default().trim();
        let value = value.trim_matches(|c| c == '"' || c == '\'');
        if is_api_version {
            api_version = Some(value);
        } else {
            kind = Some(value);
        }
        if let (Some(a), Some(k)) = (api_version, kind) {
            if !a.is_empty() && !k.is_empty() {
                found.insert((a, k));
            }
        }
    }
    types.extend(
        found
            .into_iter()
            .map(|(a, k)| (a.to_string(), k.to_string())),
    );
}

/// Which kinds of files and documents that are not manifests are recognised and skipped (the
/// config's `recognize` section; each is on unless turned off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recognize {
    pub helm: bool,
    pub kustomize: bool,
    pub kubebuilder: bool,
    pub kuttl: bool,
    pub chainsaw: bool,
    pub sops: bool,
    pub git_crypt: bool,
    pub templated_values: bool,
    pub tool_configs: bool,
}

impl Default for Recognize {
    fn default() -> Self {
        Recognize {
            helm: true,
            kustomize: true,
            kubebuilder: true,
            kuttl: true,
            chainsaw: true,
            sops: true,
            git_crypt: true,
            templated_values: true,
            tool_configs: true,
        }
    }
}

/// The keys of the config's `recognize` section.
pub const RECOGNIZE_KEYS: &[&str] = &[
    "helm",
    "kustomize",
    "kubebuilder",
    "kuttl",
    "chainsaw",
    "sops",
    "git-crypt",
    "templated-values",
    "tool-configs",
];

impl Recognize {
    /// Sets the recognition named by a `recognize` key; false for an unknown key.
    pub fn set(&mut self, key: &str, on: bool) -> bool {
        let flag = match key {
            "helm" => &mut self.helm,
            "kustomize" => &mut self.kustomize,
            "kubebuilder" => &mut self.kubebuilder,
            "kuttl" => &mut self.kuttl,
            "chainsaw" => &mut self.chainsaw,
            "sops" => &mut self.sops,
            "git-crypt" => &mut self.git_crypt,
            "templated-values" => &mut self.templated_values,
            "tool-configs" => &mut self.tool_configs,
            _ => return false,
        };
        *flag = on;
        true
    }
}

/// How a run treats its inputs, beyond what its files are.
#[derive(Clone, Copy, Debug, Default)]
pub struct InputOptions {
    pub recognize: Recognize,
    /// `--lint-vendored`: the CRDs of files read only for `--crd` (or the config's `crds`) are
    /// linted too. Without it their own findings are not the user's to fix and are not shown;
    /// a CRD that cannot be used at all is still reported (`input/crd-unusable`).
    pub lint_vendored: bool,
}

const KUSTOMIZE_PATCH: &str = "a kustomize patch is not a whole object: run `kustomize build` on its kustomization and pipe the result to crdlint (`| crdlint check`)";
const KUSTOMIZE_INPUT: &str = "a kustomize transformer, generator, validator, `configurations` or `replacements` file is an input to kustomize, not an object: run `kustomize build` on its kustomization and pipe the result to crdlint (`| crdlint check`)";
const KUBEBUILDER_PATCH: &str = "a kubebuilder scaffold patch is not a whole object: run `kustomize build config/default | crdlint check`";
const CHAINSAW_PARTIAL: &str = "a file a chainsaw test asserts, expects as an error, patches or deletes holds partial objects that chainsaw compares with a cluster's: run `chainsaw test`";

/// Files that other files of the run name as inputs of a renderer or as test assertions (a
/// kustomization's patches and transformers, a chainsaw test's assert files), each with what
/// it is; and which recognitions are on.
#[derive(Default)]
pub struct Referenced {
    paths: HashMap<PathBuf, &'static str>,
    pub recognize: Recognize,
}

impl Referenced {
    /// What `name` is, when a file of the run names it.
    pub(crate) fn referenced_as(&self, name: &Path) -> Option<&'static str> {
        // Most runs have no kustomization: no path built per file to look up in an empty map.
        if self.paths.is_empty() {
            return None;
        }
        self.paths.get(&crate::cli::input::normalize(name)).copied()
    }

    fn add(&mut self, dir: &Path, path: &str, what: &'static str) {
        self.paths
            .entry(crate::cli::input::normalize(&dir.join(path)))
            .or_insert(what);
    }
}

/// Where a Helm template has its first action, if `text` is one: an action YAML would read as
/// structure ([`template_action`]); an action in a scalar that reads Helm's own names
/// ([`helm_text_action`]: `app: '{{ include "x.name" . }}'`, `name: "{{ .Release.Name }}-db"`,
/// which no other tool's `{{ }}` reads); or, in a file of a chart's `templates/` folder, any
/// `{{` (Helm renders those files as text). Elsewhere a quoted `{{ }}` is another tool's text:
/// Kyverno, Argo CD. A chart's `crds/` folder is never templated.
fn helm_template(l: &Loaded, text: &str) -> Option<Span> {
    // Most files hold no `{{`: one search, and the file system is not looked at.
    let first = memchr::memmem::find(text.as_bytes(), b"{{")?;
    let action = action_from(text, first).or_else(|| helm_text_action(text, first));
    // Standard input is placed where `--stdin-filename` names it, as the other checks here do.
    let path = match &l.input.origin {
        crate::cli::input::Origin::Path(p) => Some(p.as_path()),
        crate::cli::input::Origin::Stdin => {
            Some(Path::new(&l.input.name)).filter(|n| n.as_os_str() != "-")
        }
    };
    let in_templates = || path.is_some_and(super::charts::in_chart_templates);
    if action.is_none() && !in_templates() {
        return None;
    }
    if path.is_some_and(super::charts::in_chart_crds) {
        return None;
    }
    Some(action.unwrap_or(Span::new(first, first + 2)))
}

/// Why a whole file is not checked as objects, if it is a renderer's input or a test file.
pub fn renderer_input(l: &Loaded, text: &str, refs: &Referenced) -> Option<(String, Span)> {
    // Where the note points: the template action when the file has one, else its start.
    let at = || template_action(text).unwrap_or_default();
    let rec = &refs.recognize;
    let name = Path::new(&l.input.name);
    let file_name = name.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if rec.kustomize && is_kustomization(file_name) {
        let dir = name
            .parent()
            .map(|p| p.display().to_string())
            .filter(|d| !d.is_empty());
        return Some((
            format!(
                "a kustomization is not an object: run `kustomize build {}` and pipe the result to crdlint (`| crdlint check`)",
                dir.as_deref().unwrap_or(".")
            ),
            at(),
        ));
    }
    if let Some(what) = refs.referenced_as(name) {
        return Some((what.to_string(), at()));
    }
    if rec.kubebuilder && kubebuilder_patch(name, file_name) {
        return Some((KUBEBUILDER_PATCH.to_string(), at()));
    }
    if rec.kuttl {
        if let Some(what) = kuttl_file(file_name) {
            return Some((what.to_string(), at()));
        }
    }
    if rec.chainsaw && is_chainsaw_test(file_name) {
        return Some((
            "a chainsaw test is not an object: run `chainsaw test` on its folder".to_string(),
            at(),
        ));
    }
    if rec.helm {
        if let Some(action) = helm_template(l, text) {
            let why = if is_jinja(text) {
                "a Jinja template (Ansible's, Salt's) is not an object until rendered: render it and pipe the result to crdlint (`| crdlint check`)"
            } else {
                "a Helm template is not an object until rendered: run `helm template RELEASE CHART | crdlint check`"
            };
            return Some((why.to_string(), action));
        }
    }
    None
}

/// A template of Jinja's rather than Go's (an Ansible role's `templates/deploy.yaml`): it has
/// statements in `{% %}`, which Go templates never have, and no action reads Go's dot (`.Values`,
/// `include "x" .`, `$.Release`). Only the note's words depend on it: either is skipped.
fn is_jinja(text: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), b"{%").is_some() && !reads_go_dot(text)
}

/// Whether an action (`{{ ... }}`) reads Go's dot or a variable outside its quoted strings: a
/// `.` that starts a word (`.Values`, `include "x" .`), not one inside it (Jinja's
/// `item.name`) or a number's (`.5`), or a `$`. Jinja's `{% raw %}` blocks (a Prometheus
/// rule's `{{ $labels.instance }}` in an Ansible role) are text, not actions.
fn reads_go_dot(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(at) = memchr::memmem::find(&bytes[from..], b"{{") {
        let start = from + at;
        if let Some(raw_end) = in_raw_block(bytes, start) {
            from = raw_end;
            continue;
        }
        let body = &bytes[start + 2..];
        let body = &body[..closing_braces(body).unwrap_or(body.len())];
        if action_reads_go_dot(body) {
            return true;
        }
        from = start + 2 + body.len();
    }
    false
}

/// Where the `{% endraw %}` of a Jinja `{% raw %}` block holding `at` ends, if one holds it.
fn in_raw_block(bytes: &[u8], at: usize) -> Option<usize> {
    let before = &bytes[..at];
    // `endraw %}` ends in `raw %}` too: the last opener counts only after the last closer.
    let opened = memchr::memmem::rfind(before, b"raw %}")?;
    if memchr::memmem::rfind(before, b"endraw").is_some_and(|closed| closed + 3 >= opened) {
        return None;
    }
    let close = memchr::memmem::find(&bytes[at..], b"endraw")?;
    Some(at + close + "endraw".len())
}

/// [`reads_go_dot`] of one action's text, its quoted strings skipped.
fn action_reads_go_dot(body: &[u8]) -> bool {
    let mut quote = None;
    for (i, &c) in body.iter().enumerate() {
        match quote {
            Some(q) if c == q && body.get(i.wrapping_sub(1)) != Some(&b'\\') => quote = None,
            Some(_) => {}
            None if matches!(c, b'"' | b'\'' | b'`') => quote = Some(c),
            None if c == b'$' => return true,
            None if c == b'.' => {
                let starts_word =
                    i == 0 || matches!(body[i - 1], b' ' | b'\t' | b'\n' | b'\r' | b'(' | b'-');
                let number = body.get(i + 1).is_some_and(u8::is_ascii_digit);
                if starts_word && !number {
                    return true;
                }
            }
            None => {}
        }
    }
    false
}

fn is_kustomization(file_name: &str) -> bool {
    matches!(
        file_name,
        "kustomization.yaml" | "kustomization.yml" | "Kustomization"
    )
}

fn is_chainsaw_test(file_name: &str) -> bool {
    matches!(
        file_name,
        "chainsaw-test.yaml" | "chainsaw-test.yml" | "chainsaw-test.json"
    )
}

/// kubebuilder's scaffold patches by where the scaffold puts them: `config/crd/patches/*` and
/// `config/default/*_patch*.yaml` (kubebuilder's `pkg/plugins/common/kustomize` templates).
fn kubebuilder_patch(name: &Path, file_name: &str) -> bool {
    let parent = name.parent();
    fn dir(p: Option<&Path>) -> Option<&str> {
        p.and_then(Path::file_name).and_then(|n| n.to_str())
    }
    (dir(parent) == Some("patches") && dir(parent.and_then(Path::parent)) == Some("crd"))
        || (dir(parent) == Some("default") && file_name.contains("_patch"))
}

/// kuttl's test files by name (kuttl `pkg/test/step.go`: a step file is `<index>-<name>.yaml`,
/// and a name starting with `assert` or `errors` makes it the step's assertion), and its suite
/// configuration `kuttl-test.yaml`. chainsaw reads the same names in its conventional layout.
fn kuttl_file(file_name: &str) -> Option<&'static str> {
    if matches!(file_name, "kuttl-test.yaml" | "kuttl-test.yml") {
        return Some("a kuttl test suite configuration is not an object: run `kubectl kuttl test`");
    }
    let stem = file_name
        .strip_suffix(".yaml")
        .or_else(|| file_name.strip_suffix(".yml"))?;
    let (index, step) = stem.split_once('-')?;
    if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    (step.starts_with("assert") || step.starts_with("errors")).then_some(
        "a kuttl (or chainsaw) assert or errors file holds partial objects that the test compares with a cluster's: run `kubectl kuttl test` or `chainsaw test`",
    )
}

/// Why one document is not checked as an object, if it is not a manifest: a SOPS-encrypted
/// document, a kustomize or test tool's own configuration, or a chainsaw assertion (JMESPath
/// keys). `may_template`: the file's text may hold JMESPath keys ([`may_be_templated`]).
pub fn not_a_manifest_doc(
    node: &Node,
    rec: &Recognize,
    may_template: bool,
) -> Option<&'static str> {
    // SOPS keeps its metadata in a top-level `sops` mapping (getsops/sops `stores`): the other
    // values are `ENC[...]` ciphertext until `sops -d`.
    if rec.sops && node.get("sops").and_then(Node::as_map).is_some() {
        return Some("a SOPS-encrypted document holds ciphertext until it is decrypted: it is skipped whole; check the decrypted form (`sops -d FILE | crdlint check`)");
    }
    let api_version = node.get_str("apiVersion").unwrap_or_default();
    let (group, _) = crate::k8s::split_api_version(api_version);
    if rec.kustomize && api_version == "builtin" {
        return Some("a kustomize plugin configuration (`apiVersion: builtin`) is an input to kustomize, not an object: run `kustomize build` on its kustomization and pipe the result to crdlint");
    }
    if rec.kustomize && group == "kustomize.config.k8s.io" {
        return Some("a kustomization or kustomize Component is not an object: run `kustomize build` and pipe the result to crdlint (`| crdlint check`)");
    }
    if rec.kuttl && group == "kuttl.dev" {
        return Some("a kuttl test configuration is not an object: run `kubectl kuttl test`");
    }
    if rec.chainsaw && group == "chainsaw.kyverno.io" {
        return Some("a chainsaw test configuration is not an object: run `chainsaw test`");
    }
    if rec.chainsaw && may_template && has_jmespath_key(node, 0) {
        return Some("a chainsaw assertion (keys such as `(length(items))` are JMESPath expressions) holds partial objects: run `chainsaw test`");
    }
    None
}

/// The configuration files that share an object's shape (`apiVersion`, `kind`) but that no
/// API server serves, by group (and kind, where the group also has served kinds: kpt's
/// `ResourceGroup` is a CRD), with the program that reads them: Kubernetes components' own
/// (every group under `.config.k8s.io`, see [`tool_config`]) and tools' that repositories keep
/// beside their manifests.
const TOOL_CONFIGS: &[(&str, &str, &str)] = &[
    ("kubelet.config.k8s.io", "", "the kubelet (`--config`)"),
    ("kubeproxy.config.k8s.io", "", "kube-proxy (`--config`)"),
    (
        "kubescheduler.config.k8s.io",
        "",
        "kube-scheduler (`--config`)",
    ),
    (
        "kubecontrollermanager.config.k8s.io",
        "",
        "kube-controller-manager",
    ),
    ("apiserver.config.k8s.io", "", "kube-apiserver"),
    (
        "pod-security.admission.config.k8s.io",
        "",
        "kube-apiserver's PodSecurity admission plugin",
    ),
    ("kubeadm.k8s.io", "", "kubeadm"),
    ("audit.k8s.io", "", "kube-apiserver (`--audit-policy-file`)"),
    ("apiserver.k8s.io", "", "kube-apiserver"),
    (
        "client.authentication.k8s.io",
        "",
        "kubectl's credential plugins",
    ),
    (
        "credentialprovider.kubelet.k8s.io",
        "",
        "the kubelet's credential provider plugins",
    ),
    (
        "eventratelimit.admission.k8s.io",
        "",
        "kube-apiserver's EventRateLimit admission plugin",
    ),
    ("kind.x-k8s.io", "", "kind (`kind create cluster --config`)"),
    ("k3d.io", "", "k3d (`k3d cluster create --config`)"),
    ("eksctl.io", "", "eksctl (`eksctl create cluster -f`)"),
    ("skaffold", "", "skaffold"),
    ("backstage.io", "", "Backstage's software catalog"),
    (
        "meta.pkg.crossplane.io",
        "",
        "crossplane's package builder (`crossplane xpkg build`)",
    ),
    ("cli.kyverno.io", "", "the kyverno CLI (`kyverno test`)"),
    ("kpt.dev", "Kptfile", "kpt"),
    ("fn.kpt.dev", "", "a kpt function"),
];

/// Why a document of `group` and `kind` for which the run has no CRD is not checked, when it
/// is a configuration file ([`TOOL_CONFIGS`]): no cluster serves it, so a missing CRD is no
/// finding and vendoring one is no advice.
pub fn tool_config(group: &str, kind: &str, rec: &Recognize) -> Option<String> {
    if !rec.tool_configs {
        return None;
    }
    let listed = TOOL_CONFIGS
        .iter()
        .find(|(g, k, _)| *g == group && (k.is_empty() || *k == kind));
    let reader = match listed {
        Some((_, _, reader)) => reader,
        None if group.ends_with(".config.k8s.io") && group != "kustomize.config.k8s.io" => {
            "a Kubernetes component (`--config`)"
        }
        None => return None,
    };
    Some(format!(
        "a configuration file read by {reader}, not an object any API server serves: it is not checked"
    ))
}

/// A mapping key that is a JMESPath expression, as chainsaw's assertion trees write them:
/// `(...)` around the whole key.
fn has_jmespath_key(node: &Node, depth: usize) -> bool {
    if depth > 64 {
        return false;
    }
    if let Some(map) = node.as_map() {
        return map.iter().any(|(k, v)| {
            (k.len() > 2 && k.starts_with('(') && k.ends_with(')'))
                || has_jmespath_key(v, depth + 1)
        });
    }
    node.as_seq()
        .is_some_and(|items| items.iter().any(|i| has_jmespath_key(i, depth + 1)))
}

/// Whether `text` may hold a templated value or a JMESPath key: `${`, `($`, or a `(` that
/// starts a key (only blanks and dashes before it on its line). Most files hold none, and
/// their objects are not walked for them. One pass over the text for both bytes (two `memmem`
/// searches were 0.6% of a 10,000-resource run's instructions).
pub fn may_be_templated(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memchr2_iter(b'$', b'(', bytes).any(|i| match bytes[i] {
        b'$' => bytes.get(i + 1) == Some(&b'{'),
        _ => {
            bytes.get(i + 1) == Some(&b'$') || {
                let before = bytes[..i]
                    .iter()
                    .rev()
                    .find(|&&b| !matches!(b, b' ' | b'-' | b'\t'));
                matches!(before, None | Some(b'\n' | b'\r'))
            }
        }
    })
}

/// True for a value that a renderer fills in: a Flux post-build substitution (`${VAR}`,
/// `${VAR:=default}`, fluxcd/pkg `envsubst`; `$${VAR}` is its escape for a literal) anywhere
/// in it, or a chainsaw binding expression (`($namespace)`, a JMESPath expression in
/// parentheses using a `$` binding) as the whole value.
pub fn is_templated(s: &str) -> bool {
    let bytes = s.as_bytes();
    // Both forms need a `$`, which most values have none of: one byte search instead of a
    // `memmem` searcher built for every value and key of an object.
    if memchr::memchr(b'$', bytes).is_none() {
        return false;
    }
    let flux = memchr::memmem::find_iter(bytes, b"${").any(|i| {
        (i == 0 || bytes[i - 1] != b'$')
            && bytes
                .get(i + 2)
                .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
            && bytes[i + 2..].contains(&b'}')
    });
    flux || (s.len() > 2 && s.starts_with('(') && s.ends_with(')') && s.contains('$'))
}

/// The spans of the templated values ([`is_templated`]) and keys of an object, in order.
pub fn templated_spans(node: &Node) -> Vec<Span> {
    fn walk(node: &Node, depth: usize, out: &mut Vec<Span>) {
        if depth > 256 {
            return;
        }
        if let Some(map) = node.as_map() {
            for e in &map.entries {
                if is_templated(&e.key) {
                    out.push(e.key_span);
                }
                walk(&e.value, depth + 1, out);
            }
        } else if let Some(items) = node.as_seq() {
            for i in items {
                walk(i, depth + 1, out);
            }
        } else if node.as_str().is_some_and(is_templated) {
            out.push(node.span());
        }
    }
    let mut out = Vec::new();
    walk(node, 0, &mut out);
    out
}

/// The first Go template action `{{ ... }}` where YAML would read it as structure: alone at
/// the start of a line (`{{- if .Values.x }}`), starting a value (`name: {{ .Release.Name }}`,
/// `- {{ .Values.x }}`) or an entry of a flow collection. Elsewhere an action is text the
/// renderer's consumer reads, and the file is an object as written: inside quoted scalars
/// (Kyverno's `'{{request.object.metadata.name}}'`), block scalars (`|`, `>`), comments, and
/// in the middle of a plain scalar (`name: pod1-{{request.name}}`, Argo CD's
/// `path: apps/{{cluster}}`). Skipping such a file would leave valid resources unchecked.
pub fn template_action(text: &str) -> Option<Span> {
    // Most files have no action at all: one search of the text (memchr's SIMD search; std's
    // `find` cost ~7 instructions a byte) instead of a scan of it.
    let first = memchr::memmem::find(text.as_bytes(), b"{{")?;
    action_from(text, first)
}

/// [`template_action`] of `text`, whose first `{{` is at `first`.
fn action_from(text: &str, first: usize) -> Option<Span> {
    // Half the files with a `{{` have none where a token may start: the scan below (~20
    // instructions a byte) cannot return for them.
    if !may_start_token(text, first) {
        return None;
    }
    scan_for_action(text, first)
}

/// The first action in a quoted or plain scalar of `text` (whose first `{{` is at `first`) that
/// reads Helm's own names ([`reads_helm_names`]), outside comments and block scalars (a
/// ConfigMap may hold a template as text). Such a file is a Helm template kept outside a
/// chart's `templates/` folder (CRDs a build renders, a chart being assembled): as written its
/// values are the actions, not what Helm would put there.
fn helm_text_action(text: &str, first: usize) -> Option<Span> {
    // A search of the actions' own text first: most files with `{{` hold no Helm names, and
    // the line scan below is not needed for them.
    let bytes = text.as_bytes();
    let finder = memchr::memmem::Finder::new(b"{{");
    let any = std::iter::successors(Some(first), |&i| {
        finder.find(&bytes[i + 2..]).map(|n| i + 2 + n)
    })
    .any(|i| reads_helm_names(action_text(text, i)));
    if !any {
        return None;
    }
    scan_lines(
        text,
        first,
        Scan {
            helm_text: true,
            ..Scan::default()
        },
    )
}

/// The text of the action whose `{{` is at `at`: up to its `}}` on the same line (the whole
/// rest of the line when it has none).
fn action_text(text: &str, at: usize) -> &str {
    let rest = &text.as_bytes()[at + 2..];
    let line = &rest[..memchr::memchr(b'\n', rest).unwrap_or(rest.len())];
    let end = closing_braces(line).unwrap_or(line.len());
    // `}` is ASCII: `end` is a char boundary.
    &text[at + 2..at + 2 + end]
}

/// Where the first `}}` of `bytes` starts. Byte searches: a substring search's set-up cost
/// more than most actions' length.
fn closing_braces(bytes: &[u8]) -> Option<usize> {
    memchr::memchr_iter(b'}', bytes).find(|&i| bytes.get(i + 1) == Some(&b'}'))
}

/// Whether an action's text reads what only Helm gives a template: the chart's built-in
/// objects (`.Values`, `.Release`, `.Chart`, `.Capabilities`, `.Files`, `.Template`, also as
/// `$.Values`) or Helm's own functions that render a named template or a string (`include "x"`,
/// `tpl`). Other tools' actions read their own data (Kyverno's `request.object`, Argo CD's
/// `.path.basename` and `.values.x`, Alertmanager's `.CommonLabels`, Grafana's `.Values.B`),
/// and Helm's names are capitalised Go fields. Go's own `template "x"` is not enough alone:
/// Alertmanager's notification texts call it too (`title: '{{ template "slack.title" . }}'` in
/// an AlertmanagerConfig); a chart's template that calls it reads `.Release` or `.Values` too.
fn reads_helm_names(action: &str) -> bool {
    let b = action.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    // One pass over the words (a file of Argo CD or Kyverno texts has hundreds of actions).
    let mut i = 0;
    while i < b.len() {
        if !word(b[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && word(b[i]) {
            i += 1;
        }
        let w = &b[start..i];
        let before = start.checked_sub(1).map(|j| b[j]);
        let found = if before == Some(b'.') {
            // A field chain's first field (`.Values`, `$.Values`), not a field of something
            // (`x.Values`).
            let chain_start = start < 2 || !word(b[start - 2]);
            // Grafana's alert texts read their queries' values as `.Values.B` (a query's
            // refID, capitalised); Helm's values start lower case by convention.
            let grafana = w == b"Values"
                && b.get(i) == Some(&b'.')
                && b.get(i + 1).is_some_and(u8::is_ascii_uppercase);
            chain_start
                && !grafana
                && matches!(
                    w,
                    b"Values" | b"Release" | b"Chart" | b"Capabilities" | b"Files" | b"Template"
                )
        } else {
            // A call: the function's name as a word of its own, not a variable (`$tpl`), then
            // its argument (`include "x" .`, `include (print "x") .`, `tpl .Values.t .`).
            let call = before != Some(b'$') && matches!(w, b"include" | b"tpl");
            call && b.get(i).is_some_and(|c| matches!(c, b' ' | b'\t'))
        };
        if found {
            return true;
        }
    }
    false
}

/// [`template_action`] by reading every line of `text`, whose first `{{` is at `first`.
fn scan_for_action(text: &str, first: usize) -> Option<Span> {
    scan_lines(text, first, Scan::default())
}

/// Reads every line of `text` (whose first `{{` is at `first`) with `scan`: the first action
/// it finds.
fn scan_lines(text: &str, first: usize, mut scan: Scan) -> Option<Span> {
    let mut offset = 0;
    // The lines with their breaks, as `split_inclusive('\n')` (whose search cost ~190
    // instructions a line) gives them.
    let ends = memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1);
    for end in ends.chain(std::iter::once(text.len())) {
        if end == offset {
            break;
        }
        let line = &text[offset..end];
        // Only a line holding `{{` can return; the others are read for what they leave open,
        // and before the first `{{` a line that opens nothing is passed over cheaply.
        if let Some(i) = scan.line(line, end > first) {
            return Some(Span::new(offset + i, offset + i + 2));
        }
        offset = end;
    }
    None
}

/// Whether some `{{` of `text`, from the first at `first` on, may be where a token starts: the
/// last character before it on its line, blanks aside, is none or one of `:`, `[`, `{`, `,`,
/// or it is a sequence entry's dash standing alone (`- {{`, not `pod1-{{` or `a-{{x}}-{{y}}`,
/// which are in a scalar whatever the depth). [`token_start`] holds only there (at any flow
/// depth), so a text without such a `{{` holds no action. The dash case matters: real files
/// (Argo CD's `name: '{{path.basename}}-{{name}}'`, Kyverno's `pod1-{{request.name}}`) sent
/// one file in seven of a workload through the line scan below, 1.4% of a `validate` run.
fn may_start_token(text: &str, first: usize) -> bool {
    let bytes = text.as_bytes();
    let finder = memchr::memmem::Finder::new(b"{{");
    let mut at = Some(first);
    while let Some(i) = at {
        let line_start = memchr::memrchr(b'\n', &bytes[..i]).map_or(0, |n| n + 1);
        let line = &text[line_start..i];
        let before = line.trim_end();
        let may = match before.as_bytes().last() {
            None | Some(b':' | b'[' | b'{' | b',') => true,
            // `token_start`'s dash: blanks between it and the action, and dashes alone before.
            Some(b'-') => before.len() != line.len() && before.split_whitespace().all(|w| w == "-"),
            _ => false,
        };
        if may {
            return true;
        }
        // Overlapping: in `{{{` the second `{` starts a `{{` too.
        at = finder.find(&bytes[i + 1..]).map(|n| i + 1 + n);
    }
    false
}

/// What an earlier line leaves open for the next one, and what is looked for.
#[derive(Default)]
struct Scan {
    /// A quoted scalar that goes on past its line: its quote.
    quote: Option<u8>,
    /// Inside a block scalar: its lines are indented beyond this column.
    block: Option<usize>,
    /// Also an action inside a quoted or plain scalar that reads Helm's names
    /// ([`helm_text_action`]).
    helm_text: bool,
}

impl Scan {
    /// The offset in `line` of an action that YAML would read as structure, if any.
    /// `may_act`: whether `line` can hold an action at all (it holds a `{{`); when not, only
    /// what it leaves open is worked out.
    fn line(&mut self, line: &str, may_act: bool) -> Option<usize> {
        let mut bytes = line.as_bytes();
        while let [rest @ .., b'\n' | b'\r'] = bytes {
            bytes = rest;
        }
        // Only ASCII bytes were cut: `body` is `line` up to a char boundary.
        let body = &line[..bytes.len()];
        let indent = bytes.iter().take_while(|&&b| b == b' ').count();
        if let Some(parent) = self.block {
            if indent > parent || body.trim().is_empty() {
                return None;
            }
            self.block = None;
        }
        // Without a quote, a line starts none and ends none; without `{{`, it holds no action:
        // it can only open a block scalar (most lines). memchr's SIMD search beats a byte loop
        // (this scan was 1.6% of a run's instructions on templated files).
        let quoted = self.quote.is_some()
            || if may_act {
                memchr::memchr3(b'"', b'\'', b'{', bytes).is_some()
            } else {
                memchr::memchr2(b'"', b'\'', bytes).is_some()
            };
        if !quoted {
            let end = comment_start(bytes).unwrap_or(bytes.len());
            self.block = block_header(&body[..end]);
            return None;
        }
        // Flow collections (`[`, `{`) opened on this line and not closed yet.
        let mut depth = 0usize;
        let mut end = bytes.len();
        let mut i = 0;
        // Where the content of a quoted scalar opened on this line starts (one going on from
        // an earlier line is prose, not a value: [`helm_value`]).
        let mut quote_from = None;
        while i < bytes.len() {
            if let Some(q) = self.quote {
                // Inside quotes only the closing quote and (in `"`) a backslash matter.
                let next = match q {
                    b'"' => memchr::memchr2(b'"', b'\\', &bytes[i..]),
                    _ => memchr::memchr(q, &bytes[i..]),
                };
                let Some(at) = next else {
                    break;
                };
                i += at;
                match bytes[i] {
                    b'\\' => i += 1,
                    b'\'' if q == b'\'' && bytes.get(i + 1) == Some(&b'\'') => i += 1,
                    _ => {
                        self.quote = None;
                        let helm = quote_from
                            .filter(|_| self.helm_text)
                            .and_then(|from| helm_value(body, from, i));
                        if helm.is_some() {
                            return helm;
                        }
                    }
                }
                i += 1;
                continue;
            }
            let b = bytes[i];
            match b {
                b'#' if i == 0 || matches!(bytes[i - 1], b' ' | b'\t') => {
                    end = i;
                    break;
                }
                b'"' | b'\'' if token_start(&body[..i], depth) => {
                    self.quote = Some(b);
                    quote_from = Some(i + 1);
                }
                b'{' if bytes.get(i + 1) == Some(&b'{')
                    && body[i + 2..].contains("}}")
                    && token_start(&body[..i], depth) =>
                {
                    return Some(i);
                }
                b'{' if self.helm_text && bytes.get(i + 1) == Some(&b'{') => {
                    // In the middle of a plain scalar (`name: db-{{ .Release.Name }}`): the
                    // scalar's text up to the comment is the value, and holds no structure.
                    let value_end = comment_start(bytes).unwrap_or(bytes.len());
                    let value_end = body[..value_end].trim_end().len();
                    return plain_value_start(body, i)
                        .and_then(|from| helm_value(body, from, value_end));
                }
                b'[' | b'{' if token_start(&body[..i], depth) => depth += 1,
                b']' | b'}' if depth > 0 => depth -= 1,
                _ => {}
            }
            i += 1;
        }
        if self.quote.is_none() {
            self.block = block_header(&body[..end]);
        }
        None
    }
}

/// Where the first action reading Helm's names starts in `line[start..end]`, a scalar's text on
/// one line, when the scalar is a value built from actions (`"{{ .Release.Name }}-db"`,
/// `{{ .Values.repo }}:{{ .Values.tag }}`): nothing but actions and non-blank characters. A
/// scalar with blanks outside its actions is prose, such as a CRD's description that tells
/// what `{{ .Release.Name }}` becomes: the file stays an object.
fn helm_value(line: &str, start: usize, end: usize) -> Option<usize> {
    let bytes = &line.as_bytes()[..end];
    let mut first = None;
    let mut i = start;
    while i < end {
        let Some(n) = memchr::memmem::find(&bytes[i..], b"{{") else {
            if bytes[i..].iter().any(u8::is_ascii_whitespace) {
                return None;
            }
            break;
        };
        if bytes[i..i + n].iter().any(u8::is_ascii_whitespace) {
            return None;
        }
        // The action, up to its end within the scalar (`}` is ASCII: a char boundary).
        let at = i + n;
        let close = at + 2 + closing_braces(&bytes[at + 2..])?;
        if first.is_none() && reads_helm_names(&line[at + 2..close]) {
            first = Some(at);
        }
        i = close + 2;
    }
    first
}

/// Where a plain scalar holding byte `i` of `line` starts: after its key's `: ` or its entry's
/// `- ` on the line; `None` for a line that goes on with a scalar of an earlier line.
fn plain_value_start(line: &str, i: usize) -> Option<usize> {
    let before = &line[..i];
    let key = before.rfind(": ").map(|k| k + 2);
    let indent = before.len() - before.trim_start().len();
    let entry = before[indent..].starts_with("- ").then_some(indent + 2);
    key.or(entry)
}

/// Where the comment of a line without quotes starts: a `#` at its start or after a blank.
fn comment_start(bytes: &[u8]) -> Option<usize> {
    memchr::memchr_iter(b'#', bytes).find(|&i| i == 0 || matches!(bytes[i - 1], b' ' | b'\t'))
}

/// True when a token (rather than more of a plain scalar) starts after `before`, the part of
/// its line ahead of it, outside quotes; `depth` counts the flow collections open there.
fn token_start(before: &str, depth: usize) -> bool {
    let t = before.trim_end();
    let last = t.as_bytes().last().copied();
    if t.len() == before.len() && last.is_some() {
        // Without a space between, only a flow indicator ends the text before a token.
        return depth > 0 && matches!(last, Some(b'[' | b'{' | b',' | b':'));
    }
    match last {
        None | Some(b':') => true,
        // A sequence entry's dash stands alone (`- `, `- - `); `pod1- x` is one scalar.
        Some(b'-') => t.split_whitespace().all(|w| w == "-"),
        Some(b'[' | b'{' | b',') => depth > 0,
        _ => false,
    }
}

/// When `content` (a line without its comment) opens a block scalar (`key: |`, `- >-`): the
/// column its lines must be indented beyond, that of the key or of the entry's dash.
fn block_header(content: &str) -> Option<usize> {
    let t = content.trim_end();
    // The indicator ends the line: `|` or `>`, then chomping and indentation indicators.
    if !t
        .as_bytes()
        .last()
        .is_some_and(|b| matches!(b, b'|' | b'>' | b'-' | b'+' | b'0'..=b'9'))
    {
        return None;
    }
    let (head, indicator) = t.rsplit_once(' ').unwrap_or(("", t));
    let mut rest = indicator.bytes();
    if !matches!(rest.next(), Some(b'|' | b'>'))
        || !rest.all(|b| matches!(b, b'-' | b'+' | b'0'..=b'9'))
    {
        return None;
    }
    let head = head.trim_end();
    if head.ends_with(':') {
        let mut col = t.len() - t.trim_start().len();
        let mut rest = t.trim_start();
        while let Some(r) = rest
            .strip_prefix('-')
            .filter(|r| r.starts_with([' ', '\t']))
        {
            col += rest.len() - r.trim_start().len();
            rest = r.trim_start();
        }
        Some(col)
    } else if !head.is_empty() && head.split_whitespace().all(|w| w == "-") {
        head.rfind('-')
    } else {
        None
    }
}

/// The files the kustomizations and chainsaw tests among `loaded` name as inputs or
/// assertions, with what each is: a kustomization's `patches` (`path`s and bare strings),
/// `patchesStrategicMerge`, `patchesJson6902`, `transformers`, `generators`, `validators`,
/// `configurations` and `replacements`, the kubebuilder scaffold patches it names only in a
/// comment (`#- path: patches/webhook_in_widgets.yaml`), and the files a chainsaw test's
/// operations `assert`, `error`, `patch` or `delete`.
pub fn referenced_inputs(loaded: &[Loaded], recognize: Recognize) -> Referenced {
    let mut out = Referenced {
        paths: HashMap::new(),
        recognize,
    };
    for l in loaded {
        let name = Path::new(&l.input.name);
        let file_name = name.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let kustomization = recognize.kustomize && is_kustomization(file_name);
        let chainsaw = recognize.chainsaw && is_chainsaw_test(file_name);
        if !kustomization && !chainsaw {
            continue;
        }
        let dir = name.parent().unwrap_or(Path::new(""));
        // Read here when the run reads its files lazily (an unreadable one lists nothing).
        let text = l.text().unwrap_or_default();
        if kustomization && recognize.kubebuilder {
            for p in commented_patches(&text) {
                out.add(dir, p, KUBEBUILDER_PATCH);
            }
        }
        for doc in crate::yaml::load(&text) {
            let Some(root) = doc.root else { continue };
            if kustomization {
                kustomization_inputs(&root, dir, &mut out);
            } else {
                chainsaw_files(&root, dir, &mut out);
            }
        }
    }
    out
}

fn kustomization_inputs(root: &Node, dir: &Path, out: &mut Referenced) {
    let seq = |key: &str| root.get(key).and_then(Node::as_seq).unwrap_or(&[]);
    // An entry is a path or an inline document; only a one-line string names a file.
    let path_of = |item: &Node| {
        item.as_str()
            .filter(|p| !p.contains('\n'))
            .map(str::to_string)
    };
    for key in ["patches", "patchesJson6902", "patchesStrategicMerge"] {
        for item in seq(key) {
            if let Some(p) = item
                .get_str("path")
                .map(str::to_string)
                .or_else(|| path_of(item))
            {
                out.add(dir, &p, KUSTOMIZE_PATCH);
            }
        }
    }
    for key in ["transformers", "generators", "validators", "configurations"] {
        for item in seq(key) {
            if let Some(p) = path_of(item) {
                out.add(dir, &p, KUSTOMIZE_INPUT);
            }
        }
    }
    for item in seq("replacements") {
        if let Some(p) = item.get_str("path") {
            out.add(dir, p, KUSTOMIZE_INPUT);
        }
    }
}

/// The paths a kustomization's comments name that look like kubebuilder's scaffold patches
/// (`#- path: patches/webhook_in_widgets.yaml`, `#- manager_webhook_patch.yaml`): the
/// scaffold lists them commented out until a webhook or cert-manager is enabled.
fn commented_patches(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|line| {
            let c = line.trim_start().strip_prefix('#')?;
            let c = c.trim_start_matches('#').trim();
            let c = c.strip_prefix('-').unwrap_or(c).trim_start();
            let c = c.strip_prefix("path:").unwrap_or(c).trim();
            let c = c.trim_matches(|ch| ch == '"' || ch == '\'');
            let yaml = c.ends_with(".yaml") || c.ends_with(".yml");
            let patch = c.contains("patch");
            (yaml && patch && !c.contains(char::is_whitespace)).then_some(c)
        })
        .collect()
}

/// The files a chainsaw test's operations `assert`, `error`, `patch` or `delete` (partial
/// objects), in its steps' `try`, `catch`, `finally` and `cleanup` lists.
fn chainsaw_files(root: &Node, dir: &Path, out: &mut Referenced) {
    let steps = root
        .at(&["spec", "steps"])
        .and_then(Node::as_seq)
        .unwrap_or(&[]);
    for step in steps {
        for list in ["try", "catch", "finally", "cleanup"] {
            for op in step.get(list).and_then(Node::as_seq).unwrap_or(&[]) {
                for kind in ["assert", "error", "patch", "delete"] {
                    if let Some(file) = op.get(kind).and_then(|o| o.get_str("file")) {
                        out.add(dir, file, CHAINSAW_PARTIAL);
                    }
                }
            }
        }
    }
}

/// `# Source: chart/templates/x.yaml` comments of a rendered Helm stream: (offset of the
/// comment, the template's path), in file order.
pub fn helm_sources(text: &str) -> Vec<(usize, String)> {
    const MARK: &str = "# Source: ";
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    // Only lines starting with the mark count: search for it (most files have none) rather
    // than reading every line.
    for at in memchr::memmem::find_iter(bytes, MARK) {
        if at > 0 && bytes[at - 1] != b'\n' {
            continue;
        }
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
        if let Some(src) = text[at..end].trim_end().strip_prefix(MARK) {
            out.push((at, src.trim().to_string()));
        }
    }
    out
}

/// The annotation key that suppresses findings on its object (applied by `suppress`).
pub const ANNOTATION: &str = "crdlint.io/ignore";

/// The `crdlint.io/ignore` annotation of an object: its value span and text.
pub fn ignore_annotation(node: &Node) -> Option<(Span, String)> {
    let v = node.at(&["metadata", "annotations", ANNOTATION])?;
    Some((v.span(), v.as_str()?.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_hints_are_the_values_of_keys_at_the_start_of_a_line() {
        let text = "apiVersion: example.com/v1\nkind: Widget # a comment\nmetadata:\n  kind: Nested\n---\nkind: 'Gadget'\r\napiVersion: \"other.io/v2\"\r\nspec:\n  x: {kind: Flow}\nnotkind: X\n---\nkind: Alone\n---\napiVersion: example.com/v2\nkind: Widget\n";
        let mut types = Default::default();
        type_hints(text, &mut types);
        let mut types: Vec<(String, String)> = types.into_iter().collect();
        types.sort();
        let pair = |a: &str, k: &str| (a.to_string(), k.to_string());
        assert_eq!(
            types,
            [
                pair("example.com/v1", "Widget"),
                pair("example.com/v2", "Widget"),
                pair("other.io/v2", "Gadget"),
            ]
        );
    }

    #[test]
    fn every_spelling_of_a_crd_kind_is_seen_in_the_text() {
        let kind = |text: &str| {
            crate::yaml::load(text)
                .first()
                .and_then(|d| d.root.as_ref()?.get_str("kind").map(str::to_string))
        };
        let crd_spellings = [
            "kind: CustomResourceDefinition\n",
            "kind: 'CustomResourceDefinition'\n",
            "kind: \"Custom\\x52esourceDefinition\"\n",
            "kind: \"Custom\\u0052esourceDefinition\"\n",
            "kind: \"Custom\\U00000052esourceDefinition\"\n",
            "kind: \"CustomResource\\\n  Definition\"\n",
            "{\"kind\": \"CustomResource\\u0044efinition\"}\n",
        ];
        for text in crd_spellings {
            assert_eq!(
                kind(text).as_deref(),
                Some("CustomResourceDefinition"),
                "{text}"
            );
            assert!(may_hold_crd(text), "{text}");
        }
        // Other escapes cannot make a letter: such files are left to the resources' step.
        for text in [
            "kind: Widget\nspec: {re: \"^a\\\\.b$\", s: \"a\\tb\\n\"}\n",
            "kind: \"Custom ResourceDefinition\"\n",
        ] {
            assert_ne!(
                kind(text).as_deref(),
                Some("CustomResourceDefinition"),
                "{text}"
            );
            assert!(!may_hold_crd(text), "{text}");
        }
    }

    #[test]
    fn skip_patterns_match_kind_group_and_version() {
        let p = |s| SkipPattern::parse(s).expect("valid");
        assert!(p("Secret").matches("v1", "Secret"));
        assert!(p("/Secret").matches("v1", "Secret"));
        assert!(!p("apps/Secret").matches("v1", "Secret"));
        assert!(p("example.com/Widget").matches("example.com/v1", "Widget"));
        assert!(p("example.com/v1/Widget").matches("example.com/v1", "Widget"));
        assert!(!p("example.com/v2/Widget").matches("example.com/v1", "Widget"));
        assert!(SkipPattern::parse("a/b/c/d").is_err());
        assert!(SkipPattern::parse("a/").is_err());
    }

    #[test]
    fn template_actions_outside_strings_only() {
        assert!(template_action("name: {{ .Release.Name }}\n").is_some());
        assert!(template_action("{{- if .Values.x }}\na: 1\n").is_some());
        assert!(template_action("name: \"{{ .Release.Name }}\"\n").is_none());
        assert!(template_action("rule: 'self.a == \"{{\"'\n").is_none());
        assert!(template_action("# {{ comment }}\n").is_none());
        assert!(template_action("a: b\n").is_none());
        assert!(template_action("path: apps/{{.cluster}}\n").is_none());
        assert!(template_action("- {{ .Values.x }}\n").is_some());
    }

    #[test]
    fn template_actions_that_yaml_reads_as_text_are_not_templates() {
        let text = [
            // Kyverno: JMESPath in quoted scalars, also escaped quotes and `''`.
            "namespace: '{{request.object.metadata.name}}'\n",
            "key: \"{{ request.object.metadata.labels.color || '' }}\"\n",
            "m: \"a \\\" {{ x }}\"\n",
            "m: 'it''s {{ x }}'\n",
            // A quoted scalar over two lines.
            "m: \"first line\n  {{ x }} second\"\n",
            // In the middle of a plain scalar.
            "name: pod1-{{request.name}}\n",
            "name: corp-{{ random('[0-9a-z]{8}') }}\n",
            "name: a-{{ i }}-{{ ns }}-new\n",
            "name: pod1- {{x}}\n",
            "name: a,{{x}}\n",
            "key:{{x}}\n",
            // Block scalars, with their keys in sequence entries too.
            "spec:\n  text: |\n    {{ request.object }}\n\n    {{- if x }}\n  other: 1\n",
            "- a: 1\n  b: >-\n    {{ x }}\n- |\n  {{ y }}\n",
        ];
        for t in text {
            assert_eq!(template_action(t), None, "{t}");
        }
        let template = [
            // A block scalar ends at a line indented as its key: that line is structure.
            ("a:\n  t: |\n    x\n  {{- if .Values.y }}\n", 18),
            ("k: [a, {{ .Values.x }}]\n", 7),
            ("k: {a: {{ .Values.x }}}\n", 7),
            ("- - {{ .Values.x }}\n", 4),
            ("x: \"a\" # {{ c }}\ny: {{ .Values.y }}\n", 20),
        ];
        for (t, at) in template {
            assert_eq!(template_action(t), Some(Span::new(at, at + 2)), "{t}");
        }
    }

    #[test]
    fn scalars_that_read_helm_names_are_helm_actions() {
        let helm = |t: &str| t.find("{{").and_then(|first| helm_text_action(t, first));
        let at = |t: &str, s: &str| {
            let i = t.find(s).expect("the action");
            Some(Span::new(i, i + 2))
        };
        for (t, action) in [
            ("  app: '{{ include \"x.name\" . }}'\n", "{{"),
            (
                "  app: '{{ template \"x.name\" . }}'\n  v: '{{ .Chart.Version }}'\n",
                "{{ .C",
            ),
            ("name: \"{{ .Release.Name }}-db\"\n", "{{"),
            ("name: db-{{ .Release.Name }}\n", "{{"),
            ("v: \"{{- $.Values.x | quote }}\"\n", "{{"),
            ("v: '{{ include \"x\" . }}'\n", "{{"),
            ("v: \"{{ tpl .Values.t . }}\"\n", "{{"),
            ("v: '{{ (.Chart.Version) }}'\n", "{{"),
            // Kyverno's action before Helm's; Helm's calls as Helm writes them.
            ("a: '{{request.name}}'\nb: '{{ .Release.Name }}'\n", "{{ .R"),
            ("v: \"{{- include \\\"x\\\" . | nindent 4 }}\"\n", "{{"),
            ("v: '{{ include (print \"x\") . }}'\n", "{{"),
            (
                "- '{{ .Values.image.repo }}:{{ .Values.image.tag }}'\n",
                "{{",
            ),
            ("a: [x, 'y-{{ .Values.y }}']\n", "{{"),
        ] {
            assert_eq!(helm(t), at(t, action), "{t:?}");
        }
        for t in [
            // Other tools' actions: Kyverno, Argo CD (go templates read `.values`, lowercase).
            "namespace: '{{request.object.metadata.name}}'\n",
            "name: '{{.path.basename}}-{{ .values.suffix }}'\n",
            "name: '{{ x.Values }}-{{ .ValuesFile }}-{{ myinclude \"a\" }}'\n",
            // Go's `template` alone: Alertmanager's notification texts.
            "title: '{{ template \"slack.title\" . }} {{ .CommonLabels.alertname }}'\n",
            // Prose that tells what an action becomes (a CRD's description), on one line or
            // over several, plain or quoted; a variable named like a call.
            "description: Defaults to {{ .Release.Name }} when unset\n",
            "description: >-\n  x\n  y {{ .Values.z }}\n",
            "d: first line\n  then {{ .Values.x }} here\n",
            "m: \"a\n  {{ .Values.x }}\"\n",
            "m: '{{ .Values.x }} and more'\n",
            "v: '{{ $tpl }}'\n",
            // Grafana's alert texts: a query's value by its refID.
            "msg: '{{ range .Alerts }}{{ .Values.B }}{{ end }}'\n",
            // A backslash before a character of several bytes in what the scan takes for a
            // quoted scalar (an indented plain line holding a quote), with Helm's names in a
            // comment: no action, and no slicing inside the character.
            "# from {{ .Values.x }}\na:\n  note: first line\n    \"C:\\été\" rest\n",
            "a: \"\\é\"\nb: x\n# {{ .Values.x }}\n",
            // Text: comments, block scalars (a ConfigMap holding a template).
            "a: 1 # '{{ .Values.x }}'\n# {{ .Release.Name }}\n",
            "data:\n  t.yaml: |\n    name: '{{ .Release.Name }}'\n  u: x\n",
            "no action\n",
        ] {
            assert_eq!(helm(t), None, "{t:?}");
        }
    }

    /// The filter before the line scan (`may_start_token`) never turns away a text the scan
    /// finds an action in: both agree on texts whose `{{` follow dashes in every way.
    #[test]
    fn the_token_filter_agrees_with_the_line_scan() {
        let texts = [
            "- {{ x }}\n",
            "-{{ x }}\n",
            "- -{{ x }}\n",
            "- - {{ x }}\n",
            "  -  {{ x }}\n",
            "-\t{{ x }}\n",
            "a - {{ x }}\n",
            "- a-{{ x }}\n",
            "name: pod1-{{request.name}}\n",
            "name: '{{path.basename}}-{{name}}'\n",
            "k: [a-{{ x }}]\n",
            "k: [a, -{{ x }}]\n",
            "k: [- {{ x }}]\n",
            "k: {a: -{{ x }}}\n",
            "a: b\n- {{ x }}\n",
            "a: x-{{ y }}\n- {{ z }}\n",
            "a: x-{{ y }}\nb: {{ z }}\n",
            "- x-{{ y }}\r\n- {{ z }}\r\n",
        ];
        for t in texts {
            let first = t.find("{{").expect("has an action");
            assert_eq!(template_action(t), scan_for_action(t, first), "{t:?}");
        }
        assert!(template_action("- {{ x }}\n").is_some());
        assert!(template_action("a: x-{{ y }}\n- {{ z }}\n").is_some());
        assert_eq!(template_action("name: pod1-{{request.name}}\n"), None);
    }

    #[test]
    fn helm_source_comments_start_their_lines() {
        let text = "# Source: a/t.yaml\nk: v # Source: no\n  # Source: no\n# Source: \r\n# Source:  b/u.yaml \r\n# Source: c";
        assert_eq!(
            helm_sources(text),
            [
                (0, "a/t.yaml".to_string()),
                (64, "b/u.yaml".to_string()),
                (86, "c".to_string())
            ]
        );
    }

    /// The scan as it read lines before, with `split_inclusive`.
    fn scan_split_inclusive(text: &str, first: usize) -> Option<Span> {
        let mut scan = Scan::default();
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            if let Some(i) = scan.line(line, offset + line.len() > first) {
                return Some(Span::new(offset + i, offset + i + 2));
            }
            offset += line.len();
        }
        None
    }

    #[test]
    fn texts_without_a_token_start_before_a_brace_pair_skip_the_scan() {
        // Lines of YAML-ish pieces from a fixed seed: the pre-check never hides an action the
        // line-by-line scan finds.
        let pieces = [
            "{{",
            "}}",
            "{{{",
            " ",
            "-",
            "- ",
            ": ",
            ":",
            "a",
            "'",
            "\"",
            "\\",
            "[",
            "]",
            "{",
            "}",
            ",",
            "#",
            " # ",
            "|",
            ">-",
            "\n",
            "\r\n",
            "\n  ",
            "'{{ x }}'",
            "k: |\n  ",
        ];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut skipped, mut found) = (0, 0);
        for n in 0..20_000 {
            let text: String = (0..n % 24)
                .map(|_| pieces[(next() % pieces.len() as u64) as usize])
                .collect();
            let Some(first) = memchr::memmem::find(text.as_bytes(), b"{{") else {
                continue;
            };
            let scanned = scan_for_action(&text, first);
            assert_eq!(scanned, scan_split_inclusive(&text, first), "{text:?}");
            assert_eq!(template_action(&text), scanned, "{text:?}");
            skipped += usize::from(!may_start_token(&text, first));
            found += usize::from(scanned.is_some());
        }
        assert!(skipped > 1000, "the pre-check took {skipped} texts");
        assert!(found > 1000, "{found} texts hold an action");
    }

    #[test]
    fn block_scalars_and_comments_end_plain_lines() {
        // Lines without quotes take the short path; these check it against the long one.
        assert!(template_action("a: |\n  {{ x }}\nb: {{ y }}\n").is_some());
        assert_eq!(template_action("a: |  # c\n  {{ x }}\n"), None);
        assert_eq!(
            template_action("a: x # |\n{{ y }}\n").map(|s| s.start()),
            Some(9)
        );
        assert_eq!(template_action("a: 'it''s\n  {{ x }}'\n"), None);
        assert_eq!(template_action("a: \"x\\\"\n  {{ x }}\"\n"), None);
    }

    #[test]
    fn jinja_templates_are_told_from_go_templates() {
        assert!(super::is_jinja(
            "metadata:\n  name: {{ app_name }}\n{% if probe %}\n  x: 1\n{% endif %}\n"
        ));
        // Go's dot, whatever else the text holds (a Liquid `{%` in a chart's ConfigMap).
        for go in [
            "name: {{ .Release.Name }}\ndata:\n  page: \"{% raw %}\"\n",
            "{{- include \"x.labels\" . | nindent 4 }}\n{% x %}\n",
            "{{ $.Values.a }} {% b %}",
        ] {
            assert!(!super::is_jinja(go), "{go}");
        }
        // No statement: Jinja or Go alike, the Helm wording stays.
        assert!(!super::is_jinja("name: {{ app_name }}\n"));
        // Jinja with `$` and dots inside strings, numbers, and Go's actions in a raw block.
        for jinja in [
            "host: {{ host | regex_replace('\\.$', '') }}\n{% if x %}{% endif %}\n",
            "ratio: {{ .5 * n }}\n{% set n = 2 %}\n",
            "expr: {% raw %}{{ $labels.instance }} down{% endraw %}\nname: {{ name }}\n{% if a %}{% endif %}\n",
        ] {
            assert!(super::is_jinja(jinja), "{jinja}");
        }
        // Go's action after a raw block is read.
        assert!(!super::is_jinja(
            "{% raw %}{{ x }}{% endraw %}\nname: {{ .Values.a }}\n{% if a %}{% endif %}\n"
        ));
        // A Go action over several lines whose line starts with the dot.
        assert!(!super::is_jinja(
            "{{- toYaml\n  .Values.podLabels | nindent 4 }}\n{% x %}\n"
        ));
    }

    #[test]
    fn configuration_files_are_told_by_group() {
        let on = Recognize::default();
        for group in [
            "kubelet.config.k8s.io",
            "apiserver.config.k8s.io",
            "pod-security.admission.config.k8s.io",
            "kubeadm.k8s.io",
            "audit.k8s.io",
            "kind.x-k8s.io",
            "skaffold",
            "backstage.io",
        ] {
            assert!(
                super::tool_config(group, "Config", &on).is_some(),
                "{group}"
            );
        }
        // Served groups, kustomize's own (told apart by its own recognition) and look-alikes.
        for group in [
            "",
            "apps",
            "internal.apiserver.k8s.io",
            "kustomize.config.k8s.io",
            "cluster.x-k8s.io",
            "pkg.crossplane.io",
            "kyverno.io",
            "config.example.com",
        ] {
            assert_eq!(super::tool_config(group, "Config", &on), None, "{group}");
        }
        // A group with served kinds beside its configuration file's.
        assert!(super::tool_config("kpt.dev", "Kptfile", &on).is_some());
        assert_eq!(super::tool_config("kpt.dev", "ResourceGroup", &on), None);
        let mut off = Recognize::default();
        assert!(off.set("tool-configs", false));
        assert_eq!(super::tool_config("kubeadm.k8s.io", "Config", &off), None);
    }

    #[test]
    fn kuttl_step_files_are_told_by_name() {
        for name in [
            "00-assert.yaml",
            "12-errors.yaml",
            "3-assert-ready.yml",
            "kuttl-test.yaml",
        ] {
            assert!(kuttl_file(name).is_some(), "{name}");
        }
        for name in [
            "00-install.yaml",
            "assert.yaml",
            "x-assert.yaml",
            "-assert.yaml",
            "00-assert.json",
        ] {
            assert!(kuttl_file(name).is_none(), "{name}");
        }
    }

    #[test]
    fn templated_values_are_substitutions_and_bindings() {
        for v in [
            "${NS}",
            "app-${ENV:=dev}.example.com",
            "${_X}",
            "($namespace)",
            "(join('-', [$a, 'b']))",
        ] {
            assert!(is_templated(v), "{v}");
        }
        // `$${X}` is Flux's escape for a literal; `${1}` and `$X` are not its variables; a
        // parenthesised value without a binding is text.
        for v in [
            "$${HOME}",
            "${1}",
            "$HOME",
            "${",
            "(optional)",
            "a ($b) c",
            "price: $5",
        ] {
            assert!(!is_templated(v), "{v}");
        }
        let node = crate::yaml::load(
            "a: ${X}
b: [1, ($ns)]
${K}: v
c: plain
",
        )
        .remove(0)
        .root
        .expect("root");
        assert_eq!(templated_spans(&node).len(), 3);
    }

    #[test]
    fn the_text_precheck_sees_every_template_shape() {
        assert!(may_be_templated("a: ${X}\n"));
        assert!(may_be_templated("a: ($ns)\n"));
        assert!(may_be_templated("status:\n  (length(items)): 1\n"));
        assert!(may_be_templated("- (x): 1\n"));
        assert!(!may_be_templated("a: b (c)\nd: $e\n"));
    }

    #[test]
    fn chainsaw_assertions_and_sops_documents_are_not_manifests() {
        let doc = |t: &str| crate::yaml::load(t).remove(0).root.expect("root");
        let rec = Recognize::default();
        let assertion = doc("apiVersion: v1\nkind: Pod\nstatus:\n  (conditions[?type == 'Ready']):\n  - status: 'True'\n");
        assert!(not_a_manifest_doc(&assertion, &rec, true).is_some());
        let off = Recognize {
            chainsaw: false,
            ..rec
        };
        assert!(not_a_manifest_doc(&assertion, &off, true).is_none());
        let sops = doc("apiVersion: v1\nkind: Secret\ndata:\n  a: ENC[AES256_GCM,data:x]\nsops:\n  mac: ENC[x]\n");
        assert!(not_a_manifest_doc(&sops, &rec, false).is_some());
        let plugin = doc("apiVersion: builtin\nkind: LabelTransformer\nmetadata: {name: l}\n");
        assert!(not_a_manifest_doc(&plugin, &rec, false).is_some());
        let object = doc("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {k: (v)}\n");
        assert!(not_a_manifest_doc(&object, &rec, true).is_none());
    }

    #[test]
    fn kubebuilder_patches_named_in_comments_and_by_place() {
        let text = "patches:\n#- path: patches/webhook_in_widgets.yaml\n# - manager_webhook_patch.yaml\n#- ../webhook\n#- metrics_service.yaml\n# patches here are for enabling the webhook.yaml\n";
        assert_eq!(
            commented_patches(text),
            [
                "patches/webhook_in_widgets.yaml",
                "manager_webhook_patch.yaml"
            ]
        );
        let is = |p: &str| {
            let path = Path::new(p);
            kubebuilder_patch(
                path,
                path.file_name().and_then(|n| n.to_str()).unwrap_or(""),
            )
        };
        assert!(is("config/crd/patches/cainjection_in_widgets.yaml"));
        assert!(is("config/default/manager_metrics_patch.yaml"));
        assert!(!is("config/default/metrics_service.yaml"));
        assert!(!is("config/samples/patches/widget.yaml"));
    }

    #[test]
    fn builtin_groups_are_not_crd_groups() {
        assert!(is_builtin_group("apps"));
        assert!(is_builtin_group(""));
        assert!(!is_builtin_group("gateway.networking.k8s.io"));
        assert!(!is_builtin_group("cluster.x-k8s.io"));
    }
}
