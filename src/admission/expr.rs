//! The admission expressions compiled as the API server compiles them when a policy or webhook
//! configuration is created: apiserver `pkg/admission/plugin/cel/compile.go` (`mustBuildEnvs`,
//! `CompileCELExpression`: `compilation failed: <issues>`, `must evaluate to <type>`, from 1.32
//! `... but got <type>`: [`Change::AdmissionResultTypeGot`]) with the
//! variables `validation.go` asks for per field (`OptionalVariableDeclarations`: `params` only
//! with a `paramKind`, no `authorizer` in a `messageExpression`, `variables` from the
//! composition compiler, `CompileAndStoreVariable`, in declaration order).
//!
//! At creation `object`, `oldObject` and `params` are `dyn`: the server types them only later,
//! per matched kind (`typechecking.go`), which [`super::typecheck`] does. `request` has the
//! server's `kubernetes.AdmissionRequest` type (`BuildRequestType`); `namespaceObject` is kept
//! `dyn` here (the server's `BuildNamespaceType` is a partial Namespace; a field it lacks would
//! be a false error, one it has a missed one).

use std::sync::{Arc, OnceLock};

use super::object::{ExprKind, Expression};
use crate::cel::location::offset_to_span;
use crate::cel::types::opaque;
use crate::cel::{
    compile_expr, CompileError, CompileOptions, Compiled, DeclField, DeclKind, EnvKind,
};
use crate::cel::{DeclType, Type};
use crate::diag::Span;
use crate::k8s::behavior::Change;
use crate::k8s::{Behavior, FieldError, KubeVersion};
use crate::yaml::Node;

/// Which optional variables an environment declares (`OptionalVariableDeclarations`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Declared {
    pub(super) params: bool,
    pub(super) authorizer: bool,
    /// The composition compiler's `variables` (policies with `spec.variables`).
    pub(super) variables: bool,
}

/// One compile failure, with where it points.
pub(super) struct Failure {
    pub(super) error: FieldError,
    pub(super) span: Span,
    /// The checker's own help (`did you mean` a declared field), beside the server's words.
    pub(super) help: Option<String>,
}

/// A compiled expression and the text it was compiled from (for the type-checking pass).
pub(super) struct Compiled1 {
    pub(super) text: String,
    pub(super) leading: usize,
}

/// The types `object`, `oldObject` and `params` have in one compilation: `dyn` at creation,
/// the matched kind's and the paramKind's in type-checking.
#[derive(Clone)]
pub(super) struct Typed {
    pub(super) object: Type,
    pub(super) params: Type,
}

impl Typed {
    pub(super) fn dyn_() -> Typed {
        Typed {
            object: Type::Dyn,
            params: Type::Dyn,
        }
    }
}

/// `BuildRequestType`: the admission request as CEL sees it.
fn request_type() -> Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(|| {
        let string = || scalar(Type::String);
        let gvk = object(
            "kubernetes.GroupVersionKind",
            vec![
                ("group", string(), true),
                ("version", string(), true),
                ("kind", string(), true),
            ],
        );
        let gvr = object(
            "kubernetes.GroupVersionResource",
            vec![
                ("group", string(), true),
                ("version", string(), true),
                ("resource", string(), true),
            ],
        );
        let user = object(
            "kubernetes.UserInfo",
            vec![
                ("username", string(), false),
                ("uid", string(), false),
                ("groups", scalar(Type::list(Type::String)), false),
                (
                    "extra",
                    scalar(Type::map(Type::String, Type::list(Type::String))),
                    false,
                ),
            ],
        );
        let req = object(
            "kubernetes.AdmissionRequest",
            vec![
                ("kind", gvk.clone(), true),
                ("resource", gvr.clone(), true),
                ("subResource", string(), false),
                ("requestKind", gvk, true),
                ("requestResource", gvr, true),
                ("requestSubResource", string(), true),
                ("name", string(), true),
                ("namespace", string(), false),
                ("operation", string(), true),
                ("userInfo", user, true),
                ("dryRun", scalar(Type::Bool), false),
                ("options", scalar(Type::Dyn), false),
            ],
        );
        req.cel_type()
    })
    .clone()
}

/// A declared type whose values have CEL type `t` (list and map results of variables too:
/// the checker reads a field's type through [`DeclType::cel_type`]).
fn scalar(t: Type) -> Arc<DeclType> {
    let name = t.to_string();
    Arc::new(DeclType::scalar(&name, t, 0, 0))
}

/// An object type with the given fields.
fn object(name: &str, fields: Vec<(&str, Arc<DeclType>, bool)>) -> Arc<DeclType> {
    let mut d = DeclType::scalar(name, Type::Dyn, 0, 0);
    d.kind = DeclKind::Object;
    for (f, ty, required) in fields {
        d.fields.insert(
            f.to_string(),
            DeclField {
                name: f.to_string(),
                json_name: f.to_string(),
                ty,
                required,
            },
        );
    }
    Arc::new(d)
}

