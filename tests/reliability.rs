//! Hostile environments and inputs from outside (issue #10): full output devices, special files,
//! huge or alias-heavy inputs, control characters, odd file names under `--old-ref`. Large
//! inputs are generated here, never stored; each case is bounded by a timeout or a memory limit
//! on the child process.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub(crate) fn bin() -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin("crdlint"));
    c.env_remove("NO_COLOR").env_remove("COLUMNS");
    c
}

/// Runs `cmd` to the end, killing it (and failing the test) after `limit`.
fn run_bounded(cmd: Command, limit: Duration) -> Output {
    run_bounded_rss(cmd, limit).0
}

/// Like [`run_bounded`], and also returns the child's peak resident set in bytes, on Linux
/// (elsewhere `None`): its `VmHWM` (the kernel's high-water mark of the resident set since the
/// child's last `exec`, what `/usr/bin/time -v` reports), read every 10 ms while it runs. Not
/// `wait4`'s `ru_maxrss`: Linux carries the spawning process's own high-water mark into it
/// across `exec`, so it measured this test process (which holds other tests' outputs) instead.
/// Only a peak in the child's last 10 ms could be missed; the runs below hold theirs for
/// seconds (the tree or the findings live to the end).
pub(crate) fn run_bounded_rss(mut cmd: Command, limit: Duration) -> (Output, Option<u64>) {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn crdlint");
    let start = Instant::now();
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let t_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut v).ok();
        v
    });
    let t_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).ok();
        v
    });
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak: Option<u64> = None;
    let status = loop {
        if cfg!(target_os = "linux") {
            let hwm = std::fs::read_to_string(&status_file)
                .ok()
                .and_then(|s| {
                    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
                    line.split_whitespace().nth(1)?.parse::<u64>().ok()
                })
                .map(|kb| kb * 1024);
            peak = peak.max(hwm);
        }
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("crdlint did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let output = Output {
        status,
        stdout: t_out.join().expect("stdout thread"),
        stderr: t_err.join().expect("stderr thread"),
    };
    (output, peak)
}

fn testdata(p: &str) -> String {
    format!("{}/testdata/{p}", env!("CARGO_MANIFEST_DIR"))
}

// --- item 12: output that cannot be written -------------------------------------------------

/// Runs crdlint with stdout and/or stderr on `/dev/full`; returns the exit code.
fn with_full(args: &[&str], stdout_full: bool, stderr_full: bool) -> i32 {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full");
    let mut c = bin();
    c.args(args).stdin(Stdio::null());
    if stdout_full {
        c.stdout(full().expect("/dev/full"));
    } else {
        c.stdout(Stdio::null());
    }
    if stderr_full {
        c.stderr(full().expect("/dev/full"));
    } else {
        c.stderr(Stdio::null());
    }
    c.status()
        .expect("run")
        .code()
        .expect("exit code, not a signal")
}

#[test]
fn a_full_output_device_is_exit_2_never_a_panic() {
    if !Path::new("/dev/full").exists() {
        return; // Not Linux: nothing to test with.
    }
    let crd = testdata("examples/crds/backup-schedule.yaml");
    let res = testdata("examples/resources/broken-schedules.yaml");
    let cases: Vec<Vec<&str>> = vec![
        vec!["check", "--color", "never", &crd, &res],
        vec!["check", "--format", "json", &crd, &res],
        vec!["check", "--format", "sarif", &crd, &res],
        vec!["check", "--format", "github", &crd, &res],
        vec!["check", "--format", "junit", &crd, &res],
        vec!["check", "--verbose", &crd, &res],
        vec!["check", "does-not-exist.yaml"],
        vec!["lint", &crd],
        vec!["prune", "--crd", &crd, &res],
        vec!["default", "--crd", &crd, &res],
        vec!["versions", &crd],
        vec!["cost", &crd],
        vec!["rules"],
        vec!["explain", "yaml/syntax"],
        vec!["completions", "bash"],
        vec!["--help"],
        vec!["--no-such-flag"],
    ];
    for args in &cases {
        for (o, e) in [(true, false), (false, true), (true, true)] {
            let code = with_full(args, o, e);
            assert_ne!(
                code, 101,
                "{args:?} stdout_full={o} stderr_full={e}: panicked"
            );
            // Output was lost: never report success for a run that printed something.
            if o && args[0] != "--no-such-flag" {
                assert_eq!(code, 2, "{args:?} with a full stdout");
            }
        }
    }
}

