//! One file per subcommand. Each takes resolved [`super::settings::Settings`] and returns a
//! [`super::Status`] or a [`super::Failure`]; none decides an exit code.

pub mod check;
pub mod completions;
pub mod cost;
pub mod diff;
pub mod old;
pub mod rules;
pub mod scan;
mod stream;
pub mod test;
pub mod transform;
pub mod versions;
pub mod write;

use std::io::{self, Write};
use std::path::PathBuf;

use super::driver::{self, RunOptions, RunResult};
use super::input::{self, Discovery, Input, Loaded, Origin, Role};
use super::settings::Settings;
use super::Failure;
use crate::cli::rules::NO_MANIFESTS;
use crate::diag::render::{self, Report};
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
    gather_files(settings, paths, crds, input::read_all)
}

/// [`gather_all`] for the run driver: the files are found, not read (standard input
/// excepted); the driver reads each when a step needs it ([`input::pending`]).
pub(crate) fn gather_pending(
    settings: &Settings,
    paths: &[PathBuf],
    crds: &[PathBuf],
) -> Result<Gathered, Failure> {
    gather_files(settings, paths, crds, input::pending)
}

fn gather_files(
    settings: &Settings,
    paths: &[PathBuf],
    crds: &[PathBuf],
    read: fn(Vec<Input>) -> Vec<Loaded>,
) -> Result<Gathered, Failure> {
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
    let opts = Discovery {
        excludes: &settings.excludes,
        stdin_name: &settings.stdin_name,
    };
    let paths = &force_exclude(settings, paths)?;
    let mut inputs: Vec<Input> = Vec::new();
    let mut walk_errors = Vec::new();
    let mut empty_dirs = Vec::new();
    let roots = paths
        .iter()
        .map(|p| (p, Role::Target))
        .chain(crds.iter().map(|p| (p, Role::SchemaOnly)));
    for (path, role) in roots {
        let (files, errors) = (inputs.len(), walk_errors.len());
        let one = std::slice::from_ref(path);
        input::discover(one, role, &opts, &mut inputs, &mut walk_errors);
        if inputs.len() == files && walk_errors.len() == errors && path.is_dir() {
            empty_dirs.push(path.display().to_string());
        }
    }
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
    // A directory (or the working directory) has no text: it becomes an empty file of the
    // report, never one that is read or written.
    let place = |result: &mut RunResult, name: &str| {
        result
            .files
            .push(SourceFile::new(name.to_string(), String::new()));
        result.paths.push(None);
        result.files.len() - 1
    };
    let files = result.files.len();
    let mut found = Vec::new();
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

/// In a rendered Helm stream (`helm template`), each document follows a `# Source:
/// chart/templates/x.yaml` comment: a finding in it gets that comment as a related location,
/// so that it names the template to fix.
fn name_helm_sources(result: &mut RunResult) {
    let sources: Vec<Vec<(usize, String)>> = result
        .files
        .iter()
        .map(|f| crate::cli::classify::helm_sources(&f.text))
        .collect();
    for d in &mut result.diagnostics {
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

/// With `--force-exclude`, drops the files named on the command line that an `--exclude` glob
/// matches (pre-commit names files explicitly, and excludes should still apply).
fn force_exclude(settings: &Settings, paths: &[PathBuf]) -> Result<Vec<PathBuf>, Failure> {
    if !settings.force_exclude || settings.excludes.is_empty() {
        return Ok(paths.to_vec());
    }
    let mut b = globset::GlobSetBuilder::new();
    for glob in &settings.excludes {
        b.add(
            globset::Glob::new(glob)
                .map_err(|e| Failure::Usage(format!("invalid --exclude glob {glob:?}: {e}")))?,
        );
        // A glob without a slash matches a name at any depth, as in `.gitignore`.
        if !glob.contains('/') {
            if let Ok(g) = globset::Glob::new(&format!("**/{glob}")) {
                b.add(g);
            }
        }
    }
    let set = b
        .build()
        .map_err(|e| Failure::Usage(format!("invalid --exclude glob: {e}")))?;
    Ok(paths
        .iter()
        .filter(|p| {
            let s = p.to_string_lossy();
            let name = s.trim_start_matches("./");
            p.as_os_str() == "-" || p.is_dir() || !set.is_match(name)
        })
        .cloned()
        .collect())
}

/// Runs the driver over the gathered files, then applies the rule controls and suppressions.
pub(crate) fn run_driver(
    settings: &Settings,
    paths: &[PathBuf],
    crds: &[PathBuf],
    opts: &RunOptions,
) -> Result<RunResult, Failure> {
    Ok(run_driver_with_roles(settings, paths, crds, opts)?.0)
}

/// [`run_driver`], with each file's role (checked, or read only for its CRDs) by file id.
pub(crate) fn run_driver_with_roles(
    settings: &Settings,
    paths: &[PathBuf],
    crds: &[PathBuf],
    opts: &RunOptions,
) -> Result<(RunResult, Vec<Role>), Failure> {
    let gathered = gather_pending(settings, paths, crds)?;
    let roles = gathered.loaded.iter().map(|l| l.input.role).collect();
    let mut result = driver::run(gathered.loaded, opts);
    note_no_manifests(&mut result, &gathered.empty_dirs);
    finish(settings, &mut result);
    Ok((result, roles))
}

/// Applies the policy (which rules, at which severity) and the suppressions to a finished run,
/// and counts again.
pub(crate) fn finish(settings: &Settings, result: &mut RunResult) {
    settings
        .policy
        .apply(&mut result.diagnostics, &result.files);
    name_helm_sources(result);
    if !settings.no_suppressions {
        let applied = crate::cli::suppress::apply(
            std::mem::take(&mut result.diagnostics),
            &result.files,
            &result.annotations,
            &settings.policy,
            settings.require_reason,
        );
        result.diagnostics = applied.diagnostics;
        result.suppressed = applied.suppressed;
        driver::sort_diagnostics(&mut result.diagnostics);
    }
    let summary = &mut result.summary;
    summary.errors = 0;
    summary.warnings = 0;
    summary.infos = 0;
    summary.count(&result.diagnostics);
    summary.suppressed = result.suppressed.len();
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
        let mut err = io::stderr().lock();
        for s in &result.skipped {
            let file = &result.files[s.file];
            let at = s.at;
            let what = match &s.object {
                Some(o) if o.name.is_empty() => format!("{} {}", o.api_version, o.kind),
                Some(o) => format!("{} {} {}", o.api_version, o.kind, o.name),
                None => "document".to_string(),
            };
            crate::cli::say(
                &mut err,
                format_args!(
                    "skipped {}:{}:{}: {what}: {}",
                    file.name, at.line, at.column, s.reason
                ),
            )?;
        }
        if let Some((decoded, of)) = crate::builtin::decoded() {
            writeln!(
                err,
                "built-in schemas: index and {decoded} of {of} packages decoded"
            )?;
        }
    }
    Ok(())
}
