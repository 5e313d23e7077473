//! Step 3 of the run driver: each file of resources read and parsed (unless step 1 kept its
//! tree), its objects matched to a CRD of the table or a built-in kind and validated, one file
//! per task; then its tree is dropped, and its text unless the report needs it.

use super::*;
use crate::admission;

/// A built-in kind as the run uses it (the catalog's entry, shared).
enum Builtin {
    Served {
        crd: Arc<CompiledCrd>,
        note: Option<builtin::Note>,
    },
    Rejected(builtin::Note),
}

/// The built-in kinds of the run's objects that no CRD claims, each looked up (and compiled)
/// the first time an object needs it; nothing is looked up (and the embedded schemas stay
/// untouched) when no object needs one, or in `lint`.
pub(super) struct Builtins {
    catalog: std::sync::Mutex<builtin::Catalog>,
}

impl Builtins {
    pub(super) fn new(opts: &RunOptions) -> Builtins {
        Builtins {
            catalog: std::sync::Mutex::new(builtin::Catalog::new(opts.validate.kube_version)),
        }
    }

    /// The kind's entry; the first caller compiles it while the others wait.
    fn get(&self, api_version: &str, kind: &str) -> Option<Builtin> {
        let mut catalog = match self.catalog.lock() {
            Ok(c) => c,
            Err(poisoned) => poisoned.into_inner(),
        };
        catalog.prepare(api_version, kind);
        Some(match catalog.get(api_version, kind)? {
            builtin::Entry::Served { crd, note } => Builtin::Served {
                crd: crd.clone(),
                note: note.clone(),
            },
            builtin::Entry::Rejected(note) => Builtin::Rejected(note.clone()),
        })
    }

    #[cfg(test)]
    pub(super) fn is_empty(&self) -> bool {
        self.catalog.lock().map(|c| c.is_empty()).unwrap_or(false)
    }
}

/// Step 3's shared state: what every file of resources is checked against.
pub(super) struct Targets<'a> {
    pub(super) loaded: &'a [Loaded],
    pub(super) opts: &'a RunOptions,
    /// The run's validating policies, run on every object validated (`policies.rs`).
    pub(super) policies: Option<&'a admission::run::Policies>,
    pub(super) refs: &'a classify::Referenced,
    pub(super) table: &'a Table,
    pub(super) crds: &'a [Option<CompiledCrd>],
    pub(super) builtins: &'a Builtins,
    /// The files that findings of steps 1 and 2 point into.
    pub(super) mentioned: &'a [bool],
    /// How many files the run has (each file's share of the alias budget depends on it).
    pub(super) files: usize,
    /// Checking a chunk of standard input after its first (`stream.rs`): a CRD met here is
    /// reported, not applied.
    pub(super) later_chunk: bool,
}

/// What step 3 keeps of one file: its counts, findings and annotations, and its text if the
/// report needs it.
pub(super) struct Checked {
    pub(super) documents: usize,
    pub(super) annotations: Vec<IgnoreAnnotation>,
    /// Read and parse findings.
    pub(super) parse_diagnostics: Vec<Diagnostic>,
    /// Findings of validation.
    pub(super) diagnostics: Vec<Diagnostic>,
    /// The skipped objects, when the run lists them ([`RunOptions::list_skipped`]).
    pub(super) skipped: Vec<Skipped>,
    /// Skipped objects counted but not listed: those of `--skip`, and every other one when the
    /// run does not list them.
    pub(super) skipped_unlisted: usize,
    pub(super) resources: usize,
    pub(super) stored: Vec<Stored>,
    /// The file could not be read.
    pub(super) io_failed: bool,
    pub(super) text: Kept,
    /// Notes for the documents without `apiVersion` and `kind`, kept when the file's folder
    /// holds objects (a folder of manifests, where such a document is likely a mistake) and
    /// dropped otherwise (a Helm chart's `values.yaml`, a tool's settings).
    pub(super) typeless: Vec<Diagnostic>,
    /// The file holds an object with `apiVersion` and `kind`.
    pub(super) has_objects: bool,
}

/// What one object of a file is validated against.
pub(super) enum Against<'a> {
    Crd(&'a CompiledCrd),
    Builtin(Arc<CompiledCrd>, Option<builtin::Note>),
}

impl Against<'_> {
    pub(super) fn crd(&self) -> &CompiledCrd {
        match self {
            Against::Crd(crd) => crd,
            Against::Builtin(crd, _) => crd,
        }
    }
}

