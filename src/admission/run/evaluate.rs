//! One policy compiled for running and evaluated for one request, as apiserver's
//! `pkg/admission/plugin/policy/validating/validator.go` (`Validate`) does: the match
//! conditions first (any false: not matched; an error: the failure policy), then every
//! validation, with its message taken from the `messageExpression`'s value (trimmed; ignored
//! when empty, longer than 5 KiB or multi-line), else `message`, else `failed expression:
//! EXPR`, and its reason (`Invalid` by default). A runtime error is `expression 'EXPR' resulted
//! in error: ERROR` (`pkg/admission/plugin/cel/filter.go`), denied under `failurePolicy: Fail`
//! and admitted under `Ignore` (`policyDecisionActionForError`).
//!
//! `variables` are composited as the server composites them (apiserver
//! `pkg/admission/plugin/cel/composition.go`, `compositionContext.Variables`, over
//! `pkg/cel/lazy` `MapValue`): a variable is evaluated when an expression first reads it, once
//! per evaluation of the policy, in its own program (its own per-call cost limit), and a
//! variable nothing reads is never evaluated, so its error never surfaces. One that fails is
//! an error value, `composited variable "NAME" fails to evaluate: ERROR`, which fails an
//! expression only where the evaluation reaches it (short circuits absorb it as any error).
//! Which variables an expression may read is found once from its tree ([`Program::uses`]);
//! those are bound just before it runs, which gives what the lazy map gives: values are the
//! same whenever computed, and an error shows only where it is read.

use std::sync::Arc;

use super::super::cost::{self as static_cost, RUNTIME_CEL_COST_BUDGET};
use super::super::expr::{self, Declared, Typed};
use super::super::object::{ExprKind, Expression};
use crate::admission::mutate::PatchType;
use crate::cel::eval::convert::Needs;
use crate::cel::eval::value::Key;
use crate::cel::eval::{self, ast, Value};
use crate::cel::validator::add_needs;
use crate::cel::{EnvKind, Reference, Type};
use crate::k8s::{Behavior, FieldPath, KubeVersion};
use crate::yaml::Node;

/// `celconfig.PerCallLimit`: the cost limit of one expression's evaluation.
const PER_CALL_LIMIT: u64 = 1_000_000;
/// `celconfig.MaxEvaluatedMessageExpressionSizeBytes`.
const MAX_MESSAGE_BYTES: usize = 5 * 1024;
/// `celconfig.RuntimeCELCostBudgetMatchConditions`: what a policy's match conditions may
/// spend together for one request (`webhook/matchconditions/matcher.go`, `Match`).
const MATCH_CONDITIONS_BUDGET: u64 = 2_500_000;
/// A filter's error when its expressions together spend more than its budget (apiserver
/// `pkg/admission/plugin/cel/activation.go`, `evaluateWithActivation`).
const OUT_OF_BUDGET: &str =
    "validation failed due to running out of cost budget, no further validation rules will be run";

/// One expression ready to run.
pub(crate) struct Program {
    /// The text as written (messages quote it).
    pub(crate) text: String,
    /// Its tree, with its plan found once (per program and request, finding it was a share
    /// of the evaluation's fixed cost).
    expr: eval::Prepared,
    /// It reads `authorizer` (directly or through a variable), which is not known offline.
    pub(crate) authorizer: bool,
    /// The policy's variables it may read, directly or through other variables, by index,
    /// ascending ([`variable_uses`]): bound before it runs.
    uses: Box<[usize]>,
    /// The static estimate's maximum cost (cel-go `checker/cost.go`, every size bounded by
    /// the request's), an upper bound of what any evaluation of it costs: found for the
    /// programs whose evaluation can be skipped when the budget cannot run out (match
    /// conditions after a false one, the message expressions of passing validations, and
    /// the variables those read); `u64::MAX` for the others.
    max_cost: u64,
    /// The variables (of the first 64) every evaluation of it reads, directly or through
    /// other variables ([`certain_reads`]): the server charges those for sure ([`Spent`]).
    certain: u64,
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
    pub(crate) validations: Vec<Validation>,
    /// A MutatingAdmissionPolicy's `mutations`, in order (none for a validating policy).
    pub(crate) mutations: Vec<(PatchType, Program)>,
    /// `auditAnnotations`: each key and its `valueExpression`.
    audit_annotations: Vec<(String, Program)>,
    /// How its expressions are evaluated at the minor it was compiled for (found once: per
    /// request it was a measurable share of the glue around the evaluations).
    opts: eval::Options,
    /// An upper bound of what evaluating every `messageExpression` costs, the variables
    /// they read included ([`Program::max_cost`]): when what the validations spent plus
    /// this stays within the budget, the messages of passing validations need no evaluation.
    messages_max: u64,
    /// The same for every policy whose variables have the same names in the same order
    /// ([`names_id`]): the `variables` map another such policy left needs no look at its
    /// keys ([`Compiled::composite`]).
    names_id: usize,
}

