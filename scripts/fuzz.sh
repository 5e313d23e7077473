#!/usr/bin/env bash
# Runs every fuzz target for N minutes each (default 10), niced, on the stable toolchain
# (RUSTC_BOOTSTRAP=1 lets cargo-fuzz pass the nightly-only sanitizer flags). Crashes land in
# fuzz/artifacts/<target>/; each becomes a test in tests/ before it is fixed (RELIABILITY.md).
#
#   cargo install cargo-fuzz          # once
#   scripts/fuzz-seeds.sh             # once, or when testdata/ changes
#   scripts/fuzz.sh [MINUTES] [TARGET...]
set -euo pipefail

cd "$(dirname "$0")/.."
minutes="${1:-10}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(yaml_roundtrip yaml_scan cel_rule pipeline config)

export RUSTC_BOOTSTRAP=1
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-1}"
[ -d fuzz/corpus ] || scripts/fuzz-seeds.sh
nice -n 10 cargo fuzz build -O

for t in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t"
  echo "== $t for $minutes minute(s)"
  # -rss_limit_mb: crdlint's own caps must hold far below it; -timeout: one input, seconds.
  nice -n 10 cargo fuzz run -O "$t" "fuzz/corpus/$t" -- \
    -max_total_time=$((minutes * 60)) -rss_limit_mb=2048 -timeout=20 -max_len=65536 \
    -print_final_stats=1 2>&1 | tee "fuzz/artifacts/$t/last-run.log" | grep -E '^(#|==|INFO: Seed|stat::|SUMMARY|artifact)' || true
done
