//! `prune` and `default`: print resources as the API server would store them.
//!
//! `prune` removes the fields the schema does not know (`validate::prune_only`); `default`
//! prints the object as the server would store it: pruned, nulls dropped, defaults applied
//! (`validate::Outcome::stored`). Objects go to stdout as YAML documents (written so that
//! go-yaml reads back the same values), findings to stderr, so that
//! `crdlint default x.yaml > y.yaml` captures only the objects.

use std::io::{self, Write};

use crate::cli::args::TransformArgs;
use crate::cli::driver::{Mode, RunOptions, Transform};
use crate::cli::settings::Settings;
use crate::cli::{status, Failure, Status};

pub fn run(settings: &Settings, kind: Transform, args: &TransformArgs) -> Result<Status, Failure> {
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
        transform: Some(kind),
    };
    let result = super::run_driver(settings, &args.paths.paths, &args.validation.crds, &opts)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let yaml = crate::yaml::emit::emit_documents(result.stored.iter().map(|s| &s.node));
    out.write_all(yaml.as_bytes())?;
    out.flush()?;
    let mut err = io::stderr().lock();
    if !result.diagnostics.is_empty() || settings.verbose {
        super::report(settings, &result, &mut err, true)?;
    }
    Ok(status(&result, settings.deny_warnings))
}