/// One object to validate, with its tree: taken out of the parsed file, so that validation may
/// default it in place ([`validate::validate_resource_findings_in_place`]).
pub(super) struct Job<'a> {
    object: Object,
    node: Node,
    against: Against<'a>,
}

/// Why an object of a file is not validated.
pub(super) enum NotValidated {
    /// Counted as a resource (a finding was made instead).
    Reported(Box<Diagnostic>),
    Skipped(Cow<'static, str>, Option<Box<Diagnostic>>),
    Quietly,
    /// A CRD: step 2 handled it.
    Crd,
}

impl NotValidated {
    /// Skipped as no object as written (`why`), said with an `input/not-a-manifest` note at
    /// `span`.
    fn not_a_manifest(why: Cow<'static, str>, span: Span) -> NotValidated {
        let d = Diagnostic::new(&NOT_A_MANIFEST, span, why.as_ref());
        NotValidated::Skipped(why, Some(Box::new(d)))
    }
}

impl Targets<'_> {
    /// Step 3: every file of the run (files parsed in step 1 keep their parse), one file per
    /// task, the largest first; the results in file order.
    /// The CRD versions in `ahead` are prepared first, one task each ([`crds::prepare_ahead`]).
    pub(super) fn check_all(
        &self,
        early: Vec<Early<'_>>,
        ahead: Vec<(usize, String)>,
    ) -> Vec<Checked> {
        enum Task<'e> {
            File(Early<'e>),
            Prepare(usize, String),
        }
        let mut work: Vec<(usize, Task<'_>)> = early
            .into_iter()
            .map(|e| {
                // A file step 1 is done with (only CRDs) has nothing left to validate; one
                // whose tree step 1 built and held goes first, so that the tree is not held
                // through the step while the CRDs' schemas are prepared (issue 34: the peak).
                let size = match (&e.kept, &e.parsed) {
                    (Some(_), _) => 0,
                    (None, Some(_)) => usize::MAX,
                    (None, None) => e.text.len(),
                };
                (size, Task::File(e))
            })
            .collect();
        // After the trees step 1 holds, before every other file (the files' indices stay
        // their ids).
        work.extend(
            ahead
                .into_iter()
                .map(|(i, version)| (usize::MAX - 1, Task::Prepare(i, version))),
        );
        let kv = self.opts.validate.kube_version;
        // `prune` runs no CEL rule.
        let with_cel = self.opts.transform != Some(Transform::Prune);
        let done = largest_first(work, |f, task| match task {
            Task::File(e) => Some(self.check_file(f, &self.loaded[f], e)),
            Task::Prepare(i, version) => {
                let _prepare = trace::piece("prepare", None);
                if let Some(Some(crd)) = self.crds.get(i) {
                    crd.prepare(&version, kv, with_cel);
                }
                None
            }
        });
        done.into_iter().flatten().collect()
    }

    /// Reads and parses the file if step 1 did not, validates its resources, and drops its
    /// tree, and its text unless the report needs it.
    pub(super) fn check_file(&self, f: FileId, l: &Loaded, early: Early<'_>) -> Checked {
        let (mut p, text) = match early.parsed {
            Some(p) => (p, early.text),
            None => {
                let read = trace::piece("read again", Some(f));
                let text = match early.text {
                    Text::Released(_) => Text::read(l),
                    text => text,
                };
                drop(read);
                let _parse = trace::piece("parse", Some(f));
                let p = parse_file(
                    f,
                    l,
                    text.as_result(),
                    self.files,
                    Classify::Later,
                    self.refs,
                );
                (p, text)
            }
        };
        let mut c = Checked {
            documents: p.documents,
            annotations: Vec::new(),
            parse_diagnostics: Vec::new(),
            diagnostics: Vec::new(),
            skipped: Vec::new(),
            skipped_unlisted: 0,
            resources: 0,
            stored: Vec::new(),
            // A `--crd` file step 1 is done with may have let its text go: its read finding
            // says it failed.
            io_failed: matches!(&text, Text::Failed(why) if !super::parse::skips_git_crypt(l, why, &self.refs.recognize))
                || p.diagnostics
                    .iter()
                    .any(|d| d.rule.id == input_rules::IO_ERROR.id),
            text: Kept::Nothing,
            typeless: Vec::new(),
            has_objects: false,
        };
        if l.input.role == Role::Target {
            let classified = std::mem::take(&mut p.objects);
            let _validate = trace::piece("validate", Some(f));
            let may_template = p.may_template;
            let jobs = self.jobs(f, &mut p, classified, &mut c);
            self.validate_jobs(f, jobs, may_template, text.held(), &mut c);
        }
        if let Some(t) = text.held() {
            texts::place_skipped(t, &mut c.skipped);
        }
        let findings = self.mentioned.get(f).copied().unwrap_or(false)
            || !c.diagnostics.is_empty()
            || !c.typeless.is_empty()
            || !p.diagnostics.is_empty();
        c.text = match early.kept {
            Some(kept) => kept,
            None => {
                let needed = text
                    .held()
                    .is_some_and(|t| texts::needed(self.opts, t, findings, p.documents));
                text.keep(needed, self.opts)
            }
        };
        c.annotations = p.annotations;
        c.parse_diagnostics = p.diagnostics;
        c
    }

    /// Sorts the file's objects into jobs and the rest (skipped, or reported as they are).
    /// Only the jobs are kept: a file of 10^6 documents that are no resources holds no record
    /// of each while it is checked, and the tree of each document classified here that gives
    /// no job is dropped at once (it was held, with every finding made so far, to the end of
    /// the file: 10^6 tiny documents with `--strict` kept the tree and a finding for each).
    fn jobs(
        &self,
        f: FileId,
        p: &mut ParsedFile,
        classified: Vec<Object>,
        c: &mut Checked,
    ) -> Vec<Job<'_>> {
        let mut jobs = Vec::new();
        for o in classified {
            self.sort_object(f, p, o, c, &mut jobs);
        }
        for doc in 0..p.later_documents() {
            let mut validated = false;
            for o in p.classify_doc(doc, &self.opts.skip) {
                validated |= self.sort_object(f, p, o, c, &mut jobs);
            }
            if !validated {
                p.release_doc(doc);
            }
        }
        // A document whose root is a job and that has other jobs (items of a `List` root) has
        // its trees copied; any other job's tree is taken out of the file.
        let mut per_doc = vec![(false, 0u32); p.docs.len()];
        for (o, _) in &jobs {
            if let Some(d) = per_doc.get_mut(o.at.doc as usize) {
                d.0 |= o.at.item.is_none();
                d.1 += 1;
            }
        }
        jobs.into_iter()
            .filter_map(|(object, against)| {
                let shared = per_doc
                    .get(object.at.doc as usize)
                    .is_some_and(|&(root, n)| root && n > 1);
                let node = if shared {
                    p.node(object.at)?.clone()
                } else {
                    p.take_node(object.at)?
                };
                Some(Job {
                    node,
                    object,
                    against,
                })
            })
            .collect()
    }

