//! Rule controls applied: which rules are reported, at which severity, and who said so.
//!
//! Three layers, the later winning: each rule's default; the config file (`select`, `ignore`,
//! `severity`, and for files matching a `per-file` glob that entry's `ignore` and `severity`);
//! the flags (`--select`, `--ignore` replace the config's lists, `--warn`/`--error` win over any
//! `severity`). Inside one layer the most specific pattern wins (an exact id over a group
//! prefix, a longer prefix over a shorter one), as in ruff's rule selection, so
//! `select: [cel/]` with `ignore: [cel/cost-high]` reports every CEL rule but one.

use std::path::{Path, PathBuf};

use super::config::{Config, Pattern, PerFile};
use super::rules::matches;
use crate::diag::{Diagnostic, Rule, Severity, SourceFile};

/// Where a rule's effective severity (or its being off) comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Default,
    /// A config file entry, `file:line:col`.
    Config(String),
    /// A flag, as typed (`--error cel/`).
    Flag(String),
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Default => f.write_str("default"),
            Source::Config(at) => f.write_str(at),
            Source::Flag(flag) => f.write_str(flag),
        }
    }
}

/// A rule's fate for one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// `None`: not reported.
    pub severity: Option<Severity>,
    /// What decided the severity, or what turned the rule off.
    pub source: Source,
}

#[derive(Clone, Debug)]
struct Entry {
    pattern: String,
    source: Source,
}

#[derive(Clone, Debug)]
struct Severities {
    entries: Vec<(Entry, Severity)>,
}

impl Severities {
    fn best(&self, id: &str) -> Option<(usize, &Entry, Severity)> {
        best(self.entries.iter().map(|(e, s)| (e, *s)), id)
    }
}

struct FileOverride {
    ignore: Vec<Entry>,
    severity: Severities,
}

/// Every `per-file` glob compiled into one set, each glob knowing its override: 10,000
/// overrides, each its own set, were matched one by one for every finding (2.5 minutes over
/// 100,000 files, issue #26); one set is matched once per file.
struct PerFileGlobs {
    set: globset::GlobSet,
    /// The override (index into `Policy::per_file`) of each glob of `set`.
    owner: Vec<usize>,
}

/// The rule controls of one run.
pub struct Policy {
    select: Option<Vec<Entry>>,
    ignore: Vec<Entry>,
    config_severity: Severities,
    flag_severity: Severities,
    per_file: Vec<FileOverride>,
    per_file_globs: PerFileGlobs,
    /// The overrides of the file last asked about (findings come sorted by file).
    last_file: std::sync::Mutex<Option<(String, std::sync::Arc<[usize]>)>>,
    /// The config file's directory, absolute, for matching `per-file` globs.
    base: PathBuf,
    cwd: PathBuf,
}

/// How specific a matching pattern is: an exact id beats every prefix.
fn specificity(pattern: &str, id: &str) -> usize {
    if pattern == id {
        usize::MAX
    } else {
        pattern.trim_end_matches('/').len()
    }
}

/// The most specific matching entry (the later one on a tie).
fn best<'a, T: Copy>(
    entries: impl Iterator<Item = (&'a Entry, T)>,
    id: &str,
) -> Option<(usize, &'a Entry, T)> {
    let mut found: Option<(usize, &Entry, T)> = None;
    for (e, t) in entries {
        if matches(&e.pattern, id) {
            let s = specificity(&e.pattern, id);
            if found.as_ref().is_none_or(|(b, _, _)| s >= *b) {
                found = Some((s, e, t));
            }
        }
    }
    found
}

fn from_config(patterns: &[Pattern]) -> Vec<Entry> {
    patterns
        .iter()
        .map(|p| Entry {
            pattern: p.text.clone(),
            source: Source::Config(p.at.clone()),
        })
        .collect()
}

