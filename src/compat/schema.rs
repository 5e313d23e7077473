//! Two `openAPIV3Schema`s of one served version, property by property: what stored objects
//! or clients of the old schema would trip over in the new one.
//!
//! The walk follows `properties`, `items` and `additionalProperties` on both sides at once, and
//! carries whether each side's position is correlatable (for transition rules, see
//! [`super::celdiff`]). `allOf`/`anyOf`/`oneOf`/`not` hold value validations only in a
//! structural schema: they are compared as a whole (added, or changed so that they may accept
//! less), not walked. Documentation (`description`, `title`, `example`, `externalDocs`) is
//! never a finding: it changes no verdict.

use std::collections::HashSet;

use super::parts::{Classes, Pos, VersionCtx};
use super::rules::*;
use super::{celdiff, show, show_change, Findings, Options};
use crate::diag::{Rule, Severity, Span};
use crate::yaml::Node;

/// Nesting beyond which the walk stops, with a `compat/not-compared` finding: the depth to which
/// `lint` and validation read a schema ([`crate::schema::MAX_DEPTH`]), so that nothing they
/// accept goes uncompared without a word (a cap of 64 passed a type change 63 levels deep
/// silently; issue 26).
const MAX_DEPTH: usize = crate::schema::MAX_DEPTH;

/// Compares the schema `old` with `new` (at `user` in the new document).
pub fn compare_schemas(
    old: &Node,
    new: &Node,
    user: &str,
    ctx: &VersionCtx<'_>,
    opts: &Options,
    out: &mut Findings,
) {
    let pos = Pos {
        old,
        new,
        data: ".".into(),
        user: user.to_string(),
        anchor: first_key_span(new),
        old_anchor: first_key_span(old),
        old_correlatable: true,
        new_correlatable: true,
    };
    Walk {
        ctx,
        opts,
        out,
        too_deep: false,
    }
    .node(&pos, 0);
}

fn first_key_span(n: &Node) -> Span {
    n.as_map()
        .and_then(|m| m.entries.first())
        .map_or(n.span(), |e| e.key_span)
}

struct Walk<'w, 'a> {
    ctx: &'w VersionCtx<'a>,
    opts: &'w Options,
    out: &'w mut Findings,
    /// The depth cap was reported (once per version).
    too_deep: bool,
}

/// Rules that only make a schema stricter: the policy may allow them in unstored versions.
fn is_tightening(rule: &Rule) -> bool {
    [
        &REQUIRED_ADDED,
        &ENUM_VALUE_REMOVED,
        &BOUND_TIGHTENED,
        &PATTERN_CHANGED,
        &FORMAT_CHANGED,
        &NULLABLE_REMOVED,
        &MULTIPLE_OF_CHANGED,
        &COMBINATOR_CHANGED,
        &CEL_RULE_ADDED,
    ]
    .iter()
    .any(|r| std::ptr::eq(*r, rule))
}

impl Walk<'_, '_> {
    /// Reports at the new keyword `key` (or the anchor when absent), related to the old one.
    fn report(
        &mut self,
        rule: &'static Rule,
        p: &Pos<'_>,
        key: &str,
        message: String,
    ) -> Option<&mut crate::diag::Diagnostic> {
        if self.ctx.tighten_ok && is_tightening(rule) {
            return None;
        }
        let new_span = p.new.get(key).map_or(p.anchor, |n| n.span());
        let old_span = p.old.get(key).map_or(p.old_anchor, |n| n.span());
        let user = if p.new.get(key).is_some() {
            format!("{}.{key}", p.user)
        } else {
            p.user.clone()
        };
        let message = format!("{}: {}: {message}", self.ctx.version, p.data);
        Some(
            self.out
                .push(rule, new_span, Some(old_span), &user, message),
        )
    }

    fn ratchet_help(&self) -> String {
        if self.opts.ratcheting() {
            format!(
                "at Kubernetes 1.{} ratcheting lets an update through when this value is unchanged; a new object, or a changed value, must satisfy the new schema",
                self.opts.kube_version.minor
            )
        } else {
            format!(
                "Kubernetes 1.{} does not ratchet (1.30 and later do): every update of an object whose value breaks the new schema is rejected",
                self.opts.kube_version.minor
            )
        }
    }

