//! Between steps 2 and 3 of the run driver, when the run holds Validating or Mutating
//! AdmissionPolicies:
//! their policies and bindings gathered from the files whose text names them, then the
//! Namespaces (when something reads them) and param objects they read from the files whose
//! text names those kinds, and
//! the policies prepared ([`admission::run::Policies`]) for step 3 to run on every object it
//! validates ([`request`]). A run whose files name no policy kind reads nothing more and its
//! output is unchanged.

use super::check::Against;
use super::*;
use crate::admission::run::{Gather, Policies, Request, Strategy};

/// Whether a file's text may hold a validating or mutating policy or binding: it names
/// `ValidatingAdmissionPolicy` or `MutatingAdmissionPolicy`. Every target file's text is
/// searched, so once, for the two names' common tail (memchr's SIMD search), each hit then
/// checked for either head (two `contains` of the text were 6 M instructions of the
/// 10,000-resource workload's `validate`).
pub(super) fn may_hold_policy(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memmem::find_iter(bytes, b"AdmissionPolicy").any(|i| {
        let head = &bytes[..i];
        head.ends_with(b"Validating") || head.ends_with(b"Mutating")
    })
}

/// The run's policies, when it has a policy with a binding (and the command validates).
pub(super) fn gather(
    loaded: &[Loaded],
    early: &[Early<'_>],
    opts: &RunOptions,
    table: &Table,
    crds: &[Option<CompiledCrd>],
) -> Option<Policies> {
    if opts.mode == Mode::Lint || !early.iter().any(|e| e.may_hold_policy) {
        return None;
    }
    let _piece = trace::piece("policies", None);
    let mut g = Gather::default();
    let files: Vec<FileId> = (0..loaded.len())
        .filter(|&f| early[f].may_hold_policy)
        .collect();
    each_object(loaded, &files, |node| {
        let (av, kind) = type_of(node);
        if Gather::is_policy(av, kind) {
            g.add_policy(node);
        }
    });
    if g.is_empty() {
        return None;
    }
    let wanted = g.wanted_kinds();
    let files: Vec<FileId> = (0..loaded.len())
        .filter(|&f| loaded[f].input.role == Role::Target)
        .filter(|&f| {
            Text::read(&loaded[f])
                .held()
                .is_some_and(|t| wanted.iter().any(|k| names_word(t, k)))
        })
        .collect();
    each_object(loaded, &files, |node| {
        let (av, kind) = type_of(node);
        if g.wants(av, kind) {
            g.add(node);
        }
    });
    let kube = opts.validate.kube_version;
    let namespaced = |av: &str, kind: &str| -> Option<bool> {
        let group = av.rsplit_once('/').map_or("", |(g, _)| g);
        if let Some(Some(i)) = table.get(&GroupKind(group, kind)).map(|e| e.index) {
            return crds[i].as_ref().map(|c| c.namespaced);
        }
        let mut catalog = builtin::Catalog::new(kube);
        catalog.prepare(av, kind);
        match catalog.get(av, kind) {
            Some(builtin::Entry::Served { crd, .. }) => Some(crd.namespaced),
            _ => None,
        }
    };
    Some(Policies::new(g, kube, opts.admission.clone(), namespaced))
}

/// Whether `text` may name `kind` (the kind of an object the policies read): it holds it as
/// a whole word (no letter or digit either side), or holds an escape that could spell a
/// letter (`\x`, `\u`, `\U`, a double-quoted line continued by `\`), when any occurrence
/// counts. A kind found inside a longer word (`Namespace` in `allowedNamespaces`) made most
/// files of a workload parsed a second time for nothing.
fn names_word(text: &str, kind: &str) -> bool {
    let bytes = text.as_bytes();
    let letter = |at: Option<&u8>| at.is_some_and(u8::is_ascii_alphanumeric);
    let whole = |at: usize| {
        !(letter(at.checked_sub(1).and_then(|i| bytes.get(i)))
            || letter(bytes.get(at + kind.len())))
    };
    let spelt = || {
        memchr::memchr_iter(b'\\', bytes)
            .any(|at| matches!(bytes.get(at + 1), Some(b'x' | b'u' | b'U' | b'\n' | b'\r')))
    };
    text.match_indices(kind).any(|(at, _)| whole(at)) || (text.contains(kind) && spelt())
}

fn type_of(node: &Node) -> (&str, &str) {
    (
        node.get_str("apiVersion").unwrap_or(""),
        node.get_str("kind").unwrap_or(""),
    )
}

/// Every object of the files, read and parsed again (their trees are not kept by step 1).
fn each_object(loaded: &[Loaded], files: &[FileId], mut f: impl FnMut(&Node)) {
    for &file in files {
        let text = Text::read(&loaded[file]);
        let Some(t) = text.held() else { continue };
        for doc in crate::yaml::load(t) {
            if let Some(root) = &doc.root {
                for (_, node) in objects(root) {
                    f(node);
                }
            }
        }
    }
}

/// The resource `crd`'s objects are created through ([`crate::admission::run::resource_of`]).
pub(super) fn resource_of(crd: &CompiledCrd) -> Cow<'_, str> {
    crate::admission::run::resource_of(&crd.kind, &crd.plural)
}

