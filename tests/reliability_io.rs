//! Issue #26, the reproducers of `../shared/reliability-cases/` about writing files, config
//! files, output formats and exit codes, through the binary. The small reproducers are copied
//! into `testdata/reliability/`; the generators run here at small sizes.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/reliability")
        .join(name)
}

struct Run {
    stdout: Vec<u8>,
    stderr: String,
    code: i32,
}

impl Run {
    fn out(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

fn crdlint(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut cmd = Command::cargo_bin("crdlint").expect("binary built");
    cmd.current_dir(dir)
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .env_remove("CRDLINT_TEST_EDIT_BEFORE_REPLACE")
        // No config from the machine running the tests.
        .env("HOME", dir);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("crdlint runs");
    Run {
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().expect("exited"),
    }
}

#[cfg(debug_assertions)]
fn widget(i: usize) -> String {
    format!(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {{name: w{i}}}\nspec: {{bogus: 1, size: {i}}}\n"
    )
}

/// reliability-cases/lost-update.sh: an edit made to a file between the run's read and its
/// rename was overwritten. The test hook of debug builds makes that edit at the worst moment,
/// just before the check, deterministically. Release builds have no hook (nothing would make the
/// edit), so `cargo test --release` leaves this test and the next one out rather than fail them.
#[cfg(debug_assertions)]
#[test]
fn prune_write_keeps_an_edit_made_during_the_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(data("write-crd.yaml"), dir.path().join("crd.yaml")).expect("copy");
    for d in 0..3 {
        std::fs::create_dir(dir.path().join(format!("d{d}"))).expect("mkdir");
        for i in 0..4 {
            let n = d * 10 + i;
            std::fs::write(dir.path().join(format!("d{d}/f{n}.yaml")), widget(n)).expect("write");
        }
    }
    let r = crdlint(
        dir.path(),
        &["prune", "--crd", "crd.yaml", "--write", "d0", "d1", "d2"],
        &[("CRDLINT_TEST_EDIT_BEFORE_REPLACE", "/f12.yaml")],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("d1/f12.yaml: not rewritten: the file changed after crdlint read it"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("rewrote 11 files"), "{}", r.stderr);
    let kept = std::fs::read_to_string(dir.path().join("d1/f12.yaml")).expect("read");
    assert_eq!(kept, format!("{}# edited during the run\n", widget(12)));
    for (d, n) in [(0, 0), (1, 13), (2, 23)] {
        let t = std::fs::read_to_string(dir.path().join(format!("d{d}/f{n}.yaml"))).expect("read");
        assert!(!t.contains("bogus"), "d{d}/f{n}.yaml: {t}");
    }
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(dir.path().join("d1"))
        .expect("ls")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(names.len(), 4, "{names:?}");
}

/// The same hook for `crdlint test --update` (debug builds only, as above).
#[cfg(debug_assertions)]
#[test]
fn test_update_keeps_an_edit_made_during_the_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(data("write-crd.yaml"), dir.path().join("crd.yaml")).expect("copy");
    let suite = "name: s\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: A\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: 1}\n    expected: |\n      apiVersion: example.com/v1\n      kind: Widget\n";
    std::fs::write(dir.path().join("s.testsuite.yaml"), suite).expect("write");
    let r = crdlint(
        dir.path(),
        &["test", "--crd", "crd.yaml", "--update", "s.testsuite.yaml"],
        &[("CRDLINT_TEST_EDIT_BEFORE_REPLACE", "s.testsuite.yaml")],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("s.testsuite.yaml: not updated: the file changed"),
        "{}",
        r.stderr
    );
    let kept = std::fs::read_to_string(dir.path().join("s.testsuite.yaml")).expect("read");
    assert_eq!(kept, format!("{suite}# edited during the run\n"));
    // Without the edit, the same run rewrites the expectation and the suite then passes.
    let r = crdlint(
        dir.path(),
        &["test", "--crd", "crd.yaml", "--update", "s.testsuite.yaml"],
        &[],
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    let r = crdlint(
        dir.path(),
        &["test", "--crd", "crd.yaml", "s.testsuite.yaml"],
        &[],
    );
    assert_eq!(r.code, 0, "{}{}", r.out(), r.stderr);
}

/// reliability-cases/suite-update-alias.testsuite.yaml: `expected: *e` became a block with
/// `: *e` left after it, and the suite could no longer run.
#[test]
fn test_update_replaces_an_aliased_expectation() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(data("write-crd.yaml"), dir.path().join("crd.yaml")).expect("copy");
    let suite = dir.path().join("al.testsuite.yaml");
    std::fs::copy(data("suite-update-alias.testsuite.yaml"), &suite).expect("copy");
    let before = crdlint(
        dir.path(),
        &["test", "--crd", "crd.yaml", "al.testsuite.yaml"],
        &[],
    );
    assert_eq!(before.code, 1, "B fails before: {}", before.out());
    let r = crdlint(
        dir.path(),
        &["test", "--crd", "crd.yaml", "--update", "al.testsuite.yaml"],
        &[],
    );
    assert_eq!(r.code, 1, "{}{}", r.out(), r.stderr);
    let text = std::fs::read_to_string(&suite).expect("read");
    let yaml: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(!yaml.iter().any(|l| l.contains("*e")), "{text}");
    assert!(
        text.contains("expected: &e |"),
        "A keeps its anchor: {text}"
    );
    let after = crdlint(
        dir.path(),
        &["test", "--crd", "crd.yaml", "al.testsuite.yaml"],
        &[],
    );
    assert_eq!(after.code, 0, "{}{}", after.out(), after.stderr);
    assert!(
        after.out().contains("2 passed, 0 failed, 0 could not run"),
        "{}",
        after.out()
    );
}

/// An anchored expectation that another case uses through an alias cannot be rewritten alone:
/// the file is left as it was, with a located finding.
#[test]
fn test_update_refuses_to_break_an_alias() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(data("write-crd.yaml"), dir.path().join("crd.yaml")).expect("copy");
    // A fails (size 1 is stored with its defaults), B passes through the alias.
    let suite = "name: al\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: A\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: 1}\n    expected: &e |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: 2, mode: fast, list: 'a,b'}\n  - name: B\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: 2}\n    expected: *e\n";
    std::fs::write(dir.path().join("al.testsuite.yaml"), suite).expect("write");
    let r = crdlint(
        dir.path(),
        &[
            "test",
            "--crd",
            "crd.yaml",
            "--update",
            "--format",
            "concise",
            "al.testsuite.yaml",
        ],
        &[],
    );
    assert_eq!(r.code, 1, "{}{}", r.out(), r.stderr);
    assert!(
        r.out()
            .contains("al.testsuite.yaml:10:5: error[write/not-rewritten] not updated:"),
        "{}",
        r.out()
    );
    let text = std::fs::read_to_string(dir.path().join("al.testsuite.yaml")).expect("read");
    assert_eq!(text, suite);
}

