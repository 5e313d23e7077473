#!/usr/bin/env bash
# Gathers seed corpora for the fuzz targets into fuzz/corpus/<target>/ (not committed: the
# directory is in fuzz/.gitignore). Seeds come from testdata/ and, when present, from the shared
# corpus of real CRDs and resources (../shared/corpus or $CRDLINT_CORPUS).
#
#   scripts/fuzz-seeds.sh
set -eu  # no pipefail: grep finding nothing in some files is normal here

cd "$(dirname "$0")/.."
shared="${CRDLINT_CORPUS:-../shared/corpus}"
out=fuzz/corpus
mkdir -p "$out/yaml_roundtrip" "$out/yaml_scan" "$out/cel_rule" "$out/pipeline" "$out/config" \
  "$out/suite" "$out/diff_pair" "$out/cel_object"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Seeds are named by content hash, so running this twice adds nothing.
seed() { # target file
  local h
  h=$(sha1sum "$2" | cut -c1-16)
  cp "$2" "$1/$h"
}

# Every YAML/JSON file under 256 KiB (libFuzzer's default -max_len is far smaller anyway; the
# large ones only slow the first pass down).
yaml_files() {
  find testdata "$@" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) \
    -size -256k 2>/dev/null
}

dirs=()
[ -d "$shared" ] && dirs+=("$shared")
yaml_files "${dirs[@]}" | while read -r f; do
  seed "$out/yaml_roundtrip" "$f"
  seed "$out/yaml_scan" "$f"
done

