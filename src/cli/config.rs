//! The config file, `.crdlint.yaml`: finding it and reading it into a [`Config`].
//!
//! This file only parses: every value is checked for its type and, for rule ids, against the
//! registry, and every mistake is a [`ConfigError`] at the line and column of the offending key
//! or value (with a "did you mean" when a known name is close). [`super::settings`] applies
//! the result under the flags, and [`super::policy`] turns the rule controls into severities.
//!
//! The file is read with crdlint's own spanned YAML loader (`crate::yaml`), the same that reads
//! manifests, so a config file is YAML exactly as a manifest is.

use std::path::{Path, PathBuf};

use super::args::{AuthorizerArg, EnumAdditions, Format, MissingSchemaArg, UnknownFieldsArg};
use crate::diag::suggest::did_you_mean;
use crate::diag::{Severity, SourceFile, Span};
use crate::k8s::KubeVersion;
use crate::yaml::{Node, Value};

/// The file name looked for in the current directory and its parents.
pub const FILE_NAME: &str = ".crdlint.yaml";

/// Every top-level key, with what it does (for `crdlint explain config` and "did you mean").
pub const KEYS: &[(&str, &str, &str)] = &[
    ("version", "1", "The config format's version. Required; only 1 exists."),
    ("paths", "[PATH, ...]", "Files or directories to check when none is given on the command line."),
    ("crds", "[PATH, ...]", "CRD files or directories to validate against (as `--crd`); they win over CRDs found in the paths."),
    ("allow-external-paths", "true|false", "Let `paths` and `crds` name files outside the config file's directory (absolute paths, `..`, links out of it); off by default, so a config cannot make a run read, and print lines of, any file the user can read."),
    ("exclude", "[GLOB, ...]", "Globs skipped while walking directories (as `--exclude`; the flag adds to these)."),
    ("force-exclude", "true|false", "Apply `exclude` to files named explicitly too (as `--force-exclude`)."),
    ("kube-version", "\"1.Y\"", "The Kubernetes minor whose API server is emulated (as `--kube-version`)."),
    ("unknown-fields", "error|warn|ignore", "Fields a schema does not know (as `--unknown-fields`)."),
    ("missing-schema", "error|warn|ignore", "A custom resource whose CRD is not in the run (as `--missing-schema`)."),
    ("skip", "[KIND, ...]", "Documents skipped silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (as `--skip`; the flag adds to these)."),
    ("format", "human|json|sarif|concise|github|junit", "Output format (as `--format`); `rules`, `explain`, `versions` and `cost` use it only when they can print it (human or json)."),
    ("cost-warn", "PERCENT", "Share of the per-rule CEL cost limit that earns `cel/cost-high` (as `--cost-warn`)."),
    ("deny-warnings", "true|false", "Exit 1 on warnings too (as `--deny-warnings`)."),
    ("select", "[RULE, ...]", "Report only these rules: ids, or group prefixes such as `cel/` (as `--select`)."),
    ("ignore", "[RULE, ...]", "Never report these rules: ids or group prefixes (as `--ignore`)."),
    ("severity", "{RULE: error|warning|info}", "Severity per rule id or group prefix; the longest match wins (`--warn`/`--error` win over it)."),
    ("require-reason", "true|false", "A suppression comment without `-- reason` is a finding (`meta/missing-reason`)."),
    ("per-file", "[{paths: [GLOB], ignore: [...], severity: {...}}]", "Overrides for files matching the globs (relative to the config file), for files a team cannot edit."),
    ("recognize", "{helm|kustomize|kubebuilder|kuttl|chainsaw|sops|git-crypt|templated-values|tool-configs: true|false}", "Which files and values that are not manifests are recognised and skipped with an `input/not-a-manifest` note (each on by default; `false` checks them as objects)."),
    ("vendor", "[{name, url + sha256 | git + ref + paths | helm + chart + version | helm: oci://… + version | path, override}]", "CRDs from outside the repository: `crdlint vendor` fetches each entry's CRDs into `.crdlint/vendor/<name>/` and pins them in `crdlint.lock` beside this file; `check` and the other commands read them offline."),
    ("admission", "{user: NAME, groups: [GROUP, ...], authorizer: allow|deny|not-decidable}", "How admission policies run (as `--admission-user`, `--admission-group` and `--admission-authorizer`, which win over it): the user of `request.userInfo` (default `system:serviceaccount:default:crdlint`, with a service account's groups), and what `authorizer` checks answer (default: the policy is not evaluated, with an `admission/not-decidable` note)."),
    ("compat", "{enum-additions: allow|disallow, allow-tightening-unstored: true|false}", "Upgrade-safety policies for `crdlint diff` and `check --old-ref` (as `--enum-additions` and `--allow-tightening-unstored`, which win over it): whether an added enum value is breaking, and whether a served version with no stored objects may tighten its schema."),
];

/// The keys of the `compat` section (`crdlint diff` policies).
pub const COMPAT_KEYS: &[&str] = &["enum-additions", "allow-tightening-unstored"];

/// The keys of the `admission` section (how admission policies run).
pub const ADMISSION_KEYS: &[&str] = &["user", "groups", "authorizer"];

/// The keys of a `per-file` entry.
pub const PER_FILE_KEYS: &[&str] = &["paths", "ignore", "severity"];

/// The keys of a `vendor:` entry.
pub const VENDOR_KEYS: &[&str] = &[
    "name", "url", "sha256", "git", "ref", "paths", "helm", "chart", "version", "path", "override",
];

/// A rule control as written: the pattern and where it was written.
#[derive(Clone, Debug)]
pub struct Pattern {
    pub text: String,
    /// Where in the config file (line:column), for `crdlint rules`.
    pub at: String,
}

/// `per-file` entries.
#[derive(Clone, Debug, Default)]
pub struct PerFile {
    pub paths: Vec<String>,
    pub ignore: Vec<Pattern>,
    pub severity: Vec<(Pattern, Severity)>,
}

