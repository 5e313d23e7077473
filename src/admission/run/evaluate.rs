//! One policy compiled for running and evaluated for one request, as apiserver's
//! `pkg/admission/plugin/policy/validating/validator.go` (`Validate`) does: the match
//! conditions first (any false: not matched; an error: the failure policy), then every
//! validation, with its message taken from the `messageExpression`'s value (trimmed; ignored
//! when empty, longer than 5 KiB or multi-line), else `message`, else `failed expression:
//! EXPR`, and its reason (`Invalid` by default). A runtime error is `expression 'EXPR' resulted
//! in error: ERROR` (`pkg/admission/plugin/cel/filter.go`), denied under `failurePolicy: Fail`
//! and admitted under `Ignore` (`policyDecisionActionForError`).

use std::sync::Arc;

use super::super::expr::{self, Declared, Typed};
use super::super::object::{ExprKind, Expression};
use crate::admission::mutate::PatchType;
use crate::cel::eval::value::{Entries, Key};
use crate::cel::eval::{self, ast, Value};
use crate::cel::{EnvKind, Reference, Type};
use crate::k8s::{Behavior, FieldPath, KubeVersion};
use crate::yaml::Node;

/// `celconfig.PerCallLimit`: the cost limit of one expression's evaluation.
const PER_CALL_LIMIT: u64 = 1_000_000;
/// `celconfig.MaxEvaluatedMessageExpressionSizeBytes`.
const MAX_MESSAGE_BYTES: usize = 5 * 1024;

/// One expression ready to run.
pub(crate) struct Program {
    /// The text as written (messages quote it).
    pub(crate) text: String,
    expr: ast::Expr,
    /// It reads `authorizer` (directly or through a variable), which is not known offline.
    pub(crate) authorizer: bool,
}

pub(crate) struct Validation {
    pub(crate) program: Program,
    message: Option<String>,
    message_expression: Option<Program>,
    pub(crate) reason: String,
}

/// A policy's expressions, compiled; `None` from [`compile`] when one of them does not
/// compile (`admission/expression` reports it, and running the policy would only repeat it).
pub(crate) struct Compiled {
    match_conditions: Vec<Program>,
    /// Each variable's name, as the key of the `variables` map, and its expression.
    variables: Vec<(Arc<str>, Program)>,
    /// No variable's expression names `variables`: each reads none of the others, so their
    /// values may be set in place of the previous request's ([`Compiled::variables`]).
    variables_independent: bool,
    pub(crate) validations: Vec<Validation>,
    /// A MutatingAdmissionPolicy's `mutations`, in order (none for a validating policy).
    pub(crate) mutations: Vec<(PatchType, Program)>,
    /// `auditAnnotations`: each key and its `valueExpression`.
    audit_annotations: Vec<(String, Program)>,
    /// How its expressions are evaluated at the minor it was compiled for (found once: per
    /// request it was a measurable share of the glue around the evaluations).
    opts: eval::Options,
}

/// What an expression is compiled with: the environment's variables, the types of the
/// policy's variables declared before it, and which of those read the `authorizer`.
struct Env<'a> {
    d: Declared,
    vars: &'a [(String, Type)],
    authz_vars: &'a [String],
    kube: KubeVersion,
}

fn program(
    node: &Node,
    path: &str,
    kind: ExprKind,
    variable: Option<&str>,
    env: &Env<'_>,
) -> Option<(Program, Type)> {
    let Env {
        d,
        vars,
        authz_vars,
        kube,
    } = *env;
    let e = Expression {
        node,
        path: FieldPath::new(path),
        kind,
        variable,
    };
    let (c, text) = expr::compile_one(
        &e,
        d,
        &Typed::dyn_(),
        vars,
        kube,
        EnvKind::StoredExpressions,
    )
    .ok()?;
    let authorizer = c.checked.refs.values().any(
        |r| matches!(r, Reference::Ident(n) if n == "authorizer" || n.starts_with("authorizer.")),
    ) || authz_vars
        .iter()
        .any(|v| text.text.contains(&format!("variables.{v}")));
    let t = c.checked.result_type().clone();
    Some((
        Program {
            text: node.as_str().unwrap_or("").to_string(),
            expr: ast::from_checked(&c.checked),
            authorizer,
        },
        t,
    ))
}

