//! The Kubernetes CEL libraries: `lists`, `regex` (`find`, `findAll`), `url`, `ip`, `cidr`,
//! `quantity`, `semver` and `format`.

use std::cmp::Ordering;
use std::sync::Arc;

use crate::k8s::Behavior;
use crate::schema::formats::gourl;

use super::super::lib::{self, IpAddress};
use super::super::value::{compare, equals, Entries, ErrorKind, EvalError, EvalResult, Key, Value};
use super::args::{b, err, not_here, nso, s};
use super::standard::add;

/// Kubernetes library functions; `not_here` when `func` is not one of them.
pub(super) fn call(beh: Behavior, func: &str, member: bool, args: &[Value]) -> EvalResult {
    use Value::*;
    match (func, args) {
        // ---- Kubernetes lists ----
        ("isSorted", [List(l)]) => {
            for w in l.items().windows(2) {
                if compare_list_elems(&w[0], &w[1])? == Ordering::Greater {
                    return b(false);
                }
            }
            b(true)
        }
        ("sum", [List(l), zero]) if l.is_empty() => Ok(zero.clone()),
        ("sum", [List(l), ..]) => {
            let mut acc: Option<Value> = None;
            for x in l.items() {
                acc = Some(match acc {
                    None => x.clone(),
                    Some(a) => add(&a, x)?,
                });
            }
            match acc {
                Some(v) => Ok(v),
                None => Ok(Int(0)),
            }
        }
        ("min" | "max", [List(l)]) => {
            let want = if func == "min" {
                Ordering::Less
            } else {
                Ordering::Greater
            };
            let mut it = l.items().iter();
            let Some(first) = it.next() else {
                return Err(err(format!("{func} called on empty list")));
            };
            let mut best = first;
            for x in it {
                if compare_list_elems(x, best)? == want {
                    best = x;
                }
            }
            Ok(best.clone())
        }
        ("indexOf", [List(l), x]) => Ok(Int(l
            .items()
            .iter()
            .position(|e| equals(e, x))
            .map(|p| p as i64)
            .unwrap_or(-1))),
        ("lastIndexOf", [List(l), x]) => Ok(Int(l
            .items()
            .iter()
            .rposition(|e| equals(e, x))
            .map(|p| p as i64)
            .unwrap_or(-1))),

        // ---- regex ----
        ("find", [String(a), String(re)]) => {
            let r = lib::regex(re)?;
            s(r.find(a).map(|m| m.as_str()).unwrap_or(""))
        }
        ("findAll", [String(a), String(re), rest @ ..]) if rest.len() <= 1 => {
            let r = lib::regex(re)?;
            let limit = match rest.first() {
                Some(Int(n)) => *n,
                Some(_) => return Err(nso()),
                None => -1,
            };
            let mut out = Vec::new();
            if limit != 0 {
                for m in r.find_iter(a) {
                    if limit > 0 && out.len() as i64 >= limit {
                        break;
                    }
                    out.push(Value::string(m.as_str()));
                }
            }
            Ok(Value::list(out))
        }

        // ---- URLs ----
        ("url", [String(st)]) => lib::Url::parse_request_uri(st, gourl::Options::of(beh))
            .map(|u| Value::Url(Arc::new(u)))
            .map_err(|e| {
                err(format!(
                    "URL parse error during conversion from string: {e}"
                ))
            }),
        ("isURL", [String(st)]) => b(lib::Url::is_url(st, gourl::Options::of(beh))),
        ("getScheme", [Value::Url(u)]) => s(u.scheme()),
        ("getHost", [Value::Url(u)]) => s(u.host()),
        ("getHostname", [Value::Url(u)]) => s(u.hostname()),
        ("getPort", [Value::Url(u)]) => s(u.port()),
        ("getEscapedPath", [Value::Url(u)]) => s(u.escaped_path()),
        ("getQuery", [Value::Url(u)]) => {
            let mut m = Entries::default();
            for (k, vs) in u.query(gourl::Options::of(beh)) {
                m.insert(
                    Key::String(Arc::from(k.as_str())),
                    Value::list(vs.iter().map(|v| Value::string(v)).collect()),
                );
            }
            Ok(Value::map(m))
        }

        // ---- IP / CIDR ----
        ("ip", [String(st)]) if !member => lib::parse_ip(st)
            .map(|ip| Ip(Arc::new(IpAddress(ip))))
            .map_err(err),
        ("isIP", [String(st)]) => b(lib::parse_ip(st).is_ok()),
        ("ip.isCanonical", [String(st)]) => {
            let ip = lib::parse_ip(st).map_err(err)?;
            b(ip.to_string() == **st)
        }
        ("family", [Ip(ip)]) => Ok(Int(lib::ip_family(&ip.0))),
        ("isUnspecified", [Ip(ip)]) => b(ip.0.is_unspecified()),
        ("isLoopback", [Ip(ip)]) => b(ip.0.is_loopback()),
        ("isLinkLocalMulticast", [Ip(ip)]) => b(lib::ip_is_link_local_multicast(&ip.0)),
        ("isLinkLocalUnicast", [Ip(ip)]) => b(lib::ip_is_link_local_unicast(&ip.0)),
        ("isGlobalUnicast", [Ip(ip)]) => b(lib::ip_is_global_unicast(&ip.0)),
        ("cidr", [String(st)]) => lib::parse_cidr(st).map(|c| Cidr(Arc::new(c))).map_err(err),
        ("isCIDR", [String(st)]) => b(lib::parse_cidr(st).is_ok()),
        ("containsIP", [Cidr(c), x]) => {
            let ip = match x {
                Ip(ip) => ip.0,
                String(st) => lib::parse_ip(st).map_err(err)?,
                _ => return Err(nso()),
            };
            b(c.contains_ip(&ip))
        }
        ("containsCIDR", [Cidr(c), x]) => {
            let other = match x {
                Cidr(o) => (**o).clone(),
                String(st) => lib::parse_cidr(st).map_err(err)?,
                _ => return Err(nso()),
            };
            b(c.contains_cidr(&other))
        }
        ("ip", [Cidr(c)]) if member => Ok(Ip(Arc::new(IpAddress(c.addr)))),
        ("masked", [Cidr(c)]) => Ok(Cidr(Arc::new(c.masked()))),
        ("prefixLength", [Cidr(c)]) => Ok(Int(c.prefix as i64)),

        // ---- quantity ----
        ("quantity", [String(st)]) => lib::Quantity::parse(st)
            .map(|q| Value::Quantity(Arc::new(q)))
            .map_err(|e| err(e.to_string())),
        ("isQuantity", [String(st)]) => b(lib::Quantity::parse(st).is_ok()),
        ("sign", [Value::Quantity(q)]) => Ok(Int(q.sign().into())),
        ("isInteger", [Value::Quantity(q)]) => b(q.as_i64().is_some()),
        ("asInteger", [Value::Quantity(q)]) => q
            .as_i64()
            .map(Int)
            .ok_or_else(|| err("cannot convert value to integer")),
        ("asApproximateFloat", [Value::Quantity(q)]) => Ok(Double(q.as_approximate_f64())),
        ("add" | "sub", [Value::Quantity(q), o]) => {
            let other = match o {
                Value::Quantity(o) => (**o).clone(),
                Int(i) => lib::Quantity::from_i64(*i),
                _ => return Err(nso()),
            };
            let r = if func == "sub" {
                q.sub(&other)
            } else {
                q.add(&other)
            };
            Ok(Value::Quantity(Arc::new(r)))
        }
        ("isGreaterThan" | "isLessThan" | "compareTo", [x, y]) => {
            let o = match (x, y) {
                (Value::Quantity(a), Value::Quantity(c)) => a.cmp_value(c),
                (Value::Semver(a), Value::Semver(c)) => a.compare(c),
                _ => return Err(nso()),
            };
            match func {
                "isGreaterThan" => b(o == Ordering::Greater),
                "isLessThan" => b(o == Ordering::Less),
                _ => Ok(Int(o as i64)),
            }
        }

        // ---- semver ----
        ("semver", [String(st), rest @ ..]) if rest.len() <= 1 => {
            let norm = matches!(rest.first(), Some(Bool(true)));
            lib::Semver::parse(st, norm)
                .map(|v| Value::Semver(Arc::new(v)))
                .map_err(err)
        }
        ("isSemver", [String(st), rest @ ..]) if rest.len() <= 1 => {
            let norm = matches!(rest.first(), Some(Bool(true)));
            b(lib::Semver::parse(st, norm).is_ok())
        }
        ("major", [Value::Semver(v)]) => Ok(Int(v.major as i64)),
        ("minor", [Value::Semver(v)]) => Ok(Int(v.minor as i64)),
        ("patch", [Value::Semver(v)]) => Ok(Int(v.patch as i64)),

        // ---- format ----
        ("format.named", [String(st)]) => Ok(if lib::FORMAT_NAMES.contains(&&**st) {
            Value::some(Format(st.clone()))
        } else {
            Value::none()
        }),
        ("validate", [Format(f), String(st)]) => {
            let errs = lib::validate_format(f, st, gourl::Options::of(beh)).unwrap_or_default();
            Ok(if errs.is_empty() {
                Value::none()
            } else {
                Value::some(Value::list(errs.iter().map(|e| Value::string(e)).collect()))
            })
        }
        (f, []) if f.starts_with("format.") && lib::FORMAT_NAMES.contains(&&f[7..]) => {
            Ok(Format(Arc::from(&f[7..])))
        }

        _ => Err(not_here()),
    }
}

