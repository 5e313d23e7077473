//! `prune` and `default`: resources as the API server would store them.
//!
//! `prune` removes the fields the schema does not know (`validate::prune_only`); `default`
//! gives the object as the server would store it: pruned, nulls dropped, defaults applied
//! (`validate::Outcome::stored`). The checked files go to stdout with only those objects
//! edited and every other document as it was (`stream.rs`), findings to stderr, so that
//! `crdlint default x.yaml > y.yaml` captures only the manifests and the command works in a
//! pipe.
//!
//! Exit status: unknown fields that the output no longer has are fixed, so their findings
//! become notes (`settle_fixed`); everything else counts as in `check`.
//!
//! With `--write` the files are changed in place instead. `validate::rewrite_file` turns each
//! object's changes into edits of the smallest nodes that changed, so comments, anchors and
//! layout survive, and checks that the edited text reads back as the stored objects; a file
//! where that cannot be done is left alone with a `write/not-rewritten` finding. How the file
//! is replaced (atomically; symlinks, hard links, permissions) is in `write.rs`.

use std::collections::BTreeMap;
use std::io::{self, Write};

use super::write::{Job, Replacer};
use crate::cli::args::TransformArgs;
use crate::cli::driver::{Mode, RunOptions, RunResult, Stored, Transform};
use crate::cli::input::Role;
use crate::cli::rules::WRITE_REFUSED;
use crate::cli::say;
use crate::cli::settings::Settings;
use crate::cli::vendored::Vendored;
use crate::cli::{status, Failure, Status};
use crate::diag::{Diagnostic, FileId, Severity};
use crate::validate::rules::UNKNOWN_FIELD;
use crate::validate::{rewrite_file, Change};

