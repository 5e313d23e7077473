//! Every server behaviour crdlint emulates that changed between the Kubernetes minors it
//! supports, in one table ([`CHANGES`]): the minor where the new behaviour starts, the upstream
//! change that made it, and a note. Code never compares minors itself for these: it asks a
//! [`Behavior`], built once per run from the `--kube-version` ([`Behavior::of`]), which is a
//! handful of booleans read on the error path only.
//!
//! Library additions to CEL (which function exists at which minor) are not here: they live with
//! the declarations in `cel::decls`, tagged per overload; nor are string formats (`validate`'s
//! format table). This table is for *how* the same check behaves or is worded.

use super::KubeVersion;

/// One version-dependent behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// apimachinery `field.Error`: composite bad values (maps, lists) print as JSON instead of
    /// Go's `%#v` (`map[string]interface {}{"name":"cpu"}`), and a nil bad value prints as JSON
    /// `null` instead of the quoted string `"null"`.
    FieldValueJson,
    /// apimachinery `field.TooLong` / `field.TooMany`: singular `1 byte` / `1 item`.
    FieldSingularUnits,
    /// apimachinery `field.TooLong`: `may not be more than N bytes` (before: `must have at most
    /// N bytes`).
    TooLongMayNotBeMore,
    /// A failed `x-kubernetes-validations` rule prints the value itself for scalars and omits
    /// composite values; before, it printed the schema type (`"object"`, `"string"`).
    CelRuleFailureValue,
    /// Validation ratcheting (KEP-4008, feature gate `CRDValidationRatcheting` on by default):
    /// on update, schema and CEL errors on values unchanged from the old object are dropped.
    Ratcheting,
    /// kube-openapi: a `minProperties`/`maxProperties` error no longer stops the object's
    /// validation (before, it was the object's only error).
    ObjectCountNoShortCircuit,
    /// An `enum` violation (`Unsupported value`) blocks the CEL rules like the other blocking
    /// errors.
    CelBlockedByEnum,
    /// The server warns about finalizer names that are not domain-qualified (create: all of
    /// them; update: the added ones).
    FinalizerWarnings,
    /// The finalizer warning asks for a path (`/`) when the name already has a domain.
    FinalizerWarningPath,
    /// An embedded resource's missing `apiVersion`/`kind` is `Required value` with no detail
    /// (before: `Required value: must not be empty`).
    EmbeddedRequiredNoDetail,
    /// kube-openapi checks numeric formats: an `int32` or `float` field rejects values out of
    /// range (`Checked value must be of type integer with format int32`); before, no range was
    /// checked.
    NumericFormatRanges,
    /// CEL `'%e'.format([x])` prints `3.140000×10⁰⁰`; before, `3.140000 × 10⁰⁰` with narrow
    /// no-break spaces (U+202F) around the `×` (the vendored golang.org/x/text's printer).
    ScientificFormatNoSpaces,
    /// Go `net/url` (GODEBUG `urlstrictcolons`, Go 1.26): an `http`/`https` host holds one
    /// colon at most (`http://a:b:80/` is an invalid port); before, the port followed the last
    /// colon. Affects CEL `url()`/`isURL()`/`format.uri()` and `format: uri`.
    UrlStrictColons,
    /// Go `net/url` (GODEBUG `urlmaxqueryparams`, CVE-2025-61726): `ParseQuery` refuses more
    /// than 10000 parameters, so CEL `getQuery()` of such a URL is empty; before, unlimited.
    UrlMaxQueryParams,
    /// apimachinery `validateOwnerReference`: each reference's errors are indexed
    /// (`metadata.ownerReferences[0].kind`), a missing `apiVersion`, `kind`, `name` or `uid` is
    /// `Required value: must not be empty`, and a malformed `apiVersion` is `must be
    /// <group>/<version> or <version>`; before, the path had no index, every case was `Invalid
    /// value`, and any apiVersion without a version said `version must not be empty`.
    OwnerReferenceRequired,
    /// apiextensions `WithTypeAndObjectMeta`: a resource root's `self.metadata.name` is a CEL
    /// string of at most 253 bytes (`generateName` 252, or the schema's smaller `maxLength`), so
    /// rules on them cost less; before, both were unbounded strings.
    CelObjectMetaNameMaxLength,
    /// apiextensions `WarningsOnCreate`/`WarningsOnUpdate`: a warning for each item type of an
    /// `x-kubernetes-list-type: set` whose items are objects or arrays (server-side apply and
    /// CEL do not support them); before, none.
    NonScalarSetWarning,
    /// Go `encoding/json` (Go 1.22): a string's backspace and form feed encode as `\b` and
    /// `\f`; before, as `\u0008` and `\u000c`. Not a GODEBUG setting: the toolchain decides.
    JsonShortControlEscapes,
    /// CEL environments parse `optMap`/`optFlatMap` (the optional-types library's macros);
    /// before, only the standard macros (unless the options ask for optional types).
    CelOptionalMacros,
    /// CEL environments parse the two-variable comprehension macros (`all`/`exists`/
    /// `existsOne` with three arguments, `transformList`, `transformMap`, `transformMapEntry`).
    CelTwoVarComprehensions,
    /// CEL environments parse the `sortBy` macro (ext.Lists v2+).
    CelSortByMacro,
    /// Pod validation (`RelaxedEnvironmentVariableValidation` on by default): an environment
    /// variable name is any printable ASCII but `=` (`IsRelaxedEnvVarName`); before, a C
    /// identifier with `-` and `.` (`IsEnvVarName`).
    RelaxedEnvVarNames,
    /// apiextensions `StripUnsupportedFormatsPostProcessorForVersion`: an `integer` schema keeps
    /// `format: int32`/`int64` and a `number` schema `float`/`double` (every other type but
    /// `string` loses its format); before, every type kept only the string formats, so numeric
    /// formats were blanked and a type error names the JSON type (`must be of type integer:
    /// "number"`), never the format (`must be of type int32: "float64"`).
    NumericFormatsKept,
    /// cel-go's checker resolves a leading-dot identifier (`.x`) among the global variables
    /// only; before, local comprehension variables were searched too (`[1].all(x, .x > 0)`).
    CelLeadingDotGlobalOnly,
    /// An admission expression of the wrong result type is worded `must evaluate to bool but
    /// got int` (and `must evaluate to one of [...] but got ...`); before, without the type
    /// it got. (The result type is also compared with `IsExactType` from then on.)
    AdmissionResultTypeGot,
    /// Go defaulting (`SetDefaults_StatefulSet`, gate `StatefulSetAutoDeletePVC` beta and on
    /// by default): `persistentVolumeClaimRetentionPolicy` defaults to `Retain`/`Retain`;
    /// before, it was left unset.
    StatefulSetPvcRetentionDefault,
    /// Go defaulting (`defaultHostNetworkPorts`, gate `DefaultHostNetworkHostPortsInPodTemplates`
    /// off by default): a hostNetwork pod's `hostPort`s are defaulted in Pods only; before, in
    /// every pod template too.
    HostPortsInPodsOnly,
    /// Go defaulting (`SetDefaults_Job`, gate `JobPodReplacementPolicy` beta and on by
    /// default): `podReplacementPolicy` defaults to `TerminatingOrFailed` (`Failed` with a
    /// `podFailurePolicy`); before, unset.
    JobPodReplacementPolicyDefault,
    /// Go defaulting (`SetDefaults_Job`): `manualSelector` defaults to `false`; before, unset.
    JobManualSelectorDefault,
    /// Go defaulting (`SetDefaults_StatefulSet`, gate `MaxUnavailableStatefulSet` beta and on
    /// by default): a RollingUpdate's `maxUnavailable` defaults to 1; before, unset.
    StatefulSetMaxUnavailableDefault,
}

