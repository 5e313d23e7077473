//! The rules of running validating policies against the run's objects.

use crate::diag::{Rule, Severity};

/// The example's policy and binding with `validationActions` and a Deployment of `replicas`.
macro_rules! example {
    ($actions:literal, $replicas:literal) => {
        concat!(
            "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: replica-limit\nspec:\n  matchConstraints:\n    resourceRules:\n    - apiGroups: [apps]\n      apiVersions: [v1]\n      operations: [CREATE, UPDATE]\n      resources: [deployments]\n  validations:\n  - expression: \"object.spec.replicas <= 5\"\n    message: at most 5 replicas\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata:\n  name: replica-limit\nspec:\n  policyName: replica-limit\n  validationActions: [",
            $actions,
            "]\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  replicas: ",
            $replicas,
            "\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers: [{name: web, image: nginx}]\n"
        )
    };
}

pub static DENIED: Rule = Rule {
    id: "admission/denied",
    severity: Severity::Error,
    summary: "An object a ValidatingAdmissionPolicy in the run denies",
    docs:
        "Every ValidatingAdmissionPolicyBinding in the run is applied, with its policy, to every \
object of the run that the policy's `matchConstraints` and the binding's `matchResources` select \
(resource rules, `namespaceSelector` against the run's Namespace objects, `objectSelector`, \
`excludeResourceRules`, `matchPolicy`) and its `matchConditions` admit, as a CREATE (an UPDATE \
against the previous version with `--old`/`--old-ref`) of the object as the server would store it, \
with the binding's `params` taken from the run. A validation that fails under a binding with the \
`Deny` action is reported with the server's message: `ValidatingAdmissionPolicy 'NAME' with \
binding 'BINDING' denied request: MESSAGE` (the `messageExpression`'s value, else `message`, else \
`failed expression: EXPR`). So is a runtime error or a missing param (`parameterNotFoundAction: \
Deny`) under `failurePolicy: Fail` (the default), as the server fails it. The server stops at \
the first denial; crdlint reports every one.",
    bad: example!("Deny", "8"),
    good: example!("Deny", "3"),
};

pub static WARNED: Rule = Rule {
    id: "admission/warned",
    severity: Severity::Warning,
    summary: "An object a ValidatingAdmissionPolicy in the run warns about",
    docs: "A validation that fails under a binding with the `Warn` action: the server admits the \
object and returns a warning to the client, worded `Validation failed for \
ValidatingAdmissionPolicy 'NAME' with binding 'BINDING': MESSAGE`. crdlint reports it as a \
warning at the object. Policies are matched and evaluated as for `admission/denied`.",
    bad: example!("Warn", "8"),
    good: example!("Warn", "3"),
};

pub static AUDIT: Rule = Rule {
    id: "admission/audit",
    severity: Severity::Info,
    summary: "An object a ValidatingAdmissionPolicy in the run records in the audit log",
    docs: "A validation that fails under a binding with the `Audit` action: the server admits the \
object and adds the audit annotation `validation.policy.admission.k8s.io/validation_failure` \
(a JSON list of `message`, `policy`, `binding`, `expressionIndex`, `validationActions`). crdlint \
reports the annotation as a note at the object.",
    bad: example!("Audit", "8"),
    good: example!("Audit", "3"),
};

pub static NOT_DECIDABLE: Rule = Rule {
    id: "admission/not-decidable",
    severity: Severity::Info,
    summary: "A policy that could not be run offline against an object",
    docs: "Some of what a policy reads exists only in a cluster: the `authorizer` (whether the \
requesting user may do something), and the labels of a namespace whose Namespace object is not in \
the run (for a `namespaceSelector`). A rare third case: whether the policy's expressions stay \
within the runtime cost budget (`RuntimeCELCostBudget`, 10,000,000 per evaluation) when that \
depends on which of its variables they read, since the server charges a variable only to an \
expression that reads it. crdlint never guesses them: the policy is not evaluated for \
that object, and this note says why. Put the Namespace in the run to decide the selector. \
For the authorizer, a run can be told what every check answers: `--admission-authorizer allow` \
or `deny` (or `admission: {authorizer: allow}` in `.crdlint.yaml`); the default, \
`not-decidable`, is this note.",
    bad: "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: prod-only\nspec:\n  matchConstraints:\n    namespaceSelector:\n      matchLabels: {env: prod}\n    resourceRules:\n    - apiGroups: [\"\"]\n      apiVersions: [v1]\n      operations: [CREATE]\n      resources: [configmaps]\n  validations:\n  - expression: \"has(object.data)\"\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata:\n  name: prod-only\nspec:\n  policyName: prod-only\n  validationActions: [Deny]\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: shop\ndata: {a: b}\n",
    good: "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: prod-only\nspec:\n  matchConstraints:\n    namespaceSelector:\n      matchLabels: {env: prod}\n    resourceRules:\n    - apiGroups: [\"\"]\n      apiVersions: [v1]\n      operations: [CREATE]\n      resources: [configmaps]\n  validations:\n  - expression: \"has(object.data)\"\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata:\n  name: prod-only\nspec:\n  policyName: prod-only\n  validationActions: [Deny]\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: {env: prod}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: shop\ndata: {a: b}\n",
};

/// A MutatingAdmissionPolicy adding a label through an apply configuration, bound to
/// Deployments, with `failurePolicy` and the label's value expression.
macro_rules! mutating_example {
    ($value:literal) => {
        concat!(
            "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicy\nmetadata:\n  name: team-label\nspec:\n  failurePolicy: Fail\n  reinvocationPolicy: Never\n  matchConstraints:\n    resourceRules:\n    - apiGroups: [apps]\n      apiVersions: [v1]\n      operations: [CREATE, UPDATE]\n      resources: [deployments]\n  mutations:\n  - patchType: ApplyConfiguration\n    applyConfiguration:\n      expression: >-\n        Object{metadata: Object.metadata{labels: {\"team\": ",
            $value,
            "}}}\n---\napiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicyBinding\nmetadata:\n  name: team-label\nspec:\n  policyName: team-label\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  replicas: 2\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers: [{name: web, image: nginx}]\n"
        )
    };
}

pub static MUTATION_FAILED: Rule = Rule {
    id: "admission/mutation-failed",
    severity: Severity::Error,
    summary: "An object a MutatingAdmissionPolicy in the run fails to mutate",
    docs: "Every MutatingAdmissionPolicyBinding in the run is applied, with its policy, to every \
object of the run its policy's `matchConstraints` and its `matchResources` select and its \
`matchConditions` admit (matched as for `admission/denied`), before validation, as the server runs \
mutating admission before validating admission: each mutation in order, an `ApplyConfiguration` \
merged as server-side apply merges it, a `JSONPatch` applied as RFC 6902, the `IfNeeded` policies \
reinvoked once. The mutated object is what validation, the validating policies and `crdlint \
default` then see. A mutation whose expression fails at runtime, or whose patch cannot be applied \
(a JSON Patch path that does not exist, a field the kind's schema does not declare), denies the \
request under the policy's `failurePolicy: Fail` (the default), worded as the server words it: \
`policy 'NAME' with binding 'BINDING' denied request: ERROR`. Under `Ignore` the mutation is \
skipped silently, as the server skips it.",
    bad: mutating_example!("object.metadata.labels['owner']"),
    good: mutating_example!("\"payments\""),
};