fn from_flag(flag: &str, patterns: &[String]) -> Vec<Entry> {
    patterns
        .iter()
        .map(|p| Entry {
            pattern: p.clone(),
            source: Source::Flag(format!("{flag} {p}")),
        })
        .collect()
}

fn config_severities(entries: &[(Pattern, Severity)]) -> Severities {
    Severities {
        entries: entries
            .iter()
            .map(|(p, s)| {
                (
                    Entry {
                        pattern: p.text.clone(),
                        source: Source::Config(p.at.clone()),
                    },
                    *s,
                )
            })
            .collect(),
    }
}

/// The rule-control flags, as typed.
#[derive(Default)]
pub struct Flags<'a> {
    pub select: &'a [String],
    pub ignore: &'a [String],
    pub warn: &'a [String],
    pub error: &'a [String],
}

impl Policy {
    /// The controls of `config` under `flags`. Patterns in flags are checked against the
    /// registry (an unknown one is a usage error with a suggestion).
    pub fn new(config: Option<&Config>, flags: &Flags<'_>) -> Result<Policy, String> {
        for (flag, list) in [
            ("--select", flags.select),
            ("--ignore", flags.ignore),
            ("--warn", flags.warn),
            ("--error", flags.error),
        ] {
            for p in list {
                super::config::check_pattern(p).map_err(|m| format!("{flag}: {m}"))?;
            }
        }
        let cwd = std::env::current_dir().unwrap_or_default();
        let base = crate::cli::input::normalize(
            &cwd.join(config.map(|c| c.dir.as_path()).unwrap_or(Path::new(""))),
        );
        let select = if !flags.select.is_empty() {
            Some(from_flag("--select", flags.select))
        } else {
            config.and_then(|c| c.select.as_deref()).map(from_config)
        };
        let ignore = if !flags.ignore.is_empty() {
            from_flag("--ignore", flags.ignore)
        } else {
            config
                .and_then(|c| c.ignore.as_deref())
                .map(from_config)
                .unwrap_or_default()
        };
        let mut flag_severity = from_flag("--warn", flags.warn)
            .into_iter()
            .map(|e| (e, Severity::Warning))
            .collect::<Vec<_>>();
        flag_severity.extend(
            from_flag("--error", flags.error)
                .into_iter()
                .map(|e| (e, Severity::Error)),
        );
        let per_file_config = config.map(|c| c.per_file.as_slice()).unwrap_or(&[]);
        let per_file = per_file_config.iter().map(file_override).collect();
        let per_file_globs = per_file_globs(per_file_config);
        Ok(Policy {
            select,
            ignore,
            config_severity: config_severities(
                config.map(|c| c.severity.as_slice()).unwrap_or(&[]),
            ),
            flag_severity: Severities {
                entries: flag_severity,
            },
            per_file,
            per_file_globs,
            last_file: std::sync::Mutex::new(None),
            base,
            cwd,
        })
    }

    /// No controls at all: every rule at its default.
    pub fn defaults() -> Policy {
        Policy {
            select: None,
            ignore: Vec::new(),
            config_severity: Severities {
                entries: Vec::new(),
            },
            flag_severity: Severities {
                entries: Vec::new(),
            },
            per_file: Vec::new(),
            per_file_globs: per_file_globs(&[]),
            last_file: std::sync::Mutex::new(None),
            base: PathBuf::new(),
            cwd: PathBuf::new(),
        }
    }

    /// The overrides whose globs match the file named `name` (relative to the working
    /// directory), in config order.
    fn overrides_for(&self, name: Option<&str>) -> Vec<&FileOverride> {
        let Some(name) = name else { return Vec::new() };
        if self.per_file.is_empty() {
            return Vec::new();
        }
        let indices = {
            let mut last = self.last_file.lock().unwrap_or_else(|e| e.into_inner());
            match &*last {
                Some((n, found)) if n == name => found.clone(),
                _ => {
                    let found = self.matching_overrides(name);
                    *last = Some((name.to_string(), found.clone()));
                    found
                }
            }
        };
        indices.iter().map(|&i| &self.per_file[i]).collect()
    }

