//! Rules the run driver reports about its input as a whole, and the registry of every rule.
//!
//! The checks themselves live in their modules (`diag::rules` for reading, `cel::rules` and
//! `cel::cost`, `lint`, `validate`); [`all`] gathers their `RULES` slices so that `crdlint rules`, `crdlint explain` and
//! SARIF's rule metadata see the same list.

use crate::diag::{Rule, Severity};

pub static NO_SCHEMA: Rule = Rule {
    id: "input/no-schema",
    severity: Severity::Warning,
    summary: "A custom resource's kind has no CRD in the run, so it is not validated",
    docs: "crdlint validates a custom resource against the CustomResourceDefinition for its group and kind, \
found among the paths or given with `--crd` (or the config's `crds`). A resource of a custom kind whose CRD is \
not in the run cannot be checked; by default each one is a warning at its `kind:` line, so that a typo in an \
apiVersion or a forgotten `--crd` cannot make a run pass by checking nothing. `--missing-schema error` \
(or its alias `--strict`) makes each an error (and a document without apiVersion and kind too), \
`--missing-schema ignore` skips them silently, and `--skip KIND|GROUP/KIND|GROUP/VERSION/KIND` skips chosen \
kinds. Built-in kinds (Deployment, ConfigMap, ...) are never reported here; `--verbose` lists every skipped document.",
    bad: "# crdlint check widget.yaml (no CRD for Widget given)\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n",
    good: "# crdlint check --crd widget-crd.yaml widget.yaml\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n",
};

pub static CRD_UNUSABLE: Rule = Rule {
    id: "input/crd-unusable",
    severity: Severity::Error,
    summary: "A CRD cannot be used to validate resources",
    docs: "The CustomResourceDefinition lacks what validation needs (its group, kind or versions), so \
resources of its kind cannot be checked and are counted as skipped. When the CRD is linted, the lint \
findings say what is wrong in detail.",
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
    summary: "`prune --write` / `default --write` cannot change a file without changing something else",
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

/// The driver's own rules.
pub static RULES: &[&Rule] = &[
    &CRD_UNUSABLE,
    &DUPLICATE_CRD,
    &MISSING_TYPE_META,
    &NO_MANIFESTS,
    &NO_SCHEMA,
    &WRITE_REFUSED,
];

/// Every module's rule list.
const SOURCES: [&[&Rule]; 12] = [
    crate::diag::rules::RULES,
    RULES,
    super::classify::RULES,
    super::suppress::RULES,
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
}
