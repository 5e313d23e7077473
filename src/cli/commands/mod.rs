//! One file per subcommand. Each takes resolved [`super::settings::Settings`] and returns a
//! [`super::Status`] or a [`super::Failure`]; none decides an exit code.

pub mod check;
mod chunked;
pub mod completions;
pub mod cost;
pub mod diff;
pub mod explain;
mod fix;
pub mod old;
pub mod rules;
pub mod scan;
mod stream;
pub mod test;
pub mod transform;
pub mod vendor;
pub mod versions;
pub mod write;

use std::io::{self, Write};
use std::path::PathBuf;

use super::driver::{self, RunOptions, RunResult};
use super::input::{self, Discovery, Input, Loaded, Origin, Role};
use super::settings::Settings;
use super::vendored::Vendored;
use super::Failure;
use crate::cli::rules::{NOT_A_MANIFEST, NO_MANIFESTS};
use crate::diag::render::{self, Report};
use crate::diag::rules::IO_ERROR;
use crate::diag::{Diagnostic, FileId, SourceFile, Span};

/// The files of a run, and the directories given that hold none.
pub(crate) struct Gathered {
    pub loaded: Vec<Loaded>,
    /// Directories among the paths and `--crd`s where the walk found no YAML or JSON file.
    pub empty_dirs: Vec<String>,
}

/// Finds and reads the files of a run: `paths` are checked, `crds` are schemas only.
pub(crate) fn gather(
    settings: &Settings,
    paths: &[PathBuf],
    crds: &[PathBuf],
) -> Result<Vec<Loaded>, Failure> {
    Ok(gather_all(settings, paths, crds)?.loaded)
}

/// [`gather`], also saying which directories held no file to read.
pub(crate) fn gather_all(
    settings: &Settings,
    paths: &[PathBuf],
    crds: &[PathBuf],
) -> Result<Gathered, Failure> {
    gather_files(settings, paths, crds, Vec::new(), input::read_all)
}

/// [`gather_all`] for the run driver: the files are found, not read (standard input
/// excepted); the driver reads each when a step needs it ([`input::pending`]).
/// `found`: schema files already looked at (the vendored ones, `Vendored::inputs`).
pub(crate) fn gather_pending(
    settings: &Settings,
    paths: &[PathBuf],
    crds: &[PathBuf],
    found: Vec<Input>,
) -> Result<Gathered, Failure> {
    gather_files(settings, paths, crds, found, input::pending)
}

/// [`gather_pending`], with standard input read a chunk at a time when it is longer than one
/// ([`input::pending_streamed`], [`input::take_stream`]).
pub(crate) fn gather_streamed(
    settings: &Settings,
    paths: &[PathBuf],
    crds: &[PathBuf],
    found: Vec<Input>,
) -> Result<Gathered, Failure> {
    gather_files(settings, paths, crds, found, input::pending_streamed)
}

