//! The CEL type checker, a port of cel-go's `checker/checker.go` and `checker/types.go`
//! (overload resolution with type-parameter substitution, `dyn`, optional types, comprehension
//! scopes) plus the AST validators Kubernetes enables (`cel/validator.go`: homogeneous aggregate
//! literals, and from 1.29 duration/timestamp/regex literals).
//!
//! Input: a parsed [`Expr`], the declared variables and an environment ([`CheckEnv`]). Output: a
//! [`CheckedExpr`] with a type for every node and a [`Reference`] for every identifier and call
//! (the resolved overload ids, in cel-go's spelling), or the errors in cel-go's words with the
//! expression offset of the node they are about.
//!
//! Messages match cel-go's `checker/errors.go` (`found no matching overload for '_==_' applied to
//! '(int, bool)'`, `undefined field 'x'`, `undeclared reference to 'f' (in container '')`).

use std::borrow::Cow;

use super::ast::{Expr, ExprKind, Literal};
use super::decls::{FunctionDecl, OverloadDecl};
use super::types::Type;
use crate::cel::FastMap as HashMap;
use crate::k8s::behavior::Change;

mod assign;
mod env;
pub mod mutation;
mod validate;

pub use env::{CheckEnv, CheckError};

use assign::{internal_is_assignable, is_exact, most_general, rename_params, substitute, Mapping};
use validate::validate;

/// What a node resolved to.
#[derive(Clone, Debug, PartialEq)]
pub enum Reference {
    /// An identifier: a variable (`self`, `oldSelf`, a comprehension variable) or a type name.
    Ident(String),
    /// A call: every overload id that matched the argument types, in declaration order (more
    /// than one when arguments are `dyn`).
    Function(Vec<String>),
}

/// A type-checked expression. `expr` is the parsed AST with namespaced calls rewritten to global
/// calls (`optional.of(x)`); `types` has an entry for every node id, with type parameters that
/// stayed free replaced by `dyn` (as cel-go does at the end of checking).
#[derive(Clone, Debug)]
pub struct CheckedExpr {
    pub expr: Expr,
    pub types: HashMap<u64, Type>,
    pub refs: HashMap<u64, Reference>,
}

impl CheckedExpr {
    /// The type of the whole expression.
    pub fn result_type(&self) -> &Type {
        self.types.get(&self.expr.id).unwrap_or(&Type::Dyn)
    }
    /// The type of a node.
    pub fn type_of(&self, id: u64) -> Option<&Type> {
        self.types.get(&id)
    }
    /// The overload ids a call node resolved to (empty for non-calls).
    pub fn overload_ids(&self, id: u64) -> &[String] {
        match self.refs.get(&id) {
            Some(Reference::Function(ids)) => ids,
            _ => &[],
        }
    }
    /// True when the expression refers to the variable `name` (cel-go's reference map lookup,
    /// used for "is this a transition rule": references to `oldSelf`).
    pub fn references_ident(&self, name: &str) -> bool {
        self.refs
            .values()
            .any(|r| matches!(r, Reference::Ident(n) if n == name))
    }
}

const CROSS_TYPE_SUFFIXES: &[&str] = &[
    "_int64_double",
    "_int64_uint64",
    "_uint64_double",
    "_uint64_int64",
    "_double_int64",
    "_double_uint64",
];

fn is_cross_type_overload(id: &str) -> bool {
    (id.starts_with("less") || id.starts_with("greater"))
        && CROSS_TYPE_SUFFIXES.iter().any(|s| id.ends_with(s))
}

