//! The fast path ([`super::super::fastparse`]) against the crate: wherever it takes an input,
//! the tree, node ids, offsets and next id are the crate's.

use super::*;

/// The distinct rule texts of the test data, and of `CRDLINT_FASTPARSE_EXTRA` (a folder of
/// more manifests, for a check by hand against a corpus kept outside the repository).
fn test_rule_texts() -> Vec<String> {
    let mut texts = Vec::new();
    rule_texts(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata"),
        &mut texts,
    );
    if let Ok(more) = std::env::var("CRDLINT_FASTPARSE_EXTRA") {
        rule_texts(std::path::Path::new(&more), &mut texts);
    }
    texts.sort();
    texts.dedup();
    texts
}

/// Every `rule` and `messageExpression` text under `dir` (YAML files, recursively).
fn rule_texts(dir: &std::path::Path, out: &mut Vec<String>) {
    fn walk(n: &crate::yaml::Node, out: &mut Vec<String>) {
        if let Some(m) = n.as_map() {
            for e in &m.entries {
                if matches!(e.key.as_str(), "rule" | "messageExpression") {
                    if let Some(t) = e.value.as_str() {
                        out.push(t.to_string());
                    }
                }
                walk(&e.value, out);
            }
        } else if let Some(l) = n.as_seq() {
            l.iter().for_each(|x| walk(x, out));
        }
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rule_texts(&p, out);
        } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml") {
            let Ok(text) = std::fs::read_to_string(&p) else {
                continue;
            };
            for d in crate::yaml::load(&text) {
                if let Some(r) = &d.root {
                    walk(r, out);
                }
            }
        }
    }
}

/// The fast path's parse, where it takes the input, equals the crate's in every macro set:
/// tree, node ids, offsets, next id.
fn fast_matches_crate(src: &str) -> bool {
    // As `parse_uncached` calls it: only for shallow input.
    if !nesting(src).is_ok_and(|n| n <= SHALLOW_NESTING) {
        return false;
    }
    let Some(f) = super::super::fastparse::parse(src) else {
        return false;
    };
    let fast = finish(src, f.expr, f.offsets, f.max_id).expect("fast parse finishes");
    for set in [
        MacroSet::Standard,
        MacroSet::Optional,
        MacroSet::TwoVar,
        MacroSet::SortBy,
    ] {
        let slow = parse_with_crate(src, set)
            .unwrap_or_else(|e| panic!("the crate refuses {src:?} ({set:?}): {e:?}"));
        assert_eq!(fast.expr, slow.expr, "{src} ({set:?})");
        assert_eq!(fast.offsets, slow.offsets, "{src} ({set:?})");
        assert_eq!(fast.next_id, slow.next_id, "{src} ({set:?})");
    }
    true
}

#[test]
fn fast_path_builds_what_the_crate_builds() {
    let taken = [
        "self == oldSelf",
        "self.a > 1 && self.b < 2 && self.c != 3 || self.d in ['x', 'y',] || !has(self.e)",
        "!!self.a && !!!self.b",
        "a + b * c - d / e % f",
        "a * b + c",
        "x ? y : z ? 1 : 2",
        "(a || b) && (c || d || e || f || g)",
        "self.items.all(i, i.name != '') && self.m.exists(k, k == \"x\")",
        "self.l.exists_one(x, x > 1) && self.l.existsOne(x, x > 1)",
        "self.l.map(x, x + 1) == self.l.map(x, x > 0, x * 2)",
        "self.l.filter(x, x > 1).size() == 0",
        "size(self.group) == 0 && self.kind == 'Service'",
        "{'a': 1, 'b': [2, 3], }['a'] == 1 && {}.size() == 0 && [].size() == 0",
        "self.spec.x[0].y[self.i]['k'] == null && true != false",
        "duration(self) > duration('0s') // a comment\n && self.namespace == 'x'",
        "self.a.b.c.startsWith('x') && type(self) == string",
        "has(self.a) ? self.a.all(x, x.all(y, y != 0)) : false",
        "self.matches(r\"\"\"^(\\*\\.)?[a-z]$\"\"\") && self.matches(r'^a\\.b$')",
        "'a\\nb\\t\\'\\\"\\\\' != self && \"\\?\\`\\a\" != self && R\"x\" == self",
        "self.x == 1.5 && self.y > 0.0 && [1.25][0] < 25.2",
    ];
    for src in taken {
        assert!(fast_matches_crate(src), "fast path should take: {src}");
    }
    // Left to the crate: outside the subset, or malformed.
    let left = [
        "-1 < self",
        "self.a - -1",
        "1e3 > self",
        "1.5e3 > self",
        "1.size() == 1",
        "0x1F == self",
        "1u == self",
        "'\\x41' == self",
        "'\\101' == self",
        "'\\u00e9' == self",
        "'''a''' == self",
        "rb'a' == self",
        "r\"\"\"a\" == self",
        "b'a' == self",
        "self.?a",
        "self[?0]",
        "[?a]",
        "{?'a': 1}",
        "Msg{a: 1}",
        ".a",
        "if == 1",
        "self.all(a, b, c)",
        "self.optMap(x, x)",
        "self.sortBy(x, x)",
        "has(self)",
        "self.all(1, true)",
        "f(1,)",
        "a = b",
        "a &",
        "'\u{e9}' == self",
        "self.true",
        "",
        "a b",
    ];
    for src in left {
        assert!(
            super::super::fastparse::parse(src).is_none(),
            "fast path should leave: {src}"
        );
    }
}

