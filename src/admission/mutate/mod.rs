//! The mutation engine of MutatingAdmissionPolicies: a policy's `mutations` applied in order to
//! an object, and `reinvocationPolicy` honoured, as apiserver
//! `pkg/admission/plugin/policy/mutating/dispatcher.go` does it (kubernetes `24a394e5`):
//!
//! * each mutation's expression is evaluated against the object as the previous mutation left
//!   it (the caller's evaluator does that; see [`apply`]); an `ApplyConfiguration` is merged
//!   ([`merge::apply_configuration`]), a `JSONPatch` applied ([`jsonpatch::apply`]);
//! * a mutation that fails is recorded and the next one still runs on the unchanged object (the
//!   dispatcher's `addConfigError`; the binding's `failurePolicy` then decides whether the
//!   request is denied: `Fail`, the default, denies it);
//! * a `JSONPatch` whose `test` fails leaves the object as it was, without an error;
//! * reinvocation ([`apply_all`]): after every policy has run once, if any mutation succeeded
//!   (the dispatcher marks the object dirty on every successful mutation, changed or not, and
//!   then asks to reinvoke every `IfNeeded` policy it invoked), the `IfNeeded` policies run once
//!   more, in order. There is no third round.
//!
//! # How the run calls it
//!
//! Per object that a MutatingAdmissionPolicy's binding matches (after the match conditions
//! pass), with the object as JSON (`Node::to_json`, after defaulting) and the kind's schema from
//! [`crate::admission::Kinds::schema`] (its `metadata` the whole ObjectMeta, as the server's
//! type converter has it):
//!
//! ```text
//! let policy = mutate::Policy::from_node(&policy_node);
//! let out = mutate::apply(&policy, &object, schema.as_ref(), &mut |i, m, current| {
//!     // evaluate m.expression (i is the mutation's index) with `object` = current,
//!     // `oldObject`, `request`, `params`, `namespaceObject`, `variables`, `authorizer`,
//!     // into a mutate::Patch (an Object{...} value as JSON, or the JSONPatch list)
//!     evaluate(i, m, current)
//! });
//! // out.object is what validation and `crdlint default` then see; each out.errors[i] is
//! // the server's error for mutation out.errors[i].mutation.
//! ```

pub mod jsonpatch;
pub mod merge;

use serde_json::Value;

use crate::schema::Schema;
use crate::yaml::Node;

pub use jsonpatch::Operation;

/// `patchType` of a mutation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatchType {
    ApplyConfiguration,
    JsonPatch,
}

/// One entry of `spec.mutations`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mutation {
    pub patch_type: PatchType,
    /// `applyConfiguration.expression` or `jsonPatch.expression`.
    pub expression: String,
}

/// `reinvocationPolicy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Reinvocation {
    #[default]
    Never,
    IfNeeded,
}

/// The parts of a MutatingAdmissionPolicy the engine needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    pub name: String,
    pub mutations: Vec<Mutation>,
    pub reinvocation: Reinvocation,
}

impl Policy {
    /// Reads a MutatingAdmissionPolicy object (a mutation without its expression is skipped,
    /// as the server compiles none for it: `compilation.go`).
    pub fn from_node(obj: &Node) -> Policy {
        let spec = obj.get("spec");
        let mutations = spec
            .and_then(|s| s.get("mutations"))
            .and_then(Node::as_seq)
            .unwrap_or(&[])
            .iter()
            .filter_map(|m| {
                let (pt, key) = match m.get_str("patchType")? {
                    "ApplyConfiguration" => (PatchType::ApplyConfiguration, "applyConfiguration"),
                    "JSONPatch" => (PatchType::JsonPatch, "jsonPatch"),
                    _ => return None,
                };
                let expression = m.at(&[key, "expression"])?.as_str()?.to_string();
                Some(Mutation {
                    patch_type: pt,
                    expression,
                })
            })
            .collect();
        let reinvocation = match spec.and_then(|s| s.get_str("reinvocationPolicy")) {
            Some("IfNeeded") => Reinvocation::IfNeeded,
            _ => Reinvocation::Never,
        };
        Policy {
            name: obj
                .at(&["metadata", "name"])
                .and_then(Node::as_str)
                .unwrap_or("")
                .to_string(),
            mutations,
            reinvocation,
        }
    }
}

/// An evaluated mutation.
#[derive(Clone, Debug, PartialEq)]
pub enum Patch {
    /// The `Object{...}` value as JSON (its `apiVersion`/`kind` are the object's: the server sets
    /// them).
    ApplyConfiguration(Value),
    /// The `JSONPatch{...}` list.
    JsonPatch(Vec<Operation>),
}

/// A mutation that failed, with the server's error text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MutationError {
    /// Index in `spec.mutations`.
    pub mutation: usize,
    pub message: String,
}

