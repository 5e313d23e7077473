//! "Every operation's real work is proportional to what it is charged" (RELIABILITY.md),
//! tested per class of call: each test builds the worst case for one class and measures the
//! memory the evaluation allocates with a counting allocator (this thread's peak of live
//! bytes), never wall time. Each case was measured before its fix: the figure is in the test.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use super::super::ast::checked;
use super::*;

/// The system allocator, counting the live bytes of each thread and their peak.
struct Counting;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn note_alloc(n: usize) {
    let _ = LIVE.try_with(|l| {
        let v = l.get() + n;
        l.set(v);
        let _ = PEAK.try_with(|p| p.set(p.get().max(v)));
    });
}

fn note_free(n: usize) {
    // A block freed by another thread than the one that allocated it can take this thread's
    // count below zero: saturate.
    let _ = LIVE.try_with(|l| l.set(l.get().saturating_sub(n)));
}

// SAFETY: every call is forwarded unchanged to `System`; the bookkeeping touches only
// thread-local counters with constant initialisers (no allocation, no destructor).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note_alloc(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        note_free(layout.size());
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note_alloc(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note_alloc(new_size);
        note_free(layout.size());
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

const MIB: usize = 1 << 20;

/// Evaluates `src` with `self` bound to `this` under the server's limits, and returns the
/// outcome and the most memory the evaluation held at once beyond what was live before it.
fn measured(src: &str, this: Value) -> (Outcome, usize) {
    let e = checked(src);
    let vars = [("self", this)];
    let before = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(before));
    let out = evaluate(&e, &vars, Options::default());
    let peak = PEAK.with(Cell::get) - before;
    (out, peak)
}

fn ints(n: i64) -> Value {
    Value::list((0..n).map(Value::Int).collect())
}

fn object(fields: Vec<(&str, Value)>) -> Value {
    let entries = fields
        .into_iter()
        .map(|(k, v)| (Key::String(Arc::from(k)), v))
        .collect();
    Value::map(entries)
}

fn stopped_by_crdlint(out: &Outcome, what: &str) {
    let err = out
        .value
        .as_ref()
        .expect_err("the bound must stop the evaluation");
    assert_eq!(err.kind, ErrorKind::CostLimit, "{}", err.message);
    assert!(err.message.contains(what), "{}", err.message);
    assert!(
        out.cost < 1_000_000,
        "stopped by crdlint's bound, not the cost limit"
    );
}

#[test]
fn flatten_is_sized_before_it_is_built() {
    // The reproducer `cel-flatten-3GB.yaml` at 3,000 items: cel-go charges the outer list's
    // size (3,000 + 11) while the result holds 9 million elements (216 MB; 3.8 GB for the
    // reproducer's 12,000 items). Now the call is refused before it builds anything.
    for src in [
        "self.map(x, self).flatten().size() > 0",
        // `cel-flatten-oom.yaml`: one more level, the same product.
        "[self.map(x, self)].flatten(2).size() > 0",
    ] {
        let (out, peak) = measured(src, ints(3_000));
        stopped_by_crdlint(&out, "64 MiB");
        assert!(peak < 4 * MIB, "{src}: {} MiB", peak / MIB);
    }
    // Calls that each build little but add up (3,000 flattens of 3,000) stop at the bound.
    let (out, peak) = measured("self.map(x, [self].flatten()).size() > 0", ints(3_000));
    stopped_by_crdlint(&out, "64 MiB");
    assert!(peak < 96 * MIB, "{} MiB", peak / MIB);
    // Within the bound nothing changes.
    let (out, _) = measured("self.map(x, [x, [x]]).flatten(2).size() == 6", ints(3));
    assert!(
        matches!(out.value, Ok(Value::Bool(true))),
        "{:?}",
        out.value
    );
}

#[test]
fn format_of_nested_lists_is_measured_as_it_grows() {
    // One `%s` of a list of 6,000 lists of 6,000 numbers is 216 MB of text, charged by the
    // format string (a few units). Before: the parts (216 MB) and their join (216 MB) at once.
    let (out, peak) = measured("'%s'.format([self.map(x, self)]).size() > 0", ints(6_000));
    stopped_by_crdlint(&out, "64 MiB");
    assert!(peak < 200 * MIB, "{} MiB", peak / MIB);
}

