//! Rule-level compilation and the CRD walk. (Being written.)
