//! Standard input read a chunk at a time (`cli/commands/chunked.rs`): a stream cut into many
//! chunks (`CRDLINT_STREAM_CHUNK_BYTES` lowers the chunk size from megabytes to a few hundred
//! bytes) reports exactly what the same text given as a file reports, in every format; a CRD
//! after the first chunk is reported rather than applied. And a CRD over the request limit gets
//! one size finding, not two (issue 33).

use std::process::{Command, Stdio};

const EXAMPLES: &str = "testdata/examples";

/// A stream like `helm template` output: the examples' CRD first, then documents with schema
/// errors, a duplicate key, a CEL rule broken, suppression comments, `crdlint.io/ignore`
/// annotations, mappings that are no objects and built-in kinds, each after its own
/// `# Source:` comment, repeated so that findings fall in many chunks.
fn stream_text() -> String {
    let read = |p: &str| std::fs::read_to_string(format!("{EXAMPLES}/{p}")).expect("example");
    let mut docs = vec![read("crds/backup-schedule.yaml")];
    for i in 0..8 {
        for d in read("resources/broken-schedules.yaml").split("\n---\n") {
            docs.push(d.to_string());
        }
        docs.push(read("resources/nightly.yaml").replace("name: nightly", &format!("name: n{i}")));
        docs.push(read("resources/app.yaml"));
        docs.push(format!(
            "apiVersion: ops.example.com/v1\nkind: BackupSchedule\nmetadata:\n  name: ann{i}\n  annotations:\n    crdlint.io/ignore: \"cr/schema\"\nspec:\n  schedule: \"0 * * * *\"\n  retentionDays: \"7\"\n  target:\n    bucket: backups.example.com\n"
        ));
        docs.push(format!(
            "apiVersion: ops.example.com/v1\nkind: BackupSchedule\nmetadata:\n  name: c{i}\nspec:\n  schedule: \"0 * * * *\"\n  retentionDays: \"8\" # crdlint: ignore[cr/schema] -- kept as it was\n  mode: Sometimes # crdlint: ignore[cr/unknown-field]\n  target:\n    bucket: backups.example.com\n"
        ));
        docs.push("just: a mapping\n".to_string());
    }
    let mut text = String::new();
    for (i, d) in docs.iter().enumerate() {
        if i > 0 {
            text.push_str(&format!("---\n# Source: chart/templates/t{i}.yaml\n"));
        }
        text.push_str(d.trim_end_matches('\n'));
        text.push('\n');
    }
    text
}

/// stdout and exit code of crdlint in the crate root, with `stdin` piped in and chunks of
/// `chunk` bytes.
fn run(args: &[&str], stdin: &str, chunk: usize) -> (String, i32) {
    use std::io::Write;
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("crdlint"))
        .args(args)
        .env("CRDLINT_STREAM_CHUNK_BYTES", chunk.to_string())
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("crdlint runs");
    let mut input = child.stdin.take().expect("stdin");
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || {
        // The run may stop reading early (a usage error): a broken pipe is no failure here.
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().expect("crdlint ends");
    writer.join().expect("writer");
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        out.status.code().expect("exited"),
    )
}

#[test]
fn a_stream_of_many_chunks_reports_what_the_file_reports_in_every_format() {
    let text = stream_text();
    assert!(text.len() > 20 * 400, "the stream spans many chunks");
    let dir = tempfile::tempdir().expect("tempdir");
    let named = dir.path().join("stream.yaml");
    std::fs::write(&named, &text).expect("write");
    let named = named.to_str().expect("UTF-8 path");
    // Standard input under the file's name, alone, and with a file of findings after it and
    // one before it in name order (`-` sorts before `testdata/`, the temporary path after).
    let other = format!("{EXAMPLES}/resources/broken-schedules.yaml");
    let crd = format!("{EXAMPLES}/crds/backup-schedule.yaml");
    for format in ["human", "concise", "json", "sarif", "junit", "github"] {
        let common = [
            "--no-config",
            "--color",
            "never",
            "--format",
            format,
            "check",
        ];
        let cases: [(Vec<&str>, Vec<&str>); 2] = [
            (vec![named], vec!["--stdin-filename", named, "-"]),
            (
                vec!["--crd", &crd, &other, named],
                vec!["--crd", &crd, &other, "--stdin-filename", named, "-"],
            ),
        ];
        for (as_file, as_stdin) in cases {
            let file_args: Vec<&str> = common.iter().copied().chain(as_file).collect();
            let stdin_args: Vec<&str> = common.iter().copied().chain(as_stdin).collect();
            let (whole, code) = run(&file_args, "", 400);
            assert_eq!(code, 1, "{format}: {whole}");
            for chunk in [400, 4096] {
                let (streamed, streamed_code) = run(&stdin_args, &text, chunk);
                assert_eq!(streamed_code, code, "{format}, chunks of {chunk}");
                assert!(
                    streamed == whole,
                    "{format}, chunks of {chunk}: the stream's report differs from the file's\n--- file\n{whole}\n--- stream\n{streamed}"
                );
            }
        }
    }
}

