//! `spec.conversion`: strategy, webhook client config, conversion review versions (digest §1.9).
//!
//! The server validates the internal form, so a `v1` document's
//! `spec.conversion.webhook.clientConfig` is reported as `spec.conversion.webhookClientConfig`
//! and `webhook.conversionReviewVersions` as `spec.conversion.conversionReviewVersions`.

use super::crd::Internal;
use super::ctx::{
    enum_strings, get_set, get_str, key_span, value_span, Bad, ErrType, FErr, Loc, Mode, Sink,
};
use super::names::{is_dns1035_label, is_dns1123_subdomain};
use crate::diag::{Rule, Severity, Span};
use crate::yaml::Node;

pub static CONVERSION: Rule = Rule {
    id: "crd/conversion",
    severity: Severity::Error,
    summary: "A `spec.conversion` strategy other than None or Webhook, or a webhook without a valid https endpoint or review versions",
    docs: "With `strategy: Webhook` the server calls the webhook to convert objects between versions. \
It requires exactly one of `url` (https, no user info, query or fragment) or `service` (name, \
namespace, a valid path and port), and `conversionReviewVersions` naming at least one of `v1`, \
`v1beta1`. With `None`, no webhook settings may be given. Webhook conversion also needs \
`preserveUnknownFields: false`.",
    bad: "conversion:\n  strategy: Webhook\n  webhook:\n    clientConfig:\n      url: http://convert.example.com\n",
    good: "conversion:\n  strategy: Webhook\n  webhook:\n    conversionReviewVersions: [v1]\n    clientConfig:\n      url: https://convert.example.com/convert\n",
};

pub(crate) fn validate(crd: &Internal, mode: Mode, sink: &mut Sink) {
    let Some(conv) = get_set(crd.spec, "conversion") else {
        return;
    };
    let base = Loc::new("spec.conversion");
    let strategy = get_str(conv, "strategy").unwrap_or("");
    if strategy != "None" && crd.pruf_nil_or_true() {
        sink.push(FErr::new(
            &CONVERSION,
            ErrType::Invalid,
            &base.child("strategy"),
            value_span(conv, "strategy"),
            Bad::str(strategy),
            "must be None if spec.preserveUnknownFields is true",
        ));
    }
    // Where the webhook settings are in the user's document.
    let (cc, cc_loc, cc_span, crv, crv_loc, crv_span) = if crd.v1 {
        let wh = get_set(conv, "webhook");
        let cc = wh.and_then(|w| get_set(w, "clientConfig"));
        let crv = wh.and_then(|w| get_set(w, "conversionReviewVersions"));
        (
            cc,
            Loc::two(
                "spec.conversion.webhook.clientConfig",
                "spec.conversion.webhookClientConfig",
            ),
            wh.map(|w| key_span(w, "clientConfig"))
                .unwrap_or_else(|| key_span(conv, "webhook")),
            crv,
            Loc::two(
                "spec.conversion.webhook.conversionReviewVersions",
                "spec.conversion.conversionReviewVersions",
            ),
            wh.map(|w| value_span(w, "conversionReviewVersions"))
                .unwrap_or_else(|| value_span(conv, "webhook")),
        )
    } else {
        (
            get_set(conv, "webhookClientConfig"),
            base.child("webhookClientConfig"),
            key_span(conv, "webhookClientConfig"),
            get_set(conv, "conversionReviewVersions"),
            base.child("conversionReviewVersions"),
            value_span(conv, "conversionReviewVersions"),
        )
    };
    let crv_items: &[Node] = crv.and_then(Node::as_seq).unwrap_or(&[]);
    enum_strings(
        &CONVERSION,
        &base.child("strategy"),
        strategy,
        &["None", "Webhook"],
        value_span(conv, "strategy"),
        sink,
    );
    if strategy == "Webhook" {
        match cc {
            None => sink.push(FErr::new(
                &CONVERSION,
                ErrType::Required,
                &cc_loc,
                cc_span,
                Bad::none(),
                "required when strategy is set to Webhook",
            )),
            Some(cc) => {
                let url = get_set(cc, "url");
                let svc = get_set(cc, "service");
                match (url, svc) {
                    (Some(_), Some(_)) | (None, None) => sink.push(FErr::new(
                        &CONVERSION,
                        ErrType::Required,
                        &cc_loc,
                        cc.span(),
                        Bad::none(),
                        "exactly one of url or service is required",
                    )),
                    (Some(u), None) => validate_url(u, &cc_loc.child("url"), mode.kube, sink),
                    (None, Some(s)) => validate_service(s, &cc_loc.child("service"), mode, sink),
                }
            }
        }
        // v1beta1 defaulting fills review versions on a real create.
        let defaulted = !crd.v1 && !mode.as_given;
        if !defaulted {
            validate_review_versions(crv_items, crv, &crv_loc, crv_span, sink);
        }
    } else {
        if cc.is_some() {
            sink.push(FErr::new(
                &CONVERSION,
                ErrType::Forbidden,
                &cc_loc,
                cc_span,
                Bad::none(),
                "should not be set when strategy is not set to Webhook",
            ));
        }
        if !crv_items.is_empty() {
            sink.push(FErr::new(
                &CONVERSION,
                ErrType::Forbidden,
                &crv_loc,
                crv_span,
                Bad::none(),
                "should not be set when strategy is not set to Webhook",
            ));
        }
    }
}

