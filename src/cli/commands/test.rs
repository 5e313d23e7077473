//! `test [PATHS] [--crd PATH]`: run CRD test suites (`crate::suite`) offline.
//!
//! Suites are found by content among the files of the paths; CRDs come from the same files and
//! from `--crd`, and a suite runs against every CRD whose `metadata.name` is its `crdName` (more
//! than one when feature-gated variants of a CRD are given: each case line then says which file
//! it ran on). Cases run in parallel; the report is in suite and case order.
//!
//! Outputs: `human` (a line per case, the failures with both sides, a summary), `json` (every
//! case), `junit` (one test case per suite case); `sarif` and `github` carry the failures and
//! the malformed-suite findings, located at the case. `--update` rewrites the expectations of
//! failing cases in place (`crate::suite::update`), atomically as `--write` does.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;

use rayon::prelude::*;
use serde::Serialize;

use super::gather;
use crate::cli::args::TestArgs;
use crate::cli::driver::{is_crd, objects};
use crate::cli::input::{Loaded, Origin, Role};
use crate::cli::say;
use crate::cli::settings::Settings;
use crate::cli::vendored::Vendored;
use crate::cli::{Failure, Status};
use crate::diag::render::terminal::visible;
use crate::diag::render::{self, json, Format, Report, Summary};
use crate::diag::{Diagnostic, FileId, Severity, SourceFile};
use crate::suite::run::{Target, Verdict};
use crate::suite::{self, run_case, CaseReport, Suite};
use crate::validate::{self, CompiledCrd, UnknownFields};
use crate::yaml::Node;

/// A suite with where it was read.
struct FoundSuite {
    file: FileId,
    suite: Suite,
}

/// A CRD document with where it was read, compiled.
struct FoundCrd {
    file: FileId,
    node: Node,
    compiled: Result<CompiledCrd, String>,
}

/// A ValidatingAdmissionPolicy or binding document, for policy suites.
struct FoundPolicy {
    file: FileId,
    node: Node,
}

/// A policy case's kind: a CRD among the paths or a built-in kind of the minor.
enum KindOf<'c> {
    Crd(&'c CompiledCrd),
    Builtin(std::sync::Arc<CompiledCrd>),
}

/// One case's run: which suite, case and CRD (or policy) file, and its report.
struct CaseRun<'a> {
    suite: &'a FoundSuite,
    case: usize,
    /// The file of the CRD (or, for a policy suite, the policy) the case ran against; `None`
    /// when there was none to run it against (`suite/no-crd`).
    target_file: Option<FileId>,
    /// Which CRD document (its address), to tell a suite's variants apart.
    target_id: usize,
    report: CaseReport,
    /// The case could not run for a reason already reported as a finding of its own
    /// (`suite/invalid`, `suite/no-crd`): it is counted and listed, with no
    /// `suite/case-failed` finding repeating the reason.
    said: bool,
}

impl<'a> CaseRun<'a> {
    /// A case counted as one that could not run, for `why`, already reported as a finding.
    fn not_run(
        suite: &'a FoundSuite,
        case: usize,
        target: Option<(FileId, usize)>,
        why: &str,
    ) -> Self {
        CaseRun {
            suite,
            case,
            target_file: target.map(|t| t.0),
            target_id: target.map_or(0, |t| t.1),
            report: CaseReport {
                verdict: Verdict::Broken(why.to_string()),
                error: None,
                stored: None,
                reported: Vec::new(),
            },
            said: true,
        }
    }
}

/// One case to run, or one counted as not run with the reason.
enum Job<'a> {
    Run(&'a FoundSuite, usize, &'a FoundCrd),
    NotRun(&'a FoundSuite, usize, Option<&'a FoundCrd>, String),
}