/// An id per list of variable names (the first policy compiled with it gives it); found
/// once per policy, so that a composition knows by one comparison whether the map bound
/// has its names.
fn names_id(names: &[(Arc<str>, Program)]) -> usize {
    static SEEN: std::sync::Mutex<Vec<Vec<Arc<str>>>> = std::sync::Mutex::new(Vec::new());
    // A poisoned lock only means another thread panicked; the list is still whole.
    let mut seen = SEEN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let same = |known: &Vec<Arc<str>>| {
        known.len() == names.len() && known.iter().zip(names).all(|(k, (n, _))| k == n)
    };
    match seen.iter().position(same) {
        Some(i) => i,
        None => {
            seen.push(names.iter().map(|(n, _)| n.clone()).collect());
            seen.len() - 1
        }
    }
}

/// What an expression is compiled with: the environment's variables and the types of the
/// policy's variables declared before it.
struct Env<'a> {
    d: Declared,
    vars: &'a [(String, Type)],
    kube: KubeVersion,
}

fn program(
    node: &Node,
    path: &str,
    kind: ExprKind,
    variable: Option<&str>,
    env: &Env<'_>,
    declared: &[(Arc<str>, Program)],
) -> Option<(Program, Type)> {
    let Env { d, vars, kube } = *env;
    let e = Expression {
        node,
        path: FieldPath::new(path),
        kind,
        variable,
    };
    let (c, _) = expr::compile_one(
        &e,
        d,
        &Typed::dyn_(),
        vars,
        kube,
        EnvKind::StoredExpressions,
    )
    .ok()?;
    let t = c.checked.result_type().clone();
    let expr = ast::from_checked(&c.checked);
    let uses = variable_uses(&expr, declared);
    let certain = certain_reads(&expr, declared);
    // It reads the authorizer itself, or a variable it may read does (the variables it may
    // read from its tree, not its text: `variables.a` is no read of a variable named `a`
    // in `variables.ab`).
    let authorizer = c.checked.refs.values().any(
        |r| matches!(r, Reference::Ident(n) if n == "authorizer" || n.starts_with("authorizer.")),
    ) || uses.iter().any(|&i| declared[i].1.authorizer);
    let max_cost = match kind {
        ExprKind::MatchCondition | ExprKind::Variable | ExprKind::MessageExpression => {
            let sizes = static_cost::Sizes {
                object: None,
                params: None,
            };
            static_cost::estimate(&c, &sizes).max
        }
        _ => u64::MAX,
    };
    Some((
        Program {
            text: node.as_str().unwrap_or("").to_string(),
            uses,
            expr: eval::Prepared::new(expr),
            authorizer,
            max_cost,
            certain,
        },
        t,
    ))
}

/// The variables every evaluation of `expr` reads (bit `i` for `declared[i]`, the first 64
/// only), with those they read in turn for sure: `variables.NAME` where the evaluation
/// always gets, as cel-go evaluates (every argument of a call, the receiver of a select; of
/// `&&`, `||`, `or` and `orValue` only the first operand, of `?:` only the condition, of a
/// comprehension only its range and initial accumulator). A presence test reads nothing.
fn certain_reads(expr: &ast::Expr, declared: &[(Arc<str>, Program)]) -> u64 {
    use ast::ExprKind as K;
    let mut mask = 0u64;
    match &expr.kind {
        K::Select {
            operand,
            field,
            test,
        } => {
            if let K::Ident(root) = &operand.kind {
                if &**root == "variables" {
                    if !*test {
                        if let Some(i) = declared.iter().position(|(n, _)| *n == *field) {
                            if i < 64 {
                                mask |= 1 << i;
                                mask |= declared[i].1.certain;
                            }
                        }
                    }
                    return mask;
                }
            }
            if !*test {
                mask |= certain_reads(operand, declared);
            }
        }
        K::Call { func, target, args } => {
            let first_only = matches!(
                &**func,
                "_&&_" | "_||_" | "_?_:_" | "or" | "orValue" | "optional.or" | "optional.orValue"
            );
            let operands = target.iter().map(|t| &**t).chain(args.iter());
            for (k, a) in operands.enumerate() {
                if k == 0 || !first_only {
                    mask |= certain_reads(a, declared);
                }
            }
        }
        K::List { elems, .. } => {
            for e in elems.iter() {
                mask |= certain_reads(e, declared);
            }
        }
        K::Map { entries } => {
            for (k, v, _) in entries.iter() {
                mask |= certain_reads(k, declared) | certain_reads(v, declared);
            }
        }
        K::Struct { fields, .. } => {
            for (_, v, _) in fields.iter() {
                mask |= certain_reads(v, declared);
            }
        }
        K::Comprehension(c) => {
            mask |= certain_reads(&c.iter_range, declared) | certain_reads(&c.accu_init, declared);
        }
        K::Const(_) | K::Ident(_) => {}
    }
    mask
}

