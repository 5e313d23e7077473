//! The rules of admission policies (`admission/*`). Ids are stable: never rename or reuse one.

use crate::diag::{Rule, Severity};

pub static INVALID: Rule = Rule {
    id: "admission/invalid",
    severity: Severity::Error,
    summary: "An admission policy, binding or match condition the API server rejects on create",
    docs: "The object rules the API server applies when a ValidatingAdmissionPolicy, \
MutatingAdmissionPolicy, their bindings, or the `matchConditions` of a Validating/Mutating \
WebhookConfiguration is created (`pkg/apis/admissionregistration/validation`): required fields \
(`matchConstraints.resourceRules`, `validations` or `auditAnnotations`, `mutations`, \
`reinvocationPolicy`, a binding's `policyName` and `validationActions`), enum values \
(`failurePolicy`, `matchPolicy`, `scope`, `operations`, `reason`, `patchType`), `validationActions` \
combinations (`Deny` with `Warn` is refused), `paramKind` and `paramRef` consistency (name or \
selector, not both; `parameterNotFoundAction`), the combinations of rules' `resources` wildcards, \
label selectors, and names (match conditions, variables, audit annotation keys). Fields the server \
defaults (`failurePolicy: Fail`, `matchPolicy: Equivalent`, empty selectors) are never reported \
missing. The message is the server's.",
    bad: "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata:\n  name: replicas\nspec:\n  policyName: replica-limit\n  validationActions: [Deny, Warn]\n",
    good: "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata:\n  name: replicas\nspec:\n  policyName: replica-limit\n  validationActions: [Deny]\n",
};

pub static EXPRESSION: Rule = Rule {
    id: "admission/expression",
    severity: Severity::Error,
    summary: "An admission policy or match-condition CEL expression that does not compile",
    docs: "Every CEL expression of an admission policy (`matchConditions`, `variables`, \
`validations[].expression` and `messageExpression`, `auditAnnotations[].valueExpression`) and of a \
webhook configuration's `matchConditions` is compiled in the environment the API server builds for \
it at the emulated minor (new expressions get the previous minor's libraries): `object`, \
`oldObject`, `request` (typed as the server types it), `namespaceObject`, `params` only when the \
policy has a `paramKind`, `authorizer` (not in a `messageExpression`) and `variables` declared \
before. A validation or match condition must evaluate to `bool` (a `dyn` result is refused), a \
`messageExpression` to `string`, an audit annotation to `string` or `null`. The message is the \
server's (`compilation failed: ERROR: <input>:1:1: ...`), and the finding points at the error \
inside the expression.",
    bad: "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: replica-limit\nspec:\n  matchConstraints:\n    resourceRules:\n    - apiGroups: [apps]\n      apiVersions: [v1]\n      operations: [CREATE, UPDATE]\n      resources: [deployments]\n  validations:\n  - expression: \"object.spec.replicas <= params.maxReplicas\"\n",
    good: "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: replica-limit\nspec:\n  matchConstraints:\n    resourceRules:\n    - apiGroups: [apps]\n      apiVersions: [v1]\n      operations: [CREATE, UPDATE]\n      resources: [deployments]\n  validations:\n  - expression: \"object.spec.replicas <= 5\"\n",
};

pub static TYPE_CHECK: Rule = Rule {
    id: "admission/type-check",
    severity: Severity::Error,
    summary: "A policy expression that does not type-check against a kind the policy matches",
    docs: "After a ValidatingAdmissionPolicy is stored, the API server type-checks its expressions \
against each kind its `matchConstraints.resourceRules` name (`object` and `oldObject` typed by the kind's \
schema, `params` by the `paramKind`'s) and reports problems only as warnings in the policy's \
`status.typeChecking`, after the fact. crdlint does it before anything is applied, against the \
built-in schemas of the emulated minor and the CRDs in the run, for every expression of validating \
and mutating policies (mutations aside), without the server's limit of ten kinds, and reports \
errors worded as the server's warnings: `apps/v1, Kind=Deployment: ERROR: <input>:1:13: undefined \
field 'replicaz'`. Lower the severity in `.crdlint.yaml` to treat them as the server does.",
    bad: "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: replica-limit\nspec:\n  matchConstraints:\n    resourceRules:\n    - apiGroups: [apps]\n      apiVersions: [v1]\n      operations: [CREATE, UPDATE]\n      resources: [deployments]\n  validations:\n  - expression: \"object.spec.replicaz <= 5\"\n",
    good: "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: replica-limit\nspec:\n  matchConstraints:\n    resourceRules:\n    - apiGroups: [apps]\n      apiVersions: [v1]\n      operations: [CREATE, UPDATE]\n      resources: [deployments]\n  validations:\n  - expression: \"object.spec.replicas <= 5\"\n",
};

