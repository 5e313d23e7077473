//! The YAML loader: any bytes load without a panic; every document that loads cleanly is emitted
//! and loaded again, and must give the same value (as JSON, which is what the API server sees).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for doc in crdlint::yaml::load(text) {
        let Some(root) = &doc.root else { continue };
        let emitted = crdlint::yaml::emit_document(root);
        let again = crdlint::yaml::load(&emitted);
        let back: Vec<_> = again.iter().filter_map(|d| d.root.as_ref()).collect();
        assert_eq!(
            back.len(),
            1,
            "emitted one document, read back {}:\n{emitted}",
            back.len()
        );
        for d in &again {
            assert!(
                d.errors.is_empty(),
                "emitted text has errors {:?}:\n{emitted}",
                d.errors
            );
        }
        assert_eq!(
            back[0].to_json(),
            root.to_json(),
            "emit then load changed the value:\n{emitted}"
        );
    }
});
