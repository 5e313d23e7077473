//! Rule-level compilation of `x-kubernetes-validations`, as apiextensions-apiserver
//! `pkg/apiserver/schema/cel/compilation.go` does it, and the CRD-wide walk the linter calls.
//!
//! Per rule ([`compile_rule`]): a blank rule yields nothing; otherwise the rule is compiled with
//! `self` (and `oldSelf`, optional when `optionalOldSelf: true`) typed by the node's declared type
//! and must be `bool`; a non-empty `messageExpression` must compile to `string`. A rule "uses
//! oldSelf" (is a transition rule) when the checked AST references `oldSelf`.
//!
//! Per CRD ([`compile_crd_rules`]): the structural schema is walked the way
//! `ValidateCustomResourceDefinitionOpenAPISchema` walks it (properties, additionalProperties,
//! items; junctors are not compiled by the server); each node's declared type comes from its
//! parent's when the parent is in a rule scope, else it is derived from the node (resource root
//! when it is the schema root or embedded). Transition rules under an uncorrelatable ancestor
//! (items of a non-`map` list, properties of a map-type other than granular/atomic) are refused.
//!
//! [`check_crd_rules`] turns the results into [`Diagnostic`]s with the server's messages (§1.16,
//! §5.4), a span on the offending token inside the rule when the source text is given, and a
//! hint naming the Kubernetes version that introduced a function the target version lacks.

use std::sync::Arc;

use super::cache::compile as compile_expr;
use super::location::offset_to_span as rule_offset_to_span;
use super::schema_types::{decl_type_at, ROOT_TYPE_NAME};
use super::{CompileError, CompileOptions, Compiled, DeclType, EnvKind, Type};
use crate::diag::{Diagnostic, Rule, Severity, Span};
use crate::k8s::field::go_json_string;
use crate::k8s::{FieldPath, KubeVersion};
use crate::schema::{Edge, Schema, ValidationRule};
use crate::yaml::Style;

/// The variable names of CRD rules.
pub const SELF_VAR: &str = "self";
pub const OLD_SELF_VAR: &str = "oldSelf";

/// A failed expression (rule or messageExpression).
#[derive(Clone, Debug)]
pub struct ExprError {
    /// The server's detail text (`compilation failed: ERROR: <input>:1:6: ...`,
    /// `cel expression must evaluate to a bool`, ...).
    pub detail: String,
    /// The parse/check errors behind a `compilation failed` detail, with positions.
    pub compile: Option<CompileError>,
    /// Our hint when the expression compiles in a newer version's environment.
    pub hint: Option<String>,
}

/// The outcome of compiling one `x-kubernetes-validations` entry.
#[derive(Clone, Debug, Default)]
pub struct RuleCompilation {
    /// The compiled rule; `None` for a blank rule or an error. Shared with every other
    /// compilation of the same text against the same types ([`super::cache`]).
    pub rule: Option<Arc<Compiled>>,
    pub error: Option<ExprError>,
    /// The rule references `oldSelf`.
    pub uses_old_self: bool,
    pub message_expression: Option<Arc<Compiled>>,
    pub message_expression_error: Option<ExprError>,
}

/// `self` and `oldSelf` for a rule on a node of declared type `decl`.
pub fn rule_vars(decl: &Arc<DeclType>, optional_old_self: bool) -> Vec<(String, Type)> {
    let t = decl.cel_type();
    let old = if optional_old_self {
        Type::optional(t.clone())
    } else {
        t.clone()
    };
    vec![(SELF_VAR.to_string(), t), (OLD_SELF_VAR.to_string(), old)]
}