/// A config file as read: each key is `None` when the file does not set it.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The file, as it is named in messages.
    pub name: String,
    /// The directory relative paths and globs in the file are relative to, as a path that
    /// can be joined to names relative to the current directory (empty for the current one).
    pub dir: PathBuf,
    pub paths: Option<Vec<PathBuf>>,
    pub crds: Option<Vec<PathBuf>>,
    pub allow_external_paths: Option<bool>,
    pub exclude: Option<Vec<String>>,
    pub force_exclude: Option<bool>,
    pub kube_version: Option<String>,
    /// Why `kube_version` names no minor crdlint emulates, at its place: a mistake of the file
    /// only for a run that uses it (`--kube-version` wins), or when the file has others.
    pub kube_version_error: Option<ConfigError>,
    pub unknown_fields: Option<UnknownFieldsArg>,
    pub missing_schema: Option<MissingSchemaArg>,
    pub skip: Option<Vec<String>>,
    pub format: Option<Format>,
    pub cost_warn: Option<u32>,
    pub deny_warnings: Option<bool>,
    pub select: Option<Vec<Pattern>>,
    pub ignore: Option<Vec<Pattern>>,
    pub severity: Vec<(Pattern, Severity)>,
    pub require_reason: Option<bool>,
    pub per_file: Vec<PerFile>,
    pub compat: CompatConfig,
    pub admission: AdmissionConfig,
    /// The `recognize` section (every recognition on when the file does not set it).
    pub recognize: super::classify::Recognize,
    /// The `vendor:` entries, in the file's order.
    pub vendor: Vec<crate::vendor::Declaration>,
}

impl Config {
    /// [`Config::kube_version_error`] for a run given `flag` (`--kube-version`), which wins
    /// over the file's: the mistake stands only for a run that uses the file's version.
    pub fn kube_version_mistake(&self, flag: Option<&str>) -> Option<&ConfigError> {
        self.kube_version_error.as_ref().filter(|_| flag.is_none())
    }
}

/// The `compat` section: policies of `crdlint diff` and `check --old-ref`, each `None` when
/// the file does not set it.
#[derive(Clone, Debug, Default)]
pub struct CompatConfig {
    pub enum_additions: Option<EnumAdditions>,
    pub allow_tightening_unstored: Option<bool>,
}

/// The `admission` section, each `None` when the file does not set it.
#[derive(Clone, Debug, Default)]
pub struct AdmissionConfig {
    pub user: Option<String>,
    pub groups: Option<Vec<String>>,
    pub authorizer: Option<AuthorizerArg>,
}

/// A mistake in a config file, at its line and column, and the file's other mistakes (a file
/// with several is reported whole, not one fix at a time: issue 33).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
    /// The mistakes after this one, in the file's order.
    pub also: Vec<ConfigError>,
}

impl std::fmt::Display for ConfigError {
    /// One line per mistake, each `file:line:column: message`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )?;
        for e in &self.also {
            write!(f, "\n{e}")?;
        }
        Ok(())
    }
}

/// The config file for a run started in `cwd`: the nearest `.crdlint.yaml` among the
/// directories [`searched`] from there. Returns the path to read, relative to `cwd` when found
/// above it.
pub fn discover(cwd: &Path) -> Option<PathBuf> {
    let home = std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from);
    discover_in(cwd, home.as_deref())
}

fn discover_in(cwd: &Path, home: Option<&Path>) -> Option<PathBuf> {
    let mut rel = PathBuf::new();
    for dir in searched(cwd, home) {
        if dir.join(FILE_NAME).is_file() {
            return Some(rel.join(FILE_NAME));
        }
        rel.push("..");
    }
    None
}

/// The directories whose `.crdlint.yaml` a run started in `cwd` may use, nearest first. A
/// config changes what a run reports (it can turn findings off), so it is looked for only
/// where the user's own project is (issue #26: a config planted in a parent directory of an
/// unpacked archive turned exit 1 into 0). Git's discovery rule, with the home directory as
/// its ceiling (`GIT_CEILING_DIRECTORIES`):
/// - up from `cwd` to the repository root, the first directory holding `.git`, included;
/// - never across a filesystem boundary (git's `GIT_DISCOVERY_ACROSS_FILESYSTEM` default);
/// - never above the user's home directory (`$HOME`; home itself is searched);
/// - outside a repository, `cwd` and its parents up to home when `cwd` is inside home, and
///   only `cwd` itself elsewhere (`/tmp`, a mounted volume).
///
/// `--config PATH` names any file; `--verbose` says which one a run uses.
fn searched<'a>(cwd: &'a Path, home: Option<&Path>) -> Vec<&'a Path> {
    let device = device_of(cwd);
    let mut up = Vec::new();
    for dir in cwd.ancestors() {
        if dir != cwd && device_of(dir) != device {
            break;
        }
        up.push(dir);
        if dir.join(".git").exists() {
            return up;
        }
        if Some(dir) == home {
            break;
        }
    }
    if home.is_some_and(|h| cwd.starts_with(h)) {
        up
    } else {
        vec![cwd]
    }
}

/// The filesystem a directory is on (`None` when it cannot be read, or off Unix).
fn device_of(dir: &Path) -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(dir).ok().map(|m| m.dev())
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}

/// Reads and parses the config file at `path` (I/O errors become a [`ConfigError`] at 1:1).
pub fn read(path: &Path) -> Result<Config, ConfigError> {
    let name = display(path);
    // As an input file is read: a FIFO or device named with `--config` is refused, not opened
    // (it blocked, or read `/dev/zero` until memory ran out: issue #26), and the size is capped.
    let text = super::input::read_regular_file(path).map_err(|e| ConfigError {
        file: name.clone(),
        line: 1,
        column: 1,
        message: format!("cannot read the config file: {e}"),
        also: Vec::new(),
    })?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    parse(&name, dir, &text)
}

fn display(path: &Path) -> String {
    let s = path.to_string_lossy();
    s.strip_prefix("./").unwrap_or(&s).to_string()
}

