#!/usr/bin/env bash
# Times crdlint over the real-world corpus (BENCHMARKS.md records the results).
#
#   benches/corpus.sh [CORPUS_DIR]        default: ../shared/corpus
#   RUNS=10 THREADS=2 benches/corpus.sh
#
# Rows, each a whole process over the same files:
#   read      crdlint scan --read-only: walk + read every byte (the floor)
#   parse     crdlint scan: walk + read + parse every document + classify every object
#   check     crdlint check --format json: the full job (lint every CRD, validate every resource)
#   cat       find | xargs cat: the same bytes through the OS alone, for scale
# Uses hyperfine when installed, a timing loop (median of RUNS) otherwise. Builds the release
# binary first (one `cargo build --release`).
set -euo pipefail
cd "$(dirname "$0")/.."

corpus=${1:-../shared/corpus}
runs=${RUNS:-10}
threads=${THREADS:-2}
if [ ! -d "$corpus" ]; then
  echo "no corpus at $corpus" >&2
  exit 2
fi

cargo build --release --quiet
bin=target/release/crdlint

files=$(find "$corpus" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) | wc -l)
bytes=$(find "$corpus" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) -print0 | xargs -0 cat | wc -c)
echo "corpus: $corpus, $files files, $bytes bytes; $(nproc) cores, --threads $threads"
"$bin" scan -j "$threads" "$corpus" || true  # the corpus has findings: status 1

read_cmd="$bin scan --read-only -j $threads $corpus"
parse_cmd="$bin scan -j $threads $corpus"
check_cmd="$bin check --format json -j $threads $corpus"
cat_cmd="find $corpus -type f ( -name *.yaml -o -name *.yml -o -name *.json ) -exec cat {} +"

if command -v hyperfine >/dev/null 2>&1; then
  # crdlint check exits 1 when the corpus has findings; that is not a failed run here.
  hyperfine --warmup 2 --runs "$runs" -N -i \
    -n read "$read_cmd" \
    -n parse "$parse_cmd" \
    -n check "$check_cmd" \
    -n cat "$cat_cmd"
else
  median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  time_it() {
    local name=$1; shift
    for _ in $(seq "$runs"); do
      local t0 t1
      t0=$(date +%s%N)
      "$@" >/dev/null 2>&1 || true
      t1=$(date +%s%N)
      echo $(( (t1 - t0) / 1000000 ))
    done | median | xargs printf '%-6s median %s ms\n' "$name"
  }
  # shellcheck disable=SC2086
  time_it read $read_cmd
  # shellcheck disable=SC2086
  time_it parse $parse_cmd
  # shellcheck disable=SC2086
  time_it check $check_cmd
  time_it cat find "$corpus" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) -exec cat {} +
fi