fn validate_review_versions(
    items: &[Node],
    node: Option<&Node>,
    loc: &Loc,
    span: Span,
    sink: &mut Sink,
) {
    if items.is_empty() {
        sink.push(FErr::new(
            &CONVERSION,
            ErrType::Required,
            loc,
            span,
            Bad::none(),
            "",
        ));
        return;
    }
    let mut seen = std::collections::HashSet::new();
    let mut accepted = false;
    for (i, n) in items.iter().enumerate() {
        let v = n.as_str().unwrap_or("");
        if !seen.insert(v) {
            sink.push(FErr::new(
                &CONVERSION,
                ErrType::Invalid,
                &loc.index(i),
                n.span(),
                Bad::str(v),
                "duplicate version",
            ));
            continue;
        }
        for m in is_dns1035_label(v) {
            sink.push(FErr::new(
                &CONVERSION,
                ErrType::Invalid,
                &loc.index(i),
                n.span(),
                Bad::str(v),
                m,
            ));
        }
        if v == "v1" || v == "v1beta1" {
            accepted = true;
        }
    }
    if !accepted {
        sink.push(FErr::new(
            &CONVERSION,
            ErrType::Invalid,
            loc,
            span,
            node.map(Bad::json).unwrap_or(Bad::raw("null")),
            "must include at least one of v1, v1beta1",
        ));
    }
}