/// reliability-cases/concise-escape-key.yaml and test-escape-names.testsuite.yaml: raw ESC and
/// BEL reached the terminal.
#[test]
fn control_characters_never_reach_the_terminal_raw() {
    let dir = data("");
    let raw = |bytes: &[u8]| {
        bytes
            .iter()
            .any(|&b| b == 0x1b || b == 0x07 || b == 0x0b || b == 0x01 || b == b'\r')
    };
    for format in ["concise", "human", "github"] {
        let r = crdlint(
            &dir,
            &["check", "--format", format, "concise-escape-key.yaml"],
            &[],
        );
        assert_eq!(r.code, 1, "{format}: {}", r.stderr);
        assert!(!raw(&r.stdout), "{format}: {:?}", r.out());
        assert!(r.out().contains("\\x1b[31mRED"), "{format}: {}", r.out());
    }
    let r = crdlint(
        &dir,
        &[
            "test",
            "--crd",
            "write-crd.yaml",
            "test-escape-names.testsuite.yaml",
        ],
        &[],
    );
    assert!(!raw(&r.stdout), "{:?}", r.out());
    assert!(
        r.out().contains("a\\x1b[2Jb / c\\x01\\x1b]0;TITLE\\x07"),
        "{}",
        r.out()
    );
}