    fn node(&mut self, p: &Pos<'_>, depth: usize) {
        if p.old.as_map().is_none() || p.new.as_map().is_none() {
            return;
        }
        if depth > MAX_DEPTH {
            if !std::mem::replace(&mut self.too_deep, true) {
                let message = format!(
                    "{}: {}: the schema nests deeper than {MAX_DEPTH} levels here: nothing below was compared",
                    self.ctx.version, p.data
                );
                self.out.push(
                    &NOT_COMPARED,
                    p.anchor,
                    Some(p.old_anchor),
                    &p.user,
                    message,
                );
            }
            return;
        }
        if !self.types(p) {
            return;
        }
        self.flags(p);
        self.enums(p);
        self.required(p);
        self.default(p);
        self.bounds(p);
        self.multiple_of(p);
        self.strings(p);
        self.combinators(p);
        self.topology(p);
        celdiff::compare_rules(p, self.ctx, self.opts, self.out);
        self.children(p, depth);
    }

    /// Type and int-or-string. Returns false when the types differ (nothing below compares).
    fn types(&mut self, p: &Pos<'_>) -> bool {
        let flag = |n: &Node, k: &str| n.get(k).and_then(Node::as_bool).unwrap_or(false);
        let old_ios = flag(p.old, "x-kubernetes-int-or-string");
        let new_ios = flag(p.new, "x-kubernetes-int-or-string");
        if old_ios && !new_ios {
            let t = p.new.get_str("type").unwrap_or("any");
            self.report(
                &INT_OR_STRING_REMOVED,
                p,
                "x-kubernetes-int-or-string",
                format!("x-kubernetes-int-or-string was removed (type is now {t}): stored values of the other type fail their next update"),
            );
            return false;
        }
        let (ot, nt) = (p.old.get_str("type"), p.new.get_str("type"));
        match (ot, nt) {
            (Some(o), Some(n)) if o != n => {
                self.report(
                    &TYPE_CHANGED,
                    p,
                    "type",
                    format!("type changed from {o} to {n}: stored values fail their next update and old clients cannot decode new ones"),
                );
                false
            }
            (None, Some(n)) if !old_ios && !flag(p.old, "x-kubernetes-preserve-unknown-fields") => {
                self.report(
                    &TYPE_CHANGED,
                    p,
                    "type",
                    format!("type set to {n} where any type was allowed: stored values of other types fail their next update"),
                );
                false
            }
            _ => true,
        }
    }

    /// nullable, preserve-unknown-fields, embedded-resource.
    fn flags(&mut self, p: &Pos<'_>) {
        let flag = |n: &Node, k: &str| n.get(k).and_then(Node::as_bool).unwrap_or(false);
        if flag(p.old, "nullable") && !flag(p.new, "nullable") {
            self.report(
                &NULLABLE_REMOVED,
                p,
                "nullable",
                "nullable was removed: null values are pruned or rejected".into(),
            );
        }
        if flag(p.old, "x-kubernetes-preserve-unknown-fields")
            && !flag(p.new, "x-kubernetes-preserve-unknown-fields")
        {
            self.report(
                &PRESERVE_UNKNOWN_REMOVED,
                p,
                "x-kubernetes-preserve-unknown-fields",
                "x-kubernetes-preserve-unknown-fields was removed: fields the schema does not list are now pruned from stored objects".into(),
            );
        }
        let (oe, ne) = (
            flag(p.old, "x-kubernetes-embedded-resource"),
            flag(p.new, "x-kubernetes-embedded-resource"),
        );
        if oe != ne {
            let what = if ne {
                "turned on: stored values without apiVersion, kind and metadata fail their next update"
            } else {
                "turned off: the embedded objects' metadata is no longer kept as metadata"
            };
            self.report(
                &EMBEDDED_RESOURCE_CHANGED,
                p,
                "x-kubernetes-embedded-resource",
                format!("x-kubernetes-embedded-resource {what}"),
            );
        }
    }

