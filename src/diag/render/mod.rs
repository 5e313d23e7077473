//! One module per output format, all reading [`super::Diagnostic`]. (Being written.)
