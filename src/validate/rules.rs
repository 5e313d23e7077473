//! The rules custom-resource validation reports. Ids are stable: never rename or reuse one.

use crate::diag::{Rule, Severity};

const CEL_BAD: &str = "# spec: {type: object, required: [size], properties: {size: {type: integer}},\n#        x-kubernetes-validations: [{rule: \"self.size < 10\"}]}\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec: {}\n";
const CEL_GOOD: &str =
    "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 3\n";

const CEL_RULE_BAD: &str = "# spec: {type: object, properties: {min: {type: integer}, max: {type: integer}},\n#        x-kubernetes-validations: [{rule: \"self.min <= self.max\", message: min must not exceed max}]}\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  min: 5\n  max: 3\n";
const CEL_RULE_GOOD: &str =
    "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  min: 3\n  max: 5\n";

pub static UNKNOWN_FIELD: Rule = Rule {
    id: "cr/unknown-field",
    severity: Severity::Error,
    summary: "A field the CRD schema does not declare (the server prunes it)",
    docs: "The API server silently drops (prunes) every field its structural schema does not know, so a \
misspelt field is lost without a trace. `kubectl apply` uses strict field validation by default and rejects the \
object with `strict decoding error: unknown field \"spec.foo\"`; crdlint reports each such field the same way. \
Fields under `x-kubernetes-preserve-unknown-fields: true`, and `apiVersion`/`kind`/`metadata` of embedded \
resources, are kept. Unknown keys inside `metadata` are dropped too. To relax the check (the server's `Warn` \
and `Ignore` field validation) use `--unknown-fields warn|ignore` or `unknown-fields:` in `.crdlint.yaml`; \
lowering the rule itself for the whole run (`--warn cr/unknown-field`, `--ignore cr/unknown-field`, or \
`severity`/`ignore`/`select` in the config) does the same, so built-in objects still get their own checks. \
`per-file` overrides and `# crdlint: ignore` comments only change how a finding is reported.",
    bad: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicass: 3\n",
    good: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: 3\n",
};

pub static SCHEMA: Rule = Rule {
    id: "cr/schema",
    severity: Severity::Error,
    summary: "The object violates its CRD's OpenAPI schema",
    docs: "The server validates every custom resource against the `openAPIV3Schema` of its version with \
kube-openapi: types, `x-kubernetes-int-or-string`, formats, `enum`, `pattern` (an unanchored RE2 search), \
bounds, `multipleOf`, lengths (in code points), `required`, `nullable`, `minProperties`/`maxProperties`, \
`allOf`/`anyOf`/`oneOf`/`not`. crdlint prints the server's message word for word, including its quirks \
(composite errors at the `<nil>` path, \"items\" in `maxProperties` messages). Validation runs on the object \
after pruning and defaulting, as on the server.",
    bad: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: 15\n",
    good: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: 5\n",
};

pub static LIST_DUPLICATE: Rule = Rule {
    id: "cr/list-duplicate",
    severity: Severity::Error,
    summary: "Duplicate item in an `x-kubernetes-list-type: set` list or duplicate key in a `map` list",
    docs: "Lists marked `x-kubernetes-list-type: set` must have unique items, and lists marked `map` must have \
unique values of their `x-kubernetes-list-map-keys` (and object items). Server-side apply merges such lists by \
value or key, so the server rejects duplicates with `Duplicate value`.",
    bad: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  ports: [80, 443, 80]\n",
    good: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  ports: [80, 443]\n",
};

pub static METADATA: Rule = Rule {
    id: "cr/metadata",
    severity: Severity::Error,
    summary: "Invalid object metadata (name, namespace, labels, annotations, finalizers)",
    docs: "Custom resources get the same ObjectMeta checks as built-in objects: the name must be a lowercase \
RFC 1123 subdomain (whatever the CRD's own pattern allows), label keys and values and annotation keys must be \
well-formed, and `metadata` must decode into ObjectMeta (a label value that is a number is rejected).",
    bad: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: My_Widget\n",
    good: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: my-widget\n",
};

