//! `subresources.scale` paths (digest §1.10). `status: {}` has no checks of its own; it changes
//! what the schema root may contain (see `schema/status-root`).

use super::crd::Place;
use super::ctx::{get_set, get_str, value_span, Bad, ErrType, FErr, Loc, Sink};
use crate::diag::{Rule, Severity};
use crate::yaml::Node;

pub static SUBRESOURCES: Rule = Rule {
    id: "crd/subresources",
    severity: Severity::Error,
    summary: "A scale subresource path that is not a simple JSON path under `.spec` or `.status`",
    docs: "The scale subresource reads the replica counts and the label selector of a resource through \
`specReplicasPath` (under `.spec.`), `statusReplicasPath` (under `.status.`) and the optional \
`labelSelectorPath` (under either). They are simple dotted paths starting with `.`.",
    bad: "subresources:\n  scale:\n    specReplicasPath: spec.replicas\n    statusReplicasPath: .status.replicas\n",
    good: "subresources:\n  scale:\n    specReplicasPath: .spec.replicas\n    statusReplicasPath: .status.replicas\n",
};

/// `validateSimpleJSONPath`: true when the path is acceptable.
pub(crate) fn simple_json_path(
    s: &str,
    loc: &Loc,
    node: &Node,
    rule: &'static Rule,
    sink: &mut Sink,
) -> bool {
    if s.is_empty() {
        sink.push(FErr::new(
            rule,
            ErrType::Invalid,
            loc,
            node.span(),
            Bad::str(s),
            "must not be empty",
        ));
        false
    } else if !s.starts_with('.') {
        sink.push(FErr::new(
            rule,
            ErrType::Invalid,
            loc,
            node.span(),
            Bad::str(s),
            "must be a simple json path starting with .",
        ));
        false
    } else {
        true
    }
}

pub(crate) fn validate(p: &Place, sink: &mut Sink) {
    let Some(scale) = get_set(p.node, "scale") else {
        return;
    };
    let sl = p.loc.clone();
    for (key, prefix, what) in [
        (
            "specReplicasPath",
            ".spec.",
            "should be a json path under .spec",
        ),
        (
            "statusReplicasPath",
            ".status.",
            "should be a json path under .status",
        ),
    ] {
        let loc = sl.child(&format!("scale.{key}"));
        let v = get_str(scale, key).unwrap_or("");
        if v.is_empty() {
            sink.push(FErr::new(
                &SUBRESOURCES,
                ErrType::Required,
                &loc,
                value_span(scale, key),
                Bad::none(),
                "",
            ));
        } else if let Some(n) = scale.get(key) {
            if simple_json_path(v, &loc, n, &SUBRESOURCES, sink) && !v.starts_with(prefix) {
                sink.push(FErr::new(
                    &SUBRESOURCES,
                    ErrType::Invalid,
                    &loc,
                    n.span(),
                    Bad::str(v),
                    what,
                ));
            }
        }
    }
    if let Some(n) = scale.get("labelSelectorPath") {
        let v = n.as_str().unwrap_or("");
        let loc = sl.child("scale.labelSelectorPath");
        if !v.is_empty()
            && simple_json_path(v, &loc, n, &SUBRESOURCES, sink)
            && !v.starts_with(".spec.")
            && !v.starts_with(".status.")
        {
            sink.push(FErr::new(
                &SUBRESOURCES,
                ErrType::Invalid,
                &loc,
                n.span(),
                Bad::json(n),
                "should be a json path under either .spec or .status",
            ));
        }
    }
}
