//! Suppressions: `# crdlint: ignore[RULE, ...] -- reason` comments and the
//! `crdlint.io/ignore` annotation, applied to a finished run and audited.
//!
//! A line comment silences the named rules on its own line, and on the next line when it
//! stands alone on its line (the line above the finding). `# crdlint: ignore-file[...]` covers
//! its whole file. The annotation `crdlint.io/ignore: "RULE,RULE"` covers the object it is on,
//! for manifests whose comments are lost on the way (kustomize drops them). Rules are ids or
//! group prefixes, as in the config.
//!
//! The audit follows ruff's `noqa` lessons: a bare `# crdlint: ignore` (no rules) silences
//! nothing and is itself a finding, a rule that was silenced nowhere is reported
//! (`meta/unused-suppression`), and with `require-reason: true` a suppression without a reason
//! is a finding. Silenced findings are kept apart, for JSON and SARIF to show as suppressed.

use super::policy::Policy;
use super::rules::{matches, BLANKET, MISSING_REASON, UNUSED};
use crate::diag::{Diagnostic, FileId, Rule, SourceFile, Span, Suppression};

/// An annotation `crdlint.io/ignore` found on an object.
#[derive(Clone, Debug)]
pub struct IgnoreAnnotation {
    pub file: FileId,
    /// The annotated object.
    pub object: Span,
    /// The annotation's value.
    pub value: Span,
    pub text: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    /// These lines (1-based, inclusive).
    Lines(usize, usize),
    /// The whole file.
    File,
    /// Inside this span.
    Object(Span),
}

/// One suppression: its rules (with where each is written) and what it covers.
#[derive(Debug)]
struct Suppressor {
    file: FileId,
    scope: Scope,
    rules: Vec<(String, Span)>,
    used: Vec<bool>,
    reason: Option<String>,
    span: Span,
}

/// The outcome of applying suppressions.
pub struct Applied {
    /// Findings still reported, with the audit's own findings added.
    pub diagnostics: Vec<Diagnostic>,
    /// Findings silenced, each with its [`Suppression`].
    pub suppressed: Vec<Diagnostic>,
}

/// Applies the comments in `files` and the `annotations` to `diagnostics` (already filtered by
/// the policy), and audits the suppressions.
pub fn apply(
    diagnostics: Vec<Diagnostic>,
    files: &[SourceFile],
    annotations: &[IgnoreAnnotation],
    policy: &Policy,
    require_reason: bool,
) -> Applied {
    let mut audit = Vec::new();
    let mut sups = Vec::new();
    for (id, file) in files.iter().enumerate() {
        scan_comments(id, file, &mut sups, &mut audit);
    }
    for a in annotations {
        let (rules, reason) = split_list(&a.text, a.value.start() + 1);
        sups.push(Suppressor {
            file: a.file,
            scope: Scope::Object(a.object),
            used: vec![false; rules.len()],
            rules,
            reason,
            span: a.value,
        });
    }
    // Marked in place, then moved out: with 10^6 findings a second vector of them (the kept
    // ones pushed one by one while the input was still held) was the run's peak memory.
    let mut diagnostics = diagnostics;
    let mut silenced = vec![
        false;
        if sups.is_empty() {
            0
        } else {
            diagnostics.len()
        }
    ];
    let index = Index::new(&sups, files.len());
    let mut candidates = Vec::new();
    for (d, silenced) in diagnostics.iter_mut().zip(&mut silenced) {
        let Some(file) = d.file.and_then(|f| index.files.get(f)) else {
            continue;
        };
        candidates.clear();
        file.covering(d, files, &mut candidates);
        // In the order the suppressions were found: the first one gives the reason.
        candidates.sort_unstable();
        candidates.dedup();
        let mut hit: Option<Option<String>> = None;
        for &i in &candidates {
            let s = &mut sups[i];
            for (i, (pattern, _)) in s.rules.iter().enumerate() {
                if matches(pattern, d.rule.id) {
                    s.used[i] = true;
                    hit.get_or_insert_with(|| s.reason.clone());
                }
            }
        }
        if let Some(reason) = hit {
            d.set_suppression(Suppression { reason });
            *silenced = true;
        }
    }
    let suppressed = take_marked(&mut diagnostics, &silenced);
    let mut kept = diagnostics;
    for s in &sups {
        audit_one(s, files, policy, require_reason, &mut audit);
    }
    policy.apply(&mut audit, files);
    kept.extend(audit);
    Applied {
        diagnostics: kept,
        suppressed,
    }
}