/// Parses config text; `name` is used in errors, `dir` anchors relative paths.
pub fn parse(name: &str, dir: PathBuf, text: &str) -> Result<Config, ConfigError> {
    let reader = Reader {
        file: SourceFile::new(name, text.to_string()),
    };
    let docs = crate::yaml::load(text);
    let mut roots = Vec::new();
    for doc in &docs {
        if let Some(e) = doc.errors.first() {
            return Err(reader.error(e.span, e.message.clone()));
        }
        if let Some(root) = &doc.root {
            roots.push(root);
        }
    }
    let root = match roots.as_slice() {
        [root] => *root,
        [] => {
            return Err(reader.error(
                Span::default(),
                "the config file is empty; it starts with `version: 1`".into(),
            ))
        }
        [_, second, ..] => {
            return Err(reader.error(
                second.span(),
                "a config file holds one YAML document".into(),
            ))
        }
    };
    let map = root.as_map().ok_or_else(|| {
        reader.error(
            root.span(),
            "the config file must be a mapping of keys".into(),
        )
    })?;
    let mut config = Config {
        name: name.to_string(),
        dir,
        ..Config::default()
    };
    // Every mistake, each at its place; the keys after a bad one are still read.
    let mut errors: Vec<ConfigError> = Vec::new();
    match map.entry("version") {
        None => errors.push(reader.error(
            root.span(),
            "missing `version: 1` at the top of the config file".into(),
        )),
        Some(e) if e.value.as_i64() == Some(1) => {}
        Some(e) => errors.push(reader.error(
            e.value.span(),
            "unsupported config version: only `version: 1` exists".into(),
        )),
    }
    // Every path `paths` and `crds` name, where: checked once the whole file is read.
    let mut named: Vec<(PathBuf, Span)> = Vec::new();
    for entry in &map.entries {
        let v = &entry.value;
        let mut read = || -> Result<(), ConfigError> {
            match entry.key.as_str() {
                "version" => {}
                "paths" => config.paths = Some(reader.paths(v, &mut named)?),
                "crds" => config.crds = Some(reader.paths(v, &mut named)?),
                "allow-external-paths" => config.allow_external_paths = Some(reader.bool(v)?),
                "exclude" => config.exclude = Some(reader.excludes(v)?),
                "force-exclude" => config.force_exclude = Some(reader.bool(v)?),
                "kube-version" => {
                    // Checked here, so that a minor crdlint does not emulate is a mistake at its
                    // place (raised when the settings are resolved, unless the flag wins).
                    let text = reader.scalar(v)?;
                    config.kube_version_error = KubeVersion::parse(&text)
                        .err()
                        .map(|m| reader.error(v.span(), m));
                    config.kube_version = Some(text);
                }
                "unknown-fields" => config.unknown_fields = Some(reader.choice(v)?),
                "missing-schema" => config.missing_schema = Some(reader.choice(v)?),
                "skip" => config.skip = Some(reader.skips(v)?),
                "format" => config.format = Some(reader.choice(v)?),
                "cost-warn" => {
                    config.cost_warn = Some(
                        v.as_i64()
                            .and_then(|n| u32::try_from(n).ok())
                            .ok_or_else(|| {
                                reader.error(
                                    v.span(),
                                    "expected a whole number (a percentage)".into(),
                                )
                            })?,
                    )
                }
                "deny-warnings" => config.deny_warnings = Some(reader.bool(v)?),
                "select" => config.select = Some(reader.patterns(v)?),
                "ignore" => config.ignore = Some(reader.patterns(v)?),
                "severity" => config.severity = reader.severities(v)?,
                "require-reason" => config.require_reason = Some(reader.bool(v)?),
                "per-file" => config.per_file = reader.per_file(v)?,
                "compat" => config.compat = reader.compat(v)?,
                "admission" => config.admission = reader.admission(v)?,
                "recognize" => config.recognize = reader.recognize(v)?,
                "vendor" => config.vendor = reader.vendor(v)?,
                other => {
                    let known: Vec<&str> = KEYS.iter().map(|k| k.0).collect();
                    return Err(reader.error(
                        entry.key_span,
                        format!("unknown key `{other}`{}", did_you_mean(other, &known)),
                    ));
                }
            }
            Ok(())
        };
        if let Err(e) = read() {
            errors.push(e);
        }
    }
    if config.allow_external_paths != Some(true) {
        for (p, span) in &named {
            if !within(&config.dir, p) {
                errors.push(reader.error(
                    *span,
                    format!(
                        "`{}` is outside the config file's directory; a config names files of \
                         its own project unless it sets `allow-external-paths: true`",
                        p.display()
                    ),
                ));
            }
        }
    }
    // A file that fails anyway says all that is wrong in it.
    if !errors.is_empty() {
        errors.extend(config.kube_version_error.clone());
    }
    // In the file's order, whatever check found them.
    errors.sort_by_key(|e| (e.line, e.column));
    let mut errors = errors.into_iter();
    match errors.next() {
        None => Ok(config),
        Some(mut first) => {
            first.also = errors.collect();
            Err(first)
        }
    }
}

/// True when `path`, relative to `dir` (the config file's directory), names a file inside
/// `dir`'s tree: by its real path when it exists (a link out of the tree is outside), else by
/// its text (`..` and absolute paths leave the tree).
pub(crate) fn within(dir: &Path, path: &Path) -> bool {
    let base = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let Ok(root) = std::fs::canonicalize(base) else {
        return false;
    };
    let joined = base.join(path);
    match std::fs::canonicalize(&joined) {
        Ok(real) => real.starts_with(&root),
        Err(_) => {
            let mut out = root.clone();
            for c in path.components() {
                match c {
                    std::path::Component::CurDir => {}
                    std::path::Component::ParentDir => {
                        if !out.pop() {
                            return false;
                        }
                    }
                    std::path::Component::Normal(n) => out.push(n),
                    _ => return false,
                }
            }
            out.starts_with(&root)
        }
    }
}

struct Reader {
    file: SourceFile,
}

impl Reader {
    fn error(&self, span: Span, message: String) -> ConfigError {
        let at = self.file.line_col(span.start());
        ConfigError {
            file: self.file.name.clone(),
            line: at.line,
            column: at.column,
            message,
            also: Vec::new(),
        }
    }

    fn at(&self, span: Span) -> String {
        let at = self.file.line_col(span.start());
        format!("{}:{}:{}", self.file.name, at.line, at.column)
    }

    fn scalar(&self, v: &Node) -> Result<String, ConfigError> {
        match &v.value {
            Value::String(s) => Ok(s.to_string()),
            Value::Int(_) | Value::Float(_) | Value::Bool(_) => {
                // `kube-version: 1.30` is a float to YAML; the text is what was meant.
                let text = self.file.text.get(v.span().range()).unwrap_or("");
                Ok(text.to_string())
            }
            _ => Err(self.error(v.span(), format!("expected a string, found {}", what(v)))),
        }
    }

    fn bool(&self, v: &Node) -> Result<bool, ConfigError> {
        v.as_bool().ok_or_else(|| {
            self.error(
                v.span(),
                format!("expected true or false, found {}", what(v)),
            )
        })
    }

    fn strings(&self, v: &Node) -> Result<Vec<String>, ConfigError> {
        let items = v
            .as_seq()
            .ok_or_else(|| self.error(v.span(), format!("expected a list, found {}", what(v))))?;
        items.iter().map(|i| self.scalar(i)).collect()
    }

