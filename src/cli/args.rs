//! What the user typed: the clap derive structs, and nothing else.
//!
//! Like ripgrep's `lowargs`, this layer does no I/O and makes no decisions; [`super::settings`]
//! turns it into the core modules' option types. The completions in `completions/` and the man
//! page are generated from [`Cli::command`], so a flag added here shows up in both (a test fails
//! when the checked-in completions drift).

use std::path::PathBuf;

use clap::builder::TypedValueParser;
use clap::{Args, Parser, Subcommand, ValueEnum};

/// Lint Kubernetes CustomResourceDefinitions and validate custom resources, offline.
///
/// crdlint reads YAML and JSON manifests the way the Kubernetes API server does, checks every
/// CustomResourceDefinition against the server's own rules, and validates every custom
/// resource whose CRD it knows, without a cluster.
#[derive(Debug, Parser)]
#[command(
    name = "crdlint",
    version,
    disable_version_flag = true,
    max_term_width = 100,
    after_help = "Exit status: 0 no errors, 1 errors found, 2 usage or I/O failure."
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    /// Print the version and exit.
    #[arg(short = 'V', long = "version", action = clap::ArgAction::Version)]
    pub print_version: Option<bool>,

    #[command(subcommand)]
    pub command: Command,
}

/// Flags every subcommand accepts, before or after its name.
#[derive(Clone, Debug, Args)]
pub struct GlobalArgs {
    /// Output format [default: human].
    #[arg(long, value_enum, global = true)]
    pub format: Option<Format>,

    /// Read settings from this config file instead of the nearest `.crdlint.yaml`.
    #[arg(long, value_name = "PATH", global = true, conflicts_with = "no_config")]
    pub config: Option<PathBuf>,

    /// Ignore every config file.
    #[arg(long, global = true)]
    pub no_config: bool,

    /// Report only these rules: ids or group prefixes such as `cel/` (comma-separated,
    /// repeatable; replaces the config's `select`).
    #[arg(long, value_name = "RULE", value_delimiter = ',', global = true)]
    pub select: Vec<String>,

    /// Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces
    /// the config's `ignore`).
    #[arg(long, value_name = "RULE", value_delimiter = ',', global = true)]
    pub ignore: Vec<String>,

    /// Report these rules (ids or prefixes) as warnings (comma-separated, repeatable).
    #[arg(long, value_name = "RULE", value_delimiter = ',', global = true)]
    pub warn: Vec<String>,

    /// Report these rules (ids or prefixes) as errors (comma-separated, repeatable).
    #[arg(long, value_name = "RULE", value_delimiter = ',', global = true)]
    pub error: Vec<String>,

    /// Show findings silenced by `# crdlint: ignore[...]` comments and annotations.
    #[arg(long, global = true)]
    pub no_suppressions: bool,

    /// The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37).
    #[arg(long, value_name = "X.Y", global = true)]
    pub kube_version: Option<String>,

    /// When to colour human output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,

    /// Print findings only: no summary line, no list of skipped documents.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,

    /// Also list every document that was skipped, and why.
    #[arg(short, long, global = true)]
    pub verbose: bool,

    /// Exit with status 1 when there are warnings, not only errors.
    #[arg(long, global = true)]
    pub deny_warnings: bool,

    /// What to say about a custom resource whose CRD is not in the run [default: warn].
    #[arg(long, value_enum, value_name = "LEVEL", global = true)]
    pub missing_schema: Option<MissingSchemaArg>,

    /// Same as `--missing-schema error` (built-in kinds are never reported).
    #[arg(long, global = true, conflicts_with = "missing_schema")]
    pub strict: bool,

    /// Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND`
    /// (repeatable).
    #[arg(long, value_name = "KIND", global = true)]
    pub skip: Vec<String>,

    /// Skip files and directories matching this glob while walking directories (repeatable).
    #[arg(long, value_name = "GLOB", global = true)]
    pub exclude: Vec<String>,

    /// Apply `--exclude` to files named on the command line too (for pre-commit hooks).
    #[arg(long, global = true)]
    pub force_exclude: bool,

