//! The `crdlint` binary: everything, including exit codes, is decided in [`crdlint::cli`].

fn main() -> std::process::ExitCode {
    crdlint::cli::main()
}
