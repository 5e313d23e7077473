//! Kubernetes version-name priority (apimachinery `pkg/version/helpers.go`,
//! `CompareKubeAwareVersionStrings`): how the server orders CRD versions for discovery, and
//! which version a deprecation warning recommends.
//!
//! Kube-like names (`v1`, `v2beta3`, `v1alpha1`) sort before everything else: GA before beta
//! before alpha, then by major, then by the alpha/beta number, all descending. Other names sort
//! among themselves in *reverse* lexicographic order — so `foo1` outranks `foo10`.

use std::cmp::Ordering;

/// The stability level of a kube-like version name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stability {
    Alpha = 0,
    Beta = 1,
    Ga = 2,
}

/// A parsed kube-like version name: `v<major>[(alpha|beta)<minor>]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KubeVersionName {
    pub major: u64,
    pub stability: Stability,
    /// The alpha/beta number; 0 for GA.
    pub minor: u64,
}

/// `parseKubeVersion`: `^v(\d+)(?:(alpha|beta)(\d+))?$`, ASCII digits. Numbers too large for
/// the Go `strconv.Atoi` (int64) make the name not kube-like.
pub fn parse_kube_version(v: &str) -> Option<KubeVersionName> {
    let rest = v.strip_prefix('v')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let major = parse_int(&rest[..digits])?;
    let tail = &rest[digits..];
    if tail.is_empty() {
        return Some(KubeVersionName {
            major,
            stability: Stability::Ga,
            minor: 0,
        });
    }
    let (stability, num) = if let Some(n) = tail.strip_prefix("alpha") {
        (Stability::Alpha, n)
    } else if let Some(n) = tail.strip_prefix("beta") {
        (Stability::Beta, n)
    } else {
        return None;
    };
    if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(KubeVersionName {
        major,
        stability,
        minor: parse_int(num)?,
    })
}

/// Go `strconv.Atoi` on a string of ASCII digits: fails above `i64::MAX`.
fn parse_int(s: &str) -> Option<u64> {
    s.parse::<i64>().ok().and_then(|i| u64::try_from(i).ok())
}

/// `CompareKubeAwareVersionStrings(v1, v2)`: `Greater` means `v1` has the higher priority.
pub fn compare_kube_aware_version_strings(v1: &str, v2: &str) -> Ordering {
    if v1 == v2 {
        return Ordering::Equal;
    }
    match (parse_kube_version(v1), parse_kube_version(v2)) {
        // Neither is kube-like: reverse lexicographic (`strings.Compare(v2, v1)`).
        (None, None) => v2.as_bytes().cmp(v1.as_bytes()),
        (Some(_), None) => Ordering::Greater,
        (None, Some(_)) => Ordering::Less,
        (Some(a), Some(b)) => a
            .stability
            .cmp(&b.stability)
            .then(a.major.cmp(&b.major))
            .then(a.minor.cmp(&b.minor)),
    }
}

/// Sorts version names from highest to lowest priority (stable for equal names).
pub fn sort_by_priority<T, F>(items: &mut [T], name: F)
where
    F: Fn(&T) -> &str,
{
    items.sort_by(|a, b| compare_kube_aware_version_strings(name(b), name(a)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_like_the_docs() {
        let mut v = vec![
            "foo10",
            "v11alpha2",
            "v1",
            "v12alpha1",
            "v3beta1",
            "foo1",
            "v2",
            "v10beta3",
            "v11beta2",
            "v10",
        ];
        sort_by_priority(&mut v, |s| s);
        assert_eq!(
            v,
            [
                "v10",
                "v2",
                "v1",
                "v11beta2",
                "v10beta3",
                "v3beta1",
                "v12alpha1",
                "v11alpha2",
                "foo1",
                "foo10"
            ]
        );
    }

    #[test]
    fn parse_edges() {
        assert_eq!(parse_kube_version("v1.1"), None);
        assert_eq!(parse_kube_version("v1alpha"), None);
        assert_eq!(parse_kube_version("V1"), None);
        assert_eq!(parse_kube_version("v99999999999999999999"), None);
        assert_eq!(
            parse_kube_version("v2beta10"),
            Some(KubeVersionName {
                major: 2,
                stability: Stability::Beta,
                minor: 10
            })
        );
    }
}
