#!/usr/bin/env python3
"""Issue 34's "at least 100x ajv in the same run": ROUNDS rounds of one ajv run (Peer A of
../shared/bench, installed by its setup.sh) and then 20 `check --format json` runs of each crdlint
binary, on the workload's `multi/` layout; per round the ratio of ajv's time to the median crdlint
run, and at the end the ratio of the medians.

    python3 benches/ajv-window.py ROUNDS BINARY...
    WL (default /tmp/wl-vap): make-workload.py output with schemas/ (crd-to-jsonschema.py)"""
import subprocess, sys, time, statistics, os
rounds = int(sys.argv[1]); bins = sys.argv[2:]
wl = os.environ.get("WL", "/tmp/wl-vap")
node = os.environ.get("BENCH_NODE_DIR", "/tmp/crdlint-bench-peers/node")
ajv = ["node", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "bench", "peer-ajv.js"), f"{wl}/schemas", f"{wl}/multi"]
env = dict(os.environ, NODE_PATH=f"{node}/node_modules")
def t(cmd, **kw):
    s = time.perf_counter(); subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw); return time.perf_counter() - s
ajvs = []; med = {b: [] for b in bins}
for r in range(rounds):
    a = t(ajv, env=env); ajvs.append(a)
    line = f"round {r+1}: ajv {a:.2f} s"
    for b in bins:
        m = statistics.median(t([b, "check", "--format", "json", "--crd", f"{wl}/crds", f"{wl}/multi"]) for _ in range(20))
        med[b].append(m); line += f" | {os.path.basename(b)} {m*1000:.1f} ms {a/m:.1f}x"
    print(line, "load", os.getloadavg()[0], flush=True)
am = statistics.median(ajvs)
for b in bins:
    bm = statistics.median(med[b])
    print(f"{b}: ajv median {am:.2f} s, crdlint median of round medians {bm*1000:.1f} ms = {am/bm:.1f}x; per round {min(a/m for a,m in zip(ajvs,med[b])):.1f}-{max(a/m for a,m in zip(ajvs,med[b])):.1f}x")
