//! `prune` and `default`: print resources as the API server would store them.
//!
//! Each resource is validated as in `check`; its stored form (`validate::Outcome::stored`) is
//! printed to stdout as one YAML document per resource, and the findings go to stderr, so that
//! `crdlint default x.yaml > y.yaml` captures only the objects.

use std::io::{self, Write};

use crate::cli::args::TransformArgs;
use crate::cli::driver::{Mode, RunOptions};
use crate::cli::settings::Settings;
use crate::cli::{status, Failure, Status};

/// Which transformation the command names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Prune,
    Default,
}

pub fn run(settings: &Settings, kind: Kind, args: &TransformArgs) -> Result<Status, Failure> {
    if args.write {
        return Err(Failure::Usage(
            "--write is not yet supported: rewriting files in place needs a writer that keeps \
             comments and layout; redirect the printed output instead"
                .into(),
        ));
    }
    let opts = RunOptions {
        mode: Mode::Validate,
        strict: settings.strict,
        lint: settings.lint_options(),
        validate: settings.validate_options(&args.validation),
        keep_stored: true,
    };
    // FIXME: `validate::Outcome::stored` is pruned *and* defaulted; `prune` prints the same
    // until the validate module exposes pruning on its own.
    let _ = kind;
    let result = super::run_driver(settings, &args.paths.paths, &args.validation.crds, &opts)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (i, s) in result.stored.iter().enumerate() {
        if i > 0 {
            writeln!(out, "---")?;
        }
        // JSON is YAML that every YAML reader, go-yaml included, reads as the same value.
        serde_json::to_writer_pretty(&mut out, &s.node.to_json()).map_err(io::Error::other)?;
        writeln!(out)?;
    }
    out.flush()?;
    let mut err = io::stderr().lock();
    if !result.diagnostics.is_empty() || settings.verbose {
        super::report(settings, &result, &mut err, true)?;
    }
    Ok(status(&result, settings.deny_warnings))
}