fn gather_files(
    settings: &Settings,
    paths: &[PathBuf],
    crds: &[PathBuf],
    found: Vec<Input>,
    read: fn(Vec<Input>) -> Vec<Loaded>,
) -> Result<Gathered, Failure> {
    use rayon::prelude::*;
    for glob in &settings.excludes {
        globset::Glob::new(glob)
            .map_err(|e| Failure::Usage(format!("invalid --exclude glob {glob:?}: {e}")))?;
    }
    let stdin_count = paths
        .iter()
        .chain(crds)
        .filter(|p| p.as_os_str() == "-")
        .count();
    if stdin_count > 1 {
        return Err(Failure::Usage(
            "`-` (standard input) can be given only once".into(),
        ));
    }
    let anchored = input::Anchored::new(&settings.exclude_base, &settings.anchored_excludes)
        .map_err(Failure::Usage)?
        .map(std::sync::Arc::new);
    let opts = Discovery {
        excludes: &settings.excludes,
        anchored: anchored.as_ref(),
        stdin_name: &settings.stdin_name,
    };
    let paths = &force_exclude(settings, paths, anchored.as_deref())?;
    let mut inputs: Vec<Input> = Vec::new();
    let mut walk_errors = Vec::new();
    let mut empty_dirs = Vec::new();
    let roots: Vec<(&PathBuf, Role)> = paths
        .iter()
        .map(|p| (p, Role::Target))
        .chain(crds.iter().map(|p| (p, Role::SchemaOnly)))
        .collect();
    // The roots are walked on every core (a walk waits on the file system: the CRD folder and
    // the folder of resources of a benchmark run took 1.3 ms one after the other, before any
    // file was read), then put together in their order: the same inputs as walked in turn.
    let walked: Vec<(Vec<Input>, Vec<input::WalkError>, bool)> = roots
        .into_par_iter()
        .with_max_len(1)
        .map(|(path, role)| {
            let (mut files, mut errors) = (Vec::new(), Vec::new());
            input::discover(
                std::slice::from_ref(path),
                role,
                &opts,
                &mut files,
                &mut errors,
            );
            let empty = files.is_empty() && errors.is_empty() && path.is_dir();
            (files, errors, empty)
        })
        .collect();
    for ((files, errors, empty), path) in walked.into_iter().zip(paths.iter().chain(crds)) {
        inputs.extend(files);
        walk_errors.extend(errors);
        if empty {
            empty_dirs.push(path.display().to_string());
        }
    }
    inputs.extend(found);
    let mut loaded = read(input::sort_and_dedup(inputs));
    // A directory entry that could not be walked is reported like a file that could not be
    // read, in path order with the rest.
    for e in walk_errors {
        let input = Input {
            name: e.name.clone(),
            origin: Origin::Path(PathBuf::from(&e.name)),
            role: Role::Target,
            named_crd: false,
            walked: false,
        };
        loaded.push(Loaded::failed(input, e.message));
    }
    loaded.sort_by(|a, b| a.input.name.cmp(&b.input.name));
    Ok(Gathered { loaded, empty_dirs })
}

/// Says so when a run had nothing to check (`input/no-manifests`, a warning): a directory
/// given that holds no YAML or JSON file, no file at all, or files without a document. The
/// findings go through the policy and the output formats like any other, each at a location
/// (the directory, the file, or `.`) because code scanning drops results without one.
pub(crate) fn note_no_manifests(result: &mut RunResult, empty_dirs: &[String]) {
    let help = "crdlint reads `.yaml`, `.yml` and `.json` files; in directories it skips hidden \
files and what `.gitignore`, `.ignore` and `--exclude` leave out";
    let finding = |file: FileId, message: String| {
        Diagnostic::new(&NO_MANIFESTS, Span::new(0, 0), message)
            .with_help(help)
            .with_file(file)
    };
    let files = result.files.len();
    let mut found = Vec::new();
    // Standard input without a document: an empty pipe, a command before `|` that failed, or
    // `/dev/null`; said even when other files (`--crd`) held documents. Input that could not
    // be read, or text skipped whole (a Helm template piped in), has its own finding, which
    // says what it is; a note made from `--stdin-filename` alone (`kustomization.yaml`) does
    // not say the pipe held anything.
    let told_apart = |at: FileId| {
        let piped = !result.files[at].text.trim().is_empty();
        result.diagnostics.iter().any(|d| {
            d.file == Some(at)
                && (d.rule.id == IO_ERROR.id || (piped && d.rule.id == NOT_A_MANIFEST.id))
        })
    };
    if result.stdin_documents == Some(0) {
        if let Some(at) = result
            .paths
            .iter()
            .position(Option::is_none)
            .filter(|&at| !told_apart(at))
        {
            found.push(
                Diagnostic::new(
                    &NO_MANIFESTS,
                    Span::new(0, 0),
                    "no documents on standard input",
                )
                .with_help(
                    "nothing was piped in, or the command before `|` failed; without a path \
crdlint reads standard input whenever it is not a terminal: give `.` to check the working directory",
                )
                .with_file(at),
            );
        }
    }
    for dir in empty_dirs {
        let at = place(result, dir);
        found.push(finding(at, format!("no YAML or JSON files in {dir}")));
    }
    if found.is_empty() && files == 0 {
        let at = place(result, ".");
        found.push(finding(at, "no YAML or JSON files to read".into()));
    } else if found.is_empty() && result.summary.documents == 0 && result.diagnostics.is_empty() {
        found.push(match files {
            1 => {
                let name = match result.files[0].name.as_str() {
                    "-" => "standard input",
                    name => name,
                };
                finding(0, format!("no YAML documents in {name}"))
                    .with_help("it is empty or holds only comments")
            }
            n => {
                let at = place(result, ".");
                finding(at, format!("no YAML documents in the {n} files read"))
                    .with_help("each is empty or holds only comments")
            }
        });
    }
    result.diagnostics.extend(found);
    driver::sort_diagnostics(&mut result.diagnostics);
}