/// Compiles a ValidatingAdmissionPolicy's match conditions, variables and validations in the
/// environment the server runs them in.
pub(crate) fn compile(policy: &Node, has_params: bool, kube: KubeVersion) -> Option<Compiled> {
    let spec = policy.get("spec")?;
    let seq = |k: &str| spec.get(k).and_then(Node::as_seq).unwrap_or(&[]);
    let composition = !seq("variables").is_empty();
    let d = |variables: bool| Declared {
        params: has_params,
        authorizer: true,
        variables,
    };
    let mut out = Compiled {
        match_conditions: Vec::new(),
        variables: Vec::new(),
        variables_independent: true,
        validations: Vec::new(),
        mutations: Vec::new(),
        audit_annotations: Vec::new(),
        opts: options(kube),
    };
    for (i, m) in seq("matchConditions").iter().enumerate() {
        let node = m.get("expression")?;
        let path = format!("spec.matchConditions[{i}].expression");
        let env = Env {
            d: d(false),
            vars: &[],
            authz_vars: &[],
            kube,
        };
        let (p, _) = program(node, &path, ExprKind::MatchCondition, None, &env)?;
        out.match_conditions.push(p);
    }
    let mut types: Vec<(String, Type)> = Vec::new();
    let mut authz: Vec<String> = Vec::new();
    for (i, v) in seq("variables").iter().enumerate() {
        let name = v.get_str("name")?;
        let node = v.get("expression")?;
        let path = format!("spec.variables[{i}].expression");
        let env = Env {
            d: d(true),
            vars: &types,
            authz_vars: &authz,
            kube,
        };
        let (p, t) = program(node, &path, ExprKind::Variable, Some(name), &env)?;
        if p.authorizer {
            authz.push(name.to_string());
        }
        out.variables_independent &= !p.text.contains("variables");
        types.push((name.to_string(), t));
        out.variables.push((Arc::from(name), p));
    }
    for (i, v) in seq("validations").iter().enumerate() {
        let node = v.get("expression")?;
        let path = format!("spec.validations[{i}].expression");
        let env = Env {
            d: d(composition),
            vars: &types,
            authz_vars: &authz,
            kube,
        };
        let (program_, _) = program(node, &path, ExprKind::Validation, None, &env)?;
        let message_expression = match v.get("messageExpression") {
            Some(m) if m.as_str().is_some_and(|s| !s.is_empty()) => {
                let path = format!("spec.validations[{i}].messageExpression");
                let kind = ExprKind::MessageExpression;
                Some(program(m, &path, kind, None, &env)?.0)
            }
            _ => None,
        };
        out.validations.push(Validation {
            program: program_,
            message: v.get_str("message").map(str::to_string),
            message_expression,
            reason: v.get_str("reason").unwrap_or("Invalid").to_string(),
        });
    }
    for (i, a) in seq("auditAnnotations").iter().enumerate() {
        let key = a.get_str("key")?;
        let node = a.get("valueExpression")?;
        let path = format!("spec.auditAnnotations[{i}].valueExpression");
        let env = Env {
            d: d(composition),
            vars: &types,
            authz_vars: &authz,
            kube,
        };
        let (p, _) = program(node, &path, ExprKind::AuditAnnotation, None, &env)?;
        out.audit_annotations.push((key.to_string(), p));
    }
    for (i, m) in seq("mutations").iter().enumerate() {
        let (pt, key, kind) = match m.get_str("patchType") {
            Some("ApplyConfiguration") => (
                PatchType::ApplyConfiguration,
                "applyConfiguration",
                ExprKind::ApplyConfiguration,
            ),
            Some("JSONPatch") => (PatchType::JsonPatch, "jsonPatch", ExprKind::JsonPatch),
            _ => return None,
        };
        let node = m.at(&[key, "expression"])?;
        let path = format!("spec.mutations[{i}].{key}.expression");
        let env = Env {
            d: d(composition),
            vars: &types,
            authz_vars: &authz,
            kube,
        };
        out.mutations
            .push((pt, program(node, &path, kind, None, &env)?.0));
    }
    Some(out)
}

