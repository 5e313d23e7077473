//! Upgrade safety: what the next revision of a CRD breaks for objects and clients that exist.
//!
//! [`compare`] takes two revisions of one CustomResourceDefinition (matched by `metadata.name`
//! by the caller) and returns `compat/*` findings located at the NEW document's nodes, each with
//! the OLD node as a related location (the caller stamps both files).
//!
//! Layers, each a file:
//! - [`versions`]: the CRD as a list of versions (served, storage, schema, columns), read from
//!   the user's `v1` or `v1beta1` document, and the CRD-wide checks (scope, names, versions,
//!   storage, stored versions).
//! - [`schema`]: two `openAPIV3Schema`s of one served version, property by property.
//! - [`celdiff`]: `x-kubernetes-validations` of one schema node, and the cost budgets.
//! - [`columns`]: printer columns and selectable fields whose path no longer resolves.
//! - [`rules`]: the rules.
//!
//! The comparison reads the raw YAML, not [`crate::schema::Schema`]: every finding needs the
//! span of the keyword that changed, on both sides.

pub mod celdiff;
pub mod columns;
pub mod parts;
pub mod rules;
pub mod schema;
pub mod versions;

use std::collections::BTreeMap;

use crate::diag::{Diagnostic, Rule, Severity, Span};
use crate::k8s::KubeVersion;
use crate::yaml::Node;

pub use rules::RULES;

/// Whether a check reports, and at which level (`--enforce RULE=LEVEL`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enforcement {
    Error,
    Warning,
    Off,
}

impl Enforcement {
    pub fn parse(s: &str) -> Option<Enforcement> {
        match s {
            "error" => Some(Enforcement::Error),
            "warning" | "warn" => Some(Enforcement::Warning),
            "off" | "none" => Some(Enforcement::Off),
            _ => None,
        }
    }
}

/// Where users disagree on what is breaking.
#[derive(Clone, Debug, Default)]
pub struct Policy {
    /// Report added enum values (`compat/enum-value-added`). Off by default: the server accepts
    /// them and well-documented enums tell clients to expect new values.
    pub disallow_enum_additions: bool,
    /// A served version that `status.storedVersions` of the OLD revision shows has no stored
    /// objects may tighten its schema (bounds, patterns, formats, enums, required fields, rules):
    /// no object can fail.
    pub allow_tightening_unstored: bool,
}

/// How to compare.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The emulated API server: decides whether ratcheting applies (1.30 and later).
    pub kube_version: KubeVersion,
    pub policy: Policy,
    /// Per-rule overrides of the default severity, by rule id.
    pub enforcement: BTreeMap<String, Enforcement>,
}

impl Options {
    /// Whether the server of `kube_version` ratchets unchanged values (`CRDValidationRatcheting`,
    /// beta and on by default from 1.30).
    pub fn ratcheting(&self) -> bool {
        crate::k8s::behavior::Behavior::of(self.kube_version).ratcheting
    }
}

/// The `compat/*` findings of going from `old` to `new` (two CRD documents of one name).
/// Spans are in `new`; related spans are in `old`.
pub fn compare(old: &Node, new: &Node, opts: &Options) -> Vec<Diagnostic> {
    let mut out = Findings::default();
    versions::compare_crds(old, new, opts, &mut out);
    enforce(out.diags, opts)
}

/// The finding for a CRD of the old revision that the new one lacks, located in the OLD file.
pub fn removed(old: &Node, opts: &Options) -> Vec<Diagnostic> {
    let name = old
        .at(&["metadata", "name"])
        .and_then(Node::as_str)
        .unwrap_or_default();
    let span = old
        .at(&["metadata", "name"])
        .map_or(old.span(), |n| n.span());
    let d = Diagnostic::new(
        &rules::CRD_REMOVED,
        span,
        format!("CustomResourceDefinition {name} was removed: deleting it deletes every object of its kind"),
    )
    .with_path("metadata.name");
    enforce(vec![d], opts)
}

/// Applies `--enforce` overrides: drops `off` rules, sets the level of the others.
pub fn enforce(diags: Vec<Diagnostic>, opts: &Options) -> Vec<Diagnostic> {
    diags
        .into_iter()
        .filter_map(|d| match opts.enforcement.get(d.rule.id) {
            None => Some(d),
            Some(Enforcement::Off) => None,
            Some(Enforcement::Error) => Some(d.with_severity(Severity::Error)),
            Some(Enforcement::Warning) => Some(d.with_severity(Severity::Warning)),
        })
        .collect()
}

