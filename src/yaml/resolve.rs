//! go-yaml v2 resolution of plain scalars. (Being written.)
