//! The command line: arguments, file discovery, the run driver, exit codes. (Being written.)

/// Runs the CLI with the process arguments and returns the exit code.
pub fn main() -> std::process::ExitCode {
    std::process::ExitCode::SUCCESS
}
