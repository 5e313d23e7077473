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
    "yaml", "diag", "k8s", "schema", "cel", "lint", "validate", "compat", "builtin", "suite", "cli",
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
        ("src/cel/compile.rs", "m >= 28"),
        ("src/cel/compile.rs", "m >= 29"),
        ("src/cel/compile.rs", "m >= 31"),
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

/// The module path of a source file (`src/cel/eval/mod.rs` and `src/cel/eval.rs` →
/// `["cel", "eval"]`, `src/lib.rs` → `[]`); `None` for the binary's `main.rs`.
fn module_path(path: &str) -> Option<Vec<String>> {
    let rel = path.strip_prefix("src/")?.strip_suffix(".rs")?;
    if rel == "main" {
        return None;
    }
    let mut segs: Vec<String> = rel.split('/').map(str::to_string).collect();
    if segs.last().is_some_and(|s| s == "mod") || rel == "lib" {
        segs.pop();
    }
    Some(segs)
}

/// The full paths a `use` tree names (`a::{b, c::{d, self}}` → `a::b`, `a::c::d`, `a::c`),
/// each as segments with the name it binds (the last segment or its `as` rename); globs end
/// their path.
fn use_tree_paths(tree: &str) -> Vec<(Vec<String>, String)> {
    fn expand(prefix: &[String], tree: &str, out: &mut Vec<(Vec<String>, String)>) {
        let tree = tree.trim();
        if let Some(open) = tree.find('{') {
            let head = tree[..open].trim().trim_end_matches("::");
            let mut base = prefix.to_vec();
            base.extend(
                head.split("::")
                    .filter(|s| !s.is_empty())
                    .map(|s| s.trim().to_string()),
            );
            let close = tree.rfind('}').filter(|c| *c > open).unwrap_or(tree.len());
            let inner = &tree[open + 1..close];
            let (mut depth, mut start) = (0, 0);
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&base, &inner[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            expand(&base, &inner[start..], out);
            return;
        }
        let mut parts = tree.split(" as ");
        let tree = parts.next().unwrap_or("").trim();
        if tree.is_empty() {
            return;
        }
        let mut p = prefix.to_vec();
        for seg in tree.split("::").map(str::trim) {
            match seg {
                "self" => {}
                "*" => break,
                s => p.push(s.to_string()),
            }
        }
        let name = parts
            .next()
            .map(|a| a.trim().to_string())
            .or_else(|| p.last().cloned())
            .unwrap_or_default();
        out.push((p, name));
    }
    let mut out = Vec::new();
    expand(&[], tree, &mut out);
    out
}

/// The paths a file's code names through `crate::`, `super::` and `self::` (in `use` items and
/// inline), and through its own child modules (`mod x;` then `x::f`), as absolute module paths;
/// and apart from them its re-exports (`pub use`), as (name, path): a re-export is not a use
/// of its own (a facade `mod.rs` does not depend on what it re-exports), a path through it
/// leads to the re-exported item's file.
type Reexports = Vec<(String, Vec<String>)>;
fn named_paths(module: &[String], code: &str) -> (Vec<Vec<String>>, Reexports) {
    // `self` of `x.rs`/`x/mod.rs` is `x`; `super` is its parent.
    let absolute = |p: Vec<String>| -> Option<Vec<String>> {
        let mut base: Vec<String> = module.to_vec();
        let mut rest = p.as_slice();
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
            _ => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    };
    let children: Vec<&str> = code
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let l = l
                .strip_prefix("pub ")
                .or(l.strip_prefix("pub(crate) "))
                .unwrap_or(l);
            l.strip_prefix("mod ")?.strip_suffix(';')
        })
        .collect();
    let mut out = Vec::new();
    let mut reexports = Vec::new();
    let mut rest = String::new();
    let mut lines = code.lines();
    while let Some(line) = lines.next() {
        let t = line.trim_start();
        let public = t.starts_with("pub ") || t.starts_with("pub(");
        let t = t.strip_prefix("pub ").unwrap_or(t);
        let t = match t.strip_prefix("pub(") {
            Some(r) => r.split_once(") ").map_or(t, |(_, r)| r),
            None => t,
        };
        let Some(tree) = t.strip_prefix("use ") else {
            rest.push_str(line);
            rest.push('\n');
            continue;
        };
        let mut item = tree.to_string();
        while !item.contains(';') {
            let Some(next) = lines.next() else { break };
            item.push_str(next);
        }
        let item = item.split(';').next().unwrap_or("");
        for (p, name) in use_tree_paths(item) {
            let p = if p.first().is_some_and(|f| children.contains(&f.as_str())) {
                let mut q = vec!["self".to_string()];
                q.extend(p);
                q
            } else {
                p
            };
            match (public, absolute(p)) {
                (true, Some(p)) => reexports.push((name, p)),
                (false, Some(p)) => out.push(p),
                (_, None) => {}
            }
        }
    }
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut roots: Vec<&str> = vec!["crate", "super", "self"];
    roots.extend(children.iter().copied());
    for root in roots {
        let pat = format!("{root}::");
        for (i, _) in rest.match_indices(&pat) {
            if rest[..i].ends_with(|c: char| is_ident(c) || c == ':') {
                continue;
            }
            let tail = &rest[i..];
            let end = tail
                .find(|c: char| !(is_ident(c) || c == ':'))
                .unwrap_or(tail.len());
            let mut segs: Vec<String> = tail[..end]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            if root != "crate" && root != "super" && root != "self" {
                segs.insert(0, "self".to_string());
            }
            out.extend(absolute(segs));
        }
    }
    (out, reexports)
}