    fn matching_overrides(&self, name: &str) -> std::sync::Arc<[usize]> {
        let abs = crate::cli::input::normalize(&self.cwd.join(name));
        let rel = abs.strip_prefix(&self.base).unwrap_or(&abs);
        let g = &self.per_file_globs;
        let mut found: Vec<usize> = g
            .set
            .matches(rel)
            .into_iter()
            .chain(g.set.matches(name))
            .map(|i| g.owner[i])
            .collect();
        found.sort_unstable();
        found.dedup();
        found.into()
    }

    /// The fate of `rule` in the file named `name` (`None`: no file, as for `crdlint rules`);
    /// `own` is the severity the check reported with.
    pub fn decide(&self, rule: &Rule, own: Severity, name: Option<&str>) -> Decision {
        let id = rule.id;
        let overrides = self.overrides_for(name);
        // On or off.
        let selected = match &self.select {
            None => Some(0),
            Some(list) => best(list.iter().map(|e| (e, ())), id).map(|(s, _, _)| s),
        };
        let Some(selected) = selected else {
            let source = match &self.select {
                Some(list) => list
                    .first()
                    .map(|e| e.source.clone())
                    .unwrap_or(Source::Default),
                None => Source::Default,
            };
            return Decision {
                severity: None,
                source,
            };
        };
        let ignores = self
            .ignore
            .iter()
            .chain(overrides.iter().flat_map(|o| o.ignore.iter()));
        if let Some((s, e, _)) = best(ignores.map(|e| (e, ())), id) {
            if s >= selected {
                return Decision {
                    severity: None,
                    source: e.source.clone(),
                };
            }
        }
        // Severity: flags, then per-file entries, then the config's map, then the check's own.
        if let Some((_, e, s)) = self.flag_severity.best(id) {
            return Decision {
                severity: Some(s),
                source: e.source.clone(),
            };
        }
        let per_file = overrides
            .iter()
            .filter_map(|o| o.severity.best(id))
            .max_by_key(|(s, _, _)| *s);
        if let Some((_, e, s)) = per_file.or_else(|| self.config_severity.best(id)) {
            return Decision {
                severity: Some(s),
                source: e.source.clone(),
            };
        }
        Decision {
            severity: Some(own),
            source: Source::Default,
        }
    }

    /// Drops the findings of rules that are off and sets the others' severities.
    pub fn apply(&self, diagnostics: &mut Vec<Diagnostic>, files: &[SourceFile]) {
        diagnostics.retain_mut(|d| {
            let name = d.file.and_then(|f| files.get(f)).map(|f| f.name.as_str());
            match self.decide(d.rule, d.severity, name).severity {
                Some(s) => {
                    d.severity = s;
                    true
                }
                None => false,
            }
        });
    }

    /// True when `rule` is reported at all in the file named `name`.
    pub fn enabled(&self, rule: &Rule, name: Option<&str>) -> bool {
        self.decide(rule, rule.severity, name).severity.is_some()
    }
}

fn file_override(pf: &PerFile) -> FileOverride {
    FileOverride {
        ignore: from_config(&pf.ignore),
        severity: config_severities(&pf.severity),
    }
}

