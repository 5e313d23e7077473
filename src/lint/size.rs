//! A CRD's size against the limits of applying it: the API server's request body limit
//! (apiserver `DefaultMaxRequestBodyBytes`, 3 MiB: `413 Request entity too large: limit is
//! 3145728`) and, for client-side `kubectl apply`, the 256 KiB limit of all annotations together
//! (apimachinery `ValidateAnnotationsSize`, `TotalAnnotationSizeLimitB`), which the
//! `kubectl.kubernetes.io/last-applied-configuration` copy of a large CRD exceeds.
//!
//! Both are measured on the JSON kubectl sends (Go `json.Marshal` of the object, which is what
//! the annotation holds), not on the YAML text (`yaml/too-large` measures the text).

use crate::diag::{Diagnostic, Rule, Severity};
use crate::k8s::{Behavior, FieldError, FieldPath, KubeVersion};
use crate::yaml::Node;

pub static REQUEST_TOO_LARGE: Rule = Rule {
    id: "crd/request-too-large",
    severity: Severity::Error,
    summary: "The CRD is larger than the API server accepts in one request (3 MiB of JSON)",
    docs: "The API server refuses a request body over 3 MiB (3145728 bytes) with `413 Request \
entity too large`, whatever the client: a CustomResourceDefinition whose JSON is larger cannot be \
created at all. Shrink the schema: drop or shorten `description`s (controller-gen's \
`crd:maxDescLen=0`), share fewer versions' full schemas, or split the API.",
    bad: "# a CustomResourceDefinition whose JSON is 4 MiB\n",
    good: "# the same CRD generated with crd:maxDescLen=0\n",
};

pub static LAST_APPLIED_TOO_LARGE: Rule = Rule {
    id: "crd/last-applied-too-large",
    severity: Severity::Warning,
    summary: "A CRD too large for client-side `kubectl apply`: its last-applied-configuration annotation would exceed 256 KiB",
    docs: "Client-side `kubectl apply` stores a JSON copy of the whole object in the \
`kubectl.kubernetes.io/last-applied-configuration` annotation, and all annotations of an object \
together may hold at most 256 KiB (262144 bytes); a CRD whose JSON is larger is refused with \
`metadata.annotations: Too long`. Apply it with `kubectl apply --server-side` (which keeps no such \
annotation), or with `kubectl create`/`replace`, or shrink it (drop descriptions).",
    bad: "# kubectl apply -f big-crd.yaml   (the CRD's JSON is 300 KiB)\n",
    good: "# kubectl apply --server-side -f big-crd.yaml\n",
};