// --- helpers for generated inputs -----------------------------------------------------------

/// Runs crdlint under `sh` with its address space capped at `mb` megabytes (`ulimit -v`) and a
/// time limit, so a regression fails the test instead of exhausting the machine.
fn run_limited(args: &[&str], mb: u64, limit: Duration) -> Output {
    run_bounded(limited(args, mb), limit)
}

/// The command of [`run_limited`]; `sh` execs crdlint, so the child's peak resident set is
/// crdlint's.
fn limited(args: &[&str], mb: u64) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", mb * 1024))
        .arg(assert_cmd::cargo::cargo_bin("crdlint"))
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS");
    c
}

/// Asserts that a run over `input` bytes peaked at most `factor` times the input resident.
fn assert_peak_at_most(peak: Option<u64>, input: usize, factor: u64, what: &str) {
    assert!(
        peak.is_some() || !cfg!(target_os = "linux"),
        "{what}: no peak RSS read"
    );
    if let Some(peak) = peak {
        let input = input as u64;
        assert!(
            peak <= factor * input,
            "{what}: peak RSS {} MB for {} MB of input, over {factor}x",
            peak >> 20,
            input >> 20
        );
    }
}

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

// --- item 8: CEL operations that cost more than they are charged ----------------------------

const LIST_CRD: &str = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: RULE
            properties:
              l: {type: array, maxItems: 40000, items: {type: integer}}
";

/// Lints the CRD with `rule` and validates a resource whose `spec.l` has `n` items, under a
/// memory cap; returns the run's output.
fn check_list_rule(rule: &str, n: usize) -> Output {
    let dir = tempfile::tempdir().expect("tempdir");
    let crd = dir.path().join("crd.yaml");
    std::fs::write(&crd, LIST_CRD.replace("RULE", &format!("{rule:?}"))).expect("write");
    let items = vec!["1"; n].join(",");
    let res = dir.path().join("w.yaml");
    std::fs::write(
        &res,
        format!("apiVersion: example.com/v1\nkind: Widget\nmetadata: {{name: w}}\nspec:\n  l: [{items}]\n"),
    )
    .expect("write");
    let out = run_limited(
        &[
            "check",
            "--format",
            "json",
            crd.to_str().expect("utf-8"),
            res.to_str().expect("utf-8"),
        ],
        2048,
        Duration::from_secs(60),
    );
    let stdout = text(&out.stdout);
    let json: serde_json::Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("{e}: {stdout}\n{}", text(&out.stderr)));
    // The rule is lint-clean (within the estimated cost limit) and holds on the resource.
    assert_eq!(json["summary"]["errors"], 0, "{stdout}");
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    out
}

#[test]
fn list_concatenation_is_a_view_not_a_copy() {
    // Each of the 30,000 steps used to copy a 60,000-element list and keep it: tens of GB.
    check_list_rule("self.l.map(x, self.l + self.l).size() > 0", 30_000);
    // A copy per step is quadratic time (12.8 s for this, before).
    check_list_rule("self.l.all(x, (self.l + [x]).size() > 0)", 30_000);
    // Reading one element of a view copies nothing either.
    check_list_rule("self.l.all(x, (self.l + self.l)[40000] == 1)", 30_000);
}

// --- items 9 and 10: what is read, and how much --------------------------------------------

#[test]
fn a_fifo_is_refused_not_waited_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fifo = dir.path().join("pipe.yaml");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // No mkfifo here: nothing to test with.
    }
    let mut c = bin();
    c.args(["check", "--color", "never"]).arg(&fifo);
    // Nobody ever writes to the FIFO: reading it would block forever.
    let out = run_bounded(c, Duration::from_secs(30));
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("io/read"), "{stdout}");
    assert!(stdout.contains("not a regular file (a FIFO)"), "{stdout}");
}