    fn enums(&mut self, p: &Pos<'_>) {
        let values = |n: &Node| -> Option<Vec<String>> {
            n.get("enum")
                .and_then(Node::as_seq)
                .map(|l| l.iter().map(show).collect())
        };
        let help = self.ratchet_help();
        match (values(p.old), values(p.new)) {
            (None, Some(new)) => {
                if let Some(d) = self.report(
                    &ENUM_VALUE_REMOVED,
                    p,
                    "enum",
                    format!("an enum was added: only {} are allowed now", new.join(", ")),
                ) {
                    d.help = Some(help);
                }
            }
            (Some(old), Some(new)) => {
                // Sets, not scans: 50,000 values replaced took 53 s (issue 26).
                let (old_set, new_set): (HashSet<&String>, HashSet<&String>) =
                    (old.iter().collect(), new.iter().collect());
                let removed: Vec<&String> = old.iter().filter(|v| !new_set.contains(v)).collect();
                if !removed.is_empty() {
                    let list: Vec<&str> = removed.iter().map(|s| s.as_str()).collect();
                    if let Some(d) = self.report(
                        &ENUM_VALUE_REMOVED,
                        p,
                        "enum",
                        format!(
                            "enum value{} {} removed",
                            plural(list.len()),
                            list.join(", ")
                        ),
                    ) {
                        d.help = Some(help);
                    }
                }
                let added: Vec<&str> = new
                    .iter()
                    .filter(|v| !old_set.contains(v))
                    .map(String::as_str)
                    .collect();
                if !added.is_empty() && self.opts.policy.disallow_enum_additions {
                    self.report(
                        &ENUM_VALUE_ADDED,
                        p,
                        "enum",
                        format!(
                            "enum value{} {} added: clients of the old revision may not handle {}",
                            plural(added.len()),
                            added.join(", "),
                            if added.len() == 1 { "it" } else { "them" }
                        ),
                    );
                }
            }
            _ => {}
        }
    }

    fn required(&mut self, p: &Pos<'_>) {
        let names = |n: &Node| -> Vec<(String, Span)> {
            n.get("required")
                .and_then(Node::as_seq)
                .map(|l| {
                    l.iter()
                        .filter_map(|r| r.as_str().map(|s| (s.to_string(), r.span())))
                        .collect()
                })
                .unwrap_or_default()
        };
        let old: HashSet<String> = names(p.old).into_iter().map(|(s, _)| s).collect();
        for (i, (name, span)) in names(p.new).into_iter().enumerate() {
            if old.contains(&name) || self.ctx.tighten_ok {
                continue;
            }
            let old_span = p.old.get("required").map_or(p.old_anchor, |n| n.span());
            let has_default = p
                .new
                .get("properties")
                .and_then(|ps| ps.get(&name))
                .is_some_and(|s| s.get("default").is_some());
            let msg = format!(
                "{}: {}: {name} became required{}",
                self.ctx.version,
                p.data,
                if has_default {
                    " (it has a default, so stored objects get it when read; clients that omit it still pass)"
                } else {
                    ": stored objects without it fail their next update"
                }
            );
            let path = format!("{}.required[{i}]", p.user);
            let d = self
                .out
                .push(&REQUIRED_ADDED, span, Some(old_span), &path, msg);
            if has_default {
                d.severity = Severity::Warning;
            }
        }
    }

    fn default(&mut self, p: &Pos<'_>) {
        match (p.old.get("default"), p.new.get("default")) {
            (Some(o), Some(n)) if !o.value_eq(n) => {
                if let Some(d) = self.report(
                    &DEFAULT_CHANGED,
                    p,
                    "default",
                    {
                        let (o, n) = show_change(o, n);
                        format!("default changed from {o} to {n}: objects stored without the field read back with the new value")
                    },
                ) {
                    d.severity = Severity::Error;
                }
            }
            (Some(o), None) => {
                if let Some(d) = self.report(
                    &DEFAULT_CHANGED,
                    p,
                    "default",
                    format!("default {} was removed: clients that relied on it get an empty field", show(o)),
                ) {
                    d.severity = Severity::Error;
                }
            }
            (None, Some(n)) => {
                self.report(
                    &DEFAULT_CHANGED,
                    p,
                    "default",
                    format!("default {} was added: objects stored without the field read back with it", show(n)),
                );
            }
            _ => {}
        }
    }

