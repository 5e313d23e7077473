//! `scan` (hidden): the front half of a run, timed by BENCHMARKS.md.
//!
//! `scan PATHS` reads, parses and classifies like `check` and prints the counts;
//! `scan --read-only PATHS` stops after reading the bytes, which is the floor the parse time is
//! compared with.

use std::io::{self, Write};

use crate::cli::args::ScanArgs;
use crate::cli::driver;
use crate::cli::settings::Settings;
use crate::cli::{Failure, Status};

pub fn run(settings: &Settings, args: &ScanArgs) -> Result<Status, Failure> {
    let loaded = super::gather(settings, &args.paths.paths, &[])?;
    let failed = loaded.iter().any(|l| l.error.is_some());
    let mut out = io::stdout().lock();
    let mut errors = 0;
    if args.read_only {
        let bytes: usize = loaded.iter().map(|l| l.source.text.len()).sum();
        writeln!(out, "read {bytes} bytes in {} files", loaded.len())?;
    } else {
        let summary = driver::scan(&loaded);
        errors = summary.errors;
        writeln!(out, "{} documents; {}", summary.documents, summary.line())?;
    }
    out.flush()?;
    Ok(if failed {
        Status::IoFailed
    } else if errors > 0 {
        Status::Findings
    } else {
        Status::Clean
    })
}