pub static EMBEDDED_RESOURCE: Rule = Rule {
    id: "cr/embedded-resource",
    severity: Severity::Error,
    summary: "An embedded resource lacks a valid `apiVersion`, `kind` or `metadata`",
    docs: "A field marked `x-kubernetes-embedded-resource: true` holds a whole Kubernetes object. The server \
requires its `apiVersion` and `kind`, checks that the kind is a DNS-1035 label apart from case, and validates \
its `metadata` like an object's (name as a path segment).",
    bad: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  template:\n    metadata:\n      name: x\n",
    good: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  template:\n    apiVersion: v1\n    kind: Pod\n    metadata:\n      name: x\n",
};

pub static TYPE_META: Rule = Rule {
    id: "cr/type-meta",
    severity: Severity::Error,
    summary:
        "The object's `kind` or `apiVersion` does not match the CRD version it is validated against",
    docs: "The server checks `kind` and `apiVersion` first and stops there when they are wrong.",
    bad: "apiVersion: example.com/v1\nkind: widget\nmetadata:\n  name: w\n",
    good: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n",
};

pub static VERSION_NOT_SERVED: Rule = Rule {
    id: "cr/version-not-served",
    severity: Severity::Error,
    summary: "The object's version is not a served version of its CRD",
    docs:
        "A request for a version the CRD does not list, or lists with `served: false`, fails with \
`the server could not find the requested resource`. Nothing else is checked for such an object.",
    bad:
        "# the CRD serves only v1\napiVersion: example.com/v2\nkind: Widget\nmetadata:\n  name: w\n",
    good: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n",
};

pub static VERSION_SCHEMA_DIFFERS: Rule = Rule {
    id: "cr/version-schema-differs",
    severity: Severity::Info,
    summary: "The version given with `--crd-version` has a schema that differs from the object's own",
    docs: "With `--crd-version V` the object is validated as if it had been converted to `V`. CRDs with conversion \
strategy `None` only change `apiVersion` on conversion, so fields that exist in one schema and not the other \
are pruned or fail validation. This note says when the two schemas differ.",
    bad: "# crdlint validate --crd-version v2 widget-v1.yaml (v1 and v2 schemas differ)\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n",
    good: "apiVersion: example.com/v2\nkind: Widget\nmetadata:\n  name: w\n",
};

pub static NOT_AN_OBJECT: Rule = Rule {
    id: "cr/not-an-object",
    severity: Severity::Error,
    summary: "The document is not a mapping, or its metadata cannot be decoded",
    docs: "A custom resource must be a JSON object, and its `metadata` must decode into ObjectMeta; otherwise \
the server cannot decode the request at all (`400 Bad Request`).",
    bad: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  labels: [app, web]\n",
    good: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  labels: {app: web}\n",
};

pub static SCALE: Rule = Rule {
    id: "cr/scale-replicas",
    severity: Severity::Error,
    summary: "The value at the scale subresource's replicas path is not a valid replica count",
    docs: "When a CRD enables the scale subresource, the server checks the values at `specReplicasPath` and \
`statusReplicasPath`: each must be an integer between 0 and 2147483647 when present, and the value at \
`labelSelectorPath` must be a string.",
    bad: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: -1\n",
    good: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: 1\n",
};

pub static CEL_NOT_CHECKED: Rule = Rule {
    id: "cr/cel-not-checked",
    severity: Severity::Info,
    summary: "CEL validation rules were skipped because the object already has schema errors",
    docs: "The server does not evaluate `x-kubernetes-validations` rules when the object already has a \
Required, Unsupported value (enum), Too long, Too many or type error, and adds this error instead. crdlint \
reports it with the server's message as a note after the errors that blocked the rules, so that one broken \
field does not count as two errors. Fix the other errors first; more may follow from the rules.",
    bad: CEL_BAD,
    good: CEL_GOOD,
};

