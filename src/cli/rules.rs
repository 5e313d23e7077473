//! The registry of every rule, and `cli`'s own rules: those the run driver reports about its
//! input as a whole (`input/*`, `write/*`), classification's `input/not-a-manifest` and the
//! suppression audit's `meta/*`.
//!
//! The other checks live in their modules (`diag::rules` for reading, `cel::rules` and
//! `cel::cost`, `lint`, `validate`, ...); [`all`] gathers their `RULES` slices so that `crdlint
//! rules`, `crdlint explain`, SARIF's rule metadata, the config's and the flags' rule patterns
//! and the suppression audit see the same list. This file uses nothing else of `cli`, so that
//! every part of `cli` may name a rule (`classify`, `suppress`, `config`, `policy` all do)
//! without a circle.

use crate::diag::{Rule, Severity};

pub static NO_SCHEMA: Rule = Rule {
    id: "input/no-schema",
    severity: Severity::Warning,
    summary: "A custom resource's kind has no CRD in the run it can be validated against, so it is not validated",
    docs: "crdlint validates a custom resource against the CustomResourceDefinition for its group and kind, \
found among the paths or given with `--crd` (or the config's `crds`). A resource of a custom kind whose CRD is \
not in the run cannot be checked; by default each one is a warning at its `kind:` line, so that a typo in an \
apiVersion or a forgotten `--crd` cannot make a run pass by checking nothing. `--missing-schema error` \
(or its alias `--strict`) makes each an error (and a document without apiVersion and kind too), \
`--missing-schema ignore` skips them silently, and `--skip KIND|GROUP/KIND|GROUP/VERSION/KIND` skips chosen \
kinds. Built-in kinds (Deployment, ConfigMap, ...) are never reported here; `--verbose` lists every skipped document. \
A kind one edit from a kind of a group whose CRDs are in the run (`Certficate` for `Certificate`) is a typo, not a \
missing CRD: it is an error that names the kind meant, whatever `--missing-schema` says, and `check --fix` renames it. \
A resource whose CRD is in the run but cannot be used (the API server would refuse it as written, or crdlint \
cannot follow it: `crd/decode`, `input/crd-unusable`) is not validated either, and says so here the same way, with the reason and the CRD's place, \
so that it is not passed in silence where the CRD's own finding is off, suppressed or in a file not shown.",
    bad: "# crdlint check widget.yaml (no CRD for Widget given)\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n",
    good: "# crdlint check --crd widget-crd.yaml widget.yaml\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n",
};

pub static CRD_UNUSABLE: Rule = Rule {
    id: "input/crd-unusable",
    severity: Severity::Error,
    summary: "A CRD cannot be used to validate resources",
    docs: "The CustomResourceDefinition lacks what validation needs (its group, kind or versions), or the \
API server cannot decode it at all (a value of the wrong JSON type, such as `maximum: \"10\"`: the server \
refuses the whole CRD, so it never exists), so resources of its kind cannot be checked and are counted as \
skipped. When the CRD is linted, the lint findings say what is wrong in detail. A CRD on standard \
input after its first chunk (standard input longer than a few megabytes is read a chunk at a time, and \
the resources before the CRD are reported already) is not applied either: it is neither linted nor \
used, and said with this rule as a warning; give it with `--crd` or put the CRDs first.",
    bad: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec: {}\n",
    good: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema: {type: object}\n",
};

pub static DUPLICATE_CRD: Rule = Rule {
    id: "input/duplicate-crd",
    severity: Severity::Warning,
    summary: "Two different CRDs in one run define the same group and kind",
    docs: "A cluster holds one CustomResourceDefinition per group and kind, so a run with two different ones is \
ambiguous. A CRD named with `--crd` (or the config's `crds`) always wins, silently; otherwise crdlint validates \
resources against the first one in path order and reports the others with the location of the one in use. \
Identical copies (a vendored CRD next to its source) are not reported. Usually two channels of a CRD (a \
release and a development one, say) were passed together: name the one you mean with `--crd`.",
    bad: "# crdlint check crds/v1.0/ crds/v1.1/ (both define widgets.example.com, differently)\n",
    good: "# crdlint check crds/v1.1/\n",
};