    /// Sorts one object: into `jobs` (returns `true`), or counted, reported or skipped.
    fn sort_object<'a>(
        &'a self,
        f: FileId,
        p: &ParsedFile,
        o: Object,
        c: &mut Checked,
        jobs: &mut Vec<(Object, Against<'a>)>,
    ) -> bool {
        let node = p.node(o.at);
        let span = node.map(kind_span).unwrap_or_default();
        c.has_objects |= !matches!(o.class, Class::NoApiVersionKind | Class::NotAnObject(_));
        let not_a_manifest = match (o.class, node) {
            (Class::Resource | Class::HalfTypeMeta | Class::NoApiVersionKind, Some(node)) => {
                classify::not_a_manifest_doc(node, &self.opts.inputs.recognize, p.may_template)
            }
            _ => None,
        };
        let found = match not_a_manifest {
            Some(why) => Err(NotValidated::not_a_manifest(why.into(), span)),
            None => self.target_of(&o, node, span),
        };
        let reason = match found {
            Ok(against) => {
                c.resources += 1;
                if node.is_some() {
                    jobs.push((o, against));
                    return true;
                }
                return false;
            }
            Err(NotValidated::Crd) if self.later_chunk => {
                c.diagnostics
                    .push(stamp(crd_in_later_chunk(node), f, &o.object));
                return false;
            }
            Err(NotValidated::Crd) => return false,
            Err(NotValidated::Quietly) => {
                c.skipped_unlisted += 1;
                return false;
            }
            Err(NotValidated::Reported(d)) => {
                c.diagnostics.push(stamp(*d, f, &o.object));
                c.resources += 1;
                return false;
            }
            Err(NotValidated::Skipped(reason, d)) => {
                c.diagnostics.extend(d.map(|d| stamp(*d, f, &o.object)));
                reason
            }
        };
        // With `--missing-schema error` (`--strict`), a document that is no object at all
        // cannot pass silently either.
        let typeless = matches!(o.class, Class::NoApiVersionKind) && not_a_manifest.is_none();
        if typeless
            && self.opts.missing_schema == Some(crate::diag::Severity::Error)
            && self.opts.mode != Mode::Lint
        {
            let what = "this document has no apiVersion and kind".to_string();
            c.diagnostics
                .push(stamp(Diagnostic::new(&NO_SCHEMA, span, what), f, &o.object));
        } else if typeless && self.opts.mode != Mode::Lint {
            let what = if o.object.api_version.is_empty() && o.object.kind.is_empty() {
                "this mapping has neither apiVersion nor kind: it is not an object, and is not checked"
            } else {
                "this mapping has only one of apiVersion and kind, and no metadata: it is not taken for an object, and is not checked"
            };
            c.typeless.push(stamp(
                Diagnostic::new(&NOT_A_MANIFEST, span, what),
                f,
                &o.object,
            ));
        }
        // Without `--verbose` the list is never printed: the count is all that is kept.
        if self.opts.list_skipped {
            c.skipped.push(Skipped {
                file: f,
                span,
                at: Default::default(),
                object: (!o.object.kind.is_empty()).then(|| Arc::clone(&o.object)),
                reason,
            });
        } else {
            c.skipped_unlisted += 1;
        }
        false
    }