/// Broken variants of the test data's rules (cut short, one byte dropped): the fast path
/// takes only what the crate parses, and parses it alike.
#[test]
fn fast_path_takes_no_broken_rule() {
    let texts = test_rule_texts();
    let mut variants = 0;
    for t in texts.iter().filter(|t| t.is_ascii()) {
        for k in (1..t.len()).step_by(3) {
            fast_matches_crate(&t[..k]);
            fast_matches_crate(&format!("{}{}", &t[..k - 1], &t[k..]));
            variants += 2;
        }
    }
    assert!(variants > 1000, "{variants}");
}

/// Random expressions over the whole subset (and beyond it), from a fixed seed: wherever
/// the fast path takes one, the crate parses it alike.
#[test]
fn fast_path_agrees_on_generated_expressions() {
    struct Gen(u64);
    impl Gen {
        fn next(&mut self, n: usize) -> usize {
            // xorshift64*
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
        }
        fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
            xs[self.next(xs.len())]
        }
        fn expr(&mut self, depth: usize) -> String {
            if depth > 4 {
                return self.atom(depth);
            }
            match self.next(12) {
                0 => format!(
                    "{} ? {} : {}",
                    self.expr(depth + 1),
                    self.expr(depth + 1),
                    self.expr(depth + 1)
                ),
                1..=3 => {
                    let op = self.pick(&[
                        "||", "&&", "==", "!=", "<", "<=", ">", ">=", " in ", "+", "-", "*", "/",
                        "%",
                    ]);
                    format!("{}{op}{}", self.expr(depth + 1), self.expr(depth + 1))
                }
                4 => format!(
                    "{}{}",
                    self.pick(&["!", "!!", "! !", "-", "!-"]),
                    self.member(depth + 1)
                ),
                5 => format!("({})", self.expr(depth + 1)),
                _ => self.member(depth),
            }
        }
        fn member(&mut self, depth: usize) -> String {
            let mut m = self.atom(depth);
            for _ in 0..self.next(4) {
                m = match self.next(9) {
                    0 | 1 => format!(
                        "{m}.{}",
                        self.pick(&["a", "b_2", "namespace", "if", "true", "size"])
                    ),
                    2 => format!("{m}[{}]", self.expr(depth + 1)),
                    3 => format!(
                        "{m}.{}({})",
                        self.pick(&["size", "startsWith", "f"]),
                        self.args(depth + 1)
                    ),
                    4 => {
                        let mac = self.pick(&[
                            "all",
                            "exists",
                            "exists_one",
                            "existsOne",
                            "map",
                            "filter",
                            "sortBy",
                            "optMap",
                        ]);
                        let v = self.pick(&["x", "y", "self.a", "1"]);
                        if self.next(3) == 0 {
                            format!(
                                "{m}.{mac}({v}, {}, {})",
                                self.expr(depth + 1),
                                self.expr(depth + 1)
                            )
                        } else {
                            format!("{m}.{mac}({v}, {})", self.expr(depth + 1))
                        }
                    }
                    5 => format!("{m}.?a"),
                    6 => format!("{m}[?0]"),
                    _ => format!("{m} // c\n"),
                };
            }
            m
        }
        fn args(&mut self, depth: usize) -> String {
            (0..self.next(3))
                .map(|_| self.expr(depth))
                .collect::<Vec<_>>()
                .join(", ")
        }
        fn atom(&mut self, depth: usize) -> String {
            match self.next(16) {
                0 => self
                    .pick(&["self", "oldSelf", "x", "_y", "if", "in"])
                    .to_string(),
                1 => self
                    .pick(&[
                        "0",
                        "1",
                        "42",
                        "9223372036854775807",
                        "9223372036854775808",
                        "1.5",
                        "0.0",
                        "1e3",
                        "0x1F",
                        "1u",
                        ".5",
                    ])
                    .to_string(),
                2 => self
                    .pick(&[
                        "'a'",
                        "\"b\"",
                        "''",
                        "'a\\nb'",
                        "'\\x41'",
                        "r'a\\.b'",
                        "r\"\"\"a\"b\"\"\"",
                        "'''t'''",
                        "b'z'",
                        "'\\''",
                    ])
                    .to_string(),
                3 => self.pick(&["true", "false", "null"]).to_string(),
                4 if depth < 4 => format!("[{}]", self.args(depth + 1)),
                5 if depth < 4 => format!("[{},]", self.expr(depth + 1)),
                6 if depth < 4 => {
                    format!("{{{}: {}, }}", self.expr(depth + 1), self.expr(depth + 1))
                }
                7 => "{}".to_string(),
                8 if depth < 4 => format!("has({})", self.member(depth + 1)),
                9 if depth < 4 => format!(
                    "{}({})",
                    self.pick(&["size", "int", "f", "has", "all"]),
                    self.args(depth + 1)
                ),
                10 => "Msg{a: 1}".to_string(),
                _ => self
                    .pick(&["self", "self.spec", "oldSelf.a", "x"])
                    .to_string(),
            }
        }
    }
    let mut g = Gen(0x9e37_79b9_7f4a_7c15);
    let mut taken = 0;
    for _ in 0..4000 {
        let e = g.expr(0);
        if fast_matches_crate(&e) {
            taken += 1;
        }
    }
    assert!(taken > 500, "{taken}");
}

/// Every rule text of the test data that the fast path takes parses as the crate parses it.
#[test]
fn fast_path_agrees_on_the_test_data() {
    let texts = test_rule_texts();
    let taken = texts.iter().filter(|t| fast_matches_crate(t)).count();
    assert!(
        texts.len() > 100 && taken * 2 > texts.len(),
        "{taken} of {}",
        texts.len()
    );
}
