//! One compilation per (expression, environment, variable types) per run, shared by everything
//! that compiles CEL: the linter's compile check, the cost estimator and the validator.
//!
//! `crdlint check` used to type-check each rule of a CRD three times (the lint in the
//! new-expressions environment, the cost estimate in the same environment, the validator in
//! the stored-expressions environment), and again for every version that repeats a schema. The
//! three callers build their own declared types from their own copies of the schema, so the
//! key cannot be the type's address: it is the type's structural [`DeclType::fingerprint`]
//! (128 bits, see there), together with the expression text and what selects the environment.
//!
//! The cache is process-wide and thread-safe (rayon workers compile CRDs in parallel; a lookup
//! or insert holds the lock only for the map operation, never while compiling). It is bounded:
//! two generations of at most [`GENERATION`] entries each; when the current one is full it
//! becomes the previous one and the older entries are dropped. The callers that share
//! compilations run close together (a CRD's lint and cost estimate, a CRD's versions), so the
//! recent entries are the useful ones.
//!
//! [`DeclType::fingerprint`]: super::DeclType::fingerprint

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};

use super::types::{hash_type, Fingerprinter};
use super::{compile_expr, CompileError, CompileOptions, Compiled, EnvKind, Type};

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
    minor: u32,
    env: EnvKind,
    base_env_options: bool,
    /// The variables' names and types ([`vars_fingerprint`]).
    vars: u128,
}

#[derive(Default)]
struct Generations {
    current: HashMap<Key, Outcome>,
    previous: HashMap<Key, Outcome>,
}

impl Generations {
    fn get(&mut self, key: &Key) -> Option<Outcome> {
        if let Some(hit) = self.current.get(key) {
            return Some(hit.clone());
        }
        // Promote, so that what is still in use survives the next turnover.
        let hit = self.previous.remove(key)?;
        self.insert(key.clone(), hit.clone());
        Some(hit)
    }

    fn insert(&mut self, key: Key, value: Outcome) {
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

/// The variables as the checker sees them: names and full types.
fn vars_fingerprint(vars: &[(String, Type)]) -> u128 {
    let mut h = Fingerprinter::new();
    vars.len().hash(&mut h);
    for (name, ty) in vars {
        name.hash(&mut h);
        hash_type(ty, &mut h);
    }
    h.finish128()
}

/// [`compile_expr`], memoised: the same text, environment and variable types give the same
/// (shared) result. Options with extra functions (tests only) are not cached.
pub fn compile(src: &str, vars: &[(String, Type)], opts: &CompileOptions) -> Outcome {
    if !opts.extra_functions.is_empty() {
        return compile_expr(src, vars, opts).map(Arc::new);
    }
    let key = Key {
        source: src.into(),
        minor: opts.kube_version.minor,
        env: opts.env,
        base_env_options: opts.base_env_options,
        vars: vars_fingerprint(vars),
    };
    if let Some(hit) = cache().lock().ok().and_then(|mut c| c.get(&key)) {
        return hit;
    }
    let out = compile_expr(src, vars, opts).map(Arc::new);
    if let Ok(mut c) = cache().lock() {
        c.insert(key, out.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cel::schema_types::{decl_type, ROOT_TYPE_NAME};
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
    fn generations_bound_the_entries() {
        let mut g = Generations::default();
        let key = |i: usize| Key {
            source: i.to_string().into(),
            minor: 0,
            env: EnvKind::NewExpressions,
            base_env_options: true,
            vars: 0,
        };
        let err = || {
            Err(CompileError {
                errors: Vec::new(),
                source: String::new(),
            })
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
