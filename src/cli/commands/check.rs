//! `check`, `lint` and `validate`: run the driver and print the findings.

use std::io::{self, Write};

use crate::cli::args::{CheckArgs, PathArgs};
use crate::cli::driver::{Mode, RunOptions};
use crate::cli::settings::Settings;
use crate::cli::vendored::Vendored;
use crate::cli::{status, Failure, Status};

/// `check` (lint and validate) or `validate` (resources only). With `--fix`, the fixes are
/// written first and the files checked again: the findings are what remains.
pub fn run(settings: &Settings, mode: Mode, args: &CheckArgs) -> Result<Status, Failure> {
    if args.fix && !args.diff {
        if args.paths.paths.iter().any(|p| p.as_os_str() == "-") {
            return Err(Failure::Usage(
                "--fix cannot rewrite standard input; use --fix --diff to see the fixes".into(),
            ));
        }
        // A fix can reveal another (a kind fixed, its object is validated): a few passes.
        let mut failed = false;
        for _ in 0..FIX_PASSES {
            let (wrote, fixed) = run_once(settings, mode, args, Fixing::Write)?;
            failed |= wrote == Status::IoFailed;
            if fixed == 0 || failed {
                break;
            }
        }
        let (remains, _) = run_once(settings, mode, args, Fixing::No)?;
        return Ok(if failed { Status::IoFailed } else { remains });
    }
    let fixing = if args.fix { Fixing::Diff } else { Fixing::No };
    Ok(run_once(settings, mode, args, fixing)?.0)
}

/// How many times `--fix` fixes and checks again at most before reporting what remains.
const FIX_PASSES: usize = 3;

/// What a run does with the safe fixes of its findings.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fixing {
    No,
    /// Write them and report nothing else (a second run reports what remains).
    Write,
    /// Print them as a diff, the findings to standard error.
    Diff,
}

