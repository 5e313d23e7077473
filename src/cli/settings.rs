//! From what the user typed to the core modules' option types.
//!
//! This is the only place that interprets flags (ripgrep's `hiargs`): the commands below it see
//! `lint::Options`, `validate::Options` and `diag::render::Options`, never a clap type.

use std::io::IsTerminal;
use std::path::PathBuf;

use super::args::{
    AdmissionArgs, ColorChoice, Format, GlobalArgs, MissingSchemaArg, UnknownFieldsArg,
    ValidationArgs,
};
use super::config::{self, Config};
use super::policy::{self, Policy};
use super::Failure;
use crate::diag::render;
use crate::k8s::KubeVersion;
use crate::{lint, validate};

/// Settings every command shares: the flags over the config file over the defaults.
pub struct Settings {
    pub format: render::Format,
    /// `--format` was given on the command line (not taken from the config or the default).
    pub format_given: bool,
    pub color: ColorChoice,
    pub quiet: bool,
    pub verbose: bool,
    pub deny_warnings: bool,
    /// `--missing-schema` (`--strict` is `error`).
    pub missing_schema: MissingSchemaArg,
    /// `--skip`: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND`.
    pub skip: Vec<String>,
    pub excludes: Vec<String>,
    pub force_exclude: bool,
    pub stdin_name: String,
    pub threads: usize,
    pub kube_version: KubeVersion,
    /// Lint without CEL (hidden `--no-cel`, for benchmarks).
    pub skip_cel: bool,
    /// `--cost-warn`: the share of the per-rule CEL cost limit that earns a warning.
    pub cost_warn_percent: u32,
    /// The config's `paths`, used when no path is given (relative to the working directory).
    pub config_paths: Option<Vec<PathBuf>>,
    /// The config's `crds` (relative to the working directory).
    pub config_crds: Vec<PathBuf>,
    config_unknown_fields: Option<UnknownFieldsArg>,
    /// Which rules are reported, at which severity.
    pub policy: Policy,
    /// `require-reason`: a suppression without `-- reason` is a finding.
    pub require_reason: bool,
    /// `--no-suppressions`: suppression comments and annotations are not honoured.
    pub no_suppressions: bool,
    /// The config's `recognize` section: which files that are not manifests are skipped.
    pub recognize: super::classify::Recognize,
    /// The config's `exclude` globs with a slash, anchored at the config file's directory
    /// (the others, and `--exclude`, are in [`Settings::excludes`]).
    pub anchored_excludes: Vec<String>,
    /// The directory [`Settings::anchored_excludes`] are relative to.
    pub exclude_base: PathBuf,
    /// The config file in use, if any.
    pub config: Option<Config>,
}

/// The config file a run uses: `--config`, none with `--no-config`, or the nearest one.
pub fn load_config(g: &GlobalArgs) -> Result<Option<Config>, Failure> {
    let path = if g.no_config {
        None
    } else if let Some(p) = &g.config {
        Some(p.clone())
    } else {
        std::env::current_dir()
            .ok()
            .and_then(|cwd| config::discover(&cwd))
    };
    if g.verbose {
        let mut err = std::io::stderr().lock();
        let said = match (&path, g.no_config, g.config.is_some()) {
            (_, true, _) => "none (--no-config)".to_string(),
            (Some(p), _, true) => format!("{} (--config)", p.display()),
            (Some(p), _, false) => format!("{} (found from the working directory)", p.display()),
            (None, _, _) => {
                "none found (looked from the working directory up to the repository root, or home)"
                    .to_string()
            }
        };
        super::say(&mut err, format_args!("crdlint: config: {said}"))?;
    }
    match path {
        None => Ok(None),
        Some(p) => config::read(&p)
            .map(Some)
            .map_err(|e| Failure::Usage(e.to_string())),
    }
}

impl Settings {
    /// The flags alone, with no config file.
    pub fn from_args(g: &GlobalArgs) -> Result<Settings, Failure> {
        Settings::resolve(g, None)
    }

