//! Size bounds from the CRD schema (apiextensions `compilation.go` `sizeEstimator`).
//!
//! The estimator walks the declared type along the node's path, **ignoring the first element**
//! (whatever variable or type name the path starts with: `self`, `oldSelf`, even `int`), and
//! returns `[0, max_elements]` of the node it reaches. Scalars other than strings and bytes have
//! `max_elements` 0, and so do map keys (they use apiserver's shared string type).

use std::sync::Arc;

use crate::cel::estimate::node::{AstNode, SizeEstimator};
use crate::cel::estimate::SizeEstimate;
use crate::cel::types::DeclType;

/// The Kubernetes schema size estimator for one rule's node.
#[derive(Clone, Debug)]
pub struct SchemaSizeEstimator {
    pub root: Arc<DeclType>,
}

impl SchemaSizeEstimator {
    pub fn new(root: Arc<DeclType>) -> Self {
        SchemaSizeEstimator { root }
    }

    /// The declared type at `path` (first element ignored), if the walk succeeds.
    pub fn walk(&self, path: &[String]) -> Option<Arc<DeclType>> {
        let mut cur = self.root.clone();
        for name in path.iter().skip(1) {
            cur = match name.as_str() {
                "@items" | "@values" => cur.elem()?.clone(),
                "@keys" => cur.key()?,
                field => cur.field(field)?.ty.clone(),
            };
        }
        Some(cur)
    }
}

impl SizeEstimator for SchemaSizeEstimator {
    fn estimate_size(&self, node: &AstNode<'_>) -> Option<SizeEstimate> {
        let path = node.path.to_vec();
        if path.is_empty() {
            return None;
        }
        let t = self.walk(&path)?;
        // Go converts the int64 with `uint64(...)`; negative bounds never occur in DeclTypes.
        Some(SizeEstimate::new(0, t.max_elements as u64))
    }
}
