//! Evaluating one node's rules: `self` and `oldSelf` converted once for all of them, the
//! per-call limit and the shared budget, and the server's wording of each failure
//! (messageExpression → message → `failed rule: <rule>`, reasons, fieldPath).

use super::walk::{Converted, Shared};
use super::{
    At, CompiledRule, Corr, ErrorType, Limits, NodeRules, RuleError, Validator,
    MAX_MESSAGE_EXPRESSION_BYTES,
};
use crate::cel::eval::convert::{to_value_needed, Needs};
use crate::cel::eval::interp::{evaluate, Options};
use crate::cel::eval::value::{render_field_value, ErrorKind, Value};
use crate::schema::{Schema, ValidationRule};
use crate::yaml::{Node, Value as Y};

impl Validator {
    fn type_word(&self) -> String {
        format!("{:?}", self.type_.as_deref().unwrap_or(""))
    }

    /// Runs the node's rules, in order, against the shared budget; returns the values it
    /// converted (for the children to share) unless it stopped early.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn expressions<'v>(
        &'v self,
        path: At<'_>,
        node: Option<&Schema>,
        obj: &Node,
        old: Option<&Node>,
        shared: Shared<'v>,
        corr: Corr<'_>,
        limits: Limits,
        budget: &mut i64,
        errs: &mut Vec<RuleError>,
    ) -> Option<Converted<'v>> {
        let invalid = |detail: String| RuleError {
            kind: ErrorType::Invalid,
            path: path.path(),
            value: Some(self.type_word()),
            detail,
            ratcheted: false,
        };
        if let Some(e) = &self.init_error {
            errs.push(invalid(format!("rule compiler initialization error: {e}")));
            return None;
        }
        let lazy = self.rules.as_ref()?;
        if *budget <= 0 {
            errs.push(invalid(
                "validation failed due to running out of cost budget, no further validation rules will be run".into(),
            ));
            *budget = -1;
            return None;
        }
        let schema = node.filter(|_| self.keeps_schema)?;
        let compiled = lazy.compiled(schema);
        let converted = self.convert(compiled, schema, obj, old, shared);
        let (self_v, old_v) = (&converted.new.0, converted.old.as_ref().map(|o| &o.0));
        let opts = Options {
            cost_limit: Some(limits.per_call_limit),
            fold_constants: true,
            behavior: limits.behavior,
        };
        // The activations are built once for all the node's rules, not once per rule.
        let self_only: [(&str, Value); 1] = [("self", self_v.clone())];
        let mut with_old: Option<(Activation, Activation)> = None;
        for c in &compiled.rules {
            let program = match &c.program {
                Ok(Some(p)) => p,
                Ok(None) => continue,
                Err(e) => {
                    errs.push(invalid(format!("rule compile error: {e}")));
                    continue;
                }
            };
            let optional_old = c.optional_old_self();
            if old_v.is_none() && !c.runs_without_old() {
                continue;
            }
            // `self`, then `oldSelf` when the rule reads it (an optional with
            // `optionalOldSelf`).
            let vars = if c.uses_old_self || optional_old {
                let (plain, optional) = with_old.get_or_insert_with(|| activations(self_v, old_v));
                if optional_old {
                    &optional[..]
                } else {
                    &plain[..]
                }
            } else {
                &self_only[..]
            };
            let out = evaluate(program, vars, opts);
            if out.cost > i64::MAX as u64 || out.cost as i64 > *budget {
                errs.push(invalid(
                    "validation failed due to running out of cost budget, no further validation rules will be run".into(),
                ));
                *budget = -1;
                return None;
            }
            *budget -= out.cost as i64;
            // Built only for a finding (most evaluations pass).
            let rule_str = || rule_error_string(&c.rule);
            match out.value {
                Err(e) if e.kind == ErrorKind::NoSuchOverload => {
                    errs.push(invalid(format!("'{e}': call arguments did not match a supported operator, function or macro signature for rule: {}", rule_str())));
                    continue;
                }
                // Not checked offline (a pattern too complex to compile here): no verdict.
                Err(e) if e.kind == ErrorKind::Unchecked => continue,
                Err(e) if e.kind == ErrorKind::CostLimit => {
                    errs.push(invalid(format!("'{e}': no further validation rules will be run due to call cost exceeds limit for rule: {}", rule_str())));
                    *budget = -1;
                    return None;
                }
                Err(e) => {
                    errs.push(invalid(format!("{e} evaluating rule: {}", rule_str())));
                    continue;
                }
                Ok(Value::Bool(true)) => continue,
                Ok(_) => {}
            }
            let failed = Failed {
                rule: c,
                path,
                obj,
                self_v,
                old_v,
                corr,
            };
            if !self.report_failure(failed, opts, limits, budget, errs) {
                return None;
            }
        }
        Some(converted)
    }

    /// `self` and `oldSelf` for this node's rules: the values an ancestor converted when they
    /// hold all the rules read, else converted here (on create, only what the rules that run
    /// then read). `oldSelf` only when some rule or message reads it.
    fn convert<'v>(
        &'v self,
        compiled: &'v NodeRules,
        schema: &Schema,
        obj: &Node,
        old: Option<&Node>,
        shared: Shared<'v>,
    ) -> Converted<'v> {
        let self_needs = match old {
            Some(_) => &compiled.self_needs,
            None => &compiled.create_needs,
        };
        let old_needs = &compiled.old_needs;
        let (new, new_needs) = match shared.new {
            Some((v, has)) if has.covers(self_needs) => (v.clone(), has),
            _ => (self.to_value(obj, schema, self_needs), self_needs),
        };
        let old = old
            .filter(|_| compiled.reads_old)
            .map(|o| match shared.old {
                Some((v, has)) if has.covers(old_needs) => (v.clone(), has),
                _ => (self.to_value(o, schema, old_needs), old_needs),
            });
        Converted {
            new: (new, new_needs),
            old,
        }
    }

    /// The node's object as a CEL value, converted as far as its rules read it.
    fn to_value(&self, obj: &Node, schema: &Schema, needs: &Needs) -> Value {
        to_value_needed(obj, schema, self.resource_root, needs)
    }

    /// Words a failed rule as the server does (messageExpression → message → `failed rule:
    /// <rule>`, reason, fieldPath) and reports it; false when the message expression ran out
    /// of budget and validation stops.
    fn report_failure(
        &self,
        f: Failed<'_>,
        opts: Options,
        limits: Limits,
        budget: &mut i64,
        errs: &mut Vec<RuleError>,
    ) -> bool {
        let c = f.rule;
        let corr = f.corr;
        let invalid = |detail: String| RuleError {
            kind: ErrorType::Invalid,
            path: f.path.path(),
            value: Some(self.type_word()),
            detail,
            ratcheted: false,
        };
        let rule_str = || rule_error_string(&c.rule);
        let mut fpath = f.path.path();
        if let Some(fp) = &c.field_path {
            if !fp.is_empty() {
                fpath = fpath.child(fp);
            }
        }
        let mut detail = None;
        if let Some(m) = &c.message {
            // The messageExpression runs with the plain activation: `oldSelf` is the old
            // value itself (never an optional), bound only when there is one.
            let mut mvars: Vec<(&str, Value)> = vec![("self", f.self_v.clone())];
            if let Some(o) = f.old_v {
                mvars.push(("oldSelf", o.clone()));
            }
            let out = evaluate(m, &mvars, opts);
            if out.cost > i64::MAX as u64 || out.cost as i64 > *budget {
                // messageExpression failures go through the rule's `addErr`: they ratchet.
                errs.push(RuleError {
                    path: fpath,
                    ratcheted: !c.uses_old_self && corr.should_ratchet(),
                    ..invalid("messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run".into())
                });
                *budget = -1;
                return false;
            }
            match out.value {
                Err(e) if e.kind == ErrorKind::CostLimit => {
                    errs.push(RuleError {
                        path: fpath,
                        ratcheted: !c.uses_old_self && corr.should_ratchet(),
                        ..invalid(format!("no further validation rules will be run due to call cost exceeds limit for messageExpression: {}", crate::yaml::goquote::go_quote(&c.rule.message_expression)))
                    });
                    *budget = -1;
                    return false;
                }
                Ok(Value::String(s)) => {
                    *budget -= out.cost as i64;
                    let t = s.trim();
                    if !t.is_empty()
                        && t.len() <= MAX_MESSAGE_EXPRESSION_BYTES
                        && !t.contains(['\n', '\r'])
                    {
                        detail = Some(t.to_string());
                    }
                }
                _ => *budget -= out.cost as i64,
            }
        }
        let detail = detail.unwrap_or_else(|| {
            if c.rule.message.is_empty() {
                format!("failed rule: {}", rule_str())
            } else {
                c.rule.message.trim().to_string()
            }
        });
        // Up to 1.34 the schema type stood in for the value.
        let value = match self.type_.as_deref() {
            _ if !limits.behavior.cel_rule_failure_value => Some(self.type_word()),
            Some("object") | Some("array") => None,
            _ => render_raw_value(f.obj),
        };
        let kind = match c.rule.reason.as_deref() {
            Some("FieldValueForbidden") => ErrorType::Forbidden,
            Some("FieldValueRequired") => ErrorType::Required,
            Some("FieldValueDuplicate") => ErrorType::Duplicate,
            _ => ErrorType::Invalid,
        };
        errs.push(RuleError {
            kind,
            path: fpath,
            value,
            detail,
            ratcheted: !c.uses_old_self && corr.should_ratchet(),
        });
        true
    }
}

