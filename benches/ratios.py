#!/usr/bin/env python3
"""Issue 34's same-run ratios: ROUNDS interleaved rounds of `scan`, `validate`, `check` and `check`
with the admission policies (benches/vap-policies.py) for each binary; the median wall time of
each, `validate` / `scan` (goal <= 2x) and `check` with the policies / `check` (goal <= 1.5x).

    python3 benches/ratios.py ROUNDS BINARY...
    WL (default /tmp/wl-vap), POLICIES (default /tmp/vap-policies.yaml)"""
import subprocess, sys, time, statistics, os
rounds = int(sys.argv[1]); bins = sys.argv[2:]
wl = os.environ.get("WL", "/tmp/wl-vap"); pol = os.environ.get("POLICIES", "/tmp/vap-policies.yaml")
cmds = {
 "scan": ["scan", f"{wl}/crds", f"{wl}/multi"],
 "validate": ["validate", "--crd", f"{wl}/crds", f"{wl}/multi"],
 "check": ["check", "--format", "json", "--crd", f"{wl}/crds", f"{wl}/multi"],
 "vap": ["check", "--format", "json", "--crd", f"{wl}/crds", f"{wl}/multi", pol],
}
res = {(b, c): [] for b in bins for c in cmds}
for r in range(rounds):
    for b in bins:
        for c, a in cmds.items():
            t = time.perf_counter()
            subprocess.run([b] + a, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            res[(b, c)].append(time.perf_counter() - t)
for b in bins:
    m = {c: statistics.median(res[(b, c)]) * 1000 for c in cmds}
    print(f"{b}: " + " ".join(f"{c}={m[c]:.1f}ms" for c in cmds) +
          f"  validate/scan={m['validate']/m['scan']:.3f} vap/check={m['vap']/m['check']:.3f}")
print("load", os.getloadavg())
