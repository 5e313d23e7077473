//! Validation ratcheting: where the walk stands in the correlation of an update's new and old
//! objects, and whether a failure there is downgraded.

use crate::schema::correlate::{self, Pair};

/// Where the walk stands in the update's correlation (upstream `ratchetingOptions`): the
/// current node's correlated pair, or else the nearest correlated ancestor's.
#[derive(Clone, Copy, Default)]
pub(super) struct Corr<'a> {
    pub(super) current: Option<Pair<'a>>,
    pub(super) nearest_parent: Option<Pair<'a>>,
}

impl<'a> Corr<'a> {
    /// `shouldRatchetError`: the node, or its nearest correlated ancestor, is unchanged.
    pub(super) fn should_ratchet(&self) -> bool {
        match (self.current, self.nearest_parent) {
            (Some(p), _) | (None, Some(p)) => correlate::unchanged(p),
            (None, None) => false,
        }
    }

    pub(super) fn key(self, field: &str) -> Corr<'a> {
        let Some(cur) = self.current else {
            return self;
        };
        // apiVersion and kind at the root never ratchet (both sides are converted alike).
        if self.nearest_parent.is_none() && (field == "apiVersion" || field == "kind") {
            return Corr::default();
        }
        Corr {
            current: correlate::key(cur, field),
            nearest_parent: Some(cur),
        }
    }

    pub(super) fn index(self, i: usize) -> Corr<'a> {
        let Some(cur) = self.current else {
            return self;
        };
        Corr {
            current: correlate::index(cur, i),
            nearest_parent: Some(cur),
        }
    }

    /// `allOf` rules ratchet as their node's parent does (upstream passes only the parent).
    pub(super) fn all_of(self) -> Corr<'a> {
        Corr {
            current: None,
            nearest_parent: self.nearest_parent,
        }
    }
}
