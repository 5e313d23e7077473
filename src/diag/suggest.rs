//! "Did you mean" support: how far one word is from another ([`edit_distance`], the crate's one
//! edit distance), for the help of a finding about a misspelt key, rule id or value (config keys,
//! suite keys, schema keywords), and the closest known word ([`did_you_mean`]).

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

#[cfg(test)]
mod tests {
    use super::*;

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
