//! What a run keeps of its files' texts: each file is read when a step needs it, and its text
//! is kept for the report only where the report may need it. A run of 100,000 resources with
//! a handful of findings keeps a handful of texts, not 50 MB of them.
//!
//! Step 1 reads every file (to tell whether it may hold a CRD; a schema file is read by the
//! task that parses it, and the text of a CRD file it is done with is let go there:
//! [`Text::Noted`]); the text of a file left to step 3 is held for it when it is small and the
//! run's budget allows ([`Held`]: 16 KiB a file, 16 MiB in all), and let go otherwise (step 3
//! reads it again). So a tree of 10,000 small files is read once, while a run's peak does not
//! grow with its input.
//!
//! A text is kept when a finding (or a finding's related location) points into the file, when
//! the file may hold a suppression comment (`# crdlint:`, read after the run), when it has no
//! document (the "no YAML documents" note points at its start), and for every file when the
//! command prints or rewrites files or asked for all of them ([`RunOptions::keep_texts`]).
//! Every other file keeps its name and an empty text; where a skipped document starts is worked
//! out while its text is at hand ([`Skipped::at`]).
//!
//! A kept text that was read from a path is not held through the run either: its length and
//! hash are noted, and it is read again at the end, when the CRDs' compiled schemas are gone
//! (they are most of the peak). A file that reads differently then changed while it was being
//! checked: it gets an `io/read` finding (its other findings may point at the wrong lines), and
//! the run exits 2, as for any file it could not read properly.

use super::*;

/// A file's text as the steps hand it on.
pub(super) enum Text<'a> {
    /// Read (or already at hand in its [`Loaded`]) and still needed.
    Held(Cow<'a, str>),
    /// Looked at and let go: a step that needs it reads it again. Its length then, to order
    /// the work by size.
    Released(usize),
    /// Could not be read, and why.
    Failed(String),
    /// Read from a path by step 1, which is done with the file, and let go: what the report
    /// needs to read it again ([`Kept::Again`]) and whether it may hold a suppression comment.
    /// No hash when step 1 could tell that the report will not need the text ([`Text::note`]).
    Noted {
        len: usize,
        hash: Option<u64>,
        comment: bool,
    },
}

impl<'a> Text<'a> {
    /// Reads the file (a pending one from disk, now).
    pub(super) fn read(l: &'a Loaded) -> Text<'a> {
        match l.text() {
            Ok(text) => Text::Held(text),
            Err(e) => Text::Failed(e),
        }
    }

    /// The text, if held.
    pub(super) fn held(&self) -> Option<&str> {
        match self {
            Text::Held(t) => Some(t),
            _ => None,
        }
    }

    /// How long the text is (was, when released): the cost of the work on it, roughly.
    pub(super) fn len(&self) -> usize {
        match self {
            Text::Held(t) => t.len(),
            Text::Released(len) | Text::Noted { len, .. } => *len,
            Text::Failed(_) => 0,
        }
    }

    /// The text or why it could not be read; a released text counts as empty.
    pub(super) fn as_result(&self) -> Result<&str, &str> {
        match self {
            Text::Held(t) => Ok(t),
            Text::Released(_) | Text::Noted { .. } => Ok(""),
            Text::Failed(e) => Err(e),
        }
    }

    /// What step 1 hands on of a text it is done with: a small text read from a path is held
    /// for step 3 while the run's [`Held`] budget lasts, and a text its [`Loaded`] already has
    /// costs nothing to keep; any other is let go (step 3 reads it again). A failure is kept:
    /// there is nothing to read again.
    pub(super) fn hold_or_release(self, budget: &Held) -> Text<'a> {
        match self {
            Text::Held(Cow::Owned(t)) if budget.take(t.len()) => Text::Held(Cow::Owned(t)),
            Text::Held(Cow::Owned(t)) => Text::Released(t.len()),
            other => other,
        }
    }

