//! `diff OLD NEW`: compares two revisions of a set of CRDs (files or directories, CRDs matched
//! by `metadata.name`) with [`crate::compat`], and with `--objects` validates existing objects
//! against the new revision. `check --old-ref REF` reuses [`old_ref_findings`] to compare every
//! checked CRD with the CRD of the same name anywhere in the repository at REF.
//!
//! File ids: the old files come first, then the new ones, then the objects', so every finding
//! and related location points into one file list and renders in every format.

use std::collections::HashMap;
use std::io::{self, Write};
use std::sync::Arc;

use rayon::prelude::*;

use super::gather;
use crate::cli::args::{DiffArgs, EnumAdditions};
use crate::cli::driver::{
    is_crd, object_ref, objects, sort_diagnostics, undecodable, yaml_diagnostic, RunResult,
};
use crate::cli::input::{Loaded, Origin};
use crate::cli::policy::Policy;
use crate::cli::settings::Settings;
use crate::cli::{status, Failure, Status};
use crate::compat::{self, rules as compat_rules, Enforcement};
use crate::diag::render::Summary;
use crate::diag::{Diagnostic, FileId, ObjectRef, SourceFile};
use crate::lint;
use crate::validate::{self, CompiledCrd};
use crate::yaml::{Document, Node};

/// `crdlint diff OLD NEW [--objects PATH...]`.
pub fn run(settings: &Settings, args: &DiffArgs) -> Result<Status, Failure> {
    let opts = options(settings, args)?;
    let old = super::gather_all(settings, std::slice::from_ref(&args.old), &[])?;
    let new = super::gather_all(settings, std::slice::from_ref(&args.new), &[])?;
    let objs = if args.objects.is_empty() {
        Vec::new()
    } else {
        gather(settings, &args.objects, &[])?
    };
    let empty_dirs = [old.empty_dirs, new.empty_dirs].concat();
    let mut result = diff(
        (old.loaded, &args.old),
        (new.loaded, &args.new),
        objs,
        &opts,
    );
    super::note_no_manifests(&mut result, &empty_dirs);
    result.diagnostics = stand_in_for_refusals(
        std::mem::take(&mut result.diagnostics),
        &settings.policy,
        &result.files,
    );
    // The config's select/ignore/severity and inline suppressions apply to compat/* findings as
    // to every other rule: that is the per-check enforcement a config file gives.
    super::finish(settings, &mut result);
    let mut out = io::BufWriter::new(io::stdout().lock());
    super::report(settings, &result, &mut out, false)?;
    out.flush()?;
    Ok(status(&result, settings.deny_warnings))
}

/// The compat options the flags give.
fn options(settings: &Settings, args: &DiffArgs) -> Result<compat::Options, Failure> {
    let mut opts = compat::Options {
        kube_version: settings.kube_version,
        policy: policy(
            settings,
            args.enum_additions,
            args.allow_tightening_unstored,
        ),
        enforcement: Default::default(),
    };
    for e in &args.enforce {
        let bad = || Failure::Usage(format!("--enforce {e:?}: expected RULE=error|warning|off"));
        let (id, level) = e.split_once('=').ok_or_else(bad)?;
        let level = Enforcement::parse(level).ok_or_else(bad)?;
        if !compat::RULES.iter().any(|r| r.id == id) {
            return Err(Failure::Usage(format!(
                "--enforce: {id} is not a compat rule (see `crdlint rules`)"
            )));
        }
        opts.enforcement.insert(id.to_string(), level);
    }
    Ok(opts)
}

/// The compat options of the config alone (no flags), for `vendor --update`.
pub(crate) fn config_options(settings: &Settings) -> compat::Options {
    compat::Options {
        kube_version: settings.kube_version,
        policy: policy(settings, None, None),
        enforcement: Default::default(),
    }
}

/// The policies: the flags (`None` when not given) over the config's `compat` section over the
/// defaults (enum additions allowed, no tightening of unstored versions).
pub(crate) fn policy(
    settings: &Settings,
    enum_additions: Option<EnumAdditions>,
    allow_tightening_unstored: Option<bool>,
) -> compat::Policy {
    let config = settings.config.as_ref().map(|c| &c.compat);
    let enum_additions = enum_additions
        .or_else(|| config.and_then(|c| c.enum_additions))
        .unwrap_or(EnumAdditions::Allow);
    compat::Policy {
        disallow_enum_additions: enum_additions == EnumAdditions::Disallow,
        allow_tightening_unstored: allow_tightening_unstored
            .or_else(|| config.and_then(|c| c.allow_tightening_unstored))
            .unwrap_or(false),
    }
}