fn version_hint(src: &str, vars: &[(String, Type)], opts: &CompileOptions) -> Option<String> {
    let newest = CompileOptions {
        kube_version: KubeVersion {
            minor: KubeVersion::NEWEST.minor + 1,
        },
        env: EnvKind::NewExpressions,
        ..opts.clone()
    };
    let c = compile_expr(src, vars, &newest).ok()?;
    let have = opts.env_minor();
    let mut newer: Vec<(u32, String)> = Vec::new();
    c.checked.expr.walk(&mut |e| {
        if let super::ast::ExprKind::Call { func, .. } = &e.kind {
            let since = c
                .checked
                .overload_ids(e.id)
                .iter()
                .filter_map(|id| super::decls::overload_since(id))
                .min();
            if let Some(s) = since {
                if s > have && !newer.iter().any(|(_, f)| f == func) {
                    newer.push((s, func.clone()));
                }
            }
        }
    });
    if newer.is_empty() {
        // Syntax or options that arrived later (optional types, cross-type comparisons).
        return Some(format!(
            "this expression compiles in the environment of Kubernetes 1.{} and later; the API server of {} compiles new rules against the Kubernetes 1.{} libraries",
            have + 2,
            opts.kube_version,
            have
        ));
    }
    newer.sort();
    let list: Vec<String> = newer
        .iter()
        .map(|(s, f)| {
            format!(
                "`{f}` (Kubernetes 1.{s}, usable in new CRD rules from 1.{})",
                s + 1
            )
        })
        .collect();
    Some(format!(
        "{} compiles new rules against the Kubernetes 1.{} libraries, which lack {}",
        opts.kube_version,
        have,
        list.join(", ")
    ))
}

fn failed(
    prefix: &str,
    e: CompileError,
    src: &str,
    vars: &[(String, Type)],
    opts: &CompileOptions,
) -> ExprError {
    // The errors' own help (a field one edit away), then whether a newer minor compiles it.
    let hint = match (e.help(), version_hint(src, vars, opts)) {
        (Some(a), Some(b)) => Some(format!("{a}\n{b}")),
        (a, b) => a.or(b),
    };
    ExprError {
        detail: format!("{prefix}: {e}"),
        hint,
        compile: Some(e),
    }
}

/// A detail without compile errors, placed at a code-point offset of `source` when known (so
/// a finding points at the failing constant, not the whole rule).
fn at_offset(detail: &str, source: &str, at: Option<usize>) -> ExprError {
    let Some(offset) = at else {
        return plain(detail);
    };
    let (line, column) = super::line_col(source, offset);
    ExprError {
        detail: detail.to_string(),
        compile: Some(CompileError {
            errors: vec![super::CelError {
                line,
                column,
                offset: Some(offset),
                message: detail.to_string(),
                help: None,
            }],
            source: source.to_owned(),
        }),
        hint: None,
    }
}

fn plain(detail: &str) -> ExprError {
    ExprError {
        detail: detail.to_string(),
        compile: None,
        hint: None,
    }
}

/// What cel-go's program planning rejects in a checked expression (`OptOptimize`): a type
/// conversion of a constant that fails (`int('abc')`, see [`plan_time_error`]), or a constant
/// regular expression given to `matches` or the Kubernetes `find`/`findAll` that does not
/// compile (the regex optimizations precompile them). Returns cel-go's or Go's error text.
///
/// [`plan_time_error`]: super::eval::interp::plan_time_error
pub fn program_error(c: &Compiled) -> Option<String> {
    program_failure(c).map(|(message, _)| message)
}

/// [`program_error`] and, for a failed constant conversion, the code-point offset of the call;
/// memoised in the (shared) compilation.
fn program_failure(c: &Compiled) -> Option<(String, Option<usize>)> {
    c.program_failure.get_or_init(|| plan_program(c)).clone()
}

fn plan_program(c: &Compiled) -> Option<(String, Option<usize>)> {
    // The validator's converted program when there is one; a compile check alone converts a
    // temporary (keeping it would hold an evaluator's tree per cached compilation).
    let planned = match c.program_if_built() {
        Some(p) => super::eval::interp::plan_time_error(p),
        None => super::eval::interp::plan_time_error(&super::eval::ast::from_checked(&c.checked)),
    };
    if let Some((id, e)) = planned {
        let at = c.offsets.get(&id).map(|&(start, _)| start as usize);
        return Some((e.message, at));
    }
    program_regex_error(c).map(|m| (m, None))
}

fn program_regex_error(c: &Compiled) -> Option<String> {
    let mut err = None;
    c.checked.expr.walk(&mut |e| {
        if err.is_some() {
            return;
        }
        let super::ast::ExprKind::Call { func, target, args } = &e.kind else {
            return;
        };
        if !matches!(func.as_str(), "matches" | "find" | "findAll") {
            return;
        }
        let re = if target.is_some() {
            args.first()
        } else {
            args.get(1)
        };
        if let Some(pattern) = re.and_then(|r| r.as_string_literal()) {
            // A pattern too complex to check offline is valid (Go accepts it).
            if let Err(e) = crate::schema::regex::compile(pattern) {
                err = Some(e);
            }
        }
    });
    err
}

