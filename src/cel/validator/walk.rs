//! The walk over an object: per node its rules, then `allOf` rules on the same value, then
//! children (list items correlated by map-list keys, additionalProperties values, object
//! properties), stopping when the budget runs out.

use super::{Corr, Limits, RuleError, Validator};
use crate::cel::eval::convert::{field_name, Needs};
use crate::cel::eval::value::Value;
use crate::k8s::FieldPath;
use crate::schema::{AdditionalProperties, Schema};
use crate::yaml::{Node, Value as Y};

impl Validator {
    /// Validates one node: its rules, the `allOf` rules on the same value, then its children.
    /// `shared` holds the node's converted values when an ancestor with rules converted them.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn walk(
        &self,
        path: At<'_>,
        node: Option<&Schema>,
        obj: &Node,
        old: Option<&Node>,
        shared: Shared<'_>,
        corr: Corr<'_>,
        limits: Limits,
        budget: &mut i64,
        errs: &mut Vec<RuleError>,
    ) {
        if obj.is_null() {
            return;
        }
        let old = old.filter(|o| !o.is_null());
        let converted = self.expressions(path, node, obj, old, shared, corr, limits, budget, errs);
        if *budget < 0 {
            return;
        }
        let here = match &converted {
            Some(c) => Shared {
                new: Some((&c.new.0, c.new.1)),
                old: c.old.as_ref().map(|(v, n)| (v, *n)),
            },
            None => shared,
        };
        for a in &self.all_of {
            // `allOf` validators see the same node with the same schema: the same values.
            a.walk(
                path,
                node,
                obj,
                old,
                here,
                corr.all_of(),
                limits,
                budget,
                errs,
            );
            if *budget < 0 {
                return;
            }
        }
        match &obj.value {
            Y::Seq(items) => {
                self.walk_items(path, node, items, old, here, corr, limits, budget, errs)
            }
            Y::Map(m) => self.walk_map(path, node, m, old, here, corr, limits, budget, errs),
            _ => {}
        }
    }

    /// List items, each with the old item of the same map-list keys (other lists do not
    /// correlate).
    #[allow(clippy::too_many_arguments)]
    fn walk_items(
        &self,
        path: At<'_>,
        node: Option<&Schema>,
        items: &[Node],
        old: Option<&Node>,
        here: Shared<'_>,
        corr: Corr<'_>,
        limits: Limits,
        budget: &mut i64,
        errs: &mut Vec<RuleError>,
    ) {
        let Some(iv) = &self.items else { return };
        let keys = self.list_map_keys.as_ref();
        let old_items = old.and_then(Node::as_seq);
        for (i, it) in items.iter().enumerate() {
            let old_at = match (keys, old_items) {
                (Some(keys), Some(olds)) => olds.iter().position(|o| same_keys(it, o, keys)),
                _ => None,
            };
            let old_it = old_at.and_then(|j| old_items.and_then(|olds| olds.get(j)));
            let shared = Shared {
                new: here
                    .new
                    .and_then(|(v, n)| Some((list_item(v, i)?, n.element()?))),
                old: old_at.and_then(|j| {
                    let (v, n) = here.old?;
                    Some((list_item(v, j)?, n.element()?))
                }),
            };
            iv.walk(
                At::Index(&path, i),
                node.and_then(|n| n.items.as_deref()),
                it,
                old_it,
                shared,
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

    /// A map's additionalProperties values, then its properties, each with the old value
    /// under the same key (unless the map is `x-kubernetes-map-type` other than granular or
    /// atomic).
    #[allow(clippy::too_many_arguments)]
    fn walk_map<'h>(
        &self,
        path: At<'_>,
        node: Option<&Schema>,
        m: &crate::yaml::Map,
        old: Option<&Node>,
        here: Shared<'h>,
        corr: Corr<'_>,
        limits: Limits,
        budget: &mut i64,
        errs: &mut Vec<RuleError>,
    ) {
        let correlatable = matches!(
            self.map_type.as_deref(),
            None | Some("granular") | Some("atomic")
        );
        let old_map = if correlatable {
            old.and_then(Node::as_map)
        } else {
            None
        };
        let ap_schema = match node.and_then(|n| n.additional_properties.as_ref()) {
            Some(AdditionalProperties::Schema(s)) => Some(&**s),
            _ => None,
        };
        if let Some(ap) = &self.additional {
            for (k, v) in m.iter() {
                let ov = old_map.and_then(|o| o.get(k));
                // The converter keys additionalProperties values by their raw names.
                let shared = Shared {
                    new: here.new.and_then(|x| whole_entry(x, k)),
                    old: ov.and(here.old).and_then(|x| whole_entry(x, k)),
                };
                let path = At::Key(&path, k);
                ap.walk(
                    path,
                    ap_schema,
                    v,
                    ov,
                    shared,
                    corr.key(k),
                    limits,
                    budget,
                    errs,
                );
                if *budget < 0 {
                    return;
                }
            }
        }
        if self.properties.is_empty() {
            return;
        }
        // The converter reads a map with an additionalProperties schema through that schema
        // and shows a resource root's apiVersion, kind and metadata through a narrower view:
        // those values are not the properties' own conversions.
        // Nothing to share when no ancestor converted this map: skip the name escaping then.
        let share_properties = ap_schema.is_none() && (here.new.is_some() || here.old.is_some());
        for (k, v) in m.iter() {
            if let Some(p) = self.property(k) {
                let ov = old_map.and_then(|o| o.get(k));
                let shared = if share_properties && !(self.resource_root && is_type_meta(k)) {
                    let name = field_name(k);
                    let entry = |(v, n): (&'h Value, &'h Needs)| {
                        Some((map_entry(v, &name)?, n.field(&name)?))
                    };
                    Shared {
                        new: here.new.and_then(entry),
                        old: ov.and(here.old).and_then(entry),
                    }
                } else {
                    Shared::default()
                };
                let p_node = node.and_then(|n| n.property(k));
                let path = At::Child(&path, k);
                p.walk(
                    path,
                    p_node,
                    v,
                    ov,
                    shared,
                    corr.key(k),
                    limits,
                    budget,
                    errs,
                );
                if *budget < 0 {
                    return;
                }
            }
        }
    }
}

/// The converted values of the node being walked, when an ancestor with rules converted its
/// subtree already, each with what of it is converted ([`Needs`]): the child's entry in that
/// value is, along those paths, exactly what converting the child alone gives (the same
/// schema node, the same embedded-resource flag; the converter's depth cap is never reached
/// below the YAML loader's), so nested nodes whose rules read no more than that do not
/// convert their subtrees again.
#[derive(Clone, Copy, Default)]
pub(super) struct Shared<'v> {
    pub(super) new: Option<(&'v Value, &'v Needs)>,
    pub(super) old: Option<(&'v Value, &'v Needs)>,
}

