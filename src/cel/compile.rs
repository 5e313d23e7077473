//! Compiling one expression: parse and check in the environment a [`CompileOptions`] selects
//! (the language options and libraries of a minor, §5.3), with errors as cel-go renders them.

use std::sync::{Arc, OnceLock};

use super::checker::{self, CheckedExpr};
use super::error::{line_col, CelError, CompileError};
use super::fastmap::FastMap;
use super::types::Type;
use super::{ast, decls, parse};
use crate::k8s::KubeVersion;

/// Which of the API server's two environments compiles an expression (§5.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EnvKind {
    /// New expressions in a create/update request: libraries of the previous minor.
    #[default]
    NewExpressions,
    /// Expressions already stored (unchanged on update) and runtime: everything the binary has.
    StoredExpressions,
}

/// How to compile.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// The API server version emulated (`--kube-version`).
    pub kube_version: KubeVersion,
    pub env: EnvKind,
    /// Additional global functions `(name, overload)`; their `since` gates them like the
    /// built-in ones, except in the stored environment, which has them all (used by tests that
    /// mirror upstream's "future function" cases).
    pub extra_functions: Vec<(String, decls::OverloadDecl)>,
    /// The Kubernetes base-environment language options (homogeneous aggregate literals, and by
    /// version cross-type numeric comparisons, literal validators, keyword field names). `true`
    /// except for reproducing apiserver's library tests, which use a plain cel-go environment
    /// with optional types.
    pub base_env_options: bool,
    /// A MutatingAdmissionPolicy mutation's message types `Object{}` and `JSONPatch{}`
    /// (`HasPatchTypes`; [`crate::cel::checker::mutation`]).
    pub mutation_types: bool,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            kube_version: KubeVersion::default(),
            env: EnvKind::default(),
            extra_functions: Vec::new(),
            base_env_options: true,
            mutation_types: false,
        }
    }
}

impl CompileOptions {
    pub fn new(kube_version: KubeVersion) -> Self {
        CompileOptions {
            kube_version,
            ..Default::default()
        }
    }
    /// The minor whose option set the environment has: the previous minor for new expressions,
    /// the binary's own for stored ones.
    pub fn env_minor(&self) -> u32 {
        match self.env {
            EnvKind::NewExpressions => self.kube_version.compatibility_version().minor,
            EnvKind::StoredExpressions => self.kube_version.minor,
        }
    }

    fn check_env(&self, vars: Vec<(String, Type)>) -> checker::CheckEnv {
        let m = self.env_minor();
        let stored = self.env == EnvKind::StoredExpressions;
        let mut env = env_of(m, self.base_env_options, vars);
        env.mutation_types = self.mutation_types;
        env.extra = self
            .extra_functions
            .iter()
            .filter(|(_, o)| stored || o.since <= m)
            .cloned()
            .collect();
        env
    }

    /// What the parser and checker see of these options, extra functions aside: two options
    /// with the same class compile every expression alike. The class is the smallest minor
    /// whose environment equals [`CompileOptions::env_minor`]'s (and the base options flag), so
    /// the new-expressions environment of 1.N and the stored one of 1.(N-1) share a class, and
    /// so do consecutive minors that added nothing (1.35 and 1.36: the linter's and the
    /// validator's compilations of a rule are one).
    pub(crate) fn env_class(&self) -> (u32, bool) {
        (
            env_class_of(self.env_minor(), self.base_env_options),
            self.base_env_options,
        )
    }
}

/// The checker environment of minor `m` (the only input besides the options flag: keep
/// [`EnvShape`] in step with what this reads from `m`).
fn env_of(m: u32, base_env_options: bool, vars: Vec<(String, Type)>) -> checker::CheckEnv {
    let [cross_type_numeric_comparisons, optional_types, keyword_field_names, literal_validators, homogeneous_literals] =
        env_flags(m, base_env_options);
    checker::CheckEnv {
        decls: decls::Decls::for_env(Some(m)),
        extra: Vec::new(),
        vars,
        cross_type_numeric_comparisons,
        optional_types,
        keyword_field_names,
        literal_validators,
        homogeneous_literals,
        minor: m,
        mutation_types: false,
    }
}

