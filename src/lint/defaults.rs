//! Default values at CRD time (digest §3.3.3): a `default` must survive pruning unchanged and
//! must validate against its own schema (kube-openapi messages, path `<node>.default...`).
//!
//! Limitations (documented, not silently passed): for a failed `anyOf`/`oneOf` only the summary
//! error is reported (kube-openapi adds the errors of the alternative that matched best), and
//! the metadata of embedded resources is only checked for `apiVersion`/`kind` being strings.

use super::ctx::{get_seq, get_set, get_str, go_float, go_quote, Bad, ErrType, FErr, Loc};
use crate::diag::{Rule, Severity, Span};
use crate::yaml::{Node, Value};

pub static DEFAULT: Rule = Rule {
    id: "schema/default",
    severity: Severity::Error,
    summary: "a default must be pruned and must validate against its schema",
    docs: "The server applies defaults to every object it reads, so it rejects defaults that would \
be pruned (fields the schema does not declare) or that violate their own schema (wrong type, not in \
the enum, out of bounds, missing required fields).",
    bad: "replicas:\n  type: integer\n  minimum: 1\n  default: 0\n",
    good: "replicas:\n  type: integer\n  minimum: 1\n  default: 1\n",
};

fn flag(s: &Node, k: &str) -> bool {
    s.get(k).and_then(Node::as_bool) == Some(true)
}

/// `ValidateDefaults` with the root treated as an embedded resource.
pub(crate) fn validate_defaults(
    root: &Node,
    loc: &Loc,
    require_pruned: bool,
    compat: crate::k8s::KubeVersion,
    beh: crate::k8s::Behavior,
) -> Vec<FErr> {
    let mut out = Vec::new();
    let ctx = Ctx {
        require_pruned,
        compat,
        beh,
    };
    walk(root, &mut loc.clone(), true, None, &ctx, &mut out, 0);
    out
}

/// Where a node is inside a resource's `apiVersion`/`kind`/`metadata`: which one, and the keys
/// below it.
type Meta = Option<(String, Vec<String>)>;

/// Settings of one default-validation run.
struct Ctx {
    require_pruned: bool,
    /// The format compatibility version (the API server's minor - 1).
    compat: crate::k8s::KubeVersion,
    /// The emulated minor's behaviours: its Go runtime's `net/url` for `format: uri`.
    beh: crate::k8s::Behavior,
}

fn walk(
    s: &Node,
    loc: &mut Loc,
    is_root: bool,
    meta: Meta,
    ctx: &Ctx,
    out: &mut Vec<FErr>,
    depth: usize,
) {
    if depth > 200 || s.as_map().is_none() {
        return;
    }
    let embedded = is_root || flag(s, "x-kubernetes-embedded-resource");
    let meta = if embedded { None } else { meta };
    if let Some(d) = get_set(s, "default") {
        let dloc = loc.child("default");
        let span = d.span;
        let before = out.len();
        if let Some((which, sub)) = &meta {
            if let Some(e) = meta_default_error(d, which, sub) {
                out.push(FErr::new(
                    &DEFAULT,
                    ErrType::Invalid,
                    &dloc,
                    span,
                    Bad::any(d),
                    format!("must result in valid metadata: {e}"),
                ));
            }
        } else {
            if ctx.require_pruned && would_prune(d, Some(s), embedded, 0) {
                let mut e = FErr::new(
                    &DEFAULT,
                    ErrType::Invalid,
                    &dloc,
                    span,
                    Bad::any(d),
                    "must not have unknown fields",
                );
                e.help = Some(
                    "the default contains fields its schema does not declare; they would be pruned"
                        .into(),
                );
                out.push(e);
            }
            let mid = out.len();
            embedded_errors(d, Some(s), &dloc, embedded && !is_root, span, out, 0);
            if out.len() != mid {
                // coercion/metadata errors stop the chain before schema validation
                walk_children(s, loc, embedded, &meta, ctx, out, depth);
                return;
            }
        }
        if out.len() == before || meta.is_none() {
            let mid = out.len();
            let mut v = Validator {
                out,
                compat: ctx.compat,
                beh: ctx.beh,
                span,
                base: &dloc,
            };
            v.value(d, s, "", 0);
            if out.len() == mid && super::schema_has_rules(s) {
                cel_on_default(s, d, &dloc, embedded, span, out);
            }
        }
    }
    walk_children(s, loc, embedded, &meta, ctx, out, depth);
}

