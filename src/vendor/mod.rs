//! CRDs from outside the repository (issue 30): *declare* (the config's `vendor:` entries, read
//! into [`Declaration`]s by `cli::config`), *resolve* (each source fetched and its CRDs taken
//! out, [`resolve`]) and *materialize* (the CRDs' original bytes written under
//! `.crdlint/vendor/<source>/<crd>.yaml` with `crdlint.lock` beside the config,
//! [`materialize`]). The lock's format is a contract with its readers (`LOCKFORMAT`: see
//! [`lock`]).
//!
//! Only this module touches the network, and only `crdlint vendor` calls it: `check` and the
//! other commands read the vendored files and never fetch.
//!
//! - [`extract`]: the CRDs of a file (documents, `List`s), each with its original bytes.
//! - [`http`]: the one HTTP client (system roots, proxies, timeouts, retries, size cap).
//! - [`git`], [`helm`], [`oci`]: the remote source kinds; `url`, `path` and `stdin` are here;
//!   [`range`]: chart version ranges (`~1.2`), which `--update` moves.
//! - [`lock`]: the lock file, one set of types for both sides: written deterministically by
//!   `crdlint vendor`, and read ([`lock::parse`], a span on every mistake) by `crdlint vendor`
//!   for its previous lock and by the runs that use the vendored files.
//! - [`materialize`]: the new vendor folder and lock put in place whole, or not at all.

use std::fmt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

pub mod extract;
pub mod git;
pub mod helm;
pub mod http;
pub mod lock;
pub mod materialize;
pub mod oci;
pub mod range;

pub use extract::Crd;
pub use lock::SourceType;

/// Where a source's CRDs come from, as declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file at a URL, pinned by the sha256 of its bytes.
    Url { url: String, sha256: String },
    /// Files of a git repository at a tag, branch or commit, chosen by globs.
    Git {
        repo: String,
        reference: String,
        paths: Vec<String>,
    },
    /// A chart of a Helm chart repository (its `index.yaml`): the chart's `crds/` folder.
    Helm {
        repo: String,
        chart: String,
        version: String,
    },
    /// A Helm chart in an OCI registry (`oci://host/repository`), at a tag.
    Oci { reference: String, version: String },
    /// A local file or folder, relative to the config file's directory.
    Path { path: String },
    /// Standard input, as given to `crdlint vendor add NAME -` (never declared in the config).
    Stdin,
}

impl Source {
    /// The source's type as the lock names it.
    pub fn kind(&self) -> SourceType {
        match self {
            Source::Url { .. } => SourceType::Url,
            Source::Git { .. } => SourceType::Git,
            Source::Helm { .. } => SourceType::Helm,
            Source::Oci { .. } => SourceType::Oci,
            Source::Path { .. } => SourceType::Path,
            Source::Stdin => SourceType::Stdin,
        }
    }
}

/// One `vendor:` entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    pub name: String,
    pub source: Source,
    /// Its CRDs win over another source's of the same name (else that is an error).
    pub overrides: bool,
}

impl Declaration {
    /// The entry as canonical JSON: its keys as written in the config, sorted, with compact
    /// separators. Its sha256 is the lock's `declaration`, so any edit of the entry (a new
    /// version, another path) makes the source stale, and nothing else does.
    pub fn canonical_json(&self) -> String {
        use serde_json::Value;
        let mut keys: std::collections::BTreeMap<&str, Value> = Default::default();
        keys.insert("name", Value::from(self.name.as_str()));
        if self.overrides {
            keys.insert("override", Value::Bool(true));
        }
        match &self.source {
            Source::Url { url, sha256 } => {
                keys.insert("url", url.as_str().into());
                keys.insert("sha256", sha256.as_str().into());
            }
            Source::Git {
                repo,
                reference,
                paths,
            } => {
                keys.insert("git", repo.as_str().into());
                keys.insert("ref", reference.as_str().into());
                keys.insert("paths", paths.clone().into());
            }
            Source::Helm {
                repo,
                chart,
                version,
            } => {
                keys.insert("helm", repo.as_str().into());
                keys.insert("chart", chart.as_str().into());
                keys.insert("version", version.as_str().into());
            }
            Source::Oci { reference, version } => {
                keys.insert("helm", reference.as_str().into());
                keys.insert("version", version.as_str().into());
            }
            Source::Path { path } => {
                keys.insert("path", path.as_str().into());
            }
            Source::Stdin => {
                keys.insert("stdin", Value::Bool(true));
            }
        }
        // serde_json keeps insertion order (`preserve_order`): the BTreeMap's is sorted.
        let map: serde_json::Map<String, Value> =
            keys.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        Value::Object(map).to_string()
    }

