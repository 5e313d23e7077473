#!/usr/bin/env bash
# Times crdlint on 10,000 built-in objects against 10,000 custom resources (BENCHMARKS.md).
#
#   benches/builtin.sh [OUT_DIR]     default: /tmp/crdlint-builtin-bench
#
# Builds two workloads of 100 files x 100 documents each:
#   builtin/  Deployments, Services, ConfigMaps, Pods, StatefulSets, CronJobs (realistic
#             sizes: a Deployment with two containers, probes, resources, env, volumes)
#   custom/   the shared 10,000-resource workload (../shared/bench/make-workload.py) when
#             present, for the per-object comparison
# and a run with one Deployment (the lazy decode: only the packages it uses) and one with
# custom resources only (no built-in work). Uses hyperfine when installed.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/crdlint-builtin-bench}
mkdir -p "$out/builtin"
python3 - "$out/builtin" <<'PY'
import sys, os
out = sys.argv[1]
def deployment(i):
    return f"""apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-{i}
  namespace: team-{i % 7}
  labels: {{app: web-{i}, tier: frontend}}
  annotations: {{owner: team-{i % 7}}}
spec:
  replicas: {i % 5 + 1}
  selector:
    matchLabels: {{app: web-{i}}}
  strategy:
    type: RollingUpdate
    rollingUpdate: {{maxSurge: 25%, maxUnavailable: 0}}
  template:
    metadata:
      labels: {{app: web-{i}, tier: frontend}}
    spec:
      containers:
      - name: web
        image: registry.example.com/web:{i % 13}.0
        ports:
        - {{name: http, containerPort: 8080}}
        - {{name: metrics, containerPort: 9090, protocol: TCP}}
        env:
        - {{name: LOG_LEVEL, value: info}}
        - name: POD_NAME
          valueFrom: {{fieldRef: {{fieldPath: metadata.name}}}}
        resources:
          requests: {{cpu: 100m, memory: 128Mi}}
          limits: {{cpu: "1", memory: 512Mi}}
        readinessProbe:
          httpGet: {{path: /healthz, port: http}}
          periodSeconds: 10
        volumeMounts:
        - {{name: config, mountPath: /etc/web}}
      - name: sidecar
        image: registry.example.com/proxy:1.{i % 3}
        args: ["--port=9000"]
      volumes:
      - name: config
        configMap: {{name: web-{i}}}
"""
def service(i):
    return f"""apiVersion: v1
kind: Service
metadata:
  name: web-{i}
  namespace: team-{i % 7}
spec:
  selector: {{app: web-{i}}}
  ports:
  - {{name: http, port: 80, targetPort: http}}
  - {{name: metrics, port: 9090, targetPort: 9090}}
"""
def configmap(i):
    return f"""apiVersion: v1
kind: ConfigMap
metadata:
  name: web-{i}
  namespace: team-{i % 7}
data:
  config.yaml: |
    listen: 8080
    upstream: http://backend-{i}
"""
def pod(i):
    return f"""apiVersion: v1
kind: Pod
metadata:
  name: job-{i}
spec:
  restartPolicy: Never
  containers:
  - name: main
    image: busybox:1.36
    command: [sh, -c, "echo {i}"]
"""
def statefulset(i):
    return f"""apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db-{i}
spec:
  serviceName: db-{i}
  selector:
    matchLabels: {{app: db-{i}}}
  template:
    metadata:
      labels: {{app: db-{i}}}
    spec:
      containers:
      - name: db
        image: postgres:16
        ports: [{{containerPort: 5432, name: pg}}]
  volumeClaimTemplates:
  - metadata: {{name: data}}
    spec:
      accessModes: [ReadWriteOnce]
      resources: {{requests: {{storage: 10Gi}}}}
"""
def cronjob(i):
    return f"""apiVersion: batch/v1
kind: CronJob
metadata:
  name: backup-{i}
spec:
  schedule: "0 {i % 24} * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: backup
            image: backup:2
"""
makers = [deployment, service, configmap, deployment, service, pod, statefulset, cronjob, configmap, deployment]
n = 0
for f in range(100):
    docs = []
    for d in range(100):
        docs.append(makers[n % len(makers)](n))
        n += 1
    with open(os.path.join(out, f"objects-{f:03}.yaml"), "w") as fh:
        fh.write("---\n".join(docs))
print(f"{n} built-in objects in {out}", file=sys.stderr)
PY
printf 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: one}\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec: {containers: [{name: c, image: i}]}\n' > "$out/one-deployment.yaml"
bin=target/release/crdlint
cmds=("$bin check --format json $out/builtin" "$bin check --format json $out/one-deployment.yaml")
if [ -f ../shared/bench/make-workload.py ]; then
  [ -d "$out/custom" ] || python3 ../shared/bench/make-workload.py "$out/custom" -n 10000 >/dev/null
  cmds+=("$bin check --crd $out/custom/crds --format json $out/custom/multi")
fi
if command -v hyperfine >/dev/null; then
  hyperfine --warmup 1 --runs "${RUNS:-5}" -N -i "${cmds[@]}"
else
  for c in "${cmds[@]}"; do
    /usr/bin/time -f "%e s, %M KB max RSS: $c" $c > /dev/null || true
  done
fi