    /// What step 1 notes of a text read from a path when it is done with the file (`None`:
    /// kept as it is): the text itself when the command uses every text.
    ///
    /// `settled`: the caller knows that no later step will point a finding into the file, and
    /// gives what [`Text::needed`] will be asked with (whether the file has findings, its
    /// documents). A text the report will not need then goes unhashed: hashing every CRD file
    /// whole was 8 million instructions of a 10,000-resource run that read none of them again.
    pub(super) fn note(
        &self,
        opts: &RunOptions,
        settled: Option<(bool, usize)>,
    ) -> Option<Text<'a>> {
        match self {
            Text::Held(Cow::Owned(t)) if !opts.keep_texts && opts.transform.is_none() => {
                let comment = has_comment(t);
                let unneeded = settled.is_some_and(|(findings, documents)| {
                    !comment && !wanted(opts, findings, documents)
                });
                Some(Text::Noted {
                    len: t.len(),
                    hash: (!unneeded).then(|| hash(t)),
                    comment,
                })
            }
            _ => None,
        }
    }

    /// Whether the report may need the text (see [`needed`]); one not at hand is not needed.
    pub(super) fn needed(&self, opts: &RunOptions, findings: bool, documents: usize) -> bool {
        match self {
            Text::Held(t) => needed(opts, t, findings, documents),
            Text::Noted { comment, .. } => wanted(opts, findings, documents) || *comment,
            Text::Released(_) | Text::Failed(_) => false,
        }
    }

    /// What the report keeps of a held text, given whether it needs it: a text read from a
    /// path is read again at the end, unless the command uses every text
    /// ([`RunOptions::keep_texts`], or it prints files).
    pub(super) fn keep(self, needed: bool, opts: &RunOptions) -> Kept {
        match self {
            Text::Held(Cow::Owned(t))
                if needed && (opts.keep_texts || opts.transform.is_some()) =>
            {
                Kept::Owned(t)
            }
            Text::Held(Cow::Owned(t)) if needed => Kept::Again {
                len: t.len(),
                hash: Some(hash(&t)),
            },
            Text::Held(Cow::Borrowed(_)) if needed => Kept::InLoaded,
            Text::Noted { len, hash, .. } if needed => Kept::Again { len, hash },
            _ => Kept::Nothing,
        }
    }
}

/// What the result keeps of one file's text.
pub(super) enum Kept {
    Nothing,
    /// Read by the run.
    Owned(String),
    /// The text its [`Loaded`] already had.
    InLoaded,
    /// Read again from its path after the run; this is what was checked. (A text noted
    /// without a hash, [`Text::note`], was not expected to be needed: only its length is
    /// compared then.)
    Again {
        len: usize,
        hash: Option<u64>,
    },
}

/// How much text step 1 holds for step 3 instead of letting it go: the files of a tree of
/// many small files are then read once (a re-read costs an `open`, an `fstat` and a `read` per
/// file, nearly whatever its size), while the texts of larger files, which cost memory rather
/// than system calls, are read again. Holding is bounded, so the peak stays flat in the input.
pub(super) struct Held {
    total: std::sync::atomic::AtomicUsize,
}

impl Held {
    /// The largest text held: a re-read costs about the same whatever the size, while the
    /// work on a text grows with it, so holding larger texts saves little time for its memory
    /// (at 64 KiB the 10,000-resource run held its 5 MB of resources' texts across the peak;
    /// issue 34). A tree of small files (the median of the 10,000 files of one resource each
    /// is 400 bytes) is still read once.
    const FILE: usize = 16 * 1024;
    /// The most held at once in a run.
    const TOTAL: usize = 16 * 1024 * 1024;