/// One row of [`CHANGES`].
#[derive(Clone, Copy, Debug)]
pub struct Row {
    pub change: Change,
    /// The first minor with the new behaviour.
    pub since: u32,
    /// The upstream change (kubernetes/kubernetes commit or PR).
    pub upstream: &'static str,
    pub note: &'static str,
}

/// The table. Rows are facts read from the release branches of kubernetes/kubernetes (through
/// the published staging repositories apimachinery and apiextensions-apiserver).
pub static CHANGES: &[Row] = &[
    Row {
        change: Change::ObjectCountNoShortCircuit,
        since: 28,
        upstream: "kubernetes/kube-openapi #412 (0227b67) 'dont short circuit validator on MinProperties/MaxProperties error'",
        note: "min/maxProperties errors are reported with the object's other errors",
    },
    Row {
        change: Change::CelBlockedByEnum,
        since: 29,
        upstream: "kubernetes/kubernetes 'skip CEL validations for enum violation' (apiextensions ab724eb79)",
        note: "Unsupported value joins the errors that stop CEL rules (cr/cel-not-checked)",
    },
    Row {
        change: Change::FinalizerWarnings,
        since: 29,
        upstream: "kubernetes/kubernetes 'fix crd finalizer validation' (apiextensions 6de9313d9)",
        note: "WarningsOnCreate/WarningsOnUpdate report finalizer names (were none)",
    },
    Row {
        change: Change::Ratcheting,
        since: 30,
        upstream: "KEP-4008; CRDValidationRatcheting alpha 1.28 (off), beta 1.30 (on), GA 1.33",
        note: "update: errors on values deep-equal to their correlated old value become warnings",
    },
    Row {
        change: Change::JsonShortControlEscapes,
        since: 30,
        upstream: "golang/go Go 1.22 release notes (encoding/json: `\\b` and `\\f` instead of `\\u0008`, `\\u000c`); v1.30.0 is the first minor built with Go 1.22 (apiserver go.mod `go 1.22.0`; 1.29 `go 1.21`)",
        note: "JSON bad values: backspace and form feed as \\b, \\f (were \\u0008, \\u000c)",
    },
    Row {
        change: Change::TooLongMayNotBeMore,
        since: 32,
        upstream: "kubernetes/kubernetes 'Kill TooLongMaxLength() in favor of TooLong()' (apimachinery 51cdbebd)",
        note: "Too long detail: `must have at most N bytes` became `may not be more than N bytes`",
    },
    Row {
        change: Change::FinalizerWarningPath,
        since: 32,
        upstream: "kubernetes/kubernetes 'Improve message prefer a domain-qualified finalizer' (apiextensions 08ef780a3)",
        note: "`prefer a domain-qualified finalizer name including a path (/)` for dotted names",
    },
    Row {
        change: Change::FieldValueJson,
        since: 34,
        upstream: "kubernetes/kubernetes 2b2c9ade 'Nicer value rendering in API errors' (#132245)",
        note: "composite bad values as JSON instead of %#v; nil as null instead of \"null\"",
    },
    Row {
        change: Change::FieldSingularUnits,
        since: 34,
        upstream: "kubernetes/kubernetes 2b2c9ade 'Nicer value rendering in API errors' (#132245)",
        note: "`may not be more than 1 byte`, `must have at most 1 item` (were `1 bytes`, `1 items`)",
    },
    Row {
        change: Change::EmbeddedRequiredNoDetail,
        since: 34,
        upstream: "kubernetes/kubernetes 'Remove redundant detail messages in field.Required' (apiextensions f0841a757)",
        note: "embedded apiVersion/kind: `Required value` (was `Required value: must not be empty`)",
    },
    Row {
        change: Change::CelRuleFailureValue,
        since: 35,
        upstream: "kubernetes/kubernetes #132798 'Show simple values in validation rule errors', then 'Omit value type from validation rule failures'",
        note: "failed rule: scalar value printed, object/array omitted (was the schema type)",
    },
    Row {
        change: Change::NumericFormatRanges,
        since: 36,
        upstream: "kubernetes/kube-openapi 1d94e88 'enhance numberValidator to enforce numeric formats'",
        note: "int32/float fields reject out-of-range numbers; before 1.36 only the type was checked",
    },
    Row {
        change: Change::ScientificFormatNoSpaces,
        since: 33,
        upstream: "golang/text 221d88c 'fix scientific notation by removing extraneous spaces' (v0.23.0, vendored from 1.33; 1.32 has v0.19.0); apiextensions validation_test.go '%e' case per branch",
        note: "string.format %e: no U+202F around the × (ext.Strings v2 formats through x/text)",
    },
    Row {
        change: Change::UrlMaxQueryParams,
        since: 33,
        upstream: "golang/go CVE-2025-61726 fix (Go 1.24.12, 1.25.6; internal/godebugs urlmaxqueryparams Changed: 24); release-1.33 built with Go 1.24.12+ (kubernetes #136468) and go.mod `godebug default=go1.24`; release-1.32 also got Go 1.24.12 (#136469) but keeps `godebug default=go1.23`, so the old unlimited default",
        note: "CEL getQuery(): over 10000 `&`-separated parameters, the map is empty",
    },
    Row {
        change: Change::UrlStrictColons,
        since: 36,
        upstream: "golang/go 1.26 net/url urlstrictcolons (internal/godebugs Changed: 26); release-1.36 go.mod `godebug default=go1.26` (built with Go 1.26, kubernetes #137080); release-1.35 is built with Go 1.26.8 (#142182) but keeps `godebug default=go1.25`",
        note: "http/https host with more than one colon: invalid port (url(), isURL(), format: uri)",
    },
    Row {
        change: Change::OwnerReferenceRequired,
        since: 37,
        upstream: "kubernetes/apimachinery pkg/api/validation/objectmeta.go validateOwnerReference, release-1.36 vs v0.37.0-beta.0 (Required, indexed paths, `must be <group>/<version> or <version>`)",
        note: "ownerReferences[i]: Required value for missing fields; before, unindexed Invalid value",
    },
    Row {
        change: Change::CelObjectMetaNameMaxLength,
        since: 37,
        upstream: "kubernetes/apiextensions-apiserver 1f3023483 'Add a maxLength limit to CRD name and generateName if not provided in the schema' (pkg/apiserver/schema/cel/model/schemas.go, first in v0.37.0-alpha.2)",
        note: "CEL cost: self.metadata.name at most 253 bytes, generateName 252 (were unbounded)",
    },
    Row {
        change: Change::NonScalarSetWarning,
        since: 37,
        upstream: "kubernetes/apiextensions-apiserver pkg/registry/customresourcedefinition/strategy.go getNonScalarListTypeSetWarnings, release-1.36 vs v0.37.0-beta.0",
        note: "CRD warning: x-kubernetes-list-type: set for items of type \"object\"/\"array\"",
    },
    Row {
        change: Change::CelOptionalMacros,
        since: 28,
        upstream: "kubernetes/apiserver pkg/cel/environment/base.go: cel.OptionalTypes() in the option set of IntroducedVersion 1.28 (cel-go cel/library.go adds optMap/optFlatMap with it)",
        note: "optMap/optFlatMap are macros from 1.28 (calls before)",
    },
    Row {
        change: Change::CelTwoVarComprehensions,
        since: 32,
        upstream: "kubernetes/apiserver pkg/cel/environment/base.go: ext.TwoVarComprehensions() at IntroducedVersion 1.32 (cel-go ext/comprehensions.go)",
        note: "all/exists/existsOne with two variables, transformList/Map/MapEntry are macros from 1.32",
    },
    Row {
        change: Change::CelSortByMacro,
        since: 34,
        upstream: "kubernetes/apiserver pkg/cel/environment/base.go: ext.Lists at version 2+ (sortBy, cel-go ext/lists.go) at IntroducedVersion 1.34",
        note: "sortBy is a macro from 1.34",
    },
    Row {
        change: Change::RelaxedEnvVarNames,
        since: 32,
        upstream: "kubernetes/kubernetes KEP-4369 RelaxedEnvironmentVariableValidation: beta and on by default in 1.32 (pkg/features/kube_features.go); pkg/apis/core/validation validateEnvVarName",
        note: "env var names: printable ASCII but '=' (IsRelaxedEnvVarName); before, IsEnvVarName",
    },
    Row {
        change: Change::NumericFormatsKept,
        since: 36,
        upstream: "kubernetes/apiextensions-apiserver 0835a2fa9 'Stop stripping valid formats for number/integer types' (pkg/apiserver/validation/formats.go; first in release-1.36, release-1.25..1.35 strip every format not in the string-format set); kube-openapi pkg/validation/validate/type.go (unchanged 1.25..1.36) then reports the format",
        note: "integer/number keep int32/int64/float/double: type errors name the format and Go type (int32, \"float64\"); before, the JSON type (integer, \"number\")",
    },
    Row {
        change: Change::CelLeadingDotGlobalOnly,
        since: 37,
        upstream: "google/cel-go 3cb57058 'Namespace resolution fix' (checker/env.go resolveSimpleIdent, v0.27.0; Kubernetes 1.37 pins v0.27.0, 1.34-1.36 v0.26.0 whose LookupIdent searches every scope)",
        note: "CEL `.x` names a global only; before, a comprehension variable x too",
    },
    Row {
        change: Change::AdmissionResultTypeGot,
        since: 32,
        upstream: "kubernetes/kubernetes 'Add mutation support into CompositedCompiler and reorganize for clarity' (apiserver 0e6467b27, pkg/admission/plugin/cel/compile.go)",
        note: "admission expressions of the wrong type: `must evaluate to bool but got int`",
    },
    Row {
        change: Change::StatefulSetPvcRetentionDefault,
        since: 27,
        upstream: "kubernetes/kubernetes pkg/apis/apps/v1/defaults.go SetDefaults_StatefulSet (StatefulSetAutoDeletePVC: alpha 1.23, beta and on 1.27, GA 1.32; KEP-1847, pkg/features/kube_features.go)",
        note: "StatefulSet persistentVolumeClaimRetentionPolicy defaulted to Retain/Retain",
    },
    Row {
        change: Change::HostPortsInPodsOnly,
        since: 28,
        upstream: "kubernetes/kubernetes pkg/apis/core/v1/defaults.go defaultHostNetworkPorts moved from SetDefaults_PodSpec to SetDefaults_Pod behind DefaultHostNetworkHostPortsInPodTemplates (off by default 1.28, removed 1.31)",
        note: "hostNetwork hostPort defaulting in Pods only (was every pod template)",
    },
    Row {
        change: Change::JobPodReplacementPolicyDefault,
        since: 29,
        upstream: "kubernetes/kubernetes pkg/apis/batch/v1/defaults.go SetDefaults_Job (JobPodReplacementPolicy, KEP-3939: alpha 1.28, beta and on 1.29, GA 1.34)",
        note: "Job podReplacementPolicy defaulted (TerminatingOrFailed, or Failed with a podFailurePolicy)",
    },
    Row {
        change: Change::JobManualSelectorDefault,
        since: 29,
        upstream: "kubernetes/kubernetes #120206 'cleanup: add defaulting for job manual selector' (merged 2023-08-28, after release-1.28 was cut; pkg/apis/batch/v1/defaults.go)",
        note: "Job manualSelector defaulted to false",
    },
    Row {
        change: Change::StatefulSetMaxUnavailableDefault,
        since: 35,
        upstream: "kubernetes/kubernetes pkg/apis/apps/v1/defaults.go SetDefaults_StatefulSet (MaxUnavailableStatefulSet KEP-961: alpha 1.24, beta and on 1.35)",
        note: "StatefulSet rollingUpdate.maxUnavailable defaulted to 1",
    },
];

