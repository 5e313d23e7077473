//! One compilation per (expression, environment, variable types) per run, shared by everything
//! that compiles CEL: the linter's compile check, the cost estimator and the validator.
//!
//! `crdlint check` used to type-check each rule of a CRD three times (the lint in the
//! new-expressions environment, the cost estimate in the same environment, the validator in
//! the stored-expressions environment), and again for every version that repeats a schema. The
//! callers build their own declared types from their own copies of the schema, so the key
//! cannot be the type's address: it is the type's structural [`DeclType::fingerprint`] (128
//! bits, see there), together with the expression text and the environment's class
//! ([`CompileOptions::env_class`]: the stored-expressions environment of the emulated minor is
//! usually the new-expressions one, when the previous minor added no library).
//!
//! The fingerprint leaves out object type names (the compile check types a node from the node
//! itself, `selfType`, where the cost estimator and the validator type it from the schema root,
//! `selfType.spec`): a successful compilation is shared whatever the names, and a failed one,
//! whose messages print them, only when the names are the same too
//! ([`DeclType::names_fingerprint`]); otherwise it is compiled again.
//!
//! The cache is process-wide and thread-safe (rayon workers compile CRDs in parallel; a lookup
//! or insert holds the lock only for the map operation, never while compiling). It is bounded:
//! two generations of at most [`GENERATION`] entries each; when the current one is full it
//! becomes the previous one and the older entries are dropped. The callers that share
//! compilations run close together (a CRD's lint and cost estimate, a CRD's versions), so the
//! recent entries are the useful ones.
//!
//! [`DeclType::fingerprint`]: super::DeclType::fingerprint
//! [`DeclType::names_fingerprint`]: super::DeclType::names_fingerprint

use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};

use super::types::{hash_type, hash_type_names, Fingerprinter};
use super::FastMap as HashMap;
use super::{compile_expr, CompileError, CompileOptions, Compiled, Type};

/// Entries per generation: more than the rules of the largest CRDs seen (about 700), so a CRD's
/// linter, cost estimator and validator find each other's compilations. An entry keeps its
/// checked types alive, and with them the declared types of the schema it was compiled
/// against, so the bound is memory: measured on the 10,000-resource workload, the 217 corpus
/// CRDs and the whole corpus, 768 compiles no more than 4096 did (2,454, 2,386 and 3,100
/// compilations against 2,452, 2,386 and 3,100) with 8–16 MB less peak memory, and 512 already
/// compiles 7% more on the CRDs.
pub const GENERATION: usize = 768;

type Outcome = Result<Arc<Compiled>, CompileError>;

#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    source: Box<str>,
    /// [`CompileOptions::env_class`].
    env: (u32, bool),
    /// The variables' names and types, object type names aside ([`vars_fingerprint`]).
    vars: u128,
}

/// A cached outcome; a failure keeps the object type names it was compiled with
/// ([`vars_names_fingerprint`]), which its messages may print.
#[derive(Clone)]
enum Entry {
    Compiled(Arc<Compiled>),
    Failed(u128, CompileError),
}

#[derive(Default)]
struct Generations {
    current: HashMap<Key, Entry>,
    previous: HashMap<Key, Entry>,
}

impl Generations {
    fn get(&mut self, key: &Key) -> Option<Entry> {
        if let Some(hit) = self.current.get(key) {
            return Some(hit.clone());
        }
        // Promote, so that what is still in use survives the next turnover.
        let hit = self.previous.remove(key)?;
        self.insert(key.clone(), hit.clone());
        Some(hit)
    }

    fn insert(&mut self, key: Key, value: Entry) {
        if self.current.len() >= GENERATION {
            self.previous = std::mem::take(&mut self.current);
        }
        self.current.insert(key, value);
    }
}

fn cache() -> &'static Mutex<Generations> {
    static CACHE: OnceLock<Mutex<Generations>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(Generations::default()))
}

/// The variables as the checker sees them: names and full types, object type names aside.
fn vars_fingerprint(vars: &[(String, Type)]) -> u128 {
    let mut h = Fingerprinter::new();
    vars.len().hash(&mut h);
    for (name, ty) in vars {
        name.hash(&mut h);
        hash_type(ty, &mut h);
    }
    h.finish128()
}

