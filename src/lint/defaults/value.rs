//! A default checked against its own schema: the subset of kube-openapi's validator that CRD
//! defaults go through, with its messages.

use super::{flag, kind_name, DEFAULT};
use crate::diag::Span;
use crate::lint::ctx::{get_seq, get_set, get_str, go_float, go_quote, Bad, ErrType, FErr, Loc};
use crate::yaml::{Map, Node, Value};

/// A subset of kube-openapi's validator with its messages (see module docs for what is left out).
pub(super) struct Validator<'a> {
    pub(super) out: &'a mut Vec<FErr>,
    pub(super) compat: crate::k8s::KubeVersion,
    pub(super) beh: crate::k8s::Behavior,
    pub(super) span: Span,
    pub(super) base: &'a Loc,
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

    /// Validates a default `x` against its schema `s` in kube-openapi's order: type,
    /// junctors, enum, then the checks of the value's kind.
    pub(super) fn value(&mut self, x: &Node, s: &Node, name: &str, depth: usize) {
        if depth > 100 || s.as_map().is_none() {
            return;
        }
        let t = get_str(s, "type").unwrap_or("");
        let ios = flag(s, "x-kubernetes-int-or-string");
        self.type_check(x, s, t, ios, name);
        if !x.is_null() {
            self.junctors(x, s, name, depth);
        }
        self.enum_check(x, s, name);
        match &x.value {
            Value::String(sv) => self.string(sv, s, t, ios, name),
            Value::Int(_) | Value::Float(_) => self.number(x, s, t, name),
            Value::Seq(items) => self.array(x, items, s, name, depth),
            Value::Map(m) => self.object(x, m, s, name, depth),
            _ => {}
        }
    }

    /// The type validator: `x-kubernetes-int-or-string` is `integer,string`, an integer is
    /// also a number, and `null` passes only a nullable schema.
    fn type_check(&mut self, x: &Node, s: &Node, t: &str, ios: bool, name: &str) {
        let nullable = flag(s, "nullable");
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
    }

    /// The enum validator (null never matches).
    fn enum_check(&mut self, x: &Node, s: &Node, name: &str) {
        let en = get_seq(s, "enum");
        if !en.is_empty() && !en.iter().any(|e| !x.is_null() && e.value_eq(x)) {
            let vals: Vec<String> = en
                .iter()
                .map(|e| match &e.value {
                    Value::String(s) => s.to_string(),
                    _ => crate::k8s::field::go_json_at(e, self.beh),
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
    }

    /// The string validators: lengths, `pattern`, then `format`.
    fn string(&mut self, sv: &str, s: &Node, t: &str, ios: bool, name: &str) {
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
                // `None`: too complex to check offline (`schema/pattern-too-complex`).
                Ok(Some(true) | None) => {}
                Ok(Some(false)) => self.push(
                    ErrType::Invalid,
                    name,
                    Bad::str(sv),
                    format!("{name} in body should match '{p}'"),
                ),
                Err(e) => self.push(
                    ErrType::Invalid,
                    name,
                    Bad::str(sv),
                    format!("{name} in body should match '{p}, but pattern is invalid: {e}'"),
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
            if let Some(f) = crate::schema::formats::effective_format(types, f, self.compat) {
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

    /// The number validators: the format's range, then `maximum` and `minimum` (bounds shown
    /// as integers for integer data, as Go does).
    fn number(&mut self, x: &Node, s: &Node, t: &str, name: &str) {
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

    /// The array validators: item counts, then each item against `items`.
    fn array(&mut self, x: &Node, items: &[Node], s: &Node, name: &str, depth: usize) {
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

    /// The object validators: property counts, `required`, then each property against its
    /// schema or `additionalProperties`.
    fn object(&mut self, x: &Node, m: &Map, s: &Node, name: &str, depth: usize) {
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