/// Compiles one rule entry against a node of declared type `decl` (`compileRule`).
pub fn compile_rule(
    rule: &ValidationRule,
    decl: &Arc<DeclType>,
    opts: &CompileOptions,
) -> RuleCompilation {
    compile_rule_with(rule, decl, opts, false)
}

/// [`compile_rule`] for a caller that runs the rule: the evaluator's program of each
/// expression is built first ([`Compiled::program`]), so planning checks that one rather than a
/// temporary converted for the check alone.
pub fn compile_rule_to_run(
    rule: &ValidationRule,
    decl: &Arc<DeclType>,
    opts: &CompileOptions,
) -> RuleCompilation {
    compile_rule_with(rule, decl, opts, true)
}

fn compile_rule_with(
    rule: &ValidationRule,
    decl: &Arc<DeclType>,
    opts: &CompileOptions,
    to_run: bool,
) -> RuleCompilation {
    let program = |c: &Compiled| {
        if to_run {
            c.program();
        }
    };
    let mut out = RuleCompilation::default();
    if rule.rule.trim().is_empty() {
        return out;
    }
    let vars = rule_vars(decl, rule.optional_old_self == Some(true));
    match compile_expr(&rule.rule, &vars, opts) {
        Err(e) => {
            out.error = Some(failed("compilation failed", e, &rule.rule, &vars, opts));
            return out;
        }
        Ok(c) => {
            if *c.checked.result_type() != Type::Bool {
                out.error = Some(plain("cel expression must evaluate to a bool"));
                return out;
            }
            out.uses_old_self = c.checked.references_ident(OLD_SELF_VAR);
            program(&c);
            if let Some((e, at)) = program_failure(&c) {
                let detail = format!("program instantiation failed: {e}");
                out.error = Some(at_offset(&detail, &rule.rule, at));
                return out;
            }
            out.rule = Some(c);
        }
    }
    if !rule.message_expression.is_empty() {
        match compile_expr(&rule.message_expression, &vars, opts) {
            Err(e) => {
                out.message_expression_error = Some(failed(
                    "messageExpression compilation failed",
                    e,
                    &rule.message_expression,
                    &vars,
                    opts,
                ))
            }
            Ok(c) if *c.checked.result_type() != Type::String => {
                out.message_expression_error =
                    Some(plain("messageExpression must evaluate to a string"));
            }
            Ok(c) => {
                program(&c);
                if let Some((e, at)) = program_failure(&c) {
                    let detail = format!("messageExpression instantiation failed: {e}");
                    out.message_expression_error =
                        Some(at_offset(&detail, &rule.message_expression, at));
                } else {
                    out.message_expression = Some(c);
                }
            }
        }
    }
    out
}

/// One schema node that has rules, with its compilation results.
#[derive(Clone, Debug)]
pub struct NodeRules<'a> {
    /// The node's path in the CRD (e.g. `spec.validation.openAPIV3Schema.properties[spec]`).
    pub path: FieldPath,
    pub schema: &'a Schema,
    /// The declared type `self` has; `None` when the node is not visible to CEL (then
    /// `results` is empty and the server reports missing type information).
    pub decl: Option<Arc<DeclType>>,
    /// The highest uncorrelatable ancestor (where `oldSelf` is refused), if any.
    pub uncorrelatable: Option<FieldPath>,
    /// One result per `x-kubernetes-validations` entry, in order.
    pub results: Vec<RuleCompilation>,
}

/// Compiles every rule of a CRD version's schema. `path` is the schema root's CRD path.
pub fn compile_crd_rules<'a>(
    root: &'a Schema,
    path: &FieldPath,
    opts: &CompileOptions,
) -> Vec<NodeRules<'a>> {
    let mut out = Vec::new();
    walk(root, path, None, false, true, None, opts, &mut out);
    out
}

fn map_correlatable(map_type: Option<&str>) -> bool {
    matches!(map_type, None | Some("granular") | Some("atomic"))
}

