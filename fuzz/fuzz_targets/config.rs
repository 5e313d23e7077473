//! The config file loader (`.crdlint.yaml`): any bytes give a config or one error at a line and
//! column inside the text, never a panic; a config that loads builds its rule policy (globs,
//! patterns, per-file overrides) and answers for every rule, also without a panic.
#![no_main]

use crdlint::cli::{classify::SkipPattern, config, policy};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let config = match config::parse(".crdlint.yaml", std::path::PathBuf::new(), text) {
        Ok(c) => c,
        Err(e) => {
            // An error points into the text: a line that exists (or the one after a final
            // newline) and a column on it, both from 1.
            let lines = text.split('\n').count();
            assert!(
                e.line >= 1 && e.line <= lines.max(1),
                "line {} of {lines}: {e}",
                e.line
            );
            assert!(e.column >= 1, "column {}: {e}", e.column);
            let line = text.split('\n').nth(e.line - 1).unwrap_or("");
            assert!(
                e.column <= line.chars().count() + 1,
                "column {} past the end of line {:?}: {e}",
                e.column,
                line
            );
            return;
        }
    };
    for s in config.skip.iter().flatten() {
        let _ = SkipPattern::parse(s);
    }
    let Ok(policy) = policy::Policy::new(Some(&config), &policy::Flags::default()) else {
        return;
    };
    for rule in crdlint::cli::rules::all() {
        for name in [
            None,
            Some("a.yaml"),
            Some("dir/sub/b.yml"),
            Some("../c.json"),
        ] {
            let _ = policy.decide(rule, rule.severity, name);
        }
    }
});
