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
[ ${#targets[@]} -gt 0 ] || targets=(yaml_roundtrip yaml_scan cel_rule pipeline config suite diff_pair cel_object)

# Resource ceilings per input, as OSS-Fuzz runs its targets (2,560 MB, 25 s): an input that
# passes either is a finding (an out-of-memory or timeout artifact), like a crash. Override with
# FUZZ_RSS_MB / FUZZ_TIMEOUT.
rss_mb="${FUZZ_RSS_MB:-2560}"
timeout_s="${FUZZ_TIMEOUT:-25}"

# The longest input per target: whole files for the pipeline, suites and diff pairs (1 MiB:
# big inputs are where work grows faster than the input); a rule and its generator's bytes
# for cel_object (it builds objects of hundreds of kB from them); 64 KiB for the rest.
max_len() {
  case "$1" in
    pipeline|suite|diff_pair) echo 1048576 ;;
    cel_object) echo 4096 ;;
    *) echo 65536 ;;
  esac
}

export RUSTC_BOOTSTRAP=1
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-1}"
[ -d fuzz/corpus ] || scripts/fuzz-seeds.sh
nice -n 10 cargo fuzz build -O

for t in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t"
  echo "== $t for $minutes minute(s)"
  # -rss_limit_mb/-malloc_limit_mb: crdlint's own bounds must hold far below them; -timeout:
  # one input, seconds.
  nice -n 10 cargo fuzz run -O "$t" "fuzz/corpus/$t" -- \
    -max_total_time=$((minutes * 60)) -rss_limit_mb="$rss_mb" -malloc_limit_mb="$rss_mb" \
    -timeout="$timeout_s" -max_len="$(max_len "$t")" \
    -print_final_stats=1 2>&1 | tee "fuzz/artifacts/$t/last-run.log" | grep -E '^(#|==|INFO: Seed|stat::|SUMMARY|artifact)' || true
done
