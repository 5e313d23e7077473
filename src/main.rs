//! The `crdlint` binary: everything, including exit codes, is decided in [`crdlint::cli`].

// The tree-building and schema-compiling phases allocate many small objects; mimalloc is
// measurably faster at that than the system allocator (BENCHMARKS.md).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    crdlint::cli::main()
}