/// The object type names of the variables' types.
fn vars_names_fingerprint(vars: &[(String, Type)]) -> u128 {
    let mut h = Fingerprinter::new();
    for (_, ty) in vars {
        hash_type_names(ty, &mut h);
    }
    h.finish128()
}

/// [`compile_expr`], memoised: the same text, environment class and variable types give the
/// same (shared) result; a failure is shared only between the same object type names. Options
/// with extra functions (tests only) are not cached.
///
/// A shared success may carry another caller's object type names in its checked types (see
/// the module documentation): nothing reads those names from a successful compilation.
pub fn compile(src: &str, vars: &[(String, Type)], opts: &CompileOptions) -> Outcome {
    if !opts.extra_functions.is_empty() || opts.mutation_types {
        return compile_expr(src, vars, opts).map(Arc::new);
    }
    let key = Key {
        source: src.into(),
        env: opts.env_class(),
        vars: vars_fingerprint(vars),
    };
    let mut names = None;
    match cache().lock().ok().and_then(|mut c| c.get(&key)) {
        Some(Entry::Compiled(hit)) => return Ok(hit),
        Some(Entry::Failed(fp, e)) => {
            let ours = vars_names_fingerprint(vars);
            if fp == ours {
                return Err(e);
            }
            names = Some(ours);
        }
        None => {}
    }
    let out = compile_expr(src, vars, opts).map(Arc::new);
    let entry = match &out {
        Ok(c) => Entry::Compiled(c.clone()),
        Err(e) => Entry::Failed(
            names.unwrap_or_else(|| vars_names_fingerprint(vars)),
            e.clone(),
        ),
    };
    if let Ok(mut c) = cache().lock() {
        c.insert(key, entry);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cel::schema_types::{decl_type, ROOT_TYPE_NAME};
    use crate::cel::EnvKind;
    use crate::k8s::KubeVersion;
    use crate::schema::Schema;
    use crate::yaml::Node;

    fn self_of(schema: serde_json::Value) -> Vec<(String, Type)> {
        let s = Schema::from_node(&Node::from_json(&schema));
        let d = decl_type(&s, false, ROOT_TYPE_NAME).expect("typed schema");
        vec![("self".to_string(), d.cel_type())]
    }

    #[test]
    fn equal_types_from_different_schemas_share_one_compilation() {
        let schema =
            serde_json::json!({"type": "object", "properties": {"a": {"type": "integer"}}});
        let (v1, v2) = (self_of(schema.clone()), self_of(schema));
        let opts = CompileOptions::default();
        let a = compile("self.a > 1 && self.a < 7", &v1, &opts).expect("compiles");
        let b = compile("self.a > 1 && self.a < 7", &v2, &opts).expect("compiles");
        assert!(Arc::ptr_eq(&a, &b));
    }

    #[test]
    fn anything_the_checker_sees_is_part_of_the_key() {
        let int = self_of(
            serde_json::json!({"type": "object", "properties": {"a": {"type": "integer"}}}),
        );
        let string =
            self_of(serde_json::json!({"type": "object", "properties": {"a": {"type": "string"}}}));
        let bounded = self_of(
            serde_json::json!({"type": "object", "properties": {"a": {"type": "string", "maxLength": 3}}}),
        );
        let src = "self.a == 1";
        let opts = CompileOptions::default();
        assert!(compile(src, &int, &opts).is_ok());
        assert!(compile(src, &string, &opts).is_err());
        // Bounds do not change the check, but the cost estimator reads them from the types.
        let a = compile("self.a == 'x'", &string, &opts).expect("compiles");
        let b = compile("self.a == 'x'", &bounded, &opts).expect("compiles");
        assert!(!Arc::ptr_eq(&a, &b));
        // The environment: `isIP` arrived in 1.30, so new rules may use it from 1.31.
        let s = self_of(serde_json::json!({"type": "string"}));
        let at = |minor, env| CompileOptions {
            env,
            ..CompileOptions::new(KubeVersion { minor })
        };
        assert!(compile("isIP(self)", &s, &at(30, EnvKind::NewExpressions)).is_err());
        assert!(compile("isIP(self)", &s, &at(30, EnvKind::StoredExpressions)).is_ok());
        assert!(compile("isIP(self)", &s, &at(31, EnvKind::NewExpressions)).is_ok());
    }

    #[test]
    fn object_type_names_are_shared_by_successes_only() {
        // The same node typed from itself (`selfType`) and from the schema root
        // (`selfType.spec`): one shape, two sets of names.
        let spec = serde_json::json!({"type": "object", "properties": {"a": {"type": "integer"}}});
        let own = self_of(spec.clone());
        let root = Schema::from_node(&Node::from_json(
            &serde_json::json!({"type": "object", "properties": {"spec": spec}}),
        ));
        let d = decl_type(&root, false, ROOT_TYPE_NAME).expect("typed schema");
        let from_root = vec![("self".to_string(), d.fields["spec"].ty.cel_type())];
        let opts = CompileOptions::default();
        let a = compile("self.a > 1 && self.a < 8", &own, &opts).expect("compiles");
        let b = compile("self.a > 1 && self.a < 8", &from_root, &opts).expect("compiles");
        assert!(Arc::ptr_eq(&a, &b));
        // Failures print the names: each caller gets its own.
        let e1 = compile("self == 1", &own, &opts).unwrap_err().to_string();
        let e2 = compile("self == 1", &from_root, &opts)
            .unwrap_err()
            .to_string();
        assert!(e1.contains("'(selfType, int)'"), "{e1}");
        assert!(e2.contains("'(selfType.spec, int)'"), "{e2}");
        let e1 = compile("self == 1", &own, &opts).unwrap_err().to_string();
        assert!(e1.contains("'(selfType, int)'"), "{e1}");
    }

    #[test]
    fn equal_environments_share_compilations() {
        let s = self_of(serde_json::json!({"type": "string"}));
        let at = |minor, env| CompileOptions {
            env,
            ..CompileOptions::new(KubeVersion { minor })
        };
        // 1.35 added no library: new rules of 1.36 and stored rules of 1.36 see one environment,
        // and so do new rules of 1.36 and stored rules of 1.35.
        let new = compile("self.size() < 9", &s, &at(36, EnvKind::NewExpressions)).unwrap();
        let stored = compile("self.size() < 9", &s, &at(36, EnvKind::StoredExpressions)).unwrap();
        let older = compile("self.size() < 9", &s, &at(35, EnvKind::StoredExpressions)).unwrap();
        assert!(Arc::ptr_eq(&new, &stored) && Arc::ptr_eq(&new, &older));
        // 1.29 added the literal validators: 1.28 and 1.29 differ.
        let a = compile("self.size() < 9", &s, &at(29, EnvKind::NewExpressions)).unwrap();
        let b = compile("self.size() < 9", &s, &at(29, EnvKind::StoredExpressions)).unwrap();
        assert!(!Arc::ptr_eq(&a, &b));
        assert_ne!(
            at(29, EnvKind::NewExpressions).env_class(),
            at(29, EnvKind::StoredExpressions).env_class()
        );
    }

    #[test]
    fn generations_bound_the_entries() {
        let mut g = Generations::default();
        let key = |i: usize| Key {
            source: i.to_string().into(),
            env: (0, true),
            vars: 0,
        };
        let err = || {
            Entry::Failed(
                0,
                CompileError {
                    errors: Vec::new(),
                    source: String::new(),
                },
            )
        };
        for i in 0..=2 * GENERATION {
            if i == GENERATION + 1 {
                // Entry 0 is in the previous generation now; using it promotes it.
                assert!(g.get(&key(0)).is_some());
            }
            g.insert(key(i), err());
            assert!(g.current.len() <= GENERATION && g.previous.len() <= GENERATION);
        }
        // One more turnover: what was used again survives it, the rest is gone.
        assert!(g.get(&key(0)).is_some());
        assert!(g.get(&key(1)).is_none());
        assert!(g.get(&key(2 * GENERATION)).is_some());
    }
}
