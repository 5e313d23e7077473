//! Tests of the Go RE2 translation and the compile cache.

use super::*;

fn m(p: &str, s: &str) -> bool {
    is_match(p, s)
        .unwrap_or_else(|e| panic!("{p}: {e}"))
        .unwrap_or_else(|| panic!("{p}: too complex"))
}

fn err(p: &str) -> String {
    compile(p)
        .err()
        .unwrap_or_else(|| panic!("{p} should not compile"))
}

#[test]
fn ascii_perl_classes() {
    assert!(!m(r"^\d+$", "١٢٣") && m(r"^\d+$", "123"));
    assert!(!m(r"^\w+$", "héllo") && m(r"^\w+$", "hello_1"));
    assert!(!m(r"^\s$", "\u{a0}") && m(r"^\s$", "\t") && !m(r"^\s$", "\u{b}"));
    assert!(m(r"^[\d\s]+$", "1 2") && !m(r"^[\W]$", "a") && m(r"^[\D]$", "é"));
    // Go's \b is ASCII: é is not a word character, so "foo" is a whole word here.
    assert!(m(r"\bfoo\b", "a foo b") && m(r"\bfoo\b", "éfooé") && !m(r"\bfoo\b", "afoo"));
}

#[test]
fn quote_and_octal() {
    assert!(m(r"^\Q*.+\E$", "*.+") && !m(r"^\Q*.+\E$", "a"));
    assert!(m(r"^\Qab", "ab"));
    assert!(m(r"^\101$", "A") && m(r"^\0$", "\0") && m(r"^\x41\x{42}$", "AB"));
}

#[test]
fn class_set_operators_are_literal() {
    assert!(m(r"^[a&&b]+$", "a&&b") && m(r"^[a-z--aeiou]+$", "-b"));
    assert!(m(r"^[a~~b]$", "~") && m(r"^[[]$", "["));
    assert!(m(r"^[]a]+$", "]a") && m(r"^[^]a]$", "b"));
}

#[test]
fn braces() {
    assert!(m(r"^a{,3}$", "a{,3}") && m(r"^a{01}$", "a{01}") && m(r"^a{2}$", "aa"));
    assert!(m(r"^{$", "{") && m(r"^a{2,}?$", "aaa"));
    assert_eq!(
        err("a{1001}"),
        "error parsing regexp: invalid repeat count: `{1001}`"
    );
    assert_eq!(
        err("a{3,2}"),
        "error parsing regexp: invalid repeat count: `{3,2}`"
    );
    assert!(matches!(compile("a{1000}"), Ok(Some(_))));
    // Go accepts it; here it is too complex to check offline, never an error.
    assert!(matches!(compile(r"^\p{L}{1,1000}$"), Ok(None)));
}

