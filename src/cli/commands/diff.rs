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
    is_crd, object_ref, objects, sort_diagnostics, yaml_diagnostic, RunResult,
};
use crate::cli::input::{Loaded, Origin};
use crate::cli::settings::Settings;
use crate::cli::{status, Failure, Status};
use crate::compat::{self, rules as compat_rules, Enforcement};
use crate::diag::render::Summary;
use crate::diag::{Diagnostic, FileId, ObjectRef, SourceFile};
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
    let mut result = diff(old.loaded, new.loaded, objs, &opts);
    super::note_no_manifests(&mut result, &empty_dirs);
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

    /// The CRDs by name, the first in path order winning.
    fn crds(&self) -> Vec<NamedCrd<'_>> {
        let mut seen = std::collections::HashSet::new();
        self.objects()
            .filter(|(_, n)| {
                matches!((n.get_str("apiVersion"), n.get_str("kind")), (Some(a), Some(k)) if is_crd(a, k))
            })
            .filter_map(|(file, node)| {
                let name = node.at(&["metadata", "name"])?.as_str()?;
                seen.insert(name).then_some(NamedCrd { name, file, node })
            })
            .collect()
    }
}

/// A CRD document with its name and file.
#[derive(Clone, Copy)]
pub(crate) struct NamedCrd<'a> {
    pub name: &'a str,
    pub file: FileId,
    pub node: &'a Node,
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

