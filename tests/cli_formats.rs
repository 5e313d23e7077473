//! Every subcommand prints every `--format` its `--help` advertises, and refuses the others
//! (exit 2) before doing any work. The advertised list is read from the help text itself, so a
//! format added to a command's help without its output fails here.

use assert_cmd::Command;

/// A small valid invocation of each subcommand, and whether its report goes to stderr.
const COMMANDS: &[(&[&str], bool)] = &[
    (&["check", "testdata/examples"], false),
    (&["lint", "testdata/examples/crds"], false),
    (
        &[
            "validate",
            "--crd",
            "testdata/examples/crds",
            "testdata/examples/resources",
        ],
        false,
    ),
    (
        &[
            "prune",
            "--crd",
            "testdata/examples/crds",
            "testdata/examples/resources",
        ],
        true,
    ),
    (
        &[
            "default",
            "--crd",
            "testdata/examples/crds",
            "testdata/examples/resources",
        ],
        true,
    ),
    (&["versions", "testdata/examples/crds"], false),
    (
        &["diff", "testdata/examples/crds", "testdata/examples/crds"],
        false,
    ),
    (&["cost", "testdata/cli/cost.yaml"], false),
    (
        &[
            "test",
            "--crd",
            "testdata/suites/crds",
            "testdata/suites/passing",
        ],
        false,
    ),
    (&["rules"], false),
    (&["explain", "yaml/syntax"], false),
    (&["explain", "config"], false),
];

const ALL: &[&str] = &["human", "json", "sarif", "concise", "github", "junit"];

fn crdlint(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .arg("--no-config")
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The values listed under `--format` in a subcommand's long help.
fn advertised(command: &str) -> Vec<String> {
    let (code, help, _) = crdlint(&[command, "--help"]);
    assert_eq!(code, 0);
    let Some(at) = help.find("--format <FORMAT>") else {
        return Vec::new();
    };
    let section = &help[at..];
    let values = section
        .split_once("Possible values:")
        .expect("--format lists its values")
        .1;
    values
        .lines()
        .skip(1)
        .map_while(|l| l.trim().strip_prefix("- "))
        .map(|l| l.split(':').next().unwrap_or(l).trim().to_string())
        .collect()
}

#[test]
fn every_advertised_format_is_printed_and_no_other_is_accepted() {
    for (args, to_stderr) in COMMANDS {
        let command = args[0];
        let formats = advertised(command);
        assert!(
            formats.contains(&"human".to_string()),
            "{command}: {formats:?}"
        );
        for format in ALL {
            let mut full = args.to_vec();
            full.extend(["--format", format]);
            let (code, stdout, stderr) = crdlint(&full);
            if !formats.iter().any(|f| f == format) {
                assert_eq!(code, 2, "{full:?} should be refused: {stdout}{stderr}");
                assert!(stderr.contains("invalid value"), "{full:?}: {stderr}");
                continue;
            }
            assert!(code == 0 || code == 1, "{full:?} exits {code}: {stderr}");
            let report = if *to_stderr { &stderr } else { &stdout };
            assert!(!report.trim().is_empty(), "{full:?} printed nothing");
            match *format {
                "json" | "sarif" => {
                    serde_json::from_str::<serde_json::Value>(report)
                        .unwrap_or_else(|e| panic!("{full:?}: not JSON ({e}): {report}"));
                }
                "junit" => assert!(report.starts_with("<?xml"), "{full:?}: {report}"),
                _ => {}
            }
        }
    }
}

#[test]
fn commands_without_choices_do_not_advertise_a_format() {
    let (_, help, _) = crdlint(&["completions", "--help"]);
    assert!(!help.contains("--format"), "{help}");
}

/// The config's `format` is for the commands that report findings: the others print their
/// human output rather than fail, while `--format` on the command line is checked.
#[test]
fn a_config_format_does_not_break_the_listing_commands() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = dir.path().join("c.yaml");
    std::fs::write(&config, "version: 1\nformat: sarif\n").expect("write");
    let config = config.to_string_lossy().into_owned();
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .args(["--config", &config, "rules"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("admission/"));
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .args(["--config", &config, "check", "testdata/examples/crds"])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"version\": \"2.1.0\""));
    // Given before the subcommand, the flag escapes the subcommand's own list; it is still
    // refused when the command runs.
    let out = Command::cargo_bin("crdlint")
        .expect("binary")
        .args([
            "--no-config",
            "--format",
            "sarif",
            "cost",
            "testdata/cli/cost.yaml",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("prints --format human or json"));
}
