//! The language server's one way into the checks: the open buffers run through the same
//! driver, policy and suppressions as `crdlint check`, so the editor shows the same rule ids
//! and the same words. There is no second implementation of any check here.
//!
//! A run holds the buffers to check (as `check`'s targets) and the workspace's CRD files as
//! schemas only (a buffer's text wins over the file on disk): their CRDs make the group/kind
//! table, but their own findings are not reported (they are, when their file is a target).
//!
//! Each buffer is also compared with its file's committed version, as `check --old-ref HEAD`
//! compares (`commands::old::read_previous`, `diff::old_ref_findings`): transition rules see
//! `oldSelf`, an edited CRD is compared with its committed revision. Git is asked once per
//! file ([`Committed`]), not on every keystroke; a file outside a repository has no previous
//! version, silently.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::cli::args::ValidationArgs;
use crate::cli::commands;
use crate::cli::commands::old::Previous;
use crate::cli::driver::{self, Mode, RunOptions};
use crate::cli::input::{Input, Loaded, Origin, Role};
use crate::cli::settings::Settings;
use crate::cli::Failure;
use crate::diag::{Diagnostic, FileId};
use crate::validate::OldObjects;

/// The ref the buffers are compared with: what a pre-commit hook's `check --old-ref HEAD` sees.
const COMMITTED: &str = "HEAD";

/// The committed versions of the checked files, read from git once per file and kept until
/// the file is saved (a commit follows a save) or the workspace is loaded again.
#[derive(Default)]
pub struct Committed {
    /// What `--old-ref HEAD` reads for each file alone; `None` outside a repository.
    by_path: BTreeMap<PathBuf, Option<Previous>>,
    /// The old objects of the last run and the targets (file id, path) they were made for:
    /// an edit re-checks the same targets, and parsing a large committed file is not redone.
    built: Option<(Targets, Arc<OldObjects>)>,
}

/// A run's targets: file id and path.
type Targets = Vec<(FileId, PathBuf)>;

impl Committed {
    /// `path` may have been committed since it was read.
    pub fn forget(&mut self, path: &Path) {
        if self.by_path.remove(path).is_some() {
            self.built = None;
        }
    }

    pub fn clear(&mut self) {
        *self = Committed::default();
    }

    fn read(&mut self, path: &Path) -> Option<&Previous> {
        self.by_path
            .entry(path.to_path_buf())
            .or_insert_with(|| read_committed(path))
            .as_ref()
    }
}

/// What `check --old-ref HEAD` reads for `path` alone (its own file id is 0). The CLI refuses a
/// file outside a repository; an editor opens such files all the time, so they have none.
fn read_committed(path: &Path) -> Option<Previous> {
    let input = Input {
        name: path.to_string_lossy().into_owned(),
        origin: Origin::Path(path.to_path_buf()),
        role: Role::Target,
        named_crd: false,
        walked: false,
    };
    commands::old::read_previous(COMMITTED, &[Loaded::with_text(input, String::new())]).ok()
}

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
    let gathered = commands::gather_pending(settings, roots, &settings.crds(crds), Vec::new())?;
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
        admission: settings.admission_settings(&v.admission),
        old: None,
        keep_texts: false,
        list_skipped: false,
        // The server goes on after each run: what it compiled is freed, but for the CRD
        // files' work, which the cache below keeps while their texts stay the same.
        exit_after: false,
        // An edit re-checks with the same CRD files: those whose text is unchanged are not
        // parsed and compiled again (`Folder::reload` hands the cache on).
        schema_cache: Some(Arc::new(driver::SchemaCache::new())),
    })
}

/// Checks `targets` (path and buffer text) as `crdlint check` would check those files with
/// the CRDs of `schemas` beside them: the same driver, then the same policy and suppressions
/// (`commands::finish`), each target compared with its committed version as
/// `check --old-ref HEAD` compares it. Returns one [`Findings`] per target, in the order given.
pub fn check_buffers(
    settings: &Settings,
    opts: &RunOptions,
    validation: &ValidationArgs,
    committed: &mut Committed,
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
    let ids: Vec<(FileId, PathBuf)> = loaded
        .iter()
        .enumerate()
        .filter(|(_, l)| l.input.role == Role::Target)
        .filter_map(|(i, l)| match &l.input.origin {
            Origin::Path(p) => Some((i, p.clone())),
            Origin::Stdin => None,
        })
        .collect();
    let previous = previous_of(committed, &ids);
    let mut opts = opts.clone();
    if let Some(previous) = &previous {
        let old = match &committed.built {
            Some((built_for, old)) if *built_for == ids => Some(old.clone()),
            _ => commands::old::load(settings, validation, Some(previous))
                .ok()
                .flatten()
                .map(Arc::new),
        };
        if let Some(old) = &old {
            committed.built = Some((ids.clone(), old.clone()));
        }
        opts.old = old;
        // The CRD comparison after the run reads the checked texts again.
        opts.keep_texts = true;
    }
    let mut result = driver::run(loaded, &opts);
    if let Some(mut previous) = previous {
        previous.keep_crd_texts();
        let crds = opts.mode == Mode::Check;
        commands::diff::old_ref_findings(settings, previous, crds, &ids, &mut result);
    }
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

/// The previous versions of the run's targets (`ids`: file id and path), as one
/// `--old-ref HEAD` run of those files reads them; `None` when none of them is in a repository.
fn previous_of(committed: &mut Committed, ids: &[(FileId, PathBuf)]) -> Option<Previous> {
    let mut previous = Previous::default();
    let mut any = false;
    let mut others = BTreeSet::new();
    let mut skipped = BTreeSet::new();
    for (id, path) in ids {
        let Some(p) = committed.read(path) else {
            continue;
        };
        any = true;
        for (_, name, text) in &p.own {
            previous.own.push((*id, name.clone(), text.clone()));
        }
        // Targets in one repository share the other changed files: each is read once.
        for (name, text) in &p.others {
            if others.insert(name.clone()) {
                previous.others.push((name.clone(), text.clone()));
            }
        }
        for why in &p.skipped {
            if skipped.insert(why.clone()) {
                previous.skipped.push(why.clone());
            }
        }
    }
    any.then_some(previous)
}