    /// What one object is validated against, or why it is not.
    pub(super) fn target_of(
        &self,
        o: &Object,
        node: Option<&Node>,
        span: Span,
    ) -> Result<Against<'_>, NotValidated> {
        let (group, kind) = match o.class {
            Class::Crd => return Err(NotValidated::Crd),
            Class::SkipQuietly => return Err(NotValidated::Quietly),
            Class::Resource if self.opts.mode == Mode::Lint => {
                return Err(NotValidated::Skipped(
                    "not a CRD (lint reads CRDs only)".into(),
                    None,
                ));
            }
            Class::Resource => o.group_kind(),
            Class::HalfTypeMeta => {
                return Err(NotValidated::Reported(Box::new(missing_type_meta(
                    node, span,
                ))))
            }
            class => {
                // Half a type without `metadata` is no object (a chart's `Chart.yaml`): say
                // which half is missing, not that both are.
                let half = |missing: &str| -> std::borrow::Cow<'static, str> {
                    format!("no {missing}, and no metadata to make it an object").into()
                };
                let reason = match class {
                    Class::NoApiVersionKind if !o.object.kind.is_empty() => half("apiVersion"),
                    Class::NoApiVersionKind if !o.object.api_version.is_empty() => half("kind"),
                    _ => class.skip_reason().unwrap_or_default(),
                };
                return Err(NotValidated::Skipped(reason, None));
            }
        };
        let not_compiled = |d: Option<Diagnostic>| {
            let reason = format!("the CRD for {group}/{kind} could not be compiled");
            NotValidated::Skipped(reason.into(), d.map(Box::new))
        };
        match self.table.get(&GroupKind(group, kind)) {
            Some(&super::crds::TableEntry { index: Some(i), .. }) => {
                match (self.crds[i].as_ref(), node) {
                    (Some(crd), Some(_)) => Ok(Against::Crd(crd)),
                    _ => Err(not_compiled(None)),
                }
            }
            Some(e) => Err(not_compiled(
                e.unusable
                    .as_deref()
                    .and_then(|why| self.unusable_crd(o, e, why, span)),
            )),
            None => match (self.builtins.get(&o.object.api_version, kind), node) {
                (Some(Builtin::Served { crd, note }), Some(_)) => Ok(Against::Builtin(crd, note)),
                (Some(Builtin::Rejected(note)), Some(node)) => {
                    Err(NotValidated::Reported(Box::new(note.diagnostic(node))))
                }
                _ if classify::is_builtin_group(group) => Err(NotValidated::Skipped(
                    format!("built-in kind {}", o.object.kind).into(),
                    None,
                )),
                _ if self.near_kind(group, kind, node).is_some() => {
                    let (near, d) = self.near_kind(group, kind, node).unwrap_or_default();
                    Err(NotValidated::Skipped(
                        format!("kind {kind} is not one of group {group}'s kinds (did you mean {near}?)")
                            .into(),
                        d.map(Box::new),
                    ))
                }
                _ => match classify::tool_config(group, kind, &self.opts.inputs.recognize) {
                    // A configuration file (kubeadm's, kind's): no cluster serves it, so its
                    // missing CRD is no finding.
                    Some(why) => Err(NotValidated::not_a_manifest(why.into(), span)),
                    None => Err(self.missing_crd(o, group, kind, span)),
                },
            },
        }
    }

    /// A resource of a kind no CRD of the run defines: skipped, and said at its kind as
    /// `--missing-schema` asks.
    fn missing_crd(&self, o: &Object, group: &str, kind: &str, span: Span) -> NotValidated {
        let d = self.opts.missing_schema.map(|severity| {
            let what = format!(
                "no CRD for {} {} in the run, so it is not validated",
                o.object.api_version, o.object.kind
            );
            Box::new(
                Diagnostic::new(&NO_SCHEMA, span, what)
                    .with_severity(severity)
                    .with_help("give its CRD with --crd, or skip the kind with --skip"),
            )
        });
        NotValidated::Skipped(format!("no CRD for {group}/{kind} in the run").into(), d)
    }

    /// A resource whose CRD the run has but cannot use (`why`: the API server would refuse it,
    /// a value it cannot decode, or crdlint cannot follow it): not validated, which is said at
    /// the resource as a missing CRD is (`--missing-schema`), with the reason and the CRD's
    /// place. The CRD's own findings (`crd/decode`, `input/crd-unusable`) may be off,
    /// suppressed, or in a file the editor does not show: the resource is never passed in
    /// silence.
    fn unusable_crd(
        &self,
        o: &Object,
        crd: &super::crds::TableEntry,
        why: &str,
        span: Span,
    ) -> Option<Diagnostic> {
        let severity = self.opts.missing_schema?;
        let what = format!(
            "the CRD for {} {} cannot be used, so it is not validated",
            o.object.api_version, o.object.kind
        );
        let mut d = Diagnostic::new(&NO_SCHEMA, span, what)
            .with_severity(severity)
            .with_help(format!("the CRD cannot be used: {why}"));
        // A later chunk of standard input is reported apart from the first, which holds the
        // CRD: its place would be read against the wrong text.
        if !self.later_chunk {
            d.push_related(crate::diag::Related {
                file: Some(crd.file),
                span: crd.span,
                message: "the CRD".to_string(),
            });
        }
        Some(d)
    }

    /// A custom kind one edit from a kind whose CRD of the same group is in the run
    /// (`Certficate`): a typo, reported as an error at `kind:` with the rename as its fix,
    /// whatever `--missing-schema` says (the group's CRDs are here; the kind is what is wrong).
    fn near_kind(
        &self,
        group: &str,
        kind: &str,
        node: Option<&Node>,
    ) -> Option<(String, Option<Diagnostic>)> {
        let kinds: Vec<&str> = self
            .table
            .keys()
            .filter(|(g, _)| g == group)
            .map(|(_, k)| k.as_str())
            .collect();
        let near = crate::diag::suggest::near_miss(kind, &kinds)?.to_string();
        let value = node.and_then(|n| n.get("kind"))?;
        let d = Diagnostic::new(
            &NO_SCHEMA,
            value.span(),
            format!("kind {kind} is not a kind of group {group}: the run's CRDs of the group do not define it"),
        )
        .with_severity(crate::diag::Severity::Error)
        .with_path("kind")
        .with_help(format!("did you mean kind {near}?"))
        .with_fix(crate::diag::Fix {
            span: value.span(),
            replacement: near.clone(),
            title: format!("kind {kind} changed to {near}"),
        });
        Some((near, Some(d)))
    }

    /// Validates the file's jobs (in parallel for a file of many objects) and keeps their
    /// findings, and with `prune`/`default` their transformed forms.
    fn validate_jobs(
        &self,
        f: FileId,
        mut jobs: Vec<Job<'_>>,
        may_template: bool,
        src: Option<&str>,
        c: &mut Checked,
    ) {
        let opts = self.opts;
        let stored_read = opts.transform.is_some() || self.policies.is_some();
        let templates = opts.inputs.recognize.templated_values && may_template;
        // The tree as written is read after validation only for templated values, `prune`
        // and `default`, policies and `--old`; otherwise validation may default it in place.
        let in_place = !stored_read && !templates && opts.old.is_none();
        // With validating policies the only reader of the stored object (no `prune`/`default`,
        // no mutating policy, no `--old`), a custom resource is validated in place as well:
        // its tree, defaulted, is then what the policies see; only a resource whose stored
        // form differs otherwise (pruned, metadata dropped, embedded objects) is copied.
        let stored_in_place = opts.transform.is_none()
            && !templates
            && opts.old.is_none()
            && self.policies.is_some_and(|p| !p.mutates());
        let outcomes: Vec<validate::Outcome> = jobs
            .par_iter_mut()
            .map(|job| {
                if in_place {
                    if let Against::Crd(crd) = job.against {
                        let mut outcome = validate::validate_resource_findings_in_place(
                            crd,
                            &mut job.node,
                            &opts.validate,
                        );
                        let (diags, node) = (&mut outcome.diagnostics, &job.node);
                        builtin::metadata::explain_undecodable(diags, node, src);
                        return outcome;
                    }
                }
                if let (true, Against::Crd(crd), Some(p)) =
                    (stored_in_place, &job.against, self.policies)
                {
                    let mut outcome = validate::validate_resource_stored_in_place(
                        crd,
                        &mut job.node,
                        &opts.validate,
                    );
                    let (diags, node) = (&mut outcome.diagnostics, &job.node);
                    builtin::metadata::explain_undecodable(diags, node, src);
                    let job = &*job;
                    let found = self.run_policies(p, f, job, &outcome);
                    outcome.diagnostics.extend(found);
                    outcome.stored = None;
                    return outcome;
                }
                let job = &*job;
                let crd = job.against.crd();
                let validate_node = |node: &Node| -> validate::Outcome {
                    match (&job.against, opts.transform) {
                        (_, Some(Transform::Prune)) => {
                            validate::prune_only(crd, node, &opts.validate)
                        }
                        (Against::Builtin(_, note), _) => {
                            // The Go defaulters change only the stored object: run when
                            // something reads it (policies, `prune`/`default`).
                            let mut o = if stored_read {
                                builtin::validate(crd, node, src, &opts.validate)
                            } else {
                                builtin::validate_findings(crd, node, src, &opts.validate)
                            };
                            if let Some(note) = note {
                                o.diagnostics.push(note.diagnostic(node));
                            }
                            let (api_version, kind) =
                                (&job.object.object.api_version, &job.object.object.kind);
                            if admission::handles(api_version, kind) {
                                let kv = opts.validate.kube_version;
                                let kinds = admission::Kinds::new(kv, self.crds.iter().flatten());
                                let found = admission::check(api_version, kind, node, src, &kinds);
                                o.diagnostics.extend(found);
                            }
                            o
                        }
                        (Against::Crd(_), _) => {
                            let old = opts.old.as_ref().and_then(|o| o.get_in(f, &job.node));
                            // Without a reader of the stored object, the findings alone.
                            let mut o = if stored_read {
                                validate::validate_resource_update(crd, node, old, &opts.validate)
                            } else {
                                validate::validate_resource_findings(crd, node, old, &opts.validate)
                            };
                            builtin::metadata::explain_undecodable(&mut o.diagnostics, node, src);
                            o
                        }
                    }
                };
                let mut outcome = validate_node(&job.node);
                if let Some(p) = self.policies.filter(|p| p.mutates()) {
                    if opts.transform != Some(Transform::Prune) {
                        self.mutate(p, f, job, &mut outcome, &validate_node);
                    }
                }
                if let Some(p) = self.policies {
                    outcome
                        .diagnostics
                        .extend(self.run_policies(p, f, job, &outcome));
                }
                // The stored form is a whole copy of the resource; keeping them until the end
                // of the run only to drop them was most of `check`'s peak memory.
                if opts.transform.is_none() {
                    outcome.stored = None;
                }
                outcome
            })
            .collect();
        for (mut outcome, job) in outcomes.into_iter().zip(&jobs) {
            if templates {
                withhold_templated(&job.node, &mut outcome.diagnostics);
            }
            c.diagnostics.extend(
                outcome
                    .diagnostics
                    .into_iter()
                    .map(|d| stamp(d, f, &job.object.object)),
            );
            if opts.transform.is_some() {
                if let Some(node) = outcome.stored {
                    c.stored.push(Stored {
                        file: f,
                        node,
                        original: job.node.clone(),
                        list_item: job.object.at.item.is_some(),
                    });
                }
            }
        }
    }
}

