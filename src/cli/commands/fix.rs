//! `check --fix` and `check --fix --diff`: the safe fixes of a finished run, applied to the
//! checked files or shown as a unified diff.
//!
//! A safe fix is one whose intent is beyond doubt and whose edit is one scalar on one line:
//! - a finding's own [`Fix`] (`cr/unknown-field` one edit from a field its object lacks,
//!   `api/unknown-kind` or `input/no-schema` for a kind one edit from a kind of its group),
//!   made where the finding is known (`validate::near_miss`, `builtin`, the driver);
//! - a YAML 1.1 boolean (`y`, `yes`, `on`, `off`, ...; not `true`/`false`, which may be meant)
//!   written plain where the schema wants a string: quoted, which is what the writer meant
//!   and what YAML 1.2 would have read (`builtin::decode::reading` decides, and gives a
//!   built-in object's finding its help);
//! - a removed built-in apiVersion whose replacement means the same for the object
//!   (`builtin::upgrade` decides; the finding carries the fix).
//!
//! Only findings that are reported (selected, not suppressed) are fixed. A file with YAML or
//! read errors is never edited, nor is one where two fixes overlap (the first wins), and the
//! edited text must read back as the same number of documents with no new YAML error or the
//! file is left alone. Files are replaced as `--write` replaces them (`write.rs`: atomically,
//! never over an edit made since the run read the file). Each fix is listed on standard
//! error, then the files are checked again (and fixed again, a few passes at most: a fixed
//! kind gets its object validated, which can reveal more): the findings and the exit status
//! are what remains. With `--diff` nothing is written: the diff goes
//! to standard output, the findings to standard error, and the status is `check`'s.

use std::collections::BTreeMap;
use std::io::{self, Write};

use super::write::{Job, Replacer};
use crate::cli::driver::RunResult;
use crate::cli::{say, Failure};
use crate::diag::{FileId, Fix, Severity};

/// The fixes found for one file, in text order, without overlaps.
struct FileFixes {
    /// Each fix with the index of its finding.
    fixes: Vec<(usize, Fix)>,
}

/// The safe fixes of `result`'s reported findings, by file.
fn collect(result: &RunResult) -> BTreeMap<FileId, FileFixes> {
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
    let mut by_file: BTreeMap<FileId, FileFixes> = BTreeMap::new();
    for (i, d) in result.diagnostics.iter().enumerate() {
        let Some(file) = d.file.filter(|f| unreadable.get(*f) == Some(&false)) else {
            continue;
        };
        let text = &result.files[file].text;
        let fixes = match d.fixes() {
            [] => quote_yaml11_bool(d, text).into_iter().collect(),
            some => some.to_vec(),
        };
        for fix in fixes.into_iter().filter_map(|f| f.in_line_of(text)) {
            by_file
                .entry(file)
                .or_insert(FileFixes { fixes: Vec::new() })
                .fixes
                .push((i, fix));
        }
    }
    for f in by_file.values_mut() {
        f.fixes.sort_by_key(|(_, x)| (x.span.start(), x.span.end()));
        let mut end = 0;
        f.fixes.retain(|(_, x)| {
            let keep = x.span.start() >= end;
            if keep {
                end = x.span.end();
            }
            keep
        });
    }
    by_file
}

/// A plain YAML 1.1 boolean where the schema wants a string (`image: y`): quoted.
fn quote_yaml11_bool(d: &crate::diag::Diagnostic, text: &str) -> Option<Fix> {
    let whole = text.get(d.span.start()..d.span.end())?;
    let (span, written) = if !crate::builtin::decode::wants_string(&d.message) {
        return None;
    } else if d.rule.id != "cr/not-an-object" {
        (d.span, whole)
    } else {
        // Metadata that does not decode is underlined from the key (`enabled: yes`).
        let (key, value) = whole.split_once(": ")?;
        let value = value.trim_end();
        let start = d.span.start() + key.len() + 2;
        (crate::diag::Span::new(start, start + value.len()), value)
    };
    crate::builtin::decode::fix_for(span, written)
}

