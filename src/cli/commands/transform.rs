//! `prune` and `default`: resources as the API server would store them.
//!
//! `prune` removes the fields the schema does not know (`validate::prune_only`); `default`
//! gives the object as the server would store it: pruned, nulls dropped, defaults applied
//! (`validate::Outcome::stored`). Objects go to stdout as YAML documents (written so that
//! go-yaml reads back the same values), findings to stderr, so that
//! `crdlint default x.yaml > y.yaml` captures only the objects.
//!
//! With `--write` the files are changed in place instead. `validate::rewrite` turns each
//! object's changes into minimal text edits, so comments and layout survive; where it cannot
//! (flow collections, say), a document's root is re-emitted whole, and an item of a `List` is
//! left alone with an error, since re-emitting it would rewrite its neighbours too.

use std::collections::BTreeMap;
use std::io::{self, Write};

use crate::cli::args::TransformArgs;
use crate::cli::driver::{Mode, RunOptions, RunResult, Stored, Transform};
use crate::cli::settings::Settings;
use crate::cli::{status, Failure, Status};
use crate::diag::{FileId, Severity};

pub fn run(settings: &Settings, kind: Transform, args: &TransformArgs) -> Result<Status, Failure> {
    if args.write && args.paths.paths.iter().any(|p| p.as_os_str() == "-") {
        return Err(Failure::Usage(
            "--write cannot rewrite standard input; print the result instead".into(),
        ));
    }
    let opts = RunOptions {
        mode: Mode::Validate,
        missing_schema: settings.missing_schema_severity(),
        skip: settings.skip_patterns()?,
        lint: settings.lint_options(),
        validate: settings.validate_options(&args.validation),
        transform: Some(kind),
        skip_cel: settings.skip_cel,
        cost_warn_percent: settings.cost_warn_percent,
        old: None,
    };
    let result = super::run_driver(
        settings,
        &settings.paths(&args.paths.paths),
        &settings.crds(&args.validation.crds),
        &opts,
    )?;
    let mut write_failed = false;
    if args.write {
        write_failed = !write_back(&result, settings.quiet)?;
    } else {
        let mut out = io::BufWriter::new(io::stdout().lock());
        let yaml = crate::yaml::emit::emit_documents(result.stored.iter().map(|s| &s.node));
        out.write_all(yaml.as_bytes())?;
        out.flush()?;
    }
    let mut err = io::stderr().lock();
    if !result.diagnostics.is_empty() || settings.verbose {
        super::report(settings, &result, &mut err, true)?;
    }
    Ok(if write_failed {
        Status::IoFailed
    } else {
        status(&result, settings.deny_warnings)
    })
}

/// Rewrites every file whose objects changed. Returns false when some file could not be
/// rewritten (it is then left as it was).
fn write_back(result: &RunResult, quiet: bool) -> Result<bool, Failure> {
    let mut by_file: BTreeMap<FileId, Vec<&Stored>> = BTreeMap::new();
    for s in &result.stored {
        by_file.entry(s.file).or_default().push(s);
    }
    let mut ok = true;
    let mut rewritten = 0;
    let mut err = io::stderr().lock();
    for (file, mut objects) in by_file {
        let source = &result.files[file];
        // A file the loader could not read cleanly (a syntax error, a duplicate key) is never
        // rewritten: its objects are not what the text says.
        let unreadable = result.diagnostics.iter().any(|d| {
            d.file == Some(file)
                && d.severity == Severity::Error
                && (d.rule.id.starts_with("yaml/") || d.rule.id.starts_with("io/"))
        });
        if unreadable {
            writeln!(
                err,
                "crdlint: {}: not rewritten: fix its YAML errors first",
                source.name
            )?;
            ok = false;
            continue;
        }
        // Last object first: an edit never moves the text of the objects before it.
        objects.sort_by_key(|s| std::cmp::Reverse(s.original.span.start));
        let mut text = source.text.clone();
        let mut problem = None;
        for s in objects {
            if let Some(t) = crate::validate::rewrite(&text, &s.original, &s.node) {
                text = t;
                continue;
            }
            let span = s.original.span;
            let whole = if source.name.ends_with(".json") {
                serde_json::to_string_pretty(&s.node.to_json()).ok()
            } else {
                Some(crate::yaml::emit::emit_document(&s.node))
            };
            match (s.list_item, whole, text.get(span.start..span.end)) {
                (false, Some(whole), Some(old)) if !old.is_empty() => {
                    // Keep the line break after the object if its span took it.
                    let whole = if old.ends_with('\n') {
                        format!("{}\n", whole.trim_end_matches('\n'))
                    } else {
                        whole.trim_end_matches('\n').to_string()
                    };
                    text.replace_range(span.start..span.end, &whole);
                }
                _ => {
                    let at = source.line_col(span.start);
                    problem = Some(format!(
                        "{}:{}:{}: cannot rewrite this object in place; nothing in the file was changed",
                        source.name, at.line, at.column
                    ));
                    break;
                }
            }
        }
        if let Some(p) = problem {
            writeln!(err, "crdlint: {p}")?;
            ok = false;
            continue;
        }
        if text != source.text {
            if let Err(e) = write_atomically(std::path::Path::new(&source.name), &text) {
                writeln!(err, "crdlint: {}: cannot write: {e}", source.name)?;
                ok = false;
                continue;
            }
            rewritten += 1;
        }
    }
    if !quiet {
        let s = if rewritten == 1 { "" } else { "s" };
        writeln!(err, "crdlint: rewrote {rewritten} file{s}")?;
    }
    Ok(ok)
}

/// Replaces a file's content so that a reader (or a crash) sees either the old or the new text,
/// never a mix: the new text goes to a temporary file beside it, which is then renamed over it.
/// The original's permissions are kept.
fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("not a file name"))?
        .to_string_lossy();
    let tmp = path.with_file_name(format!(".{name}.crdlint-{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&tmp, meta.permissions())?;
        }
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