fn walk_children(
    s: &Node,
    loc: &mut Loc,
    embedded: bool,
    meta: &Meta,
    ctx: &Ctx,
    out: &mut Vec<FErr>,
    depth: usize,
) {
    if let Some(i) = get_set(s, "items").filter(|i| i.as_map().is_some()) {
        let m = loc.push_child("items");
        walk(i, loc, false, meta.clone(), ctx, out, depth + 1);
        loc.pop(m);
    }
    if let Some(p) = s.get("properties").and_then(Node::as_map) {
        for e in &p.entries {
            let sub = match meta {
                Some((w, path)) => {
                    let mut p = path.clone();
                    p.push(e.key.clone());
                    Some((w.clone(), p))
                }
                None if embedded
                    && matches!(e.key.as_str(), "metadata" | "apiVersion" | "kind") =>
                {
                    Some((e.key.clone(), Vec::new()))
                }
                None => None,
            };
            let m = loc.push_child_key("properties", &e.key);
            walk(&e.value, loc, false, sub, ctx, out, depth + 1);
            loc.pop(m);
        }
    }
}

/// Whether `pruning.Prune(x, s, isResourceRoot)` would remove anything.
fn would_prune(x: &Node, s: Option<&Node>, resource_root: bool, depth: usize) -> bool {
    if depth > 200 {
        return false;
    }
    let emb = resource_root || s.is_some_and(|s| flag(s, "x-kubernetes-embedded-resource"));
    if let Some(s) = s {
        if flag(s, "x-kubernetes-preserve-unknown-fields") {
            return skip_prune(x, s, emb, depth);
        }
    }
    match &x.value {
        Value::Map(m) => {
            let Some(s) = s else { return !m.is_empty() };
            let props = s.get("properties").and_then(Node::as_map);
            let ap = get_set(s, "additionalProperties");
            m.entries.iter().any(|e| {
                if emb && matches!(e.key.as_str(), "apiVersion" | "kind" | "metadata") {
                    return false;
                }
                if let Some(p) = props.and_then(|p| p.get(&e.key)) {
                    return would_prune(&e.value, Some(p), false, depth + 1);
                }
                match ap {
                    Some(ap) => would_prune(&e.value, ap.as_map().map(|_| ap), false, depth + 1),
                    None => true,
                }
            })
        }
        Value::Seq(items) => {
            let is = s
                .and_then(|s| get_set(s, "items"))
                .filter(|i| i.as_map().is_some());
            items.iter().any(|i| would_prune(i, is, false, depth + 1))
        }
        _ => false,
    }
}

fn skip_prune(x: &Node, s: &Node, emb: bool, depth: usize) -> bool {
    match &x.value {
        Value::Map(m) => {
            let props = s.get("properties").and_then(Node::as_map);
            let ap = get_set(s, "additionalProperties").filter(|a| a.as_map().is_some());
            m.entries.iter().any(|e| {
                if emb && matches!(e.key.as_str(), "apiVersion" | "kind" | "metadata") {
                    return false;
                }
                if let Some(p) = props.and_then(|p| p.get(&e.key)) {
                    return would_prune(&e.value, Some(p), false, depth + 1);
                }
                match ap {
                    Some(ap) => would_prune(&e.value, Some(ap), false, depth + 1),
                    None => false,
                }
            })
        }
        Value::Seq(items) => match get_set(s, "items").filter(|i| i.as_map().is_some()) {
            Some(is) => items.iter().any(|i| skip_prune(i, is, false, depth + 1)),
            None => false,
        },
        _ => false,
    }
}

fn kind_name(n: &Node) -> &'static str {
    match &n.value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Int(_) => "integer",
        Value::Float(_) => "number",
        Value::String(_) => "string",
        Value::Seq(_) => "array",
        Value::Map(_) => "object",
    }
}

/// A subset of kube-openapi's validator with its messages (see module docs for what is left out).
struct Validator<'a> {
    out: &'a mut Vec<FErr>,
    compat: crate::k8s::KubeVersion,
    beh: crate::k8s::Behavior,
    span: Span,
    base: &'a Loc,
}