/// The language options of minor `m`'s environment, in the order of [`checker::CheckEnv`]'s
/// fields: cross-type numeric comparisons, optional types, keyword field names, literal
/// validators, homogeneous aggregate literals.
fn env_flags(m: u32, base_env_options: bool) -> [bool; 5] {
    [
        base_env_options && m >= 28,
        !base_env_options || m >= 28,
        base_env_options && m >= 31,
        base_env_options && m >= 29,
        base_env_options,
    ]
}

/// Everything of an environment that depends on its minor: the overloads (each minor's set
/// contains the previous one's, so their number tells the sets apart), the language options,
/// the library type names and the macros.
#[derive(PartialEq)]
struct EnvShape {
    overloads: usize,
    flags: [bool; 5],
    library_types: usize,
    macros: parse::MacroSet,
    /// The checker's resolution of `.name` ([`crate::k8s::behavior::Change::CelLeadingDotGlobalOnly`]).
    leading_dot_global_only: bool,
}

/// Counts the overloads without building minor `m`'s declaration table (which
/// [`decls::Decls::for_env`] would keep for the rest of the run).
fn env_shape(m: u32, base_env_options: bool) -> EnvShape {
    let flags = env_flags(m, base_env_options);
    EnvShape {
        overloads: decls::overloads_at(m),
        flags,
        library_types: checker::library_types_at(m),
        macros: parse::MacroSet::for_minor(m, flags[1]),
        leading_dot_global_only: crate::k8s::Behavior::of(KubeVersion { minor: m })
            .cel_leading_dot_global_only,
    }
}

/// The smallest minor whose environment is `m`'s (see [`CompileOptions::env_class`]): walking
/// down from `m` while the next lower minor's environment is the same. Computed once per minor
/// asked for, comparing only the few minors below it that matter (building the shapes of all
/// 64 minors up front cost about 17 M instructions, 3% of linting 107 CRDs). Minors past the
/// per-minor tables of [`decls::Decls::for_env`] are their own class.
fn env_class_of(m: u32, base_env_options: bool) -> u32 {
    const MINORS: u32 = 64;
    static CLASSES: [[OnceLock<u32>; MINORS as usize]; 2] =
        [const { [const { OnceLock::new() }; MINORS as usize] }; 2];
    if m >= MINORS {
        return m;
    }
    *CLASSES[usize::from(base_env_options)][m as usize].get_or_init(|| {
        let mut k = m;
        let mut shape = env_shape(k, base_env_options);
        while k > 0 {
            let below = env_shape(k - 1, base_env_options);
            if below != shape {
                break;
            }
            k -= 1;
            shape = below;
        }
        k
    })
}

/// A compiled expression: the checked AST and each node's `(start, stop)` code-point offsets.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub checked: CheckedExpr,
    pub offsets: FastMap<u64, (u32, u32)>,
    /// What program planning refuses in this expression ([`crate::cel::rules::program_error`]), worked
    /// out once: a compilation is shared by every rule with the same text and types.
    pub(crate) program_failure: OnceLock<Option<(String, Option<usize>)>>,
    /// The evaluator's form of the expression, built the first time a validator asks for it
    /// ([`Compiled::program`]) and shared, like the compilation, by every rule of the same
    /// text and types (CRD versions and kinds that repeat a schema).
    program: OnceLock<Arc<super::eval::ast::Expr>>,
}

impl Compiled {
    /// The checked expression as the evaluator runs it ([`super::eval::ast::from_checked`]),
    /// converted once per compilation.
    pub fn program(&self) -> &Arc<super::eval::ast::Expr> {
        self.program
            .get_or_init(|| Arc::new(super::eval::ast::from_checked(&self.checked)))
    }

    /// [`Compiled::program`] when some caller converted it already.
    pub(crate) fn program_if_built(&self) -> Option<&Arc<super::eval::ast::Expr>> {
        self.program.get()
    }
}

