fn main() -> std::process::ExitCode {
    crdlint::cli::main()
}
