//! CRD rules: what the API server checks when a CRD is created, and what users trip on. (Being written.)