/// The suppressions of each file by what they cover, so that a finding looks up only those that
/// may cover it: matching every finding against every suppression of its file took 13-19 s
/// for a file of 100,000 lines each with its own comment (issue 26).
struct Index {
    files: Vec<FileIndex>,
}

/// One file's suppressions (indices into the list of all of them).
#[derive(Default)]
struct FileIndex {
    whole: Vec<usize>,
    /// By 1-based line: the comments that cover it (each covers one line or two).
    lines: std::collections::HashMap<usize, Vec<usize>>,
    /// Annotations by the start of their object, with the largest end among them so far: a
    /// finding walks back from its position only while an object before it can still reach
    /// past it (objects nest a level or two, a `List` and its items).
    objects: Vec<(Span, usize)>,
    reach: Vec<usize>,
}

impl Index {
    fn new(sups: &[Suppressor], files: usize) -> Index {
        let mut index: Vec<FileIndex> = (0..files).map(|_| FileIndex::default()).collect();
        for (i, s) in sups.iter().enumerate() {
            let Some(f) = index.get_mut(s.file) else {
                continue;
            };
            match s.scope {
                Scope::File => f.whole.push(i),
                Scope::Lines(a, b) => {
                    for line in a..=b {
                        f.lines.entry(line).or_default().push(i);
                    }
                }
                Scope::Object(o) => f.objects.push((o, i)),
            }
        }
        for f in &mut index {
            f.objects.sort_by_key(|(o, i)| (o.start(), *i));
            let mut reach = 0;
            f.reach = f
                .objects
                .iter()
                .map(|(o, _)| {
                    reach = reach.max(o.end());
                    reach
                })
                .collect();
        }
        Index { files: index }
    }
}

impl FileIndex {
    /// Adds the suppressions that cover `d` to `out` (in no particular order).
    fn covering(&self, d: &Diagnostic, files: &[SourceFile], out: &mut Vec<usize>) {
        out.extend_from_slice(&self.whole);
        if !self.lines.is_empty() {
            let line = d
                .file
                .and_then(|f| files.get(f))
                .map(|f| f.line_col(d.span.start()).line);
            if let Some(found) = line.and_then(|l| self.lines.get(&l)) {
                out.extend_from_slice(found);
            }
        }
        let (start, end) = (d.span.start(), d.span.end());
        let before = self.objects.partition_point(|(o, _)| o.start() <= start);
        for k in (0..before).rev() {
            if self.reach[k] < end {
                break;
            }
            let (o, i) = self.objects[k];
            if end <= o.end() {
                out.push(i);
            }
        }
    }
}

/// Moves the findings whose mark is set out of `diagnostics`, keeping the order of both.
fn take_marked(diagnostics: &mut Vec<Diagnostic>, marked: &[bool]) -> Vec<Diagnostic> {
    let mut taken = Vec::with_capacity(marked.iter().filter(|m| **m).count());
    if taken.capacity() == 0 {
        return taken;
    }
    let mut marks = marked.iter();
    diagnostics.retain_mut(|d| {
        if !marks.next().copied().unwrap_or(false) {
            return true;
        }
        // An empty finding (no allocation) takes its place until `retain_mut` drops it.
        let hole = Diagnostic::new(d.rule, d.span, String::new());
        taken.push(std::mem::replace(d, hole));
        false
    });
    taken
}

/// Reports the rules of `s` that silenced nothing, and a missing reason.
fn audit_one(
    s: &Suppressor,
    files: &[SourceFile],
    policy: &Policy,
    require_reason: bool,
    out: &mut Vec<Diagnostic>,
) {
    let name = files.get(s.file).map(|f| f.name.as_str());
    let rules = super::rules::all();
    for ((pattern, span), used) in s.rules.iter().zip(&s.used) {
        if *used {
            continue;
        }
        let known: Vec<&&Rule> = rules.iter().filter(|r| matches(pattern, r.id)).collect();
        let message = if known.is_empty() {
            let ids: Vec<&str> = rules.iter().map(|r| r.id).collect();
            format!(
                "unknown rule `{pattern}` in a suppression{}",
                crate::diag::suggest::did_you_mean(pattern, &ids)
            )
        } else if known.iter().all(|r| !policy.enabled(r, name)) {
            // Turned off by the config for this file: the suppression is redundant, not stale.
            continue;
        } else {
            format!("`{pattern}` is suppressed here but reported nothing")
        };
        out.push(
            Diagnostic::new(&UNUSED, *span, message)
                .with_file(s.file)
                .with_help("remove it from the suppression"),
        );
    }
    if require_reason && s.reason.is_none() && !s.rules.is_empty() {
        out.push(
            Diagnostic::new(&MISSING_REASON, s.span, "this suppression gives no reason")
                .with_file(s.file)
                .with_help("say why after `--`: `# crdlint: ignore[rule/id] -- why`"),
        );
    }
}

