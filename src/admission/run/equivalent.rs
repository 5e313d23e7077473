//! A request as a policy sees it when its `matchConstraints` select the object through an
//! equivalent resource (`super::matching::equivalent_match`): the object and the old object converted
//! to the matched version (`crate::admission::convert`), and `request.kind`/`resource` the
//! matched ones while `requestKind`/`requestResource` stay the request's (apiserver
//! `pkg/admission/plugin/cel/condition.go`, `CreateAdmissionRequest`).

use super::evaluate::Input;
use super::matching::{Attrs, Via};
use super::{Policies, Request};
use crate::admission::convert;
use crate::cel::eval::value::Key;
use crate::cel::eval::Value;
use crate::yaml::Node;

impl Policies {
    /// `None` when the policy selects the request through its own resource (`via`, what
    /// `matching::equivalent_match` gives, is `None`: the shared input serves); else the
    /// input of the converted request, or why it cannot be known offline (a webhook
    /// conversion, a built-in pair not emulated).
    pub(super) fn equivalent_input(
        &self,
        via: Option<&Via>,
        r: &Request<'_>,
        attrs: &Attrs<'_>,
        ns: Option<&Node>,
    ) -> Option<Result<Input, String>> {
        let via = via?;
        let (group, version, resource) = match via {
            Via::Own => return None,
            Via::CrdVersion(v) => (r.group.to_string(), v.clone(), r.resource.to_string()),
            Via::Builtin((g, v, res)) => (g.clone(), v.clone(), res.clone()),
        };
        let convert_one = |obj: &Node| match via {
            Via::Builtin(_) => {
                convert::builtin(obj, r.kind, (r.group, r.version), (&group, &version))
            }
            _ => convert::crd(obj, &group, &version, r.conversion),
        };
        let object = match convert_one(r.object) {
            Ok(o) => o,
            Err(why) => return Some(Err(why)),
        };
        let old = match r.old.map(convert_one).transpose() {
            Ok(o) => o,
            Err(why) => return Some(Err(why)),
        };
        let matched = Request {
            object: &object,
            old: old.as_ref(),
            group: &group,
            version: &version,
            resource: &resource,
            ..*r
        };
        let mut input = self.input(&matched, attrs, ns, &self.reads);
        // The request as made: its own kind and resource.
        let request = with_entries(
            input.request_mut(),
            &[
                ("requestKind", gv_map(r.group, r.version, "kind", r.kind)),
                (
                    "requestResource",
                    gv_map(r.group, r.version, "resource", r.resource),
                ),
            ],
        );
        *input.request_mut() = request;
        Some(Ok(input))
    }
}

/// `{group, version, <last>: value}`, as the request's kind and resource maps are built.
fn gv_map(group: &str, version: &str, last: &str, value: &str) -> Value {
    let entries = [("group", group), ("version", version), (last, value)]
        .into_iter()
        .map(|(k, v)| (Key::String(k.into()), Value::string(v)))
        .collect();
    Value::map(entries)
}

/// The map `m` with the entries `set` replaced (in place, keeping the order).
fn with_entries(m: &Value, set: &[(&str, Value)]) -> Value {
    let Value::Map(map) = m else {
        return m.clone();
    };
    let mut entries = map.entries.clone();
    for (k, v) in set {
        entries.insert(Key::String((*k).into()), v.clone());
    }
    Value::map(entries)
}