/// `self` (and `oldSelf`) as converted for a node's rules, each with what of it is
/// converted, handed down to its children.
pub(super) struct Converted<'v> {
    pub(super) new: (Value, &'v Needs),
    pub(super) old: Option<(Value, &'v Needs)>,
}

/// An additionalProperties value of a map converted whole (such maps are never converted in
/// part: their entries are keyed by raw names).
fn whole_entry<'v>((v, n): (&'v Value, &'v Needs), k: &str) -> Option<(&'v Value, &'v Needs)> {
    match n {
        Needs::All => Some((map_entry(v, k)?, n)),
        _ => None,
    }
}

fn list_item(v: &Value, i: usize) -> Option<&Value> {
    match v {
        Value::List(l) => l.get(i),
        _ => None,
    }
}

fn map_entry<'v>(v: &'v Value, name: &str) -> Option<&'v Value> {
    match v {
        Value::Map(m) => m.get_str(name),
        _ => None,
    }
}

impl Validator {
    /// The validator of property `k`: few properties are scanned by name, as
    /// [`Schema::property`] does (this runs for every key of every object walked).
    fn property(&self, k: &str) -> Option<&Validator> {
        if self.properties.len() <= crate::schema::model::PROPERTY_SCAN {
            self.properties
                .iter()
                .find_map(|(x, v)| (x.as_str() == k).then_some(v))
        } else {
            self.properties.get(k)
        }
    }
}

fn is_type_meta(k: &str) -> bool {
    matches!(k, "apiVersion" | "kind" | "metadata")
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
