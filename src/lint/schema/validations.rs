//! `x-kubernetes-validations`: the static checks of each rule entry and the CEL compilation the
//! server runs on a structural schema.

use super::walk::Walker;
use super::VALIDATION_RULE;
use crate::lint::ctx::{get_set, get_str, supported, value_span, Bad, ErrType, FErr, Loc, Sink};
use crate::yaml::Node;

impl Walker<'_, '_, '_> {
    /// The static (non-CEL) checks of `x-kubernetes-validations` (digest §1.16).
    pub(super) fn validation_rules(&mut self, s: &Node, loc: &Loc, rules: &[Node]) {
        // A field the emulated minor's ValidationRule lacks is dropped by its decoder, so it is
        // not checked (`crd/field-not-in-version` is its one finding).
        let has = |f: &str| crate::lint::decode::has_field("ValidationRule", f, self.opts.kube);
        let (message_expression, reason, field_path) =
            (has("messageExpression"), has("reason"), has("fieldPath"));
        for (i, r) in rules.iter().enumerate() {
            let rl = loc.child("x-kubernetes-validations").index(i);
            self.rule_and_message(r, &rl);
            if message_expression {
                self.message_expression(r, &rl);
            }
            if reason {
                self.reason(r, &rl);
            }
            if field_path {
                self.field_path(s, r, &rl);
            }
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
    let compiled = readable(
        crate::cel::rules::rules_diagnostics(&nodes, sink.src),
        &nodes,
        kv,
    );
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

/// The CEL findings as an author reads them, the server's words kept:
/// - a compile error's bad value is the whole rule struct (`field.Invalid(..., schema.XValidations[i], ...)`
///   in apiextensions `validation.go`): Go's `%#v` before 1.34, JSON from 1.34 (apimachinery
///   #132245, `Change::FieldValueJson`). The message keeps that dump; a help shows the rule.
/// - a rule that does not compile counts as not using `oldSelf`, so the server also reports its
///   `optionalOldSelf` as unused; that consequence goes into the compile error's help instead of
///   a second finding, which would be wrong for a rule that does use `oldSelf`.
fn readable(
    diags: Vec<crate::diag::Diagnostic>,
    nodes: &[crate::cel::rules::NodeRules<'_>],
    kv: crate::k8s::KubeVersion,
) -> Vec<crate::diag::Diagnostic> {
    use crate::cel::rules::{COMPILE, MESSAGE_EXPRESSION, OPTIONAL_OLD_SELF_UNUSED};
    let json = crate::k8s::Behavior::of(kv).field_value_json;
    // Each rule entry's path (`...x-kubernetes-validations[i]`) and the entry.
    let mut entries = Vec::new();
    for node in nodes {
        let xv = node.path.child("x-kubernetes-validations");
        for (i, r) in node.schema.rare().x_validations.iter().enumerate() {
            entries.push((xv.index(i).to_string(), r));
        }
    }
    let entry_of = |d: &crate::diag::Diagnostic| {
        let p = d.path.as_deref()?;
        entries.iter().find(|(base, _)| {
            p.strip_prefix(base.as_str())
                .is_some_and(|t| t.starts_with('.'))
        })
    };
    let failed: Vec<&str> = diags
        .iter()
        .filter(|d| std::ptr::eq(d.rule, &COMPILE))
        .filter_map(|d| entry_of(d).map(|(b, _)| b.as_str()))
        .collect();
    let mut cascades: Vec<(String, String)> = Vec::new();
    let mut out = Vec::with_capacity(diags.len());
    for mut d in diags {
        let Some((base, r)) = entry_of(&d) else {
            out.push(d);
            continue;
        };
        // Before the minor that has `optionalOldSelf`, the field is not the server's at all
        // (`crd/field-not-in-version` reports it).
        let old_self_field =
            crate::lint::decode::has_field("ValidationRule", "optionalOldSelf", kv);
        if std::ptr::eq(d.rule, &OPTIONAL_OLD_SELF_UNUSED) && !old_self_field {
            continue;
        }
        // Nor does it compile a `messageExpression` before the minor that has the field.
        if std::ptr::eq(d.rule, &MESSAGE_EXPRESSION)
            && !crate::lint::decode::has_field("ValidationRule", "messageExpression", kv)
        {
            continue;
        }
        if std::ptr::eq(d.rule, &OPTIONAL_OLD_SELF_UNUSED) && failed.contains(&base.as_str()) {
            cascades.push((base.clone(), d.message));
            continue;
        }
        let (what, text) = if std::ptr::eq(d.rule, &COMPILE) {
            ("rule", r.rule.as_str())
        } else if std::ptr::eq(d.rule, &MESSAGE_EXPRESSION) {
            ("messageExpression", r.message_expression.as_str())
        } else {
            out.push(d);
            continue;
        };
        if !json {
            let dump = crate::cel::rules::rule_json(r);
            d.message = d.message.replacen(&dump, &go_sharp_v_rule(r, kv), 1);
        }
        // A multi-line rule stays one help (its further lines indented, `diag::help_text`).
        let shown = format!(
            "the {what} as written: {}",
            crate::diag::help_text(text.trim())
        );
        d.help = Some(match d.help.take() {
            Some(h) => format!("{shown}\n{h}"),
            None => shown,
        });
        out.push(d);
    }
    for (base, msg) in cascades {
        let owner = out.iter_mut().find(|d| {
            std::ptr::eq(d.rule, &COMPILE)
                && d.path.as_deref() == Some(format!("{base}.rule").as_str())
        });
        if let Some(d) = owner {
            let also = format!(
                "the server also reports `{msg}` (a rule that does not compile counts as not using oldSelf); it goes away once the rule compiles"
            );
            d.help = Some(match d.help.take() {
                Some(h) => format!("{h}\n{also}"),
                None => also,
            });
        }
    }
    out
}

/// Go's `%#v` of the internal `apiextensions.ValidationRule` at Kubernetes `kv`: the struct's
/// fields are those of the minor (`decode::added_in`). A set pointer prints as its address,
/// which differs on every request: shown as `0x…`.
fn go_sharp_v_rule(
    r: &crate::schema::model::ValidationRule,
    kv: crate::k8s::KubeVersion,
) -> String {
    use crate::yaml::goquote::go_quote;
    let has = |f: &str| crate::lint::decode::has_field("ValidationRule", f, kv);
    let mut fields = vec![
        format!("Rule:{}", go_quote(&r.rule)),
        format!("Message:{}", go_quote(&r.message)),
    ];
    if has("messageExpression") {
        fields.push(format!(
            "MessageExpression:{}",
            go_quote(&r.message_expression)
        ));
    }
    if has("reason") {
        let p = if r.reason.is_some() { "0x…" } else { "nil" };
        fields.push(format!(
            "Reason:(*apiextensions.FieldValueErrorReason)({p})"
        ));
    }
    if has("fieldPath") {
        fields.push(format!("FieldPath:{}", go_quote(&r.field_path)));
    }
    if has("optionalOldSelf") {
        let p = if r.optional_old_self.is_some() {
            "0x…"
        } else {
            "nil"
        };
        fields.push(format!("OptionalOldSelf:(*bool)({p})"));
    }
    format!("apiextensions.ValidationRule{{{}}}", fields.join(", "))
}