/// Parses and type-checks `src` with the variables `vars` in the environment `opts` selects.
pub fn compile_expr(
    src: &str,
    vars: &[(String, Type)],
    opts: &CompileOptions,
) -> Result<Compiled, CompileError> {
    let fail = |mut errors: Vec<CelError>| {
        errors.sort_by_key(|e| (e.line, e.column));
        CompileError {
            errors,
            source: src.to_string(),
        }
    };
    let env = opts.check_env(vars.to_vec());
    let macros = parse::MacroSet::for_minor(opts.env_minor(), env.optional_types);
    let parsed = parse::parse(src, macros).map_err(fail)?;
    let mut errors = Vec::new();
    if env.optional_types {
        // Optional syntax is parsed always; before 1.28 the parser would refuse it.
    } else {
        optional_syntax_errors(&parsed, src, &mut errors);
    }
    let offsets = parsed.offsets;
    match checker::check(parsed.expr, &env) {
        Ok(checked) if errors.is_empty() => Ok(Compiled {
            checked,
            offsets,
            program_failure: OnceLock::new(),
            program: OnceLock::new(),
        }),
        Ok(_) => Err(fail(errors)),
        Err(es) => {
            for e in es {
                let off = offsets.get(&e.id).map(|o| o.0 as usize).unwrap_or(0);
                let (line, column) = line_col(src, off);
                errors.push(CelError {
                    line,
                    column,
                    offset: Some(off),
                    message: e.message,
                    help: e.help,
                });
            }
            Err(fail(errors))
        }
    }
}