/// `self` and `oldSelf` bound for the rules that read `oldSelf`: the old value itself, and
/// as an optional for rules with `optionalOldSelf` (`optional.none()` on create; a rule
/// without `optionalOldSelf` runs only when there is an old value).
type Activation = [(&'static str, Value); 2];

fn activations(self_v: &Value, old_v: Option<&Value>) -> (Activation, Activation) {
    let plain = old_v.cloned().unwrap_or(Value::Null);
    let optional = match old_v {
        Some(o) => Value::some(o.clone()),
        None => Value::none(),
    };
    (
        [("self", self_v.clone()), ("oldSelf", plain)],
        [("self", self_v.clone()), ("oldSelf", optional)],
    )
}

/// A rule that evaluated to something other than `true`, and where.
struct Failed<'a> {
    rule: &'a CompiledRule,
    path: At<'a>,
    obj: &'a Node,
    self_v: &'a Value,
    old_v: Option<&'a Value>,
    corr: Corr<'a>,
}

/// The bad value as apimachinery prints the raw (unstructured) value: `%v` for numbers and
/// bools (an integral JSON number stays an integer even under `type: number`), `%q` for
/// strings.
fn render_raw_value(n: &Node) -> Option<String> {
    match &n.value {
        Y::Int(i) => Some(i.to_string()),
        Y::Float(f) => render_field_value(&Value::Double(*f)),
        Y::Bool(b) => Some(b.to_string()),
        Y::String(s) => render_field_value(&Value::string(s)),
        Y::Null => Some("null".into()),
        Y::Seq(_) | Y::Map(_) => None,
    }
}

fn rule_error_string(r: &ValidationRule) -> String {
    if !r.message.is_empty() {
        r.message.trim().to_string()
    } else {
        r.rule.trim().to_string()
    }
}
