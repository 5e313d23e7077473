//! `CRDLINT_TRACE=FILE`: a timeline of one run, for finding where the cores wait.
//!
//! Each traced piece of work (a file parsed, a CRD linted, a step's barrier, the report) is
//! one line of FILE: the worker that ran it (`main` outside the pool), its start and end in
//! microseconds since the run began, what it was and on which file. Wall-clock figures on a
//! shared machine are noisy, but a timeline shows what no counter does: a core idle at a
//! step's end while the other finishes the largest file. Without the variable nothing is
//! recorded and a traced piece costs one relaxed load.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

/// Whether the run is traced (set once, by [`start`]).
static ON: AtomicBool = AtomicBool::new(false);
static EPOCH: OnceLock<Instant> = OnceLock::new();
static EVENTS: Mutex<Vec<Event>> = Mutex::new(Vec::new());

/// One traced piece of work.
#[derive(Clone, Debug, PartialEq)]
struct Event {
    worker: Option<usize>,
    start_us: u64,
    end_us: u64,
    what: &'static str,
    file: Option<usize>,
}

/// Starts tracing when `CRDLINT_TRACE` names a file; returns it.
pub(crate) fn start() -> Option<std::path::PathBuf> {
    let path = std::env::var_os("CRDLINT_TRACE").filter(|p| !p.is_empty())?;
    EPOCH.get_or_init(Instant::now);
    ON.store(true, Ordering::Relaxed);
    Some(path.into())
}

/// A piece of work being traced: recorded when dropped.
pub(crate) struct Piece {
    started: Option<(Instant, &'static str, Option<usize>)>,
}

/// Traces the work done until the returned guard is dropped.
pub(crate) fn piece(what: &'static str, file: Option<usize>) -> Piece {
    if !ON.load(Ordering::Relaxed) {
        return Piece { started: None };
    }
    Piece {
        started: Some((Instant::now(), what, file)),
    }
}

impl Drop for Piece {
    fn drop(&mut self) {
        let Some((start, what, file)) = self.started.take() else {
            return;
        };
        let Some(epoch) = EPOCH.get() else { return };
        let micros = |t: Instant| t.saturating_duration_since(*epoch).as_micros() as u64;
        let event = Event {
            worker: rayon::current_thread_index(),
            start_us: micros(start),
            end_us: micros(Instant::now()),
            what,
            file,
        };
        if let Ok(mut events) = EVENTS.lock() {
            events.push(event);
        }
    }
}

/// Writes the timeline to `path` (failures are ignored: tracing never changes a run's result).
pub(crate) fn finish(path: &std::path::Path) {
    let events = EVENTS.lock().map(|e| e.clone()).unwrap_or_default();
    let mut out = Vec::new();
    write_events(&events, &mut out);
    let _ = std::fs::File::create(path).and_then(|mut f| f.write_all(&out));
}

/// The timeline as tab-separated lines, by start time.
fn write_events(events: &[Event], out: &mut Vec<u8>) {
    let mut events = events.to_vec();
    events.sort_by_key(|e| (e.start_us, e.end_us));
    let _ = writeln!(out, "worker\tstart_us\tend_us\twhat\tfile");
    for e in events {
        let worker = e.worker.map_or("main".to_string(), |w| w.to_string());
        let file = e.file.map_or(String::new(), |f| f.to_string());
        let _ = writeln!(
            out,
            "{worker}\t{}\t{}\t{}\t{file}",
            e.start_us, e.end_us, e.what
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeline_is_sorted_by_start_with_worker_and_file() {
        let events = [
            Event {
                worker: Some(1),
                start_us: 30,
                end_us: 40,
                what: "validate",
                file: Some(7),
            },
            Event {
                worker: None,
                start_us: 10,
                end_us: 50,
                what: "run",
                file: None,
            },
        ];
        let mut out = Vec::new();
        write_events(&events, &mut out);
        assert_eq!(
            String::from_utf8(out).expect("utf-8"),
            "worker\tstart_us\tend_us\twhat\tfile\nmain\t10\t50\trun\t\n1\t30\t40\tvalidate\t7\n"
        );
    }

    #[test]
    fn nothing_is_recorded_unless_started() {
        if ON.load(Ordering::Relaxed) {
            return;
        }
        drop(piece("untraced", None));
        let recorded = EVENTS.lock().map(|e| e.len()).unwrap_or(0);
        assert_eq!(recorded, 0);
    }
}