    fn bounds(&mut self, p: &Pos<'_>) {
        let num = |n: &Node, k: &str| n.get(k).and_then(Node::as_f64);
        // (keyword, true when the bound is an upper one, the value that means "no bound")
        let keys: [(&str, bool, Option<f64>); 8] = [
            ("maximum", true, None),
            ("maxLength", true, None),
            ("maxItems", true, None),
            ("maxProperties", true, None),
            ("minimum", false, None),
            ("minLength", false, Some(0.0)),
            ("minItems", false, Some(0.0)),
            ("minProperties", false, Some(0.0)),
        ];
        let help = self.ratchet_help();
        for (key, upper, none) in keys {
            let Some(n) = num(p.new, key) else { continue };
            let written = num(p.old, key);
            let o = written.or(none);
            let tighter = match o {
                None => true,
                Some(o) => {
                    if upper {
                        n < o
                    } else {
                        n > o
                    }
                }
            };
            if tighter {
                let what = match written {
                    None => format!("{key} {} was added", fmt_num(n)),
                    Some(o) => format!("{key} tightened from {} to {}", fmt_num(o), fmt_num(n)),
                };
                if let Some(d) = self.report(
                    &BOUND_TIGHTENED,
                    p,
                    key,
                    format!("{what}: stored values outside it fail their next update"),
                ) {
                    d.help = Some(help.clone());
                }
            }
        }
        for (flag, bound) in [
            ("exclusiveMaximum", "maximum"),
            ("exclusiveMinimum", "minimum"),
        ] {
            let f = |n: &Node| n.get(flag).and_then(Node::as_bool).unwrap_or(false);
            let same_bound = num(p.old, bound).is_some() && num(p.old, bound) == num(p.new, bound);
            if f(p.new) && !f(p.old) && same_bound {
                if let Some(d) = self.report(
                    &BOUND_TIGHTENED,
                    p,
                    flag,
                    format!("{flag} was turned on: a value equal to the {bound} now fails its next update"),
                ) {
                    d.help = Some(help.clone());
                }
            }
        }
    }

    /// multipleOf added, or changed to a factor that does not divide the old one (10 to 5
    /// accepts every value 10 did).
    fn multiple_of(&mut self, p: &Pos<'_>) {
        let factor = |n: &Node| n.get("multipleOf").and_then(Node::as_f64);
        let Some(n) = factor(p.new) else { return };
        let what = match factor(p.old) {
            None => format!("multipleOf {} was added", fmt_num(n)),
            Some(o) if divides(n, o) => return,
            Some(o) => format!("multipleOf changed from {} to {}", fmt_num(o), fmt_num(n)),
        };
        let help = self.ratchet_help();
        if let Some(d) = self.report(
            &MULTIPLE_OF_CHANGED,
            p,
            "multipleOf",
            format!("{what}: stored numbers that are not multiples of it fail their next update"),
        ) {
            d.help = Some(help);
        }
    }

    /// allOf, anyOf, oneOf and not: added, or changed so that they may accept less. More
    /// anyOf alternatives, or fewer allOf entries, only loosen.
    fn combinators(&mut self, p: &Pos<'_>) {
        for key in ["allOf", "anyOf", "oneOf", "not"] {
            let Some(n) = p.new.get(key) else { continue };
            let o = p.old.get(key);
            if o.is_some_and(|o| o.value_eq(n)) {
                continue;
            }
            // Every member of `sub` is in `list`: by classes of equal values, not pairwise.
            let within = |sub: &[Node], list: &[Node]| {
                let mut classes = Classes::default();
                let have: HashSet<usize> = list.iter().map(|x| classes.of(Some(x))).collect();
                sub.iter().all(|x| have.contains(&classes.of(Some(x))))
            };
            let loosened = match (key, o.and_then(Node::as_seq), n.as_seq()) {
                ("anyOf", Some(old), Some(new)) => within(old, new),
                ("allOf", Some(old), Some(new)) => within(new, old),
                _ => false,
            };
            if loosened {
                continue;
            }
            let what = match o {
                None => format!("{key} was added"),
                Some(_) => format!("{key} changed"),
            };
            let help = self.ratchet_help();
            if let Some(d) = self.report(
                &COMBINATOR_CHANGED,
                p,
                key,
                format!("{what}: stored values that do not satisfy it fail their next update (the entries are compared as written)"),
            ) {
                d.help = Some(help);
            }
        }
    }

