//! Custom resources: prune, default and validate against a CRD version, with the API server's
//! semantics and messages.
//!
//! # The pipeline (the server's create path)
//!
//! [`validate_resource`] runs, in the server's order:
//!
//! 1. **Version**: the object's `apiVersion`, or [`Options::version`]; a version the CRD does not
//!    serve is an error and ends the pipeline. With `--crd-version V` the object is treated as
//!    converted with strategy `None` (only `apiVersion` changes) and an info note says when the
//!    two schemas differ.
//! 2. **Unknown fields** ([`prune`]): every field the structural schema does not know is reported
//!    (`unknown field "spec.foo"`, severity from [`Options::unknown_fields`]) and pruned;
//!    `metadata` is decoded like Go's `ObjectMeta` (unknown keys dropped, wrongly typed keys
//!    rejected); embedded resources get the same treatment.
//! 3. **Nulls and defaults**: nulls in non-nullable fields without a default are dropped, then
//!    defaults are applied top-down.
//! 4. **Validation** of the result: TypeMeta (stops here if wrong), ObjectMeta, the schema
//!    (`openapi`, a port of kube-openapi), the scale subresource paths, embedded resources,
//!    list-type uniqueness.
//! 5. **CEL rules** (`x-kubernetes-validations`), only when no earlier error blocks them
//!    ([`cel_blocked`]; otherwise `cr/cel-not-checked`), on the pruned, defaulted object with
//!    one runtime budget per object, by [`crate::cel::validator::Validator`]. Each failure is a
//!    `cr/cel-rule` diagnostic with the server's text, its `path` the server's field path and its
//!    span the node that path names (the `fieldPath` node when the rule gives one). Transition
//!    rules (`oldSelf`) run only with a previous version of the object
//!    ([`validate_resource_update`]). Rules that do not compile are skipped, with one
//!    `cr/cel-rules-skipped` note per CRD version ([`CompiledCrd::cel_rules_skipped`] lists them).
//!
//! Every diagnostic's `message` is the server's full error text (`spec.x: Invalid value: ...`),
//! `path` the field path in the user's document, and `span` the offending node (for values
//! inserted by defaulting: the nearest node that was in the file).
//!
//! # Updates
//!
//! [`validate_resource_update`] with an old object runs the server's update path instead
//! (`update`: status carried over from the old object, ObjectMeta update rules; `openapi` and
//! the CEL validator ratchet errors on unchanged values through
//! [`crate::schema::correlate`]). Minor-dependent behaviour comes from one table,
//! [`crate::k8s::behavior`], looked up once per resource.
//!
//! # Prune and default output
//!
//! [`Outcome::stored`] is the object as the server would store it: pruned **and** defaulted
//! (what `crdlint default` prints). One deliberate difference: when the status subresource is
//! enabled the server drops `status` on create; it is not validated, but `stored` keeps it so
//! that `--write` does not delete what the user wrote. [`prune_only`] runs steps 1–2 and returns the object with
//! only the unknown fields removed (what `crdlint prune` prints). [`rewrite_file`] turns either into
//! minimal edits of the original text for `--write` (or refuses, and the file is not written).
//!
//! # Cost
//!
//! [`CompiledCrd::compile`] reads a CRD's names and versions and keeps each distinct schema's
//! node (copied; [`CompiledCrd::compile_taking`] takes it out of a tree the caller drops next);
//! the per-schema work runs once, when the first resource that needs the version arrives:
//! schema converted, defaults pre-pruned, every `pattern` listed (compiled when a value first
//! reaches it), every CEL rule compiled (in
//! the stored-expressions environment the server uses for rules it already holds). A run that
//! validates 10 kinds of 107 CRDs compiles 10 schemas. Validating a resource
//! clones it once (for pruning/defaulting) and walks it a few times; names and paths for messages
//! are built only when an error is reported.

mod compiled;
mod finalizers;
mod locate;
pub mod near_miss;
mod old;
mod pipeline;
pub mod rewrite;
pub mod rules;
mod scale;
mod update;
#[cfg(test)]
mod update_tests;

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::cel::validator::{Limits, RuleError, Validator};
use crate::diag::{Diagnostic, ObjectRef, Rule, Severity, Span};
use crate::k8s::field::{BadValue, ErrorType, FieldError};
use crate::k8s::{Behavior, FieldPath, KubeVersion};
use crate::schema::Schema;
use crate::yaml::{Node, Value};

// The API server's schema semantics (pruning, defaulting, kube-openapi, ObjectMeta, list
// types) live in `apiext`, shared with the CRD linter; this module runs them in order.
use crate::apiext::link::Link;
use crate::apiext::listtype::Located;
use crate::apiext::subtrees::Subtrees;
use crate::apiext::{formats, listtype, objectmeta, openapi, prune};

pub use crate::apiext::{NameRule, UnknownField};
use compiled::*;
pub use compiled::{BuiltinKind, CompiledCrd};
use finalizers::*;
use locate::*;
pub use old::OldObjects;
use pipeline::*;
pub use rewrite::{rewrite_file, Change, Refusal};
use scale::*;

/// How unknown fields are reported (`--unknown-fields`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UnknownFields {
    /// As `kubectl apply` with strict field validation (its default).
    #[default]
    Error,
    Warn,
    Ignore,
}

