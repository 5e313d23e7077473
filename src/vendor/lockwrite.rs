//! `crdlint.lock`, version 1: what `crdlint vendor` resolved, for committing. The format is a
//! contract with the commands that read the vendored files (keys in a fixed order, sources and
//! CRDs sorted by name, strings quoted only when YAML needs it, LF, a final newline), so the
//! same inputs always write the same bytes. Paths are relative to the lock's folder.

use std::fmt::Write as _;

use super::Resolved;
use crate::yaml::{self, emit::emit_flow_key, Node};

/// The lock's file name, beside the config file.
pub const FILE_NAME: &str = "crdlint.lock";
/// The vendor folder, relative to the lock's folder: `<VENDOR_DIR>/<source>/<crd>.yaml`.
pub const VENDOR_DIR: &str = ".crdlint/vendor";
/// The source types a lock may name.
pub const TYPES: &[&str] = &["url", "git", "helm", "oci", "path", "stdin"];
const HEADER: &str = "# crdlint.lock: written by `crdlint vendor`; commit it. Do not edit by hand.";

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lock {
    pub sources: Vec<LockedSource>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LockedSource {
    pub name: String,
    pub declaration: String,
    /// `url`, `git`, `helm`, `oci`, `path` or `stdin`.
    pub kind: String,
    pub url: Option<String>,
    pub commit: Option<String>,
    pub digest: Option<String>,
    pub chart_version: Option<String>,
    pub sha256: String,
    pub crds: Vec<LockedCrd>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LockedCrd {
    pub name: String,
    pub group: String,
    pub kinds: Vec<String>,
    pub served: Vec<String>,
    pub storage: String,
    /// The vendored file, relative to the lock's folder, `/`-separated.
    pub file: String,
    pub sha256: String,
}

/// The vendored file of a CRD of a source, relative to the lock's folder.
pub fn file_of(source: &str, crd: &str) -> String {
    format!("{VENDOR_DIR}/{source}/{crd}.yaml")
}

impl LockedSource {
    /// What the lock says of a resolved source.
    pub fn from_resolved(r: &Resolved) -> LockedSource {
        LockedSource {
            name: r.name.clone(),
            declaration: r.declaration.clone(),
            kind: r.kind.to_string(),
            url: r.url.clone(),
            commit: r.commit.clone(),
            digest: r.digest.clone(),
            chart_version: r.chart_version.clone(),
            sha256: r.sha256.clone(),
            crds: r
                .crds
                .iter()
                .map(|c| LockedCrd {
                    name: c.name.clone(),
                    group: c.group.clone(),
                    kinds: vec![c.kind.clone()],
                    served: c.served.clone(),
                    storage: c.storage.clone(),
                    file: file_of(&r.name, &c.name),
                    sha256: super::sha256_hex(&c.bytes),
                })
                .collect(),
        }
    }
}

impl Lock {
    /// The lock's text.
    pub fn write(&self) -> String {
        let mut sources: Vec<&LockedSource> = self.sources.iter().collect();
        sources.sort_by(|a, b| a.name.cmp(&b.name));
        let mut out = format!("{HEADER}\nversion: 1\n");
        if sources.is_empty() {
            out.push_str("sources: []\n");
            return out;
        }
        out.push_str("sources:\n");
        for s in sources {
            let _ = writeln!(out, "  - name: {}", q(&s.name));
            let _ = writeln!(out, "    declaration: {}", q(&s.declaration));
            let _ = writeln!(out, "    type: {}", q(&s.kind));
            let optional = [
                ("url", &s.url),
                ("commit", &s.commit),
                ("digest", &s.digest),
                ("chartVersion", &s.chart_version),
            ];
            for (key, value) in optional {
                if let Some(v) = value {
                    let _ = writeln!(out, "    {key}: {}", q(v));
                }
            }
            let _ = writeln!(out, "    sha256: {}", q(&s.sha256));
            let mut crds: Vec<&LockedCrd> = s.crds.iter().collect();
            crds.sort_by(|a, b| a.name.cmp(&b.name));
            if crds.is_empty() {
                out.push_str("    crds: []\n");
                continue;
            }
            out.push_str("    crds:\n");
            for c in crds {
                let _ = writeln!(out, "      - name: {}", q(&c.name));
                let _ = writeln!(out, "        group: {}", q(&c.group));
                let _ = writeln!(out, "        kinds: {}", list(&c.kinds));
                let _ = writeln!(out, "        served: {}", list(&c.served));
                let _ = writeln!(out, "        storage: {}", q(&c.storage));
                let _ = writeln!(out, "        file: {}", q(&c.file));
                let _ = writeln!(out, "        sha256: {}", q(&c.sha256));
            }
        }
        out
    }

    /// Reads a lock's text; any other version or shape is an error.
    pub fn read(text: &str) -> Result<Lock, String> {
        let docs = yaml::load(text);
        if let Some(e) = docs.iter().flat_map(|d| &d.errors).next() {
            return Err(format!("not valid YAML: {}", e.message));
        }
        let root = docs
            .iter()
            .find_map(|d| d.root.as_ref())
            .ok_or("the lock is empty")?;
        if root.get("version").and_then(Node::as_i64) != Some(1) {
            return Err("unsupported lock version: only `version: 1` exists".into());
        }
        let mut lock = Lock::default();
        let sources = root
            .get("sources")
            .and_then(Node::as_seq)
            .ok_or("`sources` is not a list")?;
        for s in sources {
            let name = text_of(s, "name")?;
            let at = |k: &str| -> Result<String, String> {
                text_of(s, k).map_err(|e| format!("source `{name}`: {e}"))
            };
            let mut src = LockedSource {
                name: name.clone(),
                declaration: at("declaration")?,
                kind: at("type").and_then(|t| {
                    TYPES
                        .contains(&t.as_str())
                        .then_some(t.clone())
                        .ok_or_else(|| {
                            format!("source `{name}`: unknown type `{t}` ({})", TYPES.join(", "))
                        })
                })?,
                url: s.get_str("url").map(str::to_string),
                commit: s.get_str("commit").map(str::to_string),
                digest: s.get_str("digest").map(str::to_string),
                chart_version: s.get_str("chartVersion").map(str::to_string),
                sha256: at("sha256")?,
                crds: Vec::new(),
            };
            for c in s.get("crds").and_then(Node::as_seq).unwrap_or(&[]) {
                let strs = |k: &str| -> Vec<String> {
                    c.get(k)
                        .and_then(Node::as_seq)
                        .unwrap_or(&[])
                        .iter()
                        .filter_map(|n| n.as_str().map(str::to_string))
                        .collect()
                };
                src.crds.push(LockedCrd {
                    name: at_crd(c, "name", &name)?,
                    group: at_crd(c, "group", &name)?,
                    kinds: strs("kinds"),
                    served: strs("served"),
                    storage: c.get_str("storage").unwrap_or("").to_string(),
                    file: at_crd(c, "file", &name)?,
                    sha256: at_crd(c, "sha256", &name)?,
                });
            }
            lock.sources.push(src);
        }
        Ok(lock)
    }

    pub fn source(&self, name: &str) -> Option<&LockedSource> {
        self.sources.iter().find(|s| s.name == name)
    }
}

fn text_of(n: &Node, key: &str) -> Result<String, String> {
    n.get_str(key)
        .map(str::to_string)
        .ok_or_else(|| format!("`{key}` is missing or not a string"))
}

fn at_crd(n: &Node, key: &str, source: &str) -> Result<String, String> {
    text_of(n, key).map_err(|e| format!("source `{source}`, a CRD: {e}"))
}

/// A string, quoted only when plain YAML would read it as something else.
fn q(s: &str) -> String {
    emit_flow_key(s)
}

fn list(items: &[String]) -> String {
    let mut sorted: Vec<&String> = items.iter().collect();
    sorted.sort();
    let parts: Vec<String> = sorted.iter().map(|s| q(s)).collect();
    format!("[{}]", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Lock {
        Lock {
            sources: vec![
                LockedSource {
                    name: "zeta".into(),
                    declaration: "sha256:ab".into(),
                    kind: "helm".into(),
                    url: Some("https://charts.example.com/zeta-1.0.tgz".into()),
                    chart_version: Some("1.0".into()),
                    sha256: "0123".into(),
                    ..Default::default()
                },
                LockedSource {
                    name: "alpha".into(),
                    declaration: "sha256:cd".into(),
                    kind: "git".into(),
                    url: Some("../repo".into()),
                    commit: Some("a".repeat(40)),
                    sha256: "ff".into(),
                    crds: vec![LockedCrd {
                        name: "b.example.com".into(),
                        group: "example.com".into(),
                        kinds: vec!["B".into()],
                        served: vec!["v2".into(), "v1".into()],
                        storage: "v2".into(),
                        file: file_of("alpha", "b.example.com"),
                        sha256: "ee".into(),
                    }],
                    ..Default::default()
                },
            ],
        }
    }

    #[test]
    fn the_lock_is_written_in_the_contracts_order_and_reads_back() {
        let text = sample().write();
        let expected_start = format!(
            "{HEADER}\nversion: 1\nsources:\n  - name: alpha\n    declaration: sha256:cd\n    type: git\n    url: ../repo\n    commit: {}\n    sha256: ff\n    crds:\n      - name: b.example.com\n        group: example.com\n        kinds: [B]\n        served: [v1, v2]\n        storage: v2\n        file: .crdlint/vendor/alpha/b.example.com.yaml\n        sha256: ee\n  - name: zeta\n",
            "a".repeat(40)
        );
        assert!(text.starts_with(&expected_start), "{text}");
        // A version YAML would read as a number, and a hex digest of digits only, are quoted.
        assert!(
            text.contains("    chartVersion: \"1.0\"\n    sha256: \"0123\"\n"),
            "{text}"
        );
        let back = Lock::read(&text).expect("reads");
        assert_eq!(
            back.source("zeta").and_then(|s| s.chart_version.as_deref()),
            Some("1.0")
        );
        assert_eq!(
            back.source("alpha").map(|s| s.crds[0].served.clone()),
            Some(vec!["v1".to_string(), "v2".to_string()])
        );
        assert_eq!(Lock::read(&text).expect("reads").write(), text);
        let odd = text.replace("type: git", "type: svn");
        assert!(Lock::read(&odd).unwrap_err().contains("unknown type `svn`"));
    }
}