/// The variables one evaluation binds, bound once per request and param: every policy's
/// evaluations read the same vector (binding them anew per evaluation copied each value
/// and was a share of a run with many policies). Its last entry is `variables`, which each
/// policy sets to its own ([`Compiled::variables`]).
#[derive(Clone)]
pub(crate) struct Input {
    vars: Vec<(&'static str, Value)>,
    /// The run is told what an `authorizer` check answers (else they are not decidable
    /// offline).
    authorizer: bool,
}

/// Names bound to values, as [`Input::vars`] holds them.
type Bindings = Vec<(&'static str, Value)>;

/// Where each variable is in [`Input::vars`].
const OBJECT: usize = 0;
const REQUEST: usize = 2;
const PARAMS: usize = 3;

impl Input {
    /// `authorizer`: what the run is told an authorization check answers, if anything.
    pub(crate) fn new(
        object: Value,
        old_object: Value,
        request: Value,
        params: Value,
        namespace_object: Value,
        authorizer: Option<Value>,
    ) -> Input {
        // Room for the authorizer's two names and `variables`.
        let mut vars = Vec::with_capacity(8);
        vars.extend([
            ("object", object),
            ("oldObject", old_object),
            ("request", request),
            ("params", params),
            ("namespaceObject", namespace_object),
        ]);
        let known = authorizer.is_some();
        if let Some(a) = authorizer {
            // `authorizer.requestResource` is the check of the request's resource: with one
            // answer for every check, the authorizer's value stands for it.
            vars.push(("authorizer", a.clone()));
            vars.push(("authorizer.requestResource", a));
        }
        vars.push(("variables", Value::Null));
        Input {
            vars,
            authorizer: known,
        }
    }

    pub(crate) fn set_object(&mut self, object: Value) {
        self.vars[OBJECT].1 = object;
    }

    pub(crate) fn set_params(&mut self, params: Value) {
        self.vars[PARAMS].1 = params;
    }

    /// `request` (to rewrite its entries for an equivalent match).
    pub(crate) fn request_mut(&mut self) -> &mut Value {
        &mut self.vars[REQUEST].1
    }

    /// The `variables` entry (the last).
    fn variables(&mut self) -> &mut Value {
        let last = self.vars.len() - 1;
        &mut self.vars[last].1
    }
}

impl Program {
    /// Whether the program cannot be run with this input: it reads an `authorizer` the run
    /// has no answer for.
    fn undecidable(&self, input: &Input) -> bool {
        self.authorizer && !input.authorizer
    }
}

/// What one evaluation decided.
pub(crate) enum Decision {
    /// A match condition was false: the policy does not apply.
    NotMatched,
    /// The `authorizer` is read: not decidable offline (the expression's text).
    Authorizer(String),
    /// The validations that denied, in order: each one's index (the audit annotation's
    /// `expressionIndex`), message and reason; and what the audit annotations gave. Only
    /// denials are kept: a vector of every outcome per policy and request was an allocation
    /// each, when nearly every request is admitted.
    Validations(Vec<(usize, String, String)>, Vec<Audit>),
}

/// What one `auditAnnotations` entry gave (`validator.go`, `Validate`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Audit {
    /// Published under `POLICY/KEY` (trimmed, not empty, cut to 10 KiB by the dispatcher).
    Publish { key: String, value: String },
    /// An evaluation error under `failurePolicy: Fail`, or a value neither string nor null
    /// (under either policy): the request is denied with this message, whatever the
    /// binding's `validationActions`.
    Deny(String),
}

/// `maxAuditAnnotationValueLength` (`dispatcher.go`): longer values are cut, in bytes.
const MAX_AUDIT_VALUE_BYTES: usize = 10 * 1024;

/// `expression 'EXPR' resulted in error: ERROR`.
fn runtime_error(p: &Program, e: &eval::EvalError) -> String {
    format!("expression '{}' resulted in error: {e}", p.text)
}

impl Compiled {
    /// Evaluates the policy for one request; `ignore` is `failurePolicy: Ignore`.
    pub(crate) fn evaluate(&self, input: &mut Input, ignore: bool) -> Decision {
        let opts = self.opts;
        let error_decision = |message: String| {
            let d = (!ignore).then(|| (0, message, "Invalid".to_string()));
            Decision::Validations(d.into_iter().collect(), Vec::new())
        };
        match self.conditions(input, opts) {
            Conditions::Matched => {}
            Conditions::NotMatched => return Decision::NotMatched,
            Conditions::Authorizer(t) => return Decision::Authorizer(t),
            Conditions::Error(message) => return error_decision(message),
        }
        let failed = self.variables(input, opts);
        let input = &*input;
        let run = |p: &Program| run_program(p, &input.vars, &failed, opts);
        let mut out = Vec::new();
        for (i, v) in self.validations.iter().enumerate() {
            if v.program.undecidable(input) {
                return Decision::Authorizer(v.program.text.clone());
            }
            let decision = match run(&v.program) {
                Err(message) => (!ignore).then(|| (i, message, "Invalid".to_string())),
                Ok(Value::Bool(true)) => None,
                Ok(_) => Some((i, self.message(v, input, &run), v.reason.clone())),
            };
            out.extend(decision);
        }
        // Evaluated whenever the policy applies, whatever the validations gave (`Validate`
        // evaluates them after the validations, without an authorizer).
        let (audit_vars, audit_failed) = self.without_authorizer(&input.vars, &failed, opts);
        let audits = self
            .audit_annotations
            .iter()
            .filter_map(|(key, p)| {
                let v = run_program(p, &audit_vars, &audit_failed, opts);
                audit(key, p, v, ignore)
            })
            .collect();
        Decision::Validations(out, audits)
    }

