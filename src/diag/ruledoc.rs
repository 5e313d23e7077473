//! A rule's documentation as one page: the same words for `crdlint explain`, SARIF's
//! `rules[].help` and the generated `docs/rules/<group>/<name>.md` files.
//!
//! The page of a rule is a file of the repository at [`doc_path`], generated from the registry
//! (a test fails when a page drifts, `CRDLINT_BLESS=1` rewrites them), so that SARIF's
//! `helpUri` can point at it: [`help_uri`] builds the address from the package's repository
//! URL and the release tag `v<version>`, and gives none when the package names no repository
//! (a link to nowhere is worse than no link).

use super::Rule;

/// Where the rule's page is in the repository: `docs/rules/cel/compile.md`.
pub fn doc_path(rule: &Rule) -> String {
    format!("docs/rules/{}.md", rule.id)
}

/// The address of the rule's page for this release, or `None` when `repository` is empty.
/// `repository` is `Cargo.toml`'s `package.repository` (a GitHub or GitLab URL).
pub fn help_uri(rule: &Rule, repository: &str, version: &str) -> Option<String> {
    let repository = repository.trim().trim_end_matches('/');
    let repository = repository.strip_suffix(".git").unwrap_or(repository);
    if repository.is_empty() {
        return None;
    }
    Some(format!("{repository}/blob/v{version}/{}", doc_path(rule)))
}

/// The page as plain text: summary, docs, then the examples indented.
pub fn text(rule: &Rule) -> String {
    format!(
        "{} ({})\n{}\n\n{}\n\nReported:\n{}\nAccepted:\n{}",
        rule.id,
        rule.severity,
        rule.summary,
        rule.docs.trim_end(),
        indent(rule.bad),
        indent(rule.good)
    )
}

/// The page as Markdown (the docs are Markdown already; the examples become YAML blocks).
pub fn markdown(rule: &Rule) -> String {
    format!(
        "# `{}`\n\nDefault severity: **{}**. {}.\n\n{}\n\n## Reported\n\n{}\n## Accepted\n\n{}",
        rule.id,
        rule.severity,
        rule.summary.trim_end_matches('.'),
        rule.docs.trim_end(),
        yaml_block(rule.bad),
        yaml_block(rule.good)
    )
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

/// A fenced block long enough that no run of backticks in `text` closes it.
fn yaml_block(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    let body = if text.ends_with('\n') {
        text.to_string()
    } else {
        format!("{text}\n")
    };
    format!("{fence}yaml\n{body}{fence}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Severity;

    static RULE: Rule = Rule {
        id: "yaml/example",
        severity: Severity::Warning,
        summary: "An example",
        docs: "Says `why`.",
        bad: "a: ```\n",
        good: "a: 1",
    };

    #[test]
    fn help_uri_needs_a_repository() {
        assert_eq!(help_uri(&RULE, "", "1.2.3"), None);
        assert_eq!(help_uri(&RULE, "  ", "1.2.3"), None);
        assert_eq!(
            help_uri(&RULE, "https://github.com/o/crdlint.git", "1.2.3").as_deref(),
            Some("https://github.com/o/crdlint/blob/v1.2.3/docs/rules/yaml/example.md")
        );
        assert_eq!(
            help_uri(&RULE, "https://github.com/o/crdlint/", "0.1.0").as_deref(),
            Some("https://github.com/o/crdlint/blob/v0.1.0/docs/rules/yaml/example.md")
        );
    }

    #[test]
    fn markdown_fences_outlast_backticks_in_the_example() {
        let md = markdown(&RULE);
        assert!(md.starts_with("# `yaml/example`\n\nDefault severity: **warning**. An example.\n"));
        assert!(md.contains("````yaml\na: ```\n````\n"), "{md}");
        assert!(md.ends_with("```yaml\na: 1\n```\n"), "{md}");
    }

    #[test]
    fn text_indents_the_examples() {
        assert_eq!(
            text(&RULE),
            "yaml/example (warning)\nAn example\n\nSays `why`.\n\nReported:\n    a: ```\n\nAccepted:\n    a: 1\n"
        );
    }
}
