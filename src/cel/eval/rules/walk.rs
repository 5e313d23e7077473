//! The walk over an object: per node its rules, then `allOf` rules on the same value, then
//! children (list items correlated by map-list keys, additionalProperties values, object
//! properties), stopping when the budget runs out.

use super::{Corr, Limits, RuleError, Validator};
use crate::k8s::FieldPath;
use crate::schema::{AdditionalProperties, Schema};
use crate::yaml::{Node, Value as Y};

impl Validator {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn walk(
        &self,
        path: At<'_>,
        node: Option<&Schema>,
        obj: &Node,
        old: Option<&Node>,
        corr: Corr<'_>,
        limits: Limits,
        budget: &mut i64,
        errs: &mut Vec<RuleError>,
    ) {
        if obj.is_null() {
            return;
        }
        let old = old.filter(|o| !o.is_null());
        self.expressions(path, node, obj, old, corr, limits, budget, errs);
        if *budget < 0 {
            return;
        }
        for a in &self.all_of {
            a.walk(path, node, obj, old, corr.all_of(), limits, budget, errs);
            if *budget < 0 {
                return;
            }
        }
        match &obj.value {
            Y::Seq(items) => {
                let Some(iv) = &self.items else { return };
                let keys = self.list_map_keys.as_ref();
                let old_items = old.and_then(Node::as_seq);
                for (i, it) in items.iter().enumerate() {
                    let old_it = match (keys, old_items) {
                        (Some(keys), Some(olds)) => olds.iter().find(|o| same_keys(it, o, keys)),
                        _ => None,
                    };
                    iv.walk(
                        At::Index(&path, i),
                        node.and_then(|n| n.items.as_deref()),
                        it,
                        old_it,
                        corr.index(i),
                        limits,
                        budget,
                        errs,
                    );
                    if *budget < 0 {
                        return;
                    }
                }
            }
            Y::Map(m) => {
                let correlatable = matches!(
                    self.map_type.as_deref(),
                    None | Some("granular") | Some("atomic")
                );
                let old_map = if correlatable {
                    old.and_then(Node::as_map)
                } else {
                    None
                };
                if let Some(ap) = &self.additional {
                    let ap_node = match node.and_then(|n| n.additional_properties.as_ref()) {
                        Some(AdditionalProperties::Schema(s)) => Some(&**s),
                        _ => None,
                    };
                    for (k, v) in m.iter() {
                        let ov = old_map.and_then(|o| o.get(k));
                        let path = At::Key(&path, k);
                        ap.walk(path, ap_node, v, ov, corr.key(k), limits, budget, errs);
                        if *budget < 0 {
                            return;
                        }
                    }
                }
                if !self.properties.is_empty() {
                    for (k, v) in m.iter() {
                        if let Some(p) = self.properties.get(k) {
                            let ov = old_map.and_then(|o| o.get(k));
                            let p_node = node.and_then(|n| n.properties.get(k));
                            let path = At::Child(&path, k);
                            p.walk(path, p_node, v, ov, corr.key(k), limits, budget, errs);
                            if *budget < 0 {
                                return;
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// Where the walk is, built into a [`FieldPath`] only for a finding: most nodes report
/// nothing, and copying the path at every node (`FieldPath::child` clones its segments) was
/// ~1% of a 10,000-resource run.
#[derive(Clone, Copy)]
pub(super) enum At<'a> {
    Root(&'a FieldPath),
    Child(&'a At<'a>, &'a str),
    Index(&'a At<'a>, usize),
    Key(&'a At<'a>, &'a str),
}

impl At<'_> {
    pub(super) fn path(&self) -> FieldPath {
        // The steps from here up to the root, then applied root first (no recursion).
        let mut steps = Vec::new();
        let mut at = self;
        let root = loop {
            match at {
                At::Root(p) => break (*p).clone(),
                At::Child(up, _) | At::Index(up, _) | At::Key(up, _) => {
                    steps.push(at);
                    at = up;
                }
            }
        };
        steps.iter().rev().fold(root, |p, step| match step {
            At::Child(_, k) => p.child(k),
            At::Index(_, i) => p.index(*i),
            At::Key(_, k) => p.key(k),
            At::Root(_) => p,
        })
    }
}

fn same_keys(a: &Node, b: &Node, keys: &[String]) -> bool {
    let (Some(a), Some(b)) = (a.as_map(), b.as_map()) else {
        return false;
    };
    keys.iter().all(|k| match (a.get(k), b.get(k)) {
        (Some(x), Some(y)) => x.value == y.value,
        (None, None) => true,
        _ => false,
    })
}