    /// pattern and format.
    fn strings(&mut self, p: &Pos<'_>) {
        let help = self.ratchet_help();
        let (op, np) = (p.old.get_str("pattern"), p.new.get_str("pattern"));
        if let Some(n) = np {
            if op != Some(n) {
                let what = match op {
                    None => format!("pattern {n:?} was added"),
                    Some(o) => format!("pattern changed from {o:?} to {n:?}"),
                };
                if let Some(d) = self.report(
                    &PATTERN_CHANGED,
                    p,
                    "pattern",
                    format!("{what}: stored strings that do not match fail their next update"),
                ) {
                    d.help = Some(help.clone());
                }
            }
        }
        let (of, nf) = (p.old.get_str("format"), p.new.get_str("format"));
        let is_string = p.new.get_str("type").is_none_or(|t| t == "string");
        if let (Some(n), true) = (nf, is_string) {
            if of != Some(n) {
                let what = match of {
                    None => format!("format {n} was added"),
                    Some(o) => format!("format changed from {o} to {n}"),
                };
                if let Some(d) = self.report(
                    &FORMAT_CHANGED,
                    p,
                    "format",
                    format!("{what}: stored strings not in that format fail their next update"),
                ) {
                    d.help = Some(help);
                }
            }
        }
    }

    /// list-type, list-map-keys, map-type.
    fn topology(&mut self, p: &Pos<'_>) {
        let is_array = |n: &Node| n.get_str("type") == Some("array") || n.get("items").is_some();
        if is_array(p.old) && is_array(p.new) {
            let lt = |n: &Node| {
                n.get_str("x-kubernetes-list-type")
                    .unwrap_or("atomic")
                    .to_string()
            };
            let (o, n) = (lt(p.old), lt(p.new));
            if o != n {
                self.report(
                    &LIST_TYPE_CHANGED,
                    p,
                    "x-kubernetes-list-type",
                    format!("x-kubernetes-list-type changed from {o} to {n}: server-side apply merges the list differently{}", if n == "atomic" || o == "atomic" { "" } else { " and stored lists may break the new uniqueness rules" }),
                );
            } else if n == "map" {
                let keys = |x: &Node| -> Vec<String> {
                    x.get("x-kubernetes-list-map-keys")
                        .and_then(Node::as_seq)
                        .map(|l| l.iter().map(show).collect())
                        .unwrap_or_default()
                };
                let (ok, nk) = (keys(p.old), keys(p.new));
                let mut sorted_o = ok.clone();
                let mut sorted_n = nk.clone();
                sorted_o.sort();
                sorted_n.sort();
                if sorted_o != sorted_n {
                    self.report(
                        &LIST_TYPE_CHANGED,
                        p,
                        "x-kubernetes-list-map-keys",
                        format!("x-kubernetes-list-map-keys changed from [{}] to [{}]: items are identified differently by server-side apply and transition rules", ok.join(", "), nk.join(", ")),
                    );
                }
            }
        }
        let mt = |n: &Node| {
            n.get_str("x-kubernetes-map-type")
                .unwrap_or("granular")
                .to_string()
        };
        let is_object = |n: &Node| n.get_str("type") == Some("object");
        if is_object(p.old) && is_object(p.new) && mt(p.old) != mt(p.new) {
            self.report(
                &LIST_TYPE_CHANGED,
                p,
                "x-kubernetes-map-type",
                format!("x-kubernetes-map-type changed from {} to {}: server-side apply merges the object differently", mt(p.old), mt(p.new)),
            );
        }
    }

