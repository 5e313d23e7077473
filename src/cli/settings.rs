//! From what the user typed to the core modules' option types.
//!
//! This is the only place that interprets flags (ripgrep's `hiargs`): the commands below it see
//! `lint::Options`, `validate::Options` and `diag::render::Options`, never a clap type.

use std::io::IsTerminal;

use super::args::{ColorChoice, Format, GlobalArgs, UnknownFieldsArg, ValidationArgs};
use super::Failure;
use crate::diag::render;
use crate::k8s::KubeVersion;
use crate::{lint, validate};

/// Settings every command shares.
pub struct Settings {
    pub format: render::Format,
    pub color: ColorChoice,
    pub quiet: bool,
    pub verbose: bool,
    pub deny_warnings: bool,
    pub strict: bool,
    pub excludes: Vec<String>,
    pub stdin_name: String,
    pub threads: usize,
    pub kube_version: KubeVersion,
    /// Lint without CEL (hidden `--no-cel`, for benchmarks).
    pub skip_cel: bool,
    /// `--cost-warn`: the share of the per-rule CEL cost limit that earns a warning.
    pub cost_warn_percent: u32,
}

impl Settings {
    pub fn from_args(g: &GlobalArgs) -> Result<Settings, Failure> {
        let kube_version = match &g.kube_version {
            Some(v) => KubeVersion::parse(v).map_err(Failure::Usage)?,
            None => KubeVersion::default(),
        };
        Ok(Settings {
            format: match g.format {
                Format::Human => render::Format::Human,
                Format::Json => render::Format::Json,
                Format::Sarif => render::Format::Sarif,
                Format::Github => render::Format::Github,
                Format::Junit => render::Format::Junit,
            },
            color: g.color,
            quiet: g.quiet,
            verbose: g.verbose,
            deny_warnings: g.deny_warnings,
            strict: g.strict,
            excludes: g.exclude.clone(),
            stdin_name: g.stdin_filename.clone().unwrap_or_else(|| "-".to_string()),
            threads: g.threads,
            kube_version,
            skip_cel: g.no_cel,
            cost_warn_percent: g.cost_warn,
        })
    }

    pub fn lint_options(&self) -> lint::Options {
        lint::Options {
            kube_version: self.kube_version,
        }
    }

    pub fn validate_options(&self, v: &ValidationArgs) -> validate::Options {
        validate::Options {
            kube_version: self.kube_version,
            unknown_fields: match v.unknown_fields {
                UnknownFieldsArg::Error => validate::UnknownFields::Error,
                UnknownFieldsArg::Warn => validate::UnknownFields::Warn,
                UnknownFieldsArg::Ignore => validate::UnknownFields::Ignore,
            },
            version: v.version.clone(),
            report_ratcheted: self.verbose,
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