pub fn run(settings: &Settings, args: &TestArgs) -> Result<Status, Failure> {
    let vendored = Vendored::load(settings, crate::cli::vendored::locked(&args.lock))?;
    let paths = settings.paths(&args.paths.paths);
    let loaded = gather(
        settings,
        &paths,
        &[
            vendored.crds(settings.crds(&args.crds)),
            settings.chart_crds(&paths),
        ]
        .concat(),
    )?;
    let mut io_failed = report_unreadable(&loaded)?;
    let mut files: Vec<SourceFile> = loaded.iter().map(|l| l.source.clone()).collect();
    let mut problems = vendored.findings(&mut files);
    let (suites, crds, policies) = read_suites_and_crds(&loaded, &mut problems);
    // Nothing to run would pass having tested nothing (an empty pipe, a wrong directory, a
    // file that is not a suite): a usage error, as a filter that matches nothing is. The
    // findings there are (a malformed file) are still reported first, each at its place.
    if suites.iter().all(|s| s.suite.cases.is_empty()) {
        if !problems.is_empty() {
            crate::cli::driver::sort_diagnostics(&mut problems);
            let mut out = io::BufWriter::new(io::stdout().lock());
            write_report(settings, &files, &[], &problems, false, &mut out)?;
            out.flush()?;
        }
        return Err(Failure::Usage(nothing_to_run(&paths, &loaded, &suites)));
    }
    unused_files(&loaded, &suites, &crds, &policies, &mut problems);
    // A suite with no case beside suites with cases would be passed over without a word.
    for s in suites.iter().filter(|s| s.suite.cases.is_empty()) {
        problems.push(
            Diagnostic::new(
                &suite::SUITE_INVALID,
                s.suite.crd_name_span,
                "this suite holds no test case, so nothing of it runs: a suite's cases are the lists `tests.onCreate` and `tests.onUpdate` (`tests.admission` in a policy suite)",
            )
            .with_file(s.file)
            .with_severity(Severity::Warning),
        );
    }
    let opts = validate::Options {
        kube_version: settings.kube_version,
        // The harness's client sends no field validation, so the server prunes unknown fields
        // with a warning instead of refusing the object.
        unknown_fields: UnknownFields::Ignore,
        ..validate::Options::default()
    };
    let mut runs = run_cases(&suites, &crds, args.filter.as_deref(), &opts, &mut problems);
    runs.extend(run_policy_cases(
        &suites,
        &crds,
        &policies,
        args.filter.as_deref(),
        &settings.admission_settings(&args.admission),
        &opts,
        &mut problems,
    ));
    // A filter that selects nothing would pass having run nothing: a typo, or a renamed case.
    let named = |f: &str| {
        suites.iter().any(|s| {
            s.suite
                .cases
                .iter()
                .any(|c| format!("{} / {}", s.suite.name, c.name).contains(f))
        })
    };
    if let Some(filter) = args.filter.as_deref().filter(|f| !named(f)) {
        return Err(Failure::Usage(format!(
            "--filter {filter:?} matches no test case (it is matched against \"SUITE / CASE\")"
        )));
    }
    if args.update {
        io_failed |= !update_files(&loaded, &suites, &runs, settings.quiet, &mut problems)?;
    }
    for r in &runs {
        if let Some(d) = failure_diagnostic(r) {
            problems.push(d);
        }
    }
    crate::cli::driver::sort_diagnostics(&mut problems);
    let mut out = io::BufWriter::new(io::stdout().lock());
    write_report(settings, &files, &runs, &problems, true, &mut out)?;
    out.flush()?;
    let failed = runs.iter().any(|r| r.report.verdict != Verdict::Pass)
        || problems.iter().any(|d| d.severity == Severity::Error);
    Ok(if io_failed {
        Status::IoFailed
    } else if failed {
        Status::Findings
    } else {
        Status::Clean
    })
}

/// What a suite looks like, in one line, for a run that found none.
const SUITE_SHAPE: &str = "a suite is a YAML document like `{name: Widget, crdName: \
widgets.example.com, tests: {onCreate: [{name: ..., initial: ..., expected: ...}], onUpdate: \
[...]}}` with no `kind` (a policy suite has `policyName` and `tests.admission` instead)";

/// Why a run has no case to run: what was searched, and what a suite looks like.
fn nothing_to_run(paths: &[PathBuf], loaded: &[Loaded], suites: &[FoundSuite]) -> String {
    let stdin = |p: &PathBuf| p.as_os_str() == "-";
    let shown = |p: &PathBuf| {
        if stdin(p) {
            "standard input".to_string()
        } else {
            p.display().to_string()
        }
    };
    let searched = paths.iter().map(shown).collect::<Vec<_>>().join(", ");
    if !suites.is_empty() {
        let found = match suites.len() {
            1 => "the test suite found".to_string(),
            n => format!("the {n} test suites found"),
        };
        let verb = if suites.len() == 1 { "holds" } else { "hold" };
        return format!(
            "{found} in {searched} {verb} no test case: a suite's cases are the lists \
             `tests.onCreate` and `tests.onUpdate` (`tests.admission` in a policy suite)"
        );
    }
    let read: Vec<&Loaded> = loaded
        .iter()
        .filter(|l| l.input.role == Role::Target && l.error.is_none())
        .collect();
    let no_document = |l: &Loaded| {
        crate::yaml::load(&l.source.text)
            .iter()
            .all(|d| d.root.is_none() && d.errors.is_empty())
    };
    let what = match paths {
        // A file given explicitly (or standard input) that is not a suite.
        [p] if stdin(p) || p.is_file() => {
            let empty = read.len() == 1 && no_document(read[0]);
            let holds = if empty {
                " (it holds no YAML document)"
            } else {
                ""
            };
            format!("{} is not a test suite{holds}", shown(p))
        }
        _ if paths.iter().all(|p| stdin(p) || p.is_file()) => {
            format!("none of {searched} is a test suite")
        }
        _ => {
            let n = read.len();
            let s = if n == 1 { "" } else { "s" };
            format!("no test suite found in {searched} ({n} file{s} read)")
        }
    };
    format!("{what}; {SUITE_SHAPE}")
}