/// The environment's variables, as `mustBuildEnvs` and the composition compiler declare them.
fn vars(d: Declared, typed: &Typed, variables: &[(String, Type)]) -> Vec<(String, Type)> {
    let mut v = vec![
        ("object".to_string(), typed.object.clone()),
        ("oldObject".to_string(), typed.object.clone()),
        ("request".to_string(), request_type()),
        ("namespaceObject".to_string(), Type::Dyn),
    ];
    if d.params {
        v.push(("params".to_string(), typed.params.clone()));
    }
    if d.authorizer {
        v.push(("authorizer".to_string(), Type::opaque(opaque::AUTHORIZER)));
        v.push((
            "authorizer.requestResource".to_string(),
            Type::opaque(opaque::RESOURCE_CHECK),
        ));
    }
    if d.variables {
        let fields = variables
            .iter()
            .map(|(n, t)| (n.as_str(), scalar(t.clone()), true))
            .collect();
        v.push((
            "variables".to_string(),
            object("kubernetes.variables", fields).cel_type(),
        ));
    }
    v
}

/// The result types the server accepts for a kind of expression (`ReturnTypes()`), printed as
/// `must evaluate to` prints them; `None` for any type.
fn return_types(kind: ExprKind) -> Option<(&'static [Type], &'static str)> {
    match kind {
        ExprKind::MatchCondition | ExprKind::Validation => Some((&[Type::Bool], "bool")),
        ExprKind::MessageExpression => Some((&[Type::String], "string")),
        ExprKind::AuditAnnotation => {
            Some((&[Type::String, Type::Null], "one of [string null_type]"))
        }
        ExprKind::Variable | ExprKind::ApplyConfiguration | ExprKind::JsonPatch => None,
    }
}

/// A mutation's result type (`ApplyConfigurationCondition.ReturnTypes`: `Object`;
/// `JSONPatchCondition.ReturnTypes`: `list(JSONPatch)`), checked with `IsExactType` and worded
/// `must evaluate to <type> but got <type>` (apiserver `compile.go` since 1.32, the first minor
/// that serves MutatingAdmissionPolicy).
fn mutation_result_error(kind: ExprKind, got: &Type) -> Option<String> {
    use crate::cel::checker::mutation::{JSONPATCH, OBJECT};
    let is_object = |t: &Type, name: &str| matches!(t, Type::Object(d) if d.name == name);
    let (ok, want) = match kind {
        ExprKind::ApplyConfiguration => (is_object(got, OBJECT), OBJECT.to_string()),
        ExprKind::JsonPatch => (
            matches!(got, Type::List(e) if is_object(e, JSONPATCH)),
            format!("list({JSONPATCH})"),
        ),
        _ => return None,
    };
    (!ok).then(|| format!("must evaluate to {want} but got {got}"))
}

/// Whether the server compiles the trimmed text (match conditions, audit annotations and
/// patches are trimmed before compiling; validations, message expressions and variables are
/// compiled as written, so that columns match the field).
fn trimmed(kind: ExprKind) -> bool {
    matches!(
        kind,
        ExprKind::MatchCondition
            | ExprKind::AuditAnnotation
            | ExprKind::ApplyConfiguration
            | ExprKind::JsonPatch
    )
}

/// What one expression's compilation gave: its output type, or the failure to report.
pub(super) enum Outcome {
    Ok(Type),
    Failed(Failure),
    /// Not decidable here (the field holds no expression text).
    Skipped,
}

/// The text compiled and the byte length trimmed off its start.
pub(super) fn text_of(e: &Expression<'_>) -> Option<Compiled1> {
    let raw = e.node.as_str()?;
    if trimmed(e.kind) {
        let start = raw.len() - raw.trim_start().len();
        Some(Compiled1 {
            text: raw.trim().to_string(),
            leading: start,
        })
    } else {
        Some(Compiled1 {
            text: raw.to_string(),
            leading: 0,
        })
    }
}

/// Compiles one expression in the environment `d` with `object`/`params` typed by `typed`.
pub(super) fn compile_one(
    e: &Expression<'_>,
    d: Declared,
    typed: &Typed,
    variables: &[(String, Type)],
    kube: KubeVersion,
    env: EnvKind,
) -> Result<(Compiled, Compiled1), Result<CompileError, String>> {
    let Some(text) = text_of(e) else {
        return Err(Err(String::new()));
    };
    let mutation = matches!(e.kind, ExprKind::ApplyConfiguration | ExprKind::JsonPatch);
    let opts = CompileOptions {
        env,
        // A mutation's environment has the patch types and the JSONPatch library
        // (`HasPatchTypes`: `Object{}`, `JSONPatch{}`, `jsonpatch.escapeKey`).
        mutation_types: mutation,
        extra_functions: if mutation {
            vec![escape_key()]
        } else {
            Vec::new()
        },
        ..CompileOptions::new(kube)
    };
    let d = match e.kind {
        ExprKind::MessageExpression => Declared {
            authorizer: false,
            ..d
        },
        _ => d,
    };
    let vars = vars(d, typed, variables);
    match compile_expr(&text.text, &vars, &opts) {
        Ok(c) => Ok((c, text)),
        Err(ce) => Err(Ok(ce)),
    }
}

