//! The hash map of the compiler's tables, in a file of its own: every layer of `cel` uses it,
//! from the parser up, so it cannot live with any one of them.

/// The hash map of the compiler's tables (node ids to types, references and offsets; function
/// and type-parameter names; the compilation caches): foldhash, as the schema's properties use
/// (see Cargo.toml). With SipHash, hashing small integer node ids took about 30 M of the 364 M
/// instructions of compiling and costing the rules of the 107 CRDs of the 10,000-resource
/// workload. The keys are node ids the parser assigns and names from the expression or the
/// declarations, bounded by the expression limits; the hasher is seeded per process.
pub type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;
