//! Chart version ranges, as Helm reads them (the Masterminds/semver constraint syntax, its
//! common part): `||` between alternatives, each a list of comparators separated by spaces or
//! commas (`>=1.2.0 <2`, `~1.2`, `^0.3`, `1.2.x`, `*`). A range picks the highest matching
//! release of a chart repository's index; pre-releases never match. An exact version is not a
//! range and is looked up as written.

/// A release version: major, minor, patch, and whether it has a pre-release part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Version {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
}

/// Reads `1.2.3`, `v1.2.3` and `1.2.3+build`; `None` for a pre-release or anything else.
pub fn release(s: &str) -> Option<Version> {
    let s = s.trim().trim_start_matches('v');
    let s = s.split('+').next()?;
    if s.contains('-') {
        return None;
    }
    let mut parts = s.split('.');
    let v = Version {
        major: parts.next()?.parse().ok()?,
        minor: parts.next()?.parse().ok()?,
        patch: parts.next()?.parse().ok()?,
    };
    parts.next().is_none().then_some(v)
}

/// Whether `s` is a range rather than one version.
pub fn is_range(s: &str) -> bool {
    release(s).is_none() && parse(s).is_some()
}

/// `[lower, upper)` bounds; `None` is unbounded.
type Interval = (Option<(Version, bool)>, Option<(Version, bool)>);

/// The range as alternatives, each a list of intervals that must all hold.
fn parse(s: &str) -> Option<Vec<Vec<Interval>>> {
    let mut alternatives = Vec::new();
    for alt in s.split("||") {
        let mut all = Vec::new();
        let normalized = alt.replace(',', " ");
        let mut tokens = normalized.split_whitespace().peekable();
        while let Some(mut tok) = tokens.next().map(str::to_string) {
            // `>= 1.2` written with a space.
            if matches!(tok.as_str(), ">" | ">=" | "<" | "<=" | "=" | "~" | "^") {
                tok.push_str(tokens.next()?);
            }
            all.push(comparator(&tok)?);
        }
        if all.is_empty() {
            return None;
        }
        alternatives.push(all);
    }
    Some(alternatives)
}

/// A partial version: the numbers given (`x`, `X` and `*` end it).
fn partial(s: &str) -> Option<Vec<u64>> {
    let s = s.trim_start_matches('v');
    let mut out = Vec::new();
    for p in s.split('.') {
        if matches!(p, "x" | "X" | "*") {
            break;
        }
        out.push(p.parse().ok()?);
    }
    (out.len() <= 3).then_some(out)
}

fn version(p: &[u64]) -> Version {
    Version {
        major: p.first().copied().unwrap_or(0),
        minor: p.get(1).copied().unwrap_or(0),
        patch: p.get(2).copied().unwrap_or(0),
    }
}

/// The next version after every version that starts with `p[..n]`.
fn bump(p: &[u64], n: usize) -> Version {
    let mut v = [0u64; 3];
    for (i, x) in p.iter().take(n).enumerate() {
        v[i] = *x;
    }
    if n > 0 {
        v[n - 1] += 1;
    }
    version(&v)
}

fn comparator(tok: &str) -> Option<Interval> {
    let (op, rest) = [">=", "<=", ">", "<", "=", "~", "^"]
        .iter()
        .find_map(|op| tok.strip_prefix(op).map(|r| (*op, r)))
        .unwrap_or(("", tok));
    let p = partial(rest)?;
    let at = version(&p);
    Some(match op {
        ">=" => (Some((at, true)), None),
        ">" if p.len() < 3 => (Some((bump(&p, p.len()), true)), None),
        ">" => (Some((at, false)), None),
        "<" => (None, Some((at, false))),
        "<=" if p.len() < 3 => (None, Some((bump(&p, p.len()), false))),
        "<=" => (None, Some((at, true))),
        "~" => (
            Some((at, true)),
            Some((bump(&p, if p.len() >= 2 { 2 } else { 1 }), false)),
        ),
        "^" => {
            // The first non-zero number given stays.
            let keep = p.iter().position(|x| *x != 0).map_or(p.len(), |i| i + 1);
            (
                Some((at, true)),
                Some((bump(&p, keep.max(1).min(p.len().max(1))), false)),
            )
        }
        // `=1.2`, `1.2`, `1.2.x`, `*`: every version that starts so.
        _ if p.is_empty() => (None, None),
        _ if p.len() == 3 => (Some((at, true)), Some((at, true))),
        _ => (Some((at, true)), Some((bump(&p, p.len()), false))),
    })
}

fn holds(i: &Interval, v: Version) -> bool {
    let lower =
        i.0.is_none_or(|(b, incl)| if incl { v >= b } else { v > b });
    let upper =
        i.1.is_none_or(|(b, incl)| if incl { v <= b } else { v < b });
    lower && upper
}

/// The highest of `versions` that `range` matches (pre-releases never do).
pub fn highest<'a>(range: &str, versions: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let alternatives = parse(range)?;
    versions
        .into_iter()
        .filter_map(|s| Some((release(s)?, s)))
        .filter(|(v, _)| {
            alternatives
                .iter()
                .any(|all| all.iter().all(|i| holds(i, *v)))
        })
        .max_by_key(|(v, _)| *v)
        .map(|(_, s)| s)
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &[&str] = &[
        "1.1.0",
        "1.2.0",
        "1.2.9",
        "1.3.0",
        "2.0.0",
        "2.1.0-rc.1",
        "0.3.4",
        "0.4.0",
    ];

    #[test]
    fn ranges_pick_the_highest_matching_release() {
        let pick = |r: &str| highest(r, INDEX.iter().copied());
        assert_eq!(pick("~1.2"), Some("1.2.9"));
        assert_eq!(pick("~1.2.3"), Some("1.2.9"));
        assert_eq!(pick("^1.2"), Some("1.3.0"));
        assert_eq!(pick("^0.3"), Some("0.3.4"));
        assert_eq!(pick("1.2.x"), Some("1.2.9"));
        assert_eq!(pick(">=1.0.0 <2"), Some("1.3.0"));
        assert_eq!(pick(">= 1.0, < 1.3"), Some("1.2.9"));
        assert_eq!(pick("*"), Some("2.0.0"), "a pre-release never matches");
        assert_eq!(pick("<1 || ~1.1"), Some("1.1.0"));
        assert_eq!(pick(">2.0.0"), None);
        assert_eq!(pick(">1.3"), Some("2.0.0"));
        assert_eq!(pick("<=1.2"), Some("1.2.9"));
        assert_eq!(pick("nonsense"), None);
    }

    #[test]
    fn an_exact_version_is_not_a_range() {
        assert!(!is_range("65.1.0") && !is_range("v1.2.3"));
        assert!(is_range("~65.1") && is_range(">=1.0.0 <2.0.0") && is_range("1.2.x"));
        assert!(!is_range("latest"));
    }
}
