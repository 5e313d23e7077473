//! The `compat/*` rules: what the next revision of a CRD breaks for what already runs.
//!
//! Every rule is reported at the NEW CRD's node, with the OLD node as a related location. The
//! examples are pairs: the old revision, then the new one (`crdlint diff old.yaml new.yaml`).

use crate::diag::{Rule, Severity};

macro_rules! compat_rule {
    ($name:ident, $id:literal, $sev:ident, $summary:literal, $docs:literal, $bad:literal, $good:literal) => {
        pub static $name: Rule = Rule {
            id: $id,
            severity: Severity::$sev,
            summary: $summary,
            docs: $docs,
            bad: $bad,
            good: $good,
        };
    };
}

compat_rule!(CRD_REMOVED, "compat/crd-removed", Error,
    "A CRD of the old revision is missing from the new one",
    "Deleting a CustomResourceDefinition deletes every object of its kind from the cluster. \
A CRD present in OLD and absent from NEW (matched by `metadata.name`) is therefore an error; a CRD only \
in NEW is an addition and is not reported.",
    "# old: widgets.example.com and gadgets.example.com\n# new: widgets.example.com only\n",
    "# old: widgets.example.com and gadgets.example.com\n# new: both, gadgets marked deprecated in every version\n");

compat_rule!(SCOPE_CHANGED, "compat/scope-changed", Error,
    "The CRD's `spec.scope` changed between Namespaced and Cluster",
    "The API server rejects an update of `spec.scope`, and clients address objects by scope: a \
namespaced object has no meaning as a cluster-scoped one. Ship a new CRD (new group or kind) instead.",
    "# old\nspec:\n  scope: Namespaced\n---\n# new\nspec:\n  scope: Cluster\n",
    "# old\nspec:\n  scope: Namespaced\n---\n# new\nspec:\n  scope: Namespaced\n");

compat_rule!(NAMES_CHANGED, "compat/names-changed", Error,
    "The group, kind, plural, singular or list kind changed, or a short name was removed",
    "Clients reach objects by group, plural resource name and kind; the server does not allow \
`spec.group` or `spec.names.plural` to change (they make up `metadata.name`), and a changed kind or list \
kind breaks every client and manifest that names it. A removed short name breaks `kubectl get <short>` \
(a warning).",
    "# old\nspec:\n  names: {kind: Widget, plural: widgets}\n---\n# new\nspec:\n  names: {kind: Gadget, plural: widgets}\n",
    "# old\nspec:\n  names: {kind: Widget, plural: widgets}\n---\n# new\nspec:\n  names: {kind: Widget, plural: widgets}\n");

compat_rule!(VERSION_REMOVED, "compat/version-removed", Error,
    "A served version was removed",
    "Clients that read or write the removed version get 404s, and manifests that name it no longer \
apply. Stop serving the version (`served: false`) in one release and remove it in a later one, after \
clients have moved. A version that is still stored is `compat/stored-version-removed` instead.",
    "# old\nversions:\n- {name: v1alpha1, served: true, storage: false}\n- {name: v1, served: true, storage: true}\n---\n# new\nversions:\n- {name: v1, served: true, storage: true}\n",
    "# old\nversions:\n- {name: v1alpha1, served: true, storage: false}\n- {name: v1, served: true, storage: true}\n---\n# new\nversions:\n- {name: v1alpha1, served: false, storage: false}\n- {name: v1, served: true, storage: true}\n");

compat_rule!(VERSION_UNSERVED, "compat/version-unserved", Warning,
    "A served version is no longer served",
    "Clients that use the version get 404s. This is the intended first step of retiring a version, \
so it is a warning: make sure the version was deprecated (`deprecated: true`) for long enough first. \
The version's schema is not compared further: it is one finding, not one per field.",
    "# old\n- {name: v1beta1, served: true, storage: false}\n---\n# new\n- {name: v1beta1, served: false, storage: false}\n",
    "# old\n- {name: v1beta1, served: true, storage: false, deprecated: true}\n---\n# new\n- {name: v1beta1, served: true, storage: false, deprecated: true}\n");

