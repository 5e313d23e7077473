//! The workspace folders: each with its config (`.crdlint.yaml`, read again when it changes),
//! the settings `check` would run with there, and the files that may hold its CRDs.

use std::path::{Path, PathBuf};

use crate::cli::args::{GlobalArgs, LspArgs, ValidationArgs};
use crate::cli::config::{self, ConfigError};
use crate::cli::driver::RunOptions;
use crate::cli::settings::Settings;
use crate::cli::vendored::Vendored;

use super::engine::{self, SchemaFile};

/// One workspace folder (or, for a file outside every folder, its directory, not walked).
pub struct Folder {
    pub root: PathBuf,
    /// Walk `root` for CRDs, as `check` walks a directory it is given.
    walk: bool,
    /// The config file in use, if any.
    pub config_path: Option<PathBuf>,
    /// What was wrong with the config (the settings are then the defaults).
    pub config_error: Option<ConfigError>,
    pub settings: Settings,
    pub opts: RunOptions,
    pub schemas: Vec<SchemaFile>,
}

/// What every folder is loaded with: the command line and the client's settings.
pub struct Setup {
    pub global: GlobalArgs,
    pub crds: Vec<PathBuf>,
    pub validation: ValidationArgs,
}

impl Setup {
    pub fn new(global: &GlobalArgs, args: &LspArgs) -> Setup {
        Setup {
            global: global.clone(),
            crds: args.crds.clone(),
            validation: ValidationArgs {
                crds: args.crds.clone(),
                unknown_fields: args.unknown_fields,
                version: None,
                old: Vec::new(),
                old_ref: None,
                lint_vendored: args.lint_vendored,
                admission: Default::default(),
                lock: Default::default(),
            },
        }
    }
}

impl Folder {
    /// Loads the folder at `root`: its config (an open buffer's text when `open` has it), the
    /// settings, and the files that may hold CRDs.
    pub fn load(
        root: PathBuf,
        walk: bool,
        setup: &Setup,
        open: &dyn Fn(&Path) -> Option<String>,
    ) -> Folder {
        let g = &setup.global;
        let config_path = if g.no_config {
            None
        } else if let Some(p) = &g.config {
            Some(p.clone())
        } else {
            config::discover(&root).map(|p| crate::cli::input::normalize(&root.join(p)))
        };
        let config = config_path.as_deref().map(|p| match open(p) {
            Some(text) => {
                let dir = p.parent().map(Path::to_path_buf).unwrap_or_default();
                config::parse(&p.to_string_lossy(), dir, &text)
            }
            None => config::read(p),
        });
        let (config, mut config_error) = match config {
            Some(Ok(c)) => (Some(c), None),
            Some(Err(e)) => (None, Some(e)),
            None => (None, None),
        };
        // A kube-version crdlint does not emulate is kept at its place for the run that uses it.
        let version_error = config
            .as_ref()
            .and_then(|c| c.kube_version_mistake(g.kube_version.as_deref()))
            .cloned();
        let settings = match Settings::resolve(g, config) {
            Ok(s) => s,
            Err(e) => {
                // A config that parses but cannot be used (a bad kube-version, a bad pattern):
                // said on the config file, and the folder runs with the defaults.
                config_error.get_or_insert(
                    version_error.unwrap_or(ConfigError {
                        file: config_path
                            .as_deref()
                            .map(|p| p.to_string_lossy().into_owned())
                            .unwrap_or_default(),
                        line: 1,
                        column: 1,
                        message: failure_text(e),
                        also: Vec::new(),
                    }),
                );
                defaults(g)
            }
        };
        let opts = match engine::run_options(&settings, &setup.validation) {
            Ok(o) => o,
            Err(e) => {
                config_error.get_or_insert(ConfigError {
                    file: String::new(),
                    line: 1,
                    column: 1,
                    message: failure_text(e),
                    also: Vec::new(),
                });
                let settings = defaults(g);
                engine::run_options(&settings, &setup.validation).expect("defaults are valid")
            }
        };
        let roots = if walk { vec![root.clone()] } else { Vec::new() };
        // The vendored CRDs (`crdlint.lock`) are schemas like `--crd`; an editor never fails
        // on a modified one (`check --locked` in CI does), and a broken lock leaves them out.
        // Loaded lazily: each file is only looked at (`lstat`), not read and hashed on every
        // folder load, since a digest that differs changes nothing here.
        let crds = match Vendored::load_lazy(&settings, false) {
            Ok(v) => {
                let looked_at = v.inputs().into_iter().filter_map(|i| match i.origin {
                    crate::cli::input::Origin::Path(p) => Some(p),
                    crate::cli::input::Origin::Stdin => None,
                });
                let mut crds = v.crds(setup.crds.clone());
                crds.extend(looked_at);
                crds
            }
            Err(_) => setup.crds.clone(),
        };
        let schemas = engine::schema_files(&settings, &roots, &crds).unwrap_or_default();
        Folder {
            root,
            walk,
            config_path,
            config_error,
            settings,
            opts,
            schemas,
        }
    }

    /// The same folder loaded again (its config or its files changed). The CRD files' work
    /// kept from earlier runs goes on serving the files that did not change (it empties itself
    /// if the new config changes the options).
    pub fn reload(&self, setup: &Setup, open: &dyn Fn(&Path) -> Option<String>) -> Folder {
        let mut folder = Folder::load(self.root.clone(), self.walk, setup, open);
        folder.opts.schema_cache = self.opts.schema_cache.clone();
        folder
    }

    /// True when `path` is this folder's (under its root).
    pub fn holds(&self, path: &Path) -> bool {
        path.starts_with(&self.root)
    }

    /// True when `path` is one of the files that define this folder's CRDs.
    pub fn is_schema(&self, path: &Path) -> bool {
        self.schemas.iter().any(|s| s.path == path)
    }
}

/// The settings with no config and no flags but the global ones (kept apart: a flag that is
/// wrong was refused when the server started).
fn defaults(g: &GlobalArgs) -> Settings {
    Settings::resolve(g, None)
        .or_else(|_| {
            let mut g = g.clone();
            g.kube_version = None;
            Settings::resolve(&g, None)
        })
        .expect("the default settings are valid")
}

fn failure_text(e: crate::cli::Failure) -> String {
    match e {
        crate::cli::Failure::Usage(m) => m,
        crate::cli::Failure::Io(e) => e.to_string(),
    }
}
