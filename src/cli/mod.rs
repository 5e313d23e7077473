//! The command line: arguments, file discovery, the run driver, output and exit codes.
//!
//! Brief overview:
//! - [`args`] holds the clap derive structs: what the user typed, no I/O.
//! - [`config`] finds and parses `.crdlint.yaml`; [`settings`] puts the flags over it and
//!   turns both into the core modules' option types; [`policy`] decides each rule's severity
//!   and [`suppress`] applies `# crdlint: ignore[...]` comments and annotations.
//! - [`input`] finds files (directories walked like ripgrep) and reads them in parallel.
//! - [`driver`] parses, classifies, compiles, lints and validates, and sorts the findings.
//! - [`commands`] has one file per subcommand; each returns a [`Status`] or a [`Failure`].
//!
//! [`main`] is the only place that decides exit codes: 0 no errors, 1 errors found (or warnings
//! with `--deny-warnings`), 2 usage or I/O failure. A closed pipe on stdout ends the run quietly
//! with 0, as ripgrep does, so `crdlint check | head` behaves. Output that cannot be written
//! (a full disk, `>/dev/full`) is an I/O failure: exit 2, never a panic. That is why nothing in
//! the crate uses `println!`/`eprintln!` (they panic when the write fails; the lint in
//! `lib.rs` denies them): every write goes through `write!` and its error is handled.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

pub mod args;
pub mod charts;
pub mod classify;
pub mod commands;
pub mod config;
pub mod driver;
pub mod input;
pub mod lsp;
pub mod policy;
pub mod rules;
pub mod settings;
pub mod suppress;
mod trace;
pub mod vendored;

use args::{Cli, Command};
use settings::Settings;

/// How a run ended, when it ran to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// No errors (exit 0).
    Clean,
    /// Errors found, or warnings with `--deny-warnings` (exit 1).
    Findings,
    /// The run finished, but some input could not be read (exit 2).
    IoFailed,
}

