//! `crdlint diff`: two revisions of a CRD (the input split at its first NUL byte: old, new)
//! compared as `diff` compares them, every `compat/*` finding located in the new text and every
//! related location in the old one. Nothing may panic; schemas nest up to the loader's depth.
#![no_main]

use crdlint::compat::{self, Options};
use crdlint::yaml::Node;
use libfuzzer_sys::fuzz_target;

fn crds(text: &str) -> Vec<Node> {
    crdlint::yaml::load(text)
        .into_iter()
        .filter_map(|d| d.root)
        .filter(|r| r.get_str("kind") == Some("CustomResourceDefinition"))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (Ok(old), Ok(new)) = (
        std::str::from_utf8(&data[..split]),
        std::str::from_utf8(data.get(split + 1..).unwrap_or_default()),
    ) else {
        return;
    };
    let opts = Options::default();
    let (olds, news) = (crds(old), crds(new));
    for o in &olds {
        for n in &news {
            for d in compat::compare(o, n, &opts) {
                assert!(new.get(d.span.range()).is_some(), "span outside new: {d:?}");
                for r in d.related() {
                    assert!(
                        old.get(r.span.range()).is_some(),
                        "related outside old: {d:?}"
                    );
                }
            }
        }
        for d in compat::removed(o, &opts) {
            assert!(old.get(d.span.range()).is_some(), "span outside old: {d:?}");
        }
    }
});
