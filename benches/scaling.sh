#!/usr/bin/env bash
# Scaling benchmark (issue 26): each class of input that once made run time grow quadratically,
# at a size N and at 10 N. Time must grow linearly or as n log n: the script fails when 10 times
# the input takes more than 15 times as long. RELIABILITY.md records the figures.
#
#   benches/scaling.sh [BINARY] [OUT_DIR]   defaults: target/release/crdlint, /tmp/crdlint-scaling
#
# Each time is the best of 3 runs (wall clock, the machine may be shared). Classes:
#   suppressions   one `# crdlint: ignore[...]` comment per line        (10k / 100k lines)
#   one-line-json  a finding per key of a one-line JSON document       (10k / 100k keys)
#   schema-errors  distinct enum violations in one list                (5k / 50k items)
#   service-ports  a Service with duplicate ports (built-in checks)    (5k / 50k ports)
#   diff-versions  `diff` of a CRD with many served versions           (300 / 3,000)
#   diff-enum      `diff` of an enum whose values were all replaced    (5k / 50k values)
#   old-ref        `check --old-ref HEAD` of one file in a repository  (1k / 10k YAML files)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-target/release/crdlint}")
out=${2:-/tmp/crdlint-scaling}
rm -rf "$out" && mkdir -p "$out"
python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
def crd(props, versions=None):
    v = versions or [{"name": "v1", "served": True, "storage": True, "schema": {"openAPIV3Schema": {
        "type": "object", "properties": {"spec": {"type": "object", "properties": props}}}}}]
    return json.dumps({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
        "metadata": {"name": "widgets.example.com"}, "spec": {"group": "example.com", "scope": "Namespaced",
        "names": {"plural": "widgets", "singular": "widget", "kind": "Widget", "listKind": "WidgetList"},
        "versions": v}})
def w(name, text):
    with open(os.path.join(out, name), "w") as f:
        f.write(text)
w("map-crd.json", crd({"other": {"type": "object", "additionalProperties": {"type": "string"}}}))
for n in (10_000, 100_000):
    w(f"suppressions-{n}.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata:\n"
      + "  k: v  # crdlint: ignore[yaml/duplicate-key]\n" * n)
    w(f"one-line-json-{n}.json", json.dumps({"apiVersion": "example.com/v1", "kind": "Widget",
      "metadata": {"name": "w"}, "spec": {"other": {f"k{i}": 1 for i in range(n)}}}))
for n in (5_000, 50_000):
    w(f"schema-errors-{n}.yaml", crd({"s": {"type": "array", "items": {"type": "string", "enum": ["a"]}}})
      + "\n---\n" + json.dumps({"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"},
      "spec": {"s": ["b"] * n}}) + "\n")
    w(f"service-ports-{n}.json", json.dumps({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"},
      "spec": {"ports": [{"port": 80, "name": "p"} for _ in range(n)]}}))
    w(f"diff-enum-old-{n}.yaml", crd({"e": {"type": "string", "enum": [f"v{j}" for j in range(n)]}}))
    w(f"diff-enum-new-{n}.yaml", crd({"e": {"type": "string", "enum": [f"w{j}" for j in range(n)]}}))
def versions(k, tweak):
    return [{"name": f"v{i+1}", "served": True, "storage": i == 0, "schema": {"openAPIV3Schema": {
        "type": "object", "properties": {"spec": {"type": "object", "properties": {
        "a": {"type": "integer", "maximum": 10 - tweak}, f"f{i % 7}": {"type": "string"}}}}}}} for i in range(k)]
for k in (300, 3_000):
    w(f"diff-versions-old-{k}.yaml", crd({}, versions(k, 0)))
    w(f"diff-versions-new-{k}.yaml", crd({}, versions(k, 1)))
for n in (1_000, 10_000):
    repo = os.path.join(out, f"repo-{n}")
    os.makedirs(os.path.join(repo, "gen"))
    for i in range(n):
        w(os.path.join(f"repo-{n}", "gen", f"f{i}.yaml"),
          f"apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: c{i}}}\ndata: {{a: b}}\n")
    w(os.path.join(f"repo-{n}", "mine.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: mine}\ndata: {a: b}\n")
PY
for n in 1000 10000; do
  (cd "$out/repo-$n" && git init -q . && git add -A \
    && git -c user.name=b -c user.email=b@b -c commit.gpgsign=false commit -qm x \
    && printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: mine}\ndata: {a: c}\n' > mine.yaml)
done

# best of 3 wall-clock seconds of "$@" (run in $dir)
best() {
  python3 - "$dir" "$@" <<'PY'
import subprocess, sys, time
d, cmd = sys.argv[1], sys.argv[2:]
ts = []
for _ in range(3):
    t = time.perf_counter()
    subprocess.run(cmd, cwd=d, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ts.append(time.perf_counter() - t)
print(f"{min(ts):.3f}")
PY
}

fail=0
printf '%-14s %8s %8s %9s %9s %6s\n' class n 10n 't(n) s' 't(10n) s' ratio
row() { # class n 10n t1 t2
  r=$(python3 -c "print(f'{$5/$4:.1f}')")
  printf '%-14s %8s %8s %9s %9s %6s\n' "$1" "$2" "$3" "$4" "$5" "$r"
  if python3 -c "import sys; sys.exit(0 if $5 > 15 * $4 else 1)"; then
    echo "  FAIL: $1 grows faster than n log n"; fail=1
  fi
}
dir=$out
row suppressions 10000 100000 \
  "$(best "$bin" check --format json suppressions-10000.yaml)" \
  "$(best "$bin" check --format json suppressions-100000.yaml)"
row one-line-json 10000 100000 \
  "$(best "$bin" check --format json --crd map-crd.json one-line-json-10000.json)" \
  "$(best "$bin" check --format json --crd map-crd.json one-line-json-100000.json)"
row schema-errors 5000 50000 \
  "$(best "$bin" check --format json schema-errors-5000.yaml)" \
  "$(best "$bin" check --format json schema-errors-50000.yaml)"
row service-ports 5000 50000 \
  "$(best "$bin" check --format json service-ports-5000.json)" \
  "$(best "$bin" check --format json service-ports-50000.json)"
row diff-versions 300 3000 \
  "$(best "$bin" diff --format json diff-versions-old-300.yaml diff-versions-new-300.yaml)" \
  "$(best "$bin" diff --format json diff-versions-old-3000.yaml diff-versions-new-3000.yaml)"
row diff-enum 5000 50000 \
  "$(best "$bin" diff --format json diff-enum-old-5000.yaml diff-enum-new-5000.yaml)" \
  "$(best "$bin" diff --format json diff-enum-old-50000.yaml diff-enum-new-50000.yaml)"
t1=$(dir=$out/repo-1000 best "$bin" check --old-ref HEAD mine.yaml)
t2=$(dir=$out/repo-10000 best "$bin" check --old-ref HEAD mine.yaml)
row old-ref 1000 10000 "$t1" "$t2"
exit $fail