pub static NO_MANIFESTS: Rule = Rule {
    id: "input/no-manifests",
    severity: Severity::Warning,
    summary: "A path given holds no YAML or JSON to check",
    docs: "A run that checks nothing passes, which is rarely what was meant: a mistyped directory, files with \
another extension (crdlint reads `.yaml`, `.yml` and `.json` files in directories; a file named on the command line \
is read whatever its extension), a directory whose files are all hidden, git-ignored or `--exclude`d, or an empty \
pipe. Each directory given (as a path, with `--crd` or in the config) where no file was found is reported, and so \
is a run whose files hold no YAML document at all. It is a warning: the exit status stays 0 unless \
`--deny-warnings` is given.",
    bad: "# crdlint check manifests/ (the directory holds only .txt files)\n",
    good: "# crdlint check manifests/ (the directory holds .yaml files)\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n",
};

pub static MISSING_TYPE_META: Rule = Rule {
    id: "input/missing-type-meta",
    severity: Severity::Error,
    summary: "An object has a `kind` but no `apiVersion`, or the reverse",
    docs: "Every object sent to the API server names its type with both `apiVersion` and `kind`. A document with \
one of them and not the other is refused: `kubectl apply` says `apiVersion not set` or `kind not set` (k8s.io/kubectl \
`pkg/validation`, `getObjectKind`) and the server's decoder `Object 'Kind' is missing`. Usually the other line was \
lost in an edit or a merge. Only a mapping with `metadata` is taken for an object here: a Helm chart's `Chart.yaml` \
(`apiVersion: v2`) or a values file with a top-level `kind:` is not one. A mapping that is not an object gets an \
`input/not-a-manifest` note in a folder of manifests, and nothing elsewhere (a chart's `values.yaml`, a tool's settings).",
    bad: "kind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: fast\n",
    good: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: fast\n",
};

pub static WRITE_REFUSED: Rule = Rule {
    id: "write/not-rewritten",
    severity: Severity::Error,
    summary: "A file that `prune --write` or `default --write` cannot change without changing something else",
    docs: "`--write` edits only the nodes that change and then reads the edited text back: it must give \
exactly the stored objects and leave every other document as it was. When it would not, the file is left \
untouched and this finding says where. The usual cause is YAML sharing: an anchored value used through an \
alias or a `<<` merge key in a place where the schema keeps a field that another use prunes (editing the \
anchor would change both), or an anchored node that is pruned while an alias still names it. Expand the \
alias by hand (or print the result with `crdlint prune`/`default` and redirect it) and run again. \
`crdlint test --update` reports a suite file it leaves untouched the same way: an expectation written in \
a way it cannot rewrite, or a rewrite that would change what another case reads (an anchored \
expectation that other cases use through an alias).",
    bad: "# crdlint prune --write (spec.free keeps unknown fields, spec.other does not)\nspec:\n  free: &o\n    bogus: 1\n  other: *o\n",
    good: "spec:\n  free:\n    bogus: 1\n  other: {}\n",
};