/// What each supported minor was built from: the rows a new minor adds, each with the upstream
/// files its behaviour was read from (docs/new-minor.md is the checklist that fills them).
/// `tests::every_supported_minor_has_a_row` fails when a minor is supported without one.
#[derive(Clone, Copy, Debug)]
pub struct Minor {
    pub minor: u32,
    /// k8s.io/apiserver's `go.mod` at the minor's `.0` tag: the `go` directive and the
    /// `godebug default` (none: the Go release's own defaults), which decide `net/url` and
    /// number formatting ([`Change::UrlStrictColons`], [`Change::UrlMaxQueryParams`]).
    pub go: &'static str,
    /// The google/cel-go version the minor pins (apiserver's `go.mod`; apiextensions' for 1.25).
    pub cel_go: &'static str,
    /// The upstream commits this minor's row was read from.
    pub upstream: &'static str,
}

/// One row per supported minor, oldest first.
pub static MINORS: &[Minor] = &[
    Minor { minor: 25, go: "go 1.19", cel_go: "v0.12.4", upstream: "apiserver v0.25.0 456c5a07f911; apiextensions-apiserver v0.25.0 d75d3678445e" },
    Minor { minor: 26, go: "go 1.19", cel_go: "v0.12.5", upstream: "apiserver v0.26.0 7468250970ae" },
    Minor { minor: 27, go: "go 1.20", cel_go: "v0.12.6", upstream: "apiserver v0.27.0 12b737b0496e" },
    Minor { minor: 28, go: "go 1.20", cel_go: "v0.16.0", upstream: "apiserver v0.28.0 70129e13359c" },
    Minor { minor: 29, go: "go 1.21", cel_go: "v0.17.7", upstream: "apiserver v0.29.0 a94c793c90e5" },
    Minor { minor: 30, go: "go 1.22.0", cel_go: "v0.17.8", upstream: "apiserver v0.30.0 9b2e61f60b8a; apiextensions-apiserver v0.30.0 03da840c7678" },
    Minor { minor: 31, go: "go 1.22.0", cel_go: "v0.20.1", upstream: "apiserver v0.31.0 525dec223571" },
    Minor { minor: 32, go: "go 1.23.0, godebug default=go1.23", cel_go: "v0.22.0", upstream: "apiserver v0.32.0 9d863059eefc" },
    Minor { minor: 33, go: "go 1.24.0, godebug default=go1.24", cel_go: "v0.23.2", upstream: "apiserver v0.33.0 9529108a5dff" },
    Minor { minor: 34, go: "go 1.24.0, godebug default=go1.24", cel_go: "v0.26.0", upstream: "apiserver v0.34.0 8335e368b67a" },
    Minor { minor: 35, go: "go 1.25.0, godebug default=go1.25", cel_go: "v0.26.0", upstream: "apiserver v0.35.0 5c93bee06802; apiextensions-apiserver v0.35.0 a8d2a03a6b79" },
    Minor { minor: 36, go: "go 1.26.0, godebug default=go1.26", cel_go: "v0.26.0", upstream: "apiserver v0.36.0 4275b1386716; apiextensions-apiserver v0.36.0 0ed55b7d7d5b" },
    Minor { minor: 37, go: "go 1.26.0, godebug default=go1.26", cel_go: "v0.27.0", upstream: "apiserver v0.37.0-beta.0 c19df515293e (pkg/cel/environment/base.go, pkg/cel/library/lists.go, cost.go); apiextensions-apiserver v0.37.0-beta.0 4ae73e043925; apimachinery v0.37.0-beta.0 (pkg/api/validation/objectmeta.go); no release-1.37 branch could be had" },
];