fn per_file_globs(overrides: &[PerFile]) -> PerFileGlobs {
    let mut b = globset::GlobSetBuilder::new();
    let mut owner = Vec::new();
    for (i, pf) in overrides.iter().enumerate() {
        for g in &pf.paths {
            // The globs were checked when the config was read.
            if let Ok(glob) = globset::Glob::new(g) {
                b.add(glob);
                owner.push(i);
            }
        }
    }
    PerFileGlobs {
        set: b.build().unwrap_or_else(|_| globset::GlobSet::empty()),
        owner,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::config::parse;

    fn policy(config: &str, flags: &Flags<'_>) -> Policy {
        let c = parse(".crdlint.yaml", PathBuf::new(), config).expect("valid config");
        Policy::new(Some(&c), flags).expect("valid flags")
    }

    fn fate(p: &Policy, id: &str, file: Option<&str>) -> (Option<Severity>, String) {
        let rule = crate::cli::rules::find(id).expect("a rule");
        let d = p.decide(rule, rule.severity, file);
        (d.severity, d.source.to_string())
    }

    #[test]
    fn patterns_match_ids_and_groups() {
        assert!(matches("cel/", "cel/cost-high"));
        assert!(matches("cel", "cel/cost-high"));
        assert!(matches("cel/cost-high", "cel/cost-high"));
        assert!(!matches("ce", "cel/cost-high"));
        assert!(!matches("cel/cost", "cel/cost-high"));
    }

    #[test]
    fn the_most_specific_pattern_wins() {
        let p = policy(
            "version: 1\nselect: [cel/]\nignore: [cel/cost-high]\n",
            &Flags::default(),
        );
        assert_eq!(
            fate(&p, "cel/cost-high", None),
            (None, ".crdlint.yaml:3:10".into())
        );
        assert_eq!(
            fate(&p, "crd/names", None),
            (None, ".crdlint.yaml:2:10".into())
        );
        assert!(fate(&p, "cel/compile", None).0.is_some());
        let p = policy(
            "version: 1\nignore: [cel/]\nselect: [cel/cost-high]\n",
            &Flags::default(),
        );
        assert!(fate(&p, "cel/cost-high", None).0.is_some());
        assert_eq!(fate(&p, "cel/compile", None).0, None);
    }

    #[test]
    fn flags_beat_the_config_which_beats_the_default() {
        let config = "version: 1\nseverity:\n  versions/: error\n";
        let p = policy(config, &Flags::default());
        assert_eq!(
            fate(&p, "versions/schema-drift-without-conversion", None),
            (Some(Severity::Error), ".crdlint.yaml:3:3".into())
        );
        let warn = ["versions/schema-drift-without-conversion".to_string()];
        let p = policy(
            config,
            &Flags {
                warn: &warn,
                ..Flags::default()
            },
        );
        assert_eq!(
            fate(&p, "versions/schema-drift-without-conversion", None),
            (
                Some(Severity::Warning),
                "--warn versions/schema-drift-without-conversion".into()
            )
        );
        let p = Policy::defaults();
        assert_eq!(
            fate(&p, "crd/names", None),
            (Some(Severity::Error), "default".into())
        );
    }

    #[test]
    fn per_file_overrides_apply_to_matching_files_only() {
        let p = policy(
            "version: 1\nper-file:\n- paths: ['vendor/**']\n  ignore: [cel/cost-high]\n  severity: {crd/: warning}\n",
            &Flags::default(),
        );
        assert_eq!(fate(&p, "cel/cost-high", Some("vendor/x/crd.yaml")).0, None);
        assert!(fate(&p, "cel/cost-high", Some("mine/crd.yaml")).0.is_some());
        assert_eq!(
            fate(&p, "crd/names", Some("vendor/crd.yaml")).0,
            Some(Severity::Warning)
        );
        assert_eq!(
            fate(&p, "crd/names", Some("crd.yaml")).0,
            Some(Severity::Error)
        );
    }

    #[test]
    fn unknown_rules_in_flags_are_usage_errors() {
        let bad = ["cel/cost-hi".to_string()];
        let e = Policy::new(
            None,
            &Flags {
                ignore: &bad,
                ..Flags::default()
            },
        )
        .err();
        assert_eq!(
            e.as_deref(),
            Some("--ignore: unknown rule or group `cel/cost-hi` (did you mean `cel/cost-high`?); `crdlint rules` lists every rule")
        );
    }
}
