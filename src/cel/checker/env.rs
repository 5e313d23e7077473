//! What a check runs in (the environment's declarations, variables and language options) and
//! what it reports, apart from the checker so that its AST validators can name both.

use std::sync::Arc;

use crate::cel::decls::{Decls, OverloadDecl};
use crate::cel::types::Type;

/// A checker error at a node.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckError {
    pub id: u64,
    pub message: String,
    /// Our help beside cel-go's message (a field one edit away: `did you mean ...`); never part
    /// of the server's text.
    pub help: Option<String>,
}

/// The environment a check runs in.
#[derive(Clone, Debug)]
pub struct CheckEnv {
    pub decls: Arc<Decls>,
    /// Extra overloads (e.g. a test's future function), consulted after `decls`.
    pub extra: Vec<(String, OverloadDecl)>,
    /// Declared variables.
    pub vars: Vec<(String, Type)>,
    /// `CrossTypeNumericComparisons` (1.28+): without it the mixed int/uint/double comparison
    /// overloads are disabled.
    pub cross_type_numeric_comparisons: bool,
    /// `optional_type` and the optional syntax are available (1.28+).
    pub optional_types: bool,
    /// apiserver's `recognizeKeywordAsFieldName` (1.31+): `self.namespace` finds the escaped
    /// `__namespace__` field.
    pub keyword_field_names: bool,
    /// The 1.29 literal validators (duration, timestamp, regex).
    pub literal_validators: bool,
    /// The homogeneous aggregate literal validator (Kubernetes always installs it).
    pub homogeneous_literals: bool,
    /// The minor whose libraries the environment has (gates the library type names).
    pub minor: u32,
    /// A MutatingAdmissionPolicy mutation's `Object{}` and `JSONPatch{}` message types
    /// ([`super::mutation`]).
    pub mutation_types: bool,
}