/// Identifiers that name types (cel-go stdlib `stdTypes`, plus `optional_type`).
fn type_ident(name: &str, optional: bool) -> Option<Type> {
    let t = match name {
        "bool" => Type::Bool,
        "bytes" => Type::Bytes,
        "double" => Type::Double,
        "google.protobuf.Duration" => Type::Duration,
        "int" => Type::Int,
        "list" => Type::list(Type::param("A")),
        "map" => Type::map(Type::param("A"), Type::param("B")),
        "null_type" => Type::Null,
        "string" => Type::String,
        "google.protobuf.Timestamp" => Type::Timestamp,
        "type" => Type::type_of(Type::Dyn),
        "uint" => Type::Uint,
        "optional_type" if optional => Type::optional(Type::param("T")),
        _ => return None,
    };
    Some(Type::type_of(t))
}

/// Type names the Kubernetes libraries register (`type(ip('1.2.3.4')) == net.IP`), with the
/// minor that added each library.
fn library_type_ident(name: &str, minor: u32) -> Option<Type> {
    LIBRARY_TYPES
        .iter()
        .find(|(n, _)| *n == name)
        .filter(|(_, since)| minor >= *since)
        .map(|(n, _)| Type::type_of(Type::opaque(n)))
}

/// The library type names and the minor that added each.
const LIBRARY_TYPES: &[(&str, u32)] = {
    use super::types::opaque;
    &[
        (opaque::URL, 0),
        (opaque::QUANTITY, 28),
        (opaque::IP, 30),
        (opaque::CIDR, 30),
        (opaque::FORMAT, 31),
        (opaque::SEMVER, 33),
        (opaque::AUTHORIZER, 27),
        (opaque::PATH_CHECK, 27),
        (opaque::GROUP_CHECK, 27),
        (opaque::RESOURCE_CHECK, 27),
        (opaque::DECISION, 27),
    ]
};

/// How many library type names an environment of `minor` has (they only ever get added).
pub(crate) fn library_types_at(minor: u32) -> usize {
    LIBRARY_TYPES.iter().filter(|(_, s)| minor >= *s).count()
}

struct Checker<'a> {
    env: &'a CheckEnv,
    scopes: Vec<Vec<(String, Type)>>,
    mappings: Mapping,
    types: HashMap<u64, Type>,
    refs: HashMap<u64, Reference>,
    errors: Vec<CheckError>,
    free_var: usize,
}

/// Type-checks `expr` in `env`. On success the checked expression; otherwise every error found
/// (cel-go reports all of them, and so do we).
pub fn check(expr: Expr, env: &CheckEnv) -> Result<CheckedExpr, Vec<CheckError>> {
    let mut c = Checker {
        env,
        scopes: Vec::new(),
        mappings: Mapping::default(),
        types: HashMap::default(),
        refs: HashMap::default(),
        errors: Vec::new(),
        free_var: 0,
    };
    let mut expr = expr;
    c.check(&mut expr);
    let m = std::mem::take(&mut c.mappings);
    let types: HashMap<u64, Type> = c
        .types
        .iter()
        .map(|(id, t)| (*id, substitute(&m, t, true)))
        .collect();
    let mut errors = c.errors;
    if errors.is_empty() {
        validate(&expr, &types, env, &mut errors);
    }
    if errors.is_empty() {
        Ok(CheckedExpr {
            expr,
            types,
            refs: c.refs,
        })
    } else {
        Err(errors)
    }
}

impl<'a> Checker<'a> {
    fn err(&mut self, id: u64, message: String) {
        self.errors.push(CheckError {
            id,
            message,
            help: None,
        });
    }

    fn set_type(&mut self, id: u64, t: Type) {
        self.types.insert(id, t);
    }

    fn get_type(&self, id: u64) -> Type {
        self.types.get(&id).cloned().unwrap_or(Type::Error)
    }

    fn new_type_var(&mut self) -> Type {
        let t = Type::TypeParam(format!("_var{}", self.free_var));
        self.free_var += 1;
        t
    }

    fn is_assignable(&mut self, t1: &Type, t2: &Type) -> bool {
        self.mappings.attempt(|m| internal_is_assignable(m, t1, t2))
    }