/// The import cycles among the files under `folder` (`"src/cel"`): groups of files each of
/// which reaches every other through the paths it names (`use`, inline `crate::`/`super::`
/// paths, child modules), each group sorted. A file names another when a path it uses
/// resolves, by its longest prefix that is a file's module, to that file. With `CYCLE_EDGES`
/// set it prints each path with the file it resolved to (to see what closes a circle).
pub fn import_cycles(folder: &str) -> Vec<Vec<String>> {
    let files: Vec<(String, String)> = sources()
        .into_iter()
        .filter(|(p, _)| p.starts_with(&format!("{folder}/")) || *p == format!("{folder}.rs"))
        .collect();
    cycles_among(&files)
}

/// [`import_cycles`] over given `(path, code)` files.
fn cycles_among(files: &[(String, String)]) -> Vec<Vec<String>> {
    let modules: Vec<Option<Vec<String>>> = files.iter().map(|(p, _)| module_path(p)).collect();
    let named: Vec<(Vec<Vec<String>>, Reexports)> = files
        .iter()
        .zip(&modules)
        .map(|((_, code), module)| match module {
            Some(m) => named_paths(m, code),
            None => (Vec::new(), Vec::new()),
        })
        .collect();
    // The file a path leads to: its longest prefix that is a file's module, through that
    // file's re-exports (a few steps at most: re-exports of re-exports).
    let file_of = |segs: &[String]| -> Option<usize> {
        let mut segs = segs.to_vec();
        for _ in 0..8 {
            let (n, f) = (0..=segs.len()).rev().find_map(|n| {
                modules
                    .iter()
                    .position(|m| m.as_deref() == Some(&segs[..n]))
                    .map(|f| (n, f))
            })?;
            let Some((_, target)) = segs
                .get(n)
                .and_then(|next| named[f].1.iter().find(|(name, _)| name == next))
            else {
                return Some(f);
            };
            let mut to = target.clone();
            to.extend(segs[n + 1..].iter().cloned());
            segs = to;
        }
        None
    };
    let edges: Vec<Vec<usize>> = named
        .iter()
        .enumerate()
        .map(|(i, (paths, _))| {
            let mut to: Vec<usize> = paths
                .iter()
                .filter_map(|p| {
                    let f = file_of(p);
                    if std::env::var("CYCLE_EDGES").is_ok() {
                        if let Some(f) = f {
                            eprintln!("PATH {} {} {}", files[i].0, p.join("::"), files[f].0);
                        }
                    }
                    f
                })
                .filter(|j| *j != i)
                .collect();
            to.sort_unstable();
            to.dedup();
            to
        })
        .collect();
    // Tarjan's strongly connected components.
    struct T<'e> {
        edges: &'e [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(t: &mut T, v: usize) {
        t.index[v] = Some(t.next);
        t.low[v] = t.next;
        t.next += 1;
        t.stack.push(v);
        t.on[v] = true;
        for &w in &t.edges[v] {
            match t.index[w] {
                None => {
                    visit(t, w);
                    t.low[v] = t.low[v].min(t.low[w]);
                }
                Some(iw) if t.on[w] => t.low[v] = t.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(t.low[v]) == t.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on[w] = false;
                comp.push(w);
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                t.out.push(comp);
            }
        }
    }
    let n = files.len();
    let mut t = T {
        edges: &edges,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            visit(&mut t, v);
        }
    }
    let mut cycles: Vec<Vec<String>> = t
        .out
        .into_iter()
        .map(|c| {
            let mut names: Vec<String> = c.into_iter().map(|i| files[i].0.clone()).collect();
            names.sort();
            names
        })
        .collect();
    cycles.sort();
    cycles
}