// Classification (`classify`): what is not a manifest.
pub static NOT_A_MANIFEST: Rule = Rule {
    id: "input/not-a-manifest",
    severity: Severity::Info,
    summary: "A file or document that is not an object as written (a template, a kustomize input, a test assertion, an encrypted file) is skipped",
    docs: "Repositories hold YAML that is not an object the API server would receive as it is written; checked as \
objects, such files give false errors (`invalid map key`, `Required value` for the fields a patch or an assertion \
leaves out). crdlint skips each with this note, saying what it is and what to run instead: \
a Helm chart's templates (Go template actions `{{ ... }}` where YAML would read structure: a line or a value that starts \
with one; any `{{` in a file of a chart's `templates/` folder; and, anywhere, a quoted or plain scalar made of actions (not \
prose: no blanks outside them) one of which reads Helm's own names: `.Values`, `.Release`, `.Chart`, `.Capabilities`, `.Files`, `.Template`, `include \"x\"`, \
`tpl` (Go's `template \"x\"` alone is not enough: Alertmanager's texts call it too); other actions inside quoted or block scalars, comments or the middle of a plain scalar are \
another tool's text, such as Kyverno's and Argo CD's): \
`helm template RELEASE CHART | crdlint check`, and findings in a rendered stream name the template of its `# Source:` comment \
(a file with Jinja's `{% %}` statements and no action reading Go's dot is named a Jinja template instead, an Ansible role's: render it first); \
a `kustomization.yaml`, kustomize `Component`s and `apiVersion: builtin` plugin configurations, and the files a \
kustomization lists as `patches` (objects or bare strings), `patchesStrategicMerge`, `patchesJson6902`, `transformers`, \
`generators`, `validators`, `configurations` or `replacements`, and kubebuilder's scaffold patches \
(`config/crd/patches/*`, `config/default/*_patch*.yaml`, also when the kustomization names them only in a comment): \
`kustomize build DIR | crdlint check`; \
kuttl and chainsaw test files (`kuttl-test.yaml`, `NN-assert*.yaml`, `NN-errors*.yaml`, `chainsaw-test.yaml`, the files \
a chainsaw test's steps `assert`, `error`, `patch` or `delete`, and documents with JMESPath keys such as `(length(items))`), \
whose objects are partial: `kubectl kuttl test` or `chainsaw test`; SOPS-encrypted documents (a top-level `sops` \
mapping) and files git-crypt encrypted in a locked checkout: skipped whole, as their values are ciphertext until \
`sops -d FILE | crdlint check` or `git-crypt unlock`. \
A value that holds a Flux post-build substitution (`${VAR}`, `${VAR:=default}`) or a chainsaw binding (`($namespace)`) \
is unknown until rendered: the rest of its object is validated, findings on such values are withheld, and one note \
per object says how many values were left unchecked. Configuration files that look like objects but that no API \
server serves (for example Kubernetes components' `*.config.k8s.io` groups, kubeadm's, audit policies, kind's, \
eksctl's, skaffold's, Backstage catalog entities, crossplane package metadata, kpt's `Kptfile`), when the run has no \
CRD for their kind, are skipped with this note instead of `input/no-schema`. A mapping without `apiVersion` and `kind` \
in a folder of manifests is noted here too. The config's `recognize` section turns each recognition off \
(`helm`, `kustomize`, `kubebuilder`, `kuttl`, `chainsaw`, `sops`, `git-crypt`, `templated-values`, `tool-configs`: \
`false`).",
    bad: "# chart/templates/backup.yaml\napiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: {{ .Release.Name }}\n",
    good: "# helm template my chart/ | crdlint check --crd crds/\n",
};

// The suppression audit (`suppress`).
pub static UNUSED: Rule = Rule {
    id: "meta/unused-suppression",
    severity: Severity::Warning,
    summary: "A suppression comment or annotation names a rule that reported nothing there",
    docs: "A `# crdlint: ignore[...]` comment, an `ignore-file` comment or a `crdlint.io/ignore` annotation \
that silences nothing is noise at best, and at worst hides the next real finding of that rule when the code \
moves. Remove the rule from the suppression (or the whole suppression). A rule that is turned off by the \
config for that file is not reported as unused. Unknown rule ids are reported here too, with the closest \
known id.",
    bad: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 3  # crdlint: ignore[cr/schema] -- legacy\n",
    good: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 3\n",
};

