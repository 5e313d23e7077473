//! The whole pipeline: CRD bytes and resource bytes (split at the first NUL byte) through the
//! driver as `crdlint check`, `prune` and `default` run them; every report format rendered; then
//! the write path (`validate::rewrite_file`, as `--write` uses it) and a check that the rewritten
//! text reads back as exactly the objects the server would store.
#![no_main]

use crdlint::cli::driver::{self, Mode, RunOptions, Transform};
use crdlint::cli::input::{Input, Loaded, Origin, Role};
use crdlint::diag::render::{self, Format, Report};
use libfuzzer_sys::fuzz_target;

fn file(name: &str, text: &str) -> Loaded {
    Loaded::with_text(
        Input {
            name: name.into(),
            origin: Origin::Path(name.into()),
            role: Role::Target,
            named_crd: false,
            walked: false,
        },
        text.to_string(),
    )
}

fn options(mode: Mode, transform: Option<Transform>) -> RunOptions {
    RunOptions {
        mode,
        missing_schema: None,
        skip: Vec::new(),
        inputs: Default::default(),
        lint: Default::default(),
        validate: Default::default(),
        transform,
        skip_cel: false,
        cost_warn_percent: 100,
        admission: Default::default(),
        old: None,
        // Keep every text: the checks below read the files the run saw.
        keep_texts: true,
        list_skipped: true,
        // A fuzzer runs in one process for hours: the memory of each run is freed.
        exit_after: false,
        schema_cache: None,
    }
}

/// Every format renders without a panic, and every finding points into its file.
fn render_all(result: &driver::RunResult) {
    for d in &result.diagnostics {
        if let Some(f) = d.file {
            let text = &result.files[f].text;
            assert!(
                text.get(d.span.range()).is_some(),
                "span outside its file or inside a character: {d:?}"
            );
        }
    }
    let rules = crdlint::cli::rules::all();
    let report = Report {
        files: &result.files,
        diagnostics: &result.diagnostics,
        suppressed: &result.suppressed,
        summary: &result.summary,
        rules: &rules,
    };
    for format in [
        Format::Human,
        Format::Json,
        Format::Sarif,
        Format::Github,
        Format::Junit,
    ] {
        let mut out = Vec::new();
        render::render(format, &report, &render::Options::default(), &mut out)
            .expect("rendering to memory cannot fail");
        String::from_utf8(out).expect("renderers write UTF-8");
    }
}

/// Each stored object written back with `validate::rewrite` must read back as itself.
fn check_write_back(resources: &str, result: &driver::RunResult) {
    let before = crdlint::yaml::load(resources);
    // `--write` leaves a file with YAML errors alone (its objects are not what the text says).
    if before.iter().any(|d| !d.errors.is_empty()) {
        return;
    }
    let originals: Vec<usize> = before
        .iter()
        .filter_map(|d| d.root.as_ref())
        .flat_map(|root| {
            driver::objects(root)
                .into_iter()
                .map(|(_, n)| n.span().start())
        })
        .collect();
    let stored: Vec<_> = result.stored.iter().filter(|s| s.file == 1).collect();
    let changes: Vec<_> = stored
        .iter()
        .map(|s| crdlint::validate::Change {
            original: &s.original,
            updated: &s.node,
        })
        .collect();
    // A refused file is left alone by `--write` (and reported as `write/not-rewritten`).
    let Ok(text) = crdlint::validate::rewrite_file(resources, &changes) else {
        return;
    };
    let after = crdlint::yaml::load(&text);
    for d in &after {
        assert!(
            d.errors.is_empty(),
            "rewritten text has errors {:?}:\n{text}",
            d.errors
        );
    }
    let objects: Vec<_> = after
        .iter()
        .filter_map(|d| d.root.as_ref())
        .flat_map(|root| driver::objects(root).into_iter().map(|(_, n)| n))
        .collect();
    for s in stored {
        let index = originals
            .iter()
            .position(|&start| start == s.original.span().start())
            .expect("a stored object comes from the file");
        let back = objects.get(index).expect("the object is still there");
        assert_eq!(
            back.to_json(),
            s.node.to_json(),
            "the rewritten text does not read back as the stored object:\n{text}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (crd, resources) = text.split_once('\0').unwrap_or((text, ""));
    let inputs = || vec![file("crd.yaml", crd), file("r.yaml", resources)];
    render_all(&driver::run(inputs(), &options(Mode::Check, None)));
    let transform = if data.len() % 2 == 0 {
        Transform::Prune
    } else {
        Transform::Default
    };
    let result = driver::run(inputs(), &options(Mode::Validate, Some(transform)));
    check_write_back(resources, &result);
});