impl Targets<'_> {
    /// The run's mutating policies on one object, before its validation is final: the object
    /// as the server would store it (defaulted) is mutated, then validated again (defaulting
    /// again, as the server defaults after each mutation) and the outcome replaced. Findings
    /// on values a mutation made, which have no place in the file, point at the object's kind.
    fn mutate(
        &self,
        p: &admission::run::Policies,
        f: FileId,
        job: &Job<'_>,
        outcome: &mut validate::Outcome,
        validate_node: &dyn Fn(&Node) -> validate::Outcome,
    ) {
        let crd = job.against.crd();
        let at = kind_span(&job.node);
        let object = outcome.stored.as_ref().unwrap_or(&job.node).clone();
        let old = self.old_stored(f, job);
        let resource = policies::resource_of(crd);
        let Some(r) = policies::request(&job.against, &object, old.as_ref(), &resource, at) else {
            return;
        };
        let kinds =
            admission::Kinds::new(self.opts.validate.kube_version, self.crds.iter().flatten());
        let gvk = admission::Gvk {
            group: r.group.to_string(),
            version: r.version.to_string(),
            kind: r.kind.to_string(),
        };
        let schema = kinds.schema(&gvk);
        let mutated = p.mutate(&r, schema.as_ref());
        if let Some(node) = mutated.object {
            let mut again = validate_node(&node);
            for d in &mut again.diagnostics {
                if d.span == Span::default() {
                    d.span = at;
                }
            }
            if again.stored.is_none() {
                again.stored = Some(node);
            }
            *outcome = again;
        }
        outcome.diagnostics.extend(mutated.findings);
    }

    /// The object's `--old` version as the server holds it: stored when it was created,
    /// so pruned and defaulted (the schema's defaults, and a built-in kind's Go defaulters),
    /// and `oldObject` has the defaults the new object has. Its findings are not the run's.
    fn old_stored(&self, f: FileId, job: &Job<'_>) -> Option<Node> {
        let old = self
            .opts
            .old
            .as_ref()
            .and_then(|o| o.get_in(f, &job.node))?;
        let crd = job.against.crd();
        let outcome = match &job.against {
            Against::Crd(_) => validate::validate_resource(crd, old, &self.opts.validate),
            Against::Builtin(..) => builtin::validate(crd, old, None, &self.opts.validate),
        };
        Some(outcome.stored.unwrap_or_else(|| old.clone()))
    }

    /// The run's policies on one validated object, as the server would store it (its
    /// defaulted form when validation computed one), created, or updated from its `--old`
    /// version; what the registry then does to a custom resource's `status` and generation is
    /// the engine's (`admission::run::Strategy`).
    fn run_policies(
        &self,
        p: &admission::run::Policies,
        f: FileId,
        job: &Job<'_>,
        outcome: &validate::Outcome,
    ) -> Vec<Diagnostic> {
        let crd = job.against.crd();
        let object = outcome.stored.as_ref().unwrap_or(&job.node);
        let old = self.old_stored(f, job);
        // A validating policy sees the object as mutated ([`Self::mutate`]).
        let resource = policies::resource_of(crd);
        match policies::request(
            &job.against,
            object,
            old.as_ref(),
            &resource,
            kind_span(&job.node),
        ) {
            Some(r) => p.evaluate(&r),
            None => Vec::new(),
        }
    }
}

