#!/usr/bin/env bash
# The runs a profile-guided release build learns from (scripts/release/build.sh): the
# instrumented binary runs each command users run over the repository's own test data, so that
# the profile weighs the code as real runs do (YAML loading, CRD linting and compiling, schema
# and CEL validation of resources, the writers). Only files of this repository are read: the
# benchmarks' workloads and the scoring corpus are kept out of the profile.
#
#   scripts/release/pgo-train.sh <instrumented crdlint>
#
# LLVM_PROFILE_FILE (set by build.sh) says where the profiles go. Findings are expected (exit 1
# or 2); a run that crashes (a signal) fails the script, and with it the release build.
set -euo pipefail

bin=${1:?usage: pgo-train.sh <instrumented crdlint>}
cd "$(dirname "$0")/../.."
t=testdata
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Where the profiles go (one file per process, `%p` in the name), to check each run wrote one.
profiles=""
if [ -n "${LLVM_PROFILE_FILE:-}" ]; then
  profiles=$(dirname "$LLVM_PROFILE_FILE")
fi
written() { # non-empty profiles so far
  find "$profiles" -name '*.profraw' -size +0 2>/dev/null | wc -l
}

runs=0
run() { # crdlint arguments...; standard input from $work/stdin when it exists
  local status=0 input=/dev/null before=0
  [ -f "$work/stdin" ] && input=$work/stdin
  [ -n "$profiles" ] && before=$(written)
  # A file of its own per run: with `%p` alone a reused process id would overwrite an earlier
  # run's profile.
  if [ -n "$profiles" ]; then
    LLVM_PROFILE_FILE="$profiles/crdlint-$runs-%p.profraw" "$bin" "$@" <"$input" >/dev/null 2>&1 || status=$?
  else
    "$bin" "$@" <"$input" >/dev/null 2>&1 || status=$?
  fi
  if [ "$status" -gt 2 ]; then
    echo "pgo-train.sh: crdlint $* ended with status $status" >&2
    exit 1
  fi
  # A way out of the process that skips writing the profile would leave that command's code
  # unweighed, silently.
  if [ -n "$profiles" ] && [ "$(written)" -le "$before" ]; then
    echo "pgo-train.sh: crdlint $* wrote no profile to $profiles" >&2
    exit 1
  fi
  runs=$((runs + 1))
}

# Whole trees, every writer.
run check "$t"
run check --format json "$t/examples"
run check --format sarif "$t/repos"
run check --format concise "$t/rules"
run check --format github "$t/lint"
run check --format junit "$t/cli"
for repo in "$t"/repos/*/; do
  run check "$repo"
done
run lint "$t/lint" "$t/rules" "$t/examples/crds"
run scan "$t"

# Resources in volume, the common case of a large run (most resources pass): Routes against
# testdata/pgo/routes-crd.yaml (schemas, list types, defaults, CEL rules), one in 50 invalid,
# and built-in kinds, in files and on standard input, without and with the admission policies
# of testdata/pgo/policies.yaml.
route() { # index
  local i=$1 port=$((8000 + $1 % 100))
  [ $((i % 50)) -eq 0 ] && port=0
  cat <<DOC
apiVersion: train.example.com/v1
kind: Route
metadata:
  name: route-$i
  namespace: team-$((i % 7))
  labels:
    app.kubernetes.io/name: shop
    app.kubernetes.io/instance: shop-$i
  annotations:
    example.com/owner: "team-$((i % 7))@example.com"
spec:
  parentRefs:
    - name: gateway-$((i % 3))
      namespace: infra
      sectionName: https
  hostnames:
    - shop-$i.example.com
    - "*.shop-$i.example.org"
  timeouts:
    request: 30s
    backend: $((i % 20 + 1))s
  rules:
    - name: api
      matches:
        - path:
            type: PathPrefix
            value: /api/v$((i % 3 + 1))
          headers:
            - name: x-tenant
              value: tenant-$i
          method: GET
      filters:
        - type: RequestHeaderModifier
          requestHeaderModifier:
            set:
              x-route: route-$i
      backendRefs:
        - name: api-$i
          port: $port
          weight: $((i % 10))
        - name: api-canary-$i
          port: 8080
          weight: 1
    - matches:
        - path:
            type: Exact
            value: /healthz
      backendRefs:
        - name: health
          port: 8081
DOC
}
builtins() { # index
  local i=$1
  cat <<DOC
apiVersion: apps/v1
kind: Deployment
metadata:
  name: shop-$i
  labels: {app: shop-$i}
spec:
  replicas: $((i % 5 + 1))
  selector:
    matchLabels: {app: shop-$i}
  template:
    metadata:
      labels: {app: shop-$i}
    spec:
      containers:
        - name: shop
          image: registry.example.com/shop:1.$i.0
          ports:
            - containerPort: 8080
              protocol: TCP
          resources:
            requests: {cpu: 100m, memory: 128Mi}
            limits: {memory: 256Mi}
          env:
            - name: SHOP_ID
              value: "$i"
---
apiVersion: v1
kind: Service
metadata:
  name: shop-$i
spec:
  selector: {app: shop-$i}
  ports:
    - port: 80
      targetPort: 8080
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-$i
data:
  settings.yaml: |
    tenant: $i
DOC
}
mkdir "$work/routes"
for f in $(seq 0 9); do
  for i in $(seq $((f * 60)) $((f * 60 + 59))); do
    route "$i"
    printf -- '---\n'
    if [ $((i % 6)) -eq 0 ]; then
      builtins "$i"
      printf -- '---\n'
    fi
  done >"$work/routes/routes-$f.yaml"
done
crd=$t/pgo/routes-crd.yaml
run validate --crd "$crd" "$work/routes"
run check --format json --crd "$crd" "$work/routes"
run default --crd "$crd" "$work/routes"
# The same with admission policies bound to every object.
run check --format json --crd "$crd" "$work/routes" "$t/pgo/policies.yaml"
run check --crd "$crd" "$work/routes" "$t/pgo/policies.yaml"
cat "$work"/routes/*.yaml "$t/examples/resources/app.yaml" >"$work/stdin"
run check --crd "$crd" --crd "$t/examples/crds" -
rm "$work/stdin"

# Admission policies, suites, transforms, revisions.
run check "$t/examples/admission"
run test "$t/suites/passing" "$t/suites/failing" "$t/examples/admission"
run default --crd "$t/examples/crds" "$t/examples/resources"
run prune --crd "$t/examples/crds" "$t/examples/resources"
for pair in "$t"/compat/*/; do
  if [ -f "$pair/old.yaml" ] && [ -f "$pair/new.yaml" ]; then
    run diff "$pair/old.yaml" "$pair/new.yaml"
  fi
done
echo "pgo-train.sh: $runs runs"