    /// The file name to report for input read from `-` (standard input).
    #[arg(long, value_name = "NAME", global = true)]
    pub stdin_filename: Option<String>,

    /// Worker threads for reading, parsing and checking (0: one per core).
    #[arg(
        short = 'j',
        long,
        value_name = "N",
        default_value_t = 0,
        global = true
    )]
    pub threads: usize,

    /// Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit
    /// (`cel/cost-high`; above 100 it never fires) [default: 50].
    #[arg(long, value_name = "PERCENT", global = true)]
    pub cost_warn: Option<u32>,

    /// Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget).
    #[arg(long, global = true, hide = true)]
    pub no_cel: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Lint every CRD and validate every resource whose CRD is known: the everyday command.
    Check(CheckArgs),
    /// Lint CustomResourceDefinitions only.
    Lint(PathArgs),
    /// Validate custom resources only (CRDs come from --crd and from the paths).
    Validate(CheckArgs),
    /// Print resources as the API server would store them: unknown fields pruned.
    ///
    /// The checked files are printed with only those objects edited: every other document
    /// (ConfigMaps, kinds with no CRD, skipped ones) passes through unchanged, comments
    /// included, so the output can be piped to `kubectl apply -f -`. Unknown fields that were
    /// pruned are notes, not errors: the exit status counts only what is still wrong.
    Prune(TransformArgs),
    /// Print resources as the API server would store them: pruned, and defaults filled in.
    ///
    /// The checked files are printed with only those objects edited: every other document
    /// (ConfigMaps, kinds with no CRD, skipped ones) passes through unchanged, comments
    /// included, so the output can be piped to `kubectl apply -f -`. Unknown fields that were
    /// pruned are notes, not errors: the exit status counts only what is still wrong.
    Default(TransformArgs),
    /// List each CRD's versions in Kubernetes priority order.
    Versions(VersionsArgs),
    /// Compare two revisions of CRDs: what the new one breaks for objects and clients that exist.
    Diff(DiffArgs),
    /// Estimate the cost of every CEL validation rule as the API server does, most expensive first.
    Cost(CostArgs),
    /// Run CRD test suites (openshift/api's envtest format) offline: create and update cases
    /// with their expected objects and errors.
    Test(TestArgs),
    /// Fetch the CRDs the config's `vendor:` entries declare into `.crdlint/vendor/`, pinned
    /// in `crdlint.lock` (the only command that uses the network).
    ///
    /// Without flags, fetches each source the lock does not have with the same declaration;
    /// `--update` re-resolves sources and says what the new CRDs break for the repository's
    /// resources; `--verify` re-fetches everything and fails when any bytes differ from the
    /// lock. A failed run leaves the previous lock and vendor folder as they were.
    Vendor(VendorArgs),
    /// List every rule: id, severity under the current config (and what set it), what it finds.
    Rules,
    /// Explain a rule (what it finds, why it matters, a bad and a good example), `config`, or
    /// a kind's field, built-in or from a CRD (`explain apps/v1/Deployment spec.replicas`,
    /// `explain certificate.spec.dnsNames --crd crds/`).
    Explain(ExplainArgs),
    /// Run the language server: the findings of `check`, hover, completion, go to definition
    /// and quick fixes in an editor, over the Language Server Protocol on standard input and
    /// output. Offline: CRDs come from the workspace folders and the config.
    Lsp(LspArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Print the man page (roff); with `--dir`, write one page per subcommand, as git does.
    #[command(hide = true)]
    Manpage(ManpageArgs),
    /// Read, parse and classify only, and print the counts (for benchmarks).
    #[command(hide = true)]
    Scan(ScanArgs),
}

/// Input paths.
#[derive(Debug, Args)]
pub struct PathArgs {
    /// Files or directories to read (`-` reads standard input). Without any: the config's
    /// `paths`, else standard input when it is not a terminal (a pipe, a file or `/dev/null`
    /// alike; one without a document is a warning), else `.`.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}

/// How resources are validated.
#[derive(Debug, Args)]
pub struct ValidationArgs {
    /// A CRD file or directory to validate resources against (repeatable).
    #[arg(long = "crd", value_name = "PATH")]
    pub crds: Vec<PathBuf>,