pub fn run(settings: &Settings, kind: Transform, args: &TransformArgs) -> Result<Status, Failure> {
    if args.write && args.paths.paths.iter().any(|p| p.as_os_str() == "-") {
        return Err(Failure::Usage(
            "--write cannot rewrite standard input; print the result instead".into(),
        ));
    }
    let command = match kind {
        Transform::Prune => "prune",
        Transform::Default => "default",
    };
    Settings::refuse_lint_vendored(&args.validation, command)?;
    let vendored = Vendored::load(
        settings,
        crate::cli::vendored::locked(&args.validation.lock),
    )?;
    let opts = RunOptions {
        mode: Mode::Validate,
        missing_schema: settings.missing_schema_severity(),
        skip: settings.skip_patterns()?,
        inputs: settings.input_options(&args.validation),
        lint: settings.lint_options(),
        validate: settings.validate_options(&args.validation),
        transform: Some(kind),
        skip_cel: settings.skip_cel,
        cost_warn_percent: settings.cost_warn_percent,
        admission: settings.admission_settings(&args.validation.admission),
        old: None,
        keep_texts: true,
        list_skipped: settings.verbose,
        exit_after: true,
        schema_cache: None,
    };
    let paths = settings.paths(&args.paths.paths);
    let (mut result, roles) = super::run_driver_with_roles(
        settings,
        &paths,
        &settings.crds(&args.validation.crds),
        &vendored,
        &opts,
    )?;
    let mut write_failed = false;
    let mut kept = Vec::new();
    if args.write && !args.prune_typos {
        kept = keep_typos(&mut result);
    }
    let fixed: Vec<FileId> = if args.write {
        let (ok, written) = write_back(&mut result, settings.quiet)?;
        write_failed = !ok;
        written
    } else {
        let checked: Vec<FileId> = (0..result.files.len())
            .filter(|&f| roles.get(f) == Some(&Role::Target))
            .collect();
        let text = super::stream::print(&result, &checked);
        let mut out = io::BufWriter::new(io::stdout().lock());
        out.write_all(text.as_bytes())?;
        out.flush()?;
        checked
    };
    settle_fixed(&mut result, &fixed, &kept);
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

/// The unknown fields of objects whose transformed form was printed or written are gone from
/// what the command produced: each `cr/unknown-field` finding there becomes a note saying it
/// was pruned, so it no longer counts as an error (or a warning) for the exit status. Every
/// other finding counts as in `check`, and so do unknown fields in a file that was not
/// rewritten.
fn settle_fixed(result: &mut RunResult, fixed: &[FileId], kept: &[usize]) {
    // A flag per file: `fixed.contains` per finding was quadratic (100,000 files, one finding
    // each: 10^10 comparisons; issue #26).
    let mut is_fixed = vec![false; result.files.len()];
    for &f in fixed {
        if let Some(x) = is_fixed.get_mut(f) {
            *x = true;
        }
    }
    let mut changed = false;
    for &i in kept {
        let d = &mut result.diagnostics[i];
        let Some(field) = d.fix().map(|f| f.replacement.clone()) else {
            continue;
        };
        d.severity = Severity::Warning;
        d.message.push_str(" (kept: likely a typo)");
        d.help = Some(format!(
            "did you mean `{}`? Not deleted, as it is one edit from a field of its object; rename it (`crdlint check --fix`) or delete it with --prune-typos",
            field
        ));
        changed = true;
    }
    for (i, d) in result.diagnostics.iter_mut().enumerate() {
        if kept.binary_search(&i).is_ok() {
            continue;
        }
        if d.rule.id == UNKNOWN_FIELD.id && d.file.is_some_and(|f| is_fixed.get(f) == Some(&true)) {
            d.severity = Severity::Info;
            d.message.push_str(" (pruned)");
            d.help = Some("removed from the output, as the API server prunes it".into());
            changed = true;
        }
    }
    if changed {
        let s = &mut result.summary;
        (s.errors, s.warnings, s.infos) = (0, 0, 0);
        s.count(&result.diagnostics);
    }
}

/// `prune --write` and `default --write` never delete a likely typo silently: each unknown
/// field with a near-miss fix (`validate::near_miss`: one edit from a field its object lacks)
/// is put back into its object's transformed form, at its place, so the rewrite leaves it
/// as written. Returns the indexes of those findings (sorted).
fn keep_typos(result: &mut RunResult) -> Vec<usize> {
    let mut spans: BTreeMap<FileId, Vec<(crate::diag::Span, usize)>> = BTreeMap::new();
    for (i, d) in result.diagnostics.iter().enumerate() {
        if let (true, Some(fix), Some(file)) = (d.rule.id == UNKNOWN_FIELD.id, d.fix(), d.file) {
            spans.entry(file).or_default().push((fix.span, i));
        }
    }
    let mut kept = Vec::new();
    for s in &mut result.stored {
        if let Some(keys) = spans.get(&s.file) {
            put_back(&s.original, &mut s.node, keys, &mut kept, 0);
        }
    }
    kept.sort_unstable();
    kept.dedup();
    kept
}

/// Copies back into `stored` the entries of `original` whose key is at one of `keys`, each
/// after the entries that precede it in `original`.
fn put_back(
    original: &crate::yaml::Node,
    stored: &mut crate::yaml::Node,
    keys: &[(crate::diag::Span, usize)],
    kept: &mut Vec<usize>,
    depth: usize,
) {
    // The loader caps nesting far below this; the walk stays safe on any tree.
    if depth > 2000 {
        return;
    }
    if let (Some(o), Some(m)) = (original.as_seq(), stored.as_seq_mut()) {
        for (a, b) in o.iter().zip(m.iter_mut()) {
            put_back(a, b, keys, kept, depth + 1);
        }
        return;
    }
    let (Some(o), Some(m)) = (original.as_map(), stored.as_map_mut()) else {
        return;
    };
    m.edit(|entries| {
        let mut at = 0;
        for e in o.entries.iter() {
            if let Some((_, i)) = keys.iter().find(|(span, _)| *span == e.key_span) {
                if !entries.iter().any(|x| x.key == e.key) {
                    entries.insert(at.min(entries.len()), e.clone());
                    kept.push(*i);
                }
                at += 1;
                continue;
            }
            if let Some(j) = entries.iter().position(|x| x.key == e.key) {
                put_back(&e.value, &mut entries[j].value, keys, kept, depth + 1);
                at = j + 1;
            }
        }
    });
}

/// Rewrites every file whose objects changed. A file whose change cannot be written exactly
/// gets a `write/not-rewritten` finding and is left as it was. Returns the files that now hold
/// the transformed objects (rewritten, or already as stored), and false beside them when a
/// file could not be written for an I/O reason.
fn write_back(result: &mut RunResult, quiet: bool) -> Result<(bool, Vec<FileId>), Failure> {
    let mut by_file: BTreeMap<FileId, Vec<&Stored>> = BTreeMap::new();
    for s in &result.stored {
        by_file.entry(s.file).or_default().push(s);
    }
    // A file the loader could not read cleanly (a syntax error, a duplicate key) is never
    // rewritten: its objects are not what the text says. Found in one pass over the findings
    // (a scan per file was quadratic over 100,000 files).
    let mut unreadable = vec![false; result.files.len()];
    for d in &result.diagnostics {
        if d.severity == Severity::Error
            && (d.rule.id.starts_with("yaml/") || d.rule.id.starts_with("io/"))
        {
            if let Some(x) = d.file.and_then(|f| unreadable.get_mut(f)) {
                *x = true;
            }
        }
    }
    let mut ok = true;
    let mut rewritten = 0;
    let mut done = Vec::new();
    let mut refused = Vec::new();
    let mut err = io::stderr().lock();
    // The files to replace, with their new texts: written together at the end.
    let mut pending = Vec::new();
    for (file, objects) in by_file {
        let source = &result.files[file];
        if unreadable[file] {
            say(
                &mut err,
                format_args!(
                    "crdlint: {}: not rewritten: fix its YAML errors first",
                    source.name
                ),
            )?;
            ok = false;
            continue;
        }
        let changes: Vec<Change<'_>> = objects
            .iter()
            .map(|s| Change {
                original: &s.original,
                updated: &s.node,
            })
            .collect();
        let text = match rewrite_file(&source.text, &changes) {
            Ok(text) => text,
            Err(r) => {
                let mut d = Diagnostic::new(
                    &WRITE_REFUSED,
                    r.span,
                    format!(
                        "not rewritten: {}; nothing in the file was changed",
                        r.reason
                    ),
                );
                d.file = Some(file);
                refused.push(d);
                continue;
            }
        };
        if text == source.text {
            done.push(file);
            continue;
        }
        // The path the file was read from: the displayed name can be lossy (`a\xff.yaml`) or
        // shortened (`./x.yaml`).
        let Some(path) = result.paths.get(file).and_then(Option::as_ref) else {
            say(
                &mut err,
                format_args!("crdlint: {}: cannot rewrite standard input", source.name),
            )?;
            ok = false;
            continue;
        };
        pending.push((file, path, text));
    }
    let jobs: Vec<Job<'_>> = pending
        .iter()
        .map(|(file, path, text)| Job {
            path,
            read: &result.files[*file].text,
            text,
        })
        .collect();
    let mut replacer = Replacer::new();
    let outcomes = replacer.replace_all(&jobs);
    replacer.finish();
    for ((file, _, _), outcome) in pending.iter().zip(outcomes) {
        match outcome {
            Ok(()) => {
                done.push(*file);
                rewritten += 1;
            }
            Err(e) => {
                say(
                    &mut err,
                    format_args!("crdlint: {}: not rewritten: {e}", result.files[*file].name),
                )?;
                ok = false;
            }
        }
    }
    if !refused.is_empty() {
        result.summary.count(&refused);
        result.diagnostics.extend(refused);
        crate::cli::driver::sort_diagnostics(&mut result.diagnostics);
    }
    if !quiet {
        let s = if rewritten == 1 { "" } else { "s" };
        writeln!(err, "crdlint: rewrote {rewritten} file{s}")?;
    }
    Ok((ok, done))
}
