//! The object validating admission sees: the server runs the validating policies after the
//! registry's `rest.BeforeCreate`/`BeforeUpdate` (apiserver `registry/generic/registry/store.go`
//! calls the create and update validation with the object they prepared), after mutating
//! admission, which sees the object as sent. For a custom resource that preparation is the
//! CRD strategy's (apiextensions-apiserver `registry/customresource/strategy.go`):
//!
//! - create: with the status subresource `status` is dropped (`PrepareForCreate`), and
//!   `metadata.generation` is 1 whatever was sent;
//! - update: `metadata.generation` is the old object's (`BeforeUpdate`), one more when
//!   anything but `metadata` changed (`PrepareForUpdate`); with the status subresource
//!   `status` is the old object's, or dropped when it had none.
//!
//! A built-in kind's strategy is its own (some reset `status` to a kind-specific value, some
//! keep it, not all set a generation): its object is left as given.
//!
//! Only what a policy reads is prepared: the object is copied only when the run's policies read
//! its `status` or `metadata.generation` and the preparation changes them.

use std::borrow::Cow;

use crate::cel::eval::convert::Needs;
use crate::validate::CompiledCrd;
use crate::yaml::{Map, Node, Value as NodeValue};

/// How the server's registry prepares an object of the request's kind before validating
/// admission.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// A custom resource, its version with the status subresource or not.
    CustomResource { status_subresource: bool },
    /// Not modelled (a built-in kind): the object as given.
    AsGiven,
}

impl Strategy {
    /// A custom resource of `crd` written at `api_version`.
    pub fn custom_resource(crd: &CompiledCrd, api_version: &str) -> Strategy {
        let (_, version) = crate::k8s::split_api_version(api_version);
        Strategy::CustomResource {
            status_subresource: crd.has_status_subresource(version),
        }
    }
}

/// What of the preparation the run's validating policies can see.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Seen {
    status: bool,
    generation: bool,
}

impl Seen {
    /// From what the policies read of `object` (and `oldObject`, whose generation is read
    /// the same way).
    pub(super) fn of(object: &Needs, old_object: &Needs) -> Seen {
        Seen {
            status: reads_field(object, "status"),
            generation: reads_generation(object) || reads_generation(old_object),
        }
    }

    fn any(self) -> bool {
        self.status || self.generation
    }
}

/// Whether a value read as `needs` shows its field `name` (a projection keeps only the fields
/// read; anything but a list of fields converts the value whole).
fn reads_field(needs: &Needs, name: &str) -> bool {
    match needs {
        Needs::Nothing => false,
        Needs::Fields(_) => needs.field(name).is_some(),
        Needs::Elements(_) | Needs::All => true,
    }
}

fn reads_generation(needs: &Needs) -> bool {
    match needs.field("metadata") {
        Some(meta) => reads_field(meta, "generation"),
        // `Elements` of an object (its keys iterated): converted whole.
        None => matches!(needs, Needs::Elements(_)),
    }
}

/// The object and old object as validating admission sees them (see the module's text).
pub(super) fn prepared<'a>(
    strategy: Strategy,
    object: &'a Node,
    old: Option<&'a Node>,
    seen: Seen,
) -> (Cow<'a, Node>, Option<Cow<'a, Node>>) {
    let Strategy::CustomResource { status_subresource } = strategy else {
        return (Cow::Borrowed(object), old.map(Cow::Borrowed));
    };
    if !seen.any() || object.as_map().is_none() {
        return (Cow::Borrowed(object), old.map(Cow::Borrowed));
    }
    // The old object is stored data: created through the server, it has a generation.
    let old = old.map(|o| with_generation(Cow::Borrowed(o), stored_generation(o)));
    let mut new = Cow::Borrowed(object);
    if status_subresource {
        carry_status(&mut new, old.as_deref());
    }
    let generation = match &old {
        None => 1,
        Some(o) => {
            let was = stored_generation(o);
            if same_but_metadata(&new, o) {
                was
            } else {
                was.saturating_add(1)
            }
        }
    };
    (with_generation(new, generation), old)
}

/// The old object's `metadata.generation`, 1 (a create's) when it has none.
fn stored_generation(old: &Node) -> i64 {
    old.at(&["metadata", "generation"])
        .and_then(Node::as_i64)
        .unwrap_or(1)
}

/// `status` as the strategy leaves it: the old object's on update, none on create (the
/// object copied only when that changes it).
fn carry_status(new: &mut Cow<'_, Node>, old: Option<&Node>) {
    let kept = old.and_then(|o| o.get("status"));
    let unchanged = match (new.get("status"), kept) {
        (None, None) => true,
        (Some(a), Some(b)) => a.value_eq(b),
        _ => false,
    };
    if unchanged {
        return;
    }
    let Some(m) = new.to_mut().as_map_mut() else {
        return;
    };
    match kept {
        Some(s) => m.insert("status", s.clone()),
        None => {
            m.remove("status");
        }
    }
}

