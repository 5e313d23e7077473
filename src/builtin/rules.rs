//! The rules of built-in kinds: API versions a minor does not serve (`api/*`) and the API
//! server's native (Go) validations that the OpenAPI documents do not carry (`builtin/*`).
//! Ids are stable: never rename or reuse one.

use crate::diag::{Rule, Severity};

pub static REMOVED_VERSION: Rule = Rule {
    id: "api/removed-version",
    severity: Severity::Error,
    summary: "A built-in `apiVersion` that the emulated Kubernetes minor no longer serves",
    docs: "Kubernetes removes beta API versions a few releases after their replacement is stable \
(`extensions/v1beta1` Ingress in 1.22, `policy/v1beta1` PodSecurityPolicy and `batch/v1beta1` CronJob in \
1.25, `flowcontrol.apiserver.k8s.io/v1beta3` in 1.32, ...). The server of that minor answers `no matches for \
kind`; crdlint names the minor that removed the version and the apiVersion to use instead. Which versions each \
minor serves comes from the embedded OpenAPI documents (`--kube-version` picks the minor). \
`check --fix` changes the apiVersion to the replacement (and nothing else) when the object means the same \
there: every field it writes is a field of both versions with the same schema but for its description, no \
field it leaves out is required or defaulted differently by the new version, and no difference upstream \
documents applies (policy/v1 PodDisruptionBudget's empty `selector: {}` selects every pod, policy/v1beta1's \
none; flowcontrol v1 keeps a `nominalConcurrencyShares` of 0 that v1beta3 defaults to 30). The old \
schema is that of the newest minor that served it; a version removed before the oldest minor crdlint \
emulates (`extensions/v1beta1`) is never upgraded. The help says which, and why not.",
    bad: "apiVersion: batch/v1beta1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: \"0 3 * * *\"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers:\n          - name: job\n            image: busybox\n",
    good: "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: \"0 3 * * *\"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers:\n          - name: job\n            image: busybox\n",
};

pub static DEPRECATED_VERSION: Rule = Rule {
    id: "api/deprecated-version",
    severity: Severity::Warning,
    summary: "A built-in `apiVersion` that a later Kubernetes minor removes",
    docs: "The emulated minor still serves this apiVersion, but a later minor removes it (the API server \
sends a deprecation warning on every request). Move to the replacement before upgrading.",
    bad: "# crdlint check --kube-version 1.31 (1.32 removes v1beta3)\napiVersion: flowcontrol.apiserver.k8s.io/v1beta3\nkind: PriorityLevelConfiguration\nmetadata:\n  name: p\nspec:\n  type: Exempt\n",
    good: "# crdlint check --kube-version 1.31\napiVersion: flowcontrol.apiserver.k8s.io/v1\nkind: PriorityLevelConfiguration\nmetadata:\n  name: p\nspec:\n  type: Exempt\n",
};

pub static ALPHA_VERSION: Rule = Rule {
    id: "api/alpha-version",
    severity: Severity::Warning,
    summary: "A built-in alpha `apiVersion`, which clusters serve only when it is enabled",
    docs: "Alpha API versions (`v1alpha1`, `v1alpha2`, ...) are in the emulated minor's API, but the API \
server serves them only when the cluster enables them (`--runtime-config=<group>/<version>=true`, usually with \
a feature gate); a default cluster, and most managed ones, answer `no matches for kind`. crdlint validates the \
object against the alpha schema and warns. Raise it to an error (`.crdlint.yaml` severity) where clusters never \
enable alpha APIs, or turn it off where they do.",
    bad: "apiVersion: internal.apiserver.k8s.io/v1alpha1\nkind: StorageVersion\nmetadata:\n  name: apps.deployments\nspec: {}\nstatus: {}\n",
    good: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx\n",
};

pub static UNKNOWN_KIND: Rule = Rule {
    id: "api/unknown-kind",
    severity: Severity::Error,
    summary: "A kind or version that a built-in API group does not have in the emulated minor",
    docs: "The apiVersion names a built-in group (`v1`, `apps/v1`, ...) but the kind is not one of its \
kinds in this minor (kinds are case-sensitive: `configmap` is not `ConfigMap`), or the version only appears \
in a later minor. No CRD can add kinds to a built-in group, so the server rejects the object.",
    bad: "apiVersion: v1\nkind: configmap\nmetadata:\n  name: c\n",
    good: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n",
};