/// Says so (`input/no-manifests`) when a path given with `--crd` (or the config's `crds`)
/// holds files but no CustomResourceDefinition: the resources then pass unchecked or as
/// `input/no-schema`, and a wrong path would go unnoticed. A path with no file at all is
/// reported by [`note_no_manifests`], a missing one as unreadable.
pub(crate) fn note_crdless_crd_paths(
    result: &mut RunResult,
    crds: &[PathBuf],
    empty_dirs: &[String],
) {
    let mut found = Vec::new();
    for root in crds {
        let shown = root.display().to_string();
        if root.as_os_str() == "-" || empty_dirs.contains(&shown) || !root.exists() {
            continue;
        }
        let files: Vec<usize> = (0..result.paths.len().min(result.crds_per_file.len()))
            .filter(|&f| {
                result.paths[f]
                    .as_deref()
                    .is_some_and(|p| p.starts_with(root))
            })
            .collect();
        if files.is_empty() || files.iter().any(|&f| result.crds_per_file[f] > 0) {
            continue;
        }
        let at = if root.is_dir() {
            place(result, &shown)
        } else {
            files[0]
        };
        found.push(
            Diagnostic::new(
                &NO_MANIFESTS,
                Span::new(0, 0),
                format!("no CustomResourceDefinition in {shown} (given with --crd)"),
            )
            .with_help("--crd names files or directories of CRDs to validate resources against")
            .with_file(at),
        );
    }
    result.diagnostics.extend(found);
    driver::sort_diagnostics(&mut result.diagnostics);
}

/// Where a finding about a directory (or the working directory, `.`) goes: it has no text, so
/// it becomes an empty file of the report, never one that is read or written.
fn place(result: &mut RunResult, name: &str) -> FileId {
    result
        .files
        .push(SourceFile::new(name.to_string(), String::new()));
    result.paths.push(None);
    result.files.len() - 1
}

/// Says so (`input/no-manifests`) when `crdlint lint` found no CustomResourceDefinition to
/// lint in files that were read: it reads CRDs only, so it would pass having checked nothing.
/// The finding is placed at the file given when it is the only path and the only file read, at
/// the folder given when that is the only path (no file of the report has that name), at the
/// run (`.`) otherwise.
pub(crate) fn note_no_crds(result: &mut RunResult, paths: &[PathBuf]) {
    let files = result.files.len();
    if result.summary.crds > 0
        || files == 0
        || result
            .diagnostics
            .iter()
            .any(|d| d.rule.id == NO_MANIFESTS.id)
    {
        return;
    }
    let at = match paths {
        // `crdlint lint service.yaml`: the finding is that file's, not the working folder's.
        [file] if files == 1 && !file.is_dir() => 0,
        [dir] if dir.is_dir() => place(result, &dir.display().to_string()),
        _ => place(result, "."),
    };
    let what = if files == 1 { "file" } else { "files" };
    // Files skipped whole as templates or other tools' inputs are why, when all are.
    let mut skipped: Vec<FileId> = result
        .diagnostics
        .iter()
        .filter(|d| d.rule.id == NOT_A_MANIFEST.id)
        .filter_map(|d| d.file)
        .collect();
    skipped.sort_unstable();
    skipped.dedup();
    // A file with a document read is not skipped whole, whatever notes its documents got.
    let help = if skipped.len() == files && result.summary.documents == 0 {
        "every file was skipped as not a manifest as written (`input/not-a-manifest` says what to \
         run first); `crdlint lint` reads CRDs only"
    } else {
        "`crdlint lint` reads CRDs only; `crdlint check` validates resources too"
    };
    result.diagnostics.push(
        Diagnostic::new(
            &NO_MANIFESTS,
            Span::new(0, 0),
            format!("no CustomResourceDefinition in the {files} {what} read"),
        )
        .with_help(help)
        .with_file(at),
    );
    driver::sort_diagnostics(&mut result.diagnostics);
}