/// The minor where `c` starts.
pub fn since(c: Change) -> u32 {
    CHANGES
        .iter()
        .find(|r| r.change == c)
        .map_or(0, |r| r.since)
}

/// The behaviours of one minor, looked up once ([`Behavior::of`]) and copied around.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Behavior {
    pub field_value_json: bool,
    pub field_singular_units: bool,
    pub too_long_may_not_be_more: bool,
    pub cel_rule_failure_value: bool,
    pub ratcheting: bool,
    pub object_count_no_short_circuit: bool,
    pub cel_blocked_by_enum: bool,
    pub finalizer_warnings: bool,
    pub finalizer_warning_path: bool,
    pub embedded_required_no_detail: bool,
    pub numeric_format_ranges: bool,
    pub scientific_format_no_spaces: bool,
    pub url_strict_colons: bool,
    pub url_max_query_params: bool,
    pub owner_reference_required: bool,
    pub cel_object_meta_name_max_length: bool,
    pub non_scalar_set_warning: bool,
    pub json_short_control_escapes: bool,
    pub cel_optional_macros: bool,
    pub cel_two_var_comprehensions: bool,
    pub cel_sort_by_macro: bool,
    pub relaxed_env_var_names: bool,
    pub numeric_formats_kept: bool,
    pub cel_leading_dot_global_only: bool,
    pub admission_result_type_got: bool,
    pub statefulset_pvc_retention_default: bool,
    pub host_ports_in_pods_only: bool,
    pub job_pod_replacement_policy_default: bool,
    pub job_manual_selector_default: bool,
    pub statefulset_max_unavailable_default: bool,
}