pub static CONTAINER_NAME: Rule = Rule {
    id: "builtin/container-name",
    severity: Severity::Error,
    summary: "A container name that is missing, not a DNS-1123 label, or used twice in a pod",
    docs: "Every container, init container and ephemeral container of a pod needs a name that is a \
DNS-1123 label (lower-case alphanumerics and `-`, at most 63 characters), unique across all of them \
(`validateContainers` in the server's core validation).",
    bad: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  initContainers:\n  - name: setup\n    image: busybox\n  containers:\n  - name: setup\n    image: nginx\n",
    good: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  initContainers:\n  - name: setup\n    image: busybox\n  containers:\n  - name: web\n    image: nginx\n",
};

pub static CONTAINER_REQUIRED: Rule = Rule {
    id: "builtin/container-required",
    severity: Severity::Error,
    summary: "A pod without containers, or a container without an image",
    docs: "A pod (and a workload's pod template) needs at least one container, and the server requires \
`image` on every container and init container although the OpenAPI marks it optional. A pod spec that \
is not there at all (a Deployment without `spec`) is Go's zero value, which the server validates too: \
its containers are missing. Only an empty image is missing (`image: \" \"` is OpenShift's placeholder \
for image triggers and is accepted in templates); a Pod's own images must not have leading or trailing \
white space.",
    bad: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: web\n",
    good: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: web\n    image: nginx\n",
};

pub static PORT: Rule = Rule {
    id: "builtin/port",
    severity: Severity::Error,
    summary: "A container port out of range, with a bad name or protocol, or a port name used twice",
    docs: "`containerPort` must be between 1 and 65535, `hostPort` too when set; a port `name` must be an \
IANA service name (at most 15 characters, lower-case alphanumerics and `-`, at least one letter) and unique in \
the pod; `protocol` must be `TCP`, `UDP` or `SCTP` (case-sensitive). These are the server's \
`validateContainerPorts` checks.",
    bad: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: web\n    image: nginx\n    ports:\n    - containerPort: 80\n      protocol: tcp\n",
    good: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: web\n    image: nginx\n    ports:\n    - containerPort: 80\n      protocol: TCP\n",
};

pub static SELECTOR_MISMATCH: Rule = Rule {
    id: "builtin/selector-mismatch",
    severity: Severity::Error,
    summary: "A workload whose `spec.selector` does not select its own pod template",
    docs: "Deployments, ReplicaSets, StatefulSets, DaemonSets and Jobs with a `spec.selector` must select \
the labels of `spec.template.metadata.labels`; otherwise the server rejects the object with \"`selector` does \
not match template `labels`\". crdlint checks `matchLabels` and the `In`, `NotIn`, `Exists` and \
`DoesNotExist` expressions. A Deployment, ReplicaSet, StatefulSet or DaemonSet without a selector \
matches no labels (the server reports the mismatch too), and one without any `spec` is validated as \
the zero spec: `spec.selector: Required value` (except DaemonSets), the mismatch, and the missing \
containers.",
    bad: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: api\n    spec:\n      containers:\n      - name: web\n        image: nginx\n",
    good: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx\n",
};

pub static ENV_NAME: Rule = Rule {
    id: "builtin/env-name",
    severity: Severity::Error,
    summary: "An environment variable name the server rejects",
    docs: "Before 1.32 an env var name must consist of letters, digits, `_`, `-` or `.` and not start \
with a digit; from 1.32 (RelaxedEnvironmentVariableValidation on by default) any printable ASCII character \
except `=` is allowed. An empty name is always rejected.",
    bad: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: web\n    image: nginx\n    env:\n    - name: \"A=B\"\n      value: x\n",
    good: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: web\n    image: nginx\n    env:\n    - name: A_B\n      value: x\n",
};

