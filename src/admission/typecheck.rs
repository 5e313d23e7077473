//! Type-checking of a policy's expressions against every kind it matches, as apiserver's
//! `pkg/admission/plugin/policy/validating/typechecking.go` does after a policy is stored
//! (`TypeChecker.CreateContext`, `typesToCheck`, `CheckExpression`): each resource rule's
//! groups × versions × resources (a rule with a wildcard group or version is skipped, wildcard
//! and subresource entries are dropped) resolved to kinds, `object`/`oldObject` typed by each
//! kind's schema (`SchemaDeclType(schema, true)`) and `params` by the paramKind's, and each
//! problem worded as the server words its warnings: `apps/v1, Kind=Deployment: ERROR:
//! <input>:1:7: undefined field 'replicaz'` (`TypeCheckingResults.String`).
//!
//! Unlike the server this reports errors (the server only warns in the policy's status), has
//! no limit of ten kinds (`maxTypesToCheck`), checks every expression (match conditions,
//! variables and audit annotations too, not only `validations`), and says which rules it could
//! not resolve. Kinds are the built-in ones the minor serves (their resource names guessed as
//! the RESTMapper's `UnsafeGuessKindToResource` does, with the irregular ones listed) and the
//! CRDs of the run.

use std::cell::RefCell;
use std::sync::Arc;

use super::cost;
use super::expr::{self, Declared, Typed};
use super::object::{ExprKind, Expression};
use crate::builtin;
use crate::cel::schema_types::decl_type;
use crate::cel::{DeclType, Type};
use crate::k8s::KubeVersion;
use crate::validate::CompiledCrd;
use crate::yaml::Node;

/// A group, version and kind, printed as apimachinery's `GroupVersionKind.String()`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Gvk {
    pub group: String,
    pub version: String,
    pub kind: String,
}

impl std::fmt::Display for Gvk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}, Kind={}", self.group, self.version, self.kind)
    }
}

/// The kinds a run knows: the minor's built-in ones and the run's CRDs.
pub struct Kinds<'a> {
    kube: KubeVersion,
    crds: Vec<&'a CompiledCrd>,
    builtins: RefCell<Option<Vec<(String, String, String)>>>,
}

/// Built-in kinds whose resource is not the RESTMapper's guess.
const IRREGULAR: &[(&str, &str)] = &[("Endpoints", "endpoints")];

/// `UnsafeGuessKindToResource`: lower case, `s` → `ses`, `y` → `ies`, else `s`.
pub(super) fn guess_resource(kind: &str) -> String {
    if let Some((_, r)) = IRREGULAR.iter().find(|(k, _)| *k == kind) {
        return (*r).to_string();
    }
    let lower = kind.to_lowercase();
    if lower.ends_with('s') {
        format!("{lower}es")
    } else if let Some(stem) = lower.strip_suffix('y') {
        format!("{stem}ies")
    } else {
        format!("{lower}s")
    }
}