/// The findings of one comparison, in the order found.
#[derive(Default)]
pub struct Findings {
    pub diags: Vec<Diagnostic>,
}

impl Findings {
    /// A finding at `new` (span in the NEW document) with `old` as the related location.
    pub fn push(
        &mut self,
        rule: &'static Rule,
        new: Span,
        old: Option<Span>,
        path: &str,
        message: String,
    ) -> &mut Diagnostic {
        let mut d = Diagnostic::new(rule, new, message);
        if !path.is_empty() {
            d = d.with_path(path);
        }
        if let Some(o) = old {
            d = d.with_related(o, "in the old revision");
        }
        self.diags.push(d);
        // Just pushed: never empty.
        let last = self.diags.len() - 1;
        &mut self.diags[last]
    }
}

/// The span of `key`'s value in `node`, or of `node` itself.
pub(crate) fn span_of(node: &Node, key: &str) -> Span {
    node.get(key).map_or(node.span(), |n| n.span())
}

/// A scalar for messages: strings quoted, others as JSON.
pub(crate) fn show(node: &Node) -> String {
    window(&node.to_json().to_string(), 0)
}

/// Two values that differ, each shown as [`show`] shows one, but when the change would fall
/// in the part [`show`] cuts off, from a little before it: long values that share a beginning
/// (a default's conditions with one changed reason) would otherwise both be cut before it.
pub(crate) fn show_change(old: &Node, new: &Node) -> (String, String) {
    let (o, n) = (old.to_json().to_string(), new.to_json().to_string());
    let first = o
        .char_indices()
        .zip(n.chars())
        .find(|((_, a), b)| a != b)
        .map_or(o.len().min(n.len()), |((i, _), _)| i);
    let shown_whole = |s: &str| s.len() <= SHOWN_BYTES;
    let change_shown = o[..first].chars().count() + SHOWN_BEFORE_CHANGE < SHOWN_CHARS;
    if (shown_whole(&o) && shown_whole(&n)) || change_shown {
        return (window(&o, 0), window(&n, 0));
    }
    // Some context before the change, so that it reads as part of its value.
    let from = o[..first]
        .char_indices()
        .rev()
        .nth(SHOWN_BEFORE_CHANGE - 1)
        .map_or(0, |(i, _)| i);
    (window(&o, from), window(&n, from))
}

/// Value texts longer than this many bytes are cut to [`SHOWN_CHARS`] characters and `…`.
const SHOWN_BYTES: usize = 80;
const SHOWN_CHARS: usize = 77;
/// How much of a changed value [`show_change`] shows before the change, in characters.
const SHOWN_BEFORE_CHANGE: usize = 30;