/// Why a command could not run to the end.
#[derive(Debug)]
pub enum Failure {
    /// A bad flag value or argument combination (exit 2).
    Usage(String),
    /// Writing output failed (exit 2, or 0 for a closed pipe).
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// Runs the CLI with the process arguments and ends the process with its exit code.
///
/// The process ends here, once standard output is flushed, without the C runtime's exit
/// handlers: mimalloc's handler gives every freed page back to the system one `madvise` at a
/// time (tens of megabytes after a large run) just before the process exits and the system
/// takes them all at once anyway. Every write of the run has been flushed and its errors
/// handled by then (a command flushes its own output and fails with exit 2 if it cannot);
/// what std would flush at exit is flushed here the same way, its error ignored as std does.
pub fn main() -> ExitCode {
    let code = run_args(std::env::args_os());
    exit_now(code)
}

/// Ends the process with `code` after flushing standard output (see [`main`]).
#[cfg(unix)]
fn exit_now(code: u8) -> ExitCode {
    let _ = io::stdout().lock().flush();
    write_training_profile();
    // SAFETY: `_exit` takes no pointers and does not return; nothing of the process is used
    // after it. Buffers of std's own (standard output) were flushed above; standard error is
    // unbuffered; every file the run wrote was closed or flushed by the command that wrote it.
    unsafe { libc::_exit(i32::from(code)) }
}

/// A build instrumented for profile-guided optimisation (`scripts/release/build.sh` sets
/// `--cfg crdlint_pgo_train` for it) writes its profile here: `_exit` skips the exit handler
/// that would write it. (Elsewhere the process exits normally and the handler runs.)
#[cfg(all(unix, crdlint_pgo_train))]
fn write_training_profile() {
    extern "C" {
        fn __llvm_profile_write_file() -> i32;
    }
    // SAFETY: the instrumented build links LLVM's profile runtime, which defines it; it takes
    // no arguments and writes the counters to the file LLVM_PROFILE_FILE names.
    unsafe {
        __llvm_profile_write_file();
    }
}

#[cfg(all(unix, not(crdlint_pgo_train)))]
fn write_training_profile() {}

#[cfg(not(unix))]
fn exit_now(code: u8) -> ExitCode {
    ExitCode::from(code)
}

/// Runs the CLI with `args` (the first is the program name).
pub fn main_with(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    ExitCode::from(run_args(args))
}

/// [`main_with`], the exit code as a number.
fn run_args(args: impl IntoIterator<Item = OsString>) -> u8 {
    // `Cli::command()`, not the derived parser: it limits some subcommands' `--format` values.
    let cmd = Cli::command();
    let matched = cmd.clone().try_get_matches_from(args);
    if let Some(msg) = matched
        .as_ref()
        .ok()
        .and_then(|m| args::inapplicable(&cmd, m))
    {
        print_error(&msg);
        return 2;
    }
    let parsed =
        matched.and_then(|mut m| <Cli as clap::FromArgMatches>::from_arg_matches_mut(&mut m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with status 0; usage errors to stderr with 2. Help
            // that cannot be written is an I/O failure (2), as for any other output.
            let printed = e.print();
            let failed = e.use_stderr() || printed.is_err();
            return if failed { 2 } else { 0 };
        }
    };
    match run(cli) {
        Ok(Status::Clean) => 0,
        Ok(Status::Findings) => 1,
        Ok(Status::IoFailed) => 2,
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(Failure::Io(e)) => {
            print_error(&e.to_string());
            2
        }
        Err(Failure::Usage(msg)) => {
            print_error(&msg);
            2
        }
    }
}

/// Prints the last error of a run. When stderr itself cannot be written to, the exit code (2)
/// is all that is left to say it.
fn print_error(msg: &str) {
    let _ = say(
        &mut io::stderr().lock(),
        format_args!("crdlint: error: {msg}"),
    );
}

/// Writes one line of a message of crdlint's own (`crdlint: <file>: <what>`) to `out`, with
/// every control character written as a visible escape (`\x1b`), as the renderers write them:
/// the file names and the I/O errors quoting them are input too, and an ESC in a name must not
/// reach the terminal raw.
pub(crate) fn say(out: &mut dyn Write, line: std::fmt::Arguments<'_>) -> io::Result<()> {
    let line = line.to_string();
    writeln!(out, "{}", crate::diag::render::terminal::visible(&line))
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<Status, Failure> {
    let config = match &cli.command {
        // Generated files never depend on where they are generated.
        Command::Completions(_) | Command::Manpage(_) => None,
        // The language server reads the config of each workspace folder, and again when it
        // changes: a broken config in the working directory must not keep it from starting.
        Command::Lsp(_) => None,
        _ => settings::load_config(&cli.global)?,
    };
    let settings = Settings::resolve(&cli.global, config)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.threads)
        .build()
        .map_err(|e| Failure::Usage(format!("cannot start {} threads: {e}", settings.threads)))?;
    let trace = trace::start();
    let _run = trace::piece("command", None);
    let result = pool.install(|| match &cli.command {
        Command::Check(a) => commands::check::run(&settings, driver::Mode::Check, a),
        Command::Validate(a) => commands::check::run(&settings, driver::Mode::Validate, a),
        Command::Lint(a) => commands::check::run_lint(&settings, a),
        Command::Prune(a) => commands::transform::run(&settings, driver::Transform::Prune, a),
        Command::Default(a) => commands::transform::run(&settings, driver::Transform::Default, a),
        Command::Versions(a) => commands::versions::run(&settings, a),
        Command::Diff(a) => commands::diff::run(&settings, a),
        Command::Cost(a) => commands::cost::run(&settings, a),
        Command::Rules => commands::rules::list(&settings),
        Command::Explain(a) => commands::rules::explain(&settings, a),
        Command::Lsp(a) => lsp::run(&cli.global, a),
        Command::Completions(a) => commands::completions::completions(a.shell),
        Command::Manpage(a) => commands::completions::manpage(a.dir.as_deref()),
        Command::Scan(a) => commands::scan::run(&settings, a),
        Command::Test(a) => commands::test::run(&settings, a),
        Command::Vendor(a) => commands::vendor::run(&settings, a),
    });
    drop(_run);
    if let Some(path) = trace {
        trace::finish(&path);
    }
    result
}

/// The status of a finished run.
pub(crate) fn status(result: &driver::RunResult, deny_warnings: bool) -> Status {
    if result.io_failed {
        Status::IoFailed
    } else if result.summary.errors > 0 || (deny_warnings && result.summary.warnings > 0) {
        Status::Findings
    } else {
        Status::Clean
    }
}