/// In a rendered Helm stream (`helm template`), each document follows a `# Source:
/// chart/templates/x.yaml` comment: a finding in it gets that comment as a related location,
/// so that it names the template to fix.
fn name_helm_sources(files: &[SourceFile], diagnostics: &mut [Diagnostic]) {
    // Only the files findings point into are searched (a vendored run has 500 files without
    // a text and one finding or none).
    let mut with_findings = vec![false; files.len()];
    for f in diagnostics.iter().filter_map(|d| d.file) {
        if let Some(slot) = with_findings.get_mut(f) {
            *slot = true;
        }
    }
    let sources: Vec<Vec<(usize, String)>> = files
        .iter()
        .zip(with_findings)
        .map(|(f, found)| match found {
            true => crate::cli::classify::helm_sources(&f.text),
            false => Vec::new(),
        })
        .collect();
    for d in diagnostics {
        let Some(list) = d.file.and_then(|f| sources.get(f)) else {
            continue;
        };
        let i = list.partition_point(|(at, _)| *at <= d.span.start());
        let Some((at, source)) = i.checked_sub(1).and_then(|i| list.get(i)) else {
            continue;
        };
        let len = "# Source: ".len() + source.len();
        let file = d.file;
        d.push_related(crate::diag::Related {
            file,
            span: crate::diag::Span::new(*at, at + len),
            message: format!("rendered from {source}"),
        });
    }
}

/// With `--force-exclude`, drops the files named on the command line that an exclude glob
/// matches, as a walk would have left them out (pre-commit names files explicitly, and excludes
/// should still apply): `--exclude` globs relative to the working directory, the config's
/// anchored at its directory, and a glob that matches a folder the file is in excludes it too.
fn force_exclude(
    settings: &Settings,
    paths: &[PathBuf],
    anchored: Option<&input::Anchored>,
) -> Result<Vec<PathBuf>, Failure> {
    if !settings.force_exclude || (settings.excludes.is_empty() && anchored.is_none()) {
        return Ok(paths.to_vec());
    }
    let here = input::Anchored::new(std::path::Path::new(""), &settings.excludes)
        .map_err(Failure::Usage)?;
    Ok(paths
        .iter()
        .filter(|p| {
            p.as_os_str() == "-"
                || p.is_dir()
                || !(here.as_ref().is_some_and(|a| a.excludes_named(p))
                    || anchored.is_some_and(|a| a.excludes_named(p)))
        })
        .cloned()
        .collect())
}

/// Runs the driver over the gathered files, then applies the rule controls and suppressions.
pub(crate) fn run_driver(
    settings: &Settings,
    paths: &[PathBuf],
    crds: &[PathBuf],
    vendored: &Vendored,
    opts: &RunOptions,
) -> Result<RunResult, Failure> {
    Ok(run_driver_with_roles(settings, paths, crds, vendored, opts)?.0)
}

