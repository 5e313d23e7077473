//! `x-kubernetes-validations`: the static checks of each rule entry and the CEL compilation the
//! server runs on a structural schema.

use super::walk::Walker;
use super::VALIDATION_RULE;
use crate::lint::ctx::{get_set, get_str, supported, value_span, Bad, ErrType, FErr, Loc, Sink};
use crate::yaml::Node;

impl Walker<'_, '_, '_> {
    /// The static (non-CEL) checks of `x-kubernetes-validations` (digest §1.16).
    pub(super) fn validation_rules(&mut self, s: &Node, loc: &Loc, rules: &[Node]) {
        for (i, r) in rules.iter().enumerate() {
            let rl = loc.child("x-kubernetes-validations").index(i);
            self.rule_and_message(r, &rl);
            self.message_expression(r, &rl);
            self.reason(r, &rl);
            self.field_path(s, r, &rl);
        }
    }

    /// `rule` is required; `message`, when set, is non-blank and on one line, and is required
    /// when the rule spans lines. One error at most, in this order.
    fn rule_and_message(&mut self, r: &Node, rl: &Loc) {
        let rule = get_str(r, "rule").unwrap_or("");
        let msg = get_str(r, "message").unwrap_or("");
        let trimmed_rule = rule.trim();
        let trimmed_msg = msg.trim();
        if trimmed_rule.is_empty() {
            self.err(
                &VALIDATION_RULE,
                ErrType::Required,
                &rl.child("rule"),
                value_span(r, "rule"),
                Bad::none(),
                "rule is not specified",
            );
        } else if !msg.is_empty() && trimmed_msg.is_empty() {
            self.err(
                &VALIDATION_RULE,
                ErrType::Invalid,
                &rl.child("message"),
                value_span(r, "message"),
                Bad::str(msg),
                "must be non-empty if specified",
            );
        } else if has_nl(trimmed_msg) {
            self.err(
                &VALIDATION_RULE,
                ErrType::Invalid,
                &rl.child("message"),
                value_span(r, "message"),
                Bad::str(msg),
                "must not contain line breaks",
            );
        } else if has_nl(trimmed_rule) && trimmed_msg.is_empty() {
            self.err(
                &VALIDATION_RULE,
                ErrType::Required,
                &rl.child("message"),
                r.span(),
                Bad::none(),
                "message must be specified if rule contains line breaks",
            );
        }
    }

    fn message_expression(&mut self, r: &Node, rl: &Loc) {
        let me = get_str(r, "messageExpression").unwrap_or("");
        if !me.is_empty() && me.trim().is_empty() {
            self.err(
                &VALIDATION_RULE,
                ErrType::Required,
                &rl.child("messageExpression"),
                value_span(r, "messageExpression"),
                Bad::none(),
                "messageExpression must be non-empty if specified",
            );
        }
    }

    fn reason(&mut self, r: &Node, rl: &Loc) {
        if let Some(reason) = get_set(r, "reason") {
            let v = reason.as_str().unwrap_or("");
            const REASONS: &[&str] = &[
                "FieldValueDuplicate",
                "FieldValueForbidden",
                "FieldValueInvalid",
                "FieldValueRequired",
            ];
            if !REASONS.contains(&v) {
                self.err(
                    &VALIDATION_RULE,
                    ErrType::NotSupported,
                    &rl.child("reason"),
                    reason.span(),
                    Bad::str(v),
                    supported(REASONS),
                );
            }
        }
    }

    /// `fieldPath`: non-blank, one line, and a path that exists in the schema `s` (checked only
    /// where the schema converts to a structural one).
    fn field_path(&mut self, s: &Node, r: &Node, rl: &Loc) {
        let fp = get_str(r, "fieldPath").unwrap_or("");
        let fspan = value_span(r, "fieldPath");
        if !fp.is_empty() && fp.trim().is_empty() {
            self.err(
                &VALIDATION_RULE,
                ErrType::Invalid,
                &rl.child("fieldPath"),
                fspan,
                Bad::str(fp),
                "must be non-empty if specified",
            );
        }
        if has_nl(fp) {
            self.err(
                &VALIDATION_RULE,
                ErrType::Invalid,
                &rl.child("fieldPath"),
                fspan,
                Bad::str(fp),
                "must not contain line breaks",
            );
        }
        if !fp.is_empty()
            && (self.root_converts || crate::lint::structural::conversion_error(s).is_none())
            && crate::k8s::fieldpath::valid_field_path(fp, s, true).is_err()
        {
            let mut e = FErr::new(
                &VALIDATION_RULE,
                ErrType::Invalid,
                &rl.child("fieldPath"),
                fspan,
                Bad::str(fp),
                "must be a valid path",
            );
            if let Err(why) = crate::k8s::fieldpath::valid_field_path(fp, s, true) {
                e.help = Some(why);
            }
            self.sink.push(e);
        }
    }
}

