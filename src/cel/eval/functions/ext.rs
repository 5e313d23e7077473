//! cel-go's extension libraries as Kubernetes configures them: `ext.Strings` v2, `ext.Sets` and
//! `ext.Lists` v3 (without `sortBy`).

use std::cmp::Ordering;

use crate::k8s::Behavior;

use super::super::value::{compare, equals, quote, EvalResult, Value};
use super::args::{b, err, int_arg, not_here, s, str_arg};

/// The length of `st.replace(from, to)` with at most `n` replacements (`n < 0`: all), without
/// building it. An empty `from` matches before every character and at the end, as Go's
/// `strings.Replace` and Rust's `str::replace` both do.
fn replaced_len(st: &str, from: &str, to: &str, n: i64) -> usize {
    let found = if from.is_empty() {
        st.chars().count() + 1
    } else {
        st.matches(from).count()
    };
    let k = if n < 0 { found } else { found.min(n as usize) };
    (st.len() - k * from.len()).saturating_add(k.saturating_mul(to.len()))
}

/// Extension-library functions; `not_here` when `func` is not one of them.
pub(super) fn call(_beh: Behavior, func: &str, _member: bool, args: &[Value]) -> EvalResult {
    use Value::*;
    match (func, args) {
        // ---- ext.Strings v2 ----
        ("charAt", [String(st), Int(i)]) => {
            let n = st.chars().count() as i64;
            if *i < 0 || *i > n {
                return Err(err(format!("index out of range: {i}")));
            }
            s(st.chars()
                .nth(*i as usize)
                .map(|c| c.to_string())
                .unwrap_or_default())
        }
        ("indexOf", [String(st), String(sub), rest @ ..]) if rest.len() <= 1 => {
            let chars: Vec<char> = st.chars().collect();
            let start = match rest.first() {
                Some(x) => int_arg(x)?,
                None => 0,
            };
            if start < 0 || start as usize > chars.len() {
                return Err(err(format!("index out of range: {start}")));
            }
            let subc: Vec<char> = sub.chars().collect();
            Ok(Int(find_chars(&chars, &subc, start as usize, false)))
        }
        ("lastIndexOf", [String(st), String(sub), rest @ ..]) if rest.len() <= 1 => {
            let chars: Vec<char> = st.chars().collect();
            let end = match rest.first() {
                Some(x) => int_arg(x)?,
                None => chars.len() as i64,
            };
            if end < 0 || end as usize > chars.len() {
                return Err(err(format!("index out of range: {end}")));
            }
            let subc: Vec<char> = sub.chars().collect();
            Ok(Int(find_chars(&chars, &subc, end as usize, true)))
        }
        ("lowerAscii", [String(st)]) => s(st.to_ascii_lowercase()),
        ("upperAscii", [String(st)]) => s(st.to_ascii_uppercase()),
        ("replace", [String(st), String(from), String(to), rest @ ..]) if rest.len() <= 1 => {
            let n = match rest.first() {
                Some(x) => int_arg(x)?,
                None => -1,
            };
            // The result is sized before it is built: one call can ask for n × m bytes
            // (`s.replace('', t)` puts `t` between every character) at a cost of n / 10.
            if replaced_len(st, from, to, n) > super::limits::MAX_BUILT_BYTES {
                return Err(super::limits::built_limit_error());
            }
            if n < 0 {
                s(st.replace(&**from, to))
            } else {
                s(st.replacen(&**from, to, n as usize))
            }
        }
        ("split", [String(st), String(sep), rest @ ..]) if rest.len() <= 1 => {
            let n = match rest.first() {
                Some(x) => int_arg(x)?,
                None => -1,
            };
            let parts: Vec<Value> = if n == 0 {
                vec![]
            } else if sep.is_empty() {
                let chars: Vec<char> = st.chars().collect();
                let lim = if n < 0 {
                    chars.len()
                } else {
                    (n as usize).min(chars.len())
                };
                let mut out: Vec<Value> = chars
                    .iter()
                    .take(lim.saturating_sub(1))
                    .map(|c| Value::string(&c.to_string()))
                    .collect();
                if lim > 0 {
                    out.push(Value::string(
                        &chars[lim - 1..].iter().collect::<std::string::String>(),
                    ));
                }
                out
            } else if n < 0 {
                st.split(&**sep).map(Value::string).collect()
            } else {
                st.splitn(n as usize, &**sep).map(Value::string).collect()
            };
            Ok(Value::list(parts))
        }
        ("substring", [String(st), Int(a), rest @ ..]) if rest.len() <= 1 => {
            let chars: Vec<char> = st.chars().collect();
            let n = chars.len() as i64;
            let e = match rest.first() {
                Some(x) => int_arg(x)?,
                None => n,
            };
            if *a < 0 || *a > n {
                return Err(err(format!("index out of range: {a}")));
            }
            if e < 0 || e > n {
                return Err(err(format!("index out of range: {e}")));
            }
            if *a > e {
                return Err(err(format!(
                    "invalid substring range. start: {a}, end: {e}"
                )));
            }
            s(chars[*a as usize..e as usize]
                .iter()
                .collect::<std::string::String>())
        }
        ("trim", [String(st)]) => s(st.trim()),
        ("join", [List(l), rest @ ..]) if rest.len() <= 1 => {
            let sep = match rest.first() {
                Some(x) => str_arg(x)?,
                None => "",
            };
            let mut out = std::string::String::new();
            for (i, x) in l.items().iter().enumerate() {
                if i > 0 {
                    out.push_str(sep);
                }
                out.push_str(str_arg(x)?);
            }
            s(out)
        }
        ("strings.quote", [String(st)]) => s(quote(st)),

        // ---- ext.Lists v3 ----
        ("slice", [List(l), Int(a), Int(e)]) => {
            let n = l.len() as i64;
            if *a < 0 || *e < 0 {
                return Err(err(format!(
                    "cannot slice({a}, {e}), negative indexes not supported"
                )));
            }
            if a > e {
                return Err(err(format!(
                    "cannot slice({a}, {e}), start index must be less than or equal to end index"
                )));
            }
            if *e > n {
                return Err(err(format!("cannot slice({a}, {e}), list is length {n}")));
            }
            Ok(Value::list(
                (*a as usize..*e as usize)
                    .filter_map(|i| l.get(i).cloned())
                    .collect(),
            ))
        }
        ("flatten", [List(l), rest @ ..]) if rest.len() <= 1 => {
            let depth = match rest.first() {
                Some(x) => int_arg(x)?,
                None => 1,
            };
            if depth < 0 {
                return Err(err("level must be non-negative"));
            }
            // Sized before it is built: cel-go charges the outer list's size, while
            // `[l.map(x, l)].flatten(2)` holds n² elements (one call, cost about 3n).
            let len = flattened_len(l.items(), depth);
            if len.saturating_mul(std::mem::size_of::<Value>()) > super::limits::MAX_BUILT_BYTES {
                return Err(super::limits::built_limit_error());
            }
            let mut out = Vec::with_capacity(len);
            flatten_into(l.items(), depth, &mut out);
            Ok(Value::list(out))
        }
        ("distinct", [List(l)]) => {
            let mut out: Vec<Value> = Vec::new();
            for x in l.items() {
                if !out.iter().any(|y| equals(x, y)) {
                    out.push(x.clone());
                }
            }
            Ok(Value::list(out))
        }
        ("reverse", [List(l)]) => Ok(Value::list(l.items().iter().rev().cloned().collect())),
        ("sort", [List(l)]) => {
            let mut items = l.items().to_vec();
            let mut failed = None;
            items.sort_by(|x, y| match compare(x, y) {
                Ok(o) => o,
                Err(e) => {
                    failed.get_or_insert(e);
                    Ordering::Equal
                }
            });
            match failed {
                Some(e) => Err(e),
                None => Ok(Value::list(items)),
            }
        }
        ("first", [List(l)]) => Ok(match l.get(0) {
            Some(x) => Value::some(x.clone()),
            None => Value::none(),
        }),
        ("last", [List(l)]) => Ok(match l.len().checked_sub(1).and_then(|i| l.get(i)) {
            Some(x) => Value::some(x.clone()),
            None => Value::none(),
        }),
        ("includes", [List(l), x]) => b(l.items().iter().any(|e| equals(e, x))),
        ("includes", [String(a), String(c)]) => b(a.contains(&**c)),
        ("jsonpatch.escapeKey", [String(k)]) => s(k.replace('~', "~0").replace('/', "~1")),
        ("lists.range", [Int(n)]) => Ok(Value::list((0..(*n).max(0)).map(Int).collect())),
        ("@sortByAssociatedKeys", [List(l), List(keys)]) => {
            if l.len() != keys.len() {
                return Err(err("@sortByAssociatedKeys() expected a list of the same size as the associated keys list"));
            }
            let mut idx: Vec<usize> = (0..l.len()).collect();
            let mut failed = None;
            idx.sort_by(|&x, &y| match compare(&keys.items()[x], &keys.items()[y]) {
                Ok(o) => o,
                Err(e) => {
                    failed.get_or_insert(e);
                    Ordering::Equal
                }
            });
            match failed {
                Some(e) => Err(e),
                None => Ok(Value::list(
                    idx.into_iter().map(|i| l.items()[i].clone()).collect(),
                )),
            }
        }

        _ => Err(not_here()),
    }
}