    /// `exclude`: globs, each checked as the run checks `--exclude` (`commands::gather_files`),
    /// so that a bad one is an error here, at its line and column, and not a
    /// message without a place when the walk starts.
    fn excludes(&self, v: &Node) -> Result<Vec<String>, ConfigError> {
        let globs = self.strings(v)?;
        for (glob, node) in globs.iter().zip(v.as_seq().unwrap_or(&[])) {
            globset::Glob::new(glob).map_err(|err| {
                self.error(
                    node.span(),
                    format!("invalid `exclude` glob `{glob}`: {}", err.kind()),
                )
            })?;
        }
        Ok(globs)
    }

    /// `skip`: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND`, each checked here as `--skip` is,
    /// at its line and column.
    fn skips(&self, v: &Node) -> Result<Vec<String>, ConfigError> {
        let patterns = self.strings(v)?;
        for (p, node) in patterns.iter().zip(v.as_seq().unwrap_or(&[])) {
            if let Err(m) = super::classify::SkipPattern::parse(p) {
                let m = m.strip_prefix("--skip ").unwrap_or(&m);
                return Err(self.error(node.span(), format!("invalid `skip` entry {m}")));
            }
        }
        Ok(patterns)
    }

    /// `paths` / `crds`: each path, with where it was written kept in `named`.
    fn paths(
        &self,
        v: &Node,
        named: &mut Vec<(PathBuf, Span)>,
    ) -> Result<Vec<PathBuf>, ConfigError> {
        let paths: Vec<PathBuf> = self.strings(v)?.into_iter().map(PathBuf::from).collect();
        for (p, node) in paths.iter().zip(v.as_seq().unwrap_or(&[])) {
            named.push((p.clone(), node.span()));
        }
        Ok(paths)
    }

    fn choice<T: clap::ValueEnum>(&self, v: &Node) -> Result<T, ConfigError> {
        let text = self.scalar(v)?;
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|x| x.to_possible_value().map(|p| p.get_name().to_string()))
            .collect();
        T::from_str(&text, false).map_err(|_| {
            self.error(
                v.span(),
                format!(
                    "invalid value `{text}`: expected one of {}",
                    names.join(", ")
                ),
            )
        })
    }

    fn pattern(&self, v: &Node) -> Result<Pattern, ConfigError> {
        let text = self.scalar(v)?;
        check_pattern(&text).map_err(|m| self.error(v.span(), m))?;
        Ok(Pattern {
            text,
            at: self.at(v.span()),
        })
    }

    fn patterns(&self, v: &Node) -> Result<Vec<Pattern>, ConfigError> {
        let items = v.as_seq().ok_or_else(|| {
            self.error(
                v.span(),
                format!("expected a list of rule ids, found {}", what(v)),
            )
        })?;
        items.iter().map(|i| self.pattern(i)).collect()
    }

    fn severities(&self, v: &Node) -> Result<Vec<(Pattern, Severity)>, ConfigError> {
        let map = v.as_map().ok_or_else(|| {
            self.error(
                v.span(),
                format!(
                    "expected a mapping from rule id to severity, found {}",
                    what(v)
                ),
            )
        })?;
        let mut out = Vec::new();
        for e in &map.entries {
            check_pattern(&e.key).map_err(|m| self.error(e.key_span, m))?;
            let level = self.scalar(&e.value)?;
            let severity = parse_severity(&level).ok_or_else(|| {
                self.error(
                    e.value.span(),
                    format!(
                        "invalid severity `{level}`: expected error, warning or info{}",
                        did_you_mean(&level, &["error", "warning", "info"])
                    ),
                )
            })?;
            out.push((
                Pattern {
                    text: e.key.to_string(),
                    at: self.at(e.key_span),
                },
                severity,
            ));
        }
        Ok(out)
    }

    fn per_file(&self, v: &Node) -> Result<Vec<PerFile>, ConfigError> {
        let items = v.as_seq().ok_or_else(|| {
            self.error(
                v.span(),
                format!("expected a list of overrides, found {}", what(v)),
            )
        })?;
        let mut out = Vec::new();
        for item in items {
            let map = item.as_map().ok_or_else(|| {
                self.error(
                    item.span(),
                    "expected a mapping with `paths` and `ignore` or `severity`".into(),
                )
            })?;
            let mut pf = PerFile::default();
            for e in &map.entries {
                match e.key.as_str() {
                    "paths" => {
                        pf.paths = self.strings(&e.value)?;
                        for (glob, node) in pf.paths.iter().zip(e.value.as_seq().unwrap_or(&[])) {
                            globset::Glob::new(glob).map_err(|err| {
                                self.error(
                                    node.span(),
                                    format!("invalid glob `{glob}`: {}", err.kind()),
                                )
                            })?;
                        }
                    }
                    "ignore" => pf.ignore = self.patterns(&e.value)?,
                    "severity" => pf.severity = self.severities(&e.value)?,
                    other => {
                        return Err(self.error(
                            e.key_span,
                            format!(
                                "unknown key `{other}` in a per-file override{}",
                                did_you_mean(other, PER_FILE_KEYS)
                            ),
                        ))
                    }
                }
            }
            if pf.paths.is_empty() {
                return Err(self.error(item.span(), "a per-file override needs `paths`".into()));
            }
            out.push(pf);
        }
        Ok(out)
    }
}

impl Reader {
    /// The `compat` section.
    fn admission(&self, v: &Node) -> Result<AdmissionConfig, ConfigError> {
        let map = v.as_map().ok_or_else(|| {
            self.error(
                v.span(),
                format!(
                    "expected a mapping with {}, found {}",
                    ADMISSION_KEYS.join(", "),
                    what(v)
                ),
            )
        })?;
        let mut c = AdmissionConfig::default();
        for e in &map.entries {
            match e.key.as_str() {
                "user" => {
                    let user = self.scalar(&e.value)?;
                    if user.is_empty() {
                        return Err(self.error(e.value.span(), "the user is empty".into()));
                    }
                    c.user = Some(user);
                }
                "groups" => c.groups = Some(self.strings(&e.value)?),
                "authorizer" => c.authorizer = Some(self.choice(&e.value)?),
                other => {
                    return Err(self.error(
                        e.key_span,
                        format!(
                            "unknown key `{other}` in `admission`{}",
                            did_you_mean(other, ADMISSION_KEYS)
                        ),
                    ))
                }
            }
        }
        Ok(c)
    }

