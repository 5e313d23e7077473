//! cel-go `ext.Strings` v2 (`ext/strings.go`; `format` is `string.format`, [`super::format`])
//! on the overload table (see [`super::table`]), with the Kubernetes lists library's
//! `indexOf`/`lastIndexOf`, which share their names. The runtime costs and estimates are
//! Kubernetes' (its `CallCost`/`EstimateCallCost` match these functions by name), but for
//! `charAt` (cel-go's default) and `strings.quote` (cel-go's own).

use crate::cel::estimate::library as est;
use crate::k8s::Behavior;

use super::super::value::{equals, quote, EvalResult, Value};
use super::args::{err, int_arg, nso, s, str_arg};
use super::cost::{ceil, k8s_size, traversal_cost};
use super::overload::{Estimate, Overload, Run, RuntimeCost};

/// The library's overloads: v0 (Kubernetes 1.0) and the v2 additions (1.29).
pub static OVERLOADS: &[Overload] = &[
    row!(
        "string_char_at_int",
        "charAt m 0 (string, int) string",
        char_at,
        |_| 1,
        est::cel_default
    ),
    row!(
        "string_index_of_string",
        "indexOf m 0 (string, string) int",
        index_of,
        traversal,
        est::k8s_list_traversal
    ),
    row!(
        "string_index_of_string_int",
        "indexOf m 0 (string, string, int) int",
        index_of,
        traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_a_index_of_int",
        "indexOf m 0 (list(A), A) int",
        index_of,
        traversal,
        est::k8s_list_traversal
    ),
    row!(
        "string_last_index_of_string",
        "lastIndexOf m 0 (string, string) int",
        last_index_of,
        traversal,
        est::k8s_list_traversal
    ),
    row!(
        "string_last_index_of_string_int",
        "lastIndexOf m 0 (string, string, int) int",
        last_index_of,
        traversal,
        est::k8s_list_traversal
    ),
    row!(
        "list_a_last_index_of_int",
        "lastIndexOf m 0 (list(A), A) int",
        last_index_of,
        traversal,
        est::k8s_list_traversal
    ),
    row!(
        "string_lower_ascii",
        "lowerAscii m 0 (string) string",
        lower_ascii,
        tenth,
        est::k8s_target_traversal_sized
    ),
    row!(
        "string_replace_string_string",
        "replace m 0 (string, string, string) string",
        replace,
        fifth,
        est::k8s_replace
    ),
    row!(
        "string_replace_string_string_int",
        "replace m 0 (string, string, string, int) string",
        replace,
        fifth,
        est::k8s_replace
    ),
    row!(
        "string_split_string",
        "split m 0 (string, string) list(string)",
        split,
        fifth,
        est::k8s_split
    ),
    row!(
        "string_split_string_int",
        "split m 0 (string, string, int) list(string)",
        split,
        fifth,
        est::k8s_split
    ),
    row!(
        "string_substring_int",
        "substring m 0 (string, int) string",
        substring,
        tenth,
        est::k8s_target_traversal_sized
    ),
    row!(
        "string_substring_int_int",
        "substring m 0 (string, int, int) string",
        substring,
        tenth,
        est::k8s_target_traversal_sized
    ),
    row!(
        "string_trim",
        "trim m 0 (string) string",
        trim,
        tenth,
        est::k8s_target_traversal_sized
    ),
    row!(
        "string_upper_ascii",
        "upperAscii m 0 (string) string",
        upper_ascii,
        tenth,
        est::k8s_target_traversal_sized
    ),
    row!(
        "strings_quote",
        "strings.quote g 29 (string) string",
        strings_quote,
        quote_cost,
        est::strings_quote
    ),
    row!(
        "list_join",
        "join m 29 (list(string)) string",
        join,
        join_cost,
        est::k8s_join
    ),
    row!(
        "list_join_string",
        "join m 29 (list(string), string) string",
        join,
        join_cost,
        est::k8s_join
    ),
];

/// The traversal of the receiver (a string: a tenth of its length; a list: its elements').
fn traversal(args: &[Value]) -> u64 {
    args.first().map(traversal_cost).unwrap_or(0)
}

/// A tenth of the receiver's size.
fn tenth(args: &[Value]) -> u64 {
    ceil(args.first().map_or(1, k8s_size) as f64 * 0.1)
}

/// A fifth of the receiver's size (`replace`, `split` traverse it twice).
fn fifth(args: &[Value]) -> u64 {
    ceil(args.first().map_or(1, k8s_size) as f64 * 0.2)
}

/// cel-go's `strings.quote`: a tenth of the string's size.
fn quote_cost(args: &[Value]) -> u64 {
    ceil(args.first().map_or(1, Value::actual_size) as f64 * 0.1)
}