/// The variables (of `declared`, those an expression may name) that `expr` may read, with
/// those they read in turn, by index, ascending: what `add_needs` finds of `variables`. A use
/// of the map as a whole (or of a field that is no variable) may read any of them.
fn variable_uses(expr: &ast::Expr, declared: &[(Arc<str>, Program)]) -> Box<[usize]> {
    if declared.is_empty() {
        return Box::default();
    }
    let mut needs = Needs::Nothing;
    add_needs(&mut needs, expr, "variables");
    let mut used = vec![false; declared.len()];
    match &needs {
        Needs::Nothing => {}
        Needs::Fields(fields) => {
            for (name, _) in fields.iter() {
                match declared.iter().position(|(n, _)| **n == **name) {
                    Some(i) => used[i] = true,
                    None => used.fill(true),
                }
            }
        }
        Needs::All | Needs::Elements(_) => used.fill(true),
    }
    // A variable's own uses are complete already (it only names those declared before it).
    for i in 0..used.len() {
        if used[i] {
            for &j in declared[i].1.uses.iter() {
                used[j] = true;
            }
        }
    }
    (0..used.len()).filter(|&i| used[i]).collect()
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
        validations: Vec::new(),
        mutations: Vec::new(),
        audit_annotations: Vec::new(),
        opts: options(kube),
        messages_max: 0,
        names_id: 0,
    };
    for (i, m) in seq("matchConditions").iter().enumerate() {
        let node = m.get("expression")?;
        let path = format!("spec.matchConditions[{i}].expression");
        let env = Env {
            d: d(false),
            vars: &[],
            kube,
        };
        let (p, _) = program(node, &path, ExprKind::MatchCondition, None, &env, &[])?;
        out.match_conditions.push(p);
    }
    let mut types: Vec<(String, Type)> = Vec::new();
    for (i, v) in seq("variables").iter().enumerate() {
        let name = v.get_str("name")?;
        let node = v.get("expression")?;
        let path = format!("spec.variables[{i}].expression");
        let env = Env {
            d: d(true),
            vars: &types,
            kube,
        };
        let vars = &out.variables;
        let (p, t) = program(node, &path, ExprKind::Variable, Some(name), &env, vars)?;
        types.push((name.to_string(), t));
        out.variables.push((Arc::from(name), p));
    }
    for (i, v) in seq("validations").iter().enumerate() {
        let node = v.get("expression")?;
        let path = format!("spec.validations[{i}].expression");
        let env = Env {
            d: d(composition),
            vars: &types,
            kube,
        };
        let vars = &out.variables;
        let (program_, _) = program(node, &path, ExprKind::Validation, None, &env, vars)?;
        let message_expression = match v.get("messageExpression") {
            Some(m) if m.as_str().is_some_and(|s| !s.is_empty()) => {
                let path = format!("spec.validations[{i}].messageExpression");
                let kind = ExprKind::MessageExpression;
                Some(program(m, &path, kind, None, &env, vars)?.0)
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
            kube,
        };
        let vars = &out.variables;
        let (p, _) = program(node, &path, ExprKind::AuditAnnotation, None, &env, vars)?;
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
            kube,
        };
        let (p, _) = program(node, &path, kind, None, &env, &out.variables)?;
        out.mutations.push((pt, p));
    }
    out.messages_max = out.messages_max();
    out.names_id = names_id(&out.variables);
    Some(out)
}

/// The variables one evaluation binds, bound once per request and param: every policy's
/// evaluations read the same vector (binding them anew per evaluation copied each value
/// and was a share of a run with many policies). Its entry `variables` each policy sets to
/// its own ([`Compiled::composite`]).
#[derive(Clone)]
pub(crate) struct Input {
    vars: Vec<(&'static str, Value)>,
    /// The run is told what an `authorizer` check answers (else they are not decidable
    /// offline).
    authorizer: bool,
    /// What each variable of the policy being evaluated cost when it was bound
    /// ([`Compiled::bind`]), charged to each filter that reads it ([`Spent`]).
    var_costs: Vec<u64>,
    /// The [`Compiled::names_id`] of the `variables` map bound, if any.
    vars_id: Option<usize>,
}

/// Where each variable is in [`Input::vars`], counted from its end: the evaluator finds a
/// name by searching the bindings from the last, so the most read come last (`object` first
/// of all: every other name before it was a comparison at each of its reads).
const OBJECT: usize = 1;
const VARIABLES: usize = 2;
const REQUEST: usize = 3;
const PARAMS: usize = 4;

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
        // Room for the authorizer's two names.
        let mut vars = Vec::with_capacity(8);
        let known = authorizer.is_some();
        if let Some(a) = authorizer {
            // `authorizer.requestResource` is the check of the request's resource: with one
            // answer for every check, the authorizer's value stands for it.
            vars.push(("authorizer.requestResource", a.clone()));
            vars.push(("authorizer", a));
        }
        vars.extend([
            ("oldObject", old_object),
            ("namespaceObject", namespace_object),
            ("params", params),
            ("request", request),
            ("variables", Value::Null),
            ("object", object),
        ]);
        Input {
            vars,
            authorizer: known,
            var_costs: Vec::new(),
            vars_id: None,
        }
    }

    fn at(&mut self, from_end: usize) -> &mut Value {
        let i = self.vars.len() - from_end;
        &mut self.vars[i].1
    }

    pub(crate) fn set_object(&mut self, object: Value) {
        *self.at(OBJECT) = object;
    }

    pub(crate) fn set_params(&mut self, params: Value) {
        *self.at(PARAMS) = params;
    }

    /// `params` null (as it is for a policy without `paramKind`).
    pub(crate) fn clear_params(&mut self) {
        let slot = self.at(PARAMS);
        if !matches!(slot, Value::Null) {
            *slot = Value::Null;
        }
    }

    /// `request` (to rewrite its entries for an equivalent match).
    pub(crate) fn request_mut(&mut self) -> &mut Value {
        self.at(REQUEST)
    }

    /// The `variables` entry.
    fn variables(&mut self) -> &mut Value {
        self.at(VARIABLES)
    }

    /// Done with: its `variables` map (and the variables' costs) is kept for the next
    /// request's first composition on this thread ([`Compiled::new_composite`]), which
    /// otherwise built a map (its keys hashed) and dropped it per request.
    pub(crate) fn recycle(mut self) {
        let Some(id) = self.vars_id else {
            return;
        };
        let map = std::mem::replace(self.variables(), Value::Null);
        if matches!(map, Value::Map(_)) {
            SPARE.set(Some((id, map, std::mem::take(&mut self.var_costs))));
        }
    }
}