impl Behavior {
    /// The newest server's behaviour (what `Display` impls print).
    pub const NEWEST: Behavior = Behavior {
        field_value_json: true,
        field_singular_units: true,
        too_long_may_not_be_more: true,
        cel_rule_failure_value: true,
        ratcheting: true,
        object_count_no_short_circuit: true,
        cel_blocked_by_enum: true,
        finalizer_warnings: true,
        finalizer_warning_path: true,
        embedded_required_no_detail: true,
        numeric_format_ranges: true,
        scientific_format_no_spaces: true,
        url_strict_colons: true,
        url_max_query_params: true,
        owner_reference_required: true,
        cel_object_meta_name_max_length: true,
        non_scalar_set_warning: true,
        json_short_control_escapes: true,
        cel_optional_macros: true,
        cel_two_var_comprehensions: true,
        cel_sort_by_macro: true,
        relaxed_env_var_names: true,
        numeric_formats_kept: true,
        cel_leading_dot_global_only: true,
        admission_result_type_got: true,
        statefulset_pvc_retention_default: true,
        host_ports_in_pods_only: true,
        job_pod_replacement_policy_default: true,
        job_manual_selector_default: true,
        statefulset_max_unavailable_default: true,
    };

    pub fn of(v: KubeVersion) -> Behavior {
        let on = |c| v.minor >= since(c);
        Behavior {
            field_value_json: on(Change::FieldValueJson),
            field_singular_units: on(Change::FieldSingularUnits),
            too_long_may_not_be_more: on(Change::TooLongMayNotBeMore),
            cel_rule_failure_value: on(Change::CelRuleFailureValue),
            ratcheting: on(Change::Ratcheting),
            object_count_no_short_circuit: on(Change::ObjectCountNoShortCircuit),
            cel_blocked_by_enum: on(Change::CelBlockedByEnum),
            finalizer_warnings: on(Change::FinalizerWarnings),
            finalizer_warning_path: on(Change::FinalizerWarningPath),
            embedded_required_no_detail: on(Change::EmbeddedRequiredNoDetail),
            numeric_format_ranges: on(Change::NumericFormatRanges),
            scientific_format_no_spaces: on(Change::ScientificFormatNoSpaces),
            url_strict_colons: on(Change::UrlStrictColons),
            url_max_query_params: on(Change::UrlMaxQueryParams),
            owner_reference_required: on(Change::OwnerReferenceRequired),
            cel_object_meta_name_max_length: on(Change::CelObjectMetaNameMaxLength),
            non_scalar_set_warning: on(Change::NonScalarSetWarning),
            json_short_control_escapes: on(Change::JsonShortControlEscapes),
            cel_optional_macros: on(Change::CelOptionalMacros),
            cel_two_var_comprehensions: on(Change::CelTwoVarComprehensions),
            cel_sort_by_macro: on(Change::CelSortByMacro),
            relaxed_env_var_names: on(Change::RelaxedEnvVarNames),
            numeric_formats_kept: on(Change::NumericFormatsKept),
            cel_leading_dot_global_only: on(Change::CelLeadingDotGlobalOnly),
            admission_result_type_got: on(Change::AdmissionResultTypeGot),
            statefulset_pvc_retention_default: on(Change::StatefulSetPvcRetentionDefault),
            host_ports_in_pods_only: on(Change::HostPortsInPodsOnly),
            job_pod_replacement_policy_default: on(Change::JobPodReplacementPolicyDefault),
            job_manual_selector_default: on(Change::JobManualSelectorDefault),
            statefulset_max_unavailable_default: on(Change::StatefulSetMaxUnavailableDefault),
        }
    }

