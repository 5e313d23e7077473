//! Property tests (proptest) for invariants that hand-picked cases cover badly: emitting a value
//! and loading it back gives the same value, whatever characters its strings hold, and also for
//! values read through anchors, aliases and merge keys; and a run's findings do not depend on the
//! number of threads.

use std::sync::Arc;

use crdlint::cli::driver::{self, Mode, RunOptions};
use crdlint::cli::input::{Input, Loaded, Origin, Role};
use crdlint::diag::render::{self, Format, Report};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

/// Strings that stress quoting: YAML indicators, resolver look-alikes, line breaks, tabs,
/// leading and trailing blanks, non-ASCII and control characters.
fn tricky_string() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "",
        " ",
        "\t",
        "\n",
        "\r\n",
        "#",
        ": ",
        "- ",
        "---",
        "...",
        "&a",
        "*a",
        "!",
        "|",
        ">",
        "'",
        "\"",
        "%",
        "@",
        "`",
        "{",
        "}",
        "[",
        "]",
        ",",
        "?",
        "yes",
        "No",
        "~",
        "null",
        "0x1F",
        "0o17",
        "1e3",
        "1_000",
        ".inf",
        "-.NaN",
        "2024-01-01",
        "é",
        "日本",
        "\u{1b}",
        "\u{85}",
        "\u{2028}",
        "\u{feff}",
        "<<",
        "=",
        "a",
        "b c",
        "0",
        "-1",
        "+1",
        "0.5",
    ]);
    prop::collection::vec(pieces, 0..6).prop_map(|v| v.concat())
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|i| json!(i)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        tricky_string().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((tricky_string(), inner), 0..5)
                .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn emit_then_load_gives_the_same_value(v in json_value()) {
        let node = crdlint::yaml::Node::from_json(&v);
        let text = crdlint::yaml::emit_document(&node);
        let docs = crdlint::yaml::load(&text);
        let roots: Vec<_> = docs.iter().filter_map(|d| d.root.as_ref()).collect();
        prop_assert_eq!(roots.len(), 1, "{}", text);
        for d in &docs {
            prop_assert!(d.errors.is_empty(), "{:?}\n{}", d.errors, text);
        }
        // JSON is what the API server sees: whole floats read back as ints, as it does.
        let expected = crdlint::yaml::Node::from_json(&v).to_json();
        prop_assert_eq!(roots[0].to_json(), expected, "{}", text);
    }
}