    /// `sha256:<hex>` of [`Declaration::canonical_json`].
    pub fn digest(&self) -> String {
        format!("sha256:{}", sha256_hex(self.canonical_json().as_bytes()))
    }
}

/// Whether a source name can name its folder: letters, digits, `.`, `_` and `-`, not starting
/// with `.`.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

/// The lowercase hex sha256 of `bytes` (the `sha2` crate's): every digest a lock records.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for b in digest {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// Why a source could not be resolved: which source, and what went wrong (the URL and what the
/// server said, when there was a server).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub source: String,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "vendor source `{}`: {}", self.source, self.message)
    }
}

/// A source, fetched: what the lock records about it and its CRDs.
#[derive(Clone, Debug)]
pub struct Resolved {
    pub name: String,
    pub declaration: String,
    pub kind: SourceType,
    /// The resolved URL (url/helm/oci), the repository address (git) or the path as declared.
    pub url: Option<String>,
    pub commit: Option<String>,
    pub digest: Option<String>,
    pub chart_version: Option<String>,
    /// sha256 of the fetched bytes (the file or archive; for git, path and stdin, of the CRD
    /// files concatenated in the lock's order).
    pub sha256: String,
    /// The CRDs, sorted by name.
    pub crds: Vec<Crd>,
    /// What the user should know (documents left out, templates not read, plain HTTP).
    pub notes: Vec<String>,
}

/// What resolving needs from around it.
pub struct Context<'a> {
    /// The config file's directory: `path:` sources are relative to it.
    pub base: &'a Path,
    pub http: &'a http::Client,
}

/// Fetches a declared source and takes its CRDs out (never for [`Source::Stdin`], whose bytes
/// only `vendor add` has: [`from_bytes`]).
pub fn resolve(decl: &Declaration, cx: &Context<'_>) -> Result<Resolved, Error> {
    let fail = |message: String| Error {
        source: decl.name.clone(),
        message,
    };
    let mut r = Resolved {
        name: decl.name.clone(),
        declaration: decl.digest(),
        kind: decl.source.kind(),
        url: None,
        commit: None,
        digest: None,
        chart_version: None,
        sha256: String::new(),
        crds: Vec::new(),
        notes: Vec::new(),
    };
    match &decl.source {
        Source::Url { url, sha256 } => {
            let fetched = cx.http.get(url).map_err(fail)?;
            r.notes.extend(fetched.warning);
            let got = sha256_hex(&fetched.bytes);
            if !got.eq_ignore_ascii_case(sha256) {
                return Err(fail(format!(
                    "{url}: the bytes' sha256 is {got}, the config pins {sha256} (a changed \
                     release, or a new one: update `sha256` once you trust it)"
                )));
            }
            let (crds, notes) = extract::from_file(&fetched.bytes, url).map_err(fail)?;
            r.notes.extend(notes);
            r.url = Some(url.clone());
            r.sha256 = got;
            r.crds = crds;
        }
        Source::Git {
            repo,
            reference,
            paths,
        } => {
            let files = git::files(repo, reference, paths, cx.base).map_err(fail)?;
            r.url = Some(repo.clone());
            r.commit = Some(files.commit);
            for (path, bytes) in &files.files {
                let (crds, notes) = extract::from_file(bytes, path).map_err(fail)?;
                r.crds.extend(crds);
                r.notes.extend(notes);
            }
            if files.files.is_empty() {
                return Err(fail(format!(
                    "no file of {repo} at {reference} matches {}",
                    paths.join(", ")
                )));
            }
        }
        Source::Helm {
            repo,
            chart,
            version,
        } => {
            let got = helm::from_repository(cx.http, repo, chart, version).map_err(fail)?;
            r.url = Some(got.url);
            r.chart_version = Some(got.version);
            r.sha256 = sha256_hex(&got.archive);
            r.notes.extend(got.notes);
            r.crds = got.crds;
        }
        Source::Oci { reference, version } => {
            let got = oci::chart(cx.http, reference, version).map_err(fail)?;
            r.url = Some(got.url);
            r.digest = Some(got.manifest_digest);
            r.chart_version = Some(got.chart.version);
            r.sha256 = sha256_hex(&got.chart.archive);
            r.notes.extend(got.chart.notes);
            r.crds = got.chart.crds;
        }
        Source::Path { path } => {
            r.url = Some(path.clone());
            for (name, bytes) in local_files(&cx.base.join(path)).map_err(fail)? {
                let (crds, notes) = extract::from_file(&bytes, &name).map_err(fail)?;
                r.crds.extend(crds);
                r.notes.extend(notes);
            }
        }
        Source::Stdin => {
            return Err(fail(
                "standard input is read only by `crdlint vendor add NAME -`".into(),
            ))
        }
    }
    finish(r).map_err(fail)
}