    /// The flags over `config` over the defaults.
    pub fn resolve(g: &GlobalArgs, config: Option<Config>) -> Result<Settings, Failure> {
        let c = config.as_ref();
        if let Some(e) = c.and_then(|c| c.kube_version_mistake(g.kube_version.as_deref())) {
            return Err(Failure::Usage(e.to_string()));
        }
        let kube_version = match g
            .kube_version
            .clone()
            .or_else(|| c.and_then(|c| c.kube_version.clone()))
        {
            Some(v) => KubeVersion::parse(&v).map_err(Failure::Usage)?,
            None => KubeVersion::default(),
        };
        let anchored = |paths: &[PathBuf]| -> Vec<PathBuf> {
            let dir = c.map(|c| c.dir.clone()).unwrap_or_default();
            paths.iter().map(|p| dir.join(p)).collect()
        };
        // A config glob with a slash (not only a trailing one) is anchored at the config
        // file's directory, as in `.gitignore`; the others match a name at any depth.
        let (anchored_excludes, mut excludes): (Vec<String>, Vec<String>) = c
            .and_then(|c| c.exclude.clone())
            .unwrap_or_default()
            .into_iter()
            .partition(|g| g.trim_end_matches('/').contains('/'));
        excludes.extend(g.exclude.iter().cloned());
        let mut skip = c.and_then(|c| c.skip.clone()).unwrap_or_default();
        skip.extend(g.skip.iter().cloned());
        let missing_schema = if g.strict {
            MissingSchemaArg::Error
        } else {
            g.missing_schema
                .or_else(|| c.and_then(|c| c.missing_schema))
                .unwrap_or(MissingSchemaArg::Warn)
        };
        let policy = Policy::new(
            c,
            &policy::Flags {
                select: &g.select,
                ignore: &g.ignore,
                warn: &g.warn,
                error: &g.error,
            },
        )
        .map_err(Failure::Usage)?;
        Ok(Settings {
            format: g
                .format
                .or_else(|| c.and_then(|c| c.format))
                .unwrap_or(Format::Human),
            format_given: g.format.is_some(),
            color: g.color,
            quiet: g.quiet,
            verbose: g.verbose,
            deny_warnings: g.deny_warnings || c.and_then(|c| c.deny_warnings).unwrap_or(false),
            missing_schema,
            skip,
            excludes,
            force_exclude: g.force_exclude || c.and_then(|c| c.force_exclude).unwrap_or(false),
            stdin_name: g.stdin_filename.clone().unwrap_or_else(|| "-".to_string()),
            threads: g.threads,
            kube_version,
            skip_cel: g.no_cel,
            cost_warn_percent: g
                .cost_warn
                .or_else(|| c.and_then(|c| c.cost_warn))
                .unwrap_or(50),
            config_paths: c.and_then(|c| c.paths.as_deref()).map(anchored),
            config_crds: c
                .and_then(|c| c.crds.as_deref())
                .map(anchored)
                .unwrap_or_default(),
            config_unknown_fields: c.and_then(|c| c.unknown_fields),
            policy,
            require_reason: c.and_then(|c| c.require_reason).unwrap_or(false),
            no_suppressions: g.no_suppressions,
            recognize: c.map(|c| c.recognize).unwrap_or_default(),
            anchored_excludes,
            exclude_base: c.map(|c| c.dir.clone()).unwrap_or_default(),
            config,
        })
    }

    /// The paths to check: those given, else the config's, else standard input when it is not
    /// a terminal (a pipe, a file or `/dev/null`: the same for all, as `--help` says), else
    /// the working directory.
    pub fn paths(&self, given: &[PathBuf]) -> Vec<PathBuf> {
        if !given.is_empty() {
            return given.to_vec();
        }
        if let Some(p) = &self.config_paths {
            return p.clone();
        }
        // Any standard input that is not a terminal is read, `/dev/null` too: one that holds
        // no document is said (`input/no-manifests`), never taken for "check `.`".
        if !std::io::stdin().is_terminal() {
            return vec![PathBuf::from("-")];
        }
        vec![PathBuf::from(".")]
    }

    /// The format of a command that prints only `supported`: `--format` when it is one of
    /// them (else a usage error), and human output when the config's `format` (meant for the
    /// commands that report findings) is not.
    pub fn format_for(
        &self,
        command: &str,
        supported: &[render::Format],
    ) -> Result<render::Format, Failure> {
        if supported.contains(&self.format) {
            Ok(self.format)
        } else if self.format_given {
            let names: Vec<String> = supported
                .iter()
                .map(|f| format!("{f:?}").to_lowercase())
                .collect();
            Err(Failure::Usage(format!(
                "`crdlint {command}` prints --format {}",
                names.join(" or ")
            )))
        } else {
            Ok(render::Format::Human)
        }
    }

    /// The severity of `input/no-schema`, or `None` when missing schemas are ignored.
    pub fn missing_schema_severity(&self) -> Option<crate::diag::Severity> {
        match self.missing_schema {
            MissingSchemaArg::Error => Some(crate::diag::Severity::Error),
            MissingSchemaArg::Warn => Some(crate::diag::Severity::Warning),
            MissingSchemaArg::Ignore => None,
        }
    }

    /// The `--skip` patterns, parsed.
    pub fn skip_patterns(&self) -> Result<Vec<super::classify::SkipPattern>, Failure> {
        self.skip
            .iter()
            .map(|s| super::classify::SkipPattern::parse(s).map_err(Failure::Usage))
            .collect()
    }