/// One side's files, parsed.
struct Side {
    first: FileId,
    docs: Vec<Vec<Document>>,
}

impl Side {
    fn parse(loaded: &[Loaded], first: FileId, diags: &mut Vec<Diagnostic>) -> Side {
        let docs: Vec<Vec<Document>> = loaded
            .par_iter()
            .map(|l| crate::yaml::load(&l.source.text))
            .collect();
        for (i, file_docs) in docs.iter().enumerate() {
            for d in file_docs {
                diags.extend(
                    d.errors
                        .iter()
                        .map(|e| yaml_diagnostic(e).with_file(first + i)),
                );
            }
        }
        Side { first, docs }
    }

    /// Every object of the side with its file, in path and position order.
    fn objects(&self) -> impl Iterator<Item = (FileId, &Node)> {
        self.docs.iter().enumerate().flat_map(move |(i, docs)| {
            docs.iter()
                .filter_map(|d| d.root.as_ref())
                .flat_map(objects)
                .map(move |(_, n)| (self.first + i, n))
        })
    }

    /// The CRDs of the side, in path order, each with `place` (its file's path inside the side's
    /// root, for matching the variants of one CRD by path); CRD documents without a name
    /// (which cannot be matched) are reported.
    fn crds(&self, places: &[String], diags: &mut Vec<Diagnostic>) -> Vec<NamedCrd<'_>> {
        let mut out = Vec::new();
        for (file, node) in self.objects() {
            if !matches!((node.get_str("apiVersion"), node.get_str("kind")), (Some(a), Some(k)) if is_crd(a, k))
            {
                continue;
            }
            match node.at(&["metadata", "name"]).and_then(Node::as_str) {
                Some(name) => out.push(NamedCrd {
                    name,
                    file,
                    node,
                    place: places.get(file - self.first).cloned().unwrap_or_default(),
                }),
                None => diags.push(
                    Diagnostic::new(
                        &compat_rules::NOT_COMPARED,
                        node.get("kind").map_or(node.span(), Node::span),
                        "this CustomResourceDefinition has no metadata.name, by which CRDs are matched: it was not compared".to_string(),
                    )
                    .with_file(file),
                ),
            }
        }
        out
    }
}

/// A CRD document with its name, file, and place: where its file is, for telling the variants
/// of one CRD apart (the path inside a `diff` side's root; for `--old-ref`, the checked file
/// whose previous version it is in).
#[derive(Clone)]
pub(crate) struct NamedCrd<'a> {
    pub name: &'a str,
    pub file: FileId,
    pub node: &'a Node,
    pub place: String,
}

/// Old and new CRDs paired by name and place.
struct Paired<'c, 'a> {
    pairs: Vec<(&'c NamedCrd<'a>, &'c NamedCrd<'a>)>,
    /// New CRDs whose name several old CRDs have, none at their place: not compared.
    ambiguous: Vec<(&'c NamedCrd<'a>, usize)>,
}

/// Pairs each new CRD with the old CRD of its name at its place, or else with the one old CRD
/// of its name when there is exactly one. A CRD kept in several variants (the standard and
/// experimental channels of one API, in two folders) is compared variant by variant, never
/// with the other variant: matching by name alone reported the differences between the
/// variants as breaking changes (issue 27).
fn pair_crds<'c, 'a>(old: &'c [NamedCrd<'a>], new: &'c [NamedCrd<'a>]) -> Paired<'c, 'a> {
    let mut by_name: HashMap<&str, Vec<&'c NamedCrd<'a>>> = HashMap::new();
    for o in old {
        by_name.entry(o.name).or_default().push(o);
    }
    let mut paired = Paired {
        pairs: Vec::new(),
        ambiguous: Vec::new(),
    };
    // Several CRDs of one name in one place (variants as documents of one file) pair in order.
    let mut seen: HashMap<(&str, &str), usize> = HashMap::new();
    for n in new {
        let Some(olds) = by_name.get(n.name) else {
            continue;
        };
        let nth = seen.entry((n.name, n.place.as_str())).or_default();
        let here: Vec<&&NamedCrd<'a>> = olds.iter().filter(|o| o.place == n.place).collect();
        let at_place = here.get(*nth).or(here.last()).copied();
        *nth += 1;
        match at_place {
            Some(o) => paired.pairs.push((o, n)),
            None if olds.len() == 1 => paired.pairs.push((olds[0], n)),
            None => paired.ambiguous.push((n, olds.len())),
        }
    }
    paired
}

