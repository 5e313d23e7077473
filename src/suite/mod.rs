//! `crdlint test`: a CRD's validation test suites, run offline with the API server's semantics.
//!
//! Operator authors test CEL rules, defaults and pruning by creating objects in a real API
//! server (envtest, kind). The suite format here is the one openshift/api's envtest harness
//! reads (its `tests/README.md` documents it), so a project that already writes such suites runs
//! them unchanged, in milliseconds instead of a downloaded kube-apiserver:
//!
//! ```yaml
//! name: "[Stable] Widget"
//! crdName: widgets.example.com
//! tests:
//!   onCreate:
//!   - name: Should default replicas
//!     initial: |
//!       apiVersion: example.com/v1
//!       kind: Widget
//!       spec: {}
//!     expected: |
//!       apiVersion: example.com/v1
//!       kind: Widget
//!       spec:
//!         replicas: 1
//!   onUpdate:
//!   - name: Should not allow changing the immutable field
//!     initial: ...
//!     updated: ...
//!     expectedError: "spec.name: Invalid value: ..."
//! ```
//!
//! Brief overview:
//! - [`load`] finds suite documents among YAML documents and reads them into [`Suite`]s, with a
//!   located diagnostic for every malformed part (a case with a misspelt key would otherwise
//!   pass without testing anything).
//! - [`patch`] applies `initialCRDPatches` (RFC 6902 JSON patches) to a CRD.
//! - [`run`] executes one case against a CRD the way the harness drives a server: create, status
//!   update, update through the main endpoint, update through the status endpoint; and compares
//!   the stored object or the error text.
//! - [`update`] rewrites `expected:` blocks and `expectedError:` strings in place (`--update`).
//!
//! **Invariant:** the verdicts come from [`crate::validate`]; this module adds no validation of
//! its own, only the harness's choreography, so a suite cannot pass here for a reason a server
//! would not share.

use crate::diag::{Rule, Severity};
use crate::yaml::{Span, Style};

pub mod admission;
pub mod load;
pub mod patch;
pub mod run;
pub mod update;

pub use load::{suites_in, Suite};
pub use run::{run_case, CaseReport, Verdict};

/// Which API call a case tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    /// `tests.onCreate`: `initial` is created.
    Create,
    /// `tests.onUpdate`: `initial` is created, then `updated` is applied as an update.
    Update,
    /// `tests.admission` of a policy suite: the policy runs on `object` (`admission`).
    Admission,
}

impl Operation {
    pub fn key(self) -> &'static str {
        match self {
            Operation::Create => "onCreate",
            Operation::Update => "onUpdate",
            Operation::Admission => "admission",
        }
    }
}

/// What an admission case (`admission`) expects of the policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    Admit,
    Deny,
    Warn,
    Audit,
    Skip,
    /// A MutatingAdmissionPolicy changed the object into the case's `expected` one.
    Mutate,
}

impl Expect {
    pub const WORDS: &'static [&'static str] =
        &["admit", "deny", "warn", "audit", "skip", "mutate"];

    pub fn parse(s: &str) -> Option<Expect> {
        Some(match s {
            "admit" => Expect::Admit,
            "deny" => Expect::Deny,
            "warn" => Expect::Warn,
            "audit" => Expect::Audit,
            "skip" => Expect::Skip,
            "mutate" => Expect::Mutate,
            _ => return None,
        })
    }

    pub fn word(self) -> &'static str {
        Expect::WORDS[self as usize]
    }
}

/// A string field of a case, with where it was written (for locations and `--update`).
#[derive(Clone, Debug)]
pub struct Text {
    pub value: String,
    pub span: Span,
    pub style: Style,
    /// The span of the key (`expected:`), to point at when the value is empty.
    pub key_span: Span,
}

