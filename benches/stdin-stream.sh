#!/usr/bin/env bash
# Standard input read a chunk at a time (issue 34: 10^6 resources in constant memory, at most
# 150 MB, at no less throughput per core than the files case). BENCHMARKS.md records the
# figures ("Round 3 (issue 34)").
#
#   benches/stdin-stream.sh [BINARY] [WORKLOAD] [RUNS] [COPIES...]
#     defaults: target/release/crdlint, /tmp/wl-stream (../shared/bench/make-workload.py), 3,
#     copies 1 10 100 (10k, 100k and 10^6 documents)
#
# Each run pipes the workload's `multi/` files, COPIES times over (every file starts with
# `---`), into `check --crd crds --format FORMAT -` (default `concise`, which is written as the
# chunks are checked; `json` keeps the findings to the end), and the files case is
# `check --crd crds multi/`. Prints, per run, wall and CPU seconds, peak RSS (MB) and the CPU
# microseconds per document of crdlint alone (`/usr/bin/time`; the producer `cat` is not
# counted), and the report's last line.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-target/release/crdlint}")
wl=${2:-/tmp/wl-stream}
runs=${3:-3}
copies=${4:-1 10 100}
format=${FORMAT:-concise}
[ -d "$wl/multi" ] || python3 ../shared/bench/make-workload.py "$wl" >/dev/null
docs_per_copy=$(cat "$wl"/multi/*.yaml | grep -c '^---')
report() { # label, documents, time file, output file
  read -r wall user sys rss <"$3"
  python3 -c "
w,u,s,r,d='$wall $user $sys $rss $2'.split()
cpu=float(u)+float(s); d=int(d)
print(f'$1\tdocs {d}\twall {float(w):.2f} s\tcpu {cpu:.2f} s\tpeak {int(r)/1000:.1f} MB\t{cpu*1e6/max(d,1):.1f} us/doc')"
  tail -c 300 "$4" | tail -1
}
t=$(mktemp)
for _ in $(seq "$runs"); do
  /usr/bin/time -f '%e %U %S %M' -o "$t" "$bin" --no-config check --crd "$wl/crds" \
    --format "$format" "$wl/multi" >"$t.out" 2>/dev/null || true
  report "files multi/" "$docs_per_copy" "$t" "$t.out"
  for n in $copies; do
    /usr/bin/time -f '%e %U %S %M' -o "$t" "$bin" --no-config check --crd "$wl/crds" \
      --format "$format" - >"$t.out" 2>/dev/null \
      < <(for _ in $(seq "$n"); do cat "$wl"/multi/*.yaml; done) || true
    report "stdin x$n" $((n * docs_per_copy)) "$t" "$t.out"
  done
done
rm -f "$t" "$t.out"