thread_local! {
    /// The `variables` map of the last request done with on this thread, with its
    /// [`Compiled::names_id`] and costs ([`Input::recycle`]).
    static SPARE: std::cell::Cell<Option<(usize, Value, Vec<u64>)>> =
        const { std::cell::Cell::new(None) };
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
    /// Whether the expressions stay within the runtime cost budget depends on which
    /// variables they read, which only the evaluation knows ([`Spent`]).
    CostUnknown,
    /// The validations that denied, in order: each one's index (the audit annotation's
    /// `expressionIndex`), message and reason; and what the audit annotations gave. Only
    /// denials are kept: a vector of every outcome per policy and request was an allocation
    /// each, when nearly every request is admitted.
    Validations(Vec<(usize, String, String)>, Vec<Audit>),
    /// Every validation passed and the policy has no audit annotations: what
    /// `Validations(vec![], vec![])` says, without two vectors to build, match and drop
    /// per policy and request.
    Admitted,
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

/// What one filter (apiserver `ForInput`: the validations, the messages, the audit
/// annotations, each in a composition of its own) has spent of its budget. The server
/// charges a variable to the expression that first reads it in the filter (`composition.go`,
/// `variableAccessor.Callback` reports its cost, `evaluateWithActivation` takes it from the
/// budget); a variable is bound here before every expression that may read it, so its cost
/// is known but not always whether the server charges it: `lo` is what is charged for sure
/// (each expression's own cost, and the variables it reads on every evaluation,
/// [`Program::certain`]), `hi` that and every variable bound for the filter's expressions.
struct Spent {
    lo: u64,
    hi: u64,
    /// The variables `hi` counts already.
    charged: Bound,
    /// The variables `lo` counts already (of the first 64).
    charged_lo: u64,
}

impl Spent {
    fn new(variables: usize) -> Spent {
        Spent {
            lo: 0,
            hi: 0,
            charged: Bound::new(variables),
            charged_lo: 0,
        }
    }

    fn add(&mut self, cost: u64) {
        self.lo = self.lo.saturating_add(cost);
        self.hi = self.hi.saturating_add(cost);
    }
}

/// How a validation came out: it passed, failed, or failed to evaluate (the server's error).
enum Outcome {
    Failed,
    Error(String),
}

impl Compiled {
    /// Evaluates the policy for one request; `ignore` is `failurePolicy: Ignore`.
    /// `validating/validator.go` (`Validate`): the match conditions (their own budget), then
    /// the validations, the message expressions and the audit annotations, each a filter of
    /// its own: the validations and the messages share `RuntimeCELCostBudget` (the messages
    /// get what the validations left), the audit annotations get it whole. A filter that runs
    /// out of it is an error of the whole evaluation, as the failure policy says; when the
    /// messages run out, every validation that did not fail to evaluate is that error
    /// (`failed messageExpression: ...`); when the audit annotations do, the validations'
    /// decisions are dropped for it.
    ///
    /// Out of line: inlined into the bindings' loop, its validations' loop (with each
    /// program's evaluator set up in place) shared that loop's registers, and spilled more than
    /// a call per policy costs.
    #[inline(never)]
    pub(crate) fn evaluate(&self, input: &mut Input, ignore: bool) -> Decision {
        let opts = self.opts;
        // No match conditions (most policies): matched, without the call.
        if !self.match_conditions.is_empty() {
            match self.conditions(input, opts) {
                Conditions::Matched => {}
                Conditions::NotMatched => return Decision::NotMatched,
                Conditions::Authorizer(t) => return Decision::Authorizer(t),
                Conditions::Error(message) => return error_decision(message, ignore),
            }
        }
        let mut bound = self.composite(input);
        let mut spent = Spent::new(self.variables.len());
        // The validations that did not pass, in order (none allocated when all pass).
        let mut failed: Vec<(usize, Outcome)> = Vec::new();
        for (i, v) in self.validations.iter().enumerate() {
            if v.program.undecidable(input) {
                return Decision::Authorizer(v.program.text.clone());
            }
            let result = self.run_truth(&v.program, input, &mut bound, &mut spent, opts);
            if spent.lo > RUNTIME_CEL_COST_BUDGET {
                return error_decision(OUT_OF_BUDGET.to_string(), ignore);
            }
            match result {
                // A passing validation (most of them): a bool, nothing to drop.
                Ok(true) | Err(Ok(Value::Bool(true))) => {}
                Ok(false) | Err(Ok(_)) => failed.push((i, Outcome::Failed)),
                Err(Err(e)) => failed.push((i, Outcome::Error(runtime_error(&v.program, &e)))),
            }
        }
        if spent.hi > RUNTIME_CEL_COST_BUDGET {
            return Decision::CostUnknown;
        }
        if failed.is_empty()
            && spent.hi.saturating_add(self.messages_max) <= RUNTIME_CEL_COST_BUDGET
        {
            // Every validation passed and the messages cannot run the budget out: nothing
            // of them is shown (most policies for most requests).
            std::mem::forget(failed);
            if self.audit_annotations.is_empty() {
                return Decision::Admitted;
            }
            return self.with_audits(Vec::new(), input, &bound, ignore);
        }
        // `messageFilter.ForInput` evaluates every message expression, with what the
        // validations left; only when that could run out are the passing validations'
        // evaluated here (their values are never shown).
        let mut messages: Vec<Option<Result<Value, String>>> = Vec::new();
        if spent.hi.saturating_add(self.messages_max) > RUNTIME_CEL_COST_BUDGET {
            let mut m = Spent::new(self.variables.len());
            let mut unknown = false;
            for v in &self.validations {
                let value = match &v.message_expression {
                    // It is evaluated without an authorizer (`expressionOptionalVars`), and
                    // what it costs is not known here.
                    Some(p) if p.undecidable(input) => {
                        unknown = true;
                        None
                    }
                    Some(p) => Some(self.run(p, input, &mut bound, &mut m, opts)),
                    None => None,
                };
                if spent.lo.saturating_add(m.lo) > RUNTIME_CEL_COST_BUDGET {
                    let out = self.validations.iter().enumerate().filter_map(|(i, _)| {
                        let own = failed
                            .iter()
                            .find(|(f, _)| *f == i)
                            .and_then(|(_, o)| match o {
                                Outcome::Error(e) => Some(e.clone()),
                                Outcome::Failed => None,
                            });
                        let message = own.unwrap_or_else(|| {
                            format!("failed messageExpression: {OUT_OF_BUDGET}")
                        });
                        (!ignore).then(|| (i, message, "Invalid".to_string()))
                    });
                    let out = out.collect();
                    return self.with_audits(out, input, &bound, ignore);
                }
                messages.push(value);
            }
            if unknown || spent.hi.saturating_add(m.hi) > RUNTIME_CEL_COST_BUDGET {
                return Decision::CostUnknown;
            }
        }
        let mut out = Vec::with_capacity(failed.len());
        for (i, outcome) in failed {
            match outcome {
                Outcome::Error(message) => {
                    if !ignore {
                        out.push((i, message, "Invalid".to_string()));
                    }
                }
                Outcome::Failed => {
                    let v = &self.validations[i];
                    let value = match messages.get_mut(i) {
                        Some(known) => known.take(),
                        None => v
                            .message_expression
                            .as_ref()
                            .filter(|p| !p.undecidable(input))
                            .map(|p| {
                                let mut m = Spent::new(self.variables.len());
                                self.run(p, input, &mut bound, &mut m, opts)
                            }),
                    };
                    out.push((i, message_text(v, value), v.reason.clone()));
                }
            }
        }
        // Evaluated whenever the policy applies, whatever the validations gave (`Validate`
        // evaluates them after the validations, without an authorizer).
        self.with_audits(out, input, &bound, ignore)
    }

    /// The policy's decision: the validations' denials `out` with what the audit annotations
    /// give, or the error of the whole evaluation when those run out of their budget.
    fn with_audits(
        &self,
        out: Vec<(usize, String, String)>,
        input: &Input,
        bound: &Bound,
        ignore: bool,
    ) -> Decision {
        match self.audits(input, bound, ignore) {
            Ok(audits) => Decision::Validations(out, audits),
            Err(d) => d.unwrap_or_else(|| error_decision(OUT_OF_BUDGET.into(), ignore)),
        }
    }

    /// `matchconditions/matcher.go`: any false condition means no match, even when another
    /// failed; otherwise the errors (`utilerrors.NewAggregate`) are the failure policy's.
    /// They share [`MATCH_CONDITIONS_BUDGET`], checked as each is evaluated, before any
    /// false one is looked at: after a false one the rest are evaluated only when their
    /// static estimate could run it out.
    fn conditions(&self, input: &Input, opts: eval::Options) -> Conditions {
        let mut errors: Vec<String> = Vec::new();
        let mut spent: u64 = 0;
        let mut not_matched = false;
        for (k, m) in self.match_conditions.iter().enumerate() {
            if not_matched {
                let rest = self.match_conditions[k..]
                    .iter()
                    .fold(0u64, |acc, p| acc.saturating_add(p.max_cost));
                if spent.saturating_add(rest) <= MATCH_CONDITIONS_BUDGET {
                    return Conditions::NotMatched;
                }
            }
            if m.undecidable(input) {
                return Conditions::Authorizer(m.text.clone());
            }
            // `variables` is bound too (to another policy's, or null): a match condition
            // cannot name it (it does not compile).
            let outcome = m.expr.evaluate(&input.vars, &opts);
            spent = spent.saturating_add(outcome.cost);
            if spent > MATCH_CONDITIONS_BUDGET {
                return Conditions::Error(OUT_OF_BUDGET.to_string());
            }
            match outcome.value {
                Ok(Value::Bool(false)) => not_matched = true,
                Ok(_) => {}
                Err(e) => errors.push(runtime_error(m, &e)),
            }
        }
        if not_matched {
            return Conditions::NotMatched;
        }
        match errors.len() {
            0 => Conditions::Matched,
            _ => Conditions::Error(aggregate(errors)),
        }
    }

    /// Starts a composition (`compositionContext.Variables`): `variables` in `input` becomes
    /// a map of this policy's variables, in order, none of them bound yet. The map already
    /// there is kept when it has the same names and nothing else holds it (the previous
    /// request's, or another policy's of the same names): building one per policy and
    /// request was most of binding the variables. Its values are then another evaluation's,
    /// which nothing reads: an expression runs only after every variable it may read is
    /// bound ([`Compiled::run`]).
    #[inline]
    fn composite(&self, input: &mut Input) -> Bound {
        let n = self.variables.len();
        if n == 0 {
            // Nothing names `variables` (it is not declared): whatever is bound stays.
            return Bound::new(0);
        }
        // The map left by the previous request (or a policy of the same names) fits: kept
        // without a call (most compositions).
        let fits = input.vars_id == Some(self.names_id)
            && input.var_costs.len() >= n
            && match input.variables() {
                Value::Map(m) => Arc::get_mut(m).is_some(),
                _ => false,
            };
        if !fits {
            self.new_composite(input);
        }
        Bound::new(n)
    }

    /// [`Compiled::composite`] when the map bound does not fit: a new one of this policy's
    /// names, none bound yet.
    #[cold]
    #[inline(never)]
    fn new_composite(&self, input: &mut Input) {
        let names = &self.variables;
        input.vars_id = Some(self.names_id);
        // The map of the request before, when nothing else holds it and it has these names;
        // else a new one.
        let spare = SPARE.take().filter(|(id, _, _)| *id == self.names_id);
        let spare = spare.and_then(|(_, map, costs)| match map {
            Value::Map(mut m) => Arc::get_mut(&mut m)
                .is_some()
                .then(|| (Value::Map(m), costs)),
            _ => None,
        });
        match spare {
            Some((map, costs)) => {
                *input.variables() = map;
                if input.var_costs.len() < costs.len() {
                    input.var_costs = costs;
                }
            }
            None => {
                *input.variables() = Value::map(
                    names
                        .iter()
                        .map(|(name, _)| (Key::String(name.clone()), Value::Null))
                        .collect(),
                );
            }
        }
        // Each entry is written when its variable is bound, before anything reads it.
        if input.var_costs.len() < names.len() {
            input.var_costs.resize(names.len(), 0);
        }
    }

    /// Binds variable `i` (those it reads are bound): its value, or the error value reading
    /// it gives (`variableAccessor.Callback`: `composited variable %q fails to evaluate:
    /// %v`), and what it cost (`input.var_costs`). One that reads an `authorizer` the run
    /// has no answer for is not evaluated: every expression that reads it is not decidable
    /// and is not run either.
    fn bind(&self, i: usize, input: &mut Input, opts: eval::Options) {
        let (name, p) = &self.variables[i];
        let (v, cost) = if p.undecidable(input) {
            (Value::Invalid(format!("no such key: {name}").into()), 0)
        } else {
            let outcome = p.expr.evaluate(&input.vars, &opts);
            let v = match outcome.value {
                Ok(v) => v,
                Err(e) => Value::Invalid(
                    format!("composited variable \"{name}\" fails to evaluate: {e}").into(),
                ),
            };
            (v, outcome.cost)
        };
        if let Some(c) = input.var_costs.get_mut(i) {
            *c = cost;
        }
        // Set in place: the map is copied only when a variable's value holds it.
        if let Value::Map(m) = input.variables() {
            // Most often nothing else holds it: no call to find that out.
            let map = match Arc::get_mut(m) {
                Some(map) => map,
                None => Arc::make_mut(m),
            };
            if let Some((_, slot)) = map.entries.get_index_mut(i) {
                let old = std::mem::replace(slot, v);
                // The slot's previous value is most often a scalar or null: nothing to free.
                if matches!(old, Value::Null | Value::Bool(_) | Value::Int(_)) {
                    std::mem::forget(old);
                }
            }
        }
    }

    /// Runs one program of the policy, its variables bound first as far as it may read them
    /// and `bound` has not already, and charges what it cost to `spent` (the variables it may
    /// read to `spent.hi`, once per filter). An error is worded as the server words it.
    fn run(
        &self,
        p: &Program,
        input: &mut Input,
        bound: &mut Bound,
        spent: &mut Spent,
        opts: eval::Options,
    ) -> Result<Value, String> {
        if !p.uses.is_empty() {
            self.bind_uses(p, input, bound, spent, opts);
        }
        let outcome = p.expr.evaluate(&input.vars, &opts);
        spent.add(outcome.cost);
        outcome.value.map_err(|e| runtime_error(p, &e))
    }

    /// [`Compiled::run`] of a validation, whose value is only looked at as a bool
    /// ([`eval::Prepared::truth`]: `Ok(b)` for the bool `b`, else the value or the error).
    #[inline(always)]
    fn run_truth(
        &self,
        p: &Program,
        input: &mut Input,
        bound: &mut Bound,
        spent: &mut Spent,
        opts: eval::Options,
    ) -> Result<bool, eval::value::EvalResult> {
        if !p.uses.is_empty() {
            self.bind_uses(p, input, bound, spent, opts);
        }
        let (value, cost) = p.expr.truth(&input.vars, &opts);
        spent.add(cost);
        value
    }

    /// Binds the variables `p` may read that `bound` has not, and charges each to `spent.hi`
    /// once per filter.
    #[inline(never)]
    fn bind_uses(
        &self,
        p: &Program,
        input: &mut Input,
        bound: &mut Bound,
        spent: &mut Spent,
        opts: eval::Options,
    ) {
        for &i in p.uses.iter() {
            if !bound.get(i) {
                self.bind(i, input, opts);
                bound.set(i);
            }
            let cost = || input.var_costs.get(i).copied().unwrap_or(0);
            if !spent.charged.get(i) {
                spent.charged.set(i);
                spent.hi = spent.hi.saturating_add(cost());
            }
            // Read for sure here (though maybe only possibly by an earlier expression).
            if i < 64 && p.certain & !spent.charged_lo & (1 << i) != 0 {
                spent.charged_lo |= 1 << i;
                spent.lo = spent.lo.saturating_add(cost());
            }
        }
    }

    /// Every expression of the policy (what [`super::reads::Reads`] looks at).
    pub(crate) fn exprs(&self) -> impl Iterator<Item = &ast::Expr> {
        let validations = self.validations.iter().flat_map(|v| {
            std::iter::once(v.program.expr.expr())
                .chain(v.message_expression.iter().map(|m| m.expr.expr()))
        });
        self.match_conditions
            .iter()
            .map(|p| p.expr.expr())
            .chain(self.variables.iter().map(|(_, p)| p.expr.expr()))
            .chain(validations)
            .chain(self.mutations.iter().map(|(_, p)| p.expr.expr()))
            .chain(self.audit_annotations.iter().map(|(_, p)| p.expr.expr()))
    }

    /// [`Compiled::messages_max`]: every message expression's [`Program::max_cost`] and
    /// those of the variables they may read, once each (saturating).
    fn messages_max(&self) -> u64 {
        let mut total: u64 = 0;
        let mut vars = Bound::new(self.variables.len());
        for p in self
            .validations
            .iter()
            .filter_map(|v| v.message_expression.as_ref())
        {
            total = total.saturating_add(p.max_cost);
            for &i in p.uses.iter() {
                if !vars.get(i) {
                    vars.set(i);
                    total = total.saturating_add(self.variables[i].1.max_cost);
                }
            }
        }
        total
    }

    /// The audit annotations' outcomes. apiserver's `validator.go` (`Validate`, every minor
    /// from 1.27) compiles `auditAnnotations[].valueExpression` with `authorizer` declared
    /// (`optionalVars`, `HasAuthorizer: true`, as `validateAuditAnnotation` checks it on
    /// create) but evaluates them with no authorizer bound (`OptionalVariableBindings`
    /// without `Authorizer`), in a composition of their own: one that reads it fails with the
    /// evaluator's missing-attribute error, offline as on a cluster, whatever
    /// `--admission-authorizer` says, and so does a variable that reads it, evaluated again
    /// there when one of them reads it. The other variables have the values the validations
    /// saw (a variable's value depends on nothing else). Only a policy with audit
    /// annotations pays for this. They have the whole budget to themselves; running out of
    /// it is `Err(None)` (the whole evaluation's error), and `Err(Some(CostUnknown))` when
    /// that depends on the variables they read.
    #[inline]
    fn audits(
        &self,
        input: &Input,
        bound: &Bound,
        ignore: bool,
    ) -> Result<Vec<Audit>, Option<Decision>> {
        if self.audit_annotations.is_empty() {
            return Ok(Vec::new());
        }
        self.audits_with_budget(input, bound, ignore)
    }

    /// [`Compiled::audits`] of a policy that has some.
    fn audits_with_budget(
        &self,
        input: &Input,
        bound: &Bound,
        ignore: bool,
    ) -> Result<Vec<Audit>, Option<Decision>> {
        let mut without = Input {
            vars: input
                .vars
                .iter()
                .filter(|(n, _)| !n.starts_with("authorizer"))
                .cloned()
                .collect(),
            // Nothing here waits on an answer: the authorizer is known to be absent.
            authorizer: true,
            var_costs: input.var_costs.clone(),
            vars_id: input.vars_id,
        };
        let mut bound = bound.clone();
        for (i, (_, p)) in self.variables.iter().enumerate() {
            if p.authorizer {
                bound.unset(i);
            }
        }
        let mut spent = Spent::new(self.variables.len());
        let mut out = Vec::new();
        for (key, p) in &self.audit_annotations {
            let v = self.run(p, &mut without, &mut bound, &mut spent, self.opts);
            if spent.lo > RUNTIME_CEL_COST_BUDGET {
                return Err(None);
            }
            out.extend(audit(key, p, v, ignore));
        }
        if spent.hi > RUNTIME_CEL_COST_BUDGET {
            return Err(Some(Decision::CostUnknown));
        }
        Ok(out)
    }

    /// A MutatingAdmissionPolicy's match conditions for one request (`input.object` the
    /// object before any of its mutations).
    pub(crate) fn mutation_conditions(&self, input: &Input, kube: KubeVersion) -> Conditions {
        self.conditions(input, options(kube))
    }

    /// Evaluates mutation `i` with `object` bound to the object as the mutations before it
    /// left it (`dispatcher.go` evaluates each mutation against the updated object, each in
    /// a composition of its own): its patch type and value; `Err` is the server's error
    /// text. A mutation that reads the `authorizer` is not decidable offline: `Ok(None)`.
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
        let mut bound = self.composite(input);
        let mut spent = Spent::new(self.variables.len());
        let v = self.run(p, input, &mut bound, &mut spent, options(kube))?;
        Ok(Some((*pt, v)))
    }
}