    /// The CRD paths: `--crd` and the config's `crds`.
    pub fn crds(&self, given: &[PathBuf]) -> Vec<PathBuf> {
        let mut crds = self.config_crds.clone();
        crds.extend(given.iter().cloned());
        crds
    }

    /// The `crds/` folders of the Helm charts that hold a path given without it, read as
    /// schemas by a run that validates `paths` (`charts`); none when Helm recognition is off.
    pub fn chart_crds(&self, paths: &[PathBuf]) -> Vec<PathBuf> {
        if self.recognize.helm {
            super::charts::crd_folders(paths)
        } else {
            Vec::new()
        }
    }

    /// What the driver recognises among its inputs, and whether `--crd` CRDs are linted.
    pub fn input_options(&self, v: &ValidationArgs) -> super::classify::InputOptions {
        super::classify::InputOptions {
            recognize: self.recognize,
            lint_vendored: v.lint_vendored,
        }
    }

    /// Refuses `--lint-vendored` where it would do nothing: `command` lints no CRD (it was
    /// accepted and ignored before issue 30).
    pub fn refuse_lint_vendored(v: &ValidationArgs, command: &str) -> Result<(), Failure> {
        if v.lint_vendored {
            return Err(Failure::Usage(format!(
                "--lint-vendored: `crdlint {command}` lints no CRD, vendored or not; \
                 `crdlint check --lint-vendored` lints them"
            )));
        }
        Ok(())
    }

    pub fn lint_options(&self) -> lint::Options {
        lint::Options {
            kube_version: self.kube_version,
        }
    }

    pub fn validate_options(&self, v: &ValidationArgs) -> validate::Options {
        validate::Options {
            kube_version: self.kube_version,
            unknown_fields: match v.unknown_fields.or(self.config_unknown_fields) {
                Some(UnknownFieldsArg::Error) => validate::UnknownFields::Error,
                Some(UnknownFieldsArg::Warn) => validate::UnknownFields::Warn,
                Some(UnknownFieldsArg::Ignore) => validate::UnknownFields::Ignore,
                None => self.unknown_fields_by_policy(),
            },
            version: v.version.clone(),
            report_ratcheted: self.verbose,
            ..validate::Options::default()
        }
    }

    /// How admission policies run: the flags over the config's `admission` section.
    pub fn admission_settings(&self, a: &AdmissionArgs) -> crate::admission::run::Settings {
        use super::args::AuthorizerArg;
        use crate::admission::run::{Authorizer, Settings};
        let c = self.config.as_ref().map(|c| &c.admission);
        let user = a
            .user
            .as_deref()
            .or_else(|| c.and_then(|c| c.user.as_deref()));
        let groups = if a.group.is_empty() {
            c.and_then(|c| c.groups.clone()).unwrap_or_default()
        } else {
            a.group.clone()
        };
        let authorizer = match a.authorizer.or_else(|| c.and_then(|c| c.authorizer)) {
            Some(AuthorizerArg::Allow) => Authorizer::Allow,
            Some(AuthorizerArg::Deny) => Authorizer::Deny,
            Some(AuthorizerArg::NotDecidable) | None => Authorizer::NotDecidable,
        };
        Settings::new(user, &groups, authorizer)
    }

    /// Unknown fields as the rule controls leave `cr/unknown-field` for the whole run (`severity`,
    /// `ignore`, `select` in the config, `--warn`/`--ignore`/`--select`): lowered below error,
    /// they are not strict field validation, so a built-in object with an unknown field still
    /// gets its native checks (as the server validates the pruned object). `per-file`
    /// overrides and suppression comments only change how the finding is reported.
    fn unknown_fields_by_policy(&self) -> validate::UnknownFields {
        let rule = &validate::rules::UNKNOWN_FIELD;
        match self.policy.decide(rule, rule.severity, None).severity {
            None => validate::UnknownFields::Ignore,
            Some(crate::diag::Severity::Error) => validate::UnknownFields::Error,
            Some(_) => validate::UnknownFields::Warn,
        }
    }

    /// Render options for output going to stdout (`to_stderr` false) or stderr.
    pub fn render_options(&self, to_stderr: bool) -> render::Options {
        let terminal = if to_stderr {
            std::io::stderr().is_terminal()
        } else {
            std::io::stdout().is_terminal()
        };
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let color = match self.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => terminal && !no_color,
        };
        // Wrap to the terminal when `COLUMNS` says how wide it is; a fixed width otherwise, so
        // that piped output does not depend on where it was produced.
        let width = std::env::var("COLUMNS")
            .ok()
            .filter(|_| terminal)
            .and_then(|c| c.parse::<usize>().ok())
            .filter(|w| *w >= 40)
            .unwrap_or(100);
        render::Options {
            color,
            quiet: self.quiet,
            width,
            ..render::Options::default()
        }
    }
}