#[test]
fn a_crd_after_the_first_chunk_is_reported_not_applied() {
    let crd = std::fs::read_to_string(format!("{EXAMPLES}/crds/cache-policy.yaml")).expect("crd");
    let resource = "apiVersion: example.com/v1\nkind: Nothing\nmetadata:\n  name: x\n";
    let mut text = String::new();
    for _ in 0..40 {
        text.push_str(resource);
        text.push_str("---\n");
    }
    text.push_str(&crd);
    let args = ["--no-config", "--format", "concise", "check", "-"];
    let (streamed, code) = run(&args, &text, 200);
    let late: Vec<&str> = streamed
        .lines()
        .filter(|l| l.contains("input/crd-unusable"))
        .collect();
    assert_eq!(late.len(), 1, "{streamed}");
    assert!(late[0].starts_with("-:"), "{streamed}");
    assert!(
        late[0].contains("warning[input/crd-unusable]"),
        "{streamed}"
    );
    assert!(late[0].contains("not applied"), "{streamed}");
    assert_eq!(code, 0, "a warning only: {streamed}");
    assert!(
        streamed.ends_with("(0 CRDs, 0 resources, 40 skipped)\n"),
        "{streamed}"
    );
    // Read whole (one chunk), the same text's CRD is the run's, linted and counted.
    let (whole, _) = run(&args, &text, 1 << 22);
    assert!(!whole.contains("input/crd-unusable"), "{whole}");
    assert!(whole.contains("1 CRD,"), "{whole}");
}

/// A CRD whose JSON is over the API server's 3 MiB request limit: `crd/request-too-large`
/// (the error the server gives), without the same document's `yaml/too-large` warning.
#[test]
fn a_crd_over_the_request_limit_gets_one_size_finding() {
    let property = |i: usize| {
        format!(
            "              f{i}:\n                type: string\n                description: {}\n",
            "x".repeat(200)
        )
    };
    let mut crd = String::from(
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n",
    );
    for i in 0..14_000 {
        crd.push_str(&property(i));
    }
    assert!(crd.len() > 3 * 1024 * 1024);
    let (out, code) = run(
        &["--no-config", "--format", "concise", "lint", "-"],
        &crd,
        1 << 22,
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("error[crd/request-too-large]"), "{out}");
    assert!(!out.contains("yaml/too-large"), "{out}");
    // A document over the limit that is no CRD keeps its warning.
    let big = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  a: {}\n",
        "x".repeat(3_200_000)
    );
    let (out, _) = run(
        &["--no-config", "--format", "concise", "check", "-"],
        &big,
        1 << 22,
    );
    assert!(out.contains("warning[yaml/too-large]"), "{out}");
}

/// Resources of a CRD the API server cannot decode, in the first chunk and in later ones: each
/// says it was not validated (`input/no-schema`); only the first chunk's names the CRD's place,
/// which a later chunk's report would read against its own text.
#[test]
fn resources_of_an_unusable_crd_say_so_in_every_chunk() {
    let crd = std::fs::read_to_string(format!("{EXAMPLES}/crds/cache-policy.yaml"))
        .expect("crd")
        .replacen("type: object", "type: 5", 1);
    let kind = crd
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("kind: ")
                .filter(|k| *k != "CustomResourceDefinition")
        })
        .expect("the CRD's kind")
        .to_string();
    let group = crd
        .lines()
        .find_map(|l| l.trim().strip_prefix("group: "))
        .expect("the CRD's group")
        .to_string();
    let mut text = crd.clone();
    for i in 0..30 {
        text.push_str(&format!(
            "---\napiVersion: {group}/v1\nkind: {kind}\nmetadata:\n  name: r{i}\n"
        ));
    }
    let args = ["--no-config", "--format", "json", "check", "-"];
    let (streamed, _) = run(&args, &text, crd.len() + 200);
    let report: serde_json::Value = serde_json::from_str(&streamed).expect("json");
    let at_resources: Vec<&serde_json::Value> = report["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["rule"] == "input/no-schema")
        .collect();
    assert_eq!(at_resources.len(), 30, "{streamed}");
    let with_place = at_resources
        .iter()
        .filter(|d| d["related"].as_array().is_some_and(|r| !r.is_empty()))
        .count();
    assert!(
        with_place > 0 && with_place < 30,
        "the first chunk's resources name the CRD, later ones do not: {streamed}"
    );
}