#[test]
fn the_cycle_finder_sees_paths() {
    let m = |s: &str| s.split('/').map(str::to_string).collect::<Vec<_>>();
    assert_eq!(module_path("src/cel/eval/mod.rs"), Some(m("cel/eval")));
    assert_eq!(module_path("src/cel/eval.rs"), Some(m("cel/eval")));
    assert_eq!(
        use_tree_paths("super::{a::{b, self}, c as d}"),
        [
            (m("super/a/b"), "b".to_string()),
            (m("super/a"), "a".to_string()),
            (m("super/c"), "d".to_string())
        ]
    );
    let (named, reexports) = named_paths(
        &m("cel/eval/functions"),
        "mod cost;\nuse super::value::Value;\npub use cost::{call_cost as cc};\nuse crate::k8s::{Behavior, x};\nfn f() { cost::call(); super::super::lib::g(); }",
    );
    assert_eq!(
        reexports,
        [("cc".to_string(), m("cel/eval/functions/cost/call_cost"))]
    );
    assert!(named.contains(&m("cel/eval/value/Value")));
    assert!(named.contains(&m("k8s/Behavior")));
    assert!(named.contains(&m("cel/eval/functions/cost/call")));
    assert!(named.contains(&m("cel/lib/g")));
    let file = |p: &str, code: &str| (p.to_string(), code.to_string());
    let circle = [
        file("src/m/mod.rs", "mod a;\nmod b;\nmod c;\npub use a::A;\n"),
        file("src/m/a.rs", "use super::b::B;\npub struct A;\n"),
        file(
            "src/m/b.rs",
            "pub struct B;\nfn f() { crate::m::c::g(); }\n",
        ),
        file("src/m/c.rs", "use super::A;\npub fn g() {}\n"),
    ];
    assert_eq!(
        cycles_among(&circle),
        [["src/m/a.rs", "src/m/b.rs", "src/m/c.rs"]]
    );
    // The re-export in mod.rs is not a use: without c's path through it, no circle.
    assert!(cycles_among(&circle[..3]).is_empty());
}

#[test]
fn no_import_cycles_between_the_files_of_cel() {
    let cycles = import_cycles("src/cel");
    assert!(
        cycles.is_empty(),
        "files of cel/ that import each other in a circle (move what both need to a file \
         neither imports from, or to the file below):\n{}",
        cycles
            .iter()
            .map(|c| format!("  {}", c.join(" ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
}