pub static RESOURCES: Rule = Rule {
    id: "builtin/resources",
    severity: Severity::Error,
    summary: "A resource quantity that does not parse, is negative, or a request above its limit",
    docs: "Container `resources.requests` and `resources.limits` are Kubernetes quantities (`100m`, \
`1Gi`, `0.5`), never negative, and a request may not exceed the limit of the same resource \
(`ValidateResourceRequirements`). The value in a message is the text as written, where the server prints its \
canonical form (`0.5` as `500m`).",
    bad: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: web\n    image: nginx\n    resources:\n      requests:\n        cpu: \"2\"\n      limits:\n        cpu: \"1\"\n",
    good: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: web\n    image: nginx\n    resources:\n      requests:\n        cpu: \"1\"\n      limits:\n        cpu: \"2\"\n",
};

pub static SERVICE_PORT: Rule = Rule {
    id: "builtin/service-port",
    severity: Severity::Error,
    summary: "A Service port out of range, unnamed among several, or duplicated",
    docs: "Each Service port must be between 1 and 65535; when a Service has more than one port every port \
needs a name, names must be unique and DNS-1123 labels, and no two ports may share port and protocol \
(`validateServicePort` and `ValidateService`).",
    bad: "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n  ports:\n  - name: http\n    port: 80\n  - name: http\n    port: 8080\n",
    good: "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n  ports:\n  - name: http\n    port: 80\n  - name: alt\n    port: 8080\n",
};

pub static TEMPLATE_METADATA: Rule = Rule {
    id: "builtin/template-metadata",
    severity: Severity::Error,
    summary: "Pod template labels or annotations the server rejects",
    docs: "A workload's pod template (`spec.template.metadata`, a CronJob's \
`spec.jobTemplate.spec.template.metadata`) carries labels and annotations that the server checks like an \
object's own (`ValidatePodTemplateSpec`): label keys are qualified names, label values at most 63 characters \
of alphanumerics, `-`, `_` and `.`, annotation keys qualified names.",
    bad: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n        tier: front end\n    spec:\n      containers:\n      - name: web\n        image: nginx\n",
    good: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n        tier: front-end\n    spec:\n      containers:\n      - name: web\n        image: nginx\n",
};

pub static CONFIG_DATA: Rule = Rule {
    id: "builtin/config-data",
    severity: Severity::Error,
    summary: "A ConfigMap or Secret whose data keys, total size or type-required keys the server rejects",
    docs: "The server's Go validation of ConfigMaps and Secrets (`ValidateConfigMap`, `ValidateSecret`), \
which the OpenAPI documents do not carry: every key of `data`, `binaryData` and a Secret's `stringData` must \
be a valid config key (letters, digits, `-`, `_` and `.`, at most 253 characters, not `.`, `..` or starting \
with `..`), a ConfigMap key may not be in both `data` and `binaryData`, all the values together may not \
exceed 1 MiB (counted decoded, after `stringData` is merged into `data`), and a Secret's `type` requires its \
keys (`tls.crt` and `tls.key` for `kubernetes.io/tls`, `.dockerconfigjson` for \
`kubernetes.io/dockerconfigjson`, `username` or `password` for `kubernetes.io/basic-auth`, a non-empty \
`ssh-privatekey` for `kubernetes.io/ssh-auth`, the `kubernetes.io/service-account.name` annotation for a \
service account token); a `.dockercfg` or `.dockerconfigjson` must hold a JSON object (the server quotes Go's JSON error, the value itself redacted). Mounted as a volume, a key becomes a file name, which is why the rules are strict.",
    bad: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: web-tls\ntype: kubernetes.io/tls\nstringData:\n  tls.crt: |\n    -----BEGIN CERTIFICATE-----\n  tls key: |\n    -----BEGIN PRIVATE KEY-----\n",
    good: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: web-tls\ntype: kubernetes.io/tls\nstringData:\n  tls.crt: |\n    -----BEGIN CERTIFICATE-----\n  tls.key: |\n    -----BEGIN PRIVATE KEY-----\n",
};

pub static RULES: &[&Rule] = &[
    &REMOVED_VERSION,
    &DEPRECATED_VERSION,
    &ALPHA_VERSION,
    &UNKNOWN_KIND,
    &CONTAINER_NAME,
    &CONTAINER_REQUIRED,
    &PORT,
    &SELECTOR_MISMATCH,
    &ENV_NAME,
    &RESOURCES,
    &SERVICE_PORT,
    &TEMPLATE_METADATA,
    &CONFIG_DATA,
];