    /// Whether `c` is in effect.
    pub fn has(self, c: Change) -> bool {
        match c {
            Change::FieldValueJson => self.field_value_json,
            Change::FieldSingularUnits => self.field_singular_units,
            Change::TooLongMayNotBeMore => self.too_long_may_not_be_more,
            Change::CelRuleFailureValue => self.cel_rule_failure_value,
            Change::Ratcheting => self.ratcheting,
            Change::ObjectCountNoShortCircuit => self.object_count_no_short_circuit,
            Change::CelBlockedByEnum => self.cel_blocked_by_enum,
            Change::FinalizerWarnings => self.finalizer_warnings,
            Change::FinalizerWarningPath => self.finalizer_warning_path,
            Change::EmbeddedRequiredNoDetail => self.embedded_required_no_detail,
            Change::NumericFormatRanges => self.numeric_format_ranges,
            Change::ScientificFormatNoSpaces => self.scientific_format_no_spaces,
            Change::UrlStrictColons => self.url_strict_colons,
            Change::UrlMaxQueryParams => self.url_max_query_params,
            Change::OwnerReferenceRequired => self.owner_reference_required,
            Change::CelObjectMetaNameMaxLength => self.cel_object_meta_name_max_length,
            Change::NonScalarSetWarning => self.non_scalar_set_warning,
            Change::JsonShortControlEscapes => self.json_short_control_escapes,
            Change::CelOptionalMacros => self.cel_optional_macros,
            Change::CelTwoVarComprehensions => self.cel_two_var_comprehensions,
            Change::CelSortByMacro => self.cel_sort_by_macro,
            Change::RelaxedEnvVarNames => self.relaxed_env_var_names,
            Change::NumericFormatsKept => self.numeric_formats_kept,
            Change::CelLeadingDotGlobalOnly => self.cel_leading_dot_global_only,
            Change::AdmissionResultTypeGot => self.admission_result_type_got,
            Change::StatefulSetPvcRetentionDefault => self.statefulset_pvc_retention_default,
            Change::HostPortsInPodsOnly => self.host_ports_in_pods_only,
            Change::JobPodReplacementPolicyDefault => self.job_pod_replacement_policy_default,
            Change::JobManualSelectorDefault => self.job_manual_selector_default,
            Change::StatefulSetMaxUnavailableDefault => self.statefulset_max_unavailable_default,
        }
    }
}