/// A warning at each file named on the command line (or standard input) that holds no suite,
/// no CRD and no policy: nothing of it is used, and a run must not pass over it without a word.
/// A file with findings already has its word; a walked one may be anything beside the suites.
fn unused_files(
    loaded: &[Loaded],
    suites: &[FoundSuite],
    crds: &[FoundCrd],
    policies: &[FoundPolicy],
    problems: &mut Vec<Diagnostic>,
) {
    let used: std::collections::HashSet<FileId> = (suites.iter().map(|s| s.file))
        .chain(crds.iter().map(|c| c.file))
        .chain(policies.iter().map(|p| p.file))
        .chain(problems.iter().filter_map(|d| d.file))
        .collect();
    for (file, l) in loaded.iter().enumerate() {
        let named = l.input.role == Role::Target && !l.input.walked;
        if named && l.error.is_none() && !used.contains(&file) {
            problems.push(
                Diagnostic::new(
                    &suite::UNUSED_FILE,
                    crate::yaml::Span::default(),
                    "this file holds no test suite, CRD or admission policy, so `crdlint test` uses nothing of it",
                )
                .with_file(file)
                .with_help("a case holds its objects inline (`initial: |`); the CRDs of the suites' `crdName`s are read from the paths and `--crd`"),
            );
        }
    }
}

/// Prints files that could not be read; true when there was one.
fn report_unreadable(loaded: &[Loaded]) -> Result<bool, Failure> {
    let mut err = io::stderr().lock();
    let mut failed = false;
    for l in loaded {
        if let Some(e) = &l.error {
            say(&mut err, format_args!("crdlint: {}: {e}", l.input.name))?;
            failed = true;
        }
    }
    Ok(failed)
}

/// Every suite and every CRD among the files; malformed YAML in a file is a finding.
fn read_suites_and_crds(
    loaded: &[Loaded],
    problems: &mut Vec<Diagnostic>,
) -> (Vec<FoundSuite>, Vec<FoundCrd>, Vec<FoundPolicy>) {
    let per_file: Vec<PerFile> = loaded
        .par_iter()
        .enumerate()
        .filter(|(_, l)| l.error.is_none())
        .map(|(file, l)| read_file(file, &l.source.text))
        .collect();
    let (mut suites, mut crds, mut policies) = (Vec::new(), Vec::new(), Vec::new());
    for (s, c, pol, p) in per_file {
        suites.extend(s);
        crds.extend(c);
        policies.extend(pol);
        problems.extend(p);
    }
    (suites, crds, policies)
}

type PerFile = (
    Vec<FoundSuite>,
    Vec<FoundCrd>,
    Vec<FoundPolicy>,
    Vec<Diagnostic>,
);

fn read_file(file: FileId, text: &str) -> PerFile {
    let (mut suites, mut crds, mut policies, mut problems) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for doc in crate::yaml::load(text) {
        for e in &doc.errors {
            let d = crate::cli::driver::yaml_diagnostic(e);
            problems.push(d.with_file(file));
        }
        let Some(root) = doc.root else { continue };
        if let Some(mut suite) = suite::suites_in(&root) {
            for p in suite.problems.drain(..) {
                problems.push(p.with_file(file));
            }
            suites.push(FoundSuite { file, suite });
            continue;
        }
        for (_, node) in objects(&root) {
            let is_crd_doc = matches!(
                (node.get_str("apiVersion"), node.get_str("kind")),
                (Some(a), Some(k)) if is_crd(a, k)
            );
            let (av, kind) = (
                node.get_str("apiVersion").unwrap_or(""),
                node.get_str("kind").unwrap_or(""),
            );
            if crate::admission::run::Gather::is_policy(av, kind) {
                policies.push(FoundPolicy {
                    file,
                    node: node.clone(),
                });
            }
            if is_crd_doc {
                crds.push(FoundCrd {
                    file,
                    node: node.clone(),
                    compiled: CompiledCrd::compile(node),
                });
            }
        }
    }
    (suites, crds, policies, problems)
}