/// The text every suppression comment contains.
const MARK: &str = "# crdlint:";

/// Finds the `# crdlint:` comments of one file. Only lines that contain the mark can hold one
/// (see [`find_comment`]), so the text is searched for the mark (memchr's SIMD search) and
/// only those lines are read: most files have none, and reading every line of every file was
/// ~5% of a 10,000-resource run's instructions.
fn scan_comments(
    id: FileId,
    file: &SourceFile,
    out: &mut Vec<Suppressor>,
    audit: &mut Vec<Diagnostic>,
) {
    let text = file.text.as_str();
    let bytes = text.as_bytes();
    if bytes.is_empty() {
        // A file whose text the run let go (most of them): no searcher to build.
        return;
    }
    // Line numbers are counted incrementally: `line_no` is the number of the line starting at
    // `counted`. A window of a stream ([`SourceFile::window`]) numbers its lines on from the
    // chunks before it, as findings are placed.
    let (mut counted, mut line_no) = (0, 1 + file.first_line());
    // The end of the last line read; later hits on that line are not comments of their own.
    let mut done = 0;
    for hit in memchr::memmem::find_iter(bytes, MARK) {
        if hit < done {
            continue;
        }
        let start = memchr::memrchr(b'\n', &bytes[..hit]).map_or(0, |i| i + 1);
        let end = memchr::memchr(b'\n', &bytes[hit..]).map_or(bytes.len(), |i| hit + i + 1);
        line_no += memchr::memchr_iter(b'\n', &bytes[counted..start]).count();
        counted = start;
        done = end;
        // `\n` and the ASCII mark sit on character boundaries.
        scan_line(id, (line_no, start), &text[start..end], out, audit);
    }
}

/// Reads the suppression comment of one line (`line_no`, starting at offset `start`), if any.
fn scan_line(
    id: FileId,
    (line_no, start): (usize, usize),
    line: &str,
    out: &mut Vec<Suppressor>,
    audit: &mut Vec<Diagnostic>,
) {
    let Some(at) = find_comment(line, MARK) else {
        return;
    };
    let own_line = line[..at].trim().is_empty();
    let rest = &line[at + MARK.len()..];
    let body = rest.trim_start();
    let body_at = start + at + MARK.len() + (rest.len() - body.len());
    let (file_wide, after) = if let Some(r) = body.strip_prefix("ignore-file") {
        (true, r)
    } else if let Some(r) = body.strip_prefix("ignore") {
        (false, r)
    } else {
        return;
    };
    let after_at = body_at + (body.len() - after.len());
    let span = Span::new(start + at, start + line.trim_end().len());
    let Some(list) = after.strip_prefix('[') else {
        // `ignore` or `ignore-file` with no rule list.
        if after.trim().is_empty() || after.trim_start().starts_with("--") {
            audit.push(
                Diagnostic::new(
                    &BLANKET,
                    span,
                    "this suppression names no rule, so it silences nothing",
                )
                .with_file(id)
                .with_help("name the rules: `# crdlint: ignore[rule/id] -- why`"),
            );
        }
        return;
    };
    let (rules, reason) = split_list(list, after_at + 1);
    let scope = if file_wide {
        Scope::File
    } else if own_line {
        Scope::Lines(line_no, line_no + 1)
    } else {
        Scope::Lines(line_no, line_no)
    };
    out.push(Suppressor {
        file: id,
        scope,
        used: vec![false; rules.len()],
        rules,
        reason,
        span,
    });
}

/// The byte offset of a YAML comment starting with `mark` in `line`: at the start of the line or
/// after a blank, and not inside a quoted scalar.
fn find_comment(line: &str, mark: &str) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut quote: Option<u8> = None;
    for (i, &b) in bytes.iter().enumerate() {
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if b == b'"' || b == b'\'' => {
                // A quote opens a scalar only at the start of a value.
                let prev = line[..i].trim_end().chars().last();
                if matches!(prev, None | Some(':' | '-' | '[' | '{' | ',')) {
                    quote = Some(b);
                }
            }
            None if b == b'#' && (i == 0 || bytes[i - 1] == b' ' || bytes[i - 1] == b'\t') => {
                return line[i..].starts_with(mark).then_some(i);
            }
            None => {}
        }
    }
    None
}

