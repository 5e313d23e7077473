//! Finding a schema's property by name, as every walk over a resource does for every entry of
//! every object.

use crate::schema::Schema;

/// Up to this many properties a scan of the names (lengths compared first) finds a key in
/// fewer instructions than hashing it: most schema objects declare a few properties, and a
/// hashed lookup cost ~120 instructions (hash, probe, compare).
const SCAN: usize = 8;

/// The schema of property `key` of `s`.
#[inline]
pub(crate) fn property<'s>(s: &'s Schema, key: &str) -> Option<&'s Schema> {
    if s.properties.len() <= SCAN {
        s.properties
            .iter()
            .find_map(|(k, v)| (k.as_str() == key).then_some(v))
    } else {
        s.properties.get(key)
    }
}

/// Whether `s` declares property `key`.
#[inline]
pub(crate) fn has_property(s: &Schema, key: &str) -> bool {
    property(s, key).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::Node;

    #[test]
    fn finds_what_the_map_finds() {
        for n in [0, 1, 7, 8, 9, 30] {
            let props: serde_json::Map<String, serde_json::Value> = (0..n)
                .map(|i| (format!("p{i}"), serde_json::json!({"maxLength": i})))
                .collect();
            let s = Schema::from_node(&Node::from_json(&serde_json::json!({
                "properties": props
            })));
            for k in ["p0", "p7", "p8", "p29", "p", "p00", "", "q1"] {
                let want = s.properties.get(k).map(std::ptr::from_ref);
                assert_eq!(property(&s, k).map(std::ptr::from_ref), want, "{n} {k}");
                assert_eq!(has_property(&s, k), want.is_some());
            }
        }
    }
}