/// `s` from byte `from` (a char boundary; `…` before it when that is not the start), cut as
/// [`SHOWN_BYTES`] says, with `…` only where something was cut.
fn window(s: &str, from: usize) -> String {
    let head = if from > 0 { "…" } else { "" };
    let rest = &s[from..];
    if rest.len() <= SHOWN_BYTES {
        return format!("{head}{rest}");
    }
    match rest.char_indices().nth(SHOWN_CHARS) {
        Some((cut, _)) => format!("{head}{}…", &rest[..cut]),
        None => format!("{head}{rest}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Long values that differ late are shown from a little before the change, so that the
    /// change is in both; short ones whole; one value alone as before.
    #[test]
    fn changed_values_are_shown_around_the_change() {
        let long = |reason: &str| {
            parse(&format!(
                "{{conditions: [{{message: \"{}\", reason: {reason}, status: Unknown}}]}}",
                "m".repeat(90)
            ))
        };
        let (o, n) = show_change(&long("Waiting"), &long("Pending"));
        assert!(
            o.starts_with('…') && o.contains("\"reason\":\"Waiting\""),
            "{o}"
        );
        assert!(
            n.starts_with('…') && n.contains("\"reason\":\"Pending\""),
            "{n}"
        );
        assert!(o.chars().count() <= 80, "{o}");
        let (o, n) = show_change(&parse("{a: 1}"), &parse("{a: 2}"));
        assert_eq!((o.as_str(), n.as_str()), ("{\"a\":1}", "{\"a\":2}"));
        // A value shown whole is not cut, whatever the change.
        let img = |t: &str| parse(&format!("\"registry.example.com/team/image:{t}\""));
        let (o, n) = show_change(&img("v1.2.3"), &img("v1.2.4"));
        assert_eq!(o, "\"registry.example.com/team/image:v1.2.3\"");
        assert_eq!(n, "\"registry.example.com/team/image:v1.2.4\"");
        // Over 80 bytes but not over 77 characters: nothing is cut, so no `…`.
        let wide = format!("\"a{}\"", "é".repeat(41));
        assert_eq!(show(&parse(&wide)), format!("\"a{}\"", "é".repeat(41)));
        // The context before a change is counted in characters.
        let accented = |t: &str| parse(&format!("\"{}{t}\"", "é".repeat(100)));
        let (o, _) = show_change(&accented("x"), &accented("y"));
        assert!(o.starts_with(&format!("…{}x", "é".repeat(30))), "{o}");
        let alone = show(&long("Waiting"));
        assert!(
            alone.starts_with("{\"conditions\"") && alone.ends_with('…'),
            "{alone}"
        );
        assert_eq!(alone.chars().count(), 78, "{alone}");
    }

    /// A CRD whose versions are `(name, served, storage, spec properties as flow YAML)`.
    fn crd(versions: &[(&str, bool, bool, &str)]) -> Node {
        parse(&crd_text(versions))
    }

    fn parse(text: &str) -> Node {
        let docs = crate::yaml::load(text);
        docs.into_iter()
            .next()
            .and_then(|d| d.root)
            .expect("test CRD parses")
    }

    fn crd_text(versions: &[(&str, bool, bool, &str)]) -> String {
        let mut text = String::from(
            "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {plural: widgets, kind: Widget}\n  versions:\n",
        );
        for (name, served, storage, props) in versions {
            text.push_str(&format!(
                "  - name: {name}\n    served: {served}\n    storage: {storage}\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec: {props}\n"
            ));
        }
        text
    }

    fn ids(old: &Node, new: &Node, opts: &Options) -> Vec<&'static str> {
        compare(old, new, opts).iter().map(|d| d.rule.id).collect()
    }

    #[test]
    fn a_version_that_stops_being_served_is_one_finding() {
        let old = crd(&[
            (
                "v1beta1",
                true,
                false,
                "{type: object, properties: {a: {type: string}}}",
            ),
            ("v1", true, true, "{type: object}"),
        ]);
        // The unserved version also lost a field and changed a type: still one finding.
        let new = crd(&[
            (
                "v1beta1",
                false,
                false,
                "{type: object, properties: {b: {type: integer}}}",
            ),
            ("v1", true, true, "{type: object}"),
        ]);
        assert_eq!(
            ids(&old, &new, &Options::default()),
            ["compat/version-unserved"]
        );
    }

    #[test]
    fn fields_under_an_open_parent_are_not_removed() {
        let old = crd(&[(
            "v1",
            true,
            true,
            "{type: object, properties: {a: {type: string}}}",
        )]);
        let preserving = crd(&[(
            "v1",
            true,
            true,
            "{type: object, x-kubernetes-preserve-unknown-fields: true}",
        )]);
        assert!(ids(&old, &preserving, &Options::default()).is_empty());
        let closed = crd(&[("v1", true, true, "{type: object}")]);
        assert_eq!(
            ids(&old, &closed, &Options::default()),
            ["compat/field-removed"]
        );
    }

    #[test]
    fn loosening_is_not_reported() {
        let old = crd(&[(
            "v1",
            true,
            true,
            "{type: object, required: [a], properties: {a: {type: string, maxLength: 5, minLength: 2, enum: [x, y], pattern: '^x$'}}}",
        )]);
        let new = crd(&[(
            "v1",
            true,
            true,
            "{type: object, properties: {a: {type: string, maxLength: 9, enum: [x, y, z]}}}",
        )]);
        assert!(ids(&old, &new, &Options::default()).is_empty());
    }

    #[test]
    fn an_absent_lower_bound_counts_as_zero() {
        let old = crd(&[(
            "v1",
            true,
            true,
            "{type: object, properties: {l: {type: array}}}",
        )]);
        let zero = crd(&[(
            "v1",
            true,
            true,
            "{type: object, properties: {l: {type: array, minItems: 0}}}",
        )]);
        assert!(ids(&old, &zero, &Options::default()).is_empty());
        let one = crd(&[(
            "v1",
            true,
            true,
            "{type: object, properties: {l: {type: array, minItems: 1}}}",
        )]);
        let d = compare(&old, &one, &Options::default());
        assert_eq!(d.len(), 1);
        assert!(
            d[0].message.contains("minItems 1 was added"),
            "{}",
            d[0].message
        );
    }

    /// One version `v1` whose `spec` is the flow YAML `props`.
    fn one(props: &str) -> Node {
        crd(&[("v1", true, true, props)])
    }

    #[test]
    fn documentation_changes_are_not_reported() {
        let old = one("{type: object, description: a, properties: {a: {type: string, description: old, title: A, example: x}}}");
        let new = one("{type: object, description: b, properties: {a: {type: string, description: new, title: B, example: y, externalDocs: {url: 'https://example.com'}}}}");
        assert!(ids(&old, &new, &Options::default()).is_empty());
    }

    #[test]
    fn combinators_that_only_loosen_are_not_reported() {
        let base = "{type: object, properties: {a: {type: integer, anyOf: [{minimum: 5}, {enum: [1]}], allOf: [{minimum: 0}, {maximum: 9}]}}}";
        let old = one(base);
        // One more anyOf alternative and one allOf entry fewer: everything valid stays valid.
        let looser = one("{type: object, properties: {a: {type: integer, anyOf: [{minimum: 5}, {enum: [1]}, {enum: [2]}], allOf: [{minimum: 0}]}}}");
        assert!(ids(&old, &looser, &Options::default()).is_empty());
        // Removing them altogether loosens too.
        let none = one("{type: object, properties: {a: {type: integer}}}");
        assert!(ids(&old, &none, &Options::default()).is_empty());
        // An alternative edited, a oneOf or a not added: reported, one finding each.
        let tighter = one("{type: object, properties: {a: {type: integer, anyOf: [{minimum: 6}, {enum: [1]}], allOf: [{minimum: 0}, {maximum: 9}], oneOf: [{minimum: 1}], not: {enum: [3]}}}}");
        assert_eq!(
            ids(&old, &tighter, &Options::default()),
            [
                "compat/combinator-changed",
                "compat/combinator-changed",
                "compat/combinator-changed"
            ]
        );
    }

    #[test]
    fn multiple_of_is_reported_unless_the_new_factor_divides_the_old() {
        let old = one("{type: object, properties: {a: {type: number, multipleOf: 1.5}}}");
        let half = one("{type: object, properties: {a: {type: number, multipleOf: 0.5}}}");
        assert!(ids(&old, &half, &Options::default()).is_empty());
        let double = one("{type: object, properties: {a: {type: number, multipleOf: 3}}}");
        assert_eq!(
            ids(&old, &double, &Options::default()),
            ["compat/multiple-of-changed"]
        );
    }

    #[test]
    fn a_struct_turned_into_a_map_compares_its_fields_with_the_map_values() {
        let old = one("{type: object, properties: {labels: {type: object, properties: {a: {type: string}, b: {type: string}}}}}");
        let same = one("{type: object, properties: {labels: {type: object, additionalProperties: {type: string}}}}");
        assert!(ids(&old, &same, &Options::default()).is_empty());
        let ints = one("{type: object, properties: {labels: {type: object, additionalProperties: {type: integer}}}}");
        let found = compare(&old, &ints, &Options::default());
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found.iter().all(|d| d.rule.id == "compat/type-changed"));
        assert!(
            found[0].message.contains(".spec.labels.a"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn tightening_rules_are_allowed_in_unstored_versions_by_policy() {
        // status.storedVersions: [v1]: v1beta1 holds nothing.
        let with_status = |props: &str| {
            parse(&format!(
                "{}status: {{storedVersions: [v1]}}\n",
                crd_text(&[
                    ("v1beta1", true, false, props),
                    ("v1", true, true, "{type: object}"),
                ])
            ))
        };
        let old = with_status("{type: object, properties: {a: {type: integer}}}");
        let new = with_status("{type: object, properties: {a: {type: integer, multipleOf: 2, anyOf: [{minimum: 1}]}}}");
        assert_eq!(ids(&old, &new, &Options::default()).len(), 2);
        let lenient = Options {
            policy: Policy {
                allow_tightening_unstored: true,
                ..Policy::default()
            },
            ..Options::default()
        };
        assert!(ids(&old, &new, &lenient).is_empty());
    }

    #[test]
    fn deep_schemas_are_compared_to_the_lint_depth_and_the_rest_is_reported() {
        let nested = |levels: usize| {
            let mut props = String::from("{type: string}");
            for _ in 0..levels {
                props = format!("{{type: object, properties: {{x: {props}}}}}");
            }
            props
        };
        let pair = |levels: usize| {
            let props = nested(levels);
            let old = crd(&[("v1", true, true, &props)]);
            let new = crd(&[(
                "v1",
                true,
                true,
                &props.replace("type: string", "type: integer"),
            )]);
            ids(&old, &new, &Options::default())
        };
        // A change 100 levels down (64 used to be the cap, and passed it silently).
        assert_eq!(pair(100), ["compat/type-changed"]);
        // Past the depth lint and validation read: said once, and nothing overflows.
        assert_eq!(pair(crate::schema::MAX_DEPTH + 5), ["compat/not-compared"]);
    }

    #[test]
    fn what_cannot_be_compared_is_said() {
        let text = crd_text(&[(
            "v1",
            true,
            true,
            "{type: object, properties: {a: {type: string}}}",
        )]);
        let old = parse(&text);
        // No `served`: the version is not compared (it used to pass silently).
        let unserved = parse(&text.replace("    served: true\n", ""));
        let found = compare(&old, &unserved, &Options::default());
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].rule.id, "compat/not-compared");
        assert!(found[0].message.contains("served"), "{}", found[0].message);
        // No storage version, and no spec at all.
        let no_storage = parse(&text.replace("storage: true", "storage: false"));
        let found = compare(&old, &no_storage, &Options::default());
        assert!(
            found
                .iter()
                .any(|d| d.rule.id == "compat/not-compared"
                    && d.message.contains("no storage version")),
            "{found:?}"
        );
        let no_spec = parse("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\n");
        assert_eq!(
            ids(&old, &no_spec, &Options::default()),
            ["compat/not-compared"]
        );
    }

    #[test]
    fn a_new_storage_version_that_only_adds_fields_is_not_an_error() {
        let base = "{type: object, properties: {a: {type: string}}}";
        let old = crd(&[("v1", true, true, base)]);
        let added = crd(&[
            ("v1", true, false, base),
            (
                "v2",
                true,
                true,
                "{type: object, properties: {a: {type: string}, b: {type: integer}}}",
            ),
        ]);
        let found = ids(&old, &added, &Options::default());
        assert!(
            !found.contains(&"compat/storage-version-changed"),
            "{found:?}"
        );
        // A field retyped in the new storage version still is.
        let retyped = crd(&[
            ("v1", true, false, base),
            (
                "v2",
                true,
                true,
                "{type: object, properties: {a: {type: integer}}}",
            ),
        ]);
        assert!(
            ids(&old, &retyped, &Options::default()).contains(&"compat/storage-version-changed")
        );
    }

    #[test]
    fn served_pairs_are_one_finding_per_version_and_only_new_ones() {
        let a = "{type: object, properties: {a: {type: string}}}";
        let b = "{type: object, properties: {b: {type: string}}}";
        // v1 and v2 already differed while both served; v3 is new and differs from v1.
        let old = crd(&[("v1", true, true, a), ("v2", true, false, b)]);
        let new = crd(&[
            ("v1", true, true, a),
            ("v2", true, false, b),
            ("v3", true, false, b),
        ]);
        let found = compare(&old, &new, &Options::default());
        let pairs: Vec<&str> = found
            .iter()
            .filter(|d| d.rule.id == "compat/served-versions-differ")
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(pairs.len(), 1, "{pairs:?}");
        assert!(
            pairs[0].starts_with("served versions v1 and v3 "),
            "{pairs:?}"
        );
        // Map keys in another order are the same schema: nothing differs.
        let one = crd(&[("v1", true, true, a)]);
        let reordered = crd(&[
            ("v1", true, true, a),
            (
                "v2",
                true,
                false,
                "{properties: {a: {type: string}}, type: object}",
            ),
        ]);
        assert!(ids(&one, &reordered, &Options::default()).is_empty());
    }
}
