//! The `crdlint` binary: everything, including exit codes, is decided in [`crdlint::cli`].

// The tree-building and schema-compiling phases allocate many small objects; mimalloc is
// measurably faster at that than the system allocator (BENCHMARKS.md).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Returns freed memory to the system now rather than after mimalloc's purge delay. The YAML
/// loader calls it after freeing a long collection's chunks (`yaml::load::set_release_hook`),
/// which it does faster than the delay returns them: on an idle machine a 10 MB sequence
/// peaked at 33 times its size instead of 18.
#[cfg(feature = "mimalloc")]
fn release_freed_memory() {
    // SAFETY: `mi_collect` takes no pointers; it only walks mimalloc's own heap and arenas of
    // the calling thread and the process, which is what the global allocator above uses.
    unsafe { libmimalloc_sys::mi_collect(true) }
}

fn main() -> std::process::ExitCode {
    #[cfg(feature = "mimalloc")]
    crdlint::yaml::load::set_release_hook(release_freed_memory);
    crdlint::cli::main()
}
