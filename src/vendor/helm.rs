//! Helm charts: a chart repository's `index.yaml` names the archive of a chart version, and
//! the archive's `crds/` folders (the chart's and its unpacked subcharts', as `helm show crds`)
//! hold the CRDs. Templates are never rendered: a CRD in `templates/` is not taken, and the
//! user is told how many files there looked like one.

use std::io::Read;

use super::extract::{self, Crd};
use super::http::{Client, MAX_BYTES};
use crate::yaml::{self, Node};

/// A chart's archive and its CRDs.
pub struct Chart {
    /// Where the archive was downloaded from.
    pub url: String,
    /// The chart's version (`Chart.yaml`, else the version asked for).
    pub version: String,
    pub archive: Vec<u8>,
    pub crds: Vec<Crd>,
    pub notes: Vec<String>,
}

/// `chart` at `version` from the chart repository at `repo`.
pub fn from_repository(
    http: &Client,
    repo: &str,
    chart: &str,
    version: &str,
) -> Result<Chart, String> {
    let base = repo.trim_end_matches('/');
    let index_url = format!("{base}/index.yaml");
    let index = http.get(&index_url)?;
    let mut notes: Vec<String> = index.warning.into_iter().collect();
    let text =
        std::str::from_utf8(&index.bytes).map_err(|_| format!("{index_url}: not UTF-8 text"))?;
    let docs = yaml::load(text);
    let root = docs
        .iter()
        .find_map(|d| d.root.as_ref())
        .ok_or_else(|| format!("{index_url}: not a chart repository index (no YAML document)"))?;
    let entries = root
        .at(&["entries", chart])
        .and_then(Node::as_seq)
        .ok_or_else(|| format!("{index_url}: the repository has no chart `{chart}`"))?;
    // An exact version as written; else a range (`~1.2`), its highest matching release.
    let versions: Vec<String> = entries
        .iter()
        .map(|e| scalar(e.get("version")).unwrap_or_default())
        .collect();
    let wanted = if versions.iter().any(|v| v == version) {
        Some(version)
    } else if super::range::is_range(version) {
        super::range::highest(version, versions.iter().map(String::as_str))
    } else {
        None
    };
    let entry =
        wanted
            .and_then(|w| entries.iter().zip(&versions).find(|(_, v)| v.as_str() == w))
            .map(|(e, _)| e)
            .ok_or_else(|| {
                let known: Vec<String> = entries
                    .iter()
                    .filter_map(|e| scalar(e.get("version")))
                    .take(5)
                    .collect();
                format!(
                "{index_url}: chart `{chart}` has no version {version}{} (the index lists {}{})",
                if super::range::is_range(version) { " (no release in that range)" } else { "" },
                known.join(", "),
                if entries.len() > known.len() {
                    ", …"
                } else {
                    ""
                }
            )
            })?;
    let first = entry
        .get("urls")
        .and_then(Node::as_seq)
        .and_then(|u| u.first())
        .and_then(Node::as_str)
        .ok_or_else(|| format!("{index_url}: {chart} {version} lists no archive URL"))?;
    let url = if first.contains("://") {
        first.to_string()
    } else {
        format!("{base}/{}", first.trim_start_matches("./"))
    };
    let archive = http.get(&url)?;
    notes.extend(archive.warning);
    if let Some(want) = entry.get_str("digest").filter(|d| !d.is_empty()) {
        let got = super::sha256_hex(&archive.bytes);
        if !got.eq_ignore_ascii_case(want.trim_start_matches("sha256:")) {
            return Err(format!(
                "{url}: the archive's sha256 is {got}, the index says {want}"
            ));
        }
    }
    let read = read_chart(&archive.bytes, &url)?;
    notes.extend(read.notes);
    Ok(Chart {
        url,
        version: read
            .version
            .or_else(|| scalar(entry.get("version")))
            .unwrap_or_else(|| version.to_string()),
        archive: archive.bytes,
        crds: read.crds,
        notes,
    })
}

fn scalar(n: Option<&Node>) -> Option<String> {
    let n = n?;
    n.as_str().map(str::to_string).or_else(|| {
        n.as_i64()
            .map(|i| i.to_string())
            .or_else(|| n.as_f64().map(|f| f.to_string()))
    })
}

/// What a chart archive holds for vendoring.
pub struct ChartFiles {
    pub version: Option<String>,
    pub crds: Vec<Crd>,
    pub notes: Vec<String>,
}

/// Reads a chart archive (`.tgz`) in memory: the CRDs of its `crds/` folders, its version, and
/// how many template files looked like CRDs (not taken).
pub fn read_chart(archive: &[u8], origin: &str) -> Result<ChartFiles, String> {
    let gz = flate2::read::GzDecoder::new(archive);
    // The unpacked size is capped as a download is: a small archive can unpack to a lot.
    let mut tar = tar::Archive::new(gz.take(4 * MAX_BYTES));
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let entries = tar
        .entries()
        .map_err(|e| format!("{origin}: not a chart archive (.tgz): {e}"))?;
    for entry in entries {
        let mut entry = entry.map_err(|e| format!("{origin}: not a chart archive (.tgz): {e}"))?;
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let path = entry
            .path()
            .map_err(|e| format!("{origin}: a bad path in the archive: {e}"))?
            .to_string_lossy()
            .replace('\\', "/");
        let mut bytes = Vec::new();
        entry
            .by_ref()
            .take(MAX_BYTES)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("{origin}: {path}: {e}"))?;
        files.push((path, bytes));
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = ChartFiles {
        version: None,
        crds: Vec::new(),
        notes: Vec::new(),
    };
    let mut templated = 0usize;
    for (path, bytes) in &files {
        let parts: Vec<&str> = path.split('/').collect();
        // `<chart>/Chart.yaml`, `<chart>/crds/**`, `<chart>/charts/<sub>/crds/**`,
        // `<chart>/templates/**`.
        match parts.as_slice() {
            [_, "Chart.yaml"] => {
                let text = String::from_utf8_lossy(bytes);
                out.version = yaml::load(&text)
                    .first()
                    .and_then(|d| d.root.as_ref())
                    .and_then(|r| scalar(r.get("version")));
            }
            [_, "crds", .., file] | [_, "charts", _, "crds", .., file]
                if extract::is_manifest_name(file) =>
            {
                let (crds, notes) = extract::from_file(bytes, &format!("{origin}!{path}"))?;
                out.crds.extend(crds);
                out.notes.extend(notes);
            }
            [_, "templates", ..] | [_, "charts", _, "templates", ..]
                if memchr::memmem::find(bytes, b"CustomResourceDefinition").is_some() =>
            {
                templated += 1;
            }
            _ => {}
        }
    }
    if templated > 0 {
        out.notes.push(format!(
            "{origin}: {templated} template file{} mention{} CustomResourceDefinition: \
             templates are not rendered, so only the chart's crds/ folder is taken (as \
             `helm show crds`)",
            if templated == 1 { "" } else { "s" },
            if templated == 1 { "s" } else { "" }
        ));
    }
    Ok(out)
}