pub static CEL_RULE: Rule = Rule {
    id: "cr/cel-rule",
    severity: Severity::Error,
    summary: "The object fails one of its CRD's `x-kubernetes-validations` (CEL) rules",
    docs: "After pruning, defaulting and schema validation, the server evaluates every CEL rule of the \
schema on the node it sits on (`self`), rules of a node before those of its children, and rejects the object \
with the rule's `message`, the result of its `messageExpression`, or `failed rule: <rule>`, with the rule's \
`reason` (Invalid, Forbidden, Required, Duplicate) and at its `fieldPath` when given. Evaluation errors \
(`no such key`, overflow, division by zero) and exceeding the runtime cost limits (1,000,000 per \
expression, 10,000,000 per object) reject the object too. Transition rules (those using `oldSelf`) run only \
on updates: give the previous version of the object to check them.",
    bad: CEL_RULE_BAD,
    good: CEL_RULE_GOOD,
};

pub static CEL_RULES_SKIPPED: Rule = Rule {
    id: "cr/cel-rules-skipped",
    severity: Severity::Info,
    summary: "Some CEL rules of the CRD do not compile, so they were not evaluated",
    docs: "A rule that does not compile is an error in the CRD (the linter reports it there, and the server \
refuses such a CRD). crdlint still validates resources against the rest of the schema and the rules that do \
compile, and says once per CRD version that the broken ones were skipped.",
    bad: "# spec: {type: object, properties: {size: {type: integer}},\n#        x-kubernetes-validations: [{rule: \"self.size == 'x'\"}]}\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 3\n",
    good: "# spec: {type: object, properties: {size: {type: integer}},\n#        x-kubernetes-validations: [{rule: \"self.size == 3\"}]}\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 3\n",
};

pub static FINALIZER_NAME: Rule = Rule {
    id: "cr/finalizer-name",
    severity: Severity::Warning,
    summary: "A finalizer name without a domain (the server warns on create)",
    docs: "Finalizers are shared by every controller that touches an object. The server warns when a \
finalizer is neither one of the standard ones (`kubernetes`, `orphan`, `foregroundDeletion`) nor \
domain-qualified with a path (`example.com/cleanup`), because two controllers could pick the same short name. \
Kubernetes 1.29 and later send this warning on create, and on update for the finalizers the update adds; from \
1.32 a dotted name without a path (`cleanup.example.com`) is asked for a path. A name that is not a valid \
qualified name is an error instead (`cr/metadata`).",
    bad: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  finalizers: [cleanup]\n",
    good: "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  finalizers: [example.com/cleanup]\n",
};

/// Every rule of the module.
pub static RATCHETED: Rule = Rule {
    id: "cr/ratcheted",
    severity: Severity::Info,
    summary: "An error the server lets through on update because the value did not change (ratcheting)",
    docs: "From Kubernetes 1.30 (validation ratcheting, KEP-4008; GA in 1.33) an update is not rejected for \
schema or `x-kubernetes-validations` errors on values that are unchanged from the stored object: the server \
only warns. Values are matched as the server matches them: map entries by key, items of \
`x-kubernetes-list-type: map` lists by their keys; an error inside a set or atomic list counts as unchanged only \
when the whole list is. Rules that use `oldSelf` never ratchet, nor do metadata, embedded-resource and \
list-uniqueness checks. With `--old`/`--old-ref` and `--verbose` crdlint lists each ratcheted error with the \
server's text, because the next change to that value must fix it.",
    bad: "# spec: {type: object, properties: {size: {type: integer, maximum: 10}}}\n# old: {spec: {size: 20}, metadata: {labels: {a: b}}}\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  labels: {a: c}\nspec:\n  size: 20\n",
    good: "# the same update with the value fixed\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  labels: {a: c}\nspec:\n  size: 10\n",
};

pub static RULES: &[&Rule] = &[
    &UNKNOWN_FIELD,
    &SCHEMA,
    &LIST_DUPLICATE,
    &METADATA,
    &EMBEDDED_RESOURCE,
    &TYPE_META,
    &VERSION_NOT_SERVED,
    &VERSION_SCHEMA_DIFFERS,
    &NOT_AN_OBJECT,
    &SCALE,
    &CEL_NOT_CHECKED,
    &CEL_RULE,
    &CEL_RULES_SKIPPED,
    &FINALIZER_NAME,
    &RATCHETED,
];
