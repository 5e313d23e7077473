//! The fast YAML scanner (`yaml::scan`) against granit-parser: on every YAML file of testdata/
//! and of the shared corpus, and on generated block YAML, it either declines or produces exactly
//! granit's events (see `yaml::scan::oracle`).

use std::path::{Path, PathBuf};

use crdlint::yaml::scan::oracle::compare_with_granit;
use crdlint::yaml::{load_with, LoadOptions};
use proptest::prelude::*;

fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            yaml_files(&p, out);
        } else if p
            .extension()
            .is_some_and(|x| x == "yaml" || x == "yml" || x == "json")
        {
            out.push(p);
        }
    }
}

/// The start of the next `---` line after `at`, or the end of `text`.
fn next_document(text: &str, at: usize) -> usize {
    let b = text.as_bytes();
    let mut p = at;
    while let Some(i) = text[p..].find("\n---") {
        let m = p + i + 1;
        if b.get(m + 3)
            .is_none_or(|c| matches!(c, b' ' | b'\n' | b'\r' | b'\t'))
        {
            return m;
        }
        p = m;
    }
    text.len()
}

/// Compares every file under `dir`; returns (files, bytes, bytes read by the fast path,
/// documents read by it, documents). As the loader does, the fast path takes over again at the
/// `---` line after a document it declined (granit reads that one); the bytes of declined
/// documents are counted by the check that declined them.
fn compare_tree(dir: &Path) -> (usize, usize, usize, usize, usize) {
    let mut files = Vec::new();
    yaml_files(dir, &mut files);
    files.sort();
    let mut failures = Vec::new();
    let (mut bytes, mut fast, mut docs, mut all_docs) = (0, 0, 0, 0);
    // Bytes sent to granit, by the check that declined them (documents, and one of them).
    let mut declined: std::collections::BTreeMap<String, (usize, usize, String)> =
        Default::default();
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        bytes += text.len();
        let mut from = 0;
        while from < text.len() {
            let cov = match compare_with_granit(&text[from..]) {
                Ok(cov) => cov,
                Err(e) => {
                    failures.push(format!("{} from byte {from}: {e}", f.display()));
                    break;
                }
            };
            fast += cov.bytes;
            docs += cov.docs;
            let (Some(at), Some(by)) = (cov.declined_at, cov.declined_by) else {
                break;
            };
            let at = from + at;
            let next = next_document(&text, at + 1);
            let e = declined.entry(by).or_default();
            e.0 += next - at;
            e.1 += 1;
            if e.2.is_empty() {
                e.2 = format!("{}:{at}", f.display());
            }
            from = next;
        }
        match same_documents(&text) {
            Ok(n) => all_docs += n,
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    let mut by: Vec<_> = declined.into_iter().collect();
    by.sort_by_key(|(_, (n, _, _))| std::cmp::Reverse(*n));
    for (check, (n, d, at)) in by.iter().take(12) {
        println!("  {n:>10} bytes in {d:>4} documents declined at {check} (e.g. {at})");
    }
    assert!(
        failures.is_empty(),
        "{} files differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    (files.len(), bytes, fast, docs, all_docs)
}

/// The loader's documents (trees, spans, errors) are the same with and without the fast path;
/// returns how many there are.
fn same_documents(text: &str) -> Result<usize, String> {
    let granit = LoadOptions {
        fast_scan: false,
        ..LoadOptions::default()
    };
    let docs = load_with(text, &granit);
    let fast = format!("{:?}", load_with(text, &LoadOptions::default()));
    let slow = format!("{docs:?}");
    if fast == slow {
        return Ok(docs.len());
    }
    let at = fast
        .bytes()
        .zip(slow.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let from = at.saturating_sub(80);
    Err(format!(
        "documents differ:\nfast  ...{}\ngranit ...{}",
        fast.get(from..(at + 80).min(fast.len())).unwrap_or(""),
        slow.get(from..(at + 80).min(slow.len())).unwrap_or("")
    ))
}

#[test]
fn fast_scan_equals_granit_on_testdata() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let (files, bytes, fast, docs, all) = compare_tree(&root);
    println!(
        "testdata: {files} files, {fast} of {bytes} bytes and {docs} of {all} documents read fast"
    );
    assert!(files > 100);
}

#[test]
fn fast_scan_equals_granit_on_the_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !root.is_dir() {
        println!("skipped: ../shared/corpus is not present");
        return;
    }
    let (files, bytes, fast, docs, all) = compare_tree(&root);
    println!(
        "corpus: {files} files, {fast} of {bytes} bytes and {docs} of {all} documents read fast"
    );
    // Most real files are in the subset; a regression that declines everything would still
    // "pass" the comparison, so the share is checked too.
    assert!(fast * 2 > bytes, "only {fast} of {bytes} bytes read fast");
}

/// Directories named in `CRDLINT_SCAN_DIRS` (`:`-separated), e.g. the benchmark workload: the
/// same comparison, and the share read fast (BENCHMARKS.md reports it).
#[test]
fn fast_scan_equals_granit_on_extra_directories() {
    let Ok(dirs) = std::env::var("CRDLINT_SCAN_DIRS") else {
        println!("skipped: CRDLINT_SCAN_DIRS is not set");
        return;
    };
    for dir in dirs.split(':').filter(|d| !d.is_empty()) {
        let (files, bytes, fast, docs, all) = compare_tree(Path::new(dir));
        println!(
            "{dir}: {files} files, {fast} of {bytes} bytes and {docs} of {all} documents read fast"
        );
    }
}

/// A generated flow collection: nested sequences and mappings of plain and quoted scalars,
/// with separators that put entries on following lines, comments, trailing commas and a few
/// characters that end or continue plain scalars.
fn flow_yaml() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        "[a-z][a-z0-9 .:/#?-]{0,8}",
        "'[a-z ',:]{0,5}'",
        "\"[a-z ,:\\n]{0,5}\"",
        Just("-1".to_owned()),
        Just("ü".to_owned()),
        Just("[]".to_owned()),
        Just("{}".to_owned()),
    ];
    let sep = prop_oneof![
        4 => Just(", ".to_owned()),
        1 => Just(",".to_owned()),
        1 => Just(" , ".to_owned()),
        1 => Just(",\n    ".to_owned()),
        1 => Just(", # c\n  ".to_owned()),
        1 => Just("\n  , ".to_owned()),
        1 => Just(",\n".to_owned()),
    ];
    leaf.prop_recursive(3, 16, 4, move |inner| {
        (
            proptest::collection::vec((inner.clone(), inner, sep.clone()), 0..4),
            any::<bool>(),
            0usize..4,
        )
            .prop_map(|(entries, map, extra)| {
                let mut out = String::from(if map { "{" } else { "[" });
                if extra == 1 {
                    out.push_str("\n  ");
                }
                for (i, (k, v, sep)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push_str(sep);
                    }
                    if map {
                        out.push_str(k);
                        out.push_str(if extra == 2 { ":" } else { ": " });
                    }
                    out.push_str(v);
                }
                if extra == 3 && !entries.is_empty() {
                    out.push(',');
                }
                out.push(if map { '}' } else { ']' });
                out
            })
    })
}