compat_rule!(STORED_VERSION_REMOVED, "compat/stored-version-removed", Error,
    "A version that objects may still be stored in was removed",
    "Objects in etcd are kept in the version that was the storage version when they were written; \
`status.storedVersions` lists them. The server refuses to drop a listed version from `spec.versions`, and \
without it stored objects cannot be read. crdlint treats the old storage version, and every version in \
either revision's `status.storedVersions`, as stored. Migrate the stored objects (a storage version \
migration), remove the version from `status.storedVersions`, then from the CRD.",
    "# old\nversions:\n- {name: v1alpha1, served: true, storage: true}\n---\n# new\nversions:\n- {name: v1, served: true, storage: true}\n",
    "# old\nversions:\n- {name: v1alpha1, served: true, storage: true}\n---\n# new\nversions:\n- {name: v1alpha1, served: true, storage: false}\n- {name: v1, served: true, storage: true}\n");

compat_rule!(STORAGE_VERSION_CHANGED, "compat/storage-version-changed", Error,
    "The storage version changed to one with a different schema while conversion is None",
    "With `conversion.strategy: None` the server converts between versions by rewriting `apiVersion` \
only. Objects written under the old storage version are read back as the new one unchanged, so any \
difference between the two schemas (a renamed or retyped field) reaches clients as invalid or pruned \
data. Keep the schemas identical or add a conversion webhook.",
    "# old\nversions:\n- {name: v1alpha1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {size: {type: string}}}}}\n---\n# new\nversions:\n- {name: v1alpha1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {size: {type: string}}}}}\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {size: {type: integer}}}}}\n",
    "# new, with a conversion webhook\nconversion:\n  strategy: Webhook\n  webhook: {conversionReviewVersions: [v1], clientConfig: {url: \"https://convert.example.com/convert\"}}\nversions:\n- {name: v1alpha1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {size: {type: string}}}}}\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {size: {type: integer}}}}}\n");

compat_rule!(SERVED_VERSIONS_DIFFER, "compat/served-versions-differ", Warning,
    "Two served versions now have different schemas while conversion is None",
    "With `conversion.strategy: None` an object written through one version is read through every \
other served version with only `apiVersion` rewritten. When their schemas differ, a field that one \
version has and the other lacks is pruned, or a value of one type is served as another. Reported \
for each pair of served versions whose schemas differ in the new revision and did not in the old \
one (or were not both served). crdify calls this its served-version validation.",
    "# old: v1beta1 not served\nversions:\n- {name: v1beta1, served: false, storage: false, schema: {openAPIV3Schema: {type: object, properties: {size: {type: string}}}}}\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {size: {type: integer}}}}}\n---\n# new: both served, conversion None\nversions:\n- {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {size: {type: string}}}}}\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {size: {type: integer}}}}}\n",
    "# new: both served, with a conversion webhook\nconversion:\n  strategy: Webhook\n  webhook: {conversionReviewVersions: [v1], clientConfig: {url: \"https://convert.example.com/convert\"}}\nversions:\n- {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {size: {type: string}}}}}\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {size: {type: integer}}}}}\n");

compat_rule!(FIELD_REMOVED, "compat/field-removed", Error,
    "A field of a served version was removed from its schema",
    "The server prunes fields the schema does not know: values already stored are dropped on the next \
write, and clients that set the field get an unknown-field error (kubectl's strict field validation). \
A field under an object that preserves unknown fields (`x-kubernetes-preserve-unknown-fields: true`) is \
kept and not reported.",
    "# old\nproperties:\n  size: {type: string}\n  color: {type: string}\n---\n# new\nproperties:\n  size: {type: string}\n",
    "# old\nproperties:\n  size: {type: string}\n  color: {type: string}\n---\n# new\nproperties:\n  size: {type: string}\n  color: {type: string, description: Deprecated; ignored.}\n");