/// Runs every selected case of every suite against each CRD of its `crdName`.
fn run_cases<'a>(
    suites: &'a [FoundSuite],
    crds: &'a [FoundCrd],
    filter: Option<&str>,
    opts: &validate::Options,
    problems: &mut Vec<Diagnostic>,
) -> Vec<CaseRun<'a>> {
    let mut jobs = Vec::new();
    let selected = |s: &Suite, i: usize| {
        filter.is_none_or(|f| format!("{} / {}", s.name, s.cases[i].name).contains(f))
    };
    for s in suites.iter().filter(|s| s.suite.policy.is_none()) {
        let targets: Vec<&FoundCrd> = crds
            .iter()
            .filter(|c| {
                c.node.at(&["metadata", "name"]).and_then(Node::as_str) == Some(&s.suite.crd_name)
            })
            .collect();
        // Without a CRD to run on, the cases are still counted, as cases that could not run.
        if targets.is_empty() {
            let why = if s.suite.crd_name.is_empty() {
                "the suite names no CRD (`crdName`)".to_string()
            } else {
                let why = format!(
                    "no CRD named {:?} among the paths and --crd files",
                    s.suite.crd_name
                );
                problems.push(
                    Diagnostic::new(&suite::SUITE_NO_CRD, s.suite.crd_name_span, why.clone())
                        .with_file(s.file),
                );
                why
            };
            for (i, c) in s.suite.cases.iter().enumerate() {
                if selected(&s.suite, i) {
                    let why = c.invalid.clone().unwrap_or_else(|| why.clone());
                    jobs.push(Job::NotRun(s, i, None, why));
                }
            }
        }
        for crd in targets {
            // A CRD the server cannot decode is never installed: no case runs against it.
            let why = crd.compiled.as_ref().err().cloned().or_else(|| {
                crate::cli::driver::undecodable(&crd.node, opts.kube_version, None).map(|r| r.why)
            });
            let unusable = why.map(|e| {
                let why = format!("the CRD {:?} cannot be used: {e}", s.suite.crd_name);
                problems.push(
                    Diagnostic::new(&suite::SUITE_NO_CRD, s.suite.crd_name_span, why.clone())
                        .with_file(s.file),
                );
                why
            });
            for (i, c) in s.suite.cases.iter().enumerate() {
                if !selected(&s.suite, i) {
                    continue;
                }
                jobs.push(match (&c.invalid, &unusable) {
                    (Some(why), _) | (None, Some(why)) => Job::NotRun(s, i, Some(crd), why.clone()),
                    (None, None) => Job::Run(s, i, crd),
                });
            }
        }
    }
    let id = |crd: &FoundCrd| (crd.file, crd as *const FoundCrd as usize);
    jobs.into_par_iter()
        .map(|job| match job {
            Job::NotRun(s, i, crd, why) => CaseRun::not_run(s, i, crd.map(id), &why),
            Job::Run(s, i, crd) => {
                let compiled = crd.compiled.as_ref().expect("unusable CRDs are not run");
                let target = Target {
                    crd: &crd.node,
                    compiled,
                };
                CaseRun {
                    suite: s,
                    case: i,
                    target_file: Some(crd.file),
                    target_id: id(crd).1,
                    report: run_case(&s.suite.cases[i], &target, opts, i),
                    said: false,
                }
            }
        })
        .collect()
}