#[test]
fn join_is_charged_before_it_builds() {
    // 3,000 copies of a 10 KB string joined: 30 MB, charged 6 million after it was built.
    // The charge is known before (the sum of the lengths), so the call never runs; the error
    // and the cost are cel-go's.
    let this = object(vec![
        ("s", Value::string(&"x".repeat(10_000))),
        ("l", ints(3_000)),
    ]);
    let (out, peak) = measured("self.l.map(x, self.s).join().size() > 0", this);
    let err = out.value.as_ref().expect_err("over the cost limit");
    assert_eq!(
        err.message,
        "operation cancelled: actual cost limit exceeded"
    );
    assert!(out.cost > 1_000_000);
    assert!(peak < 2 * MIB, "{} MiB", peak / MIB);
    // Within the limit, the same cost as charged after the call.
    let (small, _) = measured("['ab', 'cd'].join('-') == 'ab-cd'", Value::Null);
    assert!(matches!(small.value, Ok(Value::Bool(true))));
}

#[test]
fn list_concatenation_is_bounded_by_length() {
    // `+` is charged 1 and copies nothing, so nested bindings double a list per `+`; reading
    // the result whole (here `exists`, which copies a view once) copied every element:
    // 1,000 × 2¹⁴ elements, 390 MB. The `+` past 2²³ elements is refused instead.
    let mut src = "v13.exists(e, e < 0)".to_string();
    for i in (0..14).rev() {
        let w = if i == 0 {
            "self".to_string()
        } else {
            format!("v{}", i - 1)
        };
        src = format!("[{w} + {w}].exists(v{i}, {src})");
    }
    let (out, peak) = measured(&src, ints(1_000));
    stopped_by_crdlint(&out, "64 MiB");
    assert!(peak < 4 * MIB, "{} MiB", peak / MIB);
}

#[test]
fn size_of_a_string_is_bounded_in_reading() {
    // `size` counts a string's characters at cost 1 (as cel-go does): 2,000 steps reading
    // 1 MB each read 2 GB for a cost of about 10,000. Counted, and stopped at 1 GiB read.
    let this = object(vec![
        ("s", Value::string(&"é".repeat(500_000))),
        ("l", ints(2_000)),
    ]);
    let (out, _) = measured("self.l.all(x, size(self.s) > 0)", this);
    stopped_by_crdlint(&out, "1 GiB");
}

#[test]
fn index_of_is_linear_and_agrees_with_a_naive_search() {
    // Knuth-Morris-Pratt against the plain definition, on every short string over a
    // two-letter alphabet with multi-byte characters.
    fn naive(h: &[char], n: &[char], pos: usize, last: bool) -> i64 {
        if n.is_empty() {
            return pos as i64;
        }
        let mut starts = (0..=h.len().saturating_sub(n.len()))
            .filter(|&i| i + n.len() <= h.len() && h[i..i + n.len()] == *n);
        if last {
            starts.rfind(|&i| i <= pos).map_or(-1, |i| i as i64)
        } else {
            starts.find(|&i| i >= pos).map_or(-1, |i| i as i64)
        }
    }
    let words = |len: usize| {
        (0..1usize << len).map(move |bits| {
            (0..len)
                .map(|i| if bits >> i & 1 == 1 { 'é' } else { 'a' })
                .collect::<Vec<char>>()
        })
    };
    for hl in 0..7 {
        for h in words(hl) {
            for nl in 0..4 {
                for n in words(nl) {
                    for pos in 0..=hl {
                        let hs: String = h.iter().collect();
                        let ns: String = n.iter().collect();
                        for (func, last) in [("indexOf", false), ("lastIndexOf", true)] {
                            let got = functions::call_unchecked(
                                func,
                                true,
                                &[
                                    Value::string(&hs),
                                    Value::string(&ns),
                                    Value::Int(pos as i64),
                                ],
                            );
                            let want = naive(&h, &n, pos, last);
                            assert!(
                                matches!(got, Ok(Value::Int(g)) if g == want),
                                "{func} {hs:?} {ns:?} {pos}: {got:?} != {want}"
                            );
                        }
                    }
                }
            }
        }
    }
}
