//! ARCHITECTURE.md's invariants, checked on the source text (after rust-analyzer's tidy tests):
//! the module layering, which modules may name which outside crates, where printing happens,
//! and a `//!` doc at the top of every file.
//!
//! The checks read code lines only (comments are skipped) and skip each `#[cfg(test)]` item (a
//! test module's body, brace-matched), since tests may print and may reach across layers to
//! build fixtures; code after a test module is checked. A file that is a test module of its own
//! (`#[cfg(test)] mod tests;` in its parent) is all test code.

use std::path::{Path, PathBuf};

/// The modules in data-flow order: each may use only those before it.
const LAYERS: &[&str] = &[
    "yaml",
    "diag",
    "k8s",
    "schema",
    "cel",
    "apiext",
    "lint",
    "validate",
    "compat",
    "builtin",
    "admission",
    "suite",
    "vendor",
    "cli",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `(path, code)` for every file under `src/`, code without comments and without tests.
fn sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    files.sort();
    let texts: Vec<(PathBuf, String)> = files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("source is UTF-8");
            (p, text)
        })
        .collect();
    let test_modules = test_module_files(&texts);
    texts
        .iter()
        .map(|(p, text)| {
            let kept = if test_modules.contains(p) {
                String::new()
            } else {
                without_tests(text)
            };
            let code: Vec<&str> = kept
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect();
            (p.to_string_lossy().replace('\\', "/"), code.join("\n"))
        })
        .collect()
}

