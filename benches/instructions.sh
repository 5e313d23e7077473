#!/usr/bin/env bash
# Instruction counts (callgrind, `-j 1`: machine-independent, the same whatever the load) of the
# four runs issue 34's ratios are made of (BENCHMARKS.md, "End of session N").
#
#   benches/instructions.sh BINARY LABEL [WORKLOAD] [POLICIES] [OUT_DIR]
#     defaults: /tmp/wl (../shared/bench/make-workload.py), /tmp/vap-policies.yaml
#     (python3 benches/vap-policies.py), /tmp/crdlint-instructions
#
# Prints `scan`, `validate`, `check` and `vap` (check with the policies) in millions of
# instructions; the profiles stay in OUT_DIR/LABEL-*.out for callgrind_annotate.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "$1")
label=$2
wl=${3:-/tmp/wl}
pol=${4:-/tmp/vap-policies.yaml}
out=${5:-/tmp/crdlint-instructions}
mkdir -p "$out"
[ -d "$wl/multi" ] || python3 ../shared/bench/make-workload.py "$wl" >/dev/null
[ -f "$pol" ] || python3 benches/vap-policies.py >"$pol"
count() { # name, command...
  local name=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file="$out/$label-$name.out" "$@" >/dev/null 2>"$out/$label-$name.err" || true
  grep -o 'Collected : [0-9]*' "$out/$label-$name.err" | awk -v n="$name" '{printf "%s\t%.1f M\n", n, $3/1e6}'
}
count scan "$bin" scan -j 1 "$wl/crds" "$wl/multi"
count validate "$bin" validate -j 1 --crd "$wl/crds" "$wl/multi"
count check "$bin" check -j 1 --format json --crd "$wl/crds" "$wl/multi"
count vap "$bin" check -j 1 --format json --crd "$wl/crds" "$wl/multi" "$pol"
