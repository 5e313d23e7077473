//! The language server's one way into the checks: the open buffers run through the same
//! driver, policy and suppressions as `crdlint check`, so the editor shows the same rule ids
//! and the same words. There is no second implementation of any check here.
//!
//! A run holds the buffers to check (as `check`'s targets) and the workspace's CRD files as
//! schemas only (a buffer's text wins over the file on disk): their CRDs make the group/kind
//! table, but their own findings are not reported (they are, when their file is a target).

use std::path::{Path, PathBuf};

use crate::cli::args::ValidationArgs;
use crate::cli::commands;
use crate::cli::driver::{self, Mode, RunOptions};
use crate::cli::input::{Input, Loaded, Origin, Role};
use crate::cli::settings::Settings;
use crate::cli::Failure;
use crate::diag::Diagnostic;

/// A file that may define CRDs, as the workspace walk found it.
#[derive(Clone, Debug)]
pub struct SchemaFile {
    pub path: PathBuf,
    /// Its text on disk when it was read (an open buffer's text is used instead).
    pub text: String,
    /// Named by `--crd` or the config's `crds`: its CRDs win over walked ones.
    pub named: bool,
}

/// The findings of one checked buffer, in `check`'s order.
pub struct Findings {
    pub path: PathBuf,
    pub diagnostics: Vec<Diagnostic>,
    /// Other files' paths by the driver's file id, for related locations.
    pub files: std::sync::Arc<Vec<Option<PathBuf>>>,
}

/// Walks `roots` (and the CRD paths of `settings` and `crds`) as `check` walks them, and keeps
/// the files that may hold a CRD, with their texts.
pub fn schema_files(
    settings: &Settings,
    roots: &[PathBuf],
    crds: &[PathBuf],
) -> Result<Vec<SchemaFile>, Failure> {
    let gathered = commands::gather_pending(settings, roots, &settings.crds(crds))?;
    Ok(gathered
        .loaded
        .iter()
        .filter_map(|l| {
            let Origin::Path(path) = &l.input.origin else {
                return None;
            };
            let text = l.text().ok()?;
            let named = l.input.named_crd || l.input.role == Role::SchemaOnly;
            (named || crate::cli::classify::may_hold_crd(&text)).then(|| SchemaFile {
                path: path.clone(),
                text: text.into_owned(),
                named,
            })
        })
        .collect())
}

/// The options `check` runs with for these settings.
pub fn run_options(settings: &Settings, v: &ValidationArgs) -> Result<RunOptions, Failure> {
    Ok(RunOptions {
        mode: Mode::Check,
        missing_schema: settings.missing_schema_severity(),
        skip: settings.skip_patterns()?,
        inputs: settings.input_options(v),
        lint: settings.lint_options(),
        validate: settings.validate_options(v),
        transform: None,
        skip_cel: settings.skip_cel,
        cost_warn_percent: settings.cost_warn_percent,
        old: None,
        keep_texts: false,
        list_skipped: false,
        // The server goes on after each run: what it compiled is freed.
        exit_after: false,
    })
}

/// Checks `targets` (path and buffer text) as `crdlint check` would check those files with
/// the CRDs of `schemas` beside them: the same driver, then the same policy and suppressions
/// (`commands::finish`). Returns one [`Findings`] per target, in the order given.
pub fn check_buffers(
    settings: &Settings,
    opts: &RunOptions,
    schemas: &[SchemaFile],
    targets: &[(PathBuf, String)],
    open: &dyn Fn(&Path) -> Option<String>,
) -> Vec<Findings> {
    let name = |p: &Path| p.to_string_lossy().into_owned();
    let mut loaded: Vec<Loaded> = Vec::with_capacity(schemas.len() + targets.len());
    for s in schemas {
        if targets.iter().any(|(p, _)| p == &s.path) {
            continue;
        }
        let input = Input {
            name: name(&s.path),
            origin: Origin::Path(s.path.clone()),
            role: Role::SchemaOnly,
            named_crd: s.named,
            walked: false,
        };
        let text = open(&s.path).unwrap_or_else(|| s.text.clone());
        loaded.push(Loaded::with_text(input, text));
    }
    for (path, text) in targets {
        let input = Input {
            name: name(path),
            origin: Origin::Path(path.clone()),
            role: Role::Target,
            named_crd: schemas.iter().any(|s| &s.path == path && s.named),
            walked: false,
        };
        loaded.push(Loaded::with_text(input, text.clone()));
    }
    loaded.sort_by(|a, b| a.input.name.cmp(&b.input.name));
    let mut result = driver::run(loaded, opts);
    commands::finish(settings, &mut result);
    let files = std::sync::Arc::new(result.paths.clone());
    let mut per_target: Vec<Findings> = targets
        .iter()
        .map(|(path, _)| Findings {
            path: path.clone(),
            diagnostics: Vec::new(),
            files: files.clone(),
        })
        .collect();
    for d in result.diagnostics {
        let Some(path) = d
            .file
            .and_then(|f| result.paths.get(f))
            .and_then(|p| p.as_ref())
        else {
            continue;
        };
        if let Some(t) = per_target.iter_mut().find(|t| &t.path == path) {
            t.diagnostics.push(d);
        }
    }
    per_target
}