/// `text` with the fixes applied (they are sorted and do not overlap).
fn apply(text: &str, fixes: &[(usize, Fix)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (_, f) in fixes {
        out.push_str(&text[at..f.span.start()]);
        out.push_str(&f.replacement);
        at = f.span.end();
    }
    out.push_str(&text[at..]);
    out
}

/// The edited text reads back as the same documents, with no YAML error the original did not
/// have.
fn reads_back(before: &str, after: &str) -> bool {
    let (a, b) = (crate::yaml::load(before), crate::yaml::load(after));
    let errors =
        |docs: &[crate::yaml::Document]| docs.iter().map(|d| d.errors.len()).sum::<usize>();
    a.len() == b.len() && errors(&b) <= errors(&a)
}

/// `--fix`: writes the fixed files and lists each fix on standard error
/// (`crdlint: fixed x.yaml:8:3: spec.dnsName renamed to dnsNames`). Returns false when a
/// file with fixes could not be written, and how many fixes were written.
pub fn write(result: &RunResult, quiet: bool) -> Result<(bool, usize), Failure> {
    let by_file = collect(result);
    let mut err = io::stderr().lock();
    let mut ok = true;
    let mut pending = Vec::new();
    for (file, f) in &by_file {
        let source = &result.files[*file];
        let text = apply(&source.text, &f.fixes);
        if !reads_back(&source.text, &text) {
            say(
                &mut err,
                format_args!(
                    "crdlint: {}: not fixed: the fixed text would not read back as the same documents",
                    source.name
                ),
            )?;
            continue;
        }
        let Some(path) = result.paths.get(*file).and_then(Option::as_ref) else {
            continue;
        };
        pending.push((*file, path.clone(), text));
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
    // Findings fixed (one may have several edits: every bare `yes` of a labels map), and files.
    let (mut fixed, mut files) = (std::collections::BTreeSet::new(), 0);
    for ((file, _, _), outcome) in pending.iter().zip(outcomes) {
        let source = &result.files[*file];
        match outcome {
            Ok(()) => {
                files += 1;
                for (i, fix) in &by_file[file].fixes {
                    let at = source.line_col(fix.span.start());
                    say(
                        &mut err,
                        format_args!(
                            "crdlint: fixed {}:{}:{}: {}",
                            source.name, at.line, at.column, fix.title
                        ),
                    )?;
                    fixed.insert(*i);
                }
            }
            Err(e) => {
                say(
                    &mut err,
                    format_args!("crdlint: {}: not fixed: {e}", source.name),
                )?;
                ok = false;
            }
        }
    }
    let fixed = fixed.len();
    if !quiet && fixed > 0 {
        let (fs, ns) = (plural(files), plural(fixed));
        writeln!(
            err,
            "crdlint: fixed {fixed} finding{ns} in {files} file{fs}"
        )?;
    }
    Ok((ok, fixed))
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `--fix --diff`: the fixes as a unified diff (`--- a/x.yaml`, `+++ b/x.yaml`, hunks with
/// three lines of context), nothing written.
pub fn diff(result: &RunResult) -> String {
    let mut out = String::new();
    for (file, f) in collect(result) {
        let source = &result.files[file];
        let text = apply(&source.text, &f.fixes);
        if text == source.text || !reads_back(&source.text, &text) {
            continue;
        }
        out.push_str(&unified(&source.name, &source.text, &text));
    }
    out
}

/// A unified diff of two texts with the same lines but for in-line edits (what the fixes make).
fn unified(name: &str, before: &str, after: &str) -> String {
    const CONTEXT: usize = 3;
    let a: Vec<&str> = before.split_inclusive('\n').collect();
    let b: Vec<&str> = after.split_inclusive('\n').collect();
    debug_assert_eq!(a.len(), b.len());
    let changed: Vec<usize> = (0..a.len().min(b.len()))
        .filter(|&i| a[i] != b[i])
        .collect();
    // `a/` and `b/` as git writes them (for `patch -p1`), except before an absolute path.
    let mut out = if name.starts_with('/') {
        format!("--- {name}\n+++ {name}\n")
    } else {
        format!("--- a/{name}\n+++ b/{name}\n")
    };
    let mut i = 0;
    while i < changed.len() {
        // One hunk: changed lines whose context windows touch.
        let mut j = i;
        while j + 1 < changed.len() && changed[j + 1] - changed[j] <= 2 * CONTEXT + 1 {
            j += 1;
        }
        let start = changed[i].saturating_sub(CONTEXT);
        let end = (changed[j] + CONTEXT + 1).min(a.len());
        let n = end - start;
        out.push_str(&format!("@@ -{},{n} +{},{n} @@\n", start + 1, start + 1));
        let mut k = start;
        while k < end {
            if a[k] == b[k] {
                push_line(&mut out, ' ', a[k]);
                k += 1;
                continue;
            }
            // A run of changed lines: the old ones, then the new ones.
            let run = (k..end).take_while(|&m| a[m] != b[m]).count();
            for line in &a[k..k + run] {
                push_line(&mut out, '-', line);
            }
            for line in &b[k..k + run] {
                push_line(&mut out, '+', line);
            }
            k += run;
        }
        i = j + 1;
    }
    out
}

fn push_line(out: &mut String, sign: char, line: &str) {
    out.push(sign);
    out.push_str(line);
    if !line.ends_with('\n') {
        out.push_str("\n\\ No newline at end of file\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Span;

    fn fix(start: usize, end: usize, r: &str) -> (usize, Fix) {
        let span = Span::new(start, end);
        (
            0,
            Fix {
                span,
                replacement: r.into(),
                title: String::new(),
            },
        )
    }

    #[test]
    fn fixes_are_applied_in_place_and_a_quoted_key_keeps_its_quotes() {
        let text = "a: 1\n\"sise\": 2\n";
        let f = fix(5, 11, "size").1.in_line_of(text).unwrap();
        assert_eq!(f.replacement, "\"size\"");
        let fixes = vec![fix(0, 1, "b"), (0, f)];
        assert_eq!(apply(text, &fixes), "b: 1\n\"size\": 2\n");
        // A span over a line break is no one-line edit.
        assert!(fix(0, 6, "x").1.in_line_of(text).is_none());
    }

    #[test]
    fn a_unified_diff_has_context_and_merged_hunks() {
        let before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20";
        let after = before
            .replacen("2\n", "two\n", 1)
            .replacen("\n20", "\nTWENTY", 1);
        let d = unified("x.yaml", before, &after);
        assert!(
            d.starts_with("--- a/x.yaml\n+++ b/x.yaml\n@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n"),
            "{d}"
        );
        assert!(d.contains("@@ -17,4 +17,4 @@\n 17\n 18\n 19\n-20\n\\ No newline at end of file\n+TWENTY\n\\ No newline at end of file\n"), "{d}");
    }

    #[test]
    fn only_yaml_1_1_booleans_are_quoted() {
        let rule = &crate::validate::rules::UNKNOWN_FIELD;
        let text = "image: y\nname: true\n";
        let d = |s: usize, e: usize| {
            crate::diag::Diagnostic::new(
                rule,
                Span::new(s, e),
                "x in body must be of type string: \"boolean\"",
            )
        };
        assert_eq!(
            quote_yaml11_bool(&d(7, 8), text).unwrap().replacement,
            "\"y\""
        );
        assert!(quote_yaml11_bool(&d(15, 19), text).is_none());
    }
}