    /// What to do with fields the schema does not know [default: error].
    #[arg(long, value_enum)]
    pub unknown_fields: Option<UnknownFieldsArg>,

    /// Validate against this CRD version instead of the one in each resource's apiVersion.
    #[arg(long = "crd-version", value_name = "V")]
    pub version: Option<String>,

    /// Files or directories holding the previous versions of the resources (matched by
    /// apiVersion, kind, namespace and name): each match is validated as the server validates
    /// an update (transition rules, status kept, metadata update rules, ratcheting).
    #[arg(long = "old", value_name = "PATH")]
    pub old: Vec<PathBuf>,

    /// Read the previous versions from the YAML/JSON files of this git commit (matched by
    /// apiVersion, kind, namespace and name, so renamed files still match), so that the change
    /// being committed is validated as an update.
    #[arg(long = "old-ref", value_name = "GIT_REF", conflicts_with = "old")]
    pub old_ref: Option<String>,

    /// Lint the CRDs read only for `--crd` (or the config's `crds`) and the vendored ones
    /// (`crdlint.lock`) too: vendored and third-party CRDs are not the user's to fix, so their
    /// own findings are shown only when asked (a CRD that cannot be used at all is always
    /// reported). `check` only: `validate`, `prune` and `default` lint no CRD, and refuse it.
    #[arg(long)]
    pub lint_vendored: bool,

    #[command(flatten)]
    pub admission: AdmissionArgs,

    #[command(flatten)]
    pub lock: LockArgs,
}

/// Who admission policies run as and what their `authorizer` checks answer (`check`,
/// `validate`, `default` and `test`: a policy suite runs with them too).
#[derive(Clone, Debug, Default, Args)]
pub struct AdmissionArgs {
    /// The user admission policies run as (`request.userInfo.username`) [default: the config's
    /// `admission.user`, else system:serviceaccount:default:crdlint].
    #[arg(long = "admission-user", value_name = "NAME")]
    pub user: Option<String>,

    /// A group of that user (repeatable) [default: the config's `admission.groups`, else a
    /// service account's groups as its token gives them]; `system:authenticated` is added as
    /// the server adds it.
    #[arg(long = "admission-group", value_name = "GROUP")]
    pub group: Vec<String>,

    /// What an admission policy's `authorizer` checks answer, which only a cluster knows
    /// [default: the config's `admission.authorizer`, else not-decidable].
    #[arg(long = "admission-authorizer", value_enum, value_name = "ANSWER")]
    pub authorizer: Option<AuthorizerArg>,
}

/// What an admission policy's `authorizer` checks answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AuthorizerArg {
    /// Every check is allowed.
    Allow,
    /// Every check is denied.
    Deny,
    /// The policy is not evaluated for the object, with an `admission/not-decidable` note.
    NotDecidable,
}

/// How the vendored CRDs are checked against `crdlint.lock`.
#[derive(Debug, Default, Args)]
pub struct LockArgs {
    /// Fail (exit 2) when a vendored CRD is missing or differs from `crdlint.lock`, naming the
    /// file and its source [default: on when the CI environment variable is set and not
    /// empty]; otherwise each is a `vendor/modified` warning and the file on disk is used.
    #[arg(long, overrides_with = "no_locked")]
    pub locked: bool,
    /// Do not fail on vendored CRDs that differ from `crdlint.lock` (even with CI set).
    #[arg(long, overrides_with = "locked")]
    pub no_locked: bool,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub paths: PathArgs,
    #[command(flatten)]
    pub validation: ValidationArgs,
    /// Apply the safe fixes in place: rename a key one edit from its object's missing schema
    /// field, a kind one edit from a kind of its group, quote a YAML 1.1 boolean (`yes`, `on`)
    /// where the schema wants a string. Files are replaced as `prune --write` replaces them;
    /// fixed findings become notes and the exit status counts what remains.
    #[arg(long)]
    pub fix: bool,
    /// With --fix: print the fixes as a unified diff instead of writing them (findings go to
    /// standard error; the exit status is `check`'s).
    #[arg(long, requires = "fix")]
    pub diff: bool,
}