impl<'a> Kinds<'a> {
    pub fn new(kube: KubeVersion, crds: impl IntoIterator<Item = &'a CompiledCrd>) -> Kinds<'a> {
        Kinds {
            kube,
            crds: crds.into_iter().collect(),
            builtins: RefCell::new(None),
        }
    }

    /// The emulated minor.
    pub fn kube(&self) -> KubeVersion {
        self.kube
    }

    /// `RESTMapper.KindsFor(group/version/resource)`: the run's CRDs first (a CRD cannot
    /// serve a built-in group), then the built-in kinds.
    fn kinds_for(&self, group: &str, version: &str, resource: &str) -> Vec<Gvk> {
        let mut out: Vec<Gvk> = self
            .crds
            .iter()
            .filter(|c| c.group == group && c.plural == resource)
            .filter(|c| c.served_versions().any(|v| v == version))
            .map(|c| Gvk {
                group: group.to_string(),
                version: version.to_string(),
                kind: c.kind.clone(),
            })
            .collect();
        if out.is_empty() {
            let mut b = self.builtins.borrow_mut();
            let list = b.get_or_insert_with(|| builtin::served_kinds(self.kube));
            out.extend(
                list.iter()
                    .filter(|(g, v, k)| g == group && v == version && guess_resource(k) == resource)
                    .map(|(g, v, k)| Gvk {
                        group: g.clone(),
                        version: v.clone(),
                        kind: k.clone(),
                    }),
            );
        }
        out
    }

    /// `apiVersion`, `kind` and the whole `metadata` of a published resource schema, from a
    /// ConfigMap's (served by every minor); the published schema of a custom resource has them
    /// too, and without them all the root type keeps only `metadata.name` and `generateName`.
    fn type_and_object_meta(&self) -> Vec<(String, crate::schema::Schema)> {
        let Some(cm) = builtin::schema_with_metadata(self.kube, "", "v1", "ConfigMap") else {
            return Vec::new();
        };
        ["apiVersion", "kind", "metadata"]
            .into_iter()
            .filter_map(|k| Some((k.to_string(), cm.properties.get(k)?.clone())))
            .collect()
    }

    /// The kind's schema as the server's schema resolver and type converter have it (a custom
    /// kind's `metadata` the whole ObjectMeta), `None` when it is not known. The mutation engine
    /// ([`super::mutate`]) merges apply configurations with it.
    pub fn schema(&self, gvk: &Gvk) -> Option<crate::schema::Schema> {
        if let Some(c) = self
            .crds
            .iter()
            .find(|c| c.group == gvk.group && c.kind == gvk.kind)
        {
            // The server's schema resolver gives a custom resource's published OpenAPI, whose
            // `metadata` is the whole ObjectMeta; a CRD's own schema rarely has it, and the
            // root type would then expose only `name` and `generateName`.
            let mut schema = c.schema(&gvk.version)?.clone();
            for (key, s) in self.type_and_object_meta() {
                schema.properties.insert(key, s);
            }
            return Some(schema);
        }
        builtin::schema_with_metadata(self.kube, &gvk.group, &gvk.version, &gvk.kind)
    }

    /// The kind's root type, `None` when its schema is not known.
    fn decl(&self, gvk: &Gvk) -> Option<Arc<DeclType>> {
        decl_type(&self.schema(gvk)?, true, &gvk.kind)
    }
}

/// What type-checking found: per expression and kind, the problems; and the rules it could not
/// resolve.
pub(super) struct Report {
    pub(super) problems: Vec<Problem>,
    pub(super) unresolved: Vec<Unresolved>,
    /// Per expression that compiled, its largest estimated cost over the kinds.
    pub(super) costs: Vec<super::cost::ExprCost>,
}

/// One expression's problems against one kind.
pub(super) struct Problem {
    pub(super) expression: usize,
    pub(super) gvk: Gvk,
    pub(super) error: crate::cel::CompileError,
}

/// A resource rule (or part of one) that names no kind type-checking could use.
pub(super) struct Unresolved {
    /// Index of the rule in `matchConstraints.resourceRules`.
    pub(super) rule: usize,
    pub(super) why: String,
}

/// The kinds a policy's `matchConstraints.resourceRules` name, and what could not be resolved.
fn kinds_of(spec: Option<&Node>, kinds: &Kinds<'_>) -> (Vec<Gvk>, Vec<Unresolved>) {
    let mut found: Vec<Gvk> = Vec::new();
    let mut unresolved = Vec::new();
    let rules = spec
        .and_then(|s| s.at(&["matchConstraints", "resourceRules"]))
        .and_then(Node::as_seq)
        .unwrap_or(&[]);
    let strs = |r: &Node, k: &str| -> Vec<String> {
        r.get(k)
            .and_then(Node::as_seq)
            .unwrap_or(&[])
            .iter()
            .filter_map(|n| n.as_str().map(str::to_string))
            .collect()
    };
    for (i, r) in rules.iter().enumerate() {
        let groups = strs(r, "apiGroups");
        let versions = strs(r, "apiVersions");
        let resources = strs(r, "resources");
        if groups.iter().any(|g| g.contains('*')) || versions.iter().any(|v| v.contains('*')) {
            unresolved.push(Unresolved {
                rule: i,
                why: "a wildcard apiGroups or apiVersions entry matches kinds no list can name: \
                      its expressions are not type-checked against them (nor by the server)"
                    .into(),
            });
            continue;
        }
        let wild: Vec<&String> = resources.iter().filter(|r| r.contains('*')).collect();
        if !wild.is_empty() {
            unresolved.push(Unresolved {
                rule: i,
                why: format!(
                    "the wildcard resources {} are not type-checked (nor by the server)",
                    wild.iter()
                        .map(|w| format!("'{w}'"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            });
        }
        for g in &groups {
            for v in &versions {
                for res in resources.iter().filter(|r| !r.contains(['*', '/'])) {
                    let ks = kinds.kinds_for(g, v, res);
                    if ks.is_empty() {
                        let gv = if g.is_empty() {
                            v.clone()
                        } else {
                            format!("{g}/{v}")
                        };
                        unresolved.push(Unresolved {
                            rule: i,
                            why: format!(
                                "no built-in kind of this minor and no CRD in the run serves resource '{res}' in {gv}: expressions are not type-checked against it"
                            ),
                        });
                    }
                    for k in ks {
                        if !found.contains(&k) {
                            found.push(k);
                        }
                    }
                }
            }
        }
    }
    found.sort();
    (found, unresolved)
}

/// The paramKind's declared type, `None` (so `dyn`) when it is not known.
fn params_decl(spec: Option<&Node>, kinds: &Kinds<'_>) -> Option<Arc<DeclType>> {
    let pk = spec.and_then(|s| s.get("paramKind"))?;
    let av = pk.get_str("apiVersion").unwrap_or("");
    let kind = pk.get_str("kind").unwrap_or("");
    let (group, version) = av.rsplit_once('/').unwrap_or(("", av));
    let gvk = Gvk {
        group: group.to_string(),
        version: version.to_string(),
        kind: kind.to_string(),
    };
    kinds.decl(&gvk)
}

/// Type-checks `expressions` (those that compiled at creation: `ok[i]`) of the policy `obj`
/// against every kind it matches.
pub(super) fn check(
    obj: &Node,
    expressions: &[Expression<'_>],
    ok: &[bool],
    declared: impl Fn(ExprKind) -> Declared,
    kinds: &Kinds<'_>,
    kube: KubeVersion,
) -> Report {
    let spec = obj.get("spec");
    let (gvks, unresolved) = kinds_of(spec, kinds);
    let params_decl = params_decl(spec, kinds);
    let params = params_decl.as_ref().map_or(Type::Dyn, DeclType::cel_type);
    let mut problems = Vec::new();
    let mut costs = Vec::new();
    let typed_kinds: Vec<(Gvk, Arc<DeclType>)> = gvks
        .into_iter()
        .filter_map(|g| {
            let d = kinds.decl(&g)?;
            Some((g, d))
        })
        .collect();
    if typed_kinds.is_empty() {
        // No kind to type `object` by: the cost is estimated with it untyped, bounded by the
        // request size.
        let typed = Typed {
            object: Type::Dyn,
            params: params.clone(),
        };
        let sizes = cost::Sizes {
            object: None,
            params: params_decl.clone(),
        };
        check_kind(
            None,
            &typed,
            &sizes,
            expressions,
            ok,
            &declared,
            kube,
            &mut Vec::new(),
            &mut costs,
        );
    }
    for (gvk, decl) in typed_kinds {
        let typed = Typed {
            object: decl.cel_type(),
            params: params.clone(),
        };
        let sizes = cost::Sizes {
            object: Some(decl),
            params: params_decl.clone(),
        };
        check_kind(
            Some(&gvk),
            &typed,
            &sizes,
            expressions,
            ok,
            &declared,
            kube,
            &mut problems,
            &mut costs,
        );
    }
    Report {
        problems,
        unresolved,
        costs,
    }
}

/// Type-checks and costs every expression against one kind (`None`: untyped `object`).
#[allow(clippy::too_many_arguments)]
fn check_kind(
    gvk: Option<&Gvk>,
    typed: &Typed,
    sizes: &cost::Sizes,
    expressions: &[Expression<'_>],
    ok: &[bool],
    declared: &impl Fn(ExprKind) -> Declared,
    kube: KubeVersion,
    problems: &mut Vec<Problem>,
    costs: &mut Vec<cost::ExprCost>,
) {
    let mut variables: Vec<(String, Type)> = Vec::new();
    for (i, e) in expressions.iter().enumerate() {
        let result = expr::compile_stored(e, declared(e.kind), typed, &variables, kube);
        let t = match result {
            Ok(c) => {
                if ok[i] {
                    let cost = cost::estimate(&c, sizes);
                    cost::keep_largest(
                        costs,
                        cost::ExprCost {
                            expression: i,
                            gvk: gvk.cloned(),
                            cost,
                        },
                    );
                }
                c.checked.result_type().clone()
            }
            Err(None) => Type::Dyn,
            Err(Some(ce)) => {
                if let (true, Some(gvk)) = (ok[i], gvk) {
                    problems.push(Problem {
                        expression: i,
                        gvk: gvk.clone(),
                        error: ce,
                    });
                }
                Type::Dyn
            }
        };
        if let Some(name) = e.variable {
            variables.push((name.to_string(), t));
        }
    }
}