impl Default for Behavior {
    fn default() -> Self {
        Behavior::NEWEST
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_switches_at_its_minor_and_only_there() {
        for r in CHANGES {
            assert!(
                (KubeVersion::OLDEST.minor..=KubeVersion::NEWEST.minor).contains(&r.since),
                "{:?}",
                r.change
            );
            let before = Behavior::of(KubeVersion { minor: r.since - 1 });
            let at = Behavior::of(KubeVersion { minor: r.since });
            assert!(!before.has(r.change), "{:?} before {}", r.change, r.since);
            assert!(at.has(r.change), "{:?} at {}", r.change, r.since);
        }
        assert_eq!(Behavior::of(KubeVersion::NEWEST), Behavior::NEWEST);
        // One row per change.
        let mut seen = std::collections::HashSet::new();
        assert!(CHANGES.iter().all(|r| seen.insert(r.change)));
    }

    /// A minor added to the version list (`KubeVersion::NEWEST`) without its row here fails
    /// this test: docs/new-minor.md is the checklist that fills it.
    #[test]
    fn every_supported_minor_has_a_row() {
        let rows: Vec<u32> = MINORS.iter().map(|m| m.minor).collect();
        let supported: Vec<u32> = KubeVersion::all().map(|v| v.minor).collect();
        assert_eq!(rows, supported);
        assert!(MINORS
            .iter()
            .all(|m| !m.go.is_empty() && !m.upstream.is_empty()));
    }

    #[test]
    fn minor_37_changes_owner_references_and_metadata_name_bounds() {
        let b36 = Behavior::of(KubeVersion { minor: 36 });
        let b37 = Behavior::of(KubeVersion { minor: 37 });
        assert!(!b36.owner_reference_required && b37.owner_reference_required);
        assert!(!b36.cel_object_meta_name_max_length && b37.cel_object_meta_name_max_length);
    }
}