compat_rule!(
    TYPE_CHANGED,
    "compat/type-changed",
    Error,
    "A field's type changed",
    "Stored objects hold values of the old type: they fail validation on their next update, and \
clients built for the old type cannot decode the new one.",
    "# old\nreplicas: {type: string}\n---\n# new\nreplicas: {type: integer}\n",
    "# old\nreplicas: {type: string}\n---\n# new\nreplicas: {type: string}\n"
);

compat_rule!(ENUM_VALUE_REMOVED, "compat/enum-value-removed", Error,
    "An enum value was removed, or an enum was added to a field that had none",
    "Objects holding a value the new enum does not list fail validation on their next update \
(unless ratcheting lets an unchanged value through), and manifests that use it are rejected.",
    "# old\nmode: {type: string, enum: [Fast, Safe]}\n---\n# new\nmode: {type: string, enum: [Safe]}\n",
    "# old\nmode: {type: string, enum: [Fast, Safe]}\n---\n# new\nmode: {type: string, enum: [Fast, Safe, Balanced]}\n");

compat_rule!(ENUM_VALUE_ADDED, "compat/enum-value-added", Error,
    "An enum value was added (reported only with the enum-additions policy set to disallow)",
    "A new enum value is accepted by the server, but clients written against the old revision may \
not know it and fail on objects that use it. Whether that is breaking depends on how the API documents \
its enums, so it is a policy: `--enum-additions disallow` reports additions, the default allows them.",
    "# crdlint diff --enum-additions disallow\n# old\nmode: {enum: [Fast, Safe]}\n---\n# new\nmode: {enum: [Fast, Safe, Balanced]}\n",
    "# crdlint diff --enum-additions disallow\n# old\nmode: {enum: [Fast, Safe]}\n---\n# new\nmode: {enum: [Fast, Safe]}\n");

compat_rule!(REQUIRED_ADDED, "compat/required-added", Error,
    "A field became required",
    "Stored objects without the field fail validation on their next update, and manifests that omit it \
are rejected. Give the field a default instead, or make it required only in a new version.",
    "# old\nrequired: [size]\n---\n# new\nrequired: [size, color]\n",
    "# old\nrequired: [size]\n---\n# new\nrequired: [size]\nproperties:\n  color: {type: string, default: red}\n");

compat_rule!(DEFAULT_CHANGED, "compat/default-changed", Warning,
    "A default value was added, changed or removed",
    "Defaults are applied when objects are read from etcd as well as when they are written, so a \
changed or added default silently changes what existing objects mean, and a removed default leaves \
clients that relied on it with an empty field. Changing or removing a default is reported as an error, \
adding one as a warning.",
    "# old\nstrategy: {type: string, default: Rolling}\n---\n# new\nstrategy: {type: string, default: Recreate}\n",
    "# old\nstrategy: {type: string, default: Rolling}\n---\n# new\nstrategy: {type: string, default: Rolling}\n");

compat_rule!(BOUND_TIGHTENED, "compat/bound-tightened", Error,
    "A minimum, maximum, length, item or property bound was added or tightened",
    "Covers `minimum`/`maximum` (and their exclusive flags), `minLength`/`maxLength`, \
`minItems`/`maxItems` and `minProperties`/`maxProperties`. Stored objects outside the new bound fail \
validation on their next update unless ratcheting lets an unchanged value through. With the policy \
`--allow-tightening-unstored`, a version that `status.storedVersions` shows has no stored objects may \
tighten freely.",
    "# old\nreplicas: {type: integer, maximum: 10}\n---\n# new\nreplicas: {type: integer, maximum: 5}\n",
    "# old\nreplicas: {type: integer, maximum: 10}\n---\n# new\nreplicas: {type: integer, maximum: 20}\n");