/// What applying a policy gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The object after the mutations that succeeded.
    pub object: Value,
    pub errors: Vec<MutationError>,
    /// Whether any mutation succeeded (the server's `Dirty`, which triggers reinvocation).
    pub dirty: bool,
}

/// Evaluates mutation `i` (`&Mutation`) against the current object; `Err` is the evaluation's
/// error text as the server words it (for example `expression '...' resulted in error: ...`).
pub type Evaluate<'a> = dyn FnMut(usize, &Mutation, &Value) -> Result<Patch, String> + 'a;

/// Applies one policy's mutations in order to `object` (`schema`: the kind's schema, `None`
/// when unknown: then every list is atomic and every map granular).
pub fn apply(
    policy: &Policy,
    object: &Value,
    schema: Option<&Schema>,
    eval: &mut Evaluate<'_>,
) -> Outcome {
    let mut cur = object.clone();
    let mut errors = Vec::new();
    let mut dirty = false;
    for (i, m) in policy.mutations.iter().enumerate() {
        let result = eval(i, m, &cur).and_then(|p| apply_patch(&cur, &p, schema));
        match result {
            Ok(next) => {
                cur = next;
                dirty = true;
            }
            Err(message) => errors.push(MutationError {
                mutation: i,
                message,
            }),
        }
    }
    Outcome {
        object: cur,
        errors,
        dirty,
    }
}

/// Applies one evaluated patch: the server's error text on failure.
pub fn apply_patch(
    object: &Value,
    patch: &Patch,
    schema: Option<&Schema>,
) -> Result<Value, String> {
    match patch {
        Patch::ApplyConfiguration(p) => {
            let mut p = p.clone();
            // The server sets the patch's kind to the object's (`smd.go`).
            if let (Value::Object(pm), Value::Object(om)) = (&mut p, object) {
                for k in ["apiVersion", "kind"] {
                    if let Some(v) = om.get(k) {
                        pm.insert(k.to_string(), v.clone());
                    }
                }
            }
            merge::apply_configuration(object, &p, schema)
        }
        Patch::JsonPatch(ops) => match jsonpatch::apply(object, ops) {
            Ok(jsonpatch::Applied::Patched(v)) => Ok(v),
            Ok(jsonpatch::Applied::TestFailed) => Ok(object.clone()),
            Err(e) => Err(format!("JSON Patch: {e}")),
        },
    }
}

/// The errors of one policy in a run of several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyError {
    /// Index of the policy in the slice given to [`apply_all`].
    pub policy: usize,
    pub error: MutationError,
}

/// Evaluates mutation `i` of policy `p` ([`apply_all`]).
pub type EvaluateIn<'a> = dyn FnMut(usize, usize, &Mutation, &Value) -> Result<Patch, String> + 'a;

/// Whether policy `p` is invoked on the current object (its match conditions, evaluated on
/// the object as the invocations before it left it); `true` is the reinvocation round.
pub type Gate<'a> = dyn FnMut(usize, bool, &Value) -> bool + 'a;

/// Applies every policy in order, then reinvokes once, if any mutation succeeded, the
/// `IfNeeded` ones that were invoked. `gate` decides each invocation in each round: the
/// dispatcher evaluates an invocation's match conditions before it decides whether to
/// reinvoke it (`dispatchInvocations`), so a policy whose conditions held at first may be
/// skipped on reinvocation, and one skipped at first is not reinvoked. `eval` is called with
/// the policy's index too.
pub fn apply_all(
    policies: &[Policy],
    object: &Value,
    schema: Option<&Schema>,
    gate: &mut Gate<'_>,
    eval: &mut EvaluateIn<'_>,
) -> (Value, Vec<PolicyError>) {
    let mut cur = object.clone();
    let mut errors = Vec::new();
    let mut dirty = false;
    let mut invoked = vec![false; policies.len()];
    let mut round = |cur: &mut Value, reinvoke: bool, dirty: &mut bool| {
        for (p, policy) in policies.iter().enumerate() {
            if !gate(p, reinvoke, cur) {
                continue;
            }
            if reinvoke && !(invoked[p] && policy.reinvocation == Reinvocation::IfNeeded) {
                continue;
            }
            invoked[p] = true;
            let out = apply(policy, cur, schema, &mut |i, m, o| eval(p, i, m, o));
            *cur = out.object;
            *dirty |= out.dirty;
            errors.extend(
                out.errors
                    .into_iter()
                    .map(|error| PolicyError { policy: p, error }),
            );
        }
    };
    round(&mut cur, false, &mut dirty);
    if dirty {
        let mut again = false;
        round(&mut cur, true, &mut again);
    }
    (cur, errors)
}

#[cfg(test)]
mod tests;