    fn lookup_var(&self, name: &str) -> Option<Type> {
        for scope in self.scopes.iter().rev() {
            if let Some((_, t)) = scope.iter().rev().find(|(n, _)| n == name) {
                return Some(t.clone());
            }
        }
        if let Some((_, t)) = self.env.vars.iter().find(|(n, _)| n == name) {
            return Some(t.clone());
        }
        type_ident(name, self.env.optional_types)
            .or_else(|| library_type_ident(name, self.env.minor))
    }

    /// An identifier as cel-go's checker resolves it: the declared name it stands for and its
    /// type. A leading dot (`.self`) names the root scope (`containers.ResolveCandidateNames`
    /// drops the dot, so `.self` is `self` and the checked AST says `self`); up to cel-go v0.26
    /// (Kubernetes 1.36) local comprehension variables are still searched (`LookupIdent`), from
    /// v0.27 (1.37, 3cb57058 'Namespace resolution fix') only globals are. The switch follows
    /// the environment's minor, so a 1.37 server's new expressions (1.36's environment, v0.27's
    /// checker) still find the local: lenient, never a false error.
    fn resolve_ident(&self, name: &str) -> Option<(String, Type)> {
        let Some(rest) = name.strip_prefix('.') else {
            return self.lookup_var(name).map(|t| (name.to_string(), t));
        };
        let minor = crate::k8s::KubeVersion {
            minor: self.env.minor,
        };
        let t = if crate::k8s::Behavior::of(minor).has(Change::CelLeadingDotGlobalOnly) {
            self.lookup_global_var(rest)
        } else {
            self.lookup_var(rest)
        };
        t.map(|t| (rest.to_string(), t))
    }

    /// [`Self::lookup_var`] without the local (comprehension) scopes.
    fn lookup_global_var(&self, name: &str) -> Option<Type> {
        if let Some((_, t)) = self.env.vars.iter().find(|(n, _)| n == name) {
            return Some(t.clone());
        }
        type_ident(name, self.env.optional_types)
            .or_else(|| library_type_ident(name, self.env.minor))
    }