/// [`run_driver`], with each file's role (checked, or read only for its CRDs) by file id.
/// `crds` are `--crd` and the config's; the vendored files are read with them, and when
/// resources are validated, the `crds/` folders of the Helm charts that hold a path.
pub(crate) fn run_driver_with_roles(
    settings: &Settings,
    paths: &[PathBuf],
    crds: &[PathBuf],
    vendored: &Vendored,
    opts: &RunOptions,
) -> Result<(RunResult, Vec<Role>), Failure> {
    let mut schemas = vendored.crds(crds.to_vec());
    if opts.mode != driver::Mode::Lint {
        schemas.extend(settings.chart_crds(paths));
    }
    let gathered = gather_pending(settings, paths, &schemas, vendored.inputs())?;
    let roles = gathered.loaded.iter().map(|l| l.input.role).collect();
    let mut result = driver::run(gathered.loaded, opts);
    note_no_manifests(&mut result, &gathered.empty_dirs);
    note_crdless_crd_paths(&mut result, crds, &gathered.empty_dirs);
    if opts.mode == driver::Mode::Lint {
        note_no_crds(&mut result, paths);
    }
    vendored.report(&mut result);
    finish(settings, &mut result);
    Ok((result, roles))
}

/// Applies the policy (which rules, at which severity) and the suppressions to a finished run,
/// and counts again.
pub(crate) fn finish(settings: &Settings, result: &mut RunResult) {
    let (diagnostics, suppressed) = finish_findings(
        settings,
        &result.files,
        std::mem::take(&mut result.diagnostics),
        &result.annotations,
    );
    result.diagnostics = diagnostics;
    result.suppressed = suppressed;
    let summary = &mut result.summary;
    summary.errors = 0;
    summary.warnings = 0;
    summary.infos = 0;
    summary.count(&result.diagnostics);
    summary.suppressed = result.suppressed.len();
}

/// The policy and the suppressions applied to findings in `files`: the findings kept (sorted)
/// and those suppressed. For a whole run ([`finish`]) or one chunk of standard input.
fn finish_findings(
    settings: &Settings,
    files: &[SourceFile],
    mut diagnostics: Vec<Diagnostic>,
    annotations: &[crate::cli::suppress::IgnoreAnnotation],
) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
    settings.policy.apply(&mut diagnostics, files);
    name_helm_sources(files, &mut diagnostics);
    if settings.no_suppressions {
        return (diagnostics, Vec::new());
    }
    let applied = crate::cli::suppress::apply(
        diagnostics,
        files,
        annotations,
        &settings.policy,
        settings.require_reason,
    );
    let mut diagnostics = applied.diagnostics;
    driver::sort_diagnostics(&mut diagnostics);
    (diagnostics, applied.suppressed)
}

/// Lists skipped documents on standard error (`--verbose`).
fn say_skipped(files: &[SourceFile], skipped: &[driver::Skipped]) -> Result<(), Failure> {
    let mut err = io::stderr().lock();
    for s in skipped {
        let Some(file) = files.get(s.file) else {
            continue;
        };
        let at = s.at;
        // What the document names of itself, the empty parts left out.
        let what = s
            .object
            .as_ref()
            .map(|o| {
                [o.api_version.as_str(), o.kind.as_str(), o.name.as_str()]
                    .into_iter()
                    .filter(|p| !p.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .filter(|w| !w.is_empty())
            .unwrap_or_else(|| "document".to_string());
        crate::cli::say(
            &mut err,
            format_args!(
                "skipped {}:{}:{}: {what}: {}",
                file.name, at.line, at.column, s.reason
            ),
        )?;
    }
    Ok(())
}

/// Writes the findings in the chosen format, and the skipped list with `--verbose`.
pub(crate) fn report(
    settings: &Settings,
    result: &RunResult,
    out: &mut dyn Write,
    to_stderr: bool,
) -> Result<(), Failure> {
    let rules = super::rules::all();
    let report = Report {
        files: &result.files,
        diagnostics: &result.diagnostics,
        suppressed: &result.suppressed,
        summary: &result.summary,
        rules: &rules,
    };
    render::render(
        settings.format,
        &report,
        &settings.render_options(to_stderr),
        out,
    )?;
    if settings.verbose {
        say_skipped(&result.files, &result.skipped)?;
        let mut err = io::stderr().lock();
        if let Some((decoded, of)) = crate::builtin::decoded() {
            writeln!(
                err,
                "built-in schemas: index and {decoded} of {of} packages decoded"
            )?;
        }
    }
    Ok(())
}