/// apiserver `DefaultMaxRequestBodyBytes`.
const REQUEST_LIMIT: usize = 3 * 1024 * 1024;
/// apimachinery `TotalAnnotationSizeLimitB`.
const ANNOTATIONS_LIMIT: usize = 256 * 1024;
const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// The size findings for one CRD document; `warn` adds the client-side apply warning (a
/// warning beyond the server).
pub(crate) fn check(crd: &Node, kube: KubeVersion, warn: bool, out: &mut Vec<Diagnostic>) {
    // Measured on every CRD: one pass over the tree, small next to the schema checks.
    let json = crate::k8s::field::go_json(crd).len();
    let name_span = crd
        .at(&["metadata", "name"])
        .map_or(crd.span(), |n| n.span());
    if json > REQUEST_LIMIT {
        out.push(
            Diagnostic::new(
                &REQUEST_TOO_LARGE,
                name_span,
                format!("Request entity too large: limit is {REQUEST_LIMIT}"),
            )
            .with_help(format!(
                "the CustomResourceDefinition is {json} bytes of JSON; the API server refuses a request body over {REQUEST_LIMIT} bytes (drop or shorten descriptions, e.g. controller-gen's crd:maxDescLen=0)"
            )),
        );
        return;
    }
    if !warn {
        return;
    }
    // What kubectl stores: the object's JSON without the annotation itself, plus the newline its
    // encoder ends with; the other annotations count towards the same limit.
    let annotations = crd.at(&["metadata", "annotations"]).and_then(Node::as_map);
    let (others, own) = annotations.map_or((0, 0), |m| {
        m.entries.iter().fold((0, 0), |(o, own), e| {
            let v = e.value.as_str().map_or(0, str::len);
            if &*e.key == LAST_APPLIED {
                // Its own copy inside the JSON: the key, the quoted value and punctuation.
                (
                    o,
                    own + crate::k8s::field::go_json(&e.value).len() + e.key.len() + 4,
                )
            } else {
                (o + e.key.len() + v, own)
            }
        })
    });
    let copy = json.saturating_sub(own) + 1;
    let total = others + LAST_APPLIED.len() + copy;
    if others > ANNOTATIONS_LIMIT || total <= ANNOTATIONS_LIMIT {
        // Over the limit already without the copy: `crd/metadata` reports it.
        return;
    }
    let err = FieldError::too_long(
        FieldPath::new("metadata").child("annotations"),
        ANNOTATIONS_LIMIT as i64,
    );
    let span = crd
        .at(&["metadata", "annotations"])
        .map_or(name_span, |n| n.span());
    out.push(
        Diagnostic::new(&LAST_APPLIED_TOO_LARGE, span, err.render(Behavior::of(kube)))
            .with_path("metadata.annotations")
            .with_help(format!(
                "what client-side `kubectl apply` sends: its {LAST_APPLIED} annotation would hold the whole CRD ({copy} bytes of JSON), {total} bytes of annotations in all; use `kubectl apply --server-side` (or `kubectl create`/`replace`)"
            )),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn crd(description_bytes: usize, annotations: serde_json::Value) -> Node {
        Node::from_json(&serde_json::json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "kind": "CustomResourceDefinition",
            "metadata": {"name": "widgets.example.com", "annotations": annotations},
            "spec": {"versions": [{"name": "v1", "schema": {"openAPIV3Schema": {
                "type": "object", "description": "d".repeat(description_bytes)}}}]}
        }))
    }

    fn ids(n: &Node) -> Vec<String> {
        let mut out = Vec::new();
        check(n, KubeVersion::NEWEST, true, &mut out);
        out.into_iter()
            .map(|d| format!("{}: {}", d.rule.id, d.message))
            .collect()
    }

    #[test]
    fn the_annotation_limit_counts_the_copy_kubectl_would_add() {
        assert!(ids(&crd(200 * 1024, serde_json::json!({}))).is_empty());
        assert_eq!(
            ids(&crd(256 * 1024, serde_json::json!({}))),
            ["crd/last-applied-too-large: metadata.annotations: Too long: may not be more than 262144 bytes"]
        );
        // Other annotations count too.
        let big = serde_json::json!({"a": "x".repeat(100 * 1024)});
        assert_eq!(ids(&crd(200 * 1024, big)).len(), 1);
        // A copy already in the file is not counted twice.
        let copy = serde_json::json!({LAST_APPLIED: "x".repeat(100 * 1024)});
        assert!(ids(&crd(200 * 1024, copy)).is_empty());
    }

    #[test]
    fn the_request_limit_is_an_error_and_says_the_size() {
        let got = ids(&crd(REQUEST_LIMIT, serde_json::json!({})));
        assert_eq!(
            got,
            ["crd/request-too-large: Request entity too large: limit is 3145728"]
        );
        let mut out = Vec::new();
        check(
            &crd(10, serde_json::json!({})),
            KubeVersion::NEWEST,
            false,
            &mut out,
        );
        assert!(out.is_empty());
    }

    #[test]
    fn the_wording_follows_the_minor() {
        let mut out = Vec::new();
        check(
            &crd(256 * 1024, serde_json::json!({})),
            KubeVersion { minor: 25 },
            true,
            &mut out,
        );
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].message,
            FieldError::too_long(FieldPath::new("metadata").child("annotations"), 262144)
                .render(Behavior::of(KubeVersion { minor: 25 }))
        );
    }
}