/// `RULE, RULE] -- reason` (a comment after `[`) or `RULE,RULE -- reason` (an annotation): the
/// rules with their spans (`base` is the offset of `list` in the file), and the reason.
fn split_list(list: &str, base: usize) -> (Vec<(String, Span)>, Option<String>) {
    let (inner, tail) = match list.find(']') {
        Some(i) => (&list[..i], &list[i + 1..]),
        None => match list.find("--") {
            Some(i) => (&list[..i], &list[i..]),
            None => (list, ""),
        },
    };
    let mut rules = Vec::new();
    let mut pos = 0;
    for part in inner.split(',') {
        let trimmed = part.trim();
        let lead = part.len() - part.trim_start().len();
        if !trimmed.is_empty() {
            let s = base + pos + lead;
            rules.push((trimmed.to_string(), Span::new(s, s + trimmed.len())));
        }
        pos += part.len() + 1;
    }
    let reason = tail
        .trim()
        .strip_prefix("--")
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .map(str::to_string);
    (rules, reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_are_found_outside_strings_only() {
        assert_eq!(
            find_comment("a: 1 # crdlint: ignore[x]", "# crdlint:"),
            Some(5)
        );
        assert_eq!(find_comment("# crdlint: ignore[x]", "# crdlint:"), Some(0));
        assert_eq!(
            find_comment("a: \"x # crdlint: ignore[x]\"", "# crdlint:"),
            None
        );
        assert_eq!(find_comment("a: b#crdlint", "# crdlint:"), None);
        assert_eq!(
            find_comment("a: it's # crdlint: ignore[x]", "# crdlint:"),
            Some(8)
        );
    }

    /// The suppressions `scan_comments` finds, as (scope, rules, reason, span) for comparison.
    fn found(text: &str) -> (Vec<String>, usize) {
        let file = SourceFile::new("t.yaml", text.to_string());
        let (mut sups, mut audit) = (Vec::new(), Vec::new());
        scan_comments(0, &file, &mut sups, &mut audit);
        let sups = sups
            .iter()
            .map(|s| format!("{:?} {:?} {:?} {:?}", s.scope, s.rules, s.reason, s.span))
            .collect();
        (sups, audit.len())
    }

    /// The same, reading every line (what the mark search must agree with).
    fn found_line_by_line(text: &str) -> (Vec<String>, usize) {
        let (mut sups, mut audit) = (Vec::new(), Vec::new());
        let mut offset = 0;
        for (n, line) in text.split_inclusive('\n').enumerate() {
            scan_line(0, (n + 1, offset), line, &mut sups, &mut audit);
            offset += line.len();
        }
        let sups = sups
            .iter()
            .map(|s| format!("{:?} {:?} {:?} {:?}", s.scope, s.rules, s.reason, s.span))
            .collect();
        (sups, audit.len())
    }

    #[test]
    fn the_mark_search_finds_what_reading_every_line_finds() {
        let texts = [
            "",
            "a: 1\n",
            "# crdlint: ignore[a/b] -- why\nx: 1\n",
            "x: 1  # crdlint: ignore[a/b, c/d]\r\ny: 2 # crdlint: ignore-file[e/f]",
            "x: \"# crdlint: ignore[a/b]\" # crdlint: ignore[c/d]\n# crdlint: ignore\n",
            "\n\n# crdlint: ignore-file[a] # crdlint: ignore[b]\n\n  # crdlint: ignore[c]\n",
            "k: é # crdlint: ignore[x/y] -- ünïcode\n# crdlint:ignore[z]\n#crdlint: ignore[w]\n",
        ];
        for text in texts {
            assert_eq!(found(text), found_line_by_line(text), "{text:?}");
        }
        let (sups, audit) = found(texts[4]);
        assert_eq!(sups.len(), 1, "{sups:?}");
        assert!(sups[0].starts_with("Lines(1, 1)"), "{sups:?}");
        assert_eq!(audit, 1);
        let (sups, _) = found(texts[5]);
        assert_eq!(sups.len(), 2, "{sups:?}");
        assert!(sups[1].starts_with("Lines(5, 6)"), "{sups:?}");
    }

    #[test]
    fn lists_and_reasons_split_with_spans() {
        let (rules, reason) = split_list("a/b, c/ ] -- because", 10);
        assert_eq!(
            rules,
            [
                ("a/b".to_string(), Span::new(10, 13)),
                ("c/".to_string(), Span::new(15, 17))
            ]
        );
        assert_eq!(reason.as_deref(), Some("because"));
        let (rules, reason) = split_list("a/b,c/d", 0);
        assert_eq!(rules.len(), 2);
        assert_eq!(reason, None);
    }
}