#[allow(clippy::too_many_arguments)]
fn walk<'a>(
    s: &'a Schema,
    path: &FieldPath,
    from_parent: Option<Arc<DeclType>>,
    parent_in_scope: bool,
    is_root: bool,
    uncorrelatable: Option<FieldPath>,
    opts: &CompileOptions,
    out: &mut Vec<NodeRules<'a>>,
) {
    let in_scope = parent_in_scope || !s.rare().x_validations.is_empty();
    let decl = if in_scope {
        from_parent.or_else(|| {
            let beh = crate::k8s::Behavior::of(opts.kube_version);
            decl_type_at(s, is_root || s.x_embedded_resource, ROOT_TYPE_NAME, beh)
        })
    } else {
        None
    };
    if !s.rare().x_validations.is_empty() {
        let results = match &decl {
            Some(d) => s
                .rare()
                .x_validations
                .iter()
                .map(|r| compile_rule(r, d, opts))
                .collect(),
            None => Vec::new(),
        };
        out.push(NodeRules {
            path: path.clone(),
            schema: s,
            decl: decl.clone(),
            uncorrelatable: uncorrelatable.clone(),
            results,
        });
    }
    for (edge, child) in s.structural_children() {
        // A subtree without rules adds nothing (the cost walk skips them too).
        if !child.has_validation_rules() {
            continue;
        }
        let child_decl = decl.as_ref().and_then(|d| match edge {
            Edge::Property(name) => {
                super::escaping::escape(name).and_then(|e| d.field(&e).map(|f| f.ty.clone()))
            }
            Edge::Items | Edge::AdditionalProperties => d.elem().cloned(),
            _ => None,
        });
        let unc = match (&uncorrelatable, edge) {
            (Some(u), _) => Some(u.clone()),
            (None, Edge::Property(_)) if !map_correlatable(s.rare().x_map_type.as_deref()) => {
                Some(path.clone())
            }
            (None, Edge::Items) if !s.is_list_map() => Some(path.clone()),
            _ => None,
        };
        walk(
            child,
            &edge.append_to(path),
            child_decl,
            in_scope,
            false,
            unc,
            opts,
            out,
        );
    }
}

pub static COMPILE: Rule = Rule {
    id: "cel/compile",
    severity: Severity::Error,
    summary: "An `x-kubernetes-validations` rule does not compile",
    docs: "The API server parses and type-checks every `x-kubernetes-validations` rule against the schema when the \
CRD is created or updated, and refuses the CRD if a rule has a syntax error, refers to a field or function that does \
not exist, applies a function to the wrong types, or does not evaluate to a bool. New rules are compiled against the \
CEL libraries of the *previous* Kubernetes minor, so a function added in 1.N can only be used in new rules from 1.N+1.",
    bad: "x-kubernetes-validations:\n- rule: self.replicas == 'three'\n",
    good: "x-kubernetes-validations:\n- rule: self.replicas == 3\n",
};

pub static MESSAGE_EXPRESSION: Rule = Rule {
    id: "cel/message-expression",
    severity: Severity::Error,
    summary: "A `messageExpression` does not compile or does not evaluate to a string",
    docs: "`messageExpression` is compiled like the rule, with the same `self`, and must evaluate to a string. The \
API server refuses the CRD otherwise.",
    bad: "x-kubernetes-validations:\n- rule: self > 0\n  messageExpression: self\n",
    good: "type: string\nmaxLength: 64\nx-kubernetes-validations:\n- rule: self != 'none'\n  messageExpression: \"'got ' + self\"\n",
};

pub static OLD_SELF_UNCORRELATABLE: Rule = Rule {
    id: "cel/old-self-uncorrelatable",
    severity: Severity::Error,
    summary: "A transition rule (using `oldSelf`) sits where old and new values cannot be matched",
    docs: "A rule that uses `oldSelf` compares a value with its previous version. Inside the items of a list that is \
not `x-kubernetes-list-type: map` (or under a map type other than granular/atomic) the API server cannot tell which \
old item corresponds to which new one, so it refuses such rules.",
    bad: "type: array\nitems:\n  type: string\n  x-kubernetes-validations:\n  - rule: self == oldSelf\n",
    good: "type: array\nx-kubernetes-validations:\n- rule: self == oldSelf\nitems:\n  type: string\n",
};

pub static OPTIONAL_OLD_SELF_UNUSED: Rule = Rule {
    id: "cel/optional-old-self-unused",
    severity: Severity::Error,
    summary: "A rule sets `optionalOldSelf` but does not use `oldSelf`",
    docs: "`optionalOldSelf` only makes sense for transition rules; the API server refuses it on any other rule.",
    bad: "x-kubernetes-validations:\n- rule: self > 0\n  optionalOldSelf: true\n",
    good: "x-kubernetes-validations:\n- rule: self > 0\n",
};