#[test]
fn endless_devices_are_refused_and_the_rest_is_checked() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    let out = run_limited(
        &[
            "check",
            "--strict",
            "--format",
            "json",
            "/dev/zero",
            &testdata("cli/malformed.yaml"),
        ],
        1024,
        Duration::from_secs(30),
    );
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("not a regular file (a character device)"),
        "{stdout}"
    );
    // The other file was still read and checked.
    assert!(stdout.contains("malformed.yaml"), "{stdout}");
}

#[test]
fn standard_input_is_read_up_to_the_cap() {
    // 33 MiB of a comment on stdin: over the 32 MiB cap, reported, not read on.
    let mut child = bin()
        .args(["check", "--format", "json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'#'; 1 << 20];
        for _ in 0..33 {
            if std::io::Write::write_all(&mut stdin, &chunk).is_err() {
                break; // crdlint stopped reading at the cap and exited.
            }
        }
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("writer");
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("larger than 32 MiB"), "{stdout}");
}

#[test]
fn a_file_over_the_cap_is_reported_and_the_run_goes_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let big = dir.path().join("big.yaml");
    let f = std::fs::File::create(&big).expect("create");
    f.set_len(32 * 1024 * 1024 + 1)
        .expect("sparse file over the cap");
    let out = run_limited(
        &[
            "check",
            "--strict",
            "--format",
            "json",
            big.to_str().expect("utf-8"),
            &testdata("cli/malformed.yaml"),
        ],
        1024,
        Duration::from_secs(60),
    );
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("big.yaml"), "{stdout}");
    assert!(stdout.contains("larger than 32 MiB"), "{stdout}");
    assert!(stdout.contains("malformed.yaml"), "{stdout}");
}

/// 200 documents, each anchoring 10,000 items and aliasing them 40 times: 80 million nodes if
/// every document had its own budget.
#[test]
fn the_alias_budget_is_shared_by_a_files_documents() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("aliases.yaml");
    let anchor = vec!["1"; 10_000].join(",");
    let aliases = vec!["*a"; 40].join(", ");
    let doc = format!("x: &a [{anchor}]\ny: [{aliases}]\n---\n");
    std::fs::write(&path, doc.repeat(200)).expect("write");
    let out = run_limited(
        &[
            "check",
            "--strict",
            "--format",
            "json",
            path.to_str().expect("utf-8"),
        ],
        2048,
        Duration::from_secs(120),
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("yaml/alias-budget"), "{stdout}");
}

#[test]
fn the_alias_budget_is_shared_by_a_runs_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let anchor = vec!["1"; 10_000].join(",");
    let aliases = vec!["*a"; 40].join(", ");
    let doc = format!("x: &a [{anchor}]\ny: [{aliases}]\n");
    let mut args = vec![
        "check".to_string(),
        "--strict".into(),
        "--format".into(),
        "json".into(),
    ];
    for i in 0..100 {
        let path = dir.path().join(format!("f{i:03}.yaml"));
        std::fs::write(&path, &doc).expect("write");
        args.push(path.to_str().expect("utf-8").to_string());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run_limited(&args, 2048, Duration::from_secs(120));
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("yaml/alias-budget"), "{stdout}");
}