/// `crdlint lsp`: the editor names the files; only where schemas come from is set here.
#[derive(Debug, Args)]
pub struct LspArgs {
    /// A CRD file or directory to validate resources against (repeatable; relative to the
    /// working directory), beside the workspace's own CRDs and the config's `crds`.
    #[arg(long = "crd", value_name = "PATH")]
    pub crds: Vec<PathBuf>,

    /// What to do with fields the schema does not know [default: error].
    #[arg(long, value_enum)]
    pub unknown_fields: Option<UnknownFieldsArg>,

    /// Lint the CRDs read only for `--crd` (or the config's `crds`) too.
    #[arg(long)]
    pub lint_vendored: bool,

    /// Accepted because editors' clients pass it; standard input and output is the only
    /// transport.
    #[arg(long)]
    pub stdio: bool,
}

#[derive(Debug, Args)]
pub struct TestArgs {
    #[command(flatten)]
    pub paths: PathArgs,
    /// A CRD file or directory the suites' `crdName`s are looked up in (repeatable); CRDs among
    /// the paths count too.
    #[arg(long = "crd", value_name = "PATH")]
    pub crds: Vec<PathBuf>,
    /// Run only the cases whose `<suite name> / <case name>` contains this text.
    #[arg(long, value_name = "TEXT")]
    pub filter: Option<String>,
    /// Rewrite the `expected` and `expectedError` of failing cases from the actual results, in
    /// place.
    #[arg(long)]
    pub update: bool,
    #[command(flatten)]
    pub admission: AdmissionArgs,
    #[command(flatten)]
    pub lock: LockArgs,
}

#[derive(Debug, Args)]
pub struct TransformArgs {
    #[command(flatten)]
    pub paths: PathArgs,
    #[command(flatten)]
    pub validation: ValidationArgs,
    /// Rewrite the files in place instead of printing. Exits 0 when what was found is fixed:
    /// pruned unknown fields no longer count, other findings and files that could not be
    /// rewritten still do. An unknown field one edit from a field its object lacks (a likely
    /// typo: `dnsName` for `dnsNames`) is kept, with a warning, unless --prune-typos.
    #[arg(long)]
    pub write: bool,
    /// With --write: delete likely typos too (unknown fields one edit from a schema field).
    #[arg(long, requires = "write")]
    pub prune_typos: bool,
}

#[derive(Debug, Args)]
pub struct ScanArgs {
    #[command(flatten)]
    pub paths: PathArgs,
    /// Stop after reading the bytes.
    #[arg(long)]
    pub read_only: bool,
}

#[derive(Debug, Args)]
pub struct VersionsArgs {
    /// Files or directories holding CRDs.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// `diff OLD NEW`: see `commands/diff.rs`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The old revision: a CRD file or a directory of them.
    #[arg(value_name = "OLD")]
    pub old: PathBuf,
    /// The new revision: a CRD file or a directory of them (CRDs are matched by metadata.name).
    #[arg(value_name = "NEW")]
    pub new: PathBuf,
    /// Existing objects (files or directories): report which would fail their next update, or
    /// a fresh create, under the new revision.
    #[arg(long, value_name = "PATH", num_args = 1..)]
    pub objects: Vec<PathBuf>,
    /// Whether adding an enum value is breaking (`compat/enum-value-added`) [default: the
    /// config's `compat.enum-additions`, else allow].
    #[arg(long, value_enum)]
    pub enum_additions: Option<EnumAdditions>,
    /// Let a served version that status.storedVersions shows has no stored objects tighten its
    /// schema (bounds, patterns, formats, enums, required fields, CEL rules); `=false` overrides
    /// the config's `compat.allow-tightening-unstored`.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    pub allow_tightening_unstored: Option<bool>,
    /// Set a compat rule's level: `RULE=error|warning|off` (repeatable).
    #[arg(long, value_name = "RULE=LEVEL")]
    pub enforce: Vec<String>,
}