/// Kubernetes lists library comparisons: elements must be comparable and of one type.
fn compare_list_elems(a: &Value, b: &Value) -> Result<Ordering, EvalError> {
    match compare(a, b) {
        Ok(o) => Ok(o),
        Err(e) if e.kind == ErrorKind::Other => Ok(Ordering::Equal),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use crate::cel::eval::{evaluate, parse_unchecked as parse, Options, Value};
    use crate::k8s::behavior::{since, Change};
    use crate::k8s::{Behavior, KubeVersion};

    /// Evaluates `src` as `minor` does, with cel-go's constant folding on or off.
    fn eval_at(minor: u32, fold: bool, src: &str) -> Value {
        let opts = Options {
            fold_constants: fold,
            behavior: Behavior::of(KubeVersion { minor }),
            ..Options::default()
        };
        evaluate(&parse(src).unwrap(), &[], opts)
            .value
            .unwrap_or_else(|e| panic!("{src}: {e:?}"))
    }

    /// The URL functions follow the emulated minor's Go runtime, folded or not (the argument
    /// is a constant, so cel-go's planner folds the call).
    #[test]
    fn url_functions_follow_the_minor() {
        let c = since(Change::UrlStrictColons);
        for fold in [true, false] {
            for src in [
                "isURL('http://a:b:80/')",
                "url('http://a:b:80/').getPort() == '80'",
                "format.uri().validate('http://a:b:80/') == optional.none()",
            ] {
                assert!(
                    matches!(eval_at(c - 1, fold, src), Value::Bool(true)),
                    "{src}"
                );
            }
            assert!(matches!(
                eval_at(c, fold, "isURL('http://a:b:80/')"),
                Value::Bool(false)
            ));
            assert!(matches!(
                eval_at(
                    c,
                    fold,
                    "format.uri().validate('http://a:b:80/').hasValue()"
                ),
                Value::Bool(true)
            ));
        }
        let c = since(Change::UrlMaxQueryParams);
        let over = format!(
            "url('http://x/?{}').getQuery().size()",
            vec!["a=1"; 10_001].join("&")
        );
        for fold in [true, false] {
            assert!(matches!(eval_at(c - 1, fold, &over), Value::Int(1)));
            assert!(matches!(eval_at(c, fold, &over), Value::Int(0)));
        }
    }
}