/// A million tiny documents (9 MB): 160 MB resident in a release build without `--strict`
/// (373 MB before the driver stopped keeping a record per skipped document; 964 MB before
/// collections gave back their slack). With `--strict --format json` (these arguments) each
/// document also keeps a finding to the end of the run: 560 MB resident (62x) while the JSON
/// renderer built a wire struct for each finding before writing any, and while a finding was
/// 192 bytes and the file's whole tree was held until its last document was checked; about
/// 300-370 MB (33-41x) since the findings are written as they are mapped, a finding is 152
/// bytes and each skipped document's tree is dropped once classified (RELIABILITY.md). The
/// peak must stay under 45x (the test build is a debug build and timings move mimalloc's
/// purges), and it finishes under a 1 GiB address-space cap. Two threads, so that neither
/// depends on the core count.
#[test]
fn many_tiny_documents_fit_in_proportional_memory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("tiny.yaml");
    let src = "a: 1\n---\n".repeat(1_000_000);
    std::fs::write(&path, &src).expect("write");
    let (out, peak) = run_bounded_rss(
        limited(
            &[
                "check",
                "-j",
                "2",
                "--strict",
                "--format",
                "json",
                path.to_str().expect("utf-8"),
            ],
            1024,
        ),
        Duration::from_secs(120),
    );
    assert!(
        out.status.code().is_some_and(|c| c < 2),
        "{}",
        text(&out.stderr)
    );
    // Every document's finding is written.
    let findings = out
        .stdout
        .windows(b"input/no-schema".len())
        .filter(|w| w == b"input/no-schema")
        .count();
    assert_eq!(findings, 1_000_000);
    assert_peak_at_most(
        peak,
        src.len(),
        45,
        "10^6 documents, --strict --format json",
    );
}

/// One 10 MB line holding a sequence of 5 million scalars: 160 MB of nodes. The loader builds
/// a long collection in 2 MiB chunks and moves them into one exactly sized slice at its end;
/// mimalloc keeps freed memory resident for 10 ms, and the move is faster than that, so on an
/// idle machine the chunks were still resident when the slice was full: 332 MB (33x) where the
/// tree is 18x. The binary now gives freed memory back every 16 MiB of the move (a hook the
/// loader calls, `yaml::load::set_release_hook`): about 190 MB (19x) whatever the load. The
/// peak must stay under 25x. It also finishes under a 700 MB address-space cap (the 40- and
/// 32-byte-node builds abort under 550 MB: the cap sees mimalloc's reservations, which move
/// in larger steps than the resident memory). Two threads, so nothing depends on the core
/// count.
#[test]
fn one_long_line_fits_in_proportional_memory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("line.yaml");
    let mut src = String::with_capacity(10_000_010);
    src.push_str("a: [1");
    src.push_str(&",1".repeat(4_999_999));
    src.push_str("]\n");
    std::fs::write(&path, &src).expect("write");
    let (out, peak) = run_bounded_rss(
        limited(&["check", "-j", "2", path.to_str().expect("utf-8")], 700),
        Duration::from_secs(180),
    );
    assert!(
        out.status.code().is_some_and(|c| c < 2),
        "{}",
        text(&out.stderr)
    );
    assert_peak_at_most(peak, src.len(), 25, "one 10 MB line");
}

// --- item 13: --old-ref and file names with spaces ------------------------------------------

#[test]
fn old_ref_with_a_new_file_whose_name_has_spaces() {
    let dir = tempfile::tempdir().expect("tempdir");
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("-C")
            .arg(dir.path())
            .args([
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "-c",
                "commit.gpgsign=false",
            ])
            .args(args)
            .output()
    };
    if !git(&["init", "-q"]).is_ok_and(|o| o.status.success()) {
        return; // No git here.
    }
    let crd = std::fs::read_to_string(testdata("examples/crds/backup-schedule.yaml")).expect("crd");
    std::fs::write(dir.path().join("crd.yaml"), &crd).expect("write");
    let old = "apiVersion: ops.example.com/v1\nkind: BackupSchedule\nmetadata:\n  name: old\nspec:\n  schedule: 0 3 * * *\n  target:\n    bucket: backups.example.com\n";
    std::fs::write(dir.path().join("old one.yaml"), old).expect("write");
    assert!(git(&["add", "."]).expect("git add").status.success());
    assert!(git(&["commit", "-qm", "one"])
        .expect("git commit")
        .status
        .success());
    // Files the commit does not have, named with spaces, before and after the one it has.
    std::fs::write(
        dir.path().join("a new file.yaml"),
        old.replace("name: old", "name: new-a"),
    )
    .expect("write");
    std::fs::write(
        dir.path().join("z new file.yaml"),
        old.replace("name: old", "name: new-z"),
    )
    .expect("write");
    let mut c = bin();
    c.current_dir(dir.path())
        .args([
            "check",
            "--format",
            "json",
            "--old-ref",
            "HEAD",
            "--crd",
            "crd.yaml",
        ])
        .args(["a new file.yaml", "old one.yaml", "z new file.yaml"]);
    let out = run_bounded(c, Duration::from_secs(60));
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&stdout).expect("json")["summary"]["resources"],
        3,
        "{stdout}"
    );
}