/// One test case.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub op: Operation,
    /// The case's mapping in the suite file.
    pub span: Span,
    /// The case's `name:` value (where a failure is reported).
    pub name_span: Span,
    pub initial: Text,
    pub updated: Option<Text>,
    pub expected: Option<Text>,
    pub expected_error: Option<Text>,
    pub expected_status_error: Option<Text>,
    /// `initialCRDPatches`, as JSON (an array of RFC 6902 operations).
    pub crd_patches: Option<(serde_json::Value, Span)>,
    /// The admission parts of a policy suite's case (`object` is `initial`).
    pub admission: Option<Box<admission::AdmissionCase>>,
    /// Why the case cannot run as written: it is malformed, and its `suite/invalid` findings
    /// say where. Such a case is kept (counted as one that could not run), not run; its
    /// other fields hold what could be read (`initial` empty when it could not).
    pub invalid: Option<String>,
}

pub static SUITE_INVALID: Rule = Rule {
    id: "suite/invalid",
    severity: Severity::Error,
    summary: "A test suite file is malformed",
    docs: "`crdlint test` reads suites in the format of openshift/api's envtest harness: `name`, \
`crdName`, and `tests.onCreate` / `tests.onUpdate` lists of cases with `name`, `initial`, `updated`, \
`expected`, `expectedError`, `expectedStatusError` and `initialCRDPatches`. A key the format does not \
have is an error rather than ignored: a misspelt `expectedErorr` would make a case pass without testing \
anything. The malformed case is not run (it is counted as a case that could not run); the others are.",
    bad: "name: Widget\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: rejects a negative size\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: -1}\n    expectedErorr: \"spec.size\"\n",
    good: "name: Widget\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: rejects a negative size\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: -1}\n    expectedError: \"spec.size\"\n",
};

pub static SUITE_NO_CRD: Rule = Rule {
    id: "suite/no-crd",
    severity: Severity::Error,
    summary: "No CRD in the run has the suite's `crdName`",
    docs: "A suite names the CRD it tests with `crdName` (the CRD's `metadata.name`, `<plural>.<group>`). \
crdlint looks for it among the paths and the `--crd` files; when none has that name, or the CRD of that \
name cannot be used (it lacks its group, kind or versions, or the API server cannot decode it, so it would \
never be installed), the suite's cases cannot run (each is counted as a case that could not run) and the \
run fails rather than passing with nothing tested.",
    bad: "# crdlint test tests/ (the CRD is elsewhere)\nname: Widget\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: rejects a negative size\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: -1}\n    expectedError: \"spec.size\"\n",
    good: "# crdlint test --crd config/crd tests/\nname: Widget\ncrdName: widgets.example.com\ntests:\n  onCreate:\n  - name: rejects a negative size\n    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: -1}\n    expectedError: \"spec.size\"\n",
};

pub static CASE_FAILED: Rule = Rule {
    id: "suite/case-failed",
    severity: Severity::Error,
    summary: "A test case's result differs from what it expects",
    docs: "The case was run as the API server would run it (create, then the update and status update \
for `onUpdate` cases), and the stored object differs from `expected`, or the error text does not contain \
`expectedError` / `expectedStatusError`, or an error was expected and the call succeeded. The finding shows \
both sides. `crdlint test --update` rewrites the expectations from the actual results.",
    bad: "    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {}\n    expected: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {}   # the CRD defaults replicas to 1\n",
    good: "    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {}\n    expected: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec:\n        replicas: 1\n",
};

pub static UNUSED_FILE: Rule = Rule {
    id: "suite/unused-file",
    severity: Severity::Warning,
    summary: "A file named to `crdlint test` holds no suite, CRD or admission policy",
    docs: "`crdlint test` reads three things from its paths: test suites, the CRDs their `crdName`s name, and the admission policies and bindings policy suites test. A file named on the command line (or standard input) that holds none of them is not used at all, which is a mistake worth a word: a resource meant to be a case's `initial` (cases hold their objects inline), a CRD file that is really a kustomization, the wrong file of a folder. Files found by walking a folder are not reported: a test folder may hold anything beside its suites (give the folder, not a shell glob of its files such as `tests/*.yaml`, which names each of them).",
    bad: "# crdlint test widget.testsuite.yaml widget.yaml\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n",
    good: "# crdlint test widget.testsuite.yaml widget-crd.yaml\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\n",
};

/// The rules of this module.
pub static RULES: &[&Rule] = &[&CASE_FAILED, &SUITE_INVALID, &SUITE_NO_CRD, &UNUSED_FILE];
