//! The fast YAML scanner: on any bytes it either declines or produces exactly granit-parser's
//! events and spans for the documents it reads (`yaml::scan::oracle`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = crdlint::yaml::scan::oracle::compare_with_granit(text) {
        panic!("fast scanner differs from granit on {text:?}: {e}");
    }
});