/// Runs every selected case of every policy suite against its policy and binding, found
/// among the paths (`crate::suite::admission`).
fn run_policy_cases<'a>(
    suites: &'a [FoundSuite],
    crds: &[FoundCrd],
    policies: &[FoundPolicy],
    filter: Option<&str>,
    user: &crate::admission::run::Settings,
    opts: &validate::Options,
    problems: &mut Vec<Diagnostic>,
) -> Vec<CaseRun<'a>> {
    use crate::suite::admission::{self, KindInfo, PolicyRun};
    let kube = opts.kube_version;
    // The kind's CRD among the paths, else the built-in kind the minor serves.
    let schema_of = |av: &str, kind: &str| -> Option<KindOf<'_>> {
        let group = av.rsplit_once('/').map_or("", |(g, _)| g);
        if let Some(c) = crds
            .iter()
            .filter_map(|c| c.compiled.as_ref().ok())
            .find(|c| c.group == group && c.kind == kind)
        {
            return Some(KindOf::Crd(c));
        }
        let mut catalog = crate::builtin::Catalog::new(kube);
        catalog.prepare(av, kind);
        match catalog.get(av, kind) {
            Some(crate::builtin::Entry::Served { crd, .. }) => Some(KindOf::Builtin(crd.clone())),
            _ => None,
        }
    };
    let kind_info = |av: &str, kind: &str| -> Option<KindInfo> {
        Some(match &schema_of(av, kind)? {
            KindOf::Crd(c) => KindInfo {
                namespaced: c.namespaced,
                resource: crate::admission::run::resource_of(&c.kind, &c.plural).into_owned(),
                versions: c.served_versions().map(str::to_string).collect(),
                strategy: crate::admission::run::Strategy::custom_resource(c, av),
                conversion: c.conversion.clone(),
            },
            KindOf::Builtin(c) => KindInfo {
                namespaced: c.namespaced,
                resource: crate::admission::run::resource_of(&c.kind, "").into_owned(),
                versions: Vec::new(),
                strategy: crate::admission::run::Strategy::AsGiven,
                conversion: String::new(),
            },
        })
    };
    // As `check` stores an object before its policies run (`cli::driver::check`): validated
    // against its kind, and its stored (pruned, defaulted) form kept; the findings are not
    // the policy suite's business.
    let store = |obj: &Node, old: Option<&Node>| -> Node {
        let (av, kind) = (
            obj.get_str("apiVersion").unwrap_or(""),
            obj.get_str("kind").unwrap_or(""),
        );
        let outcome = match schema_of(av, kind) {
            Some(KindOf::Builtin(crd)) => crate::builtin::validate(&crd, obj, None, opts),
            Some(KindOf::Crd(crd)) => validate::validate_resource_update(crd, obj, old, opts),
            None => return obj.clone(),
        };
        outcome.stored.unwrap_or_else(|| obj.clone())
    };
    let named = |kind: &str, name: &str| {
        policies.iter().find(|p| {
            p.node.get_str("kind") == Some(kind)
                && p.node.at(&["metadata", "name"]).and_then(Node::as_str) == Some(name)
        })
    };
    // The schema a mutation merges with, as `check` finds it (`cli::driver::check`).
    let schema = |group: &str, version: &str, kind: &str| {
        let kinds = crate::admission::Kinds::new(
            kube,
            crds.iter().filter_map(|c| c.compiled.as_ref().ok()),
        );
        kinds.schema(&crate::admission::Gvk {
            group: group.to_string(),
            version: version.to_string(),
            kind: kind.to_string(),
        })
    };
    let mut out = Vec::new();
    let selected = |s: &Suite, i: usize| {
        filter.is_none_or(|f| format!("{} / {}", s.name, s.cases[i].name).contains(f))
    };
    for s in suites {
        let Some(target) = &s.suite.policy else {
            continue;
        };
        // Without its policy (or binding) the suite's cases are still counted, as cases that
        // could not run, the reason reported once as `suite/no-crd`.
        let mut missing = |what: &str, name: &str, out: &mut Vec<CaseRun<'a>>| {
            let why = format!("no {what} named {name:?} among the paths");
            problems.push(
                Diagnostic::new(&suite::SUITE_NO_CRD, target.span, why.clone()).with_file(s.file),
            );
            for (i, c) in s.suite.cases.iter().enumerate() {
                if selected(&s.suite, i) {
                    let why = c.invalid.as_deref().unwrap_or(&why);
                    out.push(CaseRun::not_run(s, i, None, why));
                }
            }
        };
        // A validating policy of that name, else a mutating one (and a binding of its kind).
        let Some((policy, policy_kind)) = ["ValidatingAdmissionPolicy", "MutatingAdmissionPolicy"]
            .into_iter()
            .find_map(|k| Some((named(k, &target.policy)?, k)))
        else {
            missing(
                "ValidatingAdmissionPolicy or MutatingAdmissionPolicy",
                &target.policy,
                &mut out,
            );
            continue;
        };
        let binding_kind = format!("{policy_kind}Binding");
        let binding = match &target.binding {
            None => None,
            Some(b) => match named(&binding_kind, b) {
                Some(found) => Some(&found.node),
                None => {
                    missing(&binding_kind, b, &mut out);
                    continue;
                }
            },
        };
        let run = PolicyRun {
            policy: &policy.node,
            binding,
            kube,
            settings: user,
            kind_info: &kind_info,
            store: &store,
            schema: &schema,
        };
        let target = (policy.file, policy as *const FoundPolicy as usize);
        for (i, c) in s.suite.cases.iter().enumerate() {
            if !selected(&s.suite, i) {
                continue;
            }
            if let Some(why) = &c.invalid {
                out.push(CaseRun::not_run(s, i, Some(target), why));
                continue;
            }
            let Some(a) = c.admission.as_deref() else {
                continue;
            };
            out.push(CaseRun {
                suite: s,
                case: i,
                target_file: Some(target.0),
                target_id: target.1,
                report: admission::run_case(c, a, &run),
                said: false,
            });
        }
    }
    out
}