pub static BLANKET: Rule = Rule {
    id: "meta/blanket-suppression",
    severity: Severity::Warning,
    summary: "A suppression comment names no rule",
    docs: "`# crdlint: ignore` without a list of rules would silence everything on its line, including \
findings nobody has seen yet, so crdlint does not honour it: name the rules, \
`# crdlint: ignore[rule/id] -- why`.",
    bad: "spec:\n  size: 300  # crdlint: ignore\n",
    good: "spec:\n  size: 300  # crdlint: ignore[cr/schema] -- sized by the operator, see #42\n",
};

pub static MISSING_REASON: Rule = Rule {
    id: "meta/missing-reason",
    severity: Severity::Warning,
    summary: "A suppression gives no reason (reported with `require-reason: true`)",
    docs: "With `require-reason: true` in the config, every suppression must say why after `--`, so that a \
review can tell a deliberate exception from a silenced bug. The finding is still suppressed.",
    bad: "# .crdlint.yaml: require-reason: true\nspec:\n  size: 300  # crdlint: ignore[cr/schema]\n",
    good: "# .crdlint.yaml: require-reason: true\nspec:\n  size: 300  # crdlint: ignore[cr/schema] -- sized by the operator\n",
};

/// A vendored CRD that does not match `crdlint.lock` (`cli::vendored`).
pub static MODIFIED: Rule = Rule {
    id: "vendor/modified",
    severity: Severity::Warning,
    summary: "A vendored CRD differs from `crdlint.lock`, is missing, or has no lock",
    docs: "`crdlint vendor` copies the CRDs a repository uses but does not contain into \
`.crdlint/vendor/<source>/` and records each file's sha256 in `crdlint.lock`, so that every run \
validates against exactly the bytes that were reviewed. A vendored file whose bytes no longer \
match the lock (edited by hand, or merged badly), a file the lock lists that is missing, or a \
vendor folder with no lock beside it means the run may validate against something nobody \
pinned. Without `--locked` this is a warning at the lock's `file:` line and the file on disk is \
used (or, without a lock, every CRD in the folder); with `--locked`, the default when the `CI` \
environment variable is set, it fails the run (exit 2) naming the file and its source. Run \
`crdlint vendor` to restore the files from their sources, or change the `vendor:` entry and run \
it to pin new ones.",
    bad: "# .crdlint/vendor/cert-manager/certificates.cert-manager.io.yaml edited after `crdlint vendor`\n\
# crdlint.lock still holds the sha256 of the vendored bytes:\n\
        file: .crdlint/vendor/cert-manager/certificates.cert-manager.io.yaml\n\
        sha256: 3f1c...\n",
    good: "# crdlint vendor   (restores the file from its source and the lock agrees again)\n\
        file: .crdlint/vendor/cert-manager/certificates.cert-manager.io.yaml\n\
        sha256: 3f1c...\n",
};

/// `cli`'s own rules.
pub static RULES: &[&Rule] = &[
    &CRD_UNUSABLE,
    &DUPLICATE_CRD,
    &MISSING_TYPE_META,
    &NO_MANIFESTS,
    &NO_SCHEMA,
    &WRITE_REFUSED,
    &NOT_A_MANIFEST,
    &BLANKET,
    &MISSING_REASON,
    &UNUSED,
    &MODIFIED,
];

/// Every module's rule list.
const SOURCES: [&[&Rule]; 10] = [
    crate::diag::rules::RULES,
    RULES,
    crate::cel::rules::RULES,
    crate::cel::cost::RULES,
    crate::lint::RULES,
    crate::validate::RULES,
    crate::builtin::RULES,
    crate::admission::RULES,
    crate::suite::RULES,
    crate::compat::RULES,
];

/// Every rule crdlint can report, sorted by id, each id once.
pub fn all() -> Vec<&'static Rule> {
    let mut rules: Vec<&'static Rule> = SOURCES.into_iter().flatten().copied().collect();
    rules.sort_by_key(|r| r.id);
    rules.dedup_by_key(|r| r.id);
    rules
}