/// An error of the whole evaluation: a denial under `failurePolicy: Fail` (`ignore` false),
/// nothing under `Ignore` (`policyDecisionActionForError`).
fn error_decision(message: String, ignore: bool) -> Decision {
    let d = (!ignore).then(|| (0, message, "Invalid".to_string()));
    Decision::Validations(d.into_iter().collect(), Vec::new())
}

/// `utilerrors.NewAggregate(errs).Error()`: one error as it is, several (each distinct
/// message once) as `[A, B]`.
fn aggregate(errors: Vec<String>) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for e in &errors {
        if !seen.contains(&e.as_str()) {
            seen.push(e);
        }
    }
    match seen.as_slice() {
        [one] => one.to_string(),
        many => format!("[{}]", many.join(", ")),
    }
}

/// A failed validation's message: its `messageExpression`'s value when that is usable
/// (`value`, evaluated only for a failure unless the budget needed every one), else
/// `message`, else the expression's text.
fn message_text(v: &Validation, value: Option<Result<Value, String>>) -> String {
    let from_expression = value
        .and_then(Result::ok)
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

/// Which of a policy's variables a composition has bound: a word of flags, or one flag per
/// variable past 64 (no allocation for a policy of few variables, per policy and request).
#[derive(Clone)]
enum Bound {
    Few(u64),
    Many(Vec<bool>),
}

impl Bound {
    fn new(n: usize) -> Bound {
        if n <= 64 {
            Bound::Few(0)
        } else {
            Bound::Many(vec![false; n])
        }
    }

    fn get(&self, i: usize) -> bool {
        match self {
            Bound::Few(w) => w & (1 << i) != 0,
            Bound::Many(v) => v[i],
        }
    }

    fn set(&mut self, i: usize) {
        match self {
            Bound::Few(w) => *w |= 1 << i,
            Bound::Many(v) => v[i] = true,
        }
    }

    fn unset(&mut self, i: usize) {
        match self {
            Bound::Few(w) => *w &= !(1 << i),
            Bound::Many(v) => v[i] = false,
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::load;

    /// What each expression may read of `variables` ([`Program::uses`]): the variables it
    /// names (a presence test too), those they read in turn, and nothing for a name that
    /// only begins like one.
    #[test]
    fn an_expression_uses_the_variables_it_names_and_theirs() {
        let policy = "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: p}\nspec:\n  variables:\n  - {name: a, expression: \"object.metadata.name\"}\n  - {name: ab, expression: \"'x'\"}\n  - {name: c, expression: \"variables.a + '!'\"}\n  - {name: d, expression: \"variables.c + variables.ab\"}\n  validations:\n  - expression: \"variables.ab == 'x'\"\n  - expression: \"has(object.spec) || variables.d == ''\"\n  - expression: \"object.metadata.name != ''\"\n    messageExpression: \"variables.c\"\n";
        let doc = load(policy).remove(0).root.expect("policy");
        let c = compile(&doc, false, KubeVersion { minor: 34 }).expect("compiles");
        let uses = |p: &Program| p.uses.to_vec();
        let vars: Vec<Vec<usize>> = c.variables.iter().map(|(_, p)| uses(p)).collect();
        assert_eq!(vars, vec![vec![], vec![], vec![0], vec![0, 1, 2]]);
        let v = &c.validations;
        assert_eq!(uses(&v[0].program), vec![1]);
        assert_eq!(uses(&v[1].program), vec![0, 1, 2, 3]);
        assert_eq!(uses(&v[2].program), Vec::<usize>::new());
        let m = v[2].message_expression.as_ref().expect("message");
        assert_eq!(uses(m), vec![0, 2]);
    }
}