compat_rule!(MULTIPLE_OF_CHANGED, "compat/multiple-of-changed", Error,
    "A `multipleOf` was added, or changed to a factor that does not divide the old one",
    "Stored numbers that are not a multiple of the new factor fail validation on their next update \
unless ratcheting lets an unchanged value through. Changing 10 to 5 accepts every value 10 did and is \
not reported; 5 to 10, or 4 to 6, is.",
    "# old\nbytes: {type: integer}\n---\n# new\nbytes: {type: integer, multipleOf: 512}\n",
    "# old\nbytes: {type: integer, multipleOf: 1024}\n---\n# new\nbytes: {type: integer, multipleOf: 512}\n");

compat_rule!(COMBINATOR_CHANGED, "compat/combinator-changed", Error,
    "An `allOf`, `anyOf`, `oneOf` or `not` was added, or changed so that it may accept less",
    "In a structural schema these hold value validations (bounds, patterns, enums, required fields) \
applied on top of the schema. An added one, or one changed so that it may accept less (an `anyOf` \
alternative removed or edited, an `allOf` entry added, any change to `oneOf` or `not`), rejects stored \
values that do not satisfy it on their next update unless ratcheting lets an unchanged value through. \
crdlint compares the entries as written and does not decide whether one set of alternatives accepts \
everything another does. Removing one, adding an `anyOf` alternative or removing an `allOf` entry only \
loosens and is not reported.",
    "# old\nport: {type: integer}\n---\n# new\nport: {type: integer, anyOf: [{minimum: 1024}, {enum: [80, 443]}]}\n",
    "# old\nport: {type: integer, anyOf: [{minimum: 1024}, {enum: [80, 443]}]}\n---\n# new: one more alternative only accepts more\nport: {type: integer, anyOf: [{minimum: 1024}, {enum: [80, 443]}, {enum: [8080]}]}\n");

compat_rule!(PATTERN_CHANGED, "compat/pattern-changed", Error,
    "A pattern was added or changed",
    "Stored strings that do not match the new pattern fail validation on their next update. crdlint \
does not decide whether one regular expression accepts everything another does; any change is reported.",
    "# old\nname: {type: string}\n---\n# new\nname: {type: string, pattern: '^[a-z]+$'}\n",
    "# old\nname: {type: string, pattern: '^[a-z]+$'}\n---\n# new\nname: {type: string, pattern: '^[a-z]+$'}\n");

compat_rule!(FORMAT_CHANGED, "compat/format-changed", Error,
    "A string format was added or changed",
    "The server checks the formats it knows (`uuid`, `date-time`, `hostname`...): stored values that do \
not satisfy the new format fail validation on their next update.",
    "# old\nid: {type: string}\n---\n# new\nid: {type: string, format: uuid}\n",
    "# old\nid: {type: string, format: uuid}\n---\n# new\nid: {type: string, format: uuid}\n");

compat_rule!(NULLABLE_REMOVED, "compat/nullable-removed", Error,
    "A `nullable: true` was removed",
    "Clients that send `null` for the field now have it dropped (the server prunes nulls from fields \
that are not nullable) or rejected, and stored nulls disappear on the next write.",
    "# old\nnote: {type: string, nullable: true}\n---\n# new\nnote: {type: string}\n",
    "# old\nnote: {type: string, nullable: true}\n---\n# new\nnote: {type: string, nullable: true}\n");

compat_rule!(LIST_TYPE_CHANGED, "compat/list-type-changed", Error,
    "An `x-kubernetes-list-type`, `x-kubernetes-list-map-keys` or `x-kubernetes-map-type` changed",
    "These say how server-side apply merges a list or map and which items must be unique. Changing them \
changes field ownership for every applier, can make stored lists invalid (duplicates in a new `set`, \
missing keys in a new `map`), and turns correlatable list items into uncorrelatable ones for transition \
rules and ratcheting.",
    "# old\nports: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name]}\n---\n# new\nports: {type: array, x-kubernetes-list-type: atomic}\n",
    "# old\nports: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name]}\n---\n# new\nports: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name]}\n");