/// True when `pattern` (an id, `group/` or `group`) covers the rule `id`.
pub fn matches(pattern: &str, id: &str) -> bool {
    pattern == id
        || (pattern.ends_with('/') && id.starts_with(pattern))
        || (!pattern.contains('/')
            && id.len() > pattern.len()
            && id.starts_with(pattern)
            && id.as_bytes()[pattern.len()] == b'/')
}

/// The rule with this id.
pub fn find(id: &str) -> Option<&'static Rule> {
    all().into_iter().find(|r| r.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_well_formed() {
        let mut seen = std::collections::HashSet::new();
        for slice in SOURCES {
            for r in slice {
                assert!(seen.insert(r.id), "rule id {} is listed twice", r.id);
                let ok = r.id.split_once('/').is_some_and(|(g, n)| {
                    [g, n].iter().all(|p| {
                        !p.is_empty()
                            && p.bytes()
                                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                    })
                });
                assert!(ok, "rule id {} is not group/kebab-name", r.id);
                assert!(
                    !r.summary.is_empty() && !r.docs.is_empty(),
                    "{} lacks docs",
                    r.id
                );
            }
        }
    }

    /// Why `summary` breaks the one style every rule summary shares, if it does: a
    /// capitalised fragment describing the problem found ("A …", "The …"), not a rule
    /// ("… must be …"), without a trailing period, with code (YAML keys and paths,
    /// `x-kubernetes-*` extensions, flags) in backticks, so `crdlint rules`, SARIF and the
    /// docs index read as one list.
    fn style_problem(summary: &str) -> Option<String> {
        if !summary.starts_with(|c: char| c.is_ascii_uppercase()) {
            return Some("does not start with a capitalised word".into());
        }
        if summary.ends_with('.') {
            return Some("ends with a period".into());
        }
        if summary.matches('`').count() % 2 == 1 {
            return Some("has an unclosed backtick".into());
        }
        // Text outside backticks: the even-numbered pieces.
        let prose = summary.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let words = prose.split(|c: char| c.is_whitespace() || ",;:()/'\"".contains(c));
        for word in words.filter(|w| !w.is_empty()) {
            if ["must", "should", "need", "needs"].contains(&word) {
                return Some(format!("states a rule (`{word}`) instead of the problem"));
            }
            let dotted = word
                .as_bytes()
                .windows(3)
                .any(|w| w[0].is_ascii_lowercase() && w[1] == b'.' && w[2].is_ascii_alphabetic());
            let camel = word.starts_with(|c: char| c.is_ascii_lowercase())
                && word.chars().all(|c| c.is_ascii_alphanumeric())
                && word.chars().any(|c| c.is_ascii_uppercase());
            if word.contains("x-kubernetes-")
                || word.starts_with("--")
                || word.contains('$')
                || dotted
                || camel
            {
                return Some(format!("has code outside backticks: {word}"));
            }
        }
        None
    }

    #[test]
    fn every_summary_has_the_one_style() {
        let broken: Vec<String> = all()
            .into_iter()
            .filter_map(|r| style_problem(r.summary).map(|why| format!("{}: {why}", r.id)))
            .collect();
        assert!(
            broken.is_empty(),
            "summaries out of style:\n{}",
            broken.join("\n")
        );
    }

    #[test]
    fn the_style_check_rejects_each_old_form() {
        for bad in [
            "spec.group must be a DNS subdomain with at least one dot",
            "x-kubernetes-map-type must be atomic or granular, on objects",
            "`kind` or `apiVersion` does not match the CRD version",
            "A mapping has the same key twice.",
            "An x-kubernetes-validations rule does not compile",
            "A workload whose spec.selector does not select its own pod template",
            "A rule sets optionalOldSelf",
            "A file `prune --write cannot change",
            "Versions should look like v1",
            "The version given with --crd-version differs",
        ] {
            assert!(style_problem(bad).is_some(), "{bad:?} passed");
        }
        assert_eq!(
            style_problem("A `spec.group` that is not a DNS subdomain with at least one dot"),
            None
        );
    }
}