/// The request for one object validated against `against`, or `None` when its apiVersion has
/// no version.
pub(super) fn request<'a>(
    against: &'a Against<'_>,
    object: &'a Node,
    old: Option<&'a Node>,
    resource: &'a str,
    at: Span,
) -> Option<Request<'a>> {
    let crd = against.crd();
    let av = object.get_str("apiVersion")?;
    let (_, version) = crate::k8s::split_api_version(av);
    let strategy = match against {
        Against::Crd(_) => Strategy::custom_resource(crd, av),
        Against::Builtin(..) => Strategy::AsGiven,
    };
    Some(Request {
        object,
        old,
        group: crd.group.as_str(),
        version,
        kind: crd.kind.as_str(),
        resource,
        namespaced: crd.namespaced,
        versions: &crd.versions,
        conversion: crd.conversion.as_str(),
        at,
        strategy,
    })
}

#[cfg(test)]
mod tests {
    use super::{may_hold_policy, names_word};

    #[test]
    fn a_policy_kind_is_found_where_either_name_is() {
        let named = |t: &str| {
            t.contains("ValidatingAdmissionPolicy") || t.contains("MutatingAdmissionPolicy")
        };
        for t in [
            "kind: ValidatingAdmissionPolicy\n",
            "kind: ValidatingAdmissionPolicyBinding",
            "kind: MutatingAdmissionPolicy",
            "xMutatingAdmissionPolicy",
            "AdmissionPolicy",
            "kind: AdmissionPolicy\nValidating",
            "ValidatingAdmission Policy",
            "MutatingAdmissionPolic",
            "a AdmissionPolicy b MutatingAdmissionPolicy",
            "",
        ] {
            assert_eq!(may_hold_policy(t), named(t), "{t:?}");
        }
    }

    #[test]
    fn a_kind_is_named_as_a_whole_word_or_maybe_through_an_escape() {
        for named in [
            "kind: Namespace\n",
            "kind: 'Namespace'",
            "{\"kind\":\"Namespace\"}",
            "[{kind: Namespace}]",
            "kind: Namespace",
            // An escape could spell a letter of it: any occurrence counts.
            "allowedNamespaces: x\nkind: \"\\x4eamespace\"",
        ] {
            assert!(names_word(named, "Namespace"), "{named}");
        }
        for not in [
            "allowedNamespaces: [a]",
            "kind: Namespaced",
            "kind: namespace",
            "kind: \"\\tNamespaces\"",
        ] {
            assert!(!names_word(not, "Namespace"), "{not}");
        }
    }
}