# The fast scanner's flow collections (testdata/ has few): one of each shape it reads or
# declines, for the fuzzer to mutate.
scan_seed() { cat > "$tmp/s"; seed "$out/yaml_scan" "$tmp/s"; }
scan_seed <<'YAML'
a: ["v1", x, 'y', -1, ""]
b: {"k": "v", b: c, 'q': [ ], r: {}}
c: [a, [b, c], {d: e}, ]
- [ "x" ]   # c
YAML
scan_seed <<'YAML'
args: [
  "--a",
  "--b=c",   # comment
]
env: {
  "k": "v",
  x: [1, 2],
}
q: ["x
  y", 'p

   q']
YAML
scan_seed <<'YAML'
{"apiVersion": "v1", "kind": "ConfigMap", "data": {"a": "b"}}
---
[1, {"a": null}]
---
a: [a: b, {c}, {d: }, fe80::, ::1, http://x?y, &x 1, *x, !!str 1]
YAML

# CEL: every rule and messageExpression written in a CRD, one seed per rule ("rule\nmessage").
yaml_files "${dirs[@]}" | xargs grep -h -E '^\s*-?\s*(rule|messageExpression):' 2>/dev/null \
  | sed -E 's/^\s*-?\s*(rule|messageExpression):\s*//' | sort -u | awk 'NR <= 5000' \
  | while IFS= read -r rule; do
      # Drop YAML quoting when the whole value is quoted.
      case "$rule" in
        \'*\') rule="${rule:1:${#rule}-2}" ;;
        \"*\") rule="${rule:1:${#rule}-2}" ;;
      esac
      printf '%s\n%s' "$rule" "'message: ' + string(self)" > "$tmp/r"
      seed "$out/cel_rule" "$tmp/r"
    done

# Pipeline: each CRD with each resource of the same directory tree (CRD, NUL, resources).
for crd in $(grep -l -r --include='*.yaml' '^kind: CustomResourceDefinition' testdata "${dirs[@]}" 2>/dev/null \
             | awk 'NR <= 300'); do
  dir=$(dirname "$crd")
  for res in $(grep -L -r --include='*.yaml' '^kind: CustomResourceDefinition' "$dir" "$dir/.." 2>/dev/null \
               | awk 'NR <= 3'); do
    [ "$(stat -c %s "$crd")" -lt 262144 ] || continue
    { cat "$crd"; printf '\0'; cat "$res"; } > "$tmp/p"
    seed "$out/pipeline" "$tmp/p"
  done
done

# Config files: those in testdata/, and one of each shape the loader knows (every key, wrong
# types, unknown keys, globs and rule patterns) for the fuzzer to mutate.
find testdata -type f -name '*crdlint.yaml' | while read -r f; do seed "$out/config" "$f"; done
cfg() { cat > "$tmp/c"; seed "$out/config" "$tmp/c"; }
cfg <<'EOF'
version: 1
paths: [manifests, "crds/**"]
crds: [crds]
exclude: ["**/kustomization.yaml", "vendor/**"]
force-exclude: true
kube-version: "1.31"
unknown-fields: warn
missing-schema: ignore
skip: [ConfigMap, apps/Deployment, example.com/v1/Widget]
format: json
cost-warn: 50
deny-warnings: false
require-reason: true
EOF
cfg <<'EOF'
version: 1
select: [cel/, cr/]
ignore: [cr/unknown-field]
severity: {cel/cost-high: error, "crd/": warning, yaml/duplicate-key: info}
per-file:
  - paths: ["legacy/**/*.yaml", "*.json"]
    ignore: [crd/]
    severity: {cel/: info}
compat: {enum-additions: disallow, allow-tightening-unstored: true}
EOF
cfg <<'EOF'
version: 2
selct: [cel]
severity: [error]
per-file: {paths: 1}
kube-version: 1.3
cost-warn: -1
EOF
cfg <<'EOF'
# a comment only
EOF
cfg <<'EOF'
---
version: 1
---
version: 1
EOF
cfg <<'EOF'
version: 1
exclude: ["[", "**/{a,b"]
select: ["", "*", "cel/*"]
per-file:
  - paths: ["{"]
EOF
cfg <<'EOF'

EOF

# suite: every test suite of testdata/, and a patch bomb (forty copies of the root).
find testdata -type f -name '*.testsuite.yaml' | while read -r f; do seed "$out/suite" "$f"; done
{
  printf 'name: bomb\ncrdName: widgets.example.com\ntests:\n  onUpdate:\n  - name: b\n'
  printf '    initial: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: 1}\n'
  printf '    initialCRDPatches:\n'
  for i in $(seq 0 39); do printf "    - {op: copy, from: '', path: /x%d}\n" "$i"; done
  printf '    updated: |\n      apiVersion: example.com/v1\n      kind: Widget\n      spec: {size: 2}\n'
} > "$tmp/b"
seed "$out/suite" "$tmp/b"

# diff_pair: each CRD of testdata/compat paired with itself and with the next one (old NUL new).
prev=""
find testdata/compat -type f \( -name '*.yaml' -o -name '*.json' \) -size -128k 2>/dev/null | sort |
  while read -r f; do
    { cat "$f"; printf '\0'; cat "$f"; } > "$tmp/d"; seed "$out/diff_pair" "$tmp/d"
    if [ -n "$prev" ]; then
      { cat "$prev"; printf '\0'; cat "$f"; } > "$tmp/d"; seed "$out/diff_pair" "$tmp/d"
    fi
    prev="$f"
  done

# cel_object: a rule per line of the cel_rule seeds' first lines, then generator bytes that ask
# for large lists and strings.
for r in 'self.l.map(x, self.l).flatten().size() > 0' "'%s'.format([self.l]).size() > 0" \
  'self.ls.map(x, self.ls).flatten().size() > 0' 'self.l.all(x, size(self.s) > 0)' \
  'self.ls.join(",").size() > 0' 'self.set + self.set == self.set' \
  'self.m.all(k, self.m[k].startsWith("v"))' 'self.n.x == self.n.x'; do
  { printf '%s\n' "$r"; head -c 64 /dev/urandom; } > "$tmp/o"; seed "$out/cel_object" "$tmp/o"
  { printf '%s\n' "$r"; printf '\377%.0s' $(seq 64); } > "$tmp/o"; seed "$out/cel_object" "$tmp/o"
done

for t in yaml_roundtrip yaml_scan cel_rule pipeline config suite diff_pair cel_object; do
  echo "$t: $(ls "$out/$t" | wc -l) seeds"
done