/// Whether the text has a line break (`\n` or `\r`), as the server checks it.
fn has_nl(t: &str) -> bool {
    t.contains('\n') || t.contains('\r')
}

/// CEL compilation of `x-kubernetes-validations` (issue 4's `crate::cel`), run as the server
/// does: only for a structural schema with valid defaults, and not for nodes with schema errors
/// at or below them (`blocked`). Findings come after the schema errors, with the server's path
/// kept in `server_path`.
pub(super) fn cel_rules(
    schema: &Node,
    sloc: &Loc,
    kv: crate::k8s::KubeVersion,
    cost_warn_percent: Option<u32>,
    blocked: &[String],
    sink: &mut Sink,
) {
    // Nothing to compile or cost without rules where the rule walks look (the model's
    // sub-schemas); stops at the first rule, where a full walk of the schema took 9 M of the
    // 465 M instructions of linting the 107 CRDs of the 10,000-resource workload.
    if !crate::schema::model::Schema::node_has_rules(schema) {
        return;
    }
    let model = crate::schema::model::Schema::from_node_for_rules(schema);
    let opts = crate::cel::CompileOptions::new(kv);
    let path = field_path(&sloc.user);
    let server = field_path(&sloc.server);
    let compiler = crate::cel::cost::KubernetesCompiler {
        options: opts.clone(),
    };
    // Compiled first: the cost walk then reuses the nodes' declared types.
    let nodes = crate::cel::rules::compile_crd_rules(&model, &path, &opts);
    let shared = crate::cel::cost::SharedTypes::new(&compiler, &nodes);
    let costs = crate::cel::cost::schema_costs(&model, &path, &server, &shared);
    let mut settings = crate::cel::cost::CostSettings::default();
    if let Some(p) = cost_warn_percent {
        settings.warn_percent = p;
    }
    let cost_diags =
        crate::cel::cost::check_schema_costs(&model, &costs, &path, &server, &settings);
    let compiled = crate::cel::rules::rules_diagnostics(&nodes, sink.src);
    for mut d in compiled.into_iter().chain(cost_diags) {
        let user = d.path.clone().unwrap_or_default();
        let node = user.split(".x-kubernetes-validations").next().unwrap_or("");
        let server_node = match node.strip_prefix(sloc.user.as_str()) {
            Some(rest) => format!("{}{rest}", sloc.server),
            None => node.to_string(),
        };
        if blocked.contains(&server_node) {
            continue;
        }
        if sloc.user != sloc.server && d.server_path.is_none() {
            if let Some(rest) = user.strip_prefix(sloc.user.as_str()) {
                d.server_path = Some(format!("{}{rest}", sloc.server));
            }
        }
        sink.push_diag(d);
    }
}

/// Parses a path of our own making (`spec.versions[0].schema.openAPIV3Schema`).
fn field_path(s: &str) -> crate::k8s::FieldPath {
    let mut p = crate::k8s::FieldPath::root();
    for part in s.split('.') {
        let (name, rest) = part.split_once('[').map_or((part, ""), |(n, r)| (n, r));
        if !name.is_empty() {
            p = p.child(name);
        }
        for idx in rest.split('[').filter(|x| !x.is_empty()) {
            let idx = idx.trim_end_matches(']');
            match idx.parse::<usize>() {
                Ok(i) => p = p.index(i),
                Err(_) => p = p.key(idx),
            }
        }
    }
    p
}