/// `jsonpatch.escapeKey(string) -> string`, in a mutation's environment whatever the minor.
fn escape_key() -> (String, crate::cel::decls::OverloadDecl) {
    (
        "jsonpatch.escapeKey".to_string(),
        crate::cel::decls::OverloadDecl {
            id: "string_jsonpatch_escapeKey_string".to_string(),
            member: false,
            params: vec![Type::String],
            result: Type::String,
            type_params: Vec::new(),
            since: 0,
        },
    )
}

/// Compiles `e` for type-checking: the stored-expressions environment (the server checks a
/// stored policy), `object`/`params` typed by `typed`. `Err(None)` when it cannot be decided
/// here (no text).
pub(super) fn compile_stored(
    e: &Expression<'_>,
    d: Declared,
    typed: &Typed,
    variables: &[(String, Type)],
    kube: KubeVersion,
) -> Result<Compiled, Option<CompileError>> {
    match compile_one(e, d, typed, variables, kube, EnvKind::StoredExpressions) {
        Ok((c, _)) => Ok(c),
        Err(Ok(ce)) => Err(Some(ce)),
        Err(_) => Err(None),
    }
}

/// Compiles `e` as the server does at creation and words the outcome as its field error.
pub(super) fn check(
    e: &Expression<'_>,
    d: Declared,
    variables: &[(String, Type)],
    kube: KubeVersion,
    src: Option<&str>,
) -> Outcome {
    let raw = e.node.as_str().unwrap_or("");
    match compile_one(
        e,
        d,
        &Typed::dyn_(),
        variables,
        kube,
        EnvKind::NewExpressions,
    ) {
        Ok((c, _)) => {
            let out = c.checked.result_type().clone();
            if let Some(reason) = mutation_result_error(e.kind, &out) {
                return Outcome::Failed(Failure {
                    error: FieldError::invalid(e.path.clone(), shown(e, raw), reason),
                    span: e.node.span(),
                    help: None,
                });
            }
            if let Some((types, words)) = return_types(e.kind) {
                if !types.iter().any(|t| same(t, &out)) {
                    // `CompileCELExpression` (apiserver `pkg/admission/plugin/cel/compile.go`).
                    let reason = if Behavior::of(kube).has(Change::AdmissionResultTypeGot) {
                        format!("must evaluate to {words} but got {out}")
                    } else {
                        format!("must evaluate to {words}")
                    };
                    return Outcome::Failed(Failure {
                        error: FieldError::invalid(e.path.clone(), shown(e, raw), reason),
                        span: e.node.span(),
                        help: None,
                    });
                }
            }
            Outcome::Ok(out)
        }
        Err(Err(_)) => Outcome::Skipped,
        Err(Ok(ce)) => {
            let leading = text_of(e).map_or(0, |t| t.leading);
            let span = error_span(src, e.node, raw, leading, &ce);
            Outcome::Failed(Failure {
                error: FieldError::invalid(
                    e.path.clone(),
                    shown(e, raw),
                    format!("compilation failed: {ce}"),
                ),
                span,
                help: ce.help(),
            })
        }
    }
}

/// The value the server prints: the trimmed text for match conditions (it passes the trimmed
/// expression to its accessor), the text as written otherwise.
fn shown(e: &Expression<'_>, raw: &str) -> String {
    if e.kind == ExprKind::MatchCondition {
        raw.trim().to_string()
    } else {
        raw.to_string()
    }
}

/// `ast.OutputType() == returnType`: the same type (dyn is not bool).
fn same(a: &Type, b: &Type) -> bool {
    matches!(
        (a, b),
        (Type::Bool, Type::Bool) | (Type::String, Type::String) | (Type::Null, Type::Null)
    )
}

/// The span of the first error inside the expression's scalar (the scalar's own span without
/// the file text).
pub(super) fn error_span(
    src: Option<&str>,
    node: &Node,
    raw: &str,
    leading: usize,
    ce: &CompileError,
) -> Span {
    let (Some(src), Some(first)) = (src, ce.errors.first()) else {
        return node.span();
    };
    let compiled = &raw[leading..];
    let chars = match first.offset {
        Some(o) => o,
        None => {
            let mut off = 0;
            for (i, l) in compiled.split('\n').enumerate() {
                if i + 1 == first.line {
                    off += first.column.saturating_sub(1);
                    break;
                }
                off += l.chars().count() + 1;
            }
            off
        }
    };
    let byte = compiled
        .char_indices()
        .nth(chars)
        .map_or(compiled.len(), |(b, _)| b);
    offset_to_span(src, node.span(), node.style(), leading + byte)
}
