//! Every problem in one run: where the server stops checking a schema (it checks `default`s
//! only on a structural schema with no structural errors, and compiles `x-kubernetes-validations`
//! only when the defaults are valid too: apiextensions `validation.go`,
//! `validateCustomResourceDefinitionValidation`), the errors it would report on the next
//! attempt are found now, on the parts of the schema that are sound on their own; what cannot
//! be checked even so is named in a `schema/not-checked` note, so nothing is silently hidden.
//! (The rules of a node with a schema error at or below it, which the server never compiles, get
//! the same note from the walk: `Walker::walk`.)
//!
//! A part is sound when it converts to a structural schema and no structural error lies at or
//! below it. Its defaults are checked and its rules compiled with it as the schema root (rules
//! see only `self` and what is below it). Cost estimates are left out: a part's cost depends on
//! the lists above it, which a part alone does not know.

use super::validations::cel_rules;
use super::{not_checked, SchemaOpts};
use crate::diag::{Rule, Severity};
use crate::lint::ctx::{FErr, Loc, Sink};

use crate::yaml::Node;

pub static NOT_CHECKED: Rule = Rule {
    id: "schema/not-checked",
    severity: Severity::Info,
    summary: "Defaults or CEL rules the server does not check until the schema's errors are fixed",
    docs: "The API server checks `default`s only on a structural schema, and compiles \
`x-kubernetes-validations` only when the defaults are valid as well; with an error of that kind \
it reports that error alone. crdlint still checks the defaults and rules of every part of the \
schema that is sound on its own (those findings say so in their help), and names with this note \
the ones it could not check because the schema around them cannot be built: fix the errors above \
and run again to see them checked. The server also leaves out the rules of a node with any \
schema error at or below it (a `type: int` in one of its properties, a bad \
`x-kubernetes-list-type`, its own rule entries' `reason`); this note names those rules too, with \
the first such error.",
    bad: "type: object\nproperties:\n  spec:\n    x-kubernetes-validations:\n    - rule: self.size > 0\n    properties:\n      size: {type: integer}\n",
    good: "type: object\nproperties:\n  spec:\n    type: object\n    x-kubernetes-validations:\n    - rule: self.size > 0\n    properties:\n      size: {type: integer}\n",
};

/// Why the server stopped.
pub(super) enum Stop {
    /// The schema is not structural (conversion or structural errors): no defaults, no rules.
    NotStructural,
    /// The defaults are invalid: no rules.
    Defaults,
}

/// The checks the server skipped because of `stop`, on the sound parts of `schema`.
/// `blocked`: the nodes with schema errors at or below them, whose rules the server never
/// compiles (`Walker::blocked`).
pub(super) fn check(
    schema: &Node,
    sloc: &Loc,
    opts: &SchemaOpts,
    stop: Stop,
    blocked: &[String],
    sink: &mut Sink,
) {
    match stop {
        Stop::Defaults => {
            // The schema is structural: all its rules can be compiled.
            if let Some(kv) = opts.cel {
                let start = sink.diags.len();
                cel_rules(schema, sloc, kv, opts.cost_warn_percent, blocked, sink);
                mark(sink, start, DEFAULTS_FIRST);
            }
        }
        Stop::NotStructural => {
            // Where the structural errors are (a conversion failure has no path: every part is
            // tried on its own).
            let errs = crate::lint::structural::validate_structural(
                schema,
                sloc,
                &crate::lint::structural::StructOpts::default(),
            );
            let bad: Vec<String> = errs.iter().map(|e| e.err.path.to_string()).collect();
            parts(schema, sloc, opts, &bad, blocked, sink, 0);
        }
    }
}

const STRUCTURAL_FIRST: &str = "the server checks this only once the schema's structural errors are fixed (it stops at them); crdlint checked this part of the schema on its own";
const DEFAULTS_FIRST: &str = "the server compiles the rules only once the schema's defaults are valid (it stops at them); crdlint compiled them anyway";

/// Adds `why` to the help of the findings from `start` on.
fn mark(sink: &mut Sink, start_diags: usize, why: &str) {
    for (_, d) in sink.diags.iter_mut().skip(start_diags) {
        d.help = Some(match d.help.take() {
            Some(h) => format!("{h}\n{why}"),
            None => why.to_string(),
        });
    }
}

fn mark_errs(errs: &mut [FErr], why: &str) {
    for e in errs {
        e.help = Some(match e.help.take() {
            Some(h) => format!("{h}\n{why}"),
            None => why.to_string(),
        });
    }
}

/// Whether a structural error lies at or below the server path `at`.
fn has_error_below(bad: &[String], at: &str) -> bool {
    bad.iter().any(|p| {
        p.strip_prefix(at)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('.') || rest.starts_with('['))
    })
}

fn parts(
    s: &Node,
    loc: &Loc,
    opts: &SchemaOpts,
    bad: &[String],
    blocked: &[String],
    sink: &mut Sink,
    depth: usize,
) {
    if depth > 100 || s.as_map().is_none() {
        return;
    }
    let sound = !has_error_below(bad, &loc.server)
        && crate::lint::structural::conversion_error(s).is_none();
    if sound {
        let mut errs = super::super::defaults::validate_defaults(
            s,
            loc,
            opts.require_pruned_defaults,
            opts.kube,
        );
        if !errs.is_empty() {
            mark_errs(&mut errs, STRUCTURAL_FIRST);
            sink.errs.extend(errs);
            // As the server would next: rules wait for valid defaults.
            not_checked(
                s,
                loc,
                "the defaults here are invalid (see above), and rules are compiled only once they are valid",
                true,
                sink,
            );
            return;
        }
        if let Some(kv) = opts.cel {
            let start = sink.diags.len();
            cel_rules(s, loc, kv, None, blocked, sink);
            // Costs need the lists above this part: dropped here (see the module docs).
            let mut i = start;
            while i < sink.diags.len() {
                if sink.diags[i].1.rule.id.starts_with("cel/cost") {
                    sink.diags.remove(i);
                } else {
                    i += 1;
                }
            }
            mark(sink, start, STRUCTURAL_FIRST);
        }
        return;
    }
    not_checked(
        s,
        loc,
        "the schema here is not structural (see the errors above), and the server checks them only once it is",
        false,
        sink,
    );
    if let Some(props) = s.get("properties").and_then(Node::as_map) {
        for e in &props.entries {
            let l = loc.child("properties").key(&e.key);
            parts(&e.value, &l, opts, bad, blocked, sink, depth + 1);
        }
    }
    for k in ["items", "additionalProperties"] {
        if let Some(c) = s.get(k).filter(|c| c.as_map().is_some()) {
            parts(c, &loc.child(k), opts, bad, blocked, sink, depth + 1);
        }
    }
}