/// `text` without its `#[cfg(test)]` items: from the attribute to the item's `;` or to the `}`
/// that closes its body, braces counted outside strings, characters and comments. Line breaks
/// inside a removed item are kept, so line numbers stay those of the file.
fn without_tests(text: &str) -> String {
    const ATTR: &str = "#[cfg(test)]";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = find_attr(rest, ATTR) {
        out.push_str(&rest[..at]);
        let end = at + ATTR.len() + item_end(&rest[at + ATTR.len()..]);
        out.extend(rest[at..end].chars().filter(|c| *c == '\n'));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Where `attr` starts a line of `text` (after indentation).
fn find_attr(text: &str, attr: &str) -> Option<usize> {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start().len();
        if line.trim_start().starts_with(attr) {
            return Some(start + indent);
        }
        start += line.len();
    }
    None
}

/// The length of the item at the start of `code`: through its first `;` outside braces, or
/// through the `}` that closes its first `{`.
fn item_end(code: &str) -> usize {
    let b = code.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i += code[i..].find('\n').unwrap_or(code.len() - i);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += code[i + 2..].find("*/").map_or(code.len() - i, |e| e + 4);
                continue;
            }
            b'r' if !prev_is_ident(b, i) && matches!(b.get(i + 1), Some(b'"' | b'#')) => {
                let hashes = b[i + 1..].iter().take_while(|c| **c == b'#').count();
                if b.get(i + 1 + hashes) == Some(&b'"') {
                    let close = format!("\"{}", "#".repeat(hashes));
                    let body = i + 2 + hashes;
                    i = body
                        + code[body..]
                            .find(&close)
                            .map_or(code.len() - body, |e| e + close.len());
                    continue;
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            // A character literal (`'{'`, `'\''`); a lifetime (`'a`) has no closing quote.
            b'\'' => {
                if b.get(i + 1) == Some(&b'\\') {
                    i += 3;
                    while i < b.len() && b[i] != b'\'' {
                        i += 1;
                    }
                } else if let Some(c) = code[i + 1..].chars().next() {
                    if code[i + 1 + c.len_utf8()..].starts_with('\'') {
                        i += c.len_utf8() + 1;
                    }
                }
            }
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            b';' if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    code.len()
}

fn prev_is_ident(b: &[u8], i: usize) -> bool {
    i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
}

/// The files declared as `#[cfg(test)] mod name;` by their parent module (`x.rs` or
/// `x/mod.rs` declaring `x/name.rs`).
fn test_module_files(texts: &[(PathBuf, String)]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for (p, text) in texts {
        let dir = if p.file_name().is_some_and(|n| n == "mod.rs") {
            p.parent().map(Path::to_path_buf)
        } else {
            Some(p.with_extension(""))
        };
        let Some(dir) = dir else { continue };
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for w in lines.windows(2) {
            let name = w[1].strip_prefix("mod ").and_then(|r| r.strip_suffix(';'));
            if let (true, Some(name)) = (w[0] == "#[cfg(test)]", name) {
                out.push(dir.join(format!("{name}.rs")));
            }
        }
    }
    out
}

/// The top-level module a file belongs to (`src/lint/ctx.rs` and `src/lint.rs` → `lint`).
fn module_of(path: &str) -> Option<&str> {
    let first = path.strip_prefix("src/")?.split('/').next()?;
    Some(first.strip_suffix(".rs").unwrap_or(first))
}

/// Whether `code` names module `m` through a `crate::` path: `crate::m::x`, `crate::m;`, or
/// as an item of a `use crate::{a, m::x}` group.
fn uses(code: &str, m: &str) -> bool {
    if [":", ";", "}", ",", " ", ")"]
        .iter()
        .any(|end| code.contains(&format!("crate::{m}{end}")))
    {
        return true;
    }
    code.match_indices("crate::{").any(|(i, _)| {
        let group = &code[i + "crate::{".len()..];
        let group = &group[..group.find("};").unwrap_or(group.len())];
        group.split(',').any(|item| {
            let item = item.trim().trim_start_matches('{');
            item == m || item.starts_with(&format!("{m}::"))
        })
    })
}

#[test]
fn test_items_are_skipped_to_their_end() {
    let text = "use crate::a;\n#[cfg(test)]\nmod tests {\n    fn f() { let s = \"}\"; let r = r#\"}\"#; let c = '}'; let q = '\\''; }\n    // }\n    fn g<'a>(x: &'a str) {}\n}\nuse crate::cli::x;\n#[cfg(test)]\nmod more;\nuse crate::b;\n";
    let kept = without_tests(text);
    assert_eq!(kept.lines().count(), text.lines().count());
    assert!(kept.contains("use crate::a;") && kept.contains("use crate::b;"));
    assert!(kept.contains("use crate::cli::x;"), "{kept}");
    assert!(!kept.contains("fn f") && !kept.contains("mod more") && !kept.contains("fn g"));
}

#[test]
fn the_checks_see_what_they_look_for() {
    assert_eq!(module_of("src/lint/rules/x.rs"), Some("lint"));
    assert_eq!(module_of("src/lib.rs"), Some("lib"));
    assert!(uses("use crate::cli::driver;", "cli"));
    assert!(uses("use crate::{yaml, cli};", "cli"));
    assert!(uses(
        "use crate::{\n    diag::X,\n    lint::{a, b},\n};",
        "lint"
    ));
    assert!(!uses("use crate::{yaml, diag};", "cli"));
    assert!(uses("let x = crate::validate::run();", "validate"));
    assert!(!uses("use crate::validator::x;", "validate"));
    let parents = [
        (
            PathBuf::from("src/a/mod.rs"),
            "fn f() {}\n#[cfg(test)]\nmod tests;\n".to_string(),
        ),
        (
            PathBuf::from("src/b.rs"),
            "#[cfg(test)]\n    mod update_tests;\nmod c;\n".to_string(),
        ),
    ];
    assert_eq!(
        test_module_files(&parents),
        [
            PathBuf::from("src/a/tests.rs"),
            PathBuf::from("src/b/update_tests.rs")
        ]
    );
}

#[test]
fn modules_use_only_modules_to_their_left() {
    let mut wrong = Vec::new();
    for (path, code) in sources() {
        let Some(module) = module_of(&path) else {
            continue;
        };
        let Some(rank) = LAYERS.iter().position(|m| *m == module) else {
            continue;
        };
        for (i, other) in LAYERS.iter().enumerate() {
            let used = uses(&code, other);
            let forbidden = i > rank
                || (module == "lint" && *other == "validate")
                || (module == "validate" && *other == "lint")
                || (module == "builtin" && *other == "lint")
                || (module == "suite" && *other == "builtin")
                // admission comes after builtin (it uses cel and builtin's schemas, never the
                // linter) and before suite, whose policy suites run its engine.
                || (module == "admission" && *other == "lint")
                // compat sits beside lint and validate: it compares schemas, never runs them.
                || (module == "compat" && (*other == "lint" || *other == "validate"))
                // apiext is below lint and validate (the layer order says so; named here too
                // because it is the floor both stand on).
                || (module == "apiext" && (*other == "lint" || *other == "validate"));
            if used && forbidden {
                wrong.push(format!("{path} uses crate::{other}"));
            }
        }
    }
    assert!(wrong.is_empty(), "layering broken:\n{}", wrong.join("\n"));
}

#[test]
fn outside_crates_stay_in_their_modules() {
    // (crate as named in code, the only places allowed to name it)
    let rules: &[(&str, &[&str])] = &[
        ("clap::", &["src/cli/", "src/main.rs"]),
        ("clap_complete::", &["src/cli/"]),
        ("clap_mangen::", &["src/cli/"]),
        ("miette::", &["src/diag/render/human.rs"]),
        ("granit_parser", &["src/yaml/"]),
        ("ignore::", &["src/cli/"]),
        ("ureq::", &["src/vendor/"]),
        ("flate2::", &["src/vendor/"]),
    ];
    let mut wrong = Vec::new();
    for (path, code) in sources() {
        for (name, allowed) in rules {
            if code.contains(name) && !allowed.iter().any(|a| path.starts_with(a)) {
                wrong.push(format!("{path} names {name}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn only_the_vendor_command_reaches_the_network() {
    // `check` and every other command stay offline (issue 30): fetching is `vendor::resolve`
    // and `vendor::http`, and only `crdlint vendor` calls them.
    let mut wrong = Vec::new();
    for (path, code) in sources() {
        if path.starts_with("src/vendor/") || path == "src/cli/commands/vendor.rs" {
            continue;
        }
        for name in [
            "vendor::resolve",
            "vendor::http",
            "http::Client",
            "vendor::git",
            "vendor::oci",
            "vendor::helm",
        ] {
            if code.contains(name) {
                wrong.push(format!("{path} names {name}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn only_cli_prints() {
    let mut wrong = Vec::new();
    for (path, code) in sources() {
        if path.starts_with("src/cli/") || path == "src/main.rs" {
            continue;
        }
        for mac in ["println!", "eprintln!", "print!(", "eprint!(", "dbg!("] {
            if code.contains(mac) {
                wrong.push(format!("{path} uses {mac}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_file_opens_with_a_module_doc() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let missing: Vec<String> = files
        .iter()
        .filter(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            !text.trim_start().starts_with("//!")
        })
        .map(|p| p.display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "no //! doc at the top of:\n{}",
        missing.join("\n")
    );
}

/// Whether a code line compares a minor: it names `minor` (a word; `minors` is a list) next to
/// a comparison operator, or compares a short name with a two-digit number (`m >= 28`). Coarse
/// on purpose; the allowed lines are listed by text.
fn compares_minor(line: &str) -> bool {
    const OPS: [&str; 7] = [">=", "<=", " > ", " < ", "==", "!=", ".cmp("];
    let names_minor = line.match_indices("minor").any(|(i, _)| {
        !line[i + "minor".len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
    });
    let against_number = OPS.iter().any(|op| {
        line.match_indices(op).any(|(i, _)| {
            let rest = line[i + op.len()..].trim_start();
            rest.len() >= 2
                && rest.as_bytes()[..2].iter().all(u8::is_ascii_digit)
                && !rest[2..].starts_with(|c: char| c.is_ascii_digit())
                && line[..i].trim_end().ends_with(" m")
        })
    });
    (names_minor && OPS.iter().any(|op| line.contains(op))) || against_number
}

#[test]
fn minors_are_compared_only_in_the_behaviour_table() {
    // (file, line text): comparisons of a minor that are not a change in how a check behaves
    // or is worded, or that ARCHITECTURE.md leaves to another table.
    let allowed: &[(&str, &str)] = &[
        // `KubeVersion` itself: parsing `--kube-version`.
        ("src/k8s/mod.rs", "minor.bytes().all("),
        // API version priority (`v1beta2`), not a Kubernetes minor.
        ("src/k8s/version.rs", "a.minor.cmp(&b.minor)"),
        // The `%YAML 1.1` directive.
        ("src/yaml/load.rs", "(v.major, v.minor)"),
        // CEL semver values.
        (
            "src/cel/eval/lib.rs",
            "(self.major, self.minor, self.patch)",
        ),
        // CEL library additions, tagged per overload or type with their minor.
        ("src/cel/decls.rs", "o.since <= minor"),
        ("src/cel/checker/mod.rs", "minor >= *since"),
        ("src/cel/checker/mod.rs", "minor >= *s"),
        // CEL language options of base.go's versioned option sets.
        ("src/cel/compile.rs", "m >= 28"),
        ("src/cel/compile.rs", "m >= 29"),
        ("src/cel/compile.rs", "m >= 31"),
        // The string format table.
        ("src/schema/formats/mod.rs", "*introduced <= minor"),
        ("src/schema/formats/mod.rs", "since <= compat.minor"),
        ("src/apiext/openapi/mod.rs", "cx.compat_minor >= m"),
        // Built-in kinds' per-kind tables (rows with a since minor) and which minor's
        // documents the bundle has.
        ("src/builtin/required.rs", "r.2 <= minor.max(BASE)"),
        ("src/builtin/name_rules.rs", "r.2 <= minor.max(BASE)"),
        ("src/builtin/mod.rs", "kv.minor > *m"),
        ("src/builtin/bundle.rs", "*m == minor"),
        ("src/builtin/bundle.rs", "minor > *m"),
        ("src/builtin/explain.rs", "*m != kv.minor"),
        // The CRD API's fields per minor (`crd/field-not-in-version`).
        ("src/lint/decode.rs", "m <= kv.minor"),
        // A cache of compiled schemas per minor.
        ("src/validate/compiled.rs", "*m == kv.minor"),
    ];
    assert!(compares_minor("    if kv.minor >= 32 {"));
    assert!(compares_minor("        base_env_options && m >= 28,"));
    assert!(compares_minor("        if minor >= 34 {"));
    assert!(!compares_minor(
        "    let y = if m <= 2 { y - 1 } else { y };"
    ));
    assert!(!compares_minor("    if tables.len() != minors.len()"));
    assert!(!compares_minor(
        "fn env_var_name(name: &str, kv: KubeVersion) -> Vec<String> {"
    ));
    let mut wrong = Vec::new();
    let mut used = vec![false; allowed.len()];
    for (path, code) in sources() {
        if path == "src/k8s/behavior.rs" {
            continue;
        }
        for line in code.lines().filter(|l| compares_minor(l)) {
            match allowed
                .iter()
                .position(|(f, text)| path == *f && line.contains(text))
            {
                Some(i) => used[i] = true,
                None => wrong.push(format!("{path}: {}", line.trim())),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a minor compared outside k8s::behavior (add a Change row):\n{}",
        wrong.join("\n")
    );
    let stale: Vec<_> = allowed
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(a, _)| a)
        .collect();
    assert!(stale.is_empty(), "allowed but not found: {stale:?}");
}

#[test]
fn one_output_format_enum() {
    // `diag::render::Format` is the one list of output formats: `cli` gives it clap's names
    // (`impl ValueEnum` in `cli/args.rs`) instead of keeping a copy to convert from.
    // (`k8s::quantity::Format` is a Quantity's suffix format, not an output format.)
    let defs: Vec<String> = sources()
        .into_iter()
        .filter(|(path, code)| path != "src/k8s/quantity/mod.rs" && code.contains("enum Format "))
        .map(|(path, _)| path)
        .collect();
    assert_eq!(defs, ["src/diag/render/mod.rs"]);
}

/// Whether `code` names the outside `cel` crate (`cel::x`, not `crate::cel::x` nor
/// `super::cel::x` nor a name ending in `cel`).
fn names_cel_crate(code: &str) -> bool {
    code.match_indices("cel::").any(|(i, _)| {
        !code[..i].ends_with(|c: char| c == ':' || c == '_' || c.is_ascii_alphanumeric())
    })
}

#[test]
fn only_the_parser_names_the_cel_crate() {
    assert!(names_cel_crate("use cel::parser::Parser;"));
    assert!(!names_cel_crate("use crate::cel::checker;"));
    let allowed = ["src/cel/parse", "src/cel/macros.rs"];
    let wrong: Vec<String> = sources()
        .into_iter()
        .filter(|(path, code)| {
            names_cel_crate(code) && !allowed.iter().any(|a| path.starts_with(a))
        })
        .map(|(path, _)| path)
        .collect();
    assert!(
        wrong.is_empty(),
        "names the cel crate:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn wire_structs_live_in_the_renderers_and_the_command_files() {
    // The model never derives `Serialize`: findings reach JSON and SARIF through the renderers'
    // own structs, and the commands printing other data keep theirs in their file.
    let allowed = [
        "src/diag/render/json.rs",
        "src/diag/render/sarif.rs",
        "src/diag/render/mod.rs",
        "src/cli/commands/cost.rs",
        "src/cli/commands/test.rs",
        "src/cli/commands/rules.rs",
        "src/cli/commands/versions.rs",
    ];
    let wrong: Vec<String> = sources()
        .into_iter()
        .filter(|(path, code)| code.contains("Serialize") && !allowed.contains(&path.as_str()))
        .map(|(path, _)| path)
        .collect();
    assert!(wrong.is_empty(), "names Serialize:\n{}", wrong.join("\n"));
}

/// The module path of a file under `src/` (`src/lint/ctx.rs` → `["lint", "ctx"]`,
/// `src/lint/mod.rs` and `src/lint.rs` → `["lint"]`, `src/lib.rs` → `[]`).
fn module_path(path: &str) -> Vec<String> {
    let rel = path.strip_prefix("src/").unwrap_or(path);
    let rel = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut segs: Vec<String> = rel.split('/').map(str::to_string).collect();
    if segs
        .last()
        .is_some_and(|s| s == "mod" || s == "lib" || s == "main")
    {
        segs.pop();
    }
    segs
}

/// Every path `code` names through `crate::`, `super::` or `self::` (use declarations with
/// their `{...}` groups expanded, and paths written inline), as absolute module paths for a
/// file at module path `at`. A path is kept whole (`["lint", "ctx", "FErr"]`); the caller
/// resolves it to the longest prefix that is a file.
/// `children` are the names of the file's own child modules, which a path may also start with
/// (`use build::X`, `scalar::resolve(..)`: 2018 paths are relative to the module).
fn named_paths(code: &str, at: &[String], children: &[String]) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let ident = |c: u8| c == b'_' || c.is_ascii_alphanumeric();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .any(|p| bytes[i..].starts_with(p.as_bytes()))
            || children.iter().any(|c| {
                bytes[i..].starts_with(c.as_bytes()) && bytes[i + c.len()..].starts_with(b"::")
            });
        let boundary =
            i == 0 || !(ident(bytes[i - 1]) || bytes[i - 1] == b':' || bytes[i - 1] == b'$');
        if !(starts && boundary) {
            i += 1;
            continue;
        }
        let (tree, end) = parse_use_tree(code, i);
        for p in tree {
            if let Some(abs) = absolute(&p, at) {
                out.push(abs);
            }
        }
        i = end.max(i + 1);
    }
    out
}

/// Parses a path tree (`a::b::{c, d::{e, f}}`) starting at `at`: its leaf paths and the end.
fn parse_use_tree(code: &str, at: usize) -> (Vec<Vec<String>>, usize) {
    let bytes = code.as_bytes();
    let mut i = at;
    let mut prefix: Vec<String> = Vec::new();
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i < bytes.len() && bytes[i] == b'{' {
            // A group: each comma-separated item is a tree under the prefix.
            let mut leaves = Vec::new();
            i += 1;
            loop {
                while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b',') {
                    i += 1;
                }
                if i >= bytes.len() {
                    return (leaves, i);
                }
                if bytes[i] == b'}' {
                    i += 1;
                    break;
                }
                let (sub, end) = parse_use_tree(code, i);
                if end == i {
                    // Not a path (`*`, `as` renames are read as part of the item): skip a byte.
                    i += 1;
                    continue;
                }
                for s in sub {
                    let mut p = prefix.clone();
                    p.extend(s);
                    leaves.push(p);
                }
                i = end;
                // `as name` after an item.
                while i < bytes.len() && bytes[i] != b',' && bytes[i] != b'}' {
                    i += 1;
                }
            }
            return (leaves, i);
        }
        let start = i;
        while i < bytes.len() && (bytes[i] == b'_' || bytes[i].is_ascii_alphanumeric()) {
            i += 1;
        }
        if i == start {
            return (
                if prefix.is_empty() {
                    vec![]
                } else {
                    vec![prefix]
                },
                i,
            );
        }
        prefix.push(code[start..i].to_string());
        if bytes[i..].starts_with(b"::") {
            i += 2;
        } else {
            return (vec![prefix], i);
        }
    }
}

/// A path as written (`super::ctx::X`) made absolute for a file at module path `at`.
fn absolute(path: &[String], at: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = at.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        // A child module's name.
        Some(_) => {}
        None => return None,
    }
    // `self` inside a group (`super::ctx::{self, X}`) names the module itself.
    base.extend(rest.iter().filter(|s| *s != "self").cloned());
    Some(base)
}

/// The circular imports among the files of each module at or below `folder` (e.g. `src/lint`):
/// for a module, the nodes are its children (a child stands for every file below it), and an
/// edge is a path named in one that resolves into another. The module's own file (`mod.rs`)
/// is not a node: it declares its children and is their interface (a renderer using
/// `super::Report` while `render/mod.rs` dispatches to it is the module's shape, not a
/// circle). Each cycle is returned as the files around it (`src/a/x.rs → src/a/y.rs →
/// src/a/x.rs`).
fn import_cycles(folder: &str) -> Vec<String> {
    let files = sources();
    let modules: Vec<(Vec<String>, String)> = files
        .iter()
        .map(|(p, _)| (module_path(p), p.clone()))
        .collect();
    let file_of = |m: &[String]| {
        modules
            .iter()
            .find(|(mp, _)| mp.as_slice() == m)
            .map(|(_, p)| p.clone())
    };
    // Every edge between module paths, each resolved to the longest prefix that is a file.
    let mut edges: Vec<(Vec<String>, Vec<String>)> = Vec::new();
    for (path, code) in &files {
        let from = module_path(path);
        let children: Vec<String> = modules
            .iter()
            .filter(|(m, _)| m.len() == from.len() + 1 && m.starts_with(&from))
            .map(|(m, _)| m[from.len()].clone())
            .collect();
        for named in named_paths(code, &from, &children) {
            let to = (0..=named.len())
                .rev()
                .map(|n| &named[..n])
                .find(|m| modules.iter().any(|(mp, _)| mp.as_slice() == *m));
            if let Some(to) = to {
                if to != from.as_slice() {
                    edges.push((from.clone(), to.to_vec()));
                }
            }
        }
    }
    let scope = module_path(&format!("{}.rs", folder.trim_end_matches('/')));
    let mut cycles = Vec::new();
    // Each module (a file with children) at or below the folder.
    let mut parents: Vec<&Vec<String>> = modules
        .iter()
        .map(|(m, _)| m)
        .filter(|m| m.starts_with(&scope))
        .filter(|m| {
            modules
                .iter()
                .any(|(c, _)| c.len() > m.len() && c.starts_with(m))
        })
        .collect();
    parents.sort();
    parents.dedup();
    for parent in parents {
        // The child of `parent` a module path is in, if any.
        let node = |m: &[String]| -> Option<Vec<String>> {
            (m.len() > parent.len() && m.starts_with(parent)).then(|| m[..=parent.len()].to_vec())
        };
        let mut graph: std::collections::BTreeMap<
            Vec<String>,
            std::collections::BTreeSet<Vec<String>>,
        > = Default::default();
        for (a, b) in &edges {
            if let (Some(x), Some(y)) = (node(a), node(b)) {
                // Two files below the same child are that child's own module's business.
                if x != y {
                    graph.entry(x).or_default().insert(y);
                }
            }
        }
        let name = |m: &Vec<String>| file_of(m).unwrap_or_else(|| m.join("::"));
        for (cycle, component) in find_cycles(&graph) {
            let names: Vec<String> = cycle.iter().map(name).collect();
            let mut line = names.join(" → ");
            if component.len() + 1 > cycle.len() {
                let all: Vec<String> = component.iter().map(name).collect();
                line.push_str(&format!(" (one circle among {})", all.join(", ")));
            }
            cycles.push(line);
        }
    }
    cycles
}

/// One cycle per strongly connected component of more than one node (Tarjan's algorithm, then
/// a shortest way back to the component's first node), each as its nodes with the first
/// repeated at the end, and the component's nodes.
fn find_cycles<N: Ord + Clone>(
    graph: &std::collections::BTreeMap<N, std::collections::BTreeSet<N>>,
) -> Vec<(Vec<N>, Vec<N>)> {
    use std::collections::{BTreeMap, BTreeSet, VecDeque};
    let nodes: BTreeSet<N> = graph
        .iter()
        .flat_map(|(a, bs)| std::iter::once(a.clone()).chain(bs.iter().cloned()))
        .collect();
    let nodes: Vec<N> = nodes.into_iter().collect();
    let idx = |n: &N| nodes.binary_search(n).expect("a node");
    let succ: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| graph.get(n).map_or(vec![], |s| s.iter().map(idx).collect()))
        .collect();
    // Tarjan, recursive (module graphs are small).
    struct T<'a> {
        succ: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        sccs: Vec<Vec<usize>>,
    }
    fn visit(t: &mut T, v: usize) {
        t.index[v] = Some(t.next);
        t.low[v] = t.next;
        t.next += 1;
        t.stack.push(v);
        t.on[v] = true;
        for &w in t.succ[v].clone().iter() {
            match t.index[w] {
                None => {
                    visit(t, w);
                    t.low[v] = t.low[v].min(t.low[w]);
                }
                Some(i) if t.on[w] => t.low[v] = t.low[v].min(i),
                Some(_) => {}
            }
        }
        if Some(t.low[v]) == t.index[v] {
            let mut scc = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on[w] = false;
                scc.push(w);
                if w == v {
                    break;
                }
            }
            t.sccs.push(scc);
        }
    }
    let n = nodes.len();
    let mut t = T {
        succ: &succ,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        next: 0,
        sccs: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            visit(&mut t, v);
        }
    }
    let mut out = Vec::new();
    for mut scc in t.sccs.into_iter().filter(|s| s.len() > 1) {
        scc.sort();
        let start = scc[0];
        let inside: BTreeSet<usize> = scc.iter().copied().collect();
        // Breadth-first from `start` back to it, inside the component.
        let mut prev: BTreeMap<usize, usize> = BTreeMap::new();
        let mut queue = VecDeque::from([start]);
        let mut last = None;
        'bfs: while let Some(v) = queue.pop_front() {
            for &w in &succ[v] {
                if !inside.contains(&w) {
                    continue;
                }
                if w == start {
                    last = Some(v);
                    break 'bfs;
                }
                if let std::collections::btree_map::Entry::Vacant(e) = prev.entry(w) {
                    e.insert(v);
                    queue.push_back(w);
                }
            }
        }
        let mut path = vec![start];
        let mut v = last.expect("a strongly connected component has a cycle");
        while v != start {
            path.push(v);
            v = prev[&v];
        }
        path.push(start);
        let n = path.len();
        path[1..n - 1].reverse();
        let name = |i: usize| nodes[i].clone();
        out.push((
            path.into_iter().map(name).collect(),
            scc.into_iter().map(name).collect(),
        ));
    }
    out
}

#[test]
fn the_cycle_check_sees_what_it_looks_for() {
    let at: Vec<String> = vec!["lint".into(), "crd_spec".into()];
    let got = named_paths(
        "use super::ctx::{self, get_str, Loc};\nuse crate::{diag::Rule, yaml::{Node, Value as V}};\nfn f() { super::super::k8s::x(); Self::g(); crate::cel::y::z(); kid::w(); a::kid::v(); }",
        &at,
        &["kid".to_string()],
    );
    let s: Vec<String> = got.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        s,
        [
            "lint::ctx",
            "lint::ctx::get_str",
            "lint::ctx::Loc",
            "diag::Rule",
            "yaml::Node",
            "yaml::Value",
            "k8s::x",
            "cel::y::z",
            "lint::crd_spec::kid::w",
        ]
    );
    assert_eq!(module_path("src/lint/mod.rs"), ["lint"]);
    assert_eq!(module_path("src/schema/model.rs"), ["schema", "model"]);
    let mut g = std::collections::BTreeMap::new();
    g.insert("a", ["b"].into_iter().collect());
    g.insert("b", ["c"].into_iter().collect());
    g.insert("c", ["a", "d"].into_iter().collect());
    g.insert("d", std::collections::BTreeSet::new());
    assert_eq!(
        find_cycles(&g),
        [(vec!["a", "b", "c", "a"], vec!["a", "b", "c"])]
    );
    g.remove("c");
    assert!(find_cycles(&g).is_empty());
}

#[test]
fn no_circular_imports_between_the_files_of_a_module() {
    let mut cycles = Vec::new();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("src")
        .expect("src")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        let dir = dir.to_string_lossy().replace('\\', "/");
        cycles.extend(import_cycles(&dir));
    }
    assert!(
        cycles.is_empty(),
        "circular imports between the files of a module:\n{}",
        cycles.join("\n")
    );
}