/// A document that shares `base` through an anchor: an alias, a merge key (when `base` is a
/// mapping; a single one or in a list with `extra`), and an alias inside a flow sequence.
fn shared_document(base: &Value, extra: &Map<String, Value>, key: &str, v: &Value) -> String {
    let flow = |v: &Value| crdlint::yaml::emit::emit_flow(&crdlint::yaml::Node::from_json(v));
    let key = crdlint::yaml::emit::emit_flow_key(key);
    let mut out = format!(
        "base: &b {}\nalias: *b\nlist: [*b, {}]\n",
        flow(base),
        flow(v)
    );
    if base.is_object() {
        out.push_str(&format!("merged:\n  <<: *b\n  {key}: {}\n", flow(v)));
        out.push_str(&format!(
            "extra: &e {}\nboth:\n  <<: [*e, *b]\n",
            flow(&Value::Object(extra.clone()))
        ));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Aliases and merge keys read as go-yaml v2 reads them (a copy; `<<` entries set where it
    /// appears, keys after it win, earlier maps of a list win), and the loaded value, emitted
    /// and loaded again, is the same value.
    #[test]
    fn anchors_aliases_and_merges_load_and_round_trip(
        base in json_value(),
        extra in prop::collection::vec((tricky_string(), json_value()), 0..3),
        key in tricky_string(),
        v in json_value(),
    ) {
        let extra: Map<String, Value> = extra.into_iter().collect();
        let text = shared_document(&base, &extra, &key, &v);
        let docs = crdlint::yaml::load(&text);
        prop_assert_eq!(docs.len(), 1, "{}", text);
        prop_assert!(docs[0].errors.is_empty(), "{:?}\n{}", docs[0].errors, text);
        let read = docs[0].root.as_ref().expect("root").to_json();
        let json = |v: &Value| crdlint::yaml::Node::from_json(v).to_json();
        prop_assert_eq!(&read["base"], &json(&base), "{}", text);
        prop_assert_eq!(&read["alias"], &json(&base), "{}", text);
        prop_assert_eq!(&read["list"], &json(&json!([base, v])), "{}", text);
        if let Value::Object(b) = &base {
            let mut merged = b.clone();
            merged.insert(key.clone(), v.clone());
            prop_assert_eq!(&read["merged"], &json(&Value::Object(merged)), "{}", text);
            let mut both = b.clone();
            both.extend(extra.clone());
            prop_assert_eq!(&read["both"], &json(&Value::Object(both)), "{}", text);
        }

        let emitted = crdlint::yaml::emit_document(docs[0].root.as_ref().expect("root"));
        let again = crdlint::yaml::load(&emitted);
        prop_assert!(again[0].errors.is_empty(), "{:?}\n{}", again[0].errors, emitted);
        prop_assert_eq!(again[0].root.as_ref().expect("root").to_json(), read, "{}", emitted);
    }
}

const CRD: &str = include_str!("../testdata/examples/crds/backup-schedule.yaml");

fn loaded(name: &str, text: String) -> Loaded {
    let input = Input {
        name: name.into(),
        origin: Origin::Path(name.into()),
        role: Role::Target,
        named_crd: false,
        walked: false,
    };
    Loaded::with_text(input, text)
}

/// The JSON report of a `check` run over `files` on `threads` threads.
fn report(files: &[(String, String)], threads: usize) -> String {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    let opts = RunOptions {
        mode: Mode::Check,
        missing_schema: Some(crdlint::diag::Severity::Error),
        skip: Vec::new(),
        inputs: Default::default(),
        lint: Default::default(),
        validate: Default::default(),
        transform: None,
        skip_cel: false,
        cost_warn_percent: 50,
        admission: Default::default(),
        old: None::<Arc<_>>,
        keep_texts: false,
        list_skipped: true,
        exit_after: false,
        schema_cache: None,
    };
    let inputs = files
        .iter()
        .map(|(n, t)| loaded(n, t.clone()))
        .collect::<Vec<_>>();
    let result = pool.install(|| driver::run(inputs, &opts));
    let rules = crdlint::cli::rules::all();
    let report = Report {
        files: &result.files,
        diagnostics: &result.diagnostics,
        suppressed: &result.suppressed,
        summary: &result.summary,
        rules: &rules,
    };
    let mut out = Vec::new();
    render::render(Format::Json, &report, &render::Options::default(), &mut out)
        .expect("in memory");
    String::from_utf8(out).expect("UTF-8")
}

/// A BackupSchedule with generated field values, some valid, some not.
fn resource() -> impl Strategy<Value = String> {
    (
        "[a-z]{1,8}",
        prop::sample::select(vec!["0 3 * * *", "bad", "61 * * * *", ""]),
        prop::sample::select(vec!["Full", "Differential", "nope"]),
        -5i64..400,
        prop::sample::select(vec!["backups.example.com", "Bad_Bucket", ""]),
        any::<bool>(),
    )
        .prop_map(|(name, schedule, mode, days, bucket, extra)| {
            let extra = if extra { "  unknown: 1\n" } else { "" };
            format!(
                "apiVersion: ops.example.com/v1\nkind: BackupSchedule\nmetadata:\n  name: {name}\nspec:\n  schedule: {schedule:?}\n  mode: {mode}\n  retentionDays: {days}\n{extra}  target:\n    bucket: {bucket:?}\n"
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn findings_do_not_depend_on_the_thread_count(
        files in prop::collection::vec(prop::collection::vec(resource(), 1..4), 1..6)
    ) {
        let mut all = vec![("crd.yaml".to_string(), CRD.to_string())];
        for (i, docs) in files.iter().enumerate() {
            all.push((format!("r{i}.yaml"), docs.join("---\n")));
        }
        let one = report(&all, 1);
        prop_assert_eq!(&one, &report(&all, 2));
        prop_assert_eq!(&one, &report(&all, 8));
    }
}
