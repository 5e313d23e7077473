//! CRD rules: what the API server checks when a CRD is created, and what users trip on.
//! (Being written: the entry points below are the contract the CLI calls.)

use crate::diag::{Diagnostic, Rule};
use crate::k8s::KubeVersion;
use crate::yaml::Node;

/// What a lint run emulates.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub kube_version: KubeVersion,
}

/// Every check on one CustomResourceDefinition document (`apiextensions.k8s.io/v1` or
/// `v1beta1`). Diagnostics carry spans into the document; the caller sets file and object.
pub fn lint_crd(crd: &Node, opts: &Options) -> Vec<Diagnostic> {
    let _ = (crd, opts);
    Vec::new()
}

/// Every rule this module reports.
pub static RULES: &[&Rule] = &[];