#[test]
fn go_errors() {
    assert_eq!(
        err("+"),
        "error parsing regexp: missing argument to repetition operator: `+`"
    );
    assert_eq!(
        err("a|*?"),
        "error parsing regexp: missing argument to repetition operator: `*?`"
    );
    assert_eq!(
        err("a**"),
        "error parsing regexp: invalid nested repetition operator: `**`"
    );
    assert_eq!(
        err("[a-z"),
        "error parsing regexp: missing closing ]: `[a-z`"
    );
    assert_eq!(err("x[]"), "error parsing regexp: missing closing ]: `[]`");
    assert_eq!(err("(a"), "error parsing regexp: missing closing ): `(a`");
    assert_eq!(err("a)"), "error parsing regexp: unexpected ): `a)`");
    assert_eq!(
        err("[z-a]"),
        "error parsing regexp: invalid character class range: `z-a`"
    );
    assert_eq!(
        err(r"a\"),
        "error parsing regexp: trailing backslash at end of expression: ``"
    );
    assert_eq!(
        err(r"\Z"),
        r"error parsing regexp: invalid escape sequence: `\Z`"
    );
    assert_eq!(
        err(r"\1"),
        r"error parsing regexp: invalid escape sequence: `\1`"
    );
    assert_eq!(
        err(r"\C"),
        r"error parsing regexp: invalid escape sequence: `\C`"
    );
    assert_eq!(
        err(r"\e"),
        r"error parsing regexp: invalid escape sequence: `\e`"
    );
    assert_eq!(
        err("(?!a)"),
        "error parsing regexp: invalid or unsupported Perl syntax: `(?!`"
    );
    assert_eq!(
        err("(?<=a)"),
        "error parsing regexp: invalid named capture: `(?<=a)`"
    );
    assert_eq!(
        err("(?x)a"),
        "error parsing regexp: invalid or unsupported Perl syntax: `(?x`"
    );
    assert_eq!(
        err("(?P<a-b>x)"),
        "error parsing regexp: invalid named capture: `(?P<a-b>`"
    );
    assert_eq!(
        err(r"\p{Foo}"),
        r"error parsing regexp: invalid character class range: `\p{Foo}`"
    );
    assert_eq!(
        err("[[:foo:]]"),
        "error parsing regexp: invalid character class range: `[:foo:]`"
    );
}

/// Go's own `regexp/syntax` parse_test.go lists (`invalidRegexps`, `onlyPerl`), minus the
/// invalid-UTF-8 entries (a Rust `&str` cannot hold them) and the `\pL`×27000 "too many
/// runes" entry (Go's rune budget depends on its Unicode tables; not reproduced).
#[test]
fn go_parse_test_vectors() {
    let deep_groups = format!("{}{}", "(".repeat(1000), ")".repeat(1000));
    let deep_stars = format!("{}{}", "(?:".repeat(1000), ")*".repeat(1000));
    let too_long = format!("({}){{1000}}", "(xx?)".repeat(1000));
    let too_long2 = "(xx?){1000}".repeat(1000);
    let invalid: Vec<&str> = vec![
        "(",
        ")",
        "(a",
        "a)",
        "(a))",
        "(a|b|",
        "a|b|)",
        "(a|b|))",
        "(a|b",
        "a|b)",
        "(a|b))",
        "[a-z",
        "([a-z)",
        "[a-z)",
        "([a-z]))",
        "x{1001}",
        "x{9876543210}",
        "x{2,1}",
        "x{1,9876543210}",
        "(?P<name>a",
        "(?P<name>",
        "(?P<name",
        "(?P<x y>a)",
        "(?P<>a)",
        "(?<name>a",
        "(?<name>",
        "(?<name",
        "(?<x y>a)",
        "(?<>a)",
        "[a-Z]",
        "(?i)[a-Z]",
        r"\Q\E*",
        "a{100000}",
        "a{100000,}",
        "((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){2})",
        &deep_groups,
        &deep_stars,
        &too_long,
        &too_long2,
    ];
    for p in invalid {
        let shown: String = p.chars().take(40).collect();
        assert!(translate(p).is_err(), "{shown} should be rejected");
    }
    for p in [
        "[a-b-c]",
        r"\Qabc\E",
        r"\Q*+?{[\E",
        r"\Q\\E",
        r"\Q\\\E",
        r"\Q\\\\E",
        r"\Q\\\\\E",
        "(?:a)",
        "(?P<name>a)",
        "(((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2})",
    ] {
        assert!(compile(p).is_ok(), "{p} should compile");
    }
    assert_eq!(
        err("((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){2})"),
        "error parsing regexp: invalid repeat count: `{2}`"
    );
    assert!(
        err(&deep_stars).starts_with("error parsing regexp: expression nests too deeply: `(?:(?:")
    );
    assert!(err(&too_long).starts_with("error parsing regexp: expression too large: `((xx?)"));
    // Non-capturing groups add no height in Go.
    let deep_plain = format!("{}a{}", "(?:".repeat(1500), ")".repeat(1500));
    assert!(compile(&deep_plain).is_ok());
}

/// First-match positions from Go's `regexp` find_test.go table (the engines share
/// leftmost-first semantics, so positions must agree after translation).
#[test]
fn go_find_vectors() {
    type Case = (&'static str, &'static str, Option<(usize, usize)>);
    let cases: &[Case] = &[
        ("", "", Some((0, 0))),
        ("^abcdefg", "abcdefg", Some((0, 7))),
        ("a+", "baaab", Some((1, 4))),
        ("abcd..", "abcdef", Some((0, 6))),
        ("x", "y", None),
        ("b", "abc", Some((1, 2))),
        (".*", "abcdef", Some((0, 6))),
        ("^", "abcde", Some((0, 0))),
        ("$", "abcde", Some((5, 5))),
        ("^bcd'", "abcdef", None),
        ("^abcd$", "abcde", None),
        ("a*", "baaab", Some((0, 0))),
        ("[^a-z]+", "ab1234cd", Some((2, 6))),
        (r"[a\-\]z]+", "az]-bcz", Some((0, 4))),
        (r"[^\n]+", "abcd\n", Some((0, 4))),
        ("(([^xyz]*)(d))", "abcd", Some((0, 4))),
        (r"\a\f\n\r\t\v", "\u{7}\u{c}\n\r\t\u{b}", Some((0, 6))),
        (r"[\a\f\n\r\t\v]+", "\u{7}\u{c}\n\r\t\u{b}", Some((0, 6))),
        ("a*(|(b))c*", "aacc", Some((0, 4))),
        ("[.]", ".", Some((0, 1))),
        ("/$", "/abc/", Some((4, 5))),
        ("/$", "/abc", None),
        ("ab$", "cab", Some((1, 3))),
        ("axxb$", "axxcb", None),
        ("zx+", "zzx", Some((1, 3))),
        ("(aa)*$", "a", Some((1, 1))),
        ("(?:.|(?:.a))", "", None),
        ("(?:A(?:A|a))", "Aa", Some((0, 2))),
        ("(a){0}", "", Some((0, 0))),
        ("(?-s)(?:(?:^).)", "\n", None),
        ("(?s)(?:(?:^).)", "\n", Some((0, 1))),
        ("(?:(?:^).)", "\n", None),
        (r"\b", "x", Some((0, 0))),
        (r"\B", "x", None),
        (r"\B", "xx", Some((1, 1))),
        (r"\B", "x y", None),
        (r"[^\S\s]", "abcd", None),
        (r"[^\S[:space:]]", "abcd", None),
        (r"[^\D\d]", "abcd", None),
        (r"[^\D[:digit:]]", "abcd", None),
        (r"(?i)\W", "x", None),
        (r"(?i)\W", "k", None),
        (r"(?i)\W", "s", None),
        ("\\`", "`", Some((0, 1))),
        ("[\\`]+", "`", Some((0, 1))),
    ];
    for (pat, text, want) in cases {
        let re = compile(pat)
            .unwrap_or_else(|e| panic!("{pat}: {e}"))
            .expect("simple");
        let got = re.find(text).map(|m| (m.start(), m.end()));
        assert_eq!(got, *want, "{pat:?} on {text:?}");
    }
}

#[test]
fn accepted_go_syntax() {
    assert!(m(r"^\pL+$", "héllo") && m(r"^\p{Greek}$", "λ") && m(r"^\P{Greek}$", "a"));
    assert!(m(r"^\p{^Greek}$", "a") && m(r"^[\p{Lu}\d]+$", "A1"));
    assert!(!m(r"\p{Cs}", "a") && m(r"^\P{Cs}$", "a"));
    assert!(m(r"^[[:alpha:]]+$", "abc") && m(r"^[[:^digit:]]$", "a"));
    assert!(m(r"^(?P<x>a)(?P<x>b)$", "ab") && m(r"^(?<y>a)$", "a"));
    assert!(m(r"(?i)^ABC$", "abc") && m(r"(?i:a)b", "Ab") && !m(r"(?i:a)b", "AB"));
    assert!(m(r"^a(?)b$", "ab") && m(r"^x*(?i)*$", "xx"));
    assert!(m(r"^*a", "a") && m(r"\<a\>", "<a>") && m(r"^\_$", "_"));
    assert!(m("a|", "") && m("(|a)", ""));
    assert!(m(r"^\x{10FFFF}$", "\u{10FFFF}"));
}

/// Every `pattern` in the corpus CRDs (which real API servers accept) must compile.
#[test]
fn corpus_patterns_compile() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let Ok(manifest) = std::fs::read_to_string(corpus.join("MANIFEST.tsv")) else {
        println!("skipped: {} not found", corpus.display());
        return;
    };
    fn walk(n: &crate::yaml::Node, depth: usize, out: &mut Vec<String>) {
        if depth > 400 {
            return;
        }
        if let Some(m) = n.as_map() {
            for (k, v) in m.iter() {
                match (k, v.as_str()) {
                    ("pattern", Some(p)) => out.push(p.to_string()),
                    _ => walk(v, depth + 1, out),
                }
            }
        } else if let Some(l) = n.as_seq() {
            l.iter().for_each(|c| walk(c, depth + 1, out));
        }
    }
    let mut patterns = Vec::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.get(5) != Some(&"crd") {
            continue;
        }
        let Some(path) = cols.get(4) else { continue };
        let Ok(text) = std::fs::read_to_string(corpus.join(path)) else {
            continue;
        };
        for doc in crate::yaml::load(&text) {
            if let Some(root) = &doc.root {
                walk(root, 0, &mut patterns);
            }
        }
    }
    patterns.sort();
    patterns.dedup();
    let failures: Vec<String> = patterns
        .iter()
        .filter_map(|p| match compile(p) {
            Err(e) => Some(format!("{p:?}: {e}")),
            Ok(None) => Some(format!("{p:?}: too complex to check offline")),
            // Every real pattern fits the second program size; all but one fit the first (an
            // envoy-gateway IPv4/IPv6 CIDR alternation in a quoted scalar continued at its key's
            // column, which the loader reads since go-yaml's quoted-scalar rule was adopted).
            Ok(Some(_)) => (!fits(p, TIERS[1])).then(|| format!("{p:?}: not in the second tier")),
        })
        .collect();
    println!("corpus: {} distinct patterns", patterns.len());
    assert!(
        patterns.len() > 50,
        "expected the corpus patterns (72 when written)"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn unanchored_search_and_cache() {
    assert!(m("b", "abc"));
    let a = compile("^a.c$").unwrap().unwrap();
    let b = compile("^a.c$").unwrap().unwrap();
    assert!(Arc::ptr_eq(&a, &b));
    assert_eq!(
        is_match("+", "x").unwrap_err(),
        "error parsing regexp: missing argument to repetition operator: `+`"
    );
}

#[test]
fn syntax_error_is_translate_error_cached() {
    for p in ["^[a-z]+$", "[a-z", "a{1001}", "(?=x)", "", "\\Q.*\\E"] {
        let want = translate(p).err();
        // The second call is answered from the cache.
        assert_eq!(syntax_error(p), want, "{p}");
        assert_eq!(syntax_error(p), want, "{p}");
    }
}

/// Whether `p` compiles within a program size of `limit`.
fn fits(p: &str, limit: usize) -> bool {
    RegexBuilder::new(&translate(p).unwrap())
        .size_limit(limit)
        .build()
        .is_ok()
}

#[test]
fn compile_bombs_are_too_complex_not_errors_and_bounded() {
    // `regex-compile-bomb.yaml`'s patterns: Go compiles each to about 2,000 instructions;
    // Rust expanded each to about 64 MB (0.3 s), kept for the run: 40 of them took 2.1 GB.
    // Now each stops at the last size (8 MiB), is too complex to check offline (valid: Go
    // accepts it), and nothing is kept.
    let spent = Spent::default();
    for i in 0..3 {
        let p = format!(r"\p{{L}}{{1000}}\w{{1000}}x{i}");
        assert!(translate(&p).is_ok(), "Go accepts {p}");
        assert!(matches!(compile_uncached(&p, &spent), Ok(None)), "{p}");
    }
    assert_eq!(spent.kept.load(Ordering::Relaxed), 0, "nothing kept");
    // Each tried the sizes beyond the first once.
    assert_eq!(
        spent.attempted.load(Ordering::Relaxed),
        3 * (TIERS[1] + TIERS[2])
    );
    // Once the attempts are spent, a heavy pattern is not even tried: bounded time for any
    // number of distinct heavy patterns.
    for i in 3..100 {
        let p = format!(r"\p{{L}}{{1000}}\w{{1000}}x{i}");
        assert!(matches!(compile_uncached(&p, &spent), Ok(None)), "{p}");
    }
    assert!(spent.attempted.load(Ordering::Relaxed) <= ATTEMPT_BUDGET);
    // Small patterns still compile then, and Go's errors stay errors.
    assert!(matches!(compile_uncached("^[a-z]+$", &spent), Ok(Some(_))));
    assert!(compile_uncached("a{1001}", &spent).is_err());
}

#[test]
fn patterns_of_a_middle_size_compile_and_match() {
    let spent = Spent::default();
    let mid = r"^\p{L}{1,20}$";
    assert!(!fits(mid, TIERS[0]) && fits(mid, TIERS[TIERS.len() - 1]));
    let re = compile_uncached(mid, &spent)
        .unwrap()
        .expect("fits a larger size");
    assert!(re.is_match("héllo") && !re.is_match("hello1"));
    assert!(spent.kept.load(Ordering::Relaxed) > 2 * TIERS[0]);
}

#[test]
fn identical_patterns_compile_once() {
    let p = "^shared-[0-9]{3}$";
    let a = compile(p).unwrap().unwrap();
    let again = String::from(p);
    let b = compile(&again).unwrap().unwrap();
    assert!(Arc::ptr_eq(&a, &b));
}

/// Patterns compile outside the cache's lock: threads that ask for the same new pattern at once
/// still share one compilation (and one charge to the budgets), and get the same error for a
/// pattern Go rejects.
#[test]
fn a_pattern_asked_for_on_several_threads_at_once_compiles_once() {
    let threads = 8;
    let barrier = std::sync::Barrier::new(threads);
    let ask = |p: &'static str| {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    s.spawn(|| {
                        barrier.wait();
                        compile(p)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("no panic"))
                .collect::<Vec<Compiled>>()
        })
    };
    let got = ask("^raced-[a-f]{2,9}-[0-9]+$");
    let first = got[0].clone().unwrap().expect("compiles");
    for r in &got {
        assert!(Arc::ptr_eq(&first, r.as_ref().unwrap().as_ref().unwrap()));
    }
    let failed = ask("raced(?=x)");
    assert!(failed[0].is_err());
    assert!(failed
        .iter()
        .all(|r| r.as_ref().err() == failed[0].as_ref().err()));
}
