//! The server's warnings on finalizer names.

use super::*;

/// `WarningsOnCreate`/`WarningsOnUpdate` (from 1.29): finalizer names that are neither
/// standard nor domain-qualified with a path, once per distinct name in sorted order, in the
/// server's warning text; on update only the finalizers the update adds. A name that is not a
/// qualified name gets none: ObjectMeta validation rejects it (`cr/metadata`), and the server
/// computes warnings only for a request that passed validation (`rest.BeforeCreate`), so its
/// `validateKubeFinalizerName` never warns about such a name.
pub(super) fn finalizer_warnings(r: &mut Run<'_>, x: &Node, old: Option<&Node>) {
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
        .filter_map(|f| Some((f.as_str()?, f.span())))
        .filter(|(f, _)| !olds.contains(f))
        .collect();
    names.sort_by(|a, b| a.0.cmp(b.0));
    names.dedup_by(|a, b| a.0 == b.0);
    for (name, span) in names {
        if name.contains('/') || ["orphan", "foregroundDeletion", "kubernetes"].contains(&name) {
            continue;
        }
        if !crate::k8s::names::is_qualified_name(name).is_empty() {
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