/// `indexOf`/`lastIndexOf` on code points, in time linear in `hay` and `needle` (a
/// Knuth-Morris-Pratt scan): both are charged a tenth of the string's length, and a naive
/// search is the product of the lengths (`s.indexOf(t)` with two 1 MB strings of `a`s that
/// differ at the end is 10¹² comparisons for a cost of 10⁵).
fn find_chars(hay: &[char], needle: &[char], pos: usize, last: bool) -> i64 {
    if needle.is_empty() {
        return pos as i64;
    }
    if needle.len() > hay.len() {
        return -1;
    }
    // `last`: matches starting at or before `pos`; otherwise the first at or after it.
    let (scan, from) = if last {
        let start_max = pos.min(hay.len() - needle.len());
        (&hay[..start_max + needle.len()], 0)
    } else {
        (hay, pos)
    };
    let mut fail = vec![0usize; needle.len()];
    let mut k = 0;
    for i in 1..needle.len() {
        while k > 0 && needle[i] != needle[k] {
            k = fail[k - 1];
        }
        if needle[i] == needle[k] {
            k += 1;
        }
        fail[i] = k;
    }
    let mut found = -1;
    let mut k = 0;
    for (i, c) in scan.iter().enumerate().skip(from) {
        while k > 0 && *c != needle[k] {
            k = fail[k - 1];
        }
        if *c == needle[k] {
            k += 1;
        }
        if k == needle.len() {
            found = (i + 1 - needle.len()) as i64;
            if !last {
                return found;
            }
            k = fail[k - 1];
        }
    }
    found
}