    /// `matchconditions/matcher.go`: any false condition means no match, even when another
    /// failed; otherwise the first error is the failure policy's.
    fn conditions(&self, input: &Input, opts: eval::Options) -> Conditions {
        let mut first_error = None;
        for m in &self.match_conditions {
            if m.undecidable(input) {
                return Conditions::Authorizer(m.text.clone());
            }
            // `variables` is bound too (to another policy's, or null): a match condition
            // cannot name it (it does not compile).
            match eval::evaluate(&m.expr, &input.vars, opts).value {
                Ok(Value::Bool(false)) => return Conditions::NotMatched,
                Ok(_) => {}
                Err(e) => {
                    first_error.get_or_insert_with(|| runtime_error(m, &e));
                }
            }
        }
        match first_error {
            Some(message) => Conditions::Error(message),
            None => Conditions::Matched,
        }
    }

    /// Variables are evaluated once each, in order, each seeing those before it; an
    /// expression that reads one that failed fails with its error, as cel-go's lazy
    /// evaluation does. Binds `variables` in `input` to this policy's and gives the failed
    /// variables.
    fn variables(&self, input: &mut Input, opts: eval::Options) -> Vec<(String, String)> {
        if self.variables_independent {
            if let Some(failed) = self.variables_in_place(input, opts) {
                return failed;
            }
        }
        let mut failed: Vec<(String, String)> = Vec::new();
        // The previous policy's map is emptied and reused when nothing else holds it.
        let reused = match input.variables() {
            Value::Map(m) => Arc::get_mut(m).map(|m| m.entries.clear()).is_some(),
            _ => false,
        };
        if !reused {
            *input.variables() = Value::map(Entries::default());
        }
        for (name, p) in &self.variables {
            if p.undecidable(input) {
                continue;
            }
            match eval::evaluate(&p.expr, &input.vars, opts).value {
                // Added in place: the map is shared only when a variable's value holds it
                // (then it is copied), not copied per variable.
                Ok(v) => {
                    if let Value::Map(m) = input.variables() {
                        Arc::make_mut(m)
                            .entries
                            .insert(Key::String(name.clone()), v);
                    }
                }
                Err(e) => failed.push((name.to_string(), runtime_error(p, &e))),
            }
        }
        failed
    }