    fn compat(&self, v: &Node) -> Result<CompatConfig, ConfigError> {
        let map = v.as_map().ok_or_else(|| {
            self.error(
                v.span(),
                format!(
                    "expected a mapping with {}, found {}",
                    COMPAT_KEYS.join(" or "),
                    what(v)
                ),
            )
        })?;
        let mut c = CompatConfig::default();
        for e in &map.entries {
            match e.key.as_str() {
                "enum-additions" => c.enum_additions = Some(self.choice(&e.value)?),
                "allow-tightening-unstored" => {
                    c.allow_tightening_unstored = Some(self.bool(&e.value)?)
                }
                other => {
                    return Err(self.error(
                        e.key_span,
                        format!(
                            "unknown key `{other}` in `compat`{}",
                            did_you_mean(other, COMPAT_KEYS)
                        ),
                    ))
                }
            }
        }
        Ok(c)
    }
}

impl Reader {
    /// The `recognize` section: a boolean per recognition.
    fn recognize(&self, v: &Node) -> Result<super::classify::Recognize, ConfigError> {
        use super::classify::RECOGNIZE_KEYS;
        let map = v.as_map().ok_or_else(|| {
            self.error(
                v.span(),
                format!(
                    "expected a mapping of {} to true or false, found {}",
                    RECOGNIZE_KEYS.join(", "),
                    what(v)
                ),
            )
        })?;
        let mut r = super::classify::Recognize::default();
        for e in &map.entries {
            let on = self.bool(&e.value)?;
            if !r.set(&e.key, on) {
                return Err(self.error(
                    e.key_span,
                    format!(
                        "unknown key `{}` in `recognize`{}",
                        e.key,
                        did_you_mean(&e.key, RECOGNIZE_KEYS)
                    ),
                ));
            }
        }
        Ok(r)
    }
}

impl Reader {
    /// The `vendor:` list: each entry a `name` and exactly one source, with the keys that
    /// source needs and no other.
    fn vendor(&self, v: &Node) -> Result<Vec<crate::vendor::Declaration>, ConfigError> {
        let items = v.as_seq().ok_or_else(|| {
            self.error(
                v.span(),
                format!("expected a list of sources, found {}", what(v)),
            )
        })?;
        let mut out: Vec<crate::vendor::Declaration> = Vec::new();
        for item in items {
            let d = self.vendor_entry(item)?;
            if out.iter().any(|o| o.name == d.name) {
                let at = item.get("name").map_or(item.span(), Node::span);
                return Err(self.error(
                    at,
                    format!(
                        "a second vendor source named `{}`: names are folder names, one each",
                        d.name
                    ),
                ));
            }
            out.push(d);
        }
        Ok(out)
    }

    fn vendor_entry(&self, item: &Node) -> Result<crate::vendor::Declaration, ConfigError> {
        use crate::vendor::{Declaration, Source};
        let map = item.as_map().ok_or_else(|| {
            self.error(
                item.span(),
                format!(
                    "expected a mapping with `name` and a source, found {}",
                    what(item)
                ),
            )
        })?;
        for e in &map.entries {
            if !VENDOR_KEYS.contains(&e.key.as_str()) {
                return Err(self.error(
                    e.key_span,
                    format!(
                        "unknown key `{}` in a vendor entry{}",
                        e.key,
                        did_you_mean(&e.key, VENDOR_KEYS)
                    ),
                ));
            }
        }
        let get = |k: &str| map.entry(k);
        let text = |k: &str| -> Result<Option<String>, ConfigError> {
            match get(k) {
                None => Ok(None),
                Some(e) => {
                    let s = self.scalar(&e.value)?;
                    if s.trim().is_empty() {
                        return Err(self.error(e.value.span(), format!("`{k}` is empty")));
                    }
                    Ok(Some(s))
                }
            }
        };
        let name_entry = get("name")
            .ok_or_else(|| self.error(item.span(), "a vendor entry needs a `name`".into()))?;
        let name = text("name")?.unwrap_or_default();
        if !crate::vendor::valid_name(&name) {
            return Err(self.error(
                name_entry.value.span(),
                format!("invalid vendor name `{name}`: it names a folder, so letters, digits, `.`, `_` and `-` only"),
            ));
        }
        let sources: Vec<&crate::yaml::Entry> = ["url", "git", "helm", "path"]
            .iter()
            .filter_map(|k| get(k))
            .collect();
        let source_entry = match sources.as_slice() {
            [] => {
                return Err(self.error(
                    item.span(),
                    format!(
                        "vendor source `{name}` needs one source: `url`, `git`, `helm` or `path`"
                    ),
                ))
            }
            [one] => *one,
            [first, second, ..] => {
                let (a, b) = if first.key_span.start() < second.key_span.start() {
                    (first, second)
                } else {
                    (second, first)
                };
                return Err(self.error(
                    b.key_span,
                    format!(
                        "`{}` and `{}` in one vendor entry: each entry has one source",
                        a.key, b.key
                    ),
                ));
            }
        };
        let kind = source_entry.key.as_str();
        let value = text(kind)?.unwrap_or_default();
        let oci = kind == "helm" && value.starts_with("oci://");
        // Which keys each source takes besides `name` and `override`.
        let takes: &[&str] = match kind {
            "url" => &["sha256"],
            "git" => &["ref", "paths"],
            "helm" if oci => &["version"],
            "helm" => &["chart", "version"],
            _ => &[],
        };
        for e in &map.entries {
            let k = e.key.as_str();
            if matches!(k, "name" | "override") || k == kind || takes.contains(&k) {
                continue;
            }
            let belongs = match k {
                "sha256" => "a `url` source",
                "ref" | "paths" => "a `git` source",
                "chart" if oci => "a chart repository (an OCI address names the chart itself)",
                "chart" | "version" => "a `helm` source",
                _ => "another source",
            };
            return Err(self.error(
                e.key_span,
                format!("`{k}` belongs to {belongs}, not to a `{kind}` source"),
            ));
        }
        let need = |k: &str, why: &str| -> Result<String, ConfigError> {
            text(k)?.ok_or_else(|| {
                self.error(
                    source_entry.key_span,
                    format!("vendor source `{name}`: a `{kind}` source needs `{k}`{why}"),
                )
            })
        };
        let source = match kind {
            "url" => {
                let sha256 = need("sha256", ": the bytes are pinned, not the name")?;
                if sha256.len() != 64 || !sha256.bytes().all(|b| b.is_ascii_hexdigit()) {
                    let at = get("sha256").map_or(item.span(), |e| e.value.span());
                    return Err(self.error(at, "`sha256` is 64 hexadecimal digits".into()));
                }
                Source::Url {
                    url: value,
                    sha256: sha256.to_ascii_lowercase(),
                }
            }
            "git" => {
                let reference = need("ref", " (a tag, branch or commit)")?;
                let paths_entry = get("paths").ok_or_else(|| {
                    self.error(
                        source_entry.key_span,
                        format!("vendor source `{name}`: a `git` source needs `paths` (globs of the CRD files)"),
                    )
                })?;
                let paths = self.strings(&paths_entry.value)?;
                if paths.is_empty() {
                    return Err(self.error(paths_entry.value.span(), "`paths` is empty".into()));
                }
                for (glob, node) in paths.iter().zip(paths_entry.value.as_seq().unwrap_or(&[])) {
                    globset::Glob::new(glob).map_err(|err| {
                        self.error(
                            node.span(),
                            format!("invalid glob `{glob}`: {}", err.kind()),
                        )
                    })?;
                }
                Source::Git {
                    repo: value,
                    reference,
                    paths,
                }
            }
            "helm" if oci => Source::Oci {
                reference: value,
                version: need("version", " (the chart's tag)")?,
            },
            "helm" => Source::Helm {
                repo: value,
                chart: need("chart", " (the chart's name in the repository)")?,
                version: need("version", "")?,
            },
            _ => Source::Path { path: value },
        };
        let overrides = match get("override") {
            Some(e) => self.bool(&e.value)?,
            None => false,
        };
        Ok(Declaration {
            name,
            source,
            overrides,
        })
    }
}