/// The length of `flatten(items, depth)`, counted without copying: it visits only the lists
/// the flattening descends into, not the elements it would copy.
fn flattened_len(items: &[Value], depth: i64) -> usize {
    items.iter().fold(0usize, |n, x| match x {
        Value::List(l) if depth > 1 => n.saturating_add(flattened_len(l.items(), depth - 1)),
        Value::List(l) if depth == 1 => n.saturating_add(l.len()),
        _ => n.saturating_add(1),
    })
}

fn flatten_into(items: &[Value], depth: i64, out: &mut Vec<Value>) {
    for x in items {
        match x {
            Value::List(l) if depth > 0 => flatten_into(l.items(), depth - 1, out),
            _ => out.push(x.clone()),
        }
    }
}

#[cfg(test)]
mod replaced_len_tests {
    use super::replaced_len;

    #[test]
    fn replaced_len_matches_the_built_string() {
        let cases = [
            ("a-b-c", "-", "__", -1),
            ("a-b-c", "-", "__", 1),
            ("a-b-c", "-", "", 0),
            ("héllo", "", "..", -1),
            ("héllo", "", "..", 2),
            ("aaaa", "aa", "b", -1),
            ("", "", "x", -1),
            ("abc", "z", "xyz", -1),
        ];
        for (st, from, to, n) in cases {
            let built = if n < 0 {
                st.replace(from, to)
            } else {
                st.replacen(from, to, n as usize)
            };
            assert_eq!(
                replaced_len(st, from, to, n),
                built.len(),
                "{st:?} {from:?} {to:?} {n}"
            );
        }
    }
}