pub static KINDS_UNRESOLVED: Rule = Rule {
    id: "admission/kinds-unresolved",
    severity: Severity::Warning,
    summary: "A policy resource rule whose kinds could not be type-checked",
    docs: "Type-checking needs the kinds a policy matches. A resource rule entry that no built-in \
kind of the emulated minor and no CRD in the run serves (a misspelt resource such as `deploymnets`, \
a singular `deployment`, or a custom resource whose CRD is not in the run) is a warning: its \
expressions were not checked against it. Give the CRD with `--crd`, or fix the name. A wildcard \
(`apiGroups: [\"*\"]`, `resources: [\"*\"]`) matches kinds no list names; like the server, crdlint \
does not type-check against them, and says so as an info finding.",
    bad: "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: replica-limit\nspec:\n  matchConstraints:\n    resourceRules:\n    - apiGroups: [apps]\n      apiVersions: [v1]\n      operations: [CREATE, UPDATE]\n      resources: [deploymnets]\n  validations:\n  - expression: \"object.spec.replicas <= 5\"\n",
    good: "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: replica-limit\nspec:\n  matchConstraints:\n    resourceRules:\n    - apiGroups: [apps]\n      apiVersions: [v1]\n      operations: [CREATE, UPDATE]\n      resources: [deployments]\n  validations:\n  - expression: \"object.spec.replicas <= 5\"\n",
};

pub static COST: Rule = Rule {
    id: "admission/cost",
    severity: Severity::Info,
    summary: "An admission policy expression whose estimated cost exceeds the server's runtime limits",
    docs: "The API server accepts a policy whatever its cost, but stops each expression at run time \
after a cost of 1,000,000 (`PerCallLimit`: `operation cancelled: actual cost limit exceeded`) and one \
evaluation of a policy for a binding after 10,000,000 for all its expressions together \
(`RuntimeCELCostBudget`: `validation failed due to running out of cost budget, no further validation \
rules will be run`); with `failurePolicy: Fail` the request is then denied. Each expression's cost \
is estimated as the server estimates CRD rules (cel-go's estimator with the Kubernetes library \
costs), typed by every kind the policy matches: sizes come from the kind's and the paramKind's \
schema (`maxItems`, `maxLength`, `maxProperties`) or, where the schema has none, from the 3 MiB \
request limit. A worst case over a limit is a note (real objects are usually far smaller); a \
minimum over it fails on every object and is an error. Bound the work (check `size(...)` first, \
avoid nested loops and string scans over unbounded lists) to lower it. When a run evaluates the \
policies against its objects, both limits apply as on the server: the validations and then the \
message expressions share the budget, the audit annotations have one of their own, and the match \
conditions share 2,500,000 (`RuntimeCELCostBudgetMatchConditions`); running out is \
`admission/denied` under `failurePolicy: Fail`.",
    bad: "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: registry\nspec:\n  matchConstraints:\n    resourceRules:\n    - apiGroups: [apps]\n      apiVersions: [v1]\n      operations: [CREATE, UPDATE]\n      resources: [deployments]\n  validations:\n  - expression: \"object.spec.template.spec.containers.all(c, object.spec.template.spec.containers.all(d, c.image == d.image))\"\n",
    good: "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: registry\nspec:\n  matchConstraints:\n    resourceRules:\n    - apiGroups: [apps]\n      apiVersions: [v1]\n      operations: [CREATE, UPDATE]\n      resources: [deployments]\n  validations:\n  - expression: \"object.spec.replicas <= 5\"\n",
};

/// Every rule of this module.
pub static RULES: &[&Rule] = &[
    &super::run::rules::AUDIT,
    &COST,
    &super::run::rules::DENIED,
    &EXPRESSION,
    &INVALID,
    &KINDS_UNRESOLVED,
    &super::run::rules::MUTATION_FAILED,
    &super::run::rules::NOT_DECIDABLE,
    &TYPE_CHECK,
    &super::run::rules::WARNED,
];