/// A CRD in a chunk of standard input after the first (`stream.rs`): the resources before it
/// have been reported already, so it could not validate every resource of the stream as a
/// CRD of a file does; it is reported (a warning) rather than applied to some of them.
fn crd_in_later_chunk(node: Option<&Node>) -> Diagnostic {
    let span = node
        .and_then(|n| n.at(&["metadata", "name"]))
        .map_or_else(|| node.map(kind_span).unwrap_or_default(), |n| n.span());
    Diagnostic::new(
        &CRD_UNUSABLE,
        span,
        "this CustomResourceDefinition is not applied: standard input is read a few megabytes at a time, and the CRDs of a stream are taken from its first chunk only, so it is neither linted nor used to validate resources".to_string(),
    )
    .with_severity(crate::diag::Severity::Warning)
    .with_help("give the CRD with --crd, or put the CRDs first in the stream")
}

/// `apiVersion not set` or `kind not set`, as `kubectl apply` words it (k8s.io/kubectl
/// `pkg/validation/schema.go`, `getObjectKind`); the server's decoder refuses such a document
/// too (`Object 'Kind' is missing`).
fn missing_type_meta(node: Option<&Node>, span: Span) -> Diagnostic {
    let has = |k: &str| {
        node.and_then(|n| n.get_str(k))
            .is_some_and(|v| !v.is_empty())
    };
    let (message, span) = if has("kind") {
        ("apiVersion not set", span)
    } else {
        let at = node
            .and_then(|n| n.get("apiVersion"))
            .map_or(span, |v| v.span());
        ("kind not set", at)
    };
    Diagnostic::new(&MISSING_TYPE_META, span, message.to_string())
}

