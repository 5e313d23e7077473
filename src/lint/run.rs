//! The CRD lint driver: every family's checks on one document, in the order of the server's
//! `ValidateCustomResourceDefinition` (digest §1.2–§1.8), so that findings come out in the
//! order the server reports them. The families (one file each) do not call each other; this
//! file sequences them and computes what they share (the schema options).

use super::crd::{Internal, Place};
use super::crd_versions::{self, validate_stored_versions, validate_stored_versions_of};
use super::ctx::{get_set, Bad, ErrType, FErr, Loc, Mode, Sink};
use super::schema::SchemaOpts;
use super::{columns, conversion, crd_spec, schema, selectable, structural, subresources};

/// The server's create validation, in its order.
pub(crate) fn validate(crd: &Internal, mode: Mode, sink: &mut Sink) {
    crd_spec::validate_metadata(crd, sink);
    validate_spec(crd, mode, sink);
    // status.acceptedNames: PrepareForCreate wipes status on a real create.
    if mode.as_given {
        if let Some(an) = crd.root.at(&["status", "acceptedNames"]) {
            crd_spec::validate_names(an, &Loc::new("status.acceptedNames"), sink);
        }
    }
    if mode.as_given {
        validate_stored_versions(crd, sink);
    } else {
        stored_versions_made_at_create(crd, mode, sink);
    }
    crd_spec::validate_api_approval(crd, mode.kube, sink);
    crd_spec::validate_preserve_unknown_fields(crd, sink);
}

/// `status.storedVersions` as `PrepareForCreate` makes it (the first storage version). With
/// several storage versions the server reports it too, but only as a consequence of
/// `crd/versions`' "exactly one version marked as storage version", about a status the file
/// does not have: its words go into that finding's help instead of a second finding. (With none,
/// `must have at least one stored version` stays a finding of its own, as `crd/stored-versions`
/// documents.)
fn stored_versions_made_at_create(crd: &Internal, mode: Mode, sink: &mut Sink) {
    let mut made = Sink::default();
    validate_stored_versions_of(crd, &mut made);
    if made.len() == 0 {
        return;
    }
    let storage = crd.versions.iter().filter(|v| v.storage).count();
    let owner = (storage > 1)
        .then(|| {
            sink.errs.iter_mut().find(|e| {
                std::ptr::eq(e.rule, &crd_versions::VERSIONS)
                    && e.err
                        .detail
                        .contains("exactly one version marked as storage")
            })
        })
        .flatten();
    let Some(owner) = owner else {
        sink.errs.extend(made.errs);
        return;
    };
    let words: Vec<String> = made
        .into_diagnostics(crate::k8s::Behavior::of(mode.kube))
        .into_iter()
        .map(|d| d.message)
        .collect();
    let also = format!(
        "the server also reports `{}` about the status it makes on create; it goes away with this one",
        words.join("`, `")
    );
    owner.help = Some(match owner.help.take() {
        Some(h) => format!("{h}; {also}"),
        None => also,
    });
}

/// `spec` in the server's order: group, scope, schemas, each version, the versions list, names,
/// the top-level (v1beta1) parts, conversion. Findings come out in this order.
fn validate_spec(crd: &Internal, mode: Mode, sink: &mut Sink) {
    let sp = Loc::new("spec");
    crd_spec::validate_group(crd.spec, &sp, sink);
    crd_spec::validate_scope(crd, mode, &sp, sink);
    crd_spec::require_schemas(crd, sink);
    // The schema checks depend on the whole CRD (defaults anywhere make all schemas structural).
    let opts = schema_options(crd, mode, &sp, sink);

    let tally = crd_versions::validate_each_version(crd, &opts, sink);
    crd_versions::validate_top_level_or_per_version(crd, &sp, sink);
    crd_versions::validate_version_list(crd, tally, &sp.child("versions"), sink);
    crd_versions::validate_spec_version(crd, sink);

    crd_spec::validate_names_required(crd, mode, &sp, sink);
    validate_top_level_parts(crd, &opts, sink);
    conversion::validate(crd, mode, sink);
}

/// The options every schema is checked with. A default anywhere requires structural schemas
/// everywhere, and is refused while `preserveUnknownFields` is unset or true.
fn schema_options(crd: &Internal, mode: Mode, sp: &Loc, sink: &mut Sink) -> SchemaOpts {
    let mut opts = SchemaOpts::create();
    opts.cel = mode.cel.then_some(mode.kube);
    opts.kube = mode.kube;
    opts.cost_warn_percent = mode.cost_warn_percent;
    let schemas = crd.schemas();
    let facts = schemas.iter().fold(schema::Facts::default(), |f, (s, _)| {
        f.merge(schema::facts(s))
    });
    if facts.has_default {
        opts.require_structural = true;
        if crd.pruf_nil_or_true() {
            let n = crd.spec.get("preserveUnknownFields");
            sink.push(FErr::new(
                &crd_spec::PRESERVE_UNKNOWN_FIELDS,
                ErrType::Invalid,
                &sp.child("preserveUnknownFields"),
                n.map(|n| n.span()).unwrap_or(crd.spec.span()),
                Bad::bool(true),
                "must be false in order to use defaults in the schema",
            ));
        }
    }
    opts
}

/// The top-level (v1beta1, or shared by all versions) schema, subresources, columns and
/// selectable fields, checked after the per-version ones as the server does.
fn validate_top_level_parts(crd: &Internal, opts: &SchemaOpts, sink: &mut Sink) {
    if let Some(p) = &crd.validation {
        schema::validate_validation(p, crd.any_status_enabled(), opts, sink);
    }
    if let Some(p) = &crd.subresources {
        subresources::validate(p, sink);
    }
    if let Some(p) = &crd.columns {
        columns::validate(p, crd.v1, sink);
    }
    if let Some(p) = &crd.selectable {
        validate_top_level_selectable(crd, p, sink);
    }
}

/// Top-level selectableFields need a top-level schema that converts to a structural one.
fn validate_top_level_selectable(crd: &Internal, p: &Place, sink: &mut Sink) {
    let Some(val) = &crd.validation else {
        let mut e = FErr::new(
            &selectable::SELECTABLE_FIELDS,
            ErrType::Invalid,
            &p.loc,
            p.node.span(),
            Bad::str(""),
            "may only be set when validations.schema is included",
        );
        if crd.v1 {
            e.help = Some("the server moves selectableFields shared by all versions to the top level, where they need a schema shared by all versions too (read from the server's code; digest §1.12)".into());
        }
        sink.push(e);
        return;
    };
    let s = get_set(val.node, "openAPIV3Schema");
    if let Some(msg) = s.and_then(structural::conversion_error) {
        sink.push(FErr::new(
            &selectable::SELECTABLE_FIELDS,
            ErrType::Invalid,
            &Loc::two(
                val.loc.child("openAPIV3Schema").user,
                "spec.schema.openAPIV3Schema",
            ),
            val.node.span(),
            Bad::str(""),
            msg,
        ));
    }
    selectable::validate(p, s, sink);
}