pub static NO_TYPE_INFO: Rule = Rule {
    id: "cel/no-type-info",
    severity: Severity::Error,
    summary: "Rules sit on a schema node that CEL cannot see",
    docs: "Rules need a typed node: a node with only `x-kubernetes-preserve-unknown-fields: true` and no `type` has \
no CEL type, so the API server cannot compile rules placed on it.",
    bad: "x-kubernetes-preserve-unknown-fields: true\nx-kubernetes-validations:\n- rule: has(self.a)\n",
    good: "type: object\nproperties:\n  a:\n    type: string\nx-kubernetes-preserve-unknown-fields: true\nx-kubernetes-validations:\n- rule: has(self.a)\n",
};

/// Every rule this module reports.
pub static RULES: &[&Rule] = &[
    &COMPILE,
    &MESSAGE_EXPRESSION,
    &OLD_SELF_UNCORRELATABLE,
    &OPTIONAL_OLD_SELF_UNUSED,
    &NO_TYPE_INFO,
];

/// The internal `ValidationRule` struct as the server prints it as a bad value.
pub fn rule_json(r: &ValidationRule) -> String {
    format!(
        "{{\"Rule\":{},\"Message\":{},\"MessageExpression\":{},\"Reason\":{},\"FieldPath\":{},\"OptionalOldSelf\":{}}}",
        go_json_string(&r.rule),
        go_json_string(&r.message),
        go_json_string(&r.message_expression),
        r.reason.as_deref().map_or("null".to_string(), go_json_string),
        go_json_string(&r.field_path),
        r.optional_old_self.map_or("null".to_string(), |b| b.to_string()),
    )
}

fn expr_span(src: Option<&str>, span: Span, style: Style, text: &str, err: &ExprError) -> Span {
    let (Some(src), Some(ce)) = (src, &err.compile) else {
        return span;
    };
    let Some(first) = ce.errors.first() else {
        return span;
    };
    let offset = match first.offset {
        Some(o) => o,
        None => {
            // Parse errors carry a line and column: convert to a code-point offset.
            let mut off = 0;
            for (i, l) in text.split('\n').enumerate() {
                if i + 1 == first.line {
                    off += first.column.saturating_sub(1);
                    break;
                }
                off += l.chars().count() + 1;
            }
            off
        }
    };
    let byte = text
        .char_indices()
        .nth(offset)
        .map_or(text.len(), |(b, _)| b);
    let start = rule_offset_to_span(src, span, style, byte);
    let end_byte = text[byte..]
        .char_indices()
        .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
        .map_or(text.len(), |(i, _)| byte + i.max(1));
    let end = rule_offset_to_span(src, span, style, end_byte.min(text.len()));
    Span::new(start.start(), end.start().max(start.start()))
}

/// Every CEL finding for one CRD version's schema, in the server's words. `path` is the
/// schema root's CRD path (`spec.validation.openAPIV3Schema` or
/// `spec.versions[i].schema.openAPIV3Schema`); `src` is the file text, to place carets inside
/// rules (without it, findings point at the whole rule scalar).
///
/// The caller decides whether CEL is checked at all: the server skips it for a node when any
/// schema error exists at or below it, and entirely for non-structural schemas.
pub fn check_crd_rules(
    root: &Schema,
    path: &FieldPath,
    opts: &CompileOptions,
    src: Option<&str>,
) -> Vec<Diagnostic> {
    rules_diagnostics(&compile_crd_rules(root, path, opts), src)
}

