//! Writes nodes back as YAML that go-yaml v2 reads as the same values. (Being written.)