    pub(super) fn new() -> Held {
        Held {
            total: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// Whether a text of `len` bytes may be held (and if so counts it).
    fn take(&self, len: usize) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        len <= Held::FILE
            && self
                .total
                .fetch_update(Relaxed, Relaxed, |t| {
                    (t + len <= Held::TOTAL).then_some(t + len)
                })
                .is_ok()
    }
}

/// A hash of a text, to tell whether it reads the same again. foldhash: SipHash (the
/// standard library's) took milliseconds over the 10 MB of CRD files a run reads again.
fn hash(text: &str) -> u64 {
    use std::hash::BuildHasher;
    foldhash::quality::FixedState::default().hash_one(text)
}

/// Whether the report may need a file's text (see the module docs). `findings`: some finding
/// points into the file.
pub(super) fn needed(opts: &RunOptions, text: &str, findings: bool, documents: usize) -> bool {
    wanted(opts, findings, documents) || has_comment(text)
}

/// [`needed`] but for the suppression comment.
fn wanted(opts: &RunOptions, findings: bool, documents: usize) -> bool {
    opts.keep_texts || opts.transform.is_some() || findings || documents == 0
}

/// Whether a text may hold a suppression comment (read after the run): `# crdlint:` somewhere.
fn has_comment(text: &str) -> bool {
    // Every CRD file's text, and every other file's without findings, is searched whole, and
    // `#` is rare in YAML (comments only): memchr's SIMD search for that one byte, each hit
    // then compared, cost less than half of its substring search (0.3 instructions a byte,
    // 7 M of the 10,000-resource workload's `validate`; std's `contains` cost 0.4).
    const MARK: &[u8] = b"# crdlint:";
    let bytes = text.as_bytes();
    memchr::memchr_iter(b'#', bytes).any(|i| bytes[i..].starts_with(MARK))
}

/// The files that the findings of steps 1 and 2 point into (their own file, or a related
/// location's).
pub(super) fn mentioned(diagnostics: &[Diagnostic], files: usize) -> Vec<bool> {
    let mut out = vec![false; files];
    let mut mark = |f: Option<FileId>| {
        if let Some(slot) = f.and_then(|f| out.get_mut(f)) {
            *slot = true;
        }
    };
    for d in diagnostics {
        mark(d.file);
        for r in d.related() {
            mark(r.file.or(d.file));
        }
    }
    out
}

/// After step 2: lets go of the texts of the files step 1 is done with (their trees are gone:
/// only CRDs, or `--crd` files) unless the report needs them, before step 3 starts. On every
/// core: telling and noting what to keep reads each text (19 MB of CRDs in a benchmark run).
pub(super) fn release_crd_files(early: &mut [Early<'_>], mentioned: &[bool], opts: &RunOptions) {
    let done: Vec<(FileId, &mut Early<'_>)> = early
        .iter_mut()
        .enumerate()
        .filter(|(_, e)| e.parsed.as_ref().is_some_and(|p| p.docs.is_empty()))
        // A file that could not be read keeps its failure, which step 3 counts as an I/O
        // failure (exit 2): released, a `--crd` file that could not be read exited 1.
        .filter(|(_, e)| !matches!(e.text, Text::Failed(_)))
        .collect();
    done.into_par_iter().with_max_len(1).for_each(|(f, e)| {
        let Some(p) = &e.parsed else { return };
        let findings = mentioned[f] || !p.diagnostics.is_empty();
        let keep = e.text.needed(opts, findings, p.documents);
        let text = std::mem::replace(&mut e.text, Text::Released(0));
        e.kept = Some(text.keep(keep, opts));
    });
}

/// The result's files and the paths they were read from, each with the text kept for it (read
/// again where [`Kept::Again`]), and an `io/read` finding for each file that no longer reads
/// as it did.
pub(super) fn files(
    loaded: Vec<Loaded>,
    kept: Vec<Kept>,
) -> (Vec<SourceFile>, Vec<Option<PathBuf>>, Vec<Diagnostic>) {
    let per_file: Vec<(SourceFile, Option<PathBuf>, Option<Diagnostic>)> = loaded
        .into_par_iter()
        .zip(kept)
        .with_max_len(1)
        .enumerate()
        .map(|(f, (l, kept))| {
            let (text, changed) = match kept {
                Kept::Nothing => (String::new(), None),
                Kept::Owned(t) => (t, None),
                Kept::InLoaded => (l.source.text, None),
                Kept::Again { len, hash: h } => {
                    let _again = super::trace::piece("read for report", Some(f));
                    read_again(&l, len, h)
                }
            };
            let changed = changed.map(|msg| {
                Diagnostic::new(&input_rules::IO_ERROR, Span::default(), msg).with_file(f)
            });
            let path = match l.input.origin {
                Origin::Path(path) => Some(path),
                Origin::Stdin => None,
            };
            (SourceFile::new(l.source.name, text), path, changed)
        })
        .collect();
    let mut files = Vec::with_capacity(per_file.len());
    let mut paths = Vec::with_capacity(per_file.len());
    let mut changed = Vec::new();
    for (file, path, d) in per_file {
        files.push(file);
        paths.push(path);
        changed.extend(d);
    }
    (files, paths, changed)
}

/// A kept text read again, and what is wrong when it is not the text that was checked.
fn read_again(l: &Loaded, len: usize, h: Option<u64>) -> (String, Option<String>) {
    match l.text() {
        Ok(t) if t.len() == len && h.is_none_or(|h| hash(&t) == h) => (t.into_owned(), None),
        Ok(t) => (
            t.into_owned(),
            Some(
                "the file changed while crdlint was checking it: run again (its findings may point at the wrong lines)"
                    .to_string(),
            ),
        ),
        Err(e) => (
            String::new(),
            Some(format!("could not be read again to show its findings: {e}")),
        ),
    }
}

/// Where each skipped document of a file starts, while its text is at hand.
pub(super) fn place_skipped(text: &str, skipped: &mut [Skipped]) {
    if skipped.is_empty() {
        return;
    }
    let offsets: Vec<usize> = skipped.iter().map(|s| s.span.start()).collect();
    for (s, at) in skipped
        .iter_mut()
        .zip(crate::diag::line_cols(text, &offsets))
    {
        s.at = at;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::input::Input;

    const CRD: &str = include_str!("../../../testdata/examples/crds/backup-schedule.yaml");

    fn file(name: &str, text: &str) -> Loaded {
        let input = Input {
            name: name.into(),
            origin: Origin::Path(name.into()),
            role: Role::Target,
            named_crd: false,
            walked: false,
        };
        Loaded::with_text(input, text.to_string())
    }

    fn opts() -> RunOptions {
        RunOptions {
            list_skipped: true,
            ..RunOptions::default()
        }
    }

    fn resource(days: i64) -> String {
        format!(
            "apiVersion: ops.example.com/v1\nkind: BackupSchedule\nmetadata:\n  name: b\n  namespace: n\nspec:\n  schedule: '0 3 * * *'\n  retentionDays: {days}\n  target:\n    bucket: backups\n"
        )
    }

    /// Step 1 parses the smallest files of resources after the CRDs (`crds::fillers`), step 3
    /// the rest: a file gets the same findings either way.
    #[test]
    fn a_suppression_comment_is_found_where_its_text_is() {
        for t in [
            "a: 1 # crdlint: ignore x\n",
            "# crdlint:",
            "## crdlint: x",
            "# crdlint",
            "#crdlint: x",
            "a: '#' # other\n# crdlint:disable",
            "",
            "#",
        ] {
            assert_eq!(has_comment(t), t.contains("# crdlint:"), "{t:?}");
        }
    }

    #[test]
    fn files_parsed_in_step_one_or_three_get_the_same_findings() {
        // 40 files of ~35 KB: more than step 1 takes, so both steps parse some.
        let docs: String = (0..200).map(|d| resource(400 + d) + "---\n").collect();
        let mut files = vec![file("a-crd.yaml", CRD)];
        files.extend((0..40).map(|i| file(&format!("r{i:02}.yaml"), &docs)));
        assert!(40 * docs.len() > 2 * super::super::crds::FILLER_BYTES);
        let result = run(files, &opts());
        let findings_of = |f: usize| {
            let mut found: Vec<(usize, String, String)> = result
                .diagnostics
                .iter()
                .filter(|d| d.file == Some(f))
                .map(|d| (d.span.start(), d.rule.id.to_string(), d.message.clone()))
                .collect();
            found.sort();
            found
        };
        let first = findings_of(1);
        assert_eq!(first.len(), 200, "{first:?}");
        for f in 2..=40 {
            assert_eq!(findings_of(f), first, "file {f}");
        }
    }

    /// Step 3 prepares the CRD versions the resources name before it validates them
    /// (`crds::prepare_ahead`): the versions named, or the one `--crd-version` asks for; kinds
    /// not in the table, and versions not named, are left alone.
    #[test]
    fn the_versions_resources_name_are_prepared_ahead() {
        let result = run(
            vec![file("a-crd.yaml", CRD), file("b.yaml", &resource(400))],
            &opts(),
        );
        assert!(!result.diagnostics.is_empty());
        let mut crd_tree = crate::yaml::load(CRD).remove(0).root.expect("root");
        let crd = CompiledCrd::compile_taking(&mut crd_tree).expect("compiles");
        let key = (crd.group.clone(), crd.kind.clone());
        let mut table = Table::default();
        table.insert(
            key,
            super::super::crds::TableEntry {
                file: 0,
                span: Span::default(),
                index: Some(0),
                unusable: None,
                fingerprint: 0,
                explicit: true,
            },
        );
        let crds = vec![Some(crd)];
        let hints_of = |text: &str| {
            let mut h = super::super::crds::Hints::default();
            classify::type_hints(text, &mut h.types);
            h
        };
        let ahead = |text: &str, opts: &RunOptions| {
            super::super::crds::prepare_ahead(&table, &crds, &hints_of(text), opts)
        };
        let v1 = "apiVersion: ops.example.com/v1\nkind: BackupSchedule\n";
        assert_eq!(ahead(v1, &opts()), [(0, "v1".to_string())]);
        let other = "apiVersion: ops.example.com/v1\nkind: Other\n";
        assert!(ahead(other, &opts()).is_empty());
        let mut beta = opts();
        beta.validate.version = Some("v1beta1".to_string());
        assert_eq!(ahead(v1, &beta), [(0, "v1beta1".to_string())]);
        // Preparing is only work done early: a version the CRD does not serve is no error.
        if let Some(crd) = &crds[0] {
            crd.prepare("v9", Default::default(), true);
            crd.prepare("v1", Default::default(), true);
        }
    }

    #[test]
    fn only_texts_the_report_needs_are_kept() {
        let bad = resource(400);
        let good = resource(30);
        let suppressed = format!("# crdlint: ignore-file[cr/schema]\n{good}");
        let skipped = format!("{good}---\nkey: value\n---\n# a comment\nplain: 1\n");
        let files = vec![
            file("a-crd.yaml", CRD),
            file("b-bad.yaml", &bad),
            file("c-good.yaml", &good),
            file("d-suppressed.yaml", &suppressed),
            file("e-comments.yaml", "# nothing here\n"),
            file("f-skipped.yaml", &skipped),
        ];
        let result = run(files, &opts());
        let kept: Vec<bool> = result.files.iter().map(|f| !f.text.is_empty()).collect();
        let findings: Vec<bool> = (0..kept.len())
            .map(|f| result.diagnostics.iter().any(|d| d.file == Some(f)))
            .collect();
        // A file's text stays when a finding points into it, when it may hold a suppression
        // comment (d) and when it has no document (e).
        let expected: Vec<bool> = findings
            .iter()
            .enumerate()
            .map(|(f, &found)| found || f == 3 || f == 4)
            .collect();
        assert_eq!(kept, expected);
        // The CRD has no finding: its text goes once its step is done.
        assert!(!kept[0]);
        assert!(findings[1]);
        // Where the skipped documents start was noted while the text was at hand.
        let at: Vec<(usize, usize)> = result
            .skipped
            .iter()
            .map(|s| (s.at.line, s.at.column))
            .collect();
        assert_eq!(at, [(12, 1), (15, 1)]);
        // Everything is kept when asked for, and when the command prints files.
        let all = RunOptions {
            keep_texts: true,
            ..opts()
        };
        let result = run(vec![file("a.yaml", CRD), file("c.yaml", &good)], &all);
        assert!(result.files.iter().all(|f| !f.text.is_empty()));
        let prune = RunOptions {
            transform: Some(Transform::Prune),
            ..opts()
        };
        let result = run(vec![file("a.yaml", CRD), file("c.yaml", &good)], &prune);
        assert!(result.files.iter().all(|f| !f.text.is_empty()));
    }

    #[test]
    fn pending_files_are_read_when_needed_and_read_errors_reported_once() {
        let dir = std::env::temp_dir().join(format!("crdlint-texts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let crd = dir.join("crd.yaml");
        let bad = dir.join("bad.yaml");
        let gone = dir.join("gone.yaml");
        std::fs::write(&crd, CRD).expect("write");
        std::fs::write(&bad, resource(0)).expect("write");
        let inputs = [&crd, &bad, &gone]
            .iter()
            .map(|p| Input {
                name: p.display().to_string(),
                origin: Origin::Path(p.to_path_buf()),
                role: Role::Target,
                named_crd: false,
                walked: false,
            })
            .collect();
        let loaded = crate::cli::input::pending(inputs);
        assert!(loaded.iter().all(Loaded::is_pending));
        let result = run(loaded, &opts());
        std::fs::remove_dir_all(&dir).ok();
        assert!(result.io_failed);
        let io: Vec<Option<FileId>> = result
            .diagnostics
            .iter()
            .filter(|d| d.rule.id == input_rules::IO_ERROR.id)
            .map(|d| d.file)
            .collect();
        assert_eq!(io, [Some(2)]);
        assert!(result
            .diagnostics
            .iter()
            .any(|d| d.file == Some(1) && d.rule.id != input_rules::IO_ERROR.id));
        assert_eq!(result.files[1].text, resource(0));
        assert!(result.files[0].text.is_empty());
        assert_eq!(result.summary.resources, 1);
    }

    /// A `--crd` file is read by the task that parses it, and its text let go there: it is
    /// read again for the report only when a finding points into it or it may hold a
    /// suppression comment.
    #[test]
    fn schema_files_are_read_by_their_task_and_kept_only_when_needed() {
        let dir = std::env::temp_dir().join(format!("crdlint-schemas-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let broken = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n\
                      metadata:\n  name: things.example.com\nspec:\n  group: example.com\n";
        let texts = [
            ("a-plain.yaml", CRD.to_string()),
            (
                "b-comment.yaml",
                format!("# crdlint: ignore-file[crd/x]\n{CRD}"),
            ),
            ("c-broken.yaml", broken.to_string()),
        ];
        let mut inputs: Vec<Input> = texts
            .iter()
            .map(|(name, text)| {
                let path = dir.join(name);
                std::fs::write(&path, text).expect("write");
                Input {
                    name: path.display().to_string(),
                    origin: Origin::Path(path),
                    role: Role::SchemaOnly,
                    named_crd: true,
                    walked: false,
                }
            })
            .collect();
        let resource_path = dir.join("d-resource.yaml");
        std::fs::write(&resource_path, resource(400)).expect("write");
        inputs.push(Input {
            name: resource_path.display().to_string(),
            origin: Origin::Path(resource_path),
            role: Role::Target,
            named_crd: false,
            walked: false,
        });
        let loaded = crate::cli::input::pending(inputs);
        let result = run(loaded, &opts());
        std::fs::remove_dir_all(&dir).ok();
        let kept: Vec<bool> = result.files.iter().map(|f| !f.text.is_empty()).collect();
        assert_eq!(kept, [false, true, true, true], "{:?}", result.diagnostics);
        assert_eq!(result.files[1].text, texts[1].1);
        assert!(result
            .diagnostics
            .iter()
            .any(|d| d.file == Some(2) && d.rule.id == CRD_UNUSABLE.id));
        // The resource was validated against the first CRD (read by its task).
        assert!(result
            .diagnostics
            .iter()
            .any(|d| d.file == Some(3) && d.rule.id != input_rules::IO_ERROR.id));
        assert!(!result.io_failed);
    }

    /// A CRD file's text is hashed when the report may need it, and only then when step 1 can
    /// tell (`settled`); when it cannot, it is always hashed.
    #[test]
    fn texts_the_report_will_not_need_go_unhashed() {
        let opts = opts();
        let noted = |text: &str, settled| match Text::Held(Cow::Owned(text.to_string()))
            .note(&opts, settled)
        {
            Some(Text::Noted { hash, .. }) => hash,
            _ => panic!("noted"),
        };
        assert_eq!(noted("a: 1\n", Some((false, 1))), None);
        assert_eq!(noted("a: 1\n", None), Some(hash("a: 1\n")));
        // Findings, no document, or a suppression comment: the report reads it again.
        assert!(noted("a: 1\n", Some((true, 1))).is_some());
        assert!(noted("a: 1\n", Some((false, 0))).is_some());
        assert!(noted("a: 1 # crdlint: ignore\n", Some((false, 1))).is_some());
        // Unhashed and needed after all (not expected): read again, its length compared.
        let unhashed = Text::Noted {
            len: 5,
            hash: None,
            comment: false,
        };
        assert!(matches!(
            unhashed.keep(true, &opts),
            Kept::Again { len: 5, hash: None }
        ));
    }

    #[test]
    fn a_text_read_again_must_be_the_one_checked() {
        let dir = std::env::temp_dir().join(format!("crdlint-again-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("x.yaml");
        std::fs::write(&path, "a: 1\n").expect("write");
        let input = Input {
            name: "x.yaml".into(),
            origin: Origin::Path(path.clone()),
            role: Role::Target,
            named_crd: false,
            walked: false,
        };
        let l = crate::cli::input::pending(vec![input]).remove(0);
        let same = read_again(&l, 5, Some(hash("a: 1\n")));
        assert_eq!(same, ("a: 1\n".to_string(), None));
        let (text, changed) = read_again(&l, 5, Some(hash("a: 2\n")));
        assert_eq!(text, "a: 1\n");
        assert!(changed.is_some_and(|m| m.contains("changed while")));
        std::fs::remove_dir_all(&dir).ok();
        let (text, gone) = read_again(&l, 5, Some(hash("a: 1\n")));
        assert!(text.is_empty());
        assert!(gone.is_some_and(|m| m.contains("could not be read again")));
    }
}
