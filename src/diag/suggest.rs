//! "Did you mean" support: how far one word is from another ([`edit_distance`], the crate's one
//! edit distance), for the help of a finding about a misspelt key, rule id or value (config keys,
//! suite keys, schema keywords, a CEL rule's fields), and the closest known word ([`did_you_mean`]).

/// Levenshtein distance, on characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb {
                prev
            } else {
                1 + prev.min(cur).min(row[j])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

/// ` (did you mean `x`?)` for the closest of `known`, or nothing when none is close.
pub fn did_you_mean(word: &str, known: &[&str]) -> String {
    let best = known
        .iter()
        .map(|k| (edit_distance(word, k), *k))
        .min()
        .filter(|(d, k)| *d <= (k.len().max(word.len()) / 3).max(2));
    // A rule name given without its group (`cost-high` for `cel/cost-high`) is close too.
    // So is the start of a long id (`versions/schema-drift`).
    let by_name = known
        .iter()
        .find(|k| k.rsplit_once('/').is_some_and(|(_, n)| n == word))
        .or_else(|| {
            known
                .iter()
                .find(|k| word.len() >= 4 && k.starts_with(word))
        });
    match (by_name, best) {
        (Some(k), _) => format!(" (did you mean `{k}`?)"),
        (None, Some((_, k))) => format!(" (did you mean `{k}`?)"),
        (None, None) => String::new(),
    }
}

/// The one word of `known` that `word` surely meant: one edit away (an insertion, a deletion, a
/// substitution or two neighbours swapped: `Deploymnet`) or differing only in ASCII case, and the only such word. Short words (under
/// four characters) are too close to everything to be sure. This is the bar for a *fix*
/// (`check --fix`, `prune --write` keeping a likely typo), stricter than [`did_you_mean`]'s.
pub fn near_miss<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    if word.chars().count() < 4 {
        return None;
    }
    let mut near = known
        .iter()
        .filter(|k| **k != word)
        .filter(|k| k.eq_ignore_ascii_case(word) || one_edit(word, k));
    let first = near.next()?;
    near.next().is_none().then_some(*first)
}

/// `a` and `b` differ by one insertion, deletion, substitution or swap of neighbours.
fn one_edit(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (short, long) = if a.len() <= b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    let head = short
        .iter()
        .zip(long.iter())
        .take_while(|(x, y)| x == y)
        .count();
    match long.len() - short.len() {
        0 if head == short.len() => false,
        0 => {
            short[head + 1..] == long[head + 1..]
                || (head + 1 < short.len()
                    && short[head] == long[head + 1]
                    && short[head + 1] == long[head]
                    && short[head + 2..] == long[head + 2..])
        }
        1 => short[head..] == long[head + 1..],
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_near_miss_is_one_edit_away_and_unambiguous() {
        assert_eq!(
            near_miss("dnsName", &["dnsNames", "ipAddresses"]),
            Some("dnsNames")
        );
        assert_eq!(near_miss("Replicas", &["replicas"]), Some("replicas"));
        assert_eq!(near_miss("sise", &["size", "color"]), Some("size"));
        assert_eq!(
            near_miss("Deploymnet", &["Deployment", "DaemonSet"]),
            Some("Deployment")
        );
        assert_eq!(
            near_miss("Certficate", &["Certificate", "Issuer"]),
            Some("Certificate")
        );
        // Two candidates one edit away: not sure which.
        assert_eq!(near_miss("sise", &["size", "sine"]), None);
        // Two edits away, or too short to tell.
        assert_eq!(near_miss("sz", &["size"]), None);
        assert_eq!(near_miss("sxye", &["size"]), None);
        assert_eq!(near_miss("siez", &["size"]), Some("size"));
        assert_eq!(near_miss("size", &["size"]), None);
    }

    #[test]
    fn a_rule_name_without_its_group_is_suggested() {
        assert_eq!(
            did_you_mean("cost-high", &["cel/cost-high", "crd/names"]),
            " (did you mean `cel/cost-high`?)"
        );
        assert_eq!(did_you_mean("zzzzzz", &["select"]), "");
    }

    #[test]
    fn counts_insertions_deletions_and_substitutions() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "ab"), 2);
        assert_eq!(edit_distance("ab", ""), 2);
        assert_eq!(edit_distance("expectedErorr", "expectedError"), 2);
        assert_eq!(edit_distance("é", "e"), 1);
    }
}
