//! An object converted to the version a policy matched it through (`matchPolicy:
//! Equivalent`), as the API server converts it before the policy sees it: apiserver
//! `policy/validating/dispatcher.go` builds `admission.NewVersionedAttributes(a, matchKind, o)`
//! (`pkg/admission/attributes.go`, `ConvertToGVK`), the object and the old object both
//! converted through the internal version by the scheme's conversion functions.
//!
//! - A CRD with `conversion.strategy: None` (or none): only `apiVersion` changes (apiextensions
//!   `pkg/apiserver/conversion/nop_converter.go`).
//! - A CRD with a `Webhook` conversion: its webhook decides, which only a cluster can run; the
//!   policy is reported as not evaluated, never guessed.
//! - A built-in kind: the field mappings of the upstream conversion functions between the
//!   equivalent versions the minor serves ([`builtin`]), for the pairs emulated here; any
//!   other pair is reported as not emulated.
//!
//! Objects are the stored (defaulted) JSON trees the policies see; a field absent on one side
//! stays absent on the other (the Go structs would carry a zero value, which `yaml` trees of
//! the repository do not: the unconverted object has the same gap).

use crate::yaml::Node;
use serde_json::{Map, Value as Json};

/// A group and a version.
pub(crate) type Gv<'a> = (&'a str, &'a str);

/// The roundtrip annotation v1beta3 PriorityLevelConfigurations keep a zero
/// `nominalConcurrencyShares` with (k8s.io/api `flowcontrol/v1beta3/types.go`,
/// `PriorityLevelPreserveZeroConcurrencySharesKey`).
const PRESERVE_ZERO_SHARES: &str = "flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares";

fn api_version((group, version): Gv<'_>) -> String {
    if group.is_empty() {
        version.to_string()
    } else {
        format!("{group}/{version}")
    }
}

/// A CRD's object from version `from` to `to` of its group, by its `spec.conversion.strategy`
/// (`strategy` as written, empty when absent). `Err` is why the policy cannot be evaluated.
pub(crate) fn crd(obj: &Node, group: &str, to: &str, strategy: &str) -> Result<Node, String> {
    match strategy {
        "" | "None" => {
            let mut j = obj.to_json();
            set_api_version(&mut j, &api_version((group, to)));
            Ok(Node::from_json(&j))
        }
        _ => Err(format!(
            "it selects the object through version {to}, and the CRD's {strategy} conversion to it is only known to a cluster"
        )),
    }
}

/// A built-in object of kind `kind` from `from` to the equivalent `to` (both served at the
/// run's minor: the equivalence table is the minor's). `Err` is why the policy cannot be
/// evaluated (a pair whose conversion is not emulated).
pub(crate) fn builtin(obj: &Node, kind: &str, from: Gv<'_>, to: Gv<'_>) -> Result<Node, String> {
    let mut j = obj.to_json();
    let converted = match (from, to, kind) {
        (("", "v1"), ("events.k8s.io", "v1"), "Event")
        | (("events.k8s.io", "v1"), ("", "v1"), "Event") => {
            event_fields(&mut j, CORE_TO_EVENTS);
            true
        }
        ((FLOWCONTROL, _), (FLOWCONTROL, _), "FlowSchema") => true,
        ((FLOWCONTROL, a), (FLOWCONTROL, b), "PriorityLevelConfiguration") => {
            priority_level(&mut j, a, b)
        }
        _ => false,
    };
    if !converted {
        return Err(format!(
            "it selects the object through {}, and the conversion from {} {kind} to it is not emulated",
            api_version(to),
            api_version(from)
        ));
    }
    set_api_version(&mut j, &api_version(to));
    Ok(Node::from_json(&j))
}

const FLOWCONTROL: &str = "flowcontrol.apiserver.k8s.io";

/// The fields of a core `v1` Event and the `events.k8s.io/v1` fields they are
/// (`pkg/apis/events/v1/conversion.go`: `Regarding` ↔ `InvolvedObject`, `Note` ↔ `Message`,
/// `DeprecatedSource` ↔ `Source`, `DeprecatedFirstTimestamp`, `DeprecatedLastTimestamp`,
/// `DeprecatedCount`; core's `ReportingController` is written `reportingComponent` in JSON,
/// k8s.io/api `core/v1/types.go`). Every other field has one name in both.
const CORE_TO_EVENTS: &[(&str, &str)] = &[
    ("involvedObject", "regarding"),
    ("message", "note"),
    ("source", "deprecatedSource"),
    ("firstTimestamp", "deprecatedFirstTimestamp"),
    ("lastTimestamp", "deprecatedLastTimestamp"),
    ("count", "deprecatedCount"),
    ("reportingComponent", "reportingController"),
];

