//! Custom resources: prune, default and validate against a CRD version. (Being written.)