    /// [`Compiled::variables`] when `variables` already holds this policy's variables, in
    /// order, and nothing else holds it (the previous request's, or another policy's of the
    /// same names): each value is replaced in place, the map neither emptied nor rehashed
    /// (that was most of binding the variables, per policy and request). The values not yet
    /// replaced are the previous request's, which no variable reads (none names
    /// `variables`); a variable that fails is removed with those after it, which are then
    /// added as [`Compiled::variables`] adds them. `None` when the map does not fit.
    fn variables_in_place(
        &self,
        input: &mut Input,
        opts: eval::Options,
    ) -> Option<Vec<(String, String)>> {
        let fits = match input.variables() {
            Value::Map(m) => {
                m.entries.len() == self.variables.len()
                    && m.entries.keys().zip(&self.variables).all(|(k, (name, _))| {
                        matches!(k, Key::String(s) if Arc::ptr_eq(s, name) || **s == **name)
                    })
                    && Arc::get_mut(m).is_some()
            }
            _ => false,
        };
        if !fits {
            return None;
        }
        let mut failed: Vec<(String, String)> = Vec::new();
        // Whether the map still holds every variable before the current one, in place.
        let mut aligned = true;
        for (i, (name, p)) in self.variables.iter().enumerate() {
            if p.undecidable(input) {
                if aligned {
                    aligned = false;
                    truncate(input.variables(), i);
                }
                continue;
            }
            let v = eval::evaluate(&p.expr, &input.vars, opts).value;
            // The map checked above: evaluating reads it and leaves it there.
            let Value::Map(m) = input.variables() else {
                return None;
            };
            let m = Arc::make_mut(m);
            match v {
                Ok(v) if aligned => {
                    if let Some((_, slot)) = m.entries.get_index_mut(i) {
                        *slot = v;
                    }
                }
                Ok(v) => {
                    m.entries.insert(Key::String(name.clone()), v);
                }
                Err(e) => {
                    if aligned {
                        aligned = false;
                        m.entries.truncate(i);
                    }
                    failed.push((name.to_string(), runtime_error(p, &e)));
                }
            }
        }
        Some(failed)
    }

    /// Every expression of the policy (what [`super::reads::Reads`] looks at).
    pub(crate) fn exprs(&self) -> impl Iterator<Item = &ast::Expr> {
        let validations = self.validations.iter().flat_map(|v| {
            std::iter::once(&v.program.expr).chain(v.message_expression.iter().map(|m| &m.expr))
        });
        self.match_conditions
            .iter()
            .map(|p| &p.expr)
            .chain(self.variables.iter().map(|(_, p)| &p.expr))
            .chain(validations)
            .chain(self.mutations.iter().map(|(_, p)| &p.expr))
            .chain(self.audit_annotations.iter().map(|(_, p)| &p.expr))
    }