#[derive(Clone, Debug, Default)]
pub struct Options {
    pub kube_version: KubeVersion,
    pub unknown_fields: UnknownFields,
    /// `--crd-version V`: validate against this CRD version instead of the object's apiVersion.
    pub version: Option<String>,
    /// The endpoint an update goes through (`crdlint test`'s status updates).
    pub subresource: Subresource,
    /// On update, report each error that ratcheting dropped as a `cr/ratcheted` info finding
    /// (`--verbose`).
    pub report_ratcheted: bool,
}

/// The endpoint a write goes through, where the CRD has the status subresource.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Subresource {
    /// The main resource: `status` is not written (dropped on create, the old one kept on
    /// update), so it is not validated as part of the request.
    #[default]
    Main,
    /// `/status`: the object is validated with the `status` it carries.
    Status,
}

impl Options {
    /// The compatibility version whose string formats apply (the server uses its own minor − 1).
    fn compat_minor(&self) -> u32 {
        self.kube_version.compatibility_version().minor
    }
}

/// The result of validating one resource.
#[derive(Debug, Default)]
pub struct Outcome {
    pub diagnostics: Vec<Diagnostic>,
    /// The object as the server would store it (pruned and defaulted), when it could be computed.
    pub stored: Option<Node>,
    /// The CRD version the object was validated against (for per-version summaries); `None`
    /// when no served version matched.
    pub version: Option<String>,
}

impl Outcome {
    /// True when any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Validates one custom resource whose group and kind match `crd`.
pub fn validate_resource(crd: &CompiledCrd, obj: &Node, opts: &Options) -> Outcome {
    run(crd, obj, None, opts, Stage::Full)
}

/// [`validate_resource`] for an update through the main endpoint, as the server's update
/// strategy runs it: `old` is the previous version of the object (as read from a file or git;
/// it is pruned and defaulted the same way before use). With `old: None` this is exactly
/// [`validate_resource`] (create). With an old object:
///
/// * transition rules (`oldSelf`) run, `oldSelf` bound to the correlated old node;
/// * with the status subresource the old object's `status` replaces the new one for
///   validation (rules on the root reading `self.status` see it);
/// * ObjectMeta gets the update checks (immutable name, namespace, uid, timestamps...) instead
///   of the create checks;
/// * from 1.30 (ratcheting) schema and CEL errors on values unchanged from the old object are
///   dropped, or reported as `cr/ratcheted` infos with [`Options::report_ratcheted`];
///   list-uniqueness is checked only if the old object passed it.
///
/// This is the library entry point for any caller that validates an update (the CLI's
/// `--old`/`--old-ref`, CRD upgrade checks validating stored objects as updates from
/// themselves: `validate_resource_update(crd, obj, Some(obj), opts)`).
pub fn validate_resource_update(
    crd: &CompiledCrd,
    obj: &Node,
    old: Option<&Node>,
    opts: &Options,
) -> Outcome {
    run(crd, obj, old, opts, Stage::Full)
}

/// [`validate_resource_update`] for a caller that reads only the diagnostics (and the
/// version): the outcome has no `stored` object. A resource that pruning, defaulting and
/// metadata coercion would leave unchanged (most are) is then validated as written, without
/// the copy the stored object needs; the diagnostics are the same.
pub fn validate_resource_findings(
    crd: &CompiledCrd,
    obj: &Node,
    old: Option<&Node>,
    opts: &Options,
) -> Outcome {
    run(crd, obj, old, opts, Stage::Findings)
}

/// [`validate_resource_findings`] of a created resource that the caller owns and reads no
/// more as written: one that only defaulting would change is defaulted in place (so `obj` may
/// come back defaulted) rather than copied. The outcome is the same.
pub fn validate_resource_findings_in_place(
    crd: &CompiledCrd,
    obj: &mut Node,
    opts: &Options,
) -> Outcome {
    run_findings_in_place(crd, obj, opts)
}

/// [`validate_resource`] of a created resource that the caller owns and reads no more as
/// written, for a caller that reads the stored object too: one that only defaulting would
/// change is defaulted in place, and `obj` is then the stored object (the outcome's `stored`
/// is `None`); any other one is copied, and `stored` holds it. The diagnostics are the same.
pub fn validate_resource_stored_in_place(
    crd: &CompiledCrd,
    obj: &mut Node,
    opts: &Options,
) -> Outcome {
    run_stored_in_place(crd, obj, opts)
}

/// Steps 1–2 of the pipeline only: the object with unknown fields pruned (including unknown
/// `metadata` keys), with the version and unknown-field diagnostics. This is what
/// `crdlint prune` prints; `crdlint default` prints [`validate_resource`]'s `stored`.
pub fn prune_only(crd: &CompiledCrd, obj: &Node, opts: &Options) -> Outcome {
    run(crd, obj, None, opts, Stage::Prune)
}

/// Error types after which the server does not evaluate CEL rules (`strategy.go`).
pub fn cel_blocked(errors: &[FieldError]) -> bool {
    cel_blocked_at(errors, Behavior::NEWEST)
}

/// [`cel_blocked`] as the minor of `b` decides it (enum violations block from 1.29).
pub fn cel_blocked_at(errors: &[FieldError], b: Behavior) -> bool {
    errors.iter().any(|e| {
        (b.cel_blocked_by_enum && e.kind == ErrorType::NotSupported)
            || matches!(
                e.kind,
                ErrorType::Required
                    | ErrorType::TooLong
                    | ErrorType::TooMany
                    | ErrorType::TypeInvalid
            )
    })
}

/// Every rule this module reports.
pub static RULES: &[&Rule] = rules::RULES;

#[cfg(test)]
mod tests;