/// Before optional types (1.28) cel-go's parser rejects `?` syntax: `unsupported syntax '?'` /
/// `unsupported syntax '.?'`.
fn optional_syntax_errors(p: &parse::Parsed, src: &str, errors: &mut Vec<CelError>) {
    p.expr.walk(&mut |e: &ast::Expr| {
        let bad = match &e.kind {
            ast::ExprKind::Call { func, .. } if func == "_?._" => Some("unsupported syntax '.?'"),
            ast::ExprKind::Call { func, .. } if func == "_[?_]" => Some("unsupported syntax '[?'"),
            ast::ExprKind::List {
                optional_indices, ..
            } if !optional_indices.is_empty() => Some("unsupported syntax '?'"),
            ast::ExprKind::Map { entries } if entries.iter().any(|en| en.optional) => {
                Some("unsupported syntax '?'")
            }
            _ => None,
        };
        if let Some(msg) = bad {
            let off = p.offsets.get(&e.id).map(|o| o.0 as usize).unwrap_or(0);
            let (line, column) = line_col(src, off);
            errors.push(CelError {
                line,
                column,
                offset: Some(off),
                message: msg.to_string(),
                help: None,
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cel::{schema_types, DeclType, Reference};
    use std::sync::Arc;

    fn err(src: &str, minor: u32) -> String {
        let vars = vec![("self".to_string(), Type::Int)];
        let opts = CompileOptions::new(KubeVersion { minor });
        match compile_expr(src, &vars, &opts) {
            Ok(c) => panic!("{src} compiled to {}", c.checked.result_type()),
            Err(e) => e.to_string(),
        }
    }

    /// Kubernetes lists library v1 (`includes`, apiserver v0.37.0-beta.0 `base.go`
    /// `library.Lists(library.ListsVersion(1))` introduced at 1.37): stored rules of a 1.37
    /// server have it, new rules of a 1.37 server compile against 1.36 and do not.
    #[test]
    fn includes_is_in_the_1_37_stored_environment_only() {
        let vars = vec![("self".to_string(), Type::list(Type::Int))];
        let at = |minor, env| CompileOptions {
            env,
            ..CompileOptions::new(KubeVersion { minor })
        };
        let src = "self.includes(1)";
        assert!(compile_expr(src, &vars, &at(37, EnvKind::StoredExpressions)).is_ok());
        assert!(compile_expr(src, &vars, &at(37, EnvKind::NewExpressions)).is_err());
        assert!(compile_expr(src, &vars, &at(36, EnvKind::StoredExpressions)).is_err());
    }

    /// The lazy walk down from each minor gives the classes the eager computation over every
    /// minor gave (the environment's decls built for each).
    #[test]
    fn env_classes_match_the_full_table() {
        for base in [false, true] {
            let full = |k: u32| {
                let env = env_of(k, base, Vec::new());
                let overloads: usize = env
                    .decls
                    .functions
                    .values()
                    .map(|f| f.overloads.len())
                    .sum();
                (overloads, env_flags(k, base), checker::library_types_at(k))
            };
            let mut class = 0;
            for m in 0..64u32 {
                if m > 0 && (full(m - 1) != full(m) || env_shape(m - 1, base) != env_shape(m, base))
                {
                    class = m;
                }
                assert_eq!(
                    env_class_of(m, base),
                    class,
                    "minor {m}, base options {base}"
                );
                assert_eq!(decls::overloads_at(m), full(m).0);
            }
            assert_eq!(env_class_of(70, base), 70);
        }
    }

    /// cel-go resolves `.name` in the root scope (`containers.ResolveCandidateNames` drops the
    /// dot): `.self` is `self`, `.size(x)` is `size(x)`; a comprehension variable is found too
    /// up to v0.26 (1.36), not from v0.27 (1.37, 3cb57058).
    #[test]
    fn leading_dot_names_the_root_scope() {
        let vars = vec![("self".to_string(), Type::Int)];
        let ok = |src: &str, minor| {
            compile_expr(src, &vars, &CompileOptions::new(KubeVersion { minor })).is_ok()
        };
        for minor in [25, 30, 36, 37] {
            assert!(ok(".self == 1", minor), "1.{minor}");
            assert!(ok(".size([.self]) == 1", minor), "1.{minor}");
            assert!(ok("self == .self", minor), "1.{minor}");
        }
        // The stored-expressions environment of each minor (the one the API server validates
        // objects with; the checker's minor is its environment's).
        let stored = |minor| CompileOptions {
            env: EnvKind::StoredExpressions,
            ..CompileOptions::new(KubeVersion { minor })
        };
        let local = "[1].all(x, .x > 0)";
        assert!(compile_expr(local, &vars, &stored(36)).is_ok());
        assert_eq!(
            compile_expr(local, &vars, &stored(37)).unwrap_err().to_string(),
            "ERROR: <input>:1:13: undeclared reference to '.x' (in container '')\n | [1].all(x, .x > 0)\n | ............^"
        );
        assert_eq!(
            err(".x == 1", 36),
            "ERROR: <input>:1:2: undeclared reference to '.x' (in container '')\n | .x == 1\n | .^"
        );
    }

    #[test]
    fn errors_read_like_cel_go() {
        assert_eq!(
            err("self == true", 36),
            "ERROR: <input>:1:6: found no matching overload for '_==_' applied to '(int, bool)'\n | self == true\n | .....^"
        );
        assert_eq!(
            err("f(1)", 36),
            "ERROR: <input>:1:2: undeclared reference to 'f' (in container '')\n | f(1)\n | .^"
        );
        assert_eq!(
            err("has(self)", 36),
            "ERROR: <input>:1:5: invalid argument to has() macro\n | has(self)\n | ....^"
        );
        // Columns count code points, and multi-byte characters print as full-width dots.
        assert_eq!(
            err("'é' == self2", 36),
            "ERROR: <input>:1:8: undeclared reference to 'self2' (in container '')\n | 'é' == self2\n | .\u{ff0e}.....^"
        );
        assert_eq!(
            err("self == 1 &&\n  'x'", 36),
            "ERROR: <input>:2:3: expected type 'bool' but found 'string'\n |   'x'\n | ..^"
        );
        assert!(err("'%d'.format(['a']) == ''", 36).contains(
            "error during formatting: decimal clause can only be used on integers, was given string"
        ));
        assert!(err("'%s %s'.format([1]) == ''", 36).contains("index 1 out of range"));
        assert!(err("'%s'.format([1, 2]) == ''", 36)
            .contains("too many arguments supplied to string.format (expected 1, got 2)"));
        assert!(err("'%q'.format([1]) == ''", 36).contains("unrecognized formatting clause \"q\""));
        assert!(compile_expr(
            "'%s %d %.2f'.format(['a', 1, 2.0]) == ''",
            &[],
            &CompileOptions::default()
        )
        .is_ok());
        assert!(err("[1, 'a'].size() == 2", 36).contains("expected type 'int' but found 'string'"));
        assert!(err("self.x == 1", 36).contains("type 'int' does not support field selection"));
        assert!(err("'abc'.indexOf(1) == 1", 36)
            .contains("found no matching overload for 'indexOf' applied to 'string.(int)'"));
        assert!(err("duration('1x') > duration('1s')", 36).contains("invalid duration argument"));
        assert!(err("1.5 > self", 28)
            .contains("found no matching overload for '_>_' applied to '(double, int)'"));
        assert!(compile_expr(
            "1.5 > self",
            &[("self".into(), Type::Int)],
            &CompileOptions::new(KubeVersion { minor: 29 })
        )
        .is_ok());
        assert!(err("isSorted(1)", 36)
            .contains("found no matching overload for 'isSorted' applied to '(int)'"));
        assert!(err("[1].all(i, v, v > 0)", 32).contains("undeclared reference to 'all'"));
        assert!(compile_expr(
            "[1].all(i, v, v > 0)",
            &[],
            &CompileOptions::new(KubeVersion { minor: 33 })
        )
        .is_ok());
        assert!(err("quantity('1').isInteger()", 28).contains("undeclared reference to 'quantity'"));
    }

    #[test]
    fn object_fields_and_optionals() {
        let s = crate::schema::Schema::from_node(&crate::yaml::Node::from_json(
            &serde_json::json!({
                "type": "object",
                "properties": {"a": {"type": "integer"}, "m": {"type": "object", "additionalProperties": {"type": "string"}}}
            }),
        ));
        let d: Arc<DeclType> = schema_types::decl_type(&s, false, "selfType").unwrap();
        let vars = vec![("self".to_string(), d.cel_type())];
        let opts = CompileOptions::default();
        let ok =
            |e: &str| compile_expr(e, &vars, &opts).map(|c| c.checked.result_type().to_string());
        assert_eq!(ok("self.a + 1").unwrap(), "int");
        assert_eq!(ok("self.?a.orValue(0)").unwrap(), "int");
        assert_eq!(ok("self.m.all(k, self.m[k].size() > 1)").unwrap(), "bool");
        assert_eq!(ok("self.m.map(k, k + 'x')").unwrap(), "list(string)");
        assert_eq!(ok("optional.of(1)").unwrap(), "optional_type(int)");
        assert_eq!(ok("self.m.all(k, v, v.size() > 1)").unwrap(), "bool");
        assert_eq!(
            ok("self.m.transformMap(k, v, v.size())").unwrap(),
            "map(string, int)"
        );
        let e = ok("self.b == 1").unwrap_err().to_string();
        assert!(e.contains("undefined field 'b'"), "{e}");
        let e = ok("cel.bind(x, 1, x + 1) == 2").unwrap_err().to_string();
        assert!(
            e.contains("undeclared reference to 'cel'")
                && e.contains("undeclared reference to 'bind'"),
            "{e}"
        );
        let c = compile_expr("self.a > 0 && optional.none().hasValue()", &vars, &opts).unwrap();
        let ids: Vec<&String> = c
            .checked
            .refs
            .values()
            .filter_map(|r| match r {
                Reference::Function(f) => f.first(),
                _ => None,
            })
            .collect();
        assert!(ids.iter().any(|i| *i == "optional_none"));
        assert!(ids.iter().any(|i| *i == "greater_int64"));
    }

    /// An undefined field one edit from a field of the object gets our help, outside cel-go's
    /// text (which the server prints unchanged); a reserved word is suggested as the minor lets a
    /// rule write it (`recognizeKeywordAsFieldName` from 1.31, escaped `__namespace__` before).
    #[test]
    fn an_undefined_field_near_a_field_gets_a_did_you_mean() {
        let s =
            crate::schema::Schema::from_node(&crate::yaml::Node::from_json(&serde_json::json!({
                "type": "object",
                "properties": {"name": {"type": "string"}, "namespace": {"type": "string"}}
            })));
        let d: Arc<DeclType> = schema_types::decl_type(&s, false, "selfType").unwrap();
        let vars = vec![("self".to_string(), d.cel_type())];
        let err = |e: &str, minor| {
            compile_expr(e, &vars, &CompileOptions::new(KubeVersion { minor })).unwrap_err()
        };
        let e = err("self.nmae == 'x'", 33);
        assert_eq!(e.help().as_deref(), Some("did you mean `name`?"));
        assert!(!e.to_string().contains("did you mean"), "{e}");
        assert!(e.to_string().contains("undefined field 'nmae'"), "{e}");
        // Nothing one edit away, or too short to be sure: no help.
        assert_eq!(err("self.zzzz == 'x'", 33).help(), None);
        assert_eq!(err("self.nm == 'x'", 33).help(), None);
        assert_eq!(
            err("self.namepace == 'x'", 33).help().as_deref(),
            Some("did you mean `namespace`?")
        );
        assert_eq!(
            err("self.namepace == 'x'", 30).help().as_deref(),
            Some("did you mean `__namespace__`?")
        );
        assert_eq!(
            err("self.namespace == 'x'", 30).help().as_deref(),
            Some("did you mean `__namespace__`?")
        );
    }
}