    /// The bindings the audit annotations run with: apiserver's `validator.go` (`Validate`,
    /// every minor from 1.27) compiles `auditAnnotations[].valueExpression` with `authorizer`
    /// declared (`optionalVars`, `HasAuthorizer: true`, as `validateAuditAnnotation` checks
    /// it on create) but evaluates them with no authorizer bound (`OptionalVariableBindings`
    /// without `Authorizer`): one that reads it fails with the evaluator's missing-attribute
    /// error, offline as on a cluster, whatever `--admission-authorizer` says. A variable that
    /// reads it is evaluated again without it (a failure makes the annotations that read it
    /// fail). Only a policy with audit annotations pays for this.
    fn without_authorizer(
        &self,
        vars: &[(&'static str, Value)],
        failed: &[(String, String)],
        opts: eval::Options,
    ) -> (Bindings, Vec<(String, String)>) {
        if self.audit_annotations.is_empty() {
            return (Vec::new(), Vec::new());
        }
        let out: Bindings = vars
            .iter()
            .filter(|(n, _)| !n.starts_with("authorizer"))
            .cloned()
            .collect();
        let mut failed = failed.to_vec();
        for (name, p) in self.variables.iter().filter(|(_, p)| p.authorizer) {
            if failed.iter().any(|(n, _)| **n == **name) {
                continue;
            }
            // Evaluating without error, it did not read the authorizer after all (a short
            // circuit); when the run had none, it was never evaluated and is missing from
            // `variables`.
            if let Err(e) = eval::evaluate(&p.expr, &out, opts).value {
                failed.push((name.to_string(), runtime_error(p, &e)));
            }
        }
        (out, failed)
    }

    /// A MutatingAdmissionPolicy's match conditions for one request (`input.object` the
    /// object before any of its mutations).
    pub(crate) fn mutation_conditions(&self, input: &Input, kube: KubeVersion) -> Conditions {
        self.conditions(input, options(kube))
    }

    /// Evaluates mutation `i` with `object` bound to the object as the mutations before it
    /// left it (`dispatcher.go` evaluates each mutation against the updated object): its
    /// patch type and value; `Err` is the server's error text. A mutation that reads the
    /// `authorizer` is not decidable offline: `Ok(None)`.
    pub(crate) fn mutation(
        &self,
        i: usize,
        input: &mut Input,
        kube: KubeVersion,
    ) -> Result<Option<(PatchType, Value)>, String> {
        let Some((pt, p)) = self.mutations.get(i) else {
            return Err(format!("no mutation {i}"));
        };
        if p.undecidable(input) {
            return Ok(None);
        }
        let opts = options(kube);
        let failed = self.variables(input, opts);
        let v = run_program(p, &input.vars, &failed, opts)?;
        Ok(Some((*pt, v)))
    }

    fn message(
        &self,
        v: &Validation,
        input: &Input,
        run: &dyn Fn(&Program) -> Result<Value, String>,
    ) -> String {
        let from_expression = v
            .message_expression
            .as_ref()
            .filter(|p| !p.undecidable(input))
            .and_then(|p| run(p).ok())
            .and_then(|m| m.as_str().map(|s| s.trim().to_string()))
            .filter(|m| m.len() <= MAX_MESSAGE_BYTES && !m.contains('\n'))
            .unwrap_or_default();
        if !from_expression.is_empty() {
            return from_expression;
        }
        if let Some(m) = v
            .message
            .as_deref()
            .map(str::trim)
            .filter(|m| !m.is_empty())
        {
            return m.to_string();
        }
        format!("failed expression: {}", v.program.text.trim())
    }
}

/// One audit annotation's outcome; `None` when it is excluded (null, empty, or an error under
/// `failurePolicy: Ignore`).
fn audit(key: &str, p: &Program, v: Result<Value, String>, ignore: bool) -> Option<Audit> {
    match v {
        Err(message) => (!ignore).then_some(Audit::Deny(message)),
        Ok(Value::Null) => None,
        Ok(Value::String(s)) => {
            let s = s.trim();
            if s.is_empty() {
                return None;
            }
            let mut end = s.len().min(MAX_AUDIT_VALUE_BYTES);
            // Go cuts the bytes; a cut inside a character is kept whole here (a string
            // is UTF-8), which only differs past 10 KiB in the middle of a character.
            while !s.is_char_boundary(end) {
                end -= 1;
            }
            Some(Audit::Publish {
                key: key.to_string(),
                value: s[..end].to_string(),
            })
        }
        Ok(other) => Some(Audit::Deny(format!(
            "valueExpression '{}' resulted in unsupported return type: {}. Return type must be either string or null.",
            p.text,
            other.type_name()
        ))),
    }
}

/// Keeps the first `len` entries of the `variables` map.
fn truncate(variables: &mut Value, len: usize) {
    if let Value::Map(m) = variables {
        Arc::make_mut(m).entries.truncate(len);
    }
}

/// How the match conditions of a policy came out for a request.
pub(crate) enum Conditions {
    Matched,
    NotMatched,
    /// One reads the `authorizer` (its text).
    Authorizer(String),
    /// The first runtime error, as the server words it.
    Error(String),
}

fn options(kube: KubeVersion) -> eval::Options {
    eval::Options {
        cost_limit: Some(PER_CALL_LIMIT),
        fold_constants: true,
        behavior: Behavior::of(kube),
    }
}

/// Runs one program with the policy's variables (`failed`: those whose evaluation failed).
fn run_program(
    p: &Program,
    vars: &[(&str, Value)],
    failed: &[(String, String)],
    opts: eval::Options,
) -> Result<Value, String> {
    if let Some((_, e)) = failed
        .iter()
        .find(|(n, _)| p.text.contains(&format!("variables.{n}")))
    {
        return Err(e.clone());
    }
    eval::evaluate(&p.expr, vars, opts)
        .value
        .map_err(|e| runtime_error(p, &e))
}
