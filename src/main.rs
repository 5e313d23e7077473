//! The `crdlint` binary: everything, including exit codes, is decided in [`crdlint::cli`].

// The tree-building and schema-compiling phases allocate many small objects; mimalloc is
// measurably faster at that than the system allocator (BENCHMARKS.md).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

/// mimalloc, asked for plain blocks when Rust's alignment is one mimalloc gives every block of
/// that size anyway. The `mimalloc` crate's allocator passes every request through
/// `mi_malloc_aligned`, about 10 instructions more per allocation than `mi_malloc` (1-2% of a
/// `check` run, which allocates millions of small nodes and values).
#[cfg(feature = "mimalloc")]
struct MiMalloc;

#[cfg(feature = "mimalloc")]
impl MiMalloc {
    /// mimalloc allocates a block of `size` bytes aligned to `align` when `align` is at most
    /// `MI_MAX_ALIGN_SIZE` (16, `max_align_t`) and no larger than `size`: "objects up to
    /// MI_MAX_ALIGN_GUARANTEE are allocated aligned to their size" (alloc-aligned.c,
    /// `mi_malloc_is_naturally_aligned`), as C's `malloc` guarantees `max_align_t`.
    fn natural(align: usize, size: usize) -> bool {
        align <= 16 && align <= size
    }
}

// SAFETY: every path hands the request to mimalloc, plain or aligned, and frees with `mi_free`,
// which takes blocks from either; the plain calls are used only where their blocks are aligned
// as asked (`natural`).
#[cfg(feature = "mimalloc")]
unsafe impl std::alloc::GlobalAlloc for MiMalloc {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        use libmimalloc_sys as mi;
        // SAFETY: mimalloc's allocation functions take any size and a power-of-two alignment.
        unsafe {
            if Self::natural(layout.align(), layout.size()) {
                mi::mi_malloc(layout.size()).cast()
            } else {
                mi::mi_malloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        use libmimalloc_sys as mi;
        // SAFETY: as in `alloc`.
        unsafe {
            if Self::natural(layout.align(), layout.size()) {
                mi::mi_zalloc(layout.size()).cast()
            } else {
                mi::mi_zalloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, _layout: std::alloc::Layout) {
        // SAFETY: `ptr` came from this allocator, so from mimalloc.
        unsafe { libmimalloc_sys::mi_free(ptr.cast()) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        use libmimalloc_sys as mi;
        // SAFETY: `ptr` came from this allocator; `mi_realloc` keeps the natural alignment of
        // the new size, `mi_realloc_aligned` the asked one.
        unsafe {
            if Self::natural(layout.align(), new_size) {
                mi::mi_realloc(ptr.cast(), new_size).cast()
            } else {
                mi::mi_realloc_aligned(ptr.cast(), new_size, layout.align()).cast()
            }
        }
    }
}

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
