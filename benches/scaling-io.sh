#!/usr/bin/env bash
# Scaling of the writers and of per-file config matching (issue #26): each case at N and 10N,
# with the ratio of the times. Linear work gives about 10; the issue's bound is 15.
#
#   benches/scaling-io.sh [N]         default N=10000 (so 10N = 100,000 files)
#   BIN=target/release/crdlint benches/scaling-io.sh 1000
#
# Cases, each a whole process:
#   prune-write   `prune --write` of N files of one changed Widget each, in 10 directories
#   prune-print   `prune` of one file of N changed Widgets, printed
#   per-file      `check` of N ConfigMap files with a config of N/10 `per-file` entries
# Builds the release binary first unless BIN is given. Generated inputs go to a temporary
# directory, removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-10000}
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=$PWD/target/release/crdlint
fi
crd=$PWD/testdata/reliability/write-crd.yaml
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { # the wall time of a command, in seconds
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc
}

gen_files() { # DIR COUNT: COUNT files of one changed Widget, in 10 directories
  python3 - "$1" "$2" <<'EOF'
import os, sys
root, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    d = os.path.join(root, f"d{i % 10}")
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, f"f{i}.yaml"), "w").write(
        f"apiVersion: example.com/v1\nkind: Widget\nmetadata: {{name: w{i}}}\nspec: {{bogus: 1, size: {i}}}\n")
EOF
}

gen_one() { # FILE COUNT: one file of COUNT changed Widgets
  python3 - "$1" "$2" <<'EOF'
import sys
path, n = sys.argv[1], int(sys.argv[2])
with open(path, "w") as f:
    for i in range(n):
        f.write(f"---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {{name: w{i}}}\nspec: {{bogus: 1, size: {i}}}\n")
EOF
}

gen_per_file() { # DIR COUNT: COUNT ConfigMap files and a config of COUNT/10 per-file entries
  python3 - "$1" "$2" <<'EOF'
import os, sys
root, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    d = os.path.join(root, f"d{i % 100}")
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, f"f{i}.yaml"), "w").write(
        f"apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: c{i}}}\ndata: {{a: b}}\nbogus: 1\n")
with open(os.path.join(root, ".crdlint.yaml"), "w") as f:
    f.write("version: 1\nper-file:\n")
    for j in range(n // 10):
        f.write(f"- paths: ['d{j % 100}/f{j}.yaml', 'x{j}/**']\n  ignore: [cr/unknown-field]\n")
EOF
}

row() { # NAME T(N) T(10N)
  printf '%-12s N=%-7s %6.2f s   10N=%-7s %6.2f s   ratio %5.1f\n' "$1" "$n" "$2" $((n * 10)) "$3" \
    "$(echo "$3 / $2" | bc -l)"
}

times=()
for size in "$n" $((n * 10)); do
  gen_files "$work/w$size" "$size"
  times+=("$(seconds "$BIN" prune --crd "$crd" --write "$work/w$size")")
done
row prune-write "${times[@]}"

times=()
for size in "$n" $((n * 10)); do
  gen_one "$work/one$size.yaml" "$size"
  times+=("$(seconds "$BIN" prune --crd "$crd" "$work/one$size.yaml")")
done
row prune-print "${times[@]}"

times=()
for size in "$n" $((n * 10)); do
  gen_per_file "$work/p$size" "$size"
  times+=("$(cd "$work/p$size" && seconds "$BIN" check .)")
done
row per-file "${times[@]}"