fn validate_url(n: &Node, loc: &Loc, kube: crate::k8s::KubeVersion, sink: &mut Sink) {
    let s = n.as_str().unwrap_or("");
    const FORM: &str = "; desired format: https://host[/path]";
    // apiextensions `ValidateWebhookURL` uses Go's `url.Parse`, as the emulated minor's Go
    // runtime has it (strict colons from 1.36).
    let go = crate::schema::formats::gourl::Options::of(crate::k8s::Behavior::of(kube));
    match crate::schema::formats::gourl::parse_with(s, go) {
        Err(e) => sink.push(FErr::new(
            &CONVERSION,
            ErrType::Required,
            loc,
            n.span(),
            Bad::none(),
            format!("url must be a valid URL: {e}{FORM}"),
        )),
        Ok(u) => {
            if u.scheme != "https" {
                sink.push(FErr::new(
                    &CONVERSION,
                    ErrType::Invalid,
                    loc,
                    n.span(),
                    Bad::str(&u.scheme),
                    format!("'https' is the only allowed URL scheme{FORM}"),
                ));
            }
            if u.host.is_empty() {
                sink.push(FErr::new(
                    &CONVERSION,
                    ErrType::Invalid,
                    loc,
                    n.span(),
                    Bad::str(""),
                    format!("host must be specified{FORM}"),
                ));
            }
            // Go prints `u.User.String()`, the re-escaped userinfo.
            if let Some(user) = &u.user {
                sink.push(FErr::new(
                    &CONVERSION,
                    ErrType::Invalid,
                    loc,
                    n.span(),
                    Bad::str(&user.to_go_string()),
                    "user information is not permitted in the URL",
                ));
            }
            if !u.fragment.is_empty() {
                sink.push(FErr::new(
                    &CONVERSION,
                    ErrType::Invalid,
                    loc,
                    n.span(),
                    Bad::str(&crate::schema::formats::gourl::lossy(&u.fragment)),
                    "fragments are not permitted in the URL",
                ));
            }
            if !u.raw_query.is_empty() {
                sink.push(FErr::new(
                    &CONVERSION,
                    ErrType::Invalid,
                    loc,
                    n.span(),
                    Bad::str(&u.raw_query),
                    "query parameters are not permitted in the URL",
                ));
            }
        }
    }
}

fn validate_service(svc: &Node, loc: &Loc, mode: Mode, sink: &mut Sink) {
    let name = get_str(svc, "name").unwrap_or("");
    let namespace = get_str(svc, "namespace").unwrap_or("");
    // The server passes (name, namespace) to a function declared (namespace, name)
    // (kubernetes/kubernetes#141353): an empty namespace is reported at `name` and vice versa.
    if namespace.is_empty() {
        let mut e = FErr::new(
            &CONVERSION,
            ErrType::Required,
            &loc.child("name"),
            svc.span(),
            Bad::none(),
            "",
        );
        e.help = Some("service.namespace is empty (the server reports it under `name`)".into());
        sink.push(e);
    }
    if name.is_empty() {
        let mut e = FErr::new(
            &CONVERSION,
            ErrType::Required,
            &loc.child("namespace"),
            svc.span(),
            Bad::none(),
            "",
        );
        e.help = Some("service.name is empty (the server reports it under `namespace`)".into());
        sink.push(e);
    }
    let port = match svc.get("port").and_then(Node::as_i64) {
        Some(p) => p,
        None if mode.as_given => 0,
        None => 443,
    };
    if !(1..=65535).contains(&port) {
        sink.push(FErr::new(
            &CONVERSION,
            ErrType::Invalid,
            &loc.child("port"),
            value_span(svc, "port"),
            Bad::int(port),
            "port is not valid: must be between 1 and 65535, inclusive",
        ));
    }
    let Some(pn) = get_set(svc, "path") else {
        return;
    };
    let path = pn.as_str().unwrap_or("");
    let ploc = loc.child("path");
    if path.is_empty() || path == "/" {
        return;
    }
    let push = |sink: &mut Sink, m: String| {
        sink.push(FErr::new(
            &CONVERSION,
            ErrType::Invalid,
            &ploc,
            pn.span(),
            Bad::str(path),
            m,
        ));
    };
    if path == "//" {
        push(sink, "segment[0] may not be empty".into());
        return;
    }
    if !path.starts_with('/') {
        push(sink, "must start with a '/'".into());
    }
    let mut check = &path[path.chars().next().map(char::len_utf8).unwrap_or(0)..];
    if let Some(c) = check.strip_suffix('/') {
        check = c;
    }
    for (i, step) in check.split('/').enumerate() {
        if step.is_empty() {
            push(sink, format!("segment[{i}] may not be empty"));
            continue;
        }
        for f in is_dns1123_subdomain(step) {
            push(sink, format!("segment[{i}]: {f}"));
        }
    }
}