/// reliability-cases/junit-uffff-name.yaml: U+FFFF (and U+FFFE, C0 controls) are not XML 1.0
/// characters even escaped; every XML output replaces them.
#[test]
fn junit_output_holds_only_xml_characters() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(data("write-crd.yaml"), dir.path().join("crd.yaml")).expect("copy");
    std::fs::copy(data("junit-uffff-name.yaml"), dir.path().join("cm.yaml")).expect("copy");
    let suite = "name: \"s\\uFFFE\\x01\"\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: \"c\\uFFFF\"\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      metadata: {name: \"\\uFFFF\"}\n";
    std::fs::write(dir.path().join("s.testsuite.yaml"), suite).expect("write");
    let check = crdlint(dir.path(), &["check", "--format", "junit", "cm.yaml"], &[]);
    let test = crdlint(
        dir.path(),
        &[
            "test",
            "--format",
            "junit",
            "--crd",
            "crd.yaml",
            "s.testsuite.yaml",
        ],
        &[],
    );
    for r in [check, test] {
        let xml = r.out();
        assert!(xml.starts_with("<?xml"), "{xml}");
        let bad = xml.chars().find(|&c| {
            !matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
        });
        assert_eq!(bad, None, "{xml}");
        assert!(xml.contains('\u{FFFD}'), "{xml}");
    }
}

/// reliability-cases/misc.sh: a `--crd` file that cannot be read is an I/O failure, exit 2.
#[test]
fn an_unreadable_crd_file_exits_2() {
    let dir = data("");
    let r = crdlint(
        &dir,
        &[
            "check",
            "--crd",
            "/nonexistent/crd.yaml",
            "junit-uffff-name.yaml",
        ],
        &[],
    );
    assert_eq!(r.code, 2, "{}{}", r.out(), r.stderr);
}

/// reliability-cases/misc.sh: `--config` on a FIFO blocked; on `/dev/zero` it read until memory
/// ran out. Both are refused unopened, exit 2.
#[cfg(unix)]
#[test]
fn a_config_that_is_not_a_regular_file_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fifo = dir.path().join("cfg.yaml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.expect("mkfifo runs").success());
    std::fs::write(
        dir.path().join("cm.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n",
    )
    .expect("write");
    for config in [fifo.to_str().expect("utf-8"), "/dev/zero"] {
        let r = crdlint(dir.path(), &["check", "--config", config, "cm.yaml"], &[]);
        assert_eq!(r.code, 2, "{config}: {}", r.stderr);
        assert!(
            r.stderr.contains("not a regular file"),
            "{config}: {}",
            r.stderr
        );
    }
}

/// reliability-cases/misc.sh: outside a repository, a config planted in a parent directory
/// turned exit 1 into 0. `--verbose` says which config is used.
#[test]
fn a_config_in_a_parent_directory_outside_a_repository_is_not_used() {
    let dir = tempfile::tempdir().expect("tempdir");
    let proj = dir.path().join("up/proj");
    std::fs::create_dir_all(&proj).expect("mkdir");
    std::fs::write(
        dir.path().join("up/.crdlint.yaml"),
        "version: 1\nignore: [cr/, yaml/]\n",
    )
    .expect("write");
    std::fs::write(
        proj.join("cm.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\nbogus: 1\n",
    )
    .expect("write");
    // With HOME elsewhere, only the working directory is searched; with HOME above it, the
    // search goes up to HOME.
    let r = crdlint(
        &proj,
        &["check", "--verbose", "cm.yaml"],
        &[("HOME", "/nonexistent")],
    );
    assert_eq!(r.code, 1, "{}{}", r.out(), r.stderr);
    assert!(
        r.stderr.contains("crdlint: config: none found"),
        "{}",
        r.stderr
    );
    let home = dir.path().to_str().expect("utf-8");
    let r = crdlint(&proj, &["check", "--verbose", "cm.yaml"], &[("HOME", home)]);
    assert_eq!(r.code, 0, "{}{}", r.out(), r.stderr);
    assert!(
        r.stderr
            .contains("crdlint: config: ../.crdlint.yaml (found from the working directory)"),
        "{}",
        r.stderr
    );
}