/// A generated block YAML text: nested maps and sequences with plain, quoted and block scalars,
/// flow collections, comments and blank lines, in one or more documents.
fn block_yaml() -> impl Strategy<Value = String> {
    let scalar = prop_oneof![
        "[a-z][a-z0-9 .:/#-]{0,12}",
        "'[a-z ']{0,6}'",
        "\"[a-z \\\\n]{0,6}\"",
        Just("-1".to_owned()),
        Just("ü é".to_owned()),
        Just("::/0".to_owned()),
        Just("?q".to_owned()),
    ];
    let line = (
        0usize..4,
        0usize..9,
        "[a-z]{1,5}",
        scalar,
        0usize..8,
        flow_yaml(),
    )
        .prop_map(|(depth, shape, key, value, extra, flow)| {
            let ind = "  ".repeat(depth);
            match shape {
                6 => format!("{ind}{key}: {flow}{}\n", ["", " # c", " x"][extra % 3]),
                7 => format!("{ind}- {flow}\n"),
                // A document root when it follows `---`.
                8 => format!("{flow}\n"),
                0 => format!("{ind}{key}: {value}\n"),
                1 => format!("{ind}{key}:\n"),
                2 => format!("{ind}- {value}\n"),
                3 => format!("{ind}- {key}: {value}\n"),
                4 => format!(
                    "{ind}{key}: |{}\n{ind}  {value}\n{ind}   more\n\n",
                    ["", "-", "+"][extra % 3]
                ),
                _ => match extra {
                    0 => "# comment\n".to_owned(),
                    1 => "\n".to_owned(),
                    2 => "---\n".to_owned(),
                    3 => format!("{ind}  {value}\n"),
                    4 => format!("{ind}{key}: >\n{ind}  {value}\n\n{ind}   x\n{ind}  y\n"),
                    5 => format!("{ind}{key} : {value}\n"),
                    _ => format!("{ind}{key}: {value} # c\n"),
                },
            }
        });
    proptest::collection::vec(line, 1..24).prop_map(|lines| lines.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn fast_scan_declines_or_equals_granit(src in block_yaml()) {
        if let Err(e) = compare_with_granit(&src).and_then(|_| same_documents(&src)) {
            prop_assert!(false, "{src:?}: {e}");
        }
    }
}
