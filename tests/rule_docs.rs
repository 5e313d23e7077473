//! Every rule's page is a file of the repository, `docs/rules/<group>/<name>.md`, generated from
//! the registry (the same words as `crdlint explain` and SARIF's `rules[].help`), with an index
//! in `docs/rules/README.md`. SARIF's `helpUri` points at these files, so they must exist and
//! say what the binary says. Set `CRDLINT_BLESS=1` to rewrite them after changing a rule.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crdlint::cli::rules::all;
use crdlint::diag::ruledoc;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The index: one line per rule, linking to its page.
fn index() -> String {
    let mut out = String::from(
        "# crdlint rules\n\nGenerated from the rule registry (`crdlint rules`, `crdlint explain \
RULE`); do not edit by hand: `CRDLINT_BLESS=1 cargo test --test integration rule_docs` rewrites \
these pages.\n\n| Rule | Default severity | Finds |\n|---|---|---|\n",
    );
    for r in all() {
        let page = ruledoc::doc_path(r);
        let link = page.trim_start_matches("docs/rules/");
        let summary = r.summary.replace('|', "\\|");
        out.push_str(&format!(
            "| [`{}`]({link}) | {} | {summary} |\n",
            r.id, r.severity
        ));
    }
    out
}

/// Every `.md` file under `dir`, relative to the repository root.
fn pages_on_disk(dir: &Path, out: &mut BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            pages_on_disk(&path, out);
        } else if path.extension().is_some_and(|x| x == "md") {
            let rel = path.strip_prefix(root()).expect("under the root");
            out.insert(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn rule_pages_have_not_drifted() {
    let bless = std::env::var_os("CRDLINT_BLESS").is_some();
    let mut expected: Vec<(String, String)> = all()
        .into_iter()
        .map(|r| (ruledoc::doc_path(r), ruledoc::markdown(r)))
        .collect();
    expected.push(("docs/rules/README.md".into(), index()));
    let mut stale = Vec::new();
    for (path, text) in &expected {
        let file = root().join(path);
        if bless {
            std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
            std::fs::write(&file, text).expect("write the page");
        } else if std::fs::read_to_string(&file).ok().as_deref() != Some(text.as_str()) {
            stale.push(path.clone());
        }
    }
    assert!(
        stale.is_empty(),
        "out of date: {stale:?}; run `CRDLINT_BLESS=1 cargo test --test integration rule_docs`"
    );
    // A page for no rule would be a dead end for a reader (rule ids are never removed, so this
    // catches a typo'd or hand-made page).
    let mut on_disk = BTreeSet::new();
    pages_on_disk(&root().join("docs/rules"), &mut on_disk);
    let wanted: BTreeSet<String> = expected.into_iter().map(|(p, _)| p).collect();
    let extra: Vec<&String> = on_disk.difference(&wanted).collect();
    assert!(extra.is_empty(), "pages for no rule: {extra:?}");
}

#[test]
fn explain_prints_the_page_text() {
    for r in all().into_iter().take(5) {
        let out = assert_cmd::Command::cargo_bin("crdlint")
            .expect("binary")
            .args(["--no-config", "explain", r.id])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(String::from_utf8_lossy(&out.stdout), ruledoc::text(r));
    }
}