fn run_once(
    settings: &Settings,
    mode: Mode,
    args: &CheckArgs,
    fixing: Fixing,
) -> Result<(Status, usize), Failure> {
    if mode == Mode::Validate {
        Settings::refuse_lint_vendored(&args.validation, "validate")?;
    }
    // Vendored CRDs are read only for the groups the run meets, unless all of them are linted
    // (`--lint-vendored`) or compared with another revision (`--old-ref`).
    let locked = crate::cli::vendored::locked(&args.validation.lock);
    let lazy = !args.validation.lint_vendored && args.validation.old_ref.is_none();
    let mut vendored = if lazy {
        Vendored::load_lazy(settings, locked)?
    } else {
        Vendored::load(settings, locked)?
    };
    let opts = RunOptions {
        mode,
        missing_schema: settings.missing_schema_severity(),
        skip: settings.skip_patterns()?,
        inputs: settings.input_options(&args.validation),
        lint: settings.lint_options(),
        validate: settings.validate_options(&args.validation),
        transform: None,
        skip_cel: settings.skip_cel,
        cost_warn_percent: settings.cost_warn_percent,
        admission: settings.admission_settings(&args.validation.admission),
        old: None,
        keep_texts: false,
        list_skipped: settings.verbose,
        exit_after: true,
        schema_cache: None,
    };
    let gather = crate::cli::trace::piece("gather", None);
    let paths = settings.paths(&args.paths.paths);
    let crds = settings.crds(&args.validation.crds);
    let mut schemas = vendored.crds(crds.clone());
    schemas.extend(settings.chart_crds(&paths));
    // Standard input longer than a chunk is checked a chunk at a time (`chunked.rs`), unless
    // the run needs every text at the end (`--fix`, `--old`, `--old-ref`).
    let streams =
        fixing == Fixing::No && args.validation.old_ref.is_none() && args.validation.old.is_empty();
    let gathered = if streams {
        super::gather_streamed(settings, &paths, &schemas, vendored.inputs())?
    } else {
        super::gather_pending(settings, &paths, &schemas, vendored.inputs())?
    };
    drop(gather);
    let mut loaded = gathered.loaded;
    let stdin_rest = crate::cli::input::take_stream(&mut loaded)
        .map(|(f, rest)| ((f, loaded[f].input.clone()), rest));
    // The chunks of standard input still to come may name any vendored group.
    vendored.defer_unused(&mut loaded, stdin_rest.is_some());
    let previous = match &args.validation.old_ref {
        Some(r) => Some(super::old::read_previous(r, &loaded)?),
        None => None,
    };
    let old = super::old::load(settings, &args.validation, previous.as_ref())?;
    let previous = previous.map(|mut p| {
        p.keep_crd_texts();
        p
    });
    let opts = RunOptions {
        old: old.map(std::sync::Arc::new),
        // `--old-ref` reads the checked files' texts again after the run; `--fix` edits them.
        keep_texts: args.validation.old_ref.is_some() || fixing != Fixing::No,
        ..opts
    };
    // Checked files with their paths, for comparing their CRDs with those at --old-ref.
    let targets: Vec<(usize, std::path::PathBuf)> = loaded
        .iter()
        .enumerate()
        .filter(|(_, l)| l.input.role == crate::cli::input::Role::Target)
        .filter_map(|(i, l)| match &l.input.origin {
            crate::cli::input::Origin::Path(p) => Some((i, p.clone())),
            _ => None,
        })
        .collect();
    let run = crate::cli::trace::piece("driver", None);
    let (mut result, stream) = match stdin_rest {
        Some(_) => {
            let (result, stream) = crate::cli::driver::run_streamed(loaded, &opts);
            (result, Some(stream))
        }
        None => (crate::cli::driver::run(loaded, &opts), None),
    };
    drop(run);
    let finish = crate::cli::trace::piece("finish", None);
    super::note_no_manifests(&mut result, &gathered.empty_dirs);
    super::note_crdless_crd_paths(&mut result, &crds, &gathered.empty_dirs);
    if let Some(previous) = previous {
        let check_crds = mode == Mode::Check;
        super::diff::old_ref_findings(settings, previous, check_crds, &targets, &mut result);
    }
    vendored.report(&mut result);
    super::finish(settings, &mut result);
    drop(finish);
    match fixing {
        Fixing::No => {}
        Fixing::Diff => {
            let mut out = io::BufWriter::new(io::stdout().lock());
            out.write_all(super::fix::diff(&result).as_bytes())?;
            out.flush()?;
            super::report(settings, &result, &mut io::stderr().lock(), true)?;
            return Ok((status(&result, settings.deny_warnings), 0));
        }
        Fixing::Write => {
            let (ok, fixed) = super::fix::write(&result, settings.quiet)?;
            return Ok((if ok { Status::Clean } else { Status::IoFailed }, fixed));
        }
    }
    let report = crate::cli::trace::piece("report", None);
    let mut out = io::BufWriter::new(io::stdout().lock());
    if let (Some(stream), Some((stdin, rest))) = (stream, stdin_rest) {
        let status = super::chunked::report(settings, result, stream, stdin, rest, &mut out)?;
        out.flush()?;
        return Ok((status, 0));
    }
    super::report(settings, &result, &mut out, false)?;
    out.flush()?;
    drop(report);
    Ok((status(&result, settings.deny_warnings), 0))
}

/// `lint`: CRDs only.
pub fn run_lint(settings: &Settings, args: &PathArgs) -> Result<Status, Failure> {
    let opts = RunOptions {
        mode: Mode::Lint,
        missing_schema: settings.missing_schema_severity(),
        skip: settings.skip_patterns()?,
        inputs: crate::cli::classify::InputOptions {
            recognize: settings.recognize,
            lint_vendored: false,
        },
        lint: settings.lint_options(),
        validate: Default::default(),
        transform: None,
        skip_cel: settings.skip_cel,
        cost_warn_percent: settings.cost_warn_percent,
        admission: Default::default(),
        old: None,
        keep_texts: false,
        list_skipped: settings.verbose,
        exit_after: true,
        schema_cache: None,
    };
    let result = super::run_driver(
        settings,
        &settings.paths(&args.paths),
        &[],
        &Vendored::none(),
        &opts,
    )?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    super::report(settings, &result, &mut out, false)?;
    out.flush()?;
    Ok(status(&result, settings.deny_warnings))
}