/// A `stdin` source: the CRDs of `bytes` (`kubectl get crd -o yaml`, a `List`, or documents).
pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<Resolved, Error> {
    let decl = Declaration {
        name: name.to_string(),
        source: Source::Stdin,
        overrides: false,
    };
    let fail = |message: String| Error {
        source: name.to_string(),
        message,
    };
    let (crds, notes) = extract::from_file(bytes, "standard input").map_err(fail)?;
    finish(Resolved {
        name: name.to_string(),
        declaration: decl.digest(),
        kind: SourceType::Stdin,
        url: None,
        commit: None,
        digest: None,
        chart_version: None,
        sha256: String::new(),
        crds,
        notes,
    })
    .map_err(fail)
}

/// Sorts the CRDs, refuses a source with none or with one name twice, and hashes the CRDs'
/// bytes for the sources that have no single fetched file.
fn finish(mut r: Resolved) -> Result<Resolved, String> {
    if r.crds.is_empty() {
        return Err(format!(
            "no CustomResourceDefinition found{}",
            match &r.url {
                Some(u) => format!(" in {u}"),
                None => String::new(),
            }
        ));
    }
    r.crds.sort_by(|a, b| a.name.cmp(&b.name));
    if let Some(w) = r.crds.windows(2).find(|w| w[0].name == w[1].name) {
        return Err(format!(
            "the CRD {} is defined twice ({} and {})",
            w[0].name, w[0].origin, w[1].origin
        ));
    }
    if r.sha256.is_empty() {
        let all: Vec<u8> = r
            .crds
            .iter()
            .flat_map(|c| c.bytes.iter().copied())
            .collect();
        r.sha256 = sha256_hex(&all);
    }
    Ok(r)
}

/// The YAML and JSON files of a local `path:` source: the file, or every such file under the
/// folder (hidden entries skipped), by path; names relative to `root`'s parent for messages.
fn local_files(root: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    let meta = std::fs::metadata(root).map_err(|e| format!("{}: {e}", root.display()))?;
    if meta.is_file() {
        let bytes = read_capped(root)?;
        return Ok(vec![(display(root), bytes)]);
    }
    let mut found: Vec<PathBuf> = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
            let p = entry.path();
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            let ty = entry
                .file_type()
                .map_err(|e| format!("{}: {e}", p.display()))?;
            if ty.is_dir() {
                stack.push(p);
            } else if ty.is_file() && extract::is_manifest_name(&p.to_string_lossy()) {
                found.push(p);
            }
        }
    }
    found.sort();
    found
        .into_iter()
        .map(|p| Ok((display(&p), read_capped(&p)?)))
        .collect()
}

/// A path for messages: `/`-separated, without a leading `./`.
fn display(p: &Path) -> String {
    let s = p.to_string_lossy().replace('\\', "/");
    s.strip_prefix("./").unwrap_or(&s).to_string()
}