/// A failing or broken case as a finding at the case's name.
fn failure_diagnostic(r: &CaseRun<'_>) -> Option<Diagnostic> {
    if r.said {
        return None;
    }
    let case = &r.suite.suite.cases[r.case];
    let why = match &r.report.verdict {
        Verdict::Pass => return None,
        Verdict::Fail(why) => why.clone(),
        Verdict::Broken(why) => format!("the case cannot run: {why}"),
    };
    Some(
        Diagnostic::new(
            &suite::CASE_FAILED,
            case.name_span,
            format!("{} / {}: {why}", r.suite.suite.name, case.name),
        )
        .with_file(r.suite.file),
    )
}

/// `--update`: rewrites the expectations of failing cases, file by file. An expectation that
/// cannot be rewritten, or a file whose rewrite would not read back as intended
/// (`suite::update::check`), is a located `write/not-rewritten` finding in `problems`, and the
/// file is left as it is. Returns false when a file could not be written (it was changed
/// meanwhile, or another I/O reason): that file is left as it is, the others are still
/// written, and the run exits 2.
fn update_files(
    loaded: &[Loaded],
    suites: &[FoundSuite],
    runs: &[CaseRun<'_>],
    quiet: bool,
    problems: &mut Vec<Diagnostic>,
) -> Result<bool, Failure> {
    // Each case's position among its file's cases (document order, then case order), which is
    // how `check` finds it again in the rewritten text.
    let mut first_case: BTreeMap<*const FoundSuite, usize> = BTreeMap::new();
    let mut per_file: BTreeMap<FileId, usize> = BTreeMap::new();
    for s in suites {
        let n = per_file.entry(s.file).or_default();
        first_case.insert(s as *const FoundSuite, *n);
        *n += s.suite.cases.len();
    }
    let mut edits: BTreeMap<FileId, Vec<(usize, suite::update::Edit)>> = BTreeMap::new();
    let mut refused: BTreeMap<FileId, Diagnostic> = BTreeMap::new();
    for r in runs {
        let text = &loaded[r.suite.file].source.text;
        let case = &r.suite.suite.cases[r.case];
        let at = first_case[&(r.suite as *const FoundSuite)] + r.case;
        match suite::update::edit_for(text, case, &r.report) {
            Ok(Some(e)) => {
                let list = edits.entry(r.suite.file).or_default();
                // A suite run on two CRD variants proposes an edit per variant: keep the first.
                if !list.iter().any(|(_, x)| x.span == e.span) {
                    list.push((at, e));
                }
            }
            Ok(None) => {}
            Err(why) => {
                refused
                    .entry(r.suite.file)
                    .or_insert_with(|| not_updated(r.suite.file, why.span, &why.reason));
            }
        }
    }
    let mut err = io::stderr().lock();
    let mut rewritten = 0;
    let mut ok = true;
    let mut replacer = super::write::Replacer::new();
    for (file, list) in edits {
        let l = &loaded[file];
        let Origin::Path(path) = &l.input.origin else {
            say(
                &mut err,
                format_args!(
                    "crdlint: {}: standard input cannot be updated in place",
                    l.input.name
                ),
            )?;
            continue;
        };
        if refused.contains_key(&file) {
            continue;
        }
        let applied: Vec<(usize, &suite::update::Edit)> =
            list.iter().map(|(at, e)| (*at, e)).collect();
        let text = suite::update::apply(
            &l.source.text,
            list.iter().map(|(_, e)| e.clone()).collect(),
        );
        if let Err(why) = suite::update::check(&l.source.text, &text, &applied) {
            let span = list.iter().map(|(_, e)| e.span).min_by_key(|s| s.start());
            refused.insert(file, not_updated(file, span.unwrap_or_default(), &why));
            continue;
        }
        if let Err(e) = replacer.replace(path, &l.source.text, &text) {
            say(
                &mut err,
                format_args!("crdlint: {}: not updated: {e}", l.input.name),
            )?;
            ok = false;
            continue;
        }
        rewritten += 1;
    }
    replacer.finish();
    if !quiet {
        let s = if rewritten == 1 { "" } else { "s" };
        writeln!(err, "crdlint: updated {rewritten} suite file{s}")?;
    }
    problems.extend(refused.into_values());
    Ok(ok)
}

/// A suite file `--update` leaves as it was, and why.
fn not_updated(file: FileId, span: crate::yaml::Span, why: &str) -> Diagnostic {
    Diagnostic::new(
        &crate::cli::rules::WRITE_REFUSED,
        span,
        format!("not updated: {why}; nothing in the file was changed"),
    )
    .with_file(file)
}

fn write_report(
    settings: &Settings,
    files: &[SourceFile],
    runs: &[CaseRun<'_>],
    problems: &[Diagnostic],
    counts: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let rules = crate::cli::rules::all();
    let summary = summary(files, problems);
    let report = Report {
        files,
        diagnostics: problems,
        suppressed: &[],
        summary: &summary,
        rules: &rules,
    };
    match settings.format {
        Format::Human => write_human(settings, files, runs, &report, counts, out),
        Format::Json => write_json(files, runs, problems, out),
        Format::Junit => write_junit(files, runs, out),
        Format::Sarif | Format::Github | Format::Concise => {
            render::render(
                settings.format,
                &report,
                &settings.render_options(false),
                out,
            )?;
            Ok(())
        }
    }
}

fn summary(files: &[SourceFile], problems: &[Diagnostic]) -> Summary {
    let count = |s: Severity| problems.iter().filter(|d| d.severity == s).count();
    Summary {
        files: files.len(),
        errors: count(Severity::Error),
        warnings: count(Severity::Warning),
        infos: count(Severity::Info),
        ..Summary::default()
    }
}

/// A line per case, then the findings (failures with both sides), then the counts.
fn write_human(
    settings: &Settings,
    files: &[SourceFile],
    runs: &[CaseRun<'_>],
    report: &Report<'_>,
    counts: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let variants = variants_per_suite(runs);
    if !settings.quiet {
        for r in runs {
            let case = &r.suite.suite.cases[r.case];
            let file = &files[r.suite.file];
            let at = file.line_col(case.name_span.start());
            let word = match r.report.verdict {
                Verdict::Pass => "pass",
                Verdict::Fail(_) => "FAIL",
                Verdict::Broken(_) => "BROKEN",
            };
            // Names come from the suite file: control characters in them are written as
            // visible escapes, as in every human-facing format (`render::terminal`).
            write!(
                out,
                "{word:<6} {}:{}:{}: {} / {}",
                visible(&file.name),
                at.line,
                at.column,
                visible(&r.suite.suite.name),
                visible(&case.name)
            )?;
            if let Some(crd) = r.target_file.filter(|_| {
                variants.get(&(r.suite.file, r.suite.suite.crd_name.as_str())) > Some(&1)
            }) {
                write!(out, " (CRD {})", visible(&files[crd].name))?;
            }
            writeln!(out)?;
        }
    }
    if !report.diagnostics.is_empty() {
        if !settings.quiet && !runs.is_empty() {
            writeln!(out)?;
        }
        // The case counts below replace the renderer's summary line.
        let mut opts = settings.render_options(false);
        opts.quiet = true;
        render::render(Format::Human, report, &opts, out)?;
    } else if !settings.quiet {
        writeln!(out)?;
    }
    if !settings.quiet && counts {
        let count = |f: fn(&Verdict) -> bool| runs.iter().filter(|r| f(&r.report.verdict)).count();
        let suites = runs
            .iter()
            .map(|r| (r.suite.file, r.suite.suite.name.as_str()))
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        writeln!(
            out,
            "test result: {} passed, {} failed, {} could not run; {} case{} in {} suite{}",
            count(|v| *v == Verdict::Pass),
            count(|v| matches!(v, Verdict::Fail(_))),
            count(|v| matches!(v, Verdict::Broken(_))),
            runs.len(),
            if runs.len() == 1 { "" } else { "s" },
            suites,
            if suites == 1 { "" } else { "s" },
        )?;
    }
    Ok(())
}

/// How many CRD files each suite ran against.
fn variants_per_suite<'a>(runs: &[CaseRun<'a>]) -> BTreeMap<(FileId, &'a str), usize> {
    let mut seen: BTreeMap<(FileId, &str), std::collections::BTreeSet<usize>> = BTreeMap::new();
    // Policy suites run on one policy each: they have no variants.
    for r in runs.iter().filter(|r| r.suite.suite.policy.is_none()) {
        seen.entry((r.suite.file, r.suite.suite.crd_name.as_str()))
            .or_default()
            .insert(r.target_id);
    }
    seen.into_iter().map(|(k, v)| (k, v.len())).collect()
}

#[derive(Serialize)]
struct WireReport<'a> {
    cases: Vec<WireCase<'a>>,
    problems: Vec<WireProblem<'a>>,
    summary: WireSummary,
}