/// `join` is charged a fifth of the joined string's length (Kubernetes `CallCost`, from the
/// result), known from the arguments before the call builds it: `l.map(x, s).join()` joins
/// `n` copies of `s`, and charging it first stops such a call before it builds what the limit
/// forbids, with the error and cost cel-go reaches after it. A call that fails (an element
/// not a string) has no result and is charged 1.
fn join_cost(args: &[Value]) -> u64 {
    let [Value::List(l), rest @ ..] = args else {
        return 1;
    };
    let sep = match rest {
        [] => 0,
        [sep @ Value::String(_)] => sep.actual_size(),
        _ => return 1,
    };
    let mut size = sep.saturating_mul(l.len().saturating_sub(1) as u64);
    for x in l.items() {
        match x {
            Value::String(_) => size = size.saturating_add(x.actual_size()),
            _ => return 1,
        }
    }
    ceil(size as f64 * 0.2)
}

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

fn char_at(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st), Value::Int(i)] = args else {
        return Err(nso());
    };
    let n = st.chars().count() as i64;
    if *i < 0 || *i > n {
        return Err(err(format!("index out of range: {i}")));
    }
    s(st.chars()
        .nth(*i as usize)
        .map(|c| c.to_string())
        .unwrap_or_default())
}

fn index_of(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::String(st), Value::String(sub), rest @ ..] if rest.len() <= 1 => {
            let chars: Vec<char> = st.chars().collect();
            let start = match rest.first() {
                Some(x) => int_arg(x)?,
                None => 0,
            };
            if start < 0 || start as usize > chars.len() {
                return Err(err(format!("index out of range: {start}")));
            }
            let subc: Vec<char> = sub.chars().collect();
            Ok(Value::Int(find_chars(&chars, &subc, start as usize, false)))
        }
        // The Kubernetes lists library's.
        [Value::List(l), x] => Ok(Value::Int(
            l.items()
                .iter()
                .position(|e| equals(e, x))
                .map_or(-1, |p| p as i64),
        )),
        _ => Err(nso()),
    }
}

fn last_index_of(_: Behavior, args: &[Value]) -> EvalResult {
    match args {
        [Value::String(st), Value::String(sub), rest @ ..] if rest.len() <= 1 => {
            let chars: Vec<char> = st.chars().collect();
            let end = match rest.first() {
                Some(x) => int_arg(x)?,
                None => chars.len() as i64,
            };
            if end < 0 || end as usize > chars.len() {
                return Err(err(format!("index out of range: {end}")));
            }
            let subc: Vec<char> = sub.chars().collect();
            Ok(Value::Int(find_chars(&chars, &subc, end as usize, true)))
        }
        // The Kubernetes lists library's.
        [Value::List(l), x] => Ok(Value::Int(
            l.items()
                .iter()
                .rposition(|e| equals(e, x))
                .map_or(-1, |p| p as i64),
        )),
        _ => Err(nso()),
    }
}

fn lower_ascii(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    s(st.to_ascii_lowercase())
}

fn upper_ascii(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    s(st.to_ascii_uppercase())
}

fn replace(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st), Value::String(from), Value::String(to), rest @ ..] = args else {
        return Err(nso());
    };
    if rest.len() > 1 {
        return Err(nso());
    }
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

fn split(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st), Value::String(sep), rest @ ..] = args else {
        return Err(nso());
    };
    if rest.len() > 1 {
        return Err(nso());
    }
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
            out.push(Value::string(&chars[lim - 1..].iter().collect::<String>()));
        }
        out
    } else if n < 0 {
        st.split(&**sep).map(Value::string).collect()
    } else {
        st.splitn(n as usize, &**sep).map(Value::string).collect()
    };
    Ok(Value::list(parts))
}

fn substring(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st), Value::Int(a), rest @ ..] = args else {
        return Err(nso());
    };
    if rest.len() > 1 {
        return Err(nso());
    }
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
    s(chars[*a as usize..e as usize].iter().collect::<String>())
}

fn trim(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    s(st.trim())
}

fn join(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::List(l), rest @ ..] = args else {
        return Err(nso());
    };
    if rest.len() > 1 {
        return Err(nso());
    }
    let sep = match rest.first() {
        Some(x) => str_arg(x)?,
        None => "",
    };
    let mut out = String::new();
    for (i, x) in l.items().iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(str_arg(x)?);
    }
    s(out)
}

fn strings_quote(_: Behavior, args: &[Value]) -> EvalResult {
    let [Value::String(st)] = args else {
        return Err(nso());
    };
    s(quote(st))
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