/// `vendor [--update [NAME...] | --verify]`, `vendor add NAME -`: see `commands/vendor.rs`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct VendorArgs {
    #[command(subcommand)]
    pub action: Option<VendorAction>,
    /// Re-resolve these sources (every one when none is named), and run the upgrade check of
    /// `crdlint diff` for each CRD whose bytes changed, with the resources of the config's
    /// `paths` as the existing objects.
    #[arg(long, value_name = "NAME", num_args = 0.., conflicts_with = "verify")]
    pub update: Option<Vec<String>>,
    /// Re-fetch every source and fail (exit 2) when any bytes differ from the lock; writes
    /// nothing.
    #[arg(long)]
    pub verify: bool,
}

#[derive(Debug, Subcommand)]
pub enum VendorAction {
    /// Vendor the CRDs read from standard input under NAME, as a `stdin` source of the lock:
    /// `kubectl get crd -o yaml | crdlint vendor add prod-cluster -`.
    Add(VendorAddArgs),
}

#[derive(Debug, Args)]
pub struct VendorAddArgs {
    /// The source's name (its folder under `.crdlint/vendor/`).
    #[arg(value_name = "NAME")]
    pub name: String,
    /// `-`: read standard input (files and URLs are declared in the config instead).
    #[arg(value_name = "-")]
    pub input: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EnumAdditions {
    /// Adding an enum value is compatible.
    Allow,
    /// Adding an enum value is reported as breaking.
    Disallow,
}

#[derive(Debug, Args)]
pub struct CostArgs {
    /// Files or directories holding CRDs.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// A rule id, e.g. `yaml/duplicate-key`, `config` for the config file's keys, or a kind:
    /// `apps/v1/Deployment`, `cert-manager.io/v1/Certificate`, or as kubectl takes it
    /// (`deployment.spec.replicas`, `deployments.apps`, `certificate`).
    pub rule: String,
    /// With a kind: a field path, e.g. `spec.template.spec.containers.ports`.
    #[arg(value_name = "FIELD")]
    pub field: Option<String>,
    /// A CRD file or directory whose kinds can be explained (repeatable), beside the config's
    /// `crds` and the vendored CRDs.
    #[arg(long = "crd", value_name = "PATH")]
    pub crds: Vec<PathBuf>,
    /// The group/version to explain (`apps/v1`, `v1`, `cert-manager.io/v1`), as kubectl's
    /// flag; without it, the one in the kind's id or else the preferred version (served, of
    /// the highest priority).
    #[arg(long, value_name = "GROUP/VERSION")]
    pub api_version: Option<String>,
    /// Every field below the one explained, indented (as `kubectl explain --recursive`), for
    /// built-in and custom kinds.
    #[arg(long)]
    pub recursive: bool,
}

#[derive(Debug, Args)]
pub struct ManpageArgs {
    /// Write `crdlint.1` and a `crdlint-<subcommand>.1` for every subcommand into this
    /// directory (created if missing) instead of printing `crdlint.1`.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    pub shell: clap_complete::Shell,
}

/// `--format`'s values: the renderers' own [`Format`] (one enum for the flag, the config's
/// `format` and the renderers), named and described here for clap.
pub use crate::diag::render::Format;

impl ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            Format::Human,
            Format::Json,
            Format::Sarif,
            Format::Concise,
            Format::Github,
            Format::Junit,
        ]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let (name, help) = match self {
            Format::Human => (
                "human",
                "Code frames with a label under each finding, and a summary line",
            ),
            Format::Json => (
                "json",
                "One JSON object (the contract in README.md, `\"version\": 1`)",
            ),
            Format::Sarif => ("sarif", "SARIF 2.1.0, for code-scanning uploads"),
            Format::Concise => (
                "concise",
                "One line per finding: `path:line:col: severity[rule] message`",
            ),
            Format::Github => ("github", "GitHub Actions workflow commands (annotations)"),
            Format::Junit => (
                "junit",
                "JUnit XML: one test suite per file, one failing test case per error",
            ),
        };
        Some(clap::builder::PossibleValue::new(name).help(help))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and NO_COLOR is unset.
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MissingSchemaArg {
    /// Each resource of a custom kind with no CRD in the run is an error.
    Error,
    /// Each one is a warning at its `kind:` line.
    Warn,
    /// Skip them silently (counted as skipped).
    Ignore,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum UnknownFieldsArg {
    /// As `kubectl apply` with strict field validation (its default).
    Error,
    /// Report them as warnings (the server prunes them and warns).
    Warn,
    /// Say nothing (the server prunes them).
    Ignore,
}

/// The formats of the subcommands that do not print findings. Each lists only what it can
/// print, in its `--help` and completions; the others take every [`Format`]. `completions` and
/// `manpage` print one thing and hide the flag.
pub const FORMATS_BY_COMMAND: &[(&str, &[Format])] = &[
    ("versions", &[Format::Human, Format::Json]),
    ("cost", &[Format::Human, Format::Json]),
    ("rules", &[Format::Human, Format::Json]),
    ("explain", &[Format::Human, Format::Json]),
];

/// Global flags that mean nothing to a subcommand: given there, they are a usage error (exit 2)
/// rather than silently ignored. `lsp` speaks the protocol (no format, summary or exit status
/// of findings); `completions` and `manpage` print a fixed text (their hidden `--format`, and
/// `--no-config`, are accepted for scripts that pass them everywhere).
const INAPPLICABLE: &[(&str, &[&str])] = &[
    (
        "lsp",
        &[
            "format",
            "quiet",
            "verbose",
            "deny_warnings",
            "color",
            "stdin_filename",
        ],
    ),
    ("completions", &["*"]),
    ("manpage", &["*"]),
];

/// The first global flag given on the command line that does not apply to its subcommand, as
/// a usage message.
pub fn inapplicable(cmd: &clap::Command, m: &clap::ArgMatches) -> Option<String> {
    let (name, sub) = m.subcommand()?;
    let (_, ids) = INAPPLICABLE.iter().find(|(n, _)| *n == name)?;
    let given = |id: &str| {
        [m, sub].iter().any(|x| {
            x.try_get_raw(id).is_ok_and(|v| v.is_some())
                && x.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
        })
    };
    cmd.get_arguments()
        .filter(|a| a.is_global_set())
        .filter(|a| {
            let id = a.get_id().as_str();
            if ids.contains(&"*") {
                // `--no-config` holds trivially for commands that read no config.
                id != "format" && id != "no_config"
            } else {
                ids.contains(&id)
            }
        })
        .find(|a| given(a.get_id().as_str()))
        .map(|a| {
            let flag = a.get_long().unwrap_or(a.get_id().as_str());
            format!("--{flag} does not apply to `crdlint {name}`")
        })
}

impl Cli {
    /// The clap command, for parsing, completions, the man page and tests: the derived one,
    /// with each subcommand's own `--format` values.
    pub fn command() -> clap::Command {
        let mut cmd = <Cli as clap::CommandFactory>::command();
        // `mut_subcommand` moves the subcommand last: every one goes through it, in order, so
        // that the order of help and completions stays as declared.
        let names: Vec<String> = cmd
            .get_subcommands()
            .map(|sc| sc.get_name().to_string())
            .collect();
        for name in names {
            cmd = cmd.mut_subcommand(&name, |sc| {
                let formats = FORMATS_BY_COMMAND.iter().find(|(n, _)| *n == name);
                match (formats, name.as_str()) {
                    (Some((_, formats)), _) => sc.arg(format_arg(formats)),
                    (None, "completions" | "manpage") => {
                        sc.arg(format_arg(Format::value_variants()).hide(true))
                    }
                    (None, _) => sc,
                }
            });
        }
        cmd
    }
}

/// `--format` limited to `formats`. A subcommand's own argument with the global one's id keeps
/// clap from adding the global one there; its value still reaches [`GlobalArgs::format`].
fn format_arg(formats: &'static [Format]) -> clap::Arg {
    let values: Vec<clap::builder::PossibleValue> = formats
        .iter()
        .filter_map(ValueEnum::to_possible_value)
        .collect();
    let parser = clap::builder::PossibleValuesParser::new(values)
        .map(|s| Format::from_str(&s, false).unwrap_or(Format::Human));
    clap::Arg::new("format")
        .long("format")
        .value_name("FORMAT")
        .help("Output format [default: human]")
        .value_parser(parser)
}