impl Validator<'_> {
    fn loc(&self, name: &str) -> Loc {
        if name.is_empty() {
            self.base.clone()
        } else {
            self.base.child(name)
        }
    }
    fn push(&mut self, ty: ErrType, name: &str, bad: Bad, detail: String) {
        let loc = self.loc(name);
        let e = FErr::new(&DEFAULT, ty, &loc, self.span, bad, detail);
        if !self
            .out
            .iter()
            .any(|o| o.server == e.server && o.body() == e.body())
        {
            self.out.push(e);
        }
    }

    /// An error kube-openapi returns without a field (`errors.New`), which apiextensions reports
    /// at the validated value itself with an empty bad value.
    fn push_plain(&mut self, detail: String) {
        self.push(ErrType::Invalid, "", Bad::str(""), detail);
    }

    /// Whether `x` validates against `s`, with the errors it would produce.
    fn trial(&mut self, x: &Node, s: &Node, name: &str, depth: usize) -> Vec<FErr> {
        let mut out = Vec::new();
        let mut v = Validator {
            out: &mut out,
            compat: self.compat,
            beh: self.beh,
            span: self.span,
            base: self.base,
        };
        v.value(x, s, name, depth + 1);
        out
    }

    /// kube-openapi's schemaProps validator (`allOf`, `anyOf`, `oneOf`, `not`) with its
    /// messages. kube-openapi also lists the errors of the failed `anyOf`/`oneOf` alternative
    /// that matched best by its internal match count, which is not modelled here: only the
    /// summary error is reported for those (all of `allOf`'s errors are).
    fn junctors(&mut self, x: &Node, s: &Node, name: &str, depth: usize) {
        let alts = |k: &str| -> Vec<&Node> {
            get_seq(s, k)
                .iter()
                .filter(|a| a.as_map().is_some())
                .collect()
        };
        let quoted = go_quote(name);
        let any_of = alts("anyOf");
        if !any_of.is_empty()
            && !any_of
                .iter()
                .any(|a| self.trial(x, a, name, depth).is_empty())
        {
            self.push_plain(format!(
                "{quoted} must validate at least one schema (anyOf)"
            ));
        }
        let one_of = alts("oneOf");
        if !one_of.is_empty() {
            let valid = one_of
                .iter()
                .filter(|a| self.trial(x, a, name, depth).is_empty())
                .count();
            if valid != 1 {
                let extra = if valid == 0 {
                    "Found none valid".to_string()
                } else {
                    format!("Found {valid} valid alternatives")
                };
                self.push_plain(format!(
                    "{quoted} must validate one and only one schema (oneOf). {extra}"
                ));
            }
        }
        let all_of = alts("allOf");
        if !all_of.is_empty() {
            let mut valid = 0;
            for a in &all_of {
                let errs = self.trial(x, a, name, depth);
                if errs.is_empty() {
                    valid += 1;
                }
                for e in errs {
                    if !self
                        .out
                        .iter()
                        .any(|o| o.server == e.server && o.body() == e.body())
                    {
                        self.out.push(e);
                    }
                }
            }
            if valid != all_of.len() {
                let extra = if valid == 0 { ". None validated" } else { "" };
                self.push_plain(format!(
                    "{quoted} must validate all the schemas (allOf){extra}"
                ));
            }
        }
        if let Some(not) = get_set(s, "not").filter(|n| n.as_map().is_some()) {
            if self.trial(x, not, name, depth).is_empty() {
                self.push_plain(format!("{quoted} must not validate the schema (not)"));
            }
        }
    }

    fn value(&mut self, x: &Node, s: &Node, name: &str, depth: usize) {
        if depth > 100 || s.as_map().is_none() {
            return;
        }
        let t = get_str(s, "type").unwrap_or("");
        let ios = flag(s, "x-kubernetes-int-or-string");
        let nullable = flag(s, "nullable");
        // type
        let types: Vec<&str> = if ios {
            vec!["integer", "string"]
        } else if t.is_empty() {
            vec![]
        } else {
            vec![t]
        };
        if !types.is_empty() {
            let k = kind_name(x);
            let ok = match k {
                "null" => nullable,
                "integer" => types.iter().any(|t| *t == "integer" || *t == "number"),
                other => types.contains(&other),
            };
            if !ok {
                self.push(
                    ErrType::TypeInvalid,
                    name,
                    Bad::str(k),
                    format!(
                        "{name} in body must be of type {}: {}",
                        types.join(","),
                        go_quote(k)
                    ),
                );
            }
        }
        if !x.is_null() {
            self.junctors(x, s, name, depth);
        }
        // enum (null never matches)
        let en = get_seq(s, "enum");
        if !en.is_empty() && !en.iter().any(|e| !x.is_null() && e.value_eq(x)) {
            let vals: Vec<String> = en
                .iter()
                .map(|e| match &e.value {
                    Value::String(s) => s.clone(),
                    _ => super::ctx::go_json(e),
                })
                .collect();
            let q: Vec<String> = vals.iter().map(|v| go_quote(v)).collect();
            self.push(
                ErrType::NotSupported,
                name,
                Bad::any(x),
                format!("supported values: {}", q.join(", ")),
            );
        }
        match &x.value {
            Value::String(sv) => {
                let len = sv.chars().count() as i64;
                if let Some(m) = s.get("maxLength").and_then(Node::as_i64) {
                    if len > m {
                        self.push(
                            ErrType::TooLong,
                            name,
                            Bad::none(),
                            format!("may not be more than {m} bytes"),
                        );
                    }
                }
                if let Some(m) = s.get("minLength").and_then(Node::as_i64) {
                    if len < m {
                        self.push(
                            ErrType::Invalid,
                            name,
                            Bad::str(sv),
                            format!("{name} in body should be at least {m} chars long"),
                        );
                    }
                }
                if let Some(p) = get_str(s, "pattern").filter(|p| !p.is_empty()) {
                    match crate::schema::regex::is_match(p, sv) {
                        Ok(true) => {}
                        Ok(false) => self.push(
                            ErrType::Invalid,
                            name,
                            Bad::str(sv),
                            format!("{name} in body should match '{p}'"),
                        ),
                        Err(e) => self.push(
                            ErrType::Invalid,
                            name,
                            Bad::str(sv),
                            format!(
                                "{name} in body should match '{p}, but pattern is invalid: {e}'"
                            ),
                        ),
                    }
                }
                if let Some(f) = get_str(s, "format") {
                    let types: &[&str] = if ios {
                        &["integer", "string"]
                    } else if t.is_empty() {
                        &[]
                    } else {
                        std::slice::from_ref(&t)
                    };
                    if let Some(f) = crate::schema::formats::effective_format(types, f, self.compat)
                    {
                        if crate::schema::formats::validate_in(f, sv, self.beh) == Some(false) {
                            self.push(
                                ErrType::TypeInvalid,
                                name,
                                Bad::str(sv),
                                format!("{name} in body must be of type {f}: {}", go_quote(sv)),
                            );
                        }
                    }
                }
            }
            Value::Int(_) | Value::Float(_) => {
                if let Some(m) = range_error(x, t, get_str(s, "format").unwrap_or(""), name) {
                    self.push_plain(m);
                }
                let f = x.as_f64().unwrap_or(0.0);
                let int_data = matches!(x.value, Value::Int(_));
                let show = |b: f64| {
                    if int_data {
                        (b as i64).to_string()
                    } else {
                        go_float(b)
                    }
                };
                let excl = |k: &str| flag(s, k);
                if let Some(m) = s.get("maximum").and_then(Node::as_f64) {
                    if excl("exclusiveMaximum") && f >= m {
                        self.push(
                            ErrType::Invalid,
                            name,
                            Bad::any(x),
                            format!("{name} in body should be less than {}", show(m)),
                        );
                    } else if f > m {
                        self.push(
                            ErrType::Invalid,
                            name,
                            Bad::any(x),
                            format!("{name} in body should be less than or equal to {}", show(m)),
                        );
                    }
                }
                if let Some(m) = s.get("minimum").and_then(Node::as_f64) {
                    if excl("exclusiveMinimum") && f <= m {
                        self.push(
                            ErrType::Invalid,
                            name,
                            Bad::any(x),
                            format!("{name} in body should be greater than {}", show(m)),
                        );
                    } else if f < m {
                        self.push(
                            ErrType::Invalid,
                            name,
                            Bad::any(x),
                            format!(
                                "{name} in body should be greater than or equal to {}",
                                show(m)
                            ),
                        );
                    }
                }
            }
            Value::Seq(items) => {
                if let Some(m) = s.get("maxItems").and_then(Node::as_i64) {
                    if items.len() as i64 > m {
                        self.push(
                            ErrType::TooMany,
                            name,
                            Bad::int(items.len() as i64),
                            format!("must have at most {m} items"),
                        );
                    }
                }
                if let Some(m) = s.get("minItems").and_then(Node::as_i64) {
                    if (items.len() as i64) < m {
                        self.push(
                            ErrType::Invalid,
                            name,
                            Bad::json(x),
                            format!("{name} in body should have at least {m} items"),
                        );
                    }
                }
                if let Some(is) = get_set(s, "items").filter(|i| i.as_map().is_some()) {
                    for (i, it) in items.iter().enumerate() {
                        self.value(it, is, &format!("{name}[{i}]"), depth + 1);
                    }
                }
            }
            Value::Map(m) => {
                let n = m.len() as i64;
                if let Some(mx) = s.get("maxProperties").and_then(Node::as_i64) {
                    if n > mx {
                        self.push(
                            ErrType::TooMany,
                            name,
                            Bad::int(n),
                            format!("must have at most {mx} items"),
                        );
                    }
                }
                if let Some(mn) = s.get("minProperties").and_then(Node::as_i64) {
                    if n < mn {
                        self.push(
                            ErrType::Invalid,
                            name,
                            Bad::json(x),
                            format!("{name} in body should have at least {mn} properties"),
                        );
                    }
                }
                let child = |k: &str| {
                    if name.is_empty() {
                        k.to_string()
                    } else {
                        format!("{name}.{k}")
                    }
                };
                for r in get_seq(s, "required") {
                    if let Some(k) = r.as_str() {
                        if !m.contains_key(k) {
                            self.push(ErrType::Required, &child(k), Bad::none(), String::new());
                        }
                    }
                }
                let props = s.get("properties").and_then(Node::as_map);
                let ap = get_set(s, "additionalProperties");
                for e in &m.entries {
                    if let Some(ps) = props.and_then(|p| p.get(&e.key)) {
                        self.value(&e.value, ps, &child(&e.key), depth + 1);
                    } else if let Some(ap) = ap {
                        if ap.as_bool() == Some(false) {
                            self.push(
                                ErrType::Invalid,
                                name,
                                Bad::str(&e.key),
                                format!("{} in body is a forbidden property", child(&e.key)),
                            );
                        } else if ap.as_map().is_some() {
                            self.value(&e.value, ap, &child(&e.key), depth + 1);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// kube-openapi `IsValueValidAgainstRange` for a number under `type: integer|number`: the value
/// must fit the format (`int32`, `int64`/none for integers; `float` for numbers), judged on Go's
/// `%f`-style rendering of the decoded value as Go does.
fn range_error(x: &Node, ty: &str, format: &str, name: &str) -> Option<String> {
    let rep = match x.value {
        Value::Int(i) => i.to_string(),
        Value::Float(f) if f.is_finite() => {
            let r = format!("{f}");
            r.strip_suffix(".0").map(str::to_string).unwrap_or(r)
        }
        _ => return None,
    };
    let (bad, format) = match (ty, format) {
        ("integer", "int32") => (rep.parse::<i32>().is_err(), "int32"),
        ("integer", "int64") => (rep.parse::<i64>().is_err(), "int64"),
        ("integer", _) => (rep.parse::<i64>().is_err(), ""),
        ("number", "float") => (
            rep.parse::<f64>()
                .map_or(true, |v| v.is_finite() && (v as f32).is_infinite()),
            "float",
        ),
        _ => return None,
    };
    bad.then(|| {
        if format.is_empty() {
            format!("Checked value must be of type {ty} (default format) in {name}")
        } else {
            format!("Checked value must be of type {ty} with format {format} in {name}")
        }
    })
}

/// Why a `metadata` value does not decode into ObjectMeta (Go's JSON decoding), if it does not.
fn meta_decode_error(m: &Node) -> Option<String> {
    let Some(map) = m.as_map() else {
        return Some(format!(
            "json: cannot unmarshal {} into Go value of type v1.ObjectMeta",
            json_kind(m)
        ));
    };
    let bad = |field: &str, want: &str, v: &Node| {
        Some(format!(
            "json: cannot unmarshal {} into Go struct field ObjectMeta.{field} of type {want}",
            json_kind(v)
        ))
    };
    for e in &map.entries {
        let v = &e.value;
        if v.is_null() {
            continue;
        }
        match e.key.as_str() {
            "name" | "generateName" | "namespace" | "uid" | "resourceVersion" | "selfLink"
                if v.as_str().is_none() =>
            {
                return bad(&e.key, "string", v);
            }
            "generation" | "deletionGracePeriodSeconds" if v.as_i64().is_none() => {
                return bad(&e.key, "int64", v);
            }
            "labels" | "annotations" => match v.as_map() {
                None => return bad(&e.key, "map[string]string", v),
                Some(m) => {
                    if let Some(x) = m
                        .entries
                        .iter()
                        .find(|x| x.value.as_str().is_none() && !x.value.is_null())
                    {
                        return bad(&e.key, "string", &x.value);
                    }
                }
            },
            "finalizers" => match v.as_seq() {
                None => return bad(&e.key, "[]string", v),
                Some(items) => {
                    if let Some(x) = items.iter().find(|x| x.as_str().is_none()) {
                        return bad(&e.key, "string", x);
                    }
                }
            },
            _ => {}
        }
    }
    None
}

fn json_kind(v: &Node) -> &'static str {
    match &v.value {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Int(_) | Value::Float(_) => "number",
        Value::String(_) => "string",
        Value::Seq(_) => "array",
        Value::Map(_) => "object",
    }
}

/// ObjectMeta validation of an embedded resource's metadata: (field, message) pairs.
fn meta_validation(m: &Node) -> Vec<(&'static str, String)> {
    use crate::k8s::names::{is_path_segment_name, is_qualified_name, is_valid_label_value};
    let mut out = Vec::new();
    for f in ["name", "generateName"] {
        if let Some(n) = get_str(m, f) {
            for e in is_path_segment_name(n) {
                out.push((if f == "name" { "name" } else { "generateName" }, e));
            }
        }
    }
    if let Some(l) = m.get("labels").and_then(Node::as_map) {
        for e in &l.entries {
            for x in is_qualified_name(&e.key) {
                out.push(("labels", x));
            }
            for x in is_valid_label_value(e.value.as_str().unwrap_or("")) {
                out.push(("labels", x));
            }
        }
    }
    if let Some(a) = m.get("annotations").and_then(Node::as_map) {
        for e in &a.entries {
            for x in is_qualified_name(&e.key.to_lowercase()) {
                out.push(("annotations", x));
            }
        }
    }
    out
}

/// `objectmeta.Coerce` then `objectmeta.Validate` over a value: every embedded resource in it
/// (and the value itself when `resource_root`) needs string `apiVersion`/`kind`, decodable and
/// valid `metadata`. Errors are pushed with paths under `base`.
fn embedded_errors(
    x: &Node,
    s: Option<&Node>,
    loc: &Loc,
    resource_root: bool,
    span: Span,
    out: &mut Vec<FErr>,
    depth: usize,
) {
    if depth > 100 {
        return;
    }
    let Some(s) = s.filter(|s| s.as_map().is_some()) else {
        return;
    };
    match &x.value {
        Value::Map(m) => {
            if resource_root || flag(s, "x-kubernetes-embedded-resource") {
                let before = out.len();
                for k in ["apiVersion", "kind"] {
                    if let Some(v) = m.get(k).filter(|v| !v.is_null()) {
                        if v.as_str().is_none() {
                            out.push(FErr::new(
                                &DEFAULT,
                                ErrType::Invalid,
                                &loc.child(k),
                                span,
                                Bad::any(v),
                                "must be a string",
                            ));
                        }
                    }
                }
                if out.len() == before {
                    if let Some(md) = m.get("metadata").filter(|v| !v.is_null()) {
                        if let Some(e) = meta_decode_error(md) {
                            out.push(FErr::new(
                                &DEFAULT,
                                ErrType::Invalid,
                                &loc.child("metadata"),
                                span,
                                Bad::any(md),
                                e,
                            ));
                        }
                    }
                }
                if out.len() == before {
                    type_meta_checks(m.get("apiVersion"), m.get("kind"), loc, span, out);
                    if let Some(md) = m.get("metadata") {
                        for (f, e) in meta_validation(md) {
                            let v = md.get(f).map(Bad::any).unwrap_or(Bad::none());
                            out.push(FErr::new(
                                &DEFAULT,
                                ErrType::Invalid,
                                &loc.child("metadata").child(f),
                                span,
                                v,
                                e,
                            ));
                        }
                    }
                }
            }
            let props = s.get("properties").and_then(Node::as_map);
            let ap = get_set(s, "additionalProperties").filter(|a| a.as_map().is_some());
            for e in &m.entries {
                if let Some(p) = props.and_then(|p| p.get(&e.key)) {
                    embedded_errors(
                        &e.value,
                        Some(p),
                        &loc.child(&e.key),
                        false,
                        span,
                        out,
                        depth + 1,
                    );
                } else if let Some(ap) = ap {
                    embedded_errors(
                        &e.value,
                        Some(ap),
                        &loc.key(&e.key),
                        false,
                        span,
                        out,
                        depth + 1,
                    );
                }
            }
        }
        Value::Seq(items) => {
            let is = get_set(s, "items");
            for (i, it) in items.iter().enumerate() {
                embedded_errors(it, is, &loc.index(i), false, span, out, depth + 1);
            }
        }
        _ => {}
    }
}

/// `validateEmbeddedResource`'s apiVersion/kind rules.
fn type_meta_checks(
    api: Option<&Node>,
    kind: Option<&Node>,
    loc: &Loc,
    span: Span,
    out: &mut Vec<FErr>,
) {
    match api.filter(|v| !v.is_null()) {
        None => out.push(FErr::new(
            &DEFAULT,
            ErrType::Required,
            &loc.child("apiVersion"),
            span,
            Bad::none(),
            "",
        )),
        Some(v) => {
            let s = v.as_str().unwrap_or("");
            if s.is_empty() {
                out.push(FErr::new(
                    &DEFAULT,
                    ErrType::Invalid,
                    &loc.child("apiVersion"),
                    span,
                    Bad::str(s),
                    "must not be empty",
                ));
            } else if s.matches('/').count() > 1 {
                out.push(FErr::new(
                    &DEFAULT,
                    ErrType::Invalid,
                    &loc.child("apiVersion"),
                    span,
                    Bad::str(s),
                    format!("unexpected GroupVersion string: {s}"),
                ));
            }
        }
    }
    match kind.filter(|v| !v.is_null()) {
        None => out.push(FErr::new(
            &DEFAULT,
            ErrType::Required,
            &loc.child("kind"),
            span,
            Bad::none(),
            "",
        )),
        Some(v) => {
            let s = v.as_str().unwrap_or("");
            if s.is_empty() {
                out.push(FErr::new(
                    &DEFAULT,
                    ErrType::Invalid,
                    &loc.child("kind"),
                    span,
                    Bad::str(s),
                    "must not be empty",
                ));
            } else {
                let errs = crate::k8s::names::is_dns1035_label(&s.to_lowercase());
                if !errs.is_empty() {
                    out.push(FErr::new(
                        &DEFAULT,
                        ErrType::Invalid,
                        &loc.child("kind"),
                        span,
                        Bad::str(s),
                        format!(
                            "may have mixed case, but should otherwise match: {}",
                            errs.join(",")
                        ),
                    ));
                }
            }
        }
    }
}

/// A default inside an embedded resource's `apiVersion`/`kind`/`metadata`: placed in its
/// surrounding object, it must give valid type and object metadata.
fn meta_default_error(d: &Node, which: &str, sub: &[String]) -> Option<String> {
    match which {
        "apiVersion" | "kind" => {
            let Some(s) = d.as_str() else {
                return Some(format!(
                    "{which}: Invalid value: {}: must be a string",
                    super::ctx::go_json(d)
                ));
            };
            let mut out = Vec::new();
            let loc = Loc::new("");
            if which == "kind" {
                type_meta_checks(
                    Some(&Node::synthetic(Value::String("v1".into()))),
                    Some(d),
                    &loc,
                    d.span,
                    &mut out,
                );
            } else {
                type_meta_checks(
                    Some(d),
                    Some(&Node::synthetic(Value::String("Validation".into()))),
                    &loc,
                    d.span,
                    &mut out,
                );
            }
            let _ = s;
            out.first().map(|e| e.server_string())
        }
        _ => {
            // Build the metadata object with the default at its place.
            let mut v = d.clone();
            for k in sub.iter().rev() {
                let mut m = crate::yaml::Map::new();
                m.insert(k.clone(), v);
                v = Node::synthetic(Value::Map(m));
            }
            if let Some(e) = meta_decode_error(&v) {
                return Some(e);
            }
            meta_validation(&v)
                .into_iter()
                .next()
                .map(|(f, e)| format!("metadata.{f}: Invalid value: {e}"))
        }
    }
}

/// The node's CEL rules (and those below it) evaluated on its default, with `oldSelf` = the
/// default and then without `oldSelf`, as the server does at CRD time.
fn cel_on_default(
    s: &Node,
    d: &Node,
    dloc: &Loc,
    resource_root: bool,
    span: Span,
    out: &mut Vec<FErr>,
) {
    let model = crate::schema::model::Schema::from_node(s);
    let (mut errs, _) = crate::cel::eval::rules::evaluate_rules(&model, d, Some(d), resource_root);
    if errs.is_empty() {
        errs = crate::cel::eval::rules::evaluate_rules(&model, d, None, resource_root).0;
    }
    for e in errs {
        let rel = e.path.to_string();
        let loc = if e.path.is_root() {
            dloc.clone()
        } else if rel.starts_with('[') {
            Loc::two(
                format!("{}{rel}", dloc.user),
                format!("{}{rel}", dloc.server),
            )
        } else {
            dloc.child(&rel)
        };
        let ty = match e.kind.word() {
            "Required value" => ErrType::Required,
            "Forbidden" => ErrType::Forbidden,
            "Duplicate value" => ErrType::Duplicate,
            _ => ErrType::Invalid,
        };
        let bad = e.value.clone().map(Bad::raw).unwrap_or(Bad::none());
        let mut fe = FErr::new(&DEFAULT, ty, &loc, span, bad, e.detail.clone());
        fe.help = Some("the default fails the schema's x-kubernetes-validations rules".into());
        out.push(fe);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(j: serde_json::Value) -> Node {
        Node::from_json(&j)
    }

    #[test]
    fn pruning_detection_follows_the_server() {
        let s = n(serde_json::json!({"type": "object", "properties": {"a": {"type": "string"}}}));
        assert!(!would_prune(
            &n(serde_json::json!({"a": "x"})),
            Some(&s),
            false,
            0
        ));
        assert!(would_prune(
            &n(serde_json::json!({"a": "x", "b": 1})),
            Some(&s),
            false,
            0
        ));
        // resource roots keep apiVersion/kind/metadata
        assert!(!would_prune(
            &n(serde_json::json!({"kind": "K"})),
            Some(&s),
            true,
            0
        ));
        // additionalProperties: true has no schema: nested objects are emptied
        let m = n(serde_json::json!({"type": "object", "additionalProperties": true}));
        assert!(!would_prune(
            &n(serde_json::json!({"k": "v"})),
            Some(&m),
            false,
            0
        ));
        assert!(would_prune(
            &n(serde_json::json!({"k": {"x": 1}})),
            Some(&m),
            false,
            0
        ));
        // preserve-unknown-fields keeps unknown keys
        let p =
            n(serde_json::json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true}));
        assert!(!would_prune(
            &n(serde_json::json!({"k": {"x": 1}})),
            Some(&p),
            false,
            0
        ));
    }

    #[test]
    fn defaults_get_junctors_and_number_format_ranges() {
        let root = n(serde_json::json!({"type": "object", "properties": {
            "i": {"type": "integer", "format": "int32", "default": 3000000000i64},
            "j": {"type": "integer", "format": "int32", "default": 7},
            "any": {"type": "integer", "anyOf": [{"minimum": 10}, {"maximum": 0}], "default": 5},
            "one": {"type": "integer", "oneOf": [{"minimum": 0}, {"maximum": 10}], "default": 5},
            "all": {"type": "integer", "allOf": [{"minimum": 10}, {"maximum": 100}], "default": 5},
            "not": {"type": "string", "not": {"enum": ["x"]}, "default": "x"},
            "ok": {"type": "integer", "anyOf": [{"minimum": 10}, {"maximum": 0}],
                   "allOf": [{"minimum": -5}], "not": {"minimum": 100}, "default": -1}
        }}));
        let got: Vec<String> = validate_defaults(
            &root,
            &Loc::new("r"),
            true,
            crate::k8s::KubeVersion::default(),
            crate::k8s::Behavior::NEWEST,
        )
        .iter()
        .map(FErr::server_string)
        .collect();
        let want = [
            "r.properties[i].default: Invalid value: \"\": Checked value must be of type integer with format int32 in ",
            "r.properties[any].default: Invalid value: \"\": \"\" must validate at least one schema (anyOf)",
            "r.properties[one].default: Invalid value: \"\": \"\" must validate one and only one schema (oneOf). Found 2 valid alternatives",
            "r.properties[all].default: Invalid value: 5:  in body should be greater than or equal to 10",
            "r.properties[all].default: Invalid value: \"\": \"\" must validate all the schemas (allOf)",
            "r.properties[not].default: Invalid value: \"\": \"\" must not validate the schema (not)",
        ];
        for w in want {
            assert!(got.iter().any(|g| g == w), "missing {w:?} in {got:#?}");
        }
        assert_eq!(got.len(), want.len(), "{got:#?}");
    }

    #[test]
    fn defaults_are_validated_with_kube_openapi_messages() {
        let root = n(serde_json::json!({"type": "object", "properties": {
            "a": {"type": "integer", "default": "x"},
            "b": {"type": "object", "required": ["c"], "properties": {"c": {"type": "string"}}, "default": {}}
        }}));
        let got: Vec<String> = validate_defaults(
            &root,
            &Loc::new("r"),
            true,
            crate::k8s::KubeVersion::default(),
            crate::k8s::Behavior::NEWEST,
        )
        .iter()
        .map(FErr::server_string)
        .collect();
        assert_eq!(
            got,
            vec![
                "r.properties[a].default: Invalid value: \"string\":  in body must be of type integer: \"string\"",
                "r.properties[b].default.c: Required value",
            ]
        );
    }
}