compat_rule!(PRESERVE_UNKNOWN_REMOVED, "compat/preserve-unknown-fields-removed", Error,
    "An `x-kubernetes-preserve-unknown-fields: true` was removed",
    "Fields the schema does not list were kept until now; the new revision prunes them from stored \
objects on their next write, and rejects them from clients using strict field validation.",
    "# old\nconfig: {type: object, x-kubernetes-preserve-unknown-fields: true}\n---\n# new\nconfig: {type: object}\n",
    "# old\nconfig: {type: object, x-kubernetes-preserve-unknown-fields: true}\n---\n# new\nconfig: {type: object, x-kubernetes-preserve-unknown-fields: true}\n");

compat_rule!(INT_OR_STRING_REMOVED, "compat/int-or-string-removed", Error,
    "An `x-kubernetes-int-or-string: true` was removed",
    "Stored values of the type no longer allowed (an integer where only strings are, or the reverse) \
fail validation on their next update, and clients that send them are rejected.",
    "# old\nport: {x-kubernetes-int-or-string: true}\n---\n# new\nport: {type: integer}\n",
    "# old\nport: {x-kubernetes-int-or-string: true}\n---\n# new\nport: {x-kubernetes-int-or-string: true}\n");

compat_rule!(EMBEDDED_RESOURCE_CHANGED, "compat/embedded-resource-changed", Error,
    "A field's `x-kubernetes-embedded-resource` changed",
    "An embedded resource must carry `apiVersion`, `kind` and `metadata`, and its metadata is validated \
and pruned as an object's. Turning that on rejects stored values without them; turning it off prunes \
their metadata.",
    "# old\ntemplate: {type: object, x-kubernetes-embedded-resource: true}\n---\n# new\ntemplate: {type: object}\n",
    "# old\ntemplate: {type: object, x-kubernetes-embedded-resource: true}\n---\n# new\ntemplate: {type: object, x-kubernetes-embedded-resource: true}\n");

compat_rule!(CEL_RULE_ADDED, "compat/cel-rule-added", Warning,
    "A new or changed CEL rule applies to existing objects on their next update",
    "A rule in `x-kubernetes-validations` that is not a transition rule (it does not use `oldSelf`) runs \
on every create and update, so stored objects that break it fail their next update, even one made by a \
controller that only touches `status`. From Kubernetes 1.30 (`CRDValidationRatcheting`, on by default) \
the server lets an update through when the value the rule is attached to did not change; before 1.30 \
every update is rejected. The message says which applies at `--kube-version`. With \
`crdlint diff --objects`, crdlint runs the new rules on the objects you have.",
    "# old\nspec: {type: object}\n---\n# new\nspec:\n  type: object\n  x-kubernetes-validations:\n  - rule: self.min <= self.max\n",
    "# new: a transition rule only checks changes\nspec:\n  type: object\n  x-kubernetes-validations:\n  - rule: self.min <= self.max || (self.min == oldSelf.min && self.max == oldSelf.max)\n");

compat_rule!(CEL_MESSAGE_CHANGED, "compat/cel-message-changed", Info,
    "A CEL rule's `message`, `messageExpression`, `reason` or `fieldPath` changed",
    "The rule itself is unchanged, so the same objects pass and fail; only what clients see when one \
fails differs. Tools that match on a message or a reason need to know.",
    "# old\n- rule: self.min <= self.max\n  message: min must not exceed max\n---\n# new\n- rule: self.min <= self.max\n  message: min is above max\n",
    "# old\n- rule: self.min <= self.max\n  message: min must not exceed max\n---\n# new\n- rule: self.min <= self.max\n  message: min must not exceed max\n");