/// `metadata.generation` set to `generation` (the object copied only when it differs); an
/// object without a `metadata` mapping is left alone (the server refuses it before
/// admission).
fn with_generation(node: Cow<'_, Node>, generation: i64) -> Cow<'_, Node> {
    let current = node.at(&["metadata", "generation"]);
    let same = current.and_then(Node::as_i64) == Some(generation);
    let no_meta = node.get("metadata").is_none_or(|m| m.as_map().is_none());
    if same || no_meta {
        return node;
    }
    let mut node = node.into_owned();
    if let Some(meta) = node.as_map_mut().and_then(|m| m.get_mut("metadata")) {
        if let Some(meta) = meta.as_map_mut() {
            meta.insert("generation", Node::synthetic(NodeValue::Int(generation)));
        }
    }
    Cow::Owned(node)
}

/// `apiequality.Semantic.DeepEqual` of the two objects without their `metadata`
/// (`copyNonMetadata`).
fn same_but_metadata(new: &Node, old: &Node) -> bool {
    let (Some(a), Some(b)) = (new.as_map(), old.as_map()) else {
        return new.value_eq(old);
    };
    let rest = |m: &Map| m.iter().filter(|(k, _)| *k != "metadata").count();
    rest(a) == rest(b)
        && a.iter()
            .filter(|(k, _)| *k != "metadata")
            .all(|(k, v)| b.get(k).is_some_and(|w| v.value_eq(w)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cel::eval::ast::checked;
    use crate::cel::validator::add_needs;

    fn node(json: serde_json::Value) -> Node {
        Node::from_json(&json)
    }

    fn seen(sources: &[&str]) -> Seen {
        let (mut object, mut old) = (Needs::Nothing, Needs::Nothing);
        for s in sources {
            let e = checked(s);
            add_needs(&mut object, &e, "self");
            add_needs(&mut old, &e, "oldSelf");
        }
        Seen::of(&object, &old)
    }

    const ALL: Seen = Seen {
        status: true,
        generation: true,
    };

    #[test]
    fn what_the_policies_read_decides_what_is_prepared() {
        assert_eq!(seen(&["self.metadata.name == 'a'"]), Seen::default());
        assert_eq!(seen(&["has(self.metadata)"]), Seen::default());
        let status = Seen {
            status: true,
            generation: false,
        };
        assert_eq!(seen(&["has(self.status)"]), status);
        let generation = Seen {
            status: false,
            generation: true,
        };
        assert_eq!(seen(&["self.metadata.generation > 1"]), generation);
        assert_eq!(seen(&["oldSelf.metadata.generation > 1"]), generation);
        assert_eq!(seen(&["self.metadata.all(k, k != 'x')"]), generation);
        // The object whole, or its keys.
        assert_eq!(seen(&["self == self"]), ALL);
        assert_eq!(seen(&["self.all(k, k != 'status')"]), ALL);
    }

    fn widget(size: i64, status: Option<&str>, generation: Option<i64>) -> Node {
        let mut meta = serde_json::json!({"name": "w"});
        if let Some(g) = generation {
            meta["generation"] = g.into();
        }
        let mut o = serde_json::json!({"apiVersion": "example.com/v1", "kind": "Widget",
            "metadata": meta, "spec": {"size": size}});
        if let Some(s) = status {
            o["status"] = serde_json::json!({"phase": s});
        }
        node(o)
    }

    fn shown(n: &Node) -> (Option<String>, Option<i64>) {
        (
            n.at(&["status", "phase"])
                .and_then(Node::as_str)
                .map(str::to_string),
            n.at(&["metadata", "generation"]).and_then(Node::as_i64),
        )
    }

    const WITH: Strategy = Strategy::CustomResource {
        status_subresource: true,
    };
    const WITHOUT: Strategy = Strategy::CustomResource {
        status_subresource: false,
    };

    #[test]
    fn a_create_has_generation_one_and_no_status_with_the_subresource() {
        let sent = widget(1, Some("Sent"), Some(7));
        let (n, _) = prepared(WITH, &sent, None, ALL);
        assert_eq!(shown(&n), (None, Some(1)));
        let (n, _) = prepared(WITHOUT, &sent, None, ALL);
        assert_eq!(shown(&n), (Some("Sent".into()), Some(1)));
        // What the policies do not read is not prepared, and a built-in kind is as given.
        let (n, _) = prepared(WITH, &sent, None, Seen::default());
        assert!(matches!(n, Cow::Borrowed(_)));
        let (n, _) = prepared(Strategy::AsGiven, &sent, None, ALL);
        assert!(matches!(n, Cow::Borrowed(_)));
        // Already as prepared: not copied.
        let plain = widget(1, None, Some(1));
        let (n, _) = prepared(WITH, &plain, None, ALL);
        assert!(matches!(n, Cow::Borrowed(_)));
    }

    #[test]
    fn an_update_keeps_the_old_status_and_counts_changes_but_metadata() {
        let old = widget(1, Some("Ready"), Some(4));
        let same = |size, status| {
            let new = widget(size, status, Some(9));
            let (n, o) = prepared(WITH, &new, Some(&old), ALL);
            (shown(&n), o.map(|o| shown(&o)))
        };
        let old_shown = Some((Some("Ready".to_string()), Some(4)));
        assert_eq!(
            same(1, Some("Sent")),
            ((Some("Ready".into()), Some(4)), old_shown.clone())
        );
        assert_eq!(
            same(1, None),
            ((Some("Ready".into()), Some(4)), old_shown.clone())
        );
        assert_eq!(same(2, None), ((Some("Ready".into()), Some(5)), old_shown));
        // An old object without status: the new one's is dropped; without a generation, the
        // old one was created with 1.
        let bare = widget(1, None, None);
        let new = widget(1, Some("Sent"), None);
        let (n, o) = prepared(WITH, &new, Some(&bare), ALL);
        assert_eq!(shown(&n), (None, Some(1)));
        assert_eq!(o.map(|o| shown(&o)), Some((None, Some(1))));
        // Without the subresource, the status sent is a change.
        let (n, _) = prepared(WITHOUT, &new, Some(&bare), ALL);
        assert_eq!(shown(&n), (Some("Sent".into()), Some(2)));
    }
}
