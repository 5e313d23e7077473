#!/usr/bin/env bash
# Start-up of `check` of one small file in a repository with 500 vendored CRDs (issue 34: at
# most 15 ms, CRDs parsed and compiled only for the kinds met). BENCHMARKS.md records the
# figures ("Round 3 (issue 34)").
#
#   benches/vendored.sh [BINARY] [WORKLOAD] [OUT_DIR] [RUNS]
#     defaults: target/release/crdlint, /tmp/wl (../shared/bench/make-workload.py), /tmp/crdlint-vendored, 20
#
# Two repositories, each a `path` source of 500 CRDs vendored with `crdlint vendor`:
#   big    the workload's 107 CRDs cycled to 500, each under a group of its own (84 MB)
#   small  its 100 smallest CRDs cycled to 500 the same way (3.7 MB)
# and one custom resource of a vendored kind (big: argoproj's `Application`). Prints the median
# and the best wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-target/release/crdlint}")
wl=${2:-/tmp/wl}
out=${3:-/tmp/crdlint-vendored}
runs=${4:-20}
rm -rf "$out" && mkdir -p "$out"
python3 - "$wl/crds" "$out" <<'PY'
import glob, os, re, sys
crds, out = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(f"{crds}/*.yaml"))
def renamed(path, prefix):
    t = open(path).read()
    g = re.search(r"^  group: (\S+)$", t, re.M).group(1)
    ng = f"{prefix}.{g}"
    t = t.replace(f"group: {g}", f"group: {ng}", 1)
    return re.sub(r"^(  name: \S+?)\." + re.escape(g) + r"$", lambda m: f"{m.group(1)}.{ng}",
                  t, count=1, flags=re.M)
for name, pool in [("big", files), ("small", sorted(files, key=os.path.getsize)[:100])]:
    os.makedirs(f"{out}/{name}/src"); os.makedirs(f"{out}/{name}/repo")
    for n in range(500):
        open(f"{out}/{name}/src/c{n:03d}.yaml", "w").write(renamed(pool[n % len(pool)], f"v{n}"))
    open(f"{out}/{name}/repo/.crdlint.yaml", "w").write(
        "version: 1\nvendor:\n  - name: many\n    path: ../src\n")
PY
for name in big small; do
  repo="$out/$name/repo"
  (cd "$repo" && "$bin" vendor >/dev/null 2>&1)
  # One resource of a vendored kind, in the version its CRD stores: in *big* argoproj's
  # `Application` (416 KB a copy), in *small* the first kind of the lock.
  python3 - "$repo" "$name" <<'PY'
import re, sys
repo, name = sys.argv[1], sys.argv[2]
lock = open(f"{repo}/crdlint.lock").read()
entries = re.findall(r"group: (\S+)\n\s+kinds: \[(\w+)[^\]]*\]\n\s+served: \[[^\]]*\]\n"
                     r"\s+storage: (\S+)\n\s+file: (\S+)", lock)
if name == "big":
    entries = [e for e in entries if e[1] == "Application" and e[0].endswith(".argoproj.io")]
group, kind, version, _ = entries[0]
open(f"{repo}/app.yaml", "w").write(
    f"apiVersion: {group}/{version}\nkind: {kind}\nmetadata:\n  name: demo\n  namespace: default\n")
PY
  python3 - "$bin" "$repo" "$runs" "$name" <<'PY'
import statistics, subprocess, sys, time
bin_, repo, runs, name = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
times = []
for _ in range(runs):
    t0 = time.perf_counter()
    p = subprocess.run([bin_, "check", "app.yaml"], cwd=repo, capture_output=True)
    times.append(time.perf_counter() - t0)
load = open("/proc/loadavg").read().split()[0]
summary = p.stdout.decode().strip().splitlines()[-1]
print(f"{name}: median {statistics.median(times) * 1000:.1f} ms, best {min(times) * 1000:.1f} ms "
      f"(load {load}; {summary})")
PY
done