compat_rule!(CEL_COST_EXCEEDED, "compat/cel-cost-exceeded", Error,
    "A CEL rule's estimated cost, or the schema's total, rose past the API server's budget",
    "The server rejects a CRD whose rule costs more than 10,000,000 (estimated cost times the number of \
times the rule can run) or whose rules together cost more than 100,000,000 per version. A rule that \
fitted in the old revision and no longer does was usually pushed over by a removed `maxItems`, \
`maxLength` or `maxProperties`; the finding gives both numbers.",
    "# old\nitems: {type: array, maxItems: 10, items: {type: string, maxLength: 64}}\n---\n# new: no maxItems, the rule below now runs an unbounded number of times\nitems: {type: array, items: {type: string, x-kubernetes-validations: [{rule: self.matches('^a.*z$')}]}}\n",
    "# new\nitems: {type: array, maxItems: 10, items: {type: string, maxLength: 64, x-kubernetes-validations: [{rule: self.matches('^a.*z$')}]}}\n");

compat_rule!(CEL_TRANSITION_UNCORRELATABLE, "compat/cel-transition-uncorrelatable", Error,
    "A transition rule's `oldSelf` can no longer be correlated",
    "A transition rule (one that uses `oldSelf`) runs only where the server can pair a new value with \
its old one: through object properties, map values and items of `x-kubernetes-list-type: map` lists. \
When a list above the rule becomes `set` or `atomic`, the rule's location is no longer correlatable: \
the server rejects the CRD, or (for rules already stored) the rule silently stops checking anything.",
    "# old\nports: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name], items: {x-kubernetes-validations: [{rule: self.port == oldSelf.port}]}}\n---\n# new\nports: {type: array, x-kubernetes-list-type: atomic, items: {x-kubernetes-validations: [{rule: self.port == oldSelf.port}]}}\n",
    "# new\nports: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name], items: {x-kubernetes-validations: [{rule: self.port == oldSelf.port}]}}\n");

compat_rule!(COLUMN_PATH_REMOVED, "compat/column-path-removed", Warning,
    "A printer column's `jsonPath` no longer exists in the schema",
    "`kubectl get` shows an empty cell for a column whose field the schema no longer has. The \
column resolved in the old revision and does not in the new one.",
    "# old\nadditionalPrinterColumns: [{name: Width, type: integer, jsonPath: .spec.width}]\nschema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {width: {type: integer}}}}}}\n---\n# new: spec.width renamed, the column not\nadditionalPrinterColumns: [{name: Width, type: integer, jsonPath: .spec.width}]\nschema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {dimensions: {type: integer}}}}}}\n",
    "# new: the column follows the field\nadditionalPrinterColumns: [{name: Width, type: integer, jsonPath: .spec.dimensions}]\nschema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {dimensions: {type: integer}}}}}}\n");

compat_rule!(SELECTABLE_FIELD_REMOVED, "compat/selectable-field-removed", Error,
    "A selectable field was removed, or its path no longer exists",
    "Clients that list with a field selector on it (`kubectl get --field-selector`) get an error \
instead of a filtered list.",
    "# old\nselectableFields: [{jsonPath: .spec.color}]\n---\n# new\nselectableFields: []\n",
    "# old\nselectableFields: [{jsonPath: .spec.color}]\n---\n# new\nselectableFields: [{jsonPath: .spec.color}]\n");

compat_rule!(OBJECT_UPDATE_FAILS, "compat/object-update-fails", Error,
    "An existing object would fail its next update under the new revision",
    "`crdlint diff OLD NEW --objects PATH` takes each object as stored under OLD (pruned and \
defaulted) and validates it against NEW as an update from itself, as the server does when a client \
or controller next writes it: ratcheting applies where the server applies it. The object's findings \
under NEW are listed.",
    "# crdlint diff OLD NEW --objects widget.yaml, NEW adding the scale subresource\n# (specReplicasPath: .spec.replicas), whose check is not ratcheted\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: -1\n",
    "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: 1\n");

