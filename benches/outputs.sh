#!/usr/bin/env bash
# The workload outputs a performance change must leave byte for byte as they were (issue 34:
# check, prune, default; with and without admission policies; both thread counts).
#
#   benches/outputs.sh BINARY LABEL [WORKLOAD] [OUT_DIR]
#     defaults: /tmp/wl (../shared/bench/make-workload.py), /tmp/crdlint-outputs
#
# Writes OUT_DIR/LABEL-* (each output with its exit code). Compare two builds with
#   for f in OUT_DIR/before-*; do cmp "$f" "${f/before/after}"; done
# Run both from the same folder: SARIF's %SRCROOT% is the working directory.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "$1")
label=$2
wl=${3:-/tmp/wl}
out=${4:-/tmp/crdlint-outputs}
mkdir -p "$out"
[ -d "$wl/multi" ] || python3 ../shared/bench/make-workload.py "$wl" >/dev/null
python3 benches/vap-policies.py >"$out/policies.yaml"
python3 benches/vap-policies.py --deny >"$out/policies-deny.yaml"
keep() { # name, command...
  local name=$1 rc=0
  shift
  "$@" >"$out/$label-$name" 2>&1 || rc=$?
  echo "exit $rc" >>"$out/$label-$name"
}
crds=(--crd "$wl/crds")
keep check1.json "$bin" check -j 1 --format json "${crds[@]}" "$wl/multi"
keep check2.json "$bin" check -j 2 --format json "${crds[@]}" "$wl/multi"
keep vap1.json "$bin" check -j 1 --format json "${crds[@]}" "$wl/multi" "$out/policies.yaml"
keep vap2.json "$bin" check -j 2 --format json "${crds[@]}" "$wl/multi" "$out/policies.yaml"
keep deny.json "$bin" check -j 2 --format json "${crds[@]}" "$wl/multi" "$out/policies-deny.yaml"
keep deny.sarif "$bin" check -j 2 --format sarif "${crds[@]}" "$wl/multi" "$out/policies-deny.yaml"
keep validate.txt "$bin" validate -j 2 --color never "${crds[@]}" "$wl/multi"
keep prune.yaml "$bin" prune "${crds[@]}" "$wl/multi"
keep default.yaml "$bin" default "${crds[@]}" "$wl/multi"
ls "$out/$label"-* | wc -l