/// A local file's bytes, refused past [`http::MAX_BYTES`] as a download is.
fn read_capped(p: &Path) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(p).map_err(|e| format!("{}: {e}", p.display()))?;
    if meta.len() > http::MAX_BYTES {
        return Err(format!(
            "{}: {} bytes, over the {} MiB limit of a vendored file",
            p.display(),
            meta.len(),
            http::MAX_BYTES >> 20
        ));
    }
    std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))
}

/// Sources of several declarations that define one CRD name: an error naming both, unless one
/// of them `override`s (then the other's copy is left out, and said so).
pub fn merge_duplicates(
    resolved: &mut [Resolved],
    overrides: &dyn Fn(&str) -> bool,
) -> Result<Vec<String>, Vec<Error>> {
    let mut owner: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
    for (i, r) in resolved.iter().enumerate() {
        for c in &r.crds {
            owner.entry(c.name.clone()).or_default().push(i);
        }
    }
    let mut notes = Vec::new();
    let mut errors = Vec::new();
    let mut drop: Vec<(usize, String)> = Vec::new();
    for (crd, owners) in owner.into_iter().filter(|(_, o)| o.len() > 1) {
        let winners: Vec<usize> = owners
            .iter()
            .copied()
            .filter(|&i| overrides(&resolved[i].name))
            .collect();
        let names: Vec<String> = owners
            .iter()
            .map(|&i| format!("`{}`", resolved[i].name))
            .collect();
        if winners.len() != 1 {
            errors.push(Error {
                source: resolved[owners[0]].name.clone(),
                message: format!(
                    "the CRD {crd} comes from {}: keep it in one source, or set `override: true` \
                     on the one that wins{}",
                    names.join(" and "),
                    if winners.len() > 1 {
                        " (only one may)"
                    } else {
                        ""
                    }
                ),
            });
            continue;
        }
        for &i in owners.iter().filter(|&&i| i != winners[0]) {
            notes.push(format!(
                "{crd}: `{}` overrides `{}`'s copy",
                resolved[winners[0]].name, resolved[i].name
            ));
            drop.push((i, crd.clone()));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for (i, crd) in drop {
        resolved[i].crds.retain(|c| c.name != crd);
    }
    Ok(notes)
}

/// The host of an `http(s)://` or `oci://` address, without port or brackets.
pub(crate) fn host_of(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let authority = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    if let Some(v6) = authority.strip_prefix('[') {
        return v6.split(']').next().unwrap_or("");
    }
    authority.split(':').next().unwrap_or("")
}

/// Whether a host is this machine: `localhost`, `127.0.0.0/8` or `::1`.
pub(crate) fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    #[test]
    fn sha256_hex_is_the_fips_180_4_digest_in_lowercase_hex() {
        // FIPS 180-4, NIST CSRC "Example Algorithms": SHA-256 of `abc`.
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    use super::*;

    #[test]
    fn the_declaration_digest_reads_the_keys_sorted() {
        let d = Declaration {
            name: "flux".into(),
            source: Source::Git {
                repo: "https://github.com/fluxcd/flux2".into(),
                reference: "v2.4.0".into(),
                paths: vec!["manifests/crds/**/*.yaml".into()],
            },
            overrides: false,
        };
        assert_eq!(
            d.canonical_json(),
            r#"{"git":"https://github.com/fluxcd/flux2","name":"flux","paths":["manifests/crds/**/*.yaml"],"ref":"v2.4.0"}"#
        );
        let mut moved = d.clone();
        moved.source = Source::Git {
            repo: "https://github.com/fluxcd/flux2".into(),
            reference: "v2.4.1".into(),
            paths: vec!["manifests/crds/**/*.yaml".into()],
        };
        assert_ne!(d.digest(), moved.digest());
        assert!(d.digest().starts_with("sha256:") && d.digest().len() == 7 + 64);
    }

    #[test]
    fn hosts_and_loopback() {
        assert_eq!(host_of("https://user@example.com:8443/a?b"), "example.com");
        assert_eq!(host_of("http://[::1]:80/x"), "::1");
        assert_eq!(host_of("oci://127.0.0.1:5000/charts/x"), "127.0.0.1");
        assert!(is_loopback("127.0.0.9") && is_loopback("::1") && is_loopback("LOCALHOST"));
        assert!(!is_loopback("10.0.0.1") && !is_loopback("example.com"));
    }
}