// --- item 14: control characters from the input ---------------------------------------------

#[test]
fn control_characters_never_reach_the_terminal_raw() {
    let dir = tempfile::tempdir().expect("tempdir");
    // An ESC sequence and a BEL in a key (reported by --strict as unknown), in a value, and in
    // the file name; a C1 CSI too.
    let path = dir.path().join("evil\u{1b}[2J.yaml");
    std::fs::write(
        &path,
        "apiVersion: v1\nkind: \"K\\e]0;title\\a\u{9b}31m\"\nmetadata:\n  name: \"\\e[31mred\"\nx: {a: 1, a: 2}\n",
    )
    .expect("write");
    for format in ["human", "github"] {
        let mut c = bin();
        c.args(["check", "--strict", "--color", "never", "--format", format])
            .arg(&path);
        let out = run_bounded(c, Duration::from_secs(30));
        assert_eq!(out.status.code(), Some(1), "{format}");
        for stream in [&out.stdout, &out.stderr] {
            let s = text(stream);
            assert!(
                !s.is_empty() || stream == &out.stderr,
                "{format}: no output"
            );
            for c in s.chars() {
                assert!(
                    !c.is_control() || c == '\n' || c == '\t',
                    "{format}: raw control character {c:?} in:\n{s}"
                );
            }
        }
        assert!(
            text(&out.stdout).contains("\\x1b"),
            "{format}: {}",
            text(&out.stdout)
        );
    }
}

/// crdlint's own lines on stderr (a file that cannot be rewritten, the `--verbose` list of
/// skipped documents, the last error of a run) name files, and a name is input: its control
/// characters are escaped there too.
#[test]
fn own_messages_on_stderr_escape_control_characters() {
    let dir = tempfile::tempdir().expect("tempdir");
    let crd = dir.path().join("crd.yaml");
    std::fs::write(&crd, LIST_CRD.replace("RULE", "self.l.size() >= 0")).expect("write");
    let no_raw_controls = |what: &str, s: &str| {
        for c in s.chars() {
            assert!(
                !c.is_control() || c == '\n' || c == '\t',
                "{what}: raw control character {c:?} in:\n{s}"
            );
        }
    };

    // The write path: a file with a YAML error is not rewritten, and says so by its name.
    let bad = dir.path().join("w\u{1b}[2J\u{7}.yaml");
    std::fs::write(
        &bad,
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {l: [1], bogus: 1}\n---\nx: {a: 1, a: 2}\n",
    )
    .expect("write");
    let mut c = bin();
    c.args(["prune", "--write", "--color", "never", "--crd"])
        .arg(&crd)
        .arg(&bad);
    let out = run_bounded(c, Duration::from_secs(30));
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    no_raw_controls("--write", &err);
    assert!(
        err.contains("w\\x1b[2J\\x07.yaml: not rewritten: fix its YAML errors first"),
        "{err}"
    );

    // The skipped list and the last error of a run, for a file whose name holds an ESC.
    let odd = dir.path().join("odd\u{1b}]0;t\u{7}.yaml");
    std::fs::write(&odd, "a: 1\n").expect("write");
    let mut c = bin();
    c.args(["check", "--verbose", "--color", "never"]).arg(&odd);
    let out = run_bounded(c, Duration::from_secs(30));
    let err = text(&out.stderr);
    no_raw_controls("--verbose", &err);
    assert!(err.contains("odd\\x1b]0;t\\x07.yaml:1:1"), "{err}");

    let mut c = bin();
    c.args(["versions"])
        .arg(dir.path().join("gone\u{1b}[31m.yaml"));
    let out = run_bounded(c, Duration::from_secs(30));
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    no_raw_controls("missing file", &err);
    assert!(err.contains("gone\\x1b[31m.yaml"), "{err}");
}