/// Compares every old CRD with the new one of its name. `removals`: report old CRDs that the
/// new side lacks (not for `--old-ref`, whose new side is only the files being checked).
pub(crate) fn compare_sets(
    old: &[NamedCrd<'_>],
    new: &[NamedCrd<'_>],
    opts: &compat::Options,
    removals: bool,
) -> Vec<Diagnostic> {
    let by_name: HashMap<&str, &NamedCrd<'_>> = new.iter().map(|c| (c.name, c)).collect();
    old.par_iter()
        .flat_map_iter(|o| match by_name.get(o.name) {
            Some(n) => stamp(
                compat::compare(o.node, n.node, opts),
                n.file,
                o.file,
                n.node,
            ),
            None if removals => stamp(compat::removed(o.node, opts), o.file, o.file, o.node),
            None => Vec::new(),
        })
        .collect()
}

/// The whole `diff` run.
fn diff(
    old: Vec<Loaded>,
    new: Vec<Loaded>,
    objs: Vec<Loaded>,
    opts: &compat::Options,
) -> RunResult {
    let io_failed = old
        .iter()
        .chain(&new)
        .chain(&objs)
        .any(|l| l.error.is_some());
    let mut diagnostics = Vec::new();
    let old_side = Side::parse(&old, 0, &mut diagnostics);
    let new_side = Side::parse(&new, old.len(), &mut diagnostics);
    let obj_side = Side::parse(&objs, old.len() + new.len(), &mut diagnostics);
    let (old_crds, new_crds) = (old_side.crds(), new_side.crds());
    diagnostics.extend(compare_sets(&old_crds, &new_crds, opts, true));
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
        let (found, diags) = check_objects(&targets, &old_crds, &new_crds, opts);
        summary.resources = found;
        diagnostics.extend(diags);
    }
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
/// itself and, when that passes, as a create. Returns the objects checked and the findings.
fn check_objects(
    objects: &[(FileId, &Node)],
    old_crds: &[NamedCrd<'_>],
    new_crds: &[NamedCrd<'_>],
    opts: &compat::Options,
) -> (usize, Vec<Diagnostic>) {
    let group_kind = |n: &Node| -> Option<(String, String)> {
        let spec = n.get("spec")?;
        Some((
            spec.get_str("group")?.to_string(),
            spec.at(&["names", "kind"])?.as_str()?.to_string(),
        ))
    };
    // (group, kind) → (old compiled, new compiled), for CRDs in both revisions.
    let pairs: HashMap<(String, String), (CompiledCrd, CompiledCrd)> = new_crds
        .par_iter()
        .filter_map(|n| {
            let o = old_crds.iter().find(|o| o.name == n.name)?;
            let key = group_kind(n.node)?;
            Some((
                key,
                (
                    CompiledCrd::compile(o.node).ok()?,
                    CompiledCrd::compile(n.node).ok()?,
                ),
            ))
        })
        .collect();
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
        .filter_map(|&(f, n)| {
            let (group, _) = n.get_str("apiVersion")?.rsplit_once('/')?;
            let kind = n.get_str("kind")?;
            Some((f, n, pairs.get(&(group.to_string(), kind.to_string()))?))
        })
        .collect();
    let diags = targets
        .par_iter()
        .filter_map(|(file, obj, (old, new))| {
            let stored = validate::validate_resource(old, obj, &vopts)
                .stored
                .unwrap_or_else(|| (*obj).clone());
            let update = validate::validate_resource_update(new, &stored, Some(&stored), &vopts);
            let (rule, outcome, what) = if update.has_errors() {
                (
                    &compat_rules::OBJECT_UPDATE_FAILS,
                    update,
                    "would fail its next update",
                )
            } else {
                let create = validate::validate_resource(new, &stored, &vopts);
                if !create.has_errors() {
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
    (targets.len(), diags)
}

/// `check --old-ref REF`: compares every CRD in the checked files (`targets`: file ids in
/// `result.files` with their paths) with the CRD of the same name anywhere in the same
/// repository at REF, so that a CRD moved to another file is still matched. A CRD only at REF
/// is not reported: it may live outside the checked paths. The old files are appended to
/// `result.files` as `REF:path`.
pub(crate) fn old_ref_findings(
    settings: &Settings,
    r: &str,
    targets: &[(FileId, std::path::PathBuf)],
    result: &mut RunResult,
) -> Result<(), Failure> {
    use super::old::{cat_files, git, toplevel, verify_ref};
    let opts = compat::Options {
        kube_version: settings.kube_version,
        policy: policy(settings, None, None),
        ..compat::Options::default()
    };
    let with_crds: Vec<(FileId, std::path::PathBuf)> = targets
        .iter()
        .filter(|(id, _)| {
            result
                .files
                .get(*id)
                .is_some_and(|f| f.text.contains("CustomResourceDefinition"))
        })
        .cloned()
        .collect();
    // The repositories the checked CRD files are in.
    let mut tops = std::collections::BTreeSet::new();
    for (_, p) in &with_crds {
        let dir = p
            .canonicalize()
            .ok()
            .and_then(|a| a.parent().map(|d| d.to_path_buf()));
        if let Some(top) = dir.as_deref().and_then(toplevel) {
            tops.insert(top);
        }
    }
    let mut old_texts: Vec<(String, String)> = Vec::new();
    for top in &tops {
        if !verify_ref(top, r)? {
            continue;
        }
        let listed = git(top)
            .args([
                "grep",
                "-l",
                "CustomResourceDefinition",
                r,
                "--",
                "*.yaml",
                "*.yml",
                "*.json",
            ])
            .stderr(std::process::Stdio::null())
            .output()
            .map_err(|e| Failure::Usage(format!("--old-ref {r}: git: {e}")))?;
        let prefix = format!("{r}:");
        let paths: Vec<String> = String::from_utf8_lossy(&listed.stdout)
            .lines()
            .map(|l| l.strip_prefix(&prefix).unwrap_or(l).to_string())
            .collect();
        for (path, text) in cat_files(top, r, &paths)? {
            old_texts.push((format!("{r}:{path}"), text));
        }
    }
    if old_texts.is_empty() {
        return Ok(());
    }
    let first_old = result.files.len();
    let old_files: Vec<SourceFile> = old_texts
        .into_iter()
        .map(|(name, text)| SourceFile::new(name, text))
        .collect();
    let old_docs: Vec<Vec<Document>> = old_files
        .par_iter()
        .map(|f| crate::yaml::load(&f.text))
        .collect();
    let old_side = Side {
        first: first_old,
        docs: old_docs,
    };
    let new_docs: Vec<(FileId, Vec<Document>)> = with_crds
        .par_iter()
        .map(|(id, _)| (*id, crate::yaml::load(&result.files[*id].text)))
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
                    });
                }
            }
        }
    }
    let old_crds = old_side.crds();
    let mut found = compare_sets(&old_crds, &new_crds, &opts, false);
    found.extend(existing_objects(
        result, targets, &old_crds, &new_crds, &opts,
    ));
    result.summary.count(&found);
    result.diagnostics.extend(found);
    sort_diagnostics(&mut result.diagnostics);
    result.summary.files += old_files.len();
    result.files.extend(old_files);
    Ok(())
}

/// `check --old-ref`'s existing-objects step, as `diff --objects`: the resources of the checked
/// files whose CRD changed since REF, each as stored under the CRD at REF, validated against
/// the CRD being committed as an update from itself (and, when that passes, as a create).
/// Resources of unchanged CRDs are left to the ordinary validation: their verdict is the same.
fn existing_objects(
    result: &RunResult,
    targets: &[(FileId, std::path::PathBuf)],
    old_crds: &[NamedCrd<'_>],
    new_crds: &[NamedCrd<'_>],
    opts: &compat::Options,
) -> Vec<Diagnostic> {
    let changed: Vec<NamedCrd<'_>> = new_crds
        .iter()
        .filter(|n| {
            old_crds
                .iter()
                .any(|o| o.name == n.name && !o.node.value_eq(n.node))
        })
        .copied()
        .collect();
    let kinds: Vec<&str> = changed
        .iter()
        .filter_map(|c| c.node.at(&["spec", "names", "kind"])?.as_str())
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
    check_objects(&objs, old_crds, &changed, opts).1
}