/// Sets the file, the related file and the object of compat findings.
fn stamp(
    diags: Vec<Diagnostic>,
    file: FileId,
    related_file: FileId,
    node: &Node,
) -> Vec<Diagnostic> {
    let object = Arc::new(object_ref(node));
    diags
        .into_iter()
        .map(|mut d| {
            d.file = Some(file);
            d.object = Some(object.clone());
            for r in d.related_mut() {
                r.file.get_or_insert(related_file);
            }
            d
        })
        .collect()
}

/// Compares every new CRD with its old revision ([`pair_crds`]). `removals`: report old CRDs
/// whose name the new side lacks (not for `--old-ref`: its new side is not every CRD).
pub(crate) fn compare_sets(
    old: &[NamedCrd<'_>],
    new: &[NamedCrd<'_>],
    opts: &compat::Options,
    removals: bool,
) -> Vec<Diagnostic> {
    let paired = pair_crds(old, new);
    let mut out: Vec<Diagnostic> = paired
        .pairs
        .par_iter()
        .flat_map_iter(|(o, n)| {
            // An unchanged pair has nothing to compare, refused or not.
            let refused = (!o.node.value_eq(n.node))
                .then(|| refusal(o, n, opts))
                .flatten();
            let found = match refused {
                Some(refused) => vec![refused],
                None => compat::compare(o.node, n.node, opts),
            };
            stamp(found, n.file, o.file, n.node)
        })
        .collect();
    for (n, count) in &paired.ambiguous {
        let span = n
            .node
            .at(&["metadata", "name"])
            .map_or(n.node.span(), Node::span);
        let d = Diagnostic::new(
            &compat_rules::NOT_COMPARED,
            span,
            format!(
                "{count} CustomResourceDefinitions named {} are in the old revision and none in this file's place, so which one this replaces is unknown: it was not compared",
                n.name
            ),
        )
        .with_path("metadata.name")
        .with_help("keep each variant of a CRD at the same path in both revisions");
        out.extend(stamp(vec![d], n.file, n.file, n.node));
    }
    if removals {
        let names: std::collections::HashSet<&str> = new.iter().map(|n| n.name).collect();
        let mut seen = std::collections::HashSet::new();
        for o in old {
            if !names.contains(o.name) && seen.insert(o.name) {
                out.extend(stamp(compat::removed(o.node, opts), o.file, o.file, o.node));
            }
        }
    }
    out
}

/// Why a pair of revisions is not compared: one the API server cannot decode (`crd/decode`: a
/// value of the wrong JSON type) is refused whole, so comparing the reading that skips the bad
/// value would report changes that never happen, and miss the one that does. A new revision the
/// server refuses is its decode error (the update fails); an old one cannot have been created
/// as written, which `compat/not-compared` says. The finding's file is set by [`stamp`]'s
/// caller for the new side; the old side's points into the old file.
fn refusal(old: &NamedCrd<'_>, new: &NamedCrd<'_>, opts: &compat::Options) -> Option<Diagnostic> {
    if let Some(d) = lint::first_decode_error(new.node, opts.kube_version) {
        return Some(d.with_help(
            "the API server refuses this revision as written, so it was not compared with the old one",
        ));
    }
    let refused = undecodable(old.node, opts.kube_version, None)?;
    let d = Diagnostic::new(
        &compat_rules::NOT_COMPARED,
        new.node
            .at(&["metadata", "name"])
            .map_or(new.node.span(), Node::span),
        format!(
            "the old revision of {} cannot have been created as written ({}), so this one was not compared with it",
            new.name, refused.why
        ),
    )
    .with_path("metadata.name")
    .with_related(refused.span, "the value the API server cannot decode, in the old revision");
    Some(d)
}

/// Where each file of a side is inside the side's root (`root`, the path given): the same
/// relative path on both sides is the same place.
fn places(loaded: &[Loaded], root: &std::path::Path) -> Vec<String> {
    loaded
        .iter()
        .map(|l| match &l.input.origin {
            Origin::Path(p) => p
                .strip_prefix(root)
                .map(|r| r.to_string_lossy().replace('\\', "/"))
                .unwrap_or_default(),
            Origin::Stdin => String::new(),
        })
        .collect()
}

/// The whole `diff` run: each side's files with the path given for it (also `vendor
/// --update`'s, with the locked and the newly fetched copies of the changed CRDs).
pub(crate) fn diff(
    (old, old_root): (Vec<Loaded>, &std::path::Path),
    (new, new_root): (Vec<Loaded>, &std::path::Path),
    objs: Vec<Loaded>,
    opts: &compat::Options,
) -> RunResult {
    let mut diagnostics = Vec::new();
    // A file that could not be read is an `io/read` finding (exit 2), and a new side with one
    // cannot tell a removed CRD from an unread one.
    let mut io_failed = false;
    for (i, l) in old.iter().chain(&new).chain(&objs).enumerate() {
        if let Some(e) = &l.error {
            io_failed = true;
            diagnostics.push(
                Diagnostic::new(&crate::diag::rules::IO_ERROR, Default::default(), e.clone())
                    .with_file(i),
            );
        }
    }
    let new_complete = new.iter().all(|l| l.error.is_none());
    let old_side = Side::parse(&old, 0, &mut diagnostics);
    let new_side = Side::parse(&new, old.len(), &mut diagnostics);
    let obj_side = Side::parse(&objs, old.len() + new.len(), &mut diagnostics);
    let old_crds = old_side.crds(&places(&old, old_root), &mut diagnostics);
    let new_crds = new_side.crds(&places(&new, new_root), &mut diagnostics);
    diagnostics.extend(compare_sets(&old_crds, &new_crds, opts, new_complete));
    let mut summary = Summary {
        files: old.len() + new.len() + objs.len(),
        crds: old_crds.len() + new_crds.len(),
        ..Summary::default()
    };
    for side in [&old_side, &new_side, &obj_side] {
        summary.documents += side
            .docs
            .iter()
            .map(|d| d.iter().filter(|d| d.root.is_some()).count())
            .sum::<usize>();
    }
    if !objs.is_empty() {
        let targets: Vec<(FileId, &Node)> = obj_side.objects().collect();
        let pairs = pair_crds(&old_crds, &new_crds).pairs;
        let (found, diags) = check_objects(&targets, &pairs, opts);
        summary.resources = found;
        diagnostics.extend(diags);
    }
    // `--enforce` rules every compat finding, the ones made here (pairs and objects not
    // compared) as well as the comparisons' own, which have been through it already.
    let mut diagnostics = compat::enforce(diagnostics, opts);
    sort_diagnostics(&mut diagnostics);
    summary.count(&diagnostics);
    let (paths, files): (Vec<_>, Vec<SourceFile>) = old
        .into_iter()
        .chain(new)
        .chain(objs)
        .map(|l| {
            let path = match l.input.origin {
                Origin::Path(p) => Some(p),
                Origin::Stdin => None,
            };
            (path, l.source)
        })
        .unzip();
    RunResult {
        files,
        paths,
        diagnostics,
        summary,
        skipped: Vec::new(),
        stored: Vec::new(),
        io_failed,
        annotations: Vec::new(),
        suppressed: Vec::new(),
        stdin_documents: None,
        crds_per_file: Vec::new(),
    }
}

/// Validates each object, as stored under its old CRD, against the new CRD as an update from
/// itself and, when that passes, as a create. An error the object already has under the old
/// CRD (as a create there) is not the new CRD's doing and is left out. Returns the objects
/// checked and the findings.
fn check_objects(
    objects: &[(FileId, &Node)],
    pairs: &[(&NamedCrd<'_>, &NamedCrd<'_>)],
    opts: &compat::Options,
) -> (usize, Vec<Diagnostic>) {
    let group_kind = |n: &Node| -> Option<(String, String)> {
        let spec = n.get("spec")?;
        Some((
            spec.get_str("group")?.to_string(),
            spec.at(&["names", "kind"])?.as_str()?.to_string(),
        ))
    };
    // (group, kind) → (old compiled, new compiled), for CRDs in both revisions; the first
    // pair of a group and kind wins. A pair that cannot be compiled is said to be skipped.
    type Compiled = ((String, String), (CompiledCrd, CompiledCrd));
    let written_as = |n: &Node| -> Option<(String, String)> {
        let (group, _) = n.get_str("apiVersion")?.rsplit_once('/')?;
        Some((group.to_string(), n.get_str("kind")?.to_string()))
    };
    // Only the pairs some object is of: a CRD without objects here has nothing to check, nor
    // anything to say was not checked.
    let wanted: std::collections::HashSet<(String, String)> =
        objects.iter().filter_map(|(_, n)| written_as(n)).collect();
    let compiled: Vec<Result<Compiled, Diagnostic>> = pairs
        .par_iter()
        .filter_map(|(o, n)| {
            let key = group_kind(n.node).filter(|k| wanted.contains(k))?;
            // A revision the server cannot decode (`refusal`) validates no object either.
            let decodes = |which: &'static str, c: &NamedCrd<'_>| match undecodable(
                c.node,
                opts.kube_version,
                None,
            ) {
                Some(r) => Err((which, r.why)),
                None => Ok(()),
            };
            let both = decodes("new", n)
                .and_then(|()| decodes("old", o))
                .and_then(|()| CompiledCrd::compile(o.node).map_err(|e| ("old", e)))
                .and_then(|o| Ok((o, CompiledCrd::compile(n.node).map_err(|e| ("new", e))?)));
            Some(both.map(|b| (key, b)).map_err(|(which, e)| {
                let span = n
                    .node
                    .at(&["metadata", "name"])
                    .map_or(n.node.span(), Node::span);
                Diagnostic::new(
                    &compat_rules::NOT_COMPARED,
                    span,
                    format!(
                        "the existing objects of {} were not checked: the {which} revision cannot be used for validation ({e})",
                        n.name
                    ),
                )
                .with_file(n.file)
            }))
        })
        .collect();
    let mut pairs: HashMap<(String, String), (CompiledCrd, CompiledCrd)> = HashMap::new();
    let mut skipped = Vec::new();
    for c in compiled {
        match c {
            Ok((k, v)) => {
                pairs.entry(k).or_insert(v);
            }
            Err(d) => skipped.push(d),
        }
    }
    let vopts = validate::Options {
        kube_version: opts.kube_version,
        // A field the new schema drops is pruned on the next write, not rejected.
        unknown_fields: validate::UnknownFields::Ignore,
        version: None,
        report_ratcheted: false,
        ..validate::Options::default()
    };
    let targets: Vec<(FileId, &Node, &(CompiledCrd, CompiledCrd))> = objects
        .iter()
        .filter_map(|&(f, n)| Some((f, n, pairs.get(&written_as(n)?)?)))
        .collect();
    let diags = targets
        .par_iter()
        .filter_map(|(file, obj, (old, new))| {
            let before = validate::validate_resource(old, obj, &vopts);
            let already: std::collections::HashSet<String> = before
                .diagnostics
                .iter()
                .filter(|d| d.severity == crate::diag::Severity::Error)
                .map(|d| d.message.clone())
                .collect();
            let stored = before.stored.unwrap_or_else(|| (*obj).clone());
            let new_errors = |o: &validate::Outcome| {
                o.diagnostics.iter().any(|d| {
                    d.severity == crate::diag::Severity::Error && !already.contains(&d.message)
                })
            };
            let update = validate::validate_resource_update(new, &stored, Some(&stored), &vopts);
            let (rule, outcome, what) = if new_errors(&update) {
                (
                    &compat_rules::OBJECT_UPDATE_FAILS,
                    update,
                    "would fail its next update",
                )
            } else {
                let create = validate::validate_resource(new, &stored, &vopts);
                if !new_errors(&create) {
                    return None;
                }
                (
                    &compat_rules::OBJECT_CREATE_FAILS,
                    create,
                    "passes its next update but would fail a fresh create",
                )
            };
            let errors: Vec<String> = outcome
                .diagnostics
                .iter()
                .filter(|d| d.severity == crate::diag::Severity::Error)
                .filter(|d| !already.contains(&d.message))
                .map(|d| d.message.clone())
                .collect();
            let shown = errors
                .iter()
                .take(3)
                .cloned()
                .collect::<Vec<_>>()
                .join("; ");
            let more = errors.len().saturating_sub(3);
            let r: ObjectRef = object_ref(obj);
            let span = obj.get("kind").map_or(obj.span(), |k| k.span());
            let msg = format!(
                "{} {} {what} under the new CRD: {shown}{}",
                r.kind,
                r.name,
                if more > 0 {
                    format!(" (and {more} more)")
                } else {
                    String::new()
                }
            );
            Some(
                Diagnostic::new(rule, span, msg)
                    .with_file(*file)
                    .with_object(Arc::new(r)),
            )
        })
        .collect();
    let mut diags: Vec<Diagnostic> = diags;
    diags.extend(skipped);
    (targets.len(), diags)
}

/// `check --old-ref REF`: reports what `previous` (what was read at REF) left out and, with
/// `crds`, compares every CRD in the checked files (`targets`: file ids in `result.files` with
/// their paths) with its previous revision: in the file's own previous version, or else in the
/// one previous file that holds a CRD of its name (a CRD moved to another file), never in one
/// of several ([`pair_crds`]). A CRD only at REF is not reported: it may live outside the
/// checked paths. The old files with CRDs are appended to `result.files` as `REF:path`.
pub(crate) fn old_ref_findings(
    settings: &Settings,
    previous: super::old::Previous,
    crds: bool,
    targets: &[(FileId, std::path::PathBuf)],
    result: &mut RunResult,
) {
    let opts = compat::Options {
        kube_version: settings.kube_version,
        policy: policy(settings, None, None),
        ..compat::Options::default()
    };
    let mut found = Vec::new();
    for why in &previous.skipped {
        result
            .files
            .push(SourceFile::new(why.clone(), String::new()));
        result.paths.push(None);
        found.push(
            Diagnostic::new(
                &compat_rules::NOT_COMPARED,
                Default::default(),
                format!("--old-ref: not read: {why}; its objects are checked as new ones"),
            )
            .with_file(result.files.len() - 1),
        );
    }
    if crds {
        found.extend(compare_with_previous(
            &opts,
            &settings.policy,
            previous,
            targets,
            result,
        ));
    }
    result.summary.count(&found);
    result.diagnostics.extend(found);
    sort_diagnostics(&mut result.diagnostics);
}

/// The CRD comparison of [`old_ref_findings`].
fn compare_with_previous(
    opts: &compat::Options,
    policy: &Policy,
    previous: super::old::Previous,
    targets: &[(FileId, std::path::PathBuf)],
    result: &mut RunResult,
) -> Vec<Diagnostic> {
    const MARK: &str = "CustomResourceDefinition";
    let with_crds: Vec<FileId> = targets
        .iter()
        .map(|(id, _)| *id)
        .filter(|id| result.files.get(*id).is_some_and(|f| f.text.contains(MARK)))
        .collect();
    if with_crds.is_empty() {
        return Vec::new();
    }
    // The previous files that may hold a CRD, each with its place: the checked file it is the
    // previous version of, or its own name.
    let place_of = |id: FileId| format!("#{id}");
    let old: Vec<(String, SourceFile)> = previous
        .own
        .into_iter()
        .map(|(id, name, text)| (place_of(id), name, text))
        .chain(
            previous
                .others
                .into_iter()
                .map(|(name, text)| (name.clone(), name, text)),
        )
        .filter(|(_, _, text)| text.contains(MARK))
        .map(|(place, name, text)| (place, SourceFile::new(name, text)))
        .collect();
    if old.is_empty() {
        return Vec::new();
    }
    let first_old = result.files.len();
    let old_docs: Vec<Vec<Document>> = old
        .par_iter()
        .map(|(_, f)| crate::yaml::load(&f.text))
        .collect();
    let old_side = Side {
        first: first_old,
        docs: old_docs,
    };
    let old_places: Vec<String> = old.iter().map(|(p, _)| p.clone()).collect();
    let new_docs: Vec<(FileId, Vec<Document>)> = with_crds
        .par_iter()
        .map(|id| (*id, crate::yaml::load(&result.files[*id].text)))
        .collect();
    let mut new_crds = Vec::new();
    for (id, docs) in &new_docs {
        for d in docs.iter().filter_map(|d| d.root.as_ref()) {
            for (_, n) in objects(d) {
                let crd = matches!((n.get_str("apiVersion"), n.get_str("kind")), (Some(a), Some(k)) if is_crd(a, k));
                if let (true, Some(name)) =
                    (crd, n.at(&["metadata", "name"]).and_then(Node::as_str))
                {
                    new_crds.push(NamedCrd {
                        name,
                        file: *id,
                        node: n,
                        place: place_of(*id),
                    });
                }
            }
        }
    }
    // Unnamed old CRDs cannot be matched; the checked files' own are reported by lint.
    let old_crds = old_side.crds(&old_places, &mut Vec::new());
    let found = compare_sets(&old_crds, &new_crds, opts, false);
    let mut found = stand_in_for_refusals(found, policy, &result.files);
    // `check` lints the revisions it compares: a refused one's `crd/decode` left here is
    // reported there already.
    found.retain(|d| !lint::is_decode_error(d));
    let paired = pair_crds(&old_crds, &new_crds);
    found.extend(existing_objects(result, targets, &paired.pairs, opts));
    drop(paired);
    drop(old_crds);
    drop(old_side);
    // The previous versions become files of the report (a finding may point into one) but are
    // not counted as files read: the summary counts the files checked, and the ref is not one.
    result
        .paths
        .extend(std::iter::repeat_with(|| None).take(old.len()));
    result.files.extend(old.into_iter().map(|(_, f)| f));
    found
}

/// Refused new revisions are their `crd/decode` errors ([`refusal`]); where that rule is not
/// reported for the file (off, or not selected), each becomes the `compat/not-compared` that
/// says the pair was not compared ([`not_compared_instead`]), so it is never passed in silence.
pub(crate) fn stand_in_for_refusals(
    diagnostics: Vec<Diagnostic>,
    policy: &Policy,
    files: &[SourceFile],
) -> Vec<Diagnostic> {
    diagnostics
        .into_iter()
        .map(|d| {
            let name = d.file.and_then(|f| files.get(f)).map(|f| f.name.as_str());
            if lint::is_decode_error(&d) && !policy.enabled(d.rule, name) {
                not_compared_instead(d)
            } else {
                d
            }
        })
        .collect()
}

/// The `compat/not-compared` that stands for a refused new revision's `crd/decode` finding
/// where that rule is not reported, so that the pair is never passed in silence.
fn not_compared_instead(mut d: Diagnostic) -> Diagnostic {
    d.message = format!(
        "this revision was not compared with the previous one: the API server cannot decode it ({})",
        d.message
    );
    d.rule = &compat_rules::NOT_COMPARED;
    d.severity = compat_rules::NOT_COMPARED.severity;
    d.with_help(format!(
        "the update would be refused as written; `{}` says why, and is not reported in this run",
        lint::decode_rule().id
    ))
}

/// `check --old-ref`'s existing-objects step, as `diff --objects`: the resources of the checked
/// files whose CRD changed since REF, each as stored under the CRD at REF, validated against
/// the CRD being committed as an update from itself (and, when that passes, as a create).
/// Resources of unchanged CRDs are left to the ordinary validation: their verdict is the same.
fn existing_objects(
    result: &RunResult,
    targets: &[(FileId, std::path::PathBuf)],
    pairs: &[(&NamedCrd<'_>, &NamedCrd<'_>)],
    opts: &compat::Options,
) -> Vec<Diagnostic> {
    let changed: Vec<(&NamedCrd<'_>, &NamedCrd<'_>)> = pairs
        .iter()
        .filter(|(o, n)| !o.node.value_eq(n.node))
        .copied()
        .collect();
    let kinds: Vec<&str> = changed
        .iter()
        .filter_map(|(_, c)| c.node.at(&["spec", "names", "kind"])?.as_str())
        .collect();
    if kinds.is_empty() {
        return Vec::new();
    }
    // Only files that can hold such a resource are parsed again.
    let docs: Vec<(FileId, Vec<Document>)> = targets
        .par_iter()
        .filter_map(|(id, _)| {
            let text = &result.files.get(*id)?.text;
            kinds
                .iter()
                .any(|k| text.contains(k))
                .then(|| (*id, crate::yaml::load(text)))
        })
        .collect();
    let objs: Vec<(FileId, &Node)> = docs
        .iter()
        .flat_map(|(id, docs)| {
            docs.iter()
                .filter_map(|d| d.root.as_ref())
                .flat_map(objects)
                .map(move |(_, n)| (*id, n))
        })
        .collect();
    check_objects(&objs, &changed, opts).1
}