/// Renames an Event's fields by `pairs`, both ways at once: each field of one version becomes
/// its name in the other (the two sets of names are disjoint).
fn event_fields(j: &mut Json, pairs: &[(&str, &str)]) {
    let Some(m) = j.as_object_mut() else { return };
    let mut moved: Vec<(&str, Json)> = Vec::new();
    for (a, b) in pairs {
        if let Some(v) = m.remove(*a) {
            moved.push((b, v));
        }
        if let Some(v) = m.remove(*b) {
            moved.push((a, v));
        }
    }
    for (k, v) in moved {
        m.insert(k.to_string(), v);
    }
}

/// A PriorityLevelConfiguration between flowcontrol versions, through the internal type:
/// v1beta1 and v1beta2 name the limited level's shares `assuredConcurrencyShares`, v1beta3 and
/// v1 `nominalConcurrencyShares` (`pkg/apis/flowcontrol/v1beta2/conversion.go`); from 1.29
/// v1beta3 keeps a zero with the roundtrip annotation, dropped on the way in and added on the
/// way out when the shares are zero (`v1beta3/conversion.go`), and v1's shares are a pointer
/// the internal value always fills (`v1/zz_generated.conversion.go`). The int32 fields have no
/// `omitempty` in the beta versions: a limited level always has them after conversion. The
/// annotation came with v1 (1.29), when v1beta2 was gone: it is read and written exactly
/// between v1beta3 and v1.
fn priority_level(j: &mut Json, from: &str, to: &str) -> bool {
    let known = ["v1beta1", "v1beta2", "v1beta3", "v1"];
    if !known.contains(&from) || !known.contains(&to) {
        return false;
    }
    let assured = |v: &str| matches!(v, "v1beta1" | "v1beta2");
    let annotation = matches!((from, to), ("v1beta3", "v1") | ("v1", "v1beta3"));
    // To the internal version: the shares under their internal name.
    let mut shares: Option<Json> = None;
    if let Some(l) = j.pointer_mut("/spec/limited").and_then(Json::as_object_mut) {
        let key = if assured(from) {
            "assuredConcurrencyShares"
        } else {
            "nominalConcurrencyShares"
        };
        shares = Some(
            l.remove(key)
                .filter(|v| !v.is_null())
                .unwrap_or(Json::from(0)),
        );
    }
    if from == "v1beta3" && annotation {
        remove_annotation(j, PRESERVE_ZERO_SHARES);
    }
    // From the internal version.
    if let Some(value) = shares {
        let zero = value.as_i64() == Some(0);
        if let Some(l) = j.pointer_mut("/spec/limited").and_then(Json::as_object_mut) {
            let key = if assured(to) {
                "assuredConcurrencyShares"
            } else {
                "nominalConcurrencyShares"
            };
            l.insert(key.to_string(), value);
        }
        if to == "v1beta3" && annotation && zero {
            add_annotation(j, PRESERVE_ZERO_SHARES);
        }
    }
    true
}

fn set_api_version(j: &mut Json, av: &str) {
    if let Some(m) = j.as_object_mut() {
        m.insert("apiVersion".into(), Json::from(av));
    }
}

fn remove_annotation(j: &mut Json, key: &str) {
    let Some(meta) = j.get_mut("metadata").and_then(Json::as_object_mut) else {
        return;
    };
    let empty = match meta.get_mut("annotations").and_then(Json::as_object_mut) {
        Some(a) => {
            a.remove(key);
            a.is_empty()
        }
        None => false,
    };
    // An empty map is not written (`omitempty`).
    if empty {
        meta.remove("annotations");
    }
}