#[derive(Serialize)]
struct WireCase<'a> {
    suite: &'a str,
    case: &'a str,
    operation: &'static str,
    file: &'a str,
    line: usize,
    column: usize,
    /// Absent when the case had no CRD (or policy) to run on (`suite/no-crd`).
    #[serde(skip_serializing_if = "Option::is_none")]
    crd_file: Option<&'a str>,
    /// `pass`, `fail` or `broken`.
    result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(Serialize)]
struct WireProblem<'a> {
    rule: &'static str,
    severity: String,
    file: Option<&'a str>,
    line: usize,
    column: usize,
    message: &'a str,
}

#[derive(Serialize)]
struct WireSummary {
    passed: usize,
    failed: usize,
    broken: usize,
}

fn write_json(
    files: &[SourceFile],
    runs: &[CaseRun<'_>],
    problems: &[Diagnostic],
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let cases: Vec<WireCase> = runs
        .iter()
        .map(|r| {
            let case = &r.suite.suite.cases[r.case];
            let file = &files[r.suite.file];
            let at = file.line_col(case.name_span.start());
            let (result, message) = match &r.report.verdict {
                Verdict::Pass => ("pass", None),
                Verdict::Fail(m) => ("fail", Some(m.as_str())),
                Verdict::Broken(m) => ("broken", Some(m.as_str())),
            };
            WireCase {
                suite: &r.suite.suite.name,
                case: &case.name,
                operation: case.op.key(),
                file: &file.name,
                line: at.line,
                column: at.column,
                crd_file: r.target_file.map(|f| files[f].name.as_str()),
                result,
                message,
                error: r.report.error.as_ref().map(|e| e.text()),
            }
        })
        .collect();
    let problems = problems
        .iter()
        .map(|d| {
            let file = d.file.and_then(|f| files.get(f));
            let at = file.map(|f| f.line_col(d.span.start()));
            WireProblem {
                rule: d.rule.id,
                severity: d.severity.to_string(),
                file: file.map(|f| f.name.as_str()),
                line: at.map_or(0, |a| a.line),
                column: at.map_or(0, |a| a.column),
                message: &d.message,
            }
        })
        .collect();
    let count = |w: &str| cases.iter().filter(|c| c.result == w).count();
    let summary = WireSummary {
        passed: count("pass"),
        failed: count("fail"),
        broken: count("broken"),
    };
    let report = WireReport {
        cases,
        problems,
        summary,
    };
    json::write_enveloped(out, &report)?;
    Ok(())
}

/// One `<testsuite>` per suite (and CRD file), one `<testcase>` per case.
fn write_junit(
    files: &[SourceFile],
    runs: &[CaseRun<'_>],
    out: &mut dyn Write,
) -> Result<(), Failure> {
    use crate::diag::render::junit::xml;
    let mut groups: Vec<(&str, Option<FileId>, Vec<&CaseRun>)> = Vec::new();
    for r in runs {
        let key = (r.suite.suite.name.as_str(), r.target_file);
        match groups.last_mut() {
            Some((n, f, list)) if (*n, *f) == key => list.push(r),
            _ => groups.push((key.0, key.1, vec![r])),
        }
    }
    let failing = |r: &&CaseRun| r.report.verdict != Verdict::Pass;
    let failures = runs
        .iter()
        .filter(|r| r.report.verdict != Verdict::Pass)
        .count();
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        r#"<testsuites name="crdlint test" tests="{}" failures="{failures}" errors="0">"#,
        runs.len()
    )?;
    for (name, crd_file, list) in groups {
        writeln!(
            out,
            r#"  <testsuite name="{}" tests="{}" failures="{}" errors="0">"#,
            xml(name),
            list.len(),
            list.iter().filter(|r| failing(r)).count()
        )?;
        if let Some(crd_file) = crd_file {
            writeln!(
                out,
                r#"    <properties><property name="crd" value="{}"/></properties>"#,
                xml(&files[crd_file].name)
            )?;
        }
        for r in list {
            let case = &r.suite.suite.cases[r.case];
            let file = &files[r.suite.file];
            let at = file.line_col(case.name_span.start());
            let open = format!(
                r#"    <testcase name="{}" classname="{}" file="{}" line="{}""#,
                xml(&case.name),
                xml(name),
                xml(&file.name),
                at.line
            );
            match &r.report.verdict {
                Verdict::Pass => writeln!(out, "{open}/>")?,
                Verdict::Fail(m) | Verdict::Broken(m) => {
                    writeln!(out, "{open}>")?;
                    let first = m.lines().next().unwrap_or("");
                    writeln!(
                        out,
                        r#"      <failure message="{}">{}</failure>"#,
                        xml(first),
                        xml(m)
                    )?;
                    writeln!(out, "    </testcase>")?;
                }
            }
        }
        writeln!(out, "  </testsuite>")?;
    }
    writeln!(out, "</testsuites>")?;
    Ok(())
}
