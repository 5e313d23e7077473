//! Kubernetes vocabulary that every check shares, each piece reproducing an apimachinery /
//! client-go / apiextensions behaviour with the server's exact texts:
//!
//! * [`path`] — [`FieldPath`], error paths printed like `field.Path` (`spec.versions[0]`).
//! * [`field`] — [`FieldError`], `field.Error` bodies and the Go value renderings they embed
//!   (`%q`, `%v` floats, `encoding/json`), plus `ErrorList` aggregation.
//! * [`names`] — DNS-1123/1035 labels and subdomains, qualified names, label values, path
//!   segments, `generateName` masking.
//! * [`version`] — version-name priority (`CompareKubeAwareVersionStrings`).
//! * [`fieldpath`] — `ValidFieldPath` for `x-kubernetes-validations[].fieldPath` and
//!   selectable fields, resolved against any [`fieldpath::PathSchema`].
//! * [`jsonpath`] — the client-go JSONPath parser used for printer columns.
//! * [`quantity`] — `resource.Quantity` parsing, comparison and arithmetic.
//! * [`behavior`] — every behaviour that changed between the supported minors, in one table,
//!   and [`Behavior`], the behaviours of one minor.
//! * [`KubeVersion`] — the emulated Kubernetes minor and its compatibility version.

pub mod behavior;
pub mod field;
pub mod fieldpath;
pub mod gofloat;
pub mod gojson;
pub mod jsonpath;
pub mod locate;
pub mod names;
pub mod path;
pub mod quantity;
pub mod version;
pub use behavior::Behavior;
pub use field::{BadValue, ErrorType, FieldError};
pub use path::FieldPath;

/// An `apiVersion`'s group and version (`apps/v1` → `("apps", "v1")`; the core group's `v1` →
/// `("", "v1")`), split at the last `/` as `schema.ParseGroupVersion` does for the forms the
/// server accepts. A byte loop: `rsplit_once` set up a char searcher per call, asked once or
/// more per resource (about 200 instructions each).
#[inline]
pub fn split_api_version(api_version: &str) -> (&str, &str) {
    match api_version.bytes().rposition(|b| b == b'/') {
        Some(i) => (&api_version[..i], &api_version[i + 1..]),
        None => ("", api_version),
    }
}

/// The Kubernetes minor version being emulated (`--kube-version 1.X`). Only the minor matters:
/// every CEL library and validation change we track was gated on a minor release.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct KubeVersion {
    pub minor: u32,
}

impl KubeVersion {
    /// The oldest version crdlint emulates.
    pub const OLDEST: KubeVersion = KubeVersion { minor: 25 };
    /// The newest version crdlint emulates, and the default.
    pub const NEWEST: KubeVersion = KubeVersion { minor: 37 };

    /// Parses `1.30` (or `v1.30`, `1.30.2`).
    pub fn parse(s: &str) -> Result<KubeVersion, String> {
        let t = s.trim().trim_start_matches('v');
        let mut parts = t.split('.');
        let major = parts.next().unwrap_or("");
        let minor = parts.next().unwrap_or("");
        let ok = major == "1" && !minor.is_empty() && minor.bytes().all(|b| b.is_ascii_digit());
        let minor: u32 = if ok {
            minor
                .parse()
                .map_err(|_| format!("invalid Kubernetes version {s:?}"))?
        } else {
            return Err(format!(
                "invalid Kubernetes version {s:?}: expected 1.<minor>, e.g. 1.{}",
                Self::NEWEST.minor
            ));
        };
        let v = KubeVersion { minor };
        if v < Self::OLDEST || v > Self::NEWEST {
            return Err(format!(
                "Kubernetes 1.{minor} is not supported: crdlint emulates 1.{} to 1.{}",
                Self::OLDEST.minor,
                Self::NEWEST.minor
            ));
        }
        Ok(v)
    }
}

impl KubeVersion {
    /// `DefaultCompatibilityVersion()`: the version whose feature set a server of this version
    /// applies to *new* CRD content (binary minor − 1) — the CEL libraries available to new
    /// rules and the recognised string formats.
    pub fn compatibility_version(self) -> KubeVersion {
        KubeVersion {
            minor: self.minor.saturating_sub(1),
        }
    }
}

impl KubeVersion {
    /// Every supported minor, oldest first: the version list each per-minor table must cover
    /// (`behavior::MINORS`, the built-in bundle; tests check both).
    pub fn all() -> impl Iterator<Item = KubeVersion> {
        (Self::OLDEST.minor..=Self::NEWEST.minor).map(|minor| KubeVersion { minor })
    }
}

impl Default for KubeVersion {
    fn default() -> Self {
        Self::NEWEST
    }
}

impl std::fmt::Display for KubeVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "1.{}", self.minor)
    }
}

#[cfg(test)]
mod split_tests {
    use super::split_api_version;

    /// Split at the last `/` (as `rsplit_once('/')` would), the core group's version alone.
    #[test]
    fn an_api_version_splits_at_its_last_slash() {
        for av in ["apps/v1", "v1", "", "/", "a/b/c", "example.com/", "/v1"] {
            let want = av.rsplit_once('/').unwrap_or(("", av));
            assert_eq!(split_api_version(av), want, "{av:?}");
        }
    }
}
