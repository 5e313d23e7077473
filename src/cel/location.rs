//! CEL offsets back to YAML file spans. (Being written.)