    /// The function's overloads: the environment's table itself, copied only when extra
    /// overloads (tests) add to it.
    fn lookup_function(&self, name: &str) -> Option<Cow<'a, FunctionDecl>> {
        let env: &'a CheckEnv = self.env;
        let base = env.decls.functions.get(name);
        let extra: Vec<&OverloadDecl> = env
            .extra
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, o)| o)
            .collect();
        match (base, extra.is_empty()) {
            (None, true) => None,
            (Some(f), true) => Some(Cow::Borrowed(f)),
            (base, false) => {
                let mut f = base.cloned().unwrap_or_else(|| FunctionDecl {
                    name: name.to_string(),
                    overloads: Vec::new(),
                });
                f.overloads.extend(extra.into_iter().cloned());
                Some(Cow::Owned(f))
            }
        }
    }

    fn check(&mut self, e: &mut Expr) {
        let id = e.id;
        match &mut e.kind {
            ExprKind::Unspecified => {
                self.err(id, "unexpected unspecified type: ".to_string());
                self.set_type(id, Type::Error);
            }
            ExprKind::Literal(l) => {
                let t = match l {
                    Literal::Null => Type::Null,
                    Literal::Bool(_) => Type::Bool,
                    Literal::Int(_) => Type::Int,
                    Literal::Uint(_) => Type::Uint,
                    Literal::Double(_) => Type::Double,
                    Literal::String(_) => Type::String,
                    Literal::Bytes(_) => Type::Bytes,
                };
                self.set_type(id, t);
            }
            ExprKind::Ident(name) => {
                let name = name.clone();
                match self.resolve_ident(&name) {
                    Some((resolved, t)) => {
                        self.set_type(id, t);
                        self.refs.insert(id, Reference::Ident(resolved.clone()));
                        if resolved != name {
                            // cel-go overwrites the identifier with the name it resolved to.
                            e.kind = ExprKind::Ident(resolved);
                        }
                    }
                    None => {
                        self.set_type(id, Type::Error);
                        self.err(
                            id,
                            format!("undeclared reference to '{name}' (in container '')"),
                        );
                    }
                }
            }
            ExprKind::Select { .. } => self.check_select(e),
            ExprKind::Call { .. } => self.check_call(e),
            ExprKind::List { .. } => self.check_list(e),
            ExprKind::Map { .. } => self.check_map(e),
            ExprKind::Struct { type_name, fields } => {
                // No message types are declared in Kubernetes environments, except a mutation's
                // (`checkCreateStruct` with `DynamicTypeResolver`).
                let name = type_name.clone();
                for f in fields.iter_mut() {
                    self.check(&mut f.value);
                }
                let resolved = self
                    .env
                    .mutation_types
                    .then(|| mutation::resolve(&name))
                    .flatten();
                let Some(decl) = resolved else {
                    self.err(
                        id,
                        format!("undeclared reference to '{name}' (in container '')"),
                    );
                    self.set_type(id, Type::Error);
                    return;
                };
                let checks: Vec<(u64, String, Type)> = fields
                    .iter()
                    .map(|f| {
                        (
                            f.value.id,
                            f.field.clone(),
                            mutation::field_type(&decl, &f.field),
                        )
                    })
                    .collect();
                for (vid, field, want) in checks {
                    let got = self.get_type(vid);
                    if !self.is_assignable(&want, &got) {
                        self.err(
                            vid,
                            format!(
                                "expected type of field '{field}' is '{want}' but provided type is '{got}'"
                            ),
                        );
                    }
                }
                self.set_type(id, decl.cel_type());
            }
            ExprKind::Comprehension(_) => self.check_comprehension(e),
        }
    }

    fn check_select(&mut self, e: &mut Expr) {
        let id = e.id;
        // A dotted name may be a qualified identifier (`google.protobuf.Duration`).
        if let Some(q) = e.qualified_name() {
            if q.trim_start_matches('.').contains('.') {
                if let Some((q, t)) = self.resolve_ident(&q) {
                    self.set_type(id, t);
                    self.refs.insert(id, Reference::Ident(q.clone()));
                    e.kind = ExprKind::Ident(q);
                    return;
                }
            }
        }
        let ExprKind::Select {
            operand,
            field,
            test,
        } = &mut e.kind
        else {
            return;
        };
        let field = field.clone();
        let test = *test;
        let mut rt = self.check_select_field(id, operand, &field, false);
        if test {
            rt = Type::Bool;
        }
        let t = substitute(&self.mappings, &rt, false);
        self.set_type(id, t);
    }

    fn check_select_field(
        &mut self,
        id: u64,
        operand: &mut Expr,
        field: &str,
        optional: bool,
    ) -> Type {
        self.check(operand);
        let operand_type = substitute(&self.mappings, &self.get_type(operand.id), false);
        let (target, is_opt) = match operand_type {
            Type::Optional(inner) => (*inner, true),
            t => (t, false),
        };
        let result = match &target {
            Type::Map(_, v) => (**v).clone(),
            Type::Object(d) => {
                let found = d.field(field).or_else(|| {
                    if self.env.keyword_field_names && super::escaping::is_reserved(field) {
                        d.field(&format!("__{field}__"))
                    } else {
                        None
                    }
                });
                match found {
                    Some(f) => f.ty.cel_type(),
                    None => {
                        self.err(id, format!("undefined field '{field}'"));
                        let help = self.field_suggestion(d, field);
                        if let Some(e) = self.errors.last_mut() {
                            e.help = help;
                        }
                        Type::Error
                    }
                }
            }
            Type::TypeParam(_) => {
                self.is_assignable(&Type::Dyn, &target);
                Type::Dyn
            }
            t => {
                if !t.is_dyn_or_error() {
                    self.err(id, format!("type '{t}' does not support field selection"));
                }
                Type::Dyn
            }
        };
        if is_opt || optional {
            Type::optional(result)
        } else {
            result
        }
    }

    /// `did you mean ...` for an undefined field one edit from a field of the object (the
    /// schema's property; [`crate::diag::suggest::near_miss`]). A reserved word is compared as
    /// itself and suggested as the minor lets a rule write it: `self.namespace` where keywords are
    /// field names, `self.__namespace__` before.
    fn field_suggestion(&self, d: &super::types::DeclType, field: &str) -> Option<String> {
        let names: Vec<(&str, &str)> = d
            .fields
            .keys()
            .map(
                |k| match k.strip_prefix("__").and_then(|w| w.strip_suffix("__")) {
                    Some(w) if super::escaping::is_reserved(w) => (
                        w,
                        if self.env.keyword_field_names {
                            w
                        } else {
                            k.as_str()
                        },
                    ),
                    _ => (k.as_str(), k.as_str()),
                },
            )
            .collect();
        // `self.namespace` before keywords were field names: the escaped name is meant.
        if let Some((_, k)) = names.iter().find(|(w, k)| *w == field && *k != field) {
            return Some(format!("did you mean `{k}`?"));
        }
        let words: Vec<&str> = names.iter().map(|(w, _)| *w).collect();
        let near = crate::diag::suggest::near_miss(field, &words)?;
        let written = names.iter().find(|(w, _)| *w == near).map_or(near, |n| n.1);
        Some(format!("did you mean `{written}`?"))
    }

    fn check_call(&mut self, e: &mut Expr) {
        let id = e.id;
        let ExprKind::Call { func, target, args } = &mut e.kind else {
            return;
        };
        if func == "_?._" {
            // Optional field selection: `a.?b` is `_?._(a, 'b')`.
            if args.len() != 2 || target.is_some() {
                let t = if target.is_some() {
                    " member call with"
                } else {
                    ""
                };
                let msg = format!(
                    "unsupported optional field selection: incorrect signature.{t} argument count: {}",
                    args.len()
                );
                self.err(id, msg);
                self.set_type(id, Type::Error);
                return;
            }
            let Some(field) = args[1].as_string_literal().map(str::to_string) else {
                let fid = args[1].id;
                self.err(fid, "unsupported optional field selection".to_string());
                self.set_type(id, Type::Error);
                return;
            };
            let rt = self.check_select_field(id, &mut args[0], &field, true);
            let t = substitute(&self.mappings, &rt, false);
            self.set_type(id, t);
            self.refs.insert(
                id,
                Reference::Function(vec!["select_optional_field".to_string()]),
            );
            return;
        }
        for a in args.iter_mut() {
            self.check(a);
        }
        let fname = func.clone();
        let Some(t) = target else {
            // A global call may name the root scope too (`.size(x)`, cel-go `LookupFunction`
            // through `ResolveCandidateNames`): the call is then to `size`.
            let global = fname.strip_prefix('.').unwrap_or(&fname);
            match self.lookup_function(global) {
                None => {
                    self.err(
                        id,
                        format!("undeclared reference to '{fname}' (in container '')"),
                    );
                    self.set_type(id, Type::Error);
                }
                Some(f) => {
                    if global.len() != fname.len() {
                        *func = global.to_string();
                    }
                    self.resolve_overload(id, &f, None, args);
                }
            }
            return;
        };
        if let Some(prefix) = t.qualified_name() {
            let qn = format!("{prefix}.{fname}");
            if let Some(f) = self.lookup_function(&qn) {
                // A namespaced function: drop the target, as cel-go rewrites the AST.
                *func = qn;
                *target = None;
                self.resolve_overload(id, &f, None, args);
                return;
            }
        }
        self.check(t);
        match self.lookup_function(&fname) {
            Some(f) => {
                let tt = self.get_type(t.id);
                self.resolve_overload(id, &f, Some(tt), args);
            }
            None => {
                self.set_type(id, Type::Error);
                self.err(
                    id,
                    format!("undeclared reference to '{fname}' (in container '')"),
                );
            }
        }
    }

    fn resolve_overload(&mut self, id: u64, f: &FunctionDecl, target: Option<Type>, args: &[Expr]) {
        let is_member = target.is_some();
        let mut arg_types: Vec<Type> = Vec::with_capacity(args.len() + 1);
        if let Some(t) = target {
            arg_types.push(t);
        }
        for a in args {
            arg_types.push(self.get_type(a.id));
        }
        let mut result: Option<Type> = None;
        let mut ids: Vec<String> = Vec::new();
        for o in &f.overloads {
            if !self.env.cross_type_numeric_comparisons && is_cross_type_overload(&o.id) {
                continue;
            }
            if o.member != is_member {
                continue;
            }
            if f.name == "_&&_" || f.name == "_||_" {
                let mut bad = false;
                let offset = usize::from(is_member);
                for (i, at) in arg_types.iter().enumerate() {
                    if !self.is_assignable(at, &Type::Bool) {
                        let aid = if i >= offset { args[i - offset].id } else { id };
                        self.err(aid, format!("expected type 'bool' but found '{at}'"));
                        bad = true;
                    }
                }
                if bad {
                    self.set_type(id, Type::Error);
                    return;
                }
                self.set_type(id, Type::Bool);
                self.refs
                    .insert(id, Reference::Function(vec![o.id.clone()]));
                return;
            }
            // Type parameters get fresh checker variables per use (counted even when the
            // arity then does not match, as before); other overloads are used as declared.
            let renamed;
            let (params, res): (&[Type], &Type) = if o.type_params.is_empty() {
                (&o.params, &o.result)
            } else {
                let subs: HashMap<String, Type> = o
                    .type_params
                    .iter()
                    .map(|p| (p.clone(), self.new_type_var()))
                    .collect();
                renamed = (
                    o.params
                        .iter()
                        .map(|p| rename_params(p, &subs))
                        .collect::<Vec<_>>(),
                    rename_params(&o.result, &subs),
                );
                (&renamed.0, &renamed.1)
            };
            if params.len() != arg_types.len() {
                continue;
            }
            let ok = self.mappings.attempt(|m| {
                arg_types
                    .iter()
                    .zip(params)
                    .all(|(a, p)| internal_is_assignable(m, a, p))
            });
            if ok {
                ids.push(o.id.clone());
                let frt = substitute(&self.mappings, res, false);
                match &result {
                    None => result = Some(frt),
                    Some(r) if !r.is_dyn() && !is_exact(&frt, r) => result = Some(Type::Dyn),
                    _ => {}
                }
            }
        }
        match result {
            Some(rt) => {
                self.set_type(id, rt);
                self.refs.insert(id, Reference::Function(ids));
            }
            None => {
                let shown: Vec<String> = arg_types
                    .iter()
                    .map(|t| substitute(&self.mappings, t, true).to_string())
                    .collect();
                let sig = if is_member {
                    format!("{}.({})", shown[0], shown[1..].join(", "))
                } else {
                    format!("({})", shown.join(", "))
                };
                self.err(
                    id,
                    format!(
                        "found no matching overload for '{}' applied to '{sig}'",
                        f.name
                    ),
                );
                self.set_type(id, Type::Error);
            }
        }
    }

    fn join_types(&mut self, previous: Option<Type>, current: Type) -> Type {
        match previous {
            None => current,
            Some(p) => {
                if self.is_assignable(&p, &current) {
                    most_general(&p, &current)
                } else {
                    // cel-go's checker joins to dyn; the homogeneous-literal validator reports
                    // the mismatch afterwards.
                    Type::Dyn
                }
            }
        }
    }

    fn check_list(&mut self, e: &mut Expr) {
        let id = e.id;
        let ExprKind::List {
            elements,
            optional_indices,
        } = &mut e.kind
        else {
            return;
        };
        let optional_indices = optional_indices.clone();
        let mut elems: Option<Type> = None;
        for (i, el) in elements.iter_mut().enumerate() {
            self.check(el);
            let mut et = self.get_type(el.id);
            if optional_indices.contains(&i) {
                match et {
                    Type::Optional(inner) => et = *inner,
                    ref t if t.is_dyn() => {}
                    ref t => {
                        let t = t.clone();
                        self.err(
                            el.id,
                            format!(
                                "expected type '{}' but found '{t}'",
                                Type::optional(t.clone())
                            ),
                        );
                    }
                }
            }
            elems = Some(self.join_types(elems, et));
        }
        let elem = match elems {
            Some(t) => t,
            None => self.new_type_var(),
        };
        self.set_type(id, Type::list(elem));
    }

    fn check_map(&mut self, e: &mut Expr) {
        let id = e.id;
        let ExprKind::Map { entries } = &mut e.kind else {
            return;
        };
        let mut kt: Option<Type> = None;
        let mut vt: Option<Type> = None;
        for en in entries.iter_mut() {
            self.check(&mut en.key);
            let k = self.get_type(en.key.id);
            kt = Some(self.join_types(kt, k));
            self.check(&mut en.value);
            let mut v = self.get_type(en.value.id);
            if en.optional {
                match v {
                    Type::Optional(inner) => v = *inner,
                    ref t if t.is_dyn() => {}
                    ref t => {
                        let t = t.clone();
                        self.err(
                            en.value.id,
                            format!(
                                "expected type '{}' but found '{t}'",
                                Type::optional(t.clone())
                            ),
                        );
                    }
                }
            }
            vt = Some(self.join_types(vt, v));
        }
        let (k, v) = match (kt, vt) {
            (Some(k), Some(v)) => (k, v),
            _ => (self.new_type_var(), self.new_type_var()),
        };
        self.set_type(id, Type::map(k, v));
    }

    fn check_comprehension(&mut self, e: &mut Expr) {
        let id = e.id;
        let ExprKind::Comprehension(c) = &mut e.kind else {
            return;
        };
        self.check(&mut c.iter_range);
        self.check(&mut c.accu_init);
        let range = substitute(&self.mappings, &self.get_type(c.iter_range.id), false);
        let accu = self.get_type(c.accu_init.id);
        self.scopes.push(vec![(c.accu_var.clone(), accu.clone())]);
        let two = c.iter_var2.is_some();
        let (v1, v2) = match &range {
            Type::List(e) => {
                if two {
                    (Type::Int, (**e).clone())
                } else {
                    ((**e).clone(), Type::Error)
                }
            }
            Type::Map(k, v) => ((**k).clone(), (**v).clone()),
            Type::Dyn | Type::Error | Type::TypeParam(_) => {
                self.is_assignable(&Type::Dyn, &range);
                (Type::Dyn, Type::Dyn)
            }
            t => {
                let rid = c.iter_range.id;
                self.err(
                    rid,
                    format!(
                        "expression of type '{t}' cannot be range of a comprehension (must be list, map, or dynamic)"
                    ),
                );
                (Type::Error, Type::Error)
            }
        };
        let mut scope = vec![(c.iter_var.clone(), v1)];
        if let Some(n) = &c.iter_var2 {
            scope.push((n.clone(), v2));
        }
        self.scopes.push(scope);
        self.check(&mut c.loop_cond);
        self.assert_type(c.loop_cond.id, &Type::Bool);
        self.check(&mut c.loop_step);
        self.assert_type(c.loop_step.id, &accu);
        self.scopes.pop();
        self.check(&mut c.result);
        self.scopes.pop();
        let t = substitute(&self.mappings, &self.get_type(c.result.id), false);
        self.set_type(id, t);
    }

    fn assert_type(&mut self, id: u64, t: &Type) {
        let actual = self.get_type(id);
        if !self.is_assignable(t, &actual) {
            self.err(id, format!("expected type '{t}' but found '{actual}'"));
        }
    }
}