/// Withholds the findings on an object's templated values (Flux `${VAR}` substitutions,
/// chainsaw `($binding)`s: unknown until rendered), and CEL rule findings over a node that
/// holds one (the rule read a placeholder, not the value); then says in one note how many
/// values were left unchecked. The rest of the object is validated as usual.
fn withhold_templated(node: &Node, diagnostics: &mut Vec<Diagnostic>) {
    // Without findings there is nothing to withhold and no note: the object's tree is not
    // walked (most objects of a file that may be templated; 7 million instructions of a
    // 10,000-resource run walked trees for nothing).
    if diagnostics.is_empty() {
        return;
    }
    let spans = classify::templated_spans(node);
    if spans.is_empty() {
        return;
    }
    let mut unchecked = vec![false; spans.len()];
    let cel = crate::validate::rules::CEL_RULE.id;
    diagnostics.retain(|d| {
        let mut withheld = false;
        for (i, t) in spans.iter().enumerate() {
            let inside = t.start() <= d.span.start() && d.span.end() <= t.end();
            let over = d.rule.id == cel && d.span.start() <= t.start() && t.end() <= d.span.end();
            if inside || over {
                unchecked[i] = true;
                withheld = true;
            }
        }
        !withheld
    });
    let n = unchecked.iter().filter(|&&u| u).count();
    if let Some(first) = unchecked.iter().position(|&u| u) {
        let what = if n == 1 { "value is" } else { "values are" };
        diagnostics.push(Diagnostic::new(
            &NOT_A_MANIFEST,
            spans[first],
            format!("{n} templated {what} unknown until rendered (`${{VAR}}` substitutions, `($binding)`s) and left unchecked; the rest of the object is validated"),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::super::crds::TableEntry;
    use super::super::parse::classify as classify_document;
    use super::*;

    fn opts() -> RunOptions {
        RunOptions::default()
    }

    #[test]
    fn only_unclaimed_kinds_reach_the_builtin_catalog() {
        use serde_json::json;
        let mut table = Table::default();
        table.insert(
            ("example.com".to_string(), "Widget".to_string()),
            TableEntry {
                file: 0,
                span: Span::default(),
                index: None,
                unusable: None,
                fingerprint: 0,
                explicit: false,
            },
        );
        let objects_of = |json: serde_json::Value| {
            let mut objects = Vec::new();
            classify_document(&Node::from_json(&json), 0, &[], &mut objects);
            objects
        };
        let run = |opts: &RunOptions, json: serde_json::Value| {
            let targets = Targets {
                loaded: &[],
                opts,
                refs: &Default::default(),
                table: &table,
                crds: &[],
                policies: None,
                builtins: &Builtins::new(opts),
                mentioned: &[],
                files: 0,
                later_chunk: false,
            };
            let objects = objects_of(json);
            let node = Node::from_json(&serde_json::json!({}));
            let found = targets.target_of(&objects[0], Some(&node), Span::default());
            (targets.builtins.is_empty(), found.is_ok())
        };
        // A custom resource whose CRD is in the run: the catalog (and the embedded bundle)
        // is never asked.
        let widget = json!({"apiVersion": "example.com/v1", "kind": "Widget"});
        assert_eq!(run(&opts(), widget), (true, false));
        // A Deployment is looked up and validated.
        let deployment = json!({"apiVersion": "apps/v1", "kind": "Deployment"});
        assert_eq!(run(&opts(), deployment.clone()), (false, true));
        // `lint` validates nothing.
        let lint_only = RunOptions {
            mode: Mode::Lint,
            ..opts()
        };
        assert_eq!(run(&lint_only, deployment), (true, false));
    }
}