/// The findings of [`check_crd_rules`] from the nodes [`compile_crd_rules`] returned (for a
/// caller that also uses the nodes' declared types, e.g. to estimate costs with them).
pub fn rules_diagnostics(nodes: &[NodeRules<'_>], src: Option<&str>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for node in nodes {
        let xv = node.path.child("x-kubernetes-validations");
        if node.decl.is_none() {
            out.push(
                Diagnostic::new(&NO_TYPE_INFO, node.schema.span, format!(
                    "{xv}: Internal error: internal error: failed to construct type information for x-kubernetes-validations rules: unable to convert structural schema to CEL declarations"
                ))
                .with_path(xv.to_string()),
            );
            continue;
        }
        for (i, (r, res)) in node
            .schema
            .rare()
            .x_validations
            .iter()
            .zip(&node.results)
            .enumerate()
        {
            let rp = xv.index(i);
            if let Some(e) = &res.error {
                let p = rp.child("rule");
                let span = expr_span(src, r.rule_span, r.rule_style, &r.rule, e);
                let mut d = Diagnostic::new(
                    &COMPILE,
                    span,
                    format!("{p}: Invalid value: {}: {}", rule_json(r), e.detail),
                )
                .with_path(p.to_string());
                if let Some(h) = &e.hint {
                    d = d.with_help(h.clone());
                }
                out.push(d);
            }
            if let Some(e) = &res.message_expression_error {
                let p = rp.child("messageExpression");
                let span = expr_span(
                    src,
                    r.message_expression_span,
                    r.message_expression_style,
                    &r.message_expression,
                    e,
                );
                let mut d = Diagnostic::new(
                    &MESSAGE_EXPRESSION,
                    span,
                    format!("{p}: Invalid value: {}: {}", rule_json(r), e.detail),
                )
                .with_path(p.to_string());
                if let Some(h) = &e.hint {
                    d = d.with_help(h.clone());
                }
                out.push(d);
            }
            if res.uses_old_self {
                if let Some(u) = &node.uncorrelatable {
                    let p = rp.child("rule");
                    out.push(
                        Diagnostic::new(&OLD_SELF_UNCORRELATABLE, r.rule_span, format!(
                            "{p}: Invalid value: {}: oldSelf cannot be used on the uncorrelatable portion of the schema within {u}",
                            go_json_string(&r.rule)
                        ))
                        .with_path(p.to_string())
                        .with_help("move the rule up to the list (or map) itself, or make the list `x-kubernetes-list-type: map` so items correlate by key"),
                    );
                }
            } else if let Some(b) = r.optional_old_self {
                // Reported whenever the rule does not (successfully) use oldSelf, as upstream does.
                let p = rp.child("optionalOldSelf");
                out.push(
                    Diagnostic::new(
                        &OPTIONAL_OLD_SELF_UNUSED,
                        r.span,
                        format!("{p}: Invalid value: {b}: may not be set if oldSelf is not used in rule"),
                    )
                    .with_path(p.to_string()),
                );
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lint(yaml: &str, minor: u32) -> Vec<Diagnostic> {
        let docs = crate::yaml::load(yaml);
        let node = docs[0].root.as_ref().expect("test YAML parses");
        let schema = Schema::from_node(node);
        let opts = CompileOptions::new(KubeVersion { minor });
        check_crd_rules(&schema, &FieldPath::new("schema"), &opts, Some(yaml))
    }

    #[test]
    fn compile_error_points_inside_the_rule() {
        let y = "type: object\nproperties:\n  replicas:\n    type: integer\nx-kubernetes-validations:\n- rule: \"self.replicas == 'three'\"\n";
        let ds = lint(y, 36);
        assert_eq!(ds.len(), 1, "{ds:?}");
        let d = &ds[0];
        assert_eq!(d.rule.id, "cel/compile");
        assert!(d.message.starts_with(
            "schema.x-kubernetes-validations[0].rule: Invalid value: {\"Rule\":\"self.replicas == 'three'\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: compilation failed: ERROR: <input>:1:15: found no matching overload for '_==_' applied to '(int, string)'"
        ), "{}", d.message);
        assert_eq!(&y[d.span.start()..d.span.start() + 2], "==");
    }

    /// The planning check is memoised in the shared compilation: every rule that shares it is
    /// refused, at its own place; subtrees without rules are skipped, not the rules beside them.
    #[test]
    fn a_shared_compilation_refuses_every_rule_that_uses_it() {
        let rule = "- rule: \"self == self || uint(-2) > 0u\"\n";
        let y = format!(
            "type: object\nproperties:\n  plain: {{type: object, properties: {{x: {{type: string}}}}}}\n  a:\n    type: object\n    x-kubernetes-validations:\n    {rule}  b:\n    type: object\n    x-kubernetes-validations:\n    {rule}"
        );
        let ds = lint(&y, 36);
        let paths: Vec<&str> = ds.iter().filter_map(|d| d.path.as_deref()).collect();
        assert_eq!(
            paths,
            [
                "schema.properties[a].x-kubernetes-validations[0].rule",
                "schema.properties[b].x-kubernetes-validations[0].rule"
            ],
            "{ds:#?}"
        );
        assert!(ds.iter().all(|d| d
            .message
            .ends_with("program instantiation failed: unsigned integer overflow")));
        assert_ne!(ds[0].span, ds[1].span);
    }

    /// cel-go plans constant conversions (OptOptimize), so a failing one makes the CRD invalid.
    #[test]
    fn failing_constant_conversion_fails_program_instantiation() {
        let y = "type: object\nx-kubernetes-validations:\n- rule: \"self == self || uint(-1) > 0u\"\n  messageExpression: \"string(bool('TrUe'))\"\n";
        let ds = lint(y, 36);
        let msgs: Vec<&str> = ds.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(ds.len(), 1, "{msgs:#?}");
        assert!(
            msgs[0].ends_with(": program instantiation failed: unsigned integer overflow"),
            "{}",
            msgs[0]
        );
        // The caret sits at the conversion.
        assert!(
            y[ds[0].span.start()..].starts_with("(-1)"),
            "{:?}",
            &y[ds[0].span.start()..]
        );
        let y = "type: string\nx-kubernetes-validations:\n- rule: self != ''\n  messageExpression: \"string(bool('TrUe'))\"\n";
        let ds = lint(y, 36);
        assert_eq!(ds.len(), 1);
        assert!(ds[0].message.ends_with(
            "messageExpression instantiation failed: type conversion error from 'string' to 'bool'"
        ));
        assert!(lint(
            "type: string\nx-kubernetes-validations:\n- rule: self != string(int('12'))\n",
            36
        )
        .is_empty());
    }

    #[test]
    fn block_scalar_caret() {
        let y = "type: object\nx-kubernetes-validations:\n- rule: |\n    self.a > 0 &&\n      self.nope\n";
        let ds = lint(y, 36);
        assert!(!ds.is_empty());
        assert!(
            y[ds[0].span.start()..].starts_with(".a"),
            "{:?}",
            &y[ds[0].span.start()..]
        );
    }

    #[test]
    fn transition_rules_and_optional_old_self() {
        let y = "type: object\nproperties:\n  list:\n    type: array\n    items:\n      type: string\n      x-kubernetes-validations:\n      - rule: self == oldSelf\n  num:\n    type: integer\n    x-kubernetes-validations:\n    - rule: self > 0\n      optionalOldSelf: true\n    - rule: self >= oldSelf\n";
        let ds = lint(y, 36);
        let msgs: Vec<&str> = ds.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(ds.len(), 2, "{msgs:#?}");
        assert_eq!(msgs[0], "schema.properties[list].items.x-kubernetes-validations[0].rule: Invalid value: \"self == oldSelf\": oldSelf cannot be used on the uncorrelatable portion of the schema within schema.properties[list]");
        assert_eq!(msgs[1], "schema.properties[num].x-kubernetes-validations[0].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule");
    }

    #[test]
    fn newer_functions_get_a_version_hint() {
        let y = "type: string\nx-kubernetes-validations:\n- rule: isIP(self)\n";
        let ds = lint(y, 30);
        assert_eq!(ds.len(), 1);
        assert!(ds[0].message.contains("undeclared reference to 'isIP'"));
        let h = ds[0].help.as_deref().unwrap_or("");
        assert!(
            h.contains("`isIP` (Kubernetes 1.30, usable in new CRD rules from 1.31)"),
            "{h}"
        );
        assert!(lint(y, 31).is_empty());
    }

    #[test]
    fn untyped_nodes_have_no_type_info_and_messages_must_be_strings() {
        let y = "type: object\nproperties:\n  any:\n    x-kubernetes-preserve-unknown-fields: true\n    x-kubernetes-validations:\n    - rule: has(self.a)\n  s:\n    type: string\n    x-kubernetes-validations:\n    - rule: self != ''\n      messageExpression: size(self)\n";
        let ds = lint(y, 36);
        let ids: Vec<&str> = ds.iter().map(|d| d.rule.id).collect();
        assert_eq!(ids, ["cel/no-type-info", "cel/message-expression"]);
        assert!(ds[1]
            .message
            .ends_with("messageExpression must evaluate to a string"));
    }
}
