//! An expression as the cost estimator, the size estimators and the library estimators see it
//! (cel-go `checker.AstNode`, `checker.CostEstimator.EstimateSize`), with the path it reaches
//! into the variables by. Its own file so that the estimator (`estimator`) and the call
//! estimates it consults (`library`, the overload table's rows) share it without importing
//! each other.

use std::cell::RefCell;
use std::rc::Rc;

use super::SizeEstimate;
use crate::cel::ast::Expr;
use crate::cel::types::Type;

/// Size bounds for nodes whose size the expression itself does not reveal
/// (`checker.CostEstimator.EstimateSize`).
pub trait SizeEstimator {
    fn estimate_size(&self, node: &AstNode<'_>) -> Option<SizeEstimate>;
}

/// A path with Go slice semantics: a shared backing array, a length and a capacity.
#[derive(Clone, Debug, Default)]
pub struct GoPath {
    backing: Option<Rc<RefCell<Vec<String>>>>,
    len: usize,
}

impl GoPath {
    /// `[]string{name}`: a fresh slice of capacity 1.
    pub(crate) fn single(name: &str) -> GoPath {
        GoPath {
            backing: Some(Rc::new(RefCell::new(vec![name.to_string()]))),
            len: 1,
        }
    }

    /// True for Go's nil slice.
    pub fn is_nil(&self) -> bool {
        self.backing.is_none()
    }

    /// The elements as they are *now* (a later in-place append may change them).
    pub fn to_vec(&self) -> Vec<String> {
        match &self.backing {
            Some(b) => b.borrow()[..self.len].to_vec(),
            None => Vec::new(),
        }
    }

    /// The first element, if any.
    pub fn first(&self) -> Option<String> {
        self.backing
            .as_ref()
            .filter(|_| self.len > 0)
            .map(|b| b.borrow()[0].clone())
    }

    /// Go `append(p, s)`: in place when there is spare capacity, else a new backing array of
    /// twice the capacity (Go's growth rule for short slices of 16-byte elements).
    pub(crate) fn append(&self, s: &str) -> GoPath {
        if let Some(b) = &self.backing {
            let mut v = b.borrow_mut();
            if self.len < v.len() {
                v[self.len] = s.to_string();
                return GoPath {
                    backing: Some(b.clone()),
                    len: self.len + 1,
                };
            }
        }
        let old = self.to_vec();
        let cap = (old.len() * 2).max(1).max(old.len() + 1);
        let mut v = Vec::with_capacity(cap);
        v.extend(old);
        v.push(s.to_string());
        v.resize(cap, String::new());
        GoPath {
            backing: Some(Rc::new(RefCell::new(v))),
            len: self.len + 1,
        }
    }

    /// `make` + `copy` + one element: an unshared extended copy, or nil for a nil path
    /// (apiserver `listElementNode`).
    pub(crate) fn appended_copy(&self, s: &str) -> GoPath {
        if self.is_nil() {
            return GoPath::default();
        }
        let mut v = self.to_vec();
        v.push(s.to_string());
        let len = v.len();
        GoPath {
            backing: Some(Rc::new(RefCell::new(v))),
            len,
        }
    }
}

/// An expression as the size estimator and library estimators see it (`checker.AstNode`).
#[derive(Clone, Debug)]
pub struct AstNode<'a> {
    /// Field path from a variable; the first element is the variable (or type) name.
    pub path: GoPath,
    pub ty: &'a Type,
    /// `None` for synthetic nodes (list elements).
    pub expr: Option<&'a Expr>,
    /// The size the estimator derived from the expression itself.
    pub computed_size: Option<SizeEstimate>,
}

impl<'a> AstNode<'a> {
    pub(crate) fn synthetic(path: GoPath, ty: &'a Type) -> AstNode<'a> {
        AstNode {
            path,
            ty,
            expr: None,
            computed_size: None,
        }
    }
}
