//! Helm charts inside the repository (a folder with `Chart.yaml`), issue 30: Helm installs the
//! chart's `crds/` folder as it is, never templated (helm `pkg/chart` `CRDObjects`: the files
//! under `crds/`; helm docs "Custom Resource Definitions"), before it renders `templates/`.
//! So the files there are CRDs to read, even when a description holds `{{` (Helm copies it as
//! text: [`in_chart_crds`]), and a run that checks a chart's files without its `crds/` folder
//! (pre-commit names the changed files one by one) reads that folder as schemas
//! ([`crd_folders`]), as the cluster would have them. The templates are skipped as before
//! (`classify`, `input/not-a-manifest`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The file that makes a folder a chart.
const CHART_FILE: &str = "Chart.yaml";

/// The `crds/` folders of the charts that hold a path given without holding its `crds/`
/// folder (a template, the `templates/` folder), each once, in the order met. A path that
/// holds the folder (the chart, the repository) walks it anyway.
pub fn crd_folders(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut chart_of: HashMap<PathBuf, Option<PathBuf>> = HashMap::new();
    let mut out: Vec<PathBuf> = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            continue;
        }
        let Some(chart) = chart_holding(path, &mut chart_of) else {
            continue;
        };
        let crds = chart.join("crds");
        if !crds.is_dir() || crds.starts_with(path) || out.contains(&crds) {
            continue;
        }
        // A path inside `crds/` is read as given; an empty `crds/` (a scaffold's) holds
        // nothing to read, and was not asked for: no `input/no-manifests` about it.
        if path.starts_with(&crds) || !holds_manifests(&crds) {
            continue;
        }
        out.push(crds);
    }
    out
}

/// Whether `dir` holds a `.yaml`, `.yml` or `.json` file at any depth, hidden entries aside (as
/// a walk reads it; a folder only `.gitignore` empties is still read, and then said empty).
fn holds_manifests(dir: &Path) -> bool {
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let (name, path) = (e.file_name(), e.path());
            if name.to_string_lossy().starts_with('.') {
                continue;
            }
            match e.file_type() {
                Ok(t) if t.is_dir() => dirs.push(path),
                Ok(_) => {
                    let ext = path.extension().and_then(|x| x.to_str()).unwrap_or("");
                    if matches!(ext, "yaml" | "yml" | "json") {
                        return true;
                    }
                }
                Err(_) => {}
            }
        }
    }
    false
}

/// The nearest chart folder at or above `path`, looked up once per folder. The search stops
/// at a repository root (a folder with `.git`).
fn chart_holding(path: &Path, seen: &mut HashMap<PathBuf, Option<PathBuf>>) -> Option<PathBuf> {
    let start = if path.is_dir() { path } else { path.parent()? };
    let mut visited = Vec::new();
    let mut found = None;
    for dir in start.ancestors() {
        if let Some(known) = seen.get(dir) {
            found = known.clone();
            break;
        }
        visited.push(dir.to_path_buf());
        let here = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if here.join(CHART_FILE).is_file() {
            found = Some(dir.to_path_buf());
            break;
        }
        if here.join(".git").exists() {
            break;
        }
    }
    for dir in visited {
        seen.insert(dir, found.clone());
    }
    found
}

/// True when `path` is a file under a chart's `templates/` folder: Helm renders each one as
/// text (helm `pkg/engine`), so a `{{` anywhere in it, quoted or not, is an action and the file
/// is not an object until rendered.
pub fn in_chart_templates(path: &Path) -> bool {
    in_chart_folder(path, "templates")
}

/// True when `path` is a file under a chart's `crds/` folder (Helm does not template it).
pub fn in_chart_crds(path: &Path) -> bool {
    in_chart_folder(path, "crds")
}

/// True when `path` is a file under the folder `folder` of a chart (at any depth below it).
fn in_chart_folder(path: &Path, folder: &str) -> bool {
    path.ancestors().skip(1).any(|dir| {
        dir.file_name().is_some_and(|n| n == folder)
            && dir
                .parent()
                .map(|chart| {
                    if chart.as_os_str().is_empty() {
                        Path::new(".")
                    } else {
                        chart
                    }
                })
                .is_some_and(|chart| chart.join(CHART_FILE).is_file())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_file_brings_its_crds_folder() {
        let dir = tempfile::tempdir().expect("tempdir");
        let chart = dir.path().join("charts/widget");
        for d in ["crds", "templates", "charts/sub/templates"] {
            std::fs::create_dir_all(chart.join(d)).expect("mkdir");
        }
        std::fs::write(chart.join(CHART_FILE), "apiVersion: v2\n").expect("write");
        std::fs::write(
            chart.join("charts/sub").join(CHART_FILE),
            "apiVersion: v2\n",
        )
        .expect("write");
        let template = chart.join("templates/w.yaml");
        std::fs::write(&template, "a: 1\n").expect("write");
        let crds = chart.join("crds");
        let one = |p: &Path| crd_folders(std::slice::from_ref(&p.to_path_buf()));
        // An empty `crds/` (or one with hidden or other files only) brings nothing.
        std::fs::write(crds.join(".keep"), "").expect("write");
        std::fs::write(crds.join("README.md"), "").expect("write");
        assert!(one(&template).is_empty());
        std::fs::create_dir_all(crds.join("v1")).expect("mkdir");
        let crd = crds.join("v1/w.yaml");
        std::fs::write(&crd, "a: 1\n").expect("write");
        assert_eq!(one(&template), vec![crds.clone()]);
        assert_eq!(
            crd_folders(&[chart.join("templates"), template]),
            vec![crds.clone()]
        );
        // The chart itself, or a folder above it, walks `crds/` anyway.
        assert!(one(&chart).is_empty());
        assert!(crd_folders(&[dir.path().to_path_buf()]).is_empty());
        // A subchart without a `crds/` folder brings nothing; not its parent's either.
        assert!(crd_folders(&[chart.join("charts/sub/templates")]).is_empty());
        assert!(in_chart_crds(&crd));
        assert!(!in_chart_crds(&chart.join("templates/w.yaml")));
    }
}
