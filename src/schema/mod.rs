//! The structural schema model built from `openAPIV3Schema`, and the string formats. (Being written.)