/// What a value is, in YAML's words.
fn what(v: &Node) -> &'static str {
    match &v.value {
        Value::Null => "nothing (null)",
        Value::Bool(_) => "a boolean",
        Value::Int(_) | Value::Float(_) => "a number",
        Value::String(_) => "a string",
        Value::Seq(_) => "a list",
        Value::Map(_) => "a mapping",
    }
}

/// `error`, `warning` (or `warn`) and `info`.
pub fn parse_severity(s: &str) -> Option<Severity> {
    match s {
        "error" => Some(Severity::Error),
        "warning" | "warn" => Some(Severity::Warning),
        "info" | "note" => Some(Severity::Info),
        _ => None,
    }
}

/// Checks that a rule pattern names a rule or a group of rules; the error says which rule was
/// probably meant.
pub fn check_pattern(pattern: &str) -> Result<(), String> {
    let rules = super::rules::all();
    if rules.iter().any(|r| super::rules::matches(pattern, r.id)) {
        return Ok(());
    }
    let mut names: Vec<String> = rules.iter().map(|r| r.id.to_string()).collect();
    let mut groups: Vec<String> = rules
        .iter()
        .filter_map(|r| r.id.split_once('/').map(|(g, _)| format!("{g}/")))
        .collect();
    groups.dedup();
    names.extend(groups);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    Err(format!(
        "unknown rule or group `{pattern}`{}; `crdlint rules` lists every rule",
        did_you_mean(pattern, &names)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse(".crdlint.yaml", PathBuf::new(), text)
            .expect_err("an error")
            .to_string()
    }

    #[test]
    fn reads_every_key() {
        let text = "version: 1\npaths: [a, b]\ncrds: [crds]\nexclude: ['vendor/**']\nforce-exclude: true\n\
kube-version: 1.30\nunknown-fields: warn\nmissing-schema: error\nskip: [Secret]\nformat: json\ncost-warn: 80\n\
deny-warnings: true\nselect: [cel/, crd/names]\nignore: [versions/schema-drift-without-conversion]\n\
severity: {cel/cost-high: error}\nrequire-reason: true\nper-file:\n- paths: ['charts/**']\n  ignore: [schema/]\n  severity: {cel/: info}\n";
        let c = parse(".crdlint.yaml", PathBuf::new(), text).expect("valid");
        assert_eq!(
            c.paths.as_deref(),
            Some(&[PathBuf::from("a"), PathBuf::from("b")][..])
        );
        assert_eq!(c.kube_version.as_deref(), Some("1.30"));
        assert_eq!(c.unknown_fields, Some(UnknownFieldsArg::Warn));
        assert_eq!(c.missing_schema, Some(MissingSchemaArg::Error));
        assert_eq!(c.format, Some(Format::Json));
        assert_eq!(c.cost_warn, Some(80));
        assert_eq!(c.select.as_ref().map(Vec::len), Some(2));
        assert_eq!(c.severity[0].1, Severity::Error);
        assert_eq!(c.severity[0].0.at, ".crdlint.yaml:15:12");
        assert_eq!(c.per_file[0].paths, ["charts/**"]);
        assert_eq!(c.per_file[0].severity[0].1, Severity::Info);
        assert_eq!(c.require_reason, Some(true));
    }

    #[test]
    fn mistakes_are_located_with_a_suggestion() {
        let unsupported = KubeVersion::parse("1.99").expect_err("unsupported");
        assert_eq!(
            err("version: 1\nselct: [cel/]\n"),
            ".crdlint.yaml:2:1: unknown key `selct` (did you mean `select`?)"
        );
        assert_eq!(
            err("version: 1\nignore: [cel/cost-hihg]\n"),
            ".crdlint.yaml:2:10: unknown rule or group `cel/cost-hihg` (did you mean `cel/cost-high`?); `crdlint rules` lists every rule"
        );
        assert_eq!(
            err("version: 1\nseverity:\n  cel/cost-high: fatal\n"),
            ".crdlint.yaml:3:18: invalid severity `fatal`: expected error, warning or info"
        );
        assert_eq!(
            err("version: 1\ndeny-warnings: [x]\n"),
            ".crdlint.yaml:2:16: expected true or false, found a list"
        );
        assert_eq!(
            err("version: 1\nformat: jsn\n"),
            ".crdlint.yaml:2:9: invalid value `jsn`: expected one of human, json, sarif, concise, github, junit"
        );
        assert_eq!(
            err("paths: [a]\n"),
            ".crdlint.yaml:1:1: missing `version: 1` at the top of the config file"
        );
        // Alone, a minor crdlint does not emulate is kept at its place for the run that uses
        // it (`--kube-version` wins over it: `Settings::resolve`).
        let deferred = |text: &str| {
            parse(".crdlint.yaml", PathBuf::new(), text)
                .expect("parsed")
                .kube_version_error
                .expect("the version's mistake")
                .to_string()
        };
        assert_eq!(
            deferred("version: 1\nkube-version: \"1.99\"\n"),
            format!(".crdlint.yaml:2:15: {unsupported}")
        );
        assert_eq!(
            deferred("version: 1\nkube-version: 1.x\n"),
            format!(
                ".crdlint.yaml:2:15: invalid Kubernetes version \"1.x\": expected 1.<minor>, e.g. 1.{}",
                KubeVersion::NEWEST.minor
            )
        );
        // Reported with the file's other mistakes, in the file's order.
        assert_eq!(
            err("version: 1\nbogus: 1\nkube-version: 1.99\n"),
            format!(".crdlint.yaml:2:1: unknown key `bogus`\n.crdlint.yaml:3:15: {unsupported}")
        );
        assert_eq!(
            err("version: 2\n"),
            ".crdlint.yaml:1:10: unsupported config version: only `version: 1` exists"
        );
        assert!(err("version: 1\nselect: [a\n").starts_with(".crdlint.yaml:"));
        assert_eq!(
            err("version: 1\nper-file:\n- path: [x]\n"),
            ".crdlint.yaml:3:3: unknown key `path` in a per-file override (did you mean `paths`?)"
        );
    }

    #[test]
    fn the_admission_section_is_read_and_its_mistakes_located() {
        let c = parse(
            ".crdlint.yaml",
            PathBuf::new(),
            "version: 1\nadmission:\n  user: alice\n  groups: [dev, ops]\n  authorizer: not-decidable\n",
        )
        .expect("valid");
        assert_eq!(c.admission.user.as_deref(), Some("alice"));
        assert_eq!(
            c.admission.groups,
            Some(vec!["dev".to_string(), "ops".to_string()])
        );
        assert_eq!(c.admission.authorizer, Some(AuthorizerArg::NotDecidable));
        assert_eq!(
            err("version: 1\nadmission:\n  authorizer: maybe\n"),
            ".crdlint.yaml:3:15: invalid value `maybe`: expected one of allow, deny, not-decidable"
        );
        assert_eq!(
            err("version: 1\nadmission:\n  usr: alice\n"),
            ".crdlint.yaml:3:3: unknown key `usr` in `admission` (did you mean `user`?)"
        );
        assert_eq!(
            err("version: 1\nadmision: {user: alice}\n"),
            ".crdlint.yaml:2:1: unknown key `admision` (did you mean `admission`?)"
        );
        assert_eq!(
            err("version: 1\nadmission: {groups: dev}\n"),
            ".crdlint.yaml:2:21: expected a list, found a string"
        );
    }

    #[test]
    fn the_compat_section_is_read_and_its_mistakes_located() {
        let c = parse(
            ".crdlint.yaml",
            PathBuf::new(),
            "version: 1\ncompat:\n  enum-additions: disallow\n  allow-tightening-unstored: true\n",
        )
        .expect("valid");
        assert_eq!(c.compat.enum_additions, Some(EnumAdditions::Disallow));
        assert_eq!(c.compat.allow_tightening_unstored, Some(true));
        let none = parse(".crdlint.yaml", PathBuf::new(), "version: 1\n").expect("valid");
        assert_eq!(none.compat.enum_additions, None);
        assert_eq!(
            err("version: 1\ncompat:\n  enum-additions: maybe\n"),
            ".crdlint.yaml:3:19: invalid value `maybe`: expected one of allow, disallow"
        );
        assert_eq!(
            err("version: 1\ncompat:\n  enum-addition: allow\n"),
            ".crdlint.yaml:3:3: unknown key `enum-addition` in `compat` (did you mean `enum-additions`?)"
        );
        assert_eq!(
            err("version: 1\ncompat:\n  allow-tightening-unstored: yes please\n"),
            ".crdlint.yaml:3:30: expected true or false, found a string"
        );
        assert_eq!(
            err("version: 1\ncompat: [x]\n"),
            ".crdlint.yaml:2:9: expected a mapping with enum-additions or allow-tightening-unstored, found a list"
        );
    }

    #[test]
    fn vendor_entries_are_read_with_one_source_each() {
        use crate::vendor::Source;
        let sha = "3f".repeat(32);
        let text = format!(
            "version: 1\nvendor:\n- name: cm\n  url: https://e.com/c.yaml\n  sha256: {sha}\n\
- name: flux\n  git: ../flux\n  ref: v2.4.0\n  paths: ['crds/**/*.yaml']\n\
- name: kps\n  helm: https://charts.e.com\n  chart: kps\n  version: 65.1.0\n\
- name: es\n  helm: oci://ghcr.io/es/charts/es\n  version: 0.10.4\n  override: true\n\
- name: mine\n  path: crds\n"
        );
        let c = parse(".crdlint.yaml", PathBuf::new(), &text).expect("valid");
        assert_eq!(c.vendor.len(), 5);
        assert!(matches!(&c.vendor[0].source, Source::Url { sha256, .. } if *sha256 == sha));
        assert!(
            matches!(&c.vendor[1].source, Source::Git { reference, .. } if reference == "v2.4.0")
        );
        assert!(matches!(&c.vendor[2].source, Source::Helm { version, .. } if version == "65.1.0"));
        assert!(matches!(&c.vendor[3].source, Source::Oci { .. }) && c.vendor[3].overrides);
        assert!(matches!(&c.vendor[4].source, Source::Path { path } if path == "crds"));
    }

    #[test]
    fn vendor_mistakes_are_located_with_a_suggestion() {
        assert_eq!(
            err("version: 1\nvendor:\n- name: a\n  url: https://e.com/x.yaml\n"),
            ".crdlint.yaml:4:3: vendor source `a`: a `url` source needs `sha256`: the bytes are pinned, not the name"
        );
        assert_eq!(
            err("version: 1\nvendor:\n- name: a\n  helm: https://c.io\n  version: 1.0.0\n  chrat: c\n"),
            ".crdlint.yaml:6:3: unknown key `chrat` in a vendor entry (did you mean `chart`?)"
        );
        assert_eq!(
            err("version: 1\nvendor:\n- name: a\n  path: x\n  git: y\n"),
            ".crdlint.yaml:5:3: `path` and `git` in one vendor entry: each entry has one source"
        );
        assert_eq!(
            err("version: 1\nvendor:\n- name: a\n"),
            ".crdlint.yaml:3:3: vendor source `a` needs one source: `url`, `git`, `helm` or `path`"
        );
        assert_eq!(
            err("version: 1\nvendor:\n- name: a\n  helm: oci://r.io/c\n  chart: c\n  version: 1.0.0\n"),
            ".crdlint.yaml:5:3: `chart` belongs to a chart repository (an OCI address names the chart itself), not to a `helm` source"
        );
        assert_eq!(
            err("version: 1\nvendor:\n- name: a\n  helm: https://c.io\n  version: 1.0.0\n"),
            ".crdlint.yaml:4:3: vendor source `a`: a `helm` source needs `chart` (the chart's name in the repository)"
        );
        assert_eq!(
            err("version: 1\nvendor:\n- name: a\n  path: x\n- name: a\n  path: y\n"),
            ".crdlint.yaml:5:9: a second vendor source named `a`: names are folder names, one each"
        );
        assert_eq!(
            err("version: 1\nvendor:\n- name: ../a\n  path: x\n"),
            ".crdlint.yaml:3:9: invalid vendor name `../a`: it names a folder, so letters, digits, `.`, `_` and `-` only"
        );
    }

    #[test]
    fn exclude_and_skip_mistakes_are_located() {
        // Issue #26: these were reported when the walk started, with no line and column.
        assert_eq!(
            err("version: 1\nexclude:\n- ok/**\n- 'a[b'\n"),
            ".crdlint.yaml:4:3: invalid `exclude` glob `a[b`: unclosed character class; missing ']'"
        );
        assert_eq!(
            err("version: 1\nskip: [Secret, a/b/c/d]\n"),
            ".crdlint.yaml:2:16: invalid `skip` entry \"a/b/c/d\": expected KIND, GROUP/KIND or GROUP/VERSION/KIND"
        );
        assert_eq!(
            err("version: 1\nskip: ['apps/']\n"),
            ".crdlint.yaml:2:8: invalid `skip` entry \"apps/\": the kind is empty"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_config_that_is_not_a_regular_file_is_refused_unopened() {
        // A FIFO blocked the run and `/dev/zero` was read until memory ran out (issue #26).
        let e = read(Path::new("/dev/zero")).expect_err("a device");
        assert!(e.message.contains("not a regular file"), "{e}");
        let dir = tempfile::tempdir().expect("tempdir");
        let fifo = dir.path().join("cfg.yaml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.expect("mkfifo runs").success());
        let e = read(&fifo).expect_err("a FIFO");
        assert!(e.message.contains("not a regular file"), "{e}");
    }

    #[test]
    fn paths_outside_the_config_directory_need_an_opt_in() {
        // Issue #26: `crds: [~/.aws/credentials]` made a run read and print any file.
        let dir = tempfile::tempdir().expect("tempdir");
        let proj = dir.path().join("proj");
        std::fs::create_dir_all(proj.join("crds")).expect("mkdir");
        std::fs::write(dir.path().join("secret"), "k = v\n").expect("write");
        let read = |text: &str| parse(".crdlint.yaml", proj.clone(), text).map(|_| ());
        assert!(read("version: 1\ncrds: [crds, crds/x.yaml, ./a/../crds]\npaths: [.]\n").is_ok());
        let abs = dir.path().join("secret");
        for bad in [
            "../secret",
            "crds/../../secret",
            abs.to_str().expect("utf-8"),
        ] {
            let e =
                read(&format!("version: 1\npaths: [ok]\ncrds: ['{bad}']\n")).expect_err("outside");
            assert_eq!((e.line, e.column), (3, 8), "{bad}");
            assert!(e.message.contains("allow-external-paths: true"), "{e}");
        }
        assert!(read("crds: [../secret]\nallow-external-paths: true\nversion: 1\n").is_ok());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("secret"), proj.join("crds/link.yaml"))
                .expect("symlink");
            assert!(read("version: 1\ncrds: [crds/link.yaml]\n").is_err());
        }
    }

    #[test]
    fn the_recognize_section_turns_recognitions_off() {
        let c = parse(
            ".crdlint.yaml",
            PathBuf::new(),
            "version: 1\nrecognize:\n  sops: false\n  templated-values: false\n",
        )
        .expect("valid");
        assert!(!c.recognize.sops && !c.recognize.templated_values);
        assert!(c.recognize.kuttl && c.recognize.chainsaw && c.recognize.helm);
        let none = parse(".crdlint.yaml", PathBuf::new(), "version: 1\n").expect("valid");
        assert_eq!(none.recognize, crate::cli::classify::Recognize::default());
        assert_eq!(
            err("version: 1\nrecognize:\n  kutl: false\n"),
            ".crdlint.yaml:3:3: unknown key `kutl` in `recognize` (did you mean `kuttl`?)"
        );
        assert_eq!(
            err("version: 1\nrecognize:\n  sops: no thanks\n"),
            ".crdlint.yaml:3:9: expected true or false, found a string"
        );
    }

    #[test]
    fn discovery_stops_at_the_repository_root() {
        let dir = tempfile::tempdir().expect("tempdir");
        let repo = dir.path().join("repo");
        let sub = repo.join("a/b");
        std::fs::create_dir_all(&sub).expect("mkdir");
        std::fs::write(dir.path().join(FILE_NAME), "version: 1\n").expect("write");
        std::fs::create_dir(repo.join(".git")).expect("mkdir");
        assert_eq!(discover_in(&sub, None), None);
        std::fs::write(repo.join(FILE_NAME), "version: 1\n").expect("write");
        assert_eq!(
            discover_in(&sub, None),
            Some(PathBuf::from("../../.crdlint.yaml"))
        );
        assert_eq!(
            discover_in(&repo, None),
            Some(PathBuf::from(".crdlint.yaml"))
        );
    }

    #[test]
    fn outside_a_repository_discovery_stays_in_home_or_the_working_directory() {
        // reliability-cases/misc.sh: `up/.crdlint.yaml` was used for a run in `up/proj`.
        let dir = tempfile::tempdir().expect("tempdir");
        let up = dir.path().join("up");
        let proj = up.join("proj");
        std::fs::create_dir_all(&proj).expect("mkdir");
        std::fs::write(up.join(FILE_NAME), "version: 1\n").expect("write");
        // Not under home: only the working directory.
        assert_eq!(discover_in(&proj, None), None);
        assert_eq!(
            discover_in(&proj, Some(Path::new("/nonexistent-home"))),
            None
        );
        assert_eq!(discover_in(&up, None), Some(PathBuf::from(".crdlint.yaml")));
        // Under home: up to home, home included, nothing above it.
        assert_eq!(
            discover_in(&proj, Some(&up)),
            Some(PathBuf::from("../.crdlint.yaml"))
        );
        assert_eq!(discover_in(&proj, Some(&proj)), None);
        assert_eq!(searched(&proj, Some(&up)), [proj.as_path(), up.as_path()]);
    }
}