compat_rule!(
    OBJECT_CREATE_FAILS,
    "compat/object-create-fails",
    Warning,
    "An existing object could not be created again under the new revision",
    "The object passes its next update (ratcheting lets unchanged values through) but would be \
rejected if created from scratch, e.g. re-applied to a new cluster from the same manifest. Fix the \
manifest before it is applied anew.",
    "# crdlint diff OLD NEW --objects widget.yaml, NEW adding maximum: 10 to spec.replicas\n# (from Kubernetes 1.30 the next update ratchets the unchanged value)\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: 12\n",
    "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: 3\n"
);

compat_rule!(NOT_COMPARED, "compat/not-compared", Warning,
    "Part of a CRD could not be compared, so it was skipped",
    "`crdlint diff` and `check --old-ref` say what they did not compare instead of passing \
silently: a revision without a `spec` or without versions that can be read, a version that does not \
say whether it is `served` (the server requires `served` and `storage` on every version), a revision \
with no storage version, a CRD without `metadata.name` (CRDs are matched by name), a version whose \
schema only one revision has, schema nesting deeper than the 200 levels that `lint` and validation \
read, and (`diff --objects`, for a CRD some object is of) a revision that cannot be compiled for \
validation. Of a CRD that changed, an old revision the API server cannot decode (a value of the wrong \
JSON type) is not compared either: it cannot have been created as written; a new one is reported as \
`crd/decode`, the error its update meets (as this rule where that rule is not reported, with \
`--select compat/` say). Make the CRD \
valid (`crdlint lint` says how) so that it can be compared. Under `check --old-ref` it also reports a CRD \
whose previous revision is ambiguous (several files at the commit hold a CRD of its name, none at \
its path) and previous versions that were not read (over the input cap, or past the bytes one run \
reads): their objects are checked as new ones.",
    "# old\nversions:\n- {name: v1, storage: true, schema: {openAPIV3Schema: {type: object, properties: {size: {type: string}}}}}\n---\n# new\nversions:\n- {name: v1, storage: true, schema: {openAPIV3Schema: {type: object, properties: {size: {type: integer}}}}}\n",
    "# old\nversions:\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {size: {type: string}}}}}\n---\n# new\nversions:\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {size: {type: string}, color: {type: string}}}}}\n");

/// Every `compat/*` rule.
pub static RULES: &[&Rule] = &[
    &CRD_REMOVED,
    &SCOPE_CHANGED,
    &NAMES_CHANGED,
    &VERSION_REMOVED,
    &VERSION_UNSERVED,
    &STORED_VERSION_REMOVED,
    &STORAGE_VERSION_CHANGED,
    &SERVED_VERSIONS_DIFFER,
    &FIELD_REMOVED,
    &TYPE_CHANGED,
    &ENUM_VALUE_REMOVED,
    &ENUM_VALUE_ADDED,
    &REQUIRED_ADDED,
    &DEFAULT_CHANGED,
    &BOUND_TIGHTENED,
    &MULTIPLE_OF_CHANGED,
    &PATTERN_CHANGED,
    &FORMAT_CHANGED,
    &NULLABLE_REMOVED,
    &LIST_TYPE_CHANGED,
    &PRESERVE_UNKNOWN_REMOVED,
    &INT_OR_STRING_REMOVED,
    &EMBEDDED_RESOURCE_CHANGED,
    &COMBINATOR_CHANGED,
    &CEL_RULE_ADDED,
    &CEL_MESSAGE_CHANGED,
    &CEL_COST_EXCEEDED,
    &CEL_TRANSITION_UNCORRELATABLE,
    &COLUMN_PATH_REMOVED,
    &SELECTABLE_FIELD_REMOVED,
    &OBJECT_UPDATE_FAILS,
    &OBJECT_CREATE_FAILS,
    &NOT_COMPARED,
];