fn add_annotation(j: &mut Json, key: &str) {
    let Some(root) = j.as_object_mut() else {
        return;
    };
    let meta = root
        .entry("metadata")
        .or_insert_with(|| Json::Object(Map::new()));
    let Some(meta) = meta.as_object_mut() else {
        return;
    };
    let annotations = meta
        .entry("annotations")
        .or_insert_with(|| Json::Object(Map::new()));
    if let Some(a) = annotations.as_object_mut() {
        a.entry(key).or_insert_with(|| Json::from(""));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn node(j: Json) -> Node {
        Node::from_json(&j)
    }

    #[test]
    fn events_rename_their_fields_both_ways() {
        let core = json!({
            "apiVersion": "v1", "kind": "Event",
            "metadata": {"name": "e", "namespace": "shop"},
            "involvedObject": {"kind": "Pod", "name": "p"},
            "message": "pulled", "reason": "Pulled", "type": "Normal",
            "source": {"component": "kubelet"}, "count": 3,
            "firstTimestamp": "2026-01-01T00:00:00Z", "lastTimestamp": "2026-01-02T00:00:00Z",
            "reportingComponent": "kubelet", "reportingInstance": "node-1",
        });
        let events = builtin(
            &node(core.clone()),
            "Event",
            ("", "v1"),
            ("events.k8s.io", "v1"),
        )
        .expect("converts")
        .to_json();
        assert_eq!(
            events,
            json!({
                "apiVersion": "events.k8s.io/v1", "kind": "Event",
                "metadata": {"name": "e", "namespace": "shop"},
                "regarding": {"kind": "Pod", "name": "p"},
                "note": "pulled", "reason": "Pulled", "type": "Normal",
                "deprecatedSource": {"component": "kubelet"}, "deprecatedCount": 3,
                "deprecatedFirstTimestamp": "2026-01-01T00:00:00Z",
                "deprecatedLastTimestamp": "2026-01-02T00:00:00Z",
                "reportingController": "kubelet", "reportingInstance": "node-1",
            })
        );
        let back = builtin(&node(events), "Event", ("events.k8s.io", "v1"), ("", "v1"))
            .expect("converts")
            .to_json();
        assert_eq!(back, core);
    }

    #[test]
    fn crds_convert_by_strategy() {
        let obj =
            node(json!({"apiVersion": "example.com/v2", "kind": "Widget", "spec": {"size": 1}}));
        let none = crd(&obj, "example.com", "v1", "None").expect("None converts");
        assert_eq!(
            none.to_json(),
            json!({"apiVersion": "example.com/v1", "kind": "Widget", "spec": {"size": 1}})
        );
        assert!(crd(&obj, "example.com", "v1", "").is_ok());
        let webhook = crd(&obj, "example.com", "v1", "Webhook").unwrap_err();
        assert!(webhook.contains("Webhook conversion"), "{webhook}");
    }

    #[test]
    fn priority_levels_rename_and_annotate_their_shares() {
        let fc = |v| (FLOWCONTROL, v);
        let plc = |v: &str, shares: Json, annotations: Option<Json>| {
            let key = if v == "v1beta2" {
                "assuredConcurrencyShares"
            } else {
                "nominalConcurrencyShares"
            };
            let mut j = json!({
                "apiVersion": format!("{FLOWCONTROL}/{v}"), "kind": "PriorityLevelConfiguration",
                "metadata": {"name": "low"},
                "spec": {"type": "Limited", "limited": {key: shares, "lendablePercent": 0}},
            });
            if let Some(a) = annotations {
                j["metadata"]["annotations"] = a;
            }
            j
        };
        let conv = |j: Json, a, b| {
            builtin(&node(j), "PriorityLevelConfiguration", fc(a), fc(b))
                .expect("converts")
                .to_json()
        };
        // A zero kept by the annotation in v1beta3 is a zero in v1, without it.
        let zero = plc("v1beta3", json!(0), Some(json!({PRESERVE_ZERO_SHARES: ""})));
        assert_eq!(
            conv(zero.clone(), "v1beta3", "v1"),
            plc("v1", json!(0), None)
        );
        // And back: v1's zero gets the annotation.
        assert_eq!(conv(plc("v1", json!(0), None), "v1", "v1beta3"), zero);
        let other = json!({"team": "x"});
        assert_eq!(
            conv(plc("v1", json!(30), Some(other.clone())), "v1", "v1beta3"),
            plc("v1beta3", json!(30), Some(other))
        );
        // Between v1beta2 and v1beta3 (1.26 to 1.28) there is no annotation; v1beta2 names
        // the shares `assured`.
        assert_eq!(
            conv(plc("v1beta3", json!(0), None), "v1beta3", "v1beta2"),
            plc("v1beta2", json!(0), None)
        );
        assert_eq!(
            conv(plc("v1beta2", json!(5), None), "v1beta2", "v1beta3"),
            plc("v1beta3", json!(5), None)
        );
    }

    #[test]
    fn other_pairs_are_not_emulated() {
        let hpa = node(json!({"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler"}));
        let e = builtin(
            &hpa,
            "HorizontalPodAutoscaler",
            ("autoscaling", "v2"),
            ("autoscaling", "v1"),
        )
        .unwrap_err();
        assert_eq!(
            e,
            "it selects the object through autoscaling/v1, and the conversion from autoscaling/v2 HorizontalPodAutoscaler to it is not emulated"
        );
    }
}
