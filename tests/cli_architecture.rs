//! ARCHITECTURE.md's invariants, checked on the source text (after rust-analyzer's tidy tests):
//! the module layering, which modules may name which outside crates, where printing happens,
//! and a `//!` doc at the top of every file.
//!
//! The checks read code lines only (comments are skipped) and stop at a file's first
//! `#[cfg(test)]`, since tests may print and may reach across layers to build fixtures. A file
//! that is a test module of its own (`#[cfg(test)] mod tests;` in its parent) is all test code.

use std::path::{Path, PathBuf};

/// The modules in data-flow order: each may use only those before it.
const LAYERS: &[&str] = &[
    "yaml",
    "diag",
    "k8s",
    "schema",
    "cel",
    "lint",
    "validate",
    "compat",
    "builtin",
    "suite",
    "admission",
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
            let code: Vec<&str> = if test_modules.contains(p) {
                Vec::new()
            } else {
                text.lines()
                    .take_while(|l| l.trim() != "#[cfg(test)]")
                    .filter(|l| !l.trim_start().starts_with("//"))
                    .collect()
            };
            (p.to_string_lossy().replace('\\', "/"), code.join("\n"))
        })
        .collect()
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
                // admission sits beside suite after builtin: it uses cel and builtin's
                // schemas, never the linter or a suite.
                || (module == "admission" && (*other == "suite" || *other == "lint"))
                // compat sits beside lint and validate: it compares schemas, never runs them.
                || (module == "compat" && (*other == "lint" || *other == "validate"));
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
        ("src/cel/mod.rs", "m >= 28"),
        ("src/cel/mod.rs", "m >= 29"),
        ("src/cel/mod.rs", "m >= 31"),
        // The string format table.
        ("src/schema/formats/mod.rs", "*introduced <= minor"),
        ("src/schema/formats/mod.rs", "since <= compat.minor"),
        ("src/validate/openapi/mod.rs", "cx.compat_minor >= m"),
        // Built-in kinds' per-kind tables (rows with a since minor) and which minor's
        // documents the bundle has.
        ("src/builtin/required.rs", "r.2 <= minor.max(BASE)"),
        ("src/builtin/name_rules.rs", "r.2 <= minor.max(BASE)"),
        ("src/builtin/mod.rs", "kv.minor > *m"),
        ("src/builtin/bundle.rs", "*m == minor"),
        ("src/builtin/bundle.rs", "minor > *m"),
        ("src/builtin/explain.rs", "*m != kv.minor"),
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
    // `cel/eval/ast.rs` holds the test-only second front end issue 29 deletes.
    let allowed = ["src/cel/parse", "src/cel/macros.rs", "src/cel/eval/ast.rs"];
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