    fn children(&mut self, p: &Pos<'_>, depth: usize) {
        self.properties(p, depth);
        let list_is_map = |n: &Node| n.get_str("x-kubernetes-list-type") == Some("map");
        if let (Some(o), Some(n)) = (p.old.get("items"), p.new.get("items")) {
            let child = Pos {
                old: o,
                new: n,
                data: format!("{}[*]", p.data.trim_end_matches('.')),
                user: format!("{}.items", p.user),
                anchor: key_span(p.new, "items").unwrap_or(p.anchor),
                old_anchor: key_span(p.old, "items").unwrap_or(p.old_anchor),
                old_correlatable: p.old_correlatable && list_is_map(p.old),
                new_correlatable: p.new_correlatable && list_is_map(p.new),
            };
            self.node(&child, depth + 1);
        }
        match (
            p.old.get("additionalProperties"),
            p.new.get("additionalProperties"),
        ) {
            (Some(o), Some(n)) if o.as_map().is_some() && n.as_map().is_some() => {
                let child = Pos {
                    old: o,
                    new: n,
                    data: format!("{}[*]", p.data.trim_end_matches('.')),
                    user: format!("{}.additionalProperties", p.user),
                    anchor: key_span(p.new, "additionalProperties").unwrap_or(p.anchor),
                    old_anchor: key_span(p.old, "additionalProperties").unwrap_or(p.old_anchor),
                    old_correlatable: p.old_correlatable,
                    new_correlatable: p.new_correlatable,
                };
                self.node(&child, depth + 1);
            }
            (Some(o), n)
                if o.as_bool() != Some(false)
                    && n.is_none_or(|n| n.as_bool() == Some(false))
                    && !preserves(p.new) =>
            {
                self.report(
                    &FIELD_REMOVED,
                    p,
                    "additionalProperties",
                    "additionalProperties was removed: keys other than the listed properties are pruned from stored objects".into(),
                );
            }
            _ => {}
        }
    }

    fn properties(&mut self, p: &Pos<'_>, depth: usize) {
        let Some(old_props) = p.old.get("properties").and_then(Node::as_map) else {
            return;
        };
        let new_props = p.new.get("properties").and_then(Node::as_map);
        let open = preserves(p.new)
            || p.new
                .get("additionalProperties")
                .is_some_and(|a| a.as_bool() != Some(false));
        let base = p.data.trim_end_matches('.');
        let map_values = p
            .new
            .get("additionalProperties")
            .filter(|a| a.as_map().is_some());
        for e in &old_props.entries {
            let data = format!("{base}.{}", e.key);
            match (new_props.and_then(|m| m.entry(&e.key)), map_values) {
                (Some(ne), _) => {
                    let child = Pos {
                        old: &e.value,
                        new: &ne.value,
                        data,
                        user: format!("{}.properties[{}]", p.user, e.key),
                        anchor: ne.key_span,
                        old_anchor: e.key_span,
                        old_correlatable: p.old_correlatable,
                        new_correlatable: p.new_correlatable,
                    };
                    self.node(&child, depth + 1);
                }
                // A struct turned into a map: the old field's values are now map values.
                (None, Some(ap)) => {
                    let child = Pos {
                        old: &e.value,
                        new: ap,
                        data,
                        user: format!("{}.additionalProperties", p.user),
                        anchor: key_span(p.new, "additionalProperties").unwrap_or(p.anchor),
                        old_anchor: e.key_span,
                        old_correlatable: p.old_correlatable,
                        new_correlatable: p.new_correlatable,
                    };
                    self.node(&child, depth + 1);
                }
                (None, None) if open => {}
                (None, None) => {
                    let new_span = key_span(p.new, "properties").unwrap_or(p.anchor);
                    let msg = format!(
                        "{}: {data}: field was removed: the server prunes it from stored objects on their next write, and clients that set it get an unknown-field error",
                        self.ctx.version
                    );
                    let user = format!("{}.properties", p.user);
                    self.out
                        .push(&FIELD_REMOVED, new_span, Some(e.key_span), &user, msg);
                }
            }
        }
    }
}

fn key_span(n: &Node, key: &str) -> Option<Span> {
    n.as_map()?.entry(key).map(|e| e.key_span)
}

fn preserves(n: &Node) -> bool {
    n.get("x-kubernetes-preserve-unknown-fields")
        .and_then(Node::as_bool)
        == Some(true)
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Whether every multiple of `old` is a multiple of `new`.
fn divides(new: f64, old: f64) -> bool {
    if new == 0.0 {
        return false;
    }
    let q = old / new;
    q.is_finite() && (q - q.round()).abs() < 1e-9
}

fn fmt_num(f: f64) -> String {
    if f.fract() == 0.0 && f.abs() < 1e15 {
        format!("{}", f as i64)
    } else {
        format!("{f}")
    }
}
