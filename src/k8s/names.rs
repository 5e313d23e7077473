//! Kubernetes name predicates (apimachinery `pkg/util/validation` and
//! `pkg/api/validate/content`), returning the server's messages word for word.
//!
//! Each `is_*` function returns the list of problems (empty = valid), like the Go functions;
//! callers turn each message into a field error (`Invalid value: "<v>": <msg>`) or join them
//! with `,` where the server does. The regular expressions are matched by hand: they are all
//! ASCII character classes, and the hand-written matchers cost nothing per call.
//!
//! Two message dialects exist upstream and both are reproduced: the older
//! `pkg/util/validation` length message says `characters` (DNS labels and subdomains, used for
//! object names, groups and CRD names) while the newer `content` package, used for label keys,
//! label values and qualified names, says `bytes`.

/// `DNS1123LabelMaxLength`.
pub const DNS1123_LABEL_MAX_LENGTH: usize = 63;
/// `DNS1123SubdomainMaxLength`.
pub const DNS1123_SUBDOMAIN_MAX_LENGTH: usize = 253;
/// `DNS1035LabelMaxLength`.
pub const DNS1035_LABEL_MAX_LENGTH: usize = 63;
/// `LabelValueMaxLength` (also the qualified-name "name part" limit).
pub const LABEL_VALUE_MAX_LENGTH: usize = 63;

const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_LABEL_ERR: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_FMT: &str =
    "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const DNS1123_SUBDOMAIN_ERR: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_LABEL_FMT: &str = "[a-z]([-a-z0-9]*[a-z0-9])?";
const DNS1035_LABEL_ERR: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const WILDCARD_FMT: &str = "\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const WILDCARD_ERR: &str = "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character";
const LABEL_KEY_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const LABEL_KEY_ERR: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
const LABEL_VALUE_ERR: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const C_IDENTIFIER_FMT: &str = "[A-Za-z_][A-Za-z0-9_]*";
const C_IDENTIFIER_ERR: &str = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'";

/// `MaxLenError` of `pkg/util/validation`: `must be no more than N characters`.
pub fn max_len_error(n: usize) -> String {
    format!("must be no more than {n} characters")
}

/// `MaxLenError` of `pkg/api/validate/content`: `must be no more than N bytes`.
pub fn max_len_error_bytes(n: usize) -> String {
    format!("must be no more than {n} bytes")
}

/// `EmptyError`.
pub const EMPTY_ERROR: &str = "must be non-empty";

/// `RegexError(msg, fmt, examples...)`. Note the examples are each followed by `', '` and
/// joined with `" or "`, which yields the server's double space: `'my-name',  or '123-abc', `.
pub fn regex_error(msg: &str, fmt: &str, examples: &[&str]) -> String {
    if examples.is_empty() {
        return format!("{msg} (regex used for validation is '{fmt}')");
    }
    let mut s = format!("{msg} (e.g. ");
    for (i, e) in examples.iter().enumerate() {
        if i > 0 {
            s.push_str(" or ");
        }
        s.push('\'');
        s.push_str(e);
        s.push_str("', ");
    }
    s.push_str("regex used for validation is '");
    s.push_str(fmt);
    s.push_str("')");
    s
}

fn is_lower_alnum(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit()
}

/// `^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
fn match_dns1123_label(v: &[u8]) -> bool {
    match (v.first(), v.last()) {
        (Some(&f), Some(&l)) => {
            is_lower_alnum(f)
                && is_lower_alnum(l)
                && v.iter().all(|&b| is_lower_alnum(b) || b == b'-')
        }
        _ => false,
    }
}

/// `^<label>(\.<label>)*$`
fn match_dns1123_subdomain(v: &[u8]) -> bool {
    v.split(|&b| b == b'.').all(match_dns1123_label)
}

/// `^[a-z]([-a-z0-9]*[a-z0-9])?$`
fn match_dns1035_label(v: &[u8]) -> bool {
    v.first().is_some_and(u8::is_ascii_lowercase) && match_dns1123_label(v)
}

/// `^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$`
fn match_label_key_name(v: &[u8]) -> bool {
    match (v.first(), v.last()) {
        (Some(f), Some(l)) => {
            f.is_ascii_alphanumeric()
                && l.is_ascii_alphanumeric()
                && v.iter()
                    .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        }
        _ => false,
    }
}

/// `IsDNS1123Label`.
pub fn is_dns1123_label(value: &str) -> Vec<String> {
    dns1123_label(value.as_bytes())
}

fn dns1123_label(v: &[u8]) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > DNS1123_LABEL_MAX_LENGTH {
        errs.push(max_len_error(DNS1123_LABEL_MAX_LENGTH));
    }
    if !match_dns1123_label(v) {
        if match_dns1123_subdomain(v) {
            errs.push("must not contain dots".to_string());
        } else {
            errs.push(regex_error(
                DNS1123_LABEL_ERR,
                DNS1123_LABEL_FMT,
                &["my-name", "123-abc"],
            ));
        }
    }
    errs
}

/// `IsDNS1123Subdomain` (`pkg/util/validation`: length message in characters).
pub fn is_dns1123_subdomain(value: &str) -> Vec<String> {
    dns1123_subdomain(value.as_bytes(), max_len_error)
}

fn dns1123_subdomain(v: &[u8], max_len: fn(usize) -> String) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(max_len(DNS1123_SUBDOMAIN_MAX_LENGTH));
    }
    if !match_dns1123_subdomain(v) {
        errs.push(regex_error(
            DNS1123_SUBDOMAIN_ERR,
            DNS1123_SUBDOMAIN_FMT,
            &["example.com"],
        ));
    }
    errs
}

/// `IsDNS1035Label`.
pub fn is_dns1035_label(value: &str) -> Vec<String> {
    dns1035_label(value.as_bytes())
}

fn dns1035_label(v: &[u8]) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > DNS1035_LABEL_MAX_LENGTH {
        errs.push(max_len_error(DNS1035_LABEL_MAX_LENGTH));
    }
    if !match_dns1035_label(v) {
        errs.push(regex_error(
            DNS1035_LABEL_ERR,
            DNS1035_LABEL_FMT,
            &["my-name", "abc-123"],
        ));
    }
    errs
}

/// `IsWildcardDNS1123Subdomain`: `*.` followed by a DNS-1123 subdomain.
pub fn is_wildcard_dns1123_subdomain(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(max_len_error(DNS1123_SUBDOMAIN_MAX_LENGTH));
    }
    let ok = value
        .strip_prefix("*.")
        .is_some_and(|rest| match_dns1123_subdomain(rest.as_bytes()));
    if !ok {
        errs.push(regex_error(WILDCARD_ERR, WILDCARD_FMT, &["*.example.com"]));
    }
    errs
}

/// `IsQualifiedName` = `content.IsLabelKey`: `[prefix/]name`, prefix a DNS-1123 subdomain,
/// name at most 63 bytes of `[-A-Za-z0-9_.]` starting and ending alphanumeric. Used for label
/// keys, annotation keys (lower-cased first) and finalizer names.
pub fn is_qualified_name(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let parts: Vec<&str> = value.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                errs.push(format!("prefix part {EMPTY_ERROR}"));
            } else {
                for m in dns1123_subdomain(prefix.as_bytes(), max_len_error_bytes) {
                    errs.push(format!("prefix part {m}"));
                }
            }
            *name
        }
        _ => {
            errs.push(format!(
                "a valid label key {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                regex_error(LABEL_KEY_ERR, LABEL_KEY_FMT, &["MyName", "my.name", "123-abc"])
            ));
            return errs;
        }
    };
    if name.is_empty() {
        errs.push(format!("name part {EMPTY_ERROR}"));
    } else if name.len() > LABEL_VALUE_MAX_LENGTH {
        errs.push(format!(
            "name part {}",
            max_len_error_bytes(LABEL_VALUE_MAX_LENGTH)
        ));
    }
    if !match_label_key_name(name.as_bytes()) {
        errs.push(format!(
            "name part {}",
            regex_error(
                LABEL_KEY_ERR,
                LABEL_KEY_FMT,
                &["MyName", "my.name", "123-abc"]
            )
        ));
    }
    errs
}

/// `IsValidLabelValue` = `content.IsLabelValue`: empty, or at most 63 bytes shaped like a
/// qualified-name name part.
pub fn is_valid_label_value(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > LABEL_VALUE_MAX_LENGTH {
        errs.push(max_len_error_bytes(LABEL_VALUE_MAX_LENGTH));
    }
    if !value.is_empty() && !match_label_key_name(value.as_bytes()) {
        errs.push(regex_error(
            LABEL_VALUE_ERR,
            LABEL_VALUE_FMT,
            &["MyValue", "my_value", "12345"],
        ));
    }
    errs
}

/// `IsCIdentifier`.
pub fn is_c_identifier(value: &str) -> Vec<String> {
    let b = value.as_bytes();
    let ok = b
        .first()
        .is_some_and(|&f| f.is_ascii_alphabetic() || f == b'_')
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_');
    if ok {
        Vec::new()
    } else {
        vec![regex_error(
            C_IDENTIFIER_ERR,
            C_IDENTIFIER_FMT,
            &["my_name", "MY_NAME", "MyName"],
        )]
    }
}

/// `IsPathSegmentName`: the name rule for objects whose name becomes a URL path segment
/// (custom resources with a schema-supplied name rule use this for embedded metadata).
pub fn is_path_segment_name(name: &str) -> Vec<String> {
    for illegal in [".", ".."] {
        if name == illegal {
            return vec![format!("may not be '{illegal}'")];
        }
    }
    is_path_segment_prefix(name)
}

/// `IsPathSegmentPrefix`: `may not contain '/'`, `may not contain '%'`.
pub fn is_path_segment_prefix(name: &str) -> Vec<String> {
    ["/", "%"]
        .iter()
        .filter(|c| name.contains(*c))
        .map(|c| format!("may not contain '{c}'"))
        .collect()
}

/// `maskTrailingDash`: for `generateName` checks, a trailing `-` is replaced together with the
/// byte before it by `a` (`"foo-"` → `"foa"`), so prefixes ending in a dash pass.
fn mask_trailing_dash(name: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if name.len() > 1 && name.ends_with(b"-") {
        let mut v = name[..name.len() - 2].to_vec();
        v.push(b'a');
        std::borrow::Cow::Owned(v)
    } else {
        std::borrow::Cow::Borrowed(name)
    }
}

/// `IsValidPortName` (an IANA_SVC_NAME: container port names).
pub fn is_valid_port_name(port: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if port.len() > 15 {
        errs.push(max_len_error(15));
    }
    if port.is_empty()
        || !port
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)".into());
    }
    if !port.bytes().any(|b| b.is_ascii_lowercase()) {
        errs.push("must contain at least one letter (a-z)".into());
    }
    if port.contains("--") {
        errs.push("must not contain consecutive hyphens".into());
    }
    if port.starts_with('-') || port.ends_with('-') {
        errs.push("must not begin or end with a hyphen".into());
    }
    errs
}

/// A `ValidateNameFunc`: `(name, is_prefix) -> messages`. `is_prefix` is true for
/// `generateName`.
pub type NameFn = fn(&str, bool) -> Vec<String>;

/// `NameIsDNSSubdomain` (object names of most kinds, including custom resources).
pub fn name_is_dns_subdomain(name: &str, prefix: bool) -> Vec<String> {
    let b = name.as_bytes();
    let b = if prefix {
        mask_trailing_dash(b)
    } else {
        b.into()
    };
    dns1123_subdomain(&b, max_len_error)
}

/// `NameIsDNSLabel` (namespaces).
pub fn name_is_dns_label(name: &str, prefix: bool) -> Vec<String> {
    let b = name.as_bytes();
    let b = if prefix {
        mask_trailing_dash(b)
    } else {
        b.into()
    };
    dns1123_label(&b)
}

/// `NameIsDNS1035Label`.
pub fn name_is_dns1035_label(name: &str, prefix: bool) -> Vec<String> {
    let b = name.as_bytes();
    let b = if prefix {
        mask_trailing_dash(b)
    } else {
        b.into()
    };
    dns1035_label(&b)
}

/// The path-segment name rule as a [`NameFn`] (prefix or not, the same rule applies to
/// `generateName` via `IsPathSegmentPrefix`).
pub fn name_is_path_segment(name: &str, prefix: bool) -> Vec<String> {
    if prefix {
        is_path_segment_prefix(name)
    } else {
        is_path_segment_name(name)
    }
}

/// The name part of `ValidateObjectMetaAccessor` (create): `generateName` checked with
/// `name_fn(_, true)` at `<meta>.generateName`, then `name` required (`name or generateName is
/// required`) or checked with `name_fn(_, false)` at `<meta>.name`, one error per message.
pub fn validate_object_meta_names(
    name: &str,
    generate_name: &str,
    name_fn: NameFn,
    meta: &super::FieldPath,
) -> Vec<super::FieldError> {
    use super::FieldError;
    let mut errs = Vec::new();
    if !generate_name.is_empty() {
        for msg in name_fn(generate_name, true) {
            errs.push(FieldError::invalid(
                meta.child("generateName"),
                generate_name,
                msg,
            ));
        }
    }
    if name.is_empty() {
        errs.push(FieldError::required(
            meta.child("name"),
            "name or generateName is required",
        ));
    } else {
        for msg in name_fn(name, false) {
            errs.push(FieldError::invalid(meta.child("name"), name, msg));
        }
    }
    errs
}

/// The namespace part of `ValidateObjectMetaAccessor`: required and a DNS-1123 label for
/// namespaced kinds, forbidden for cluster-scoped ones.
pub fn validate_object_meta_namespace(
    namespace: &str,
    namespaced: bool,
    meta: &super::FieldPath,
) -> Vec<super::FieldError> {
    use super::FieldError;
    let path = meta.child("namespace");
    if namespaced {
        if namespace.is_empty() {
            return vec![FieldError::required(path, "")];
        }
        name_is_dns_label(namespace, false)
            .into_iter()
            .map(|m| FieldError::invalid(path.clone(), namespace, m))
            .collect()
    } else if !namespace.is_empty() {
        vec![FieldError::forbidden(path, "not allowed on this type")]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_messages() {
        assert_eq!(
            is_dns1123_label("A"),
            vec!["a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"]
        );
        assert_eq!(is_dns1123_label("a.b"), vec!["must not contain dots"]);
        assert_eq!(
            is_dns1123_subdomain("Foo"),
            vec!["a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"]
        );
        assert_eq!(
            is_dns1035_label("1a"),
            vec!["a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"]
        );
        let long = "a".repeat(254);
        assert_eq!(
            is_dns1123_subdomain(&long),
            vec!["must be no more than 253 characters"]
        );
        assert_eq!(
            is_qualified_name("a/b/c"),
            vec!["a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"]
        );
        assert_eq!(
            is_qualified_name("/x"),
            vec!["prefix part must be non-empty"]
        );
        assert_eq!(
            is_qualified_name("example.com/My_name.1"),
            Vec::<String>::new()
        );
        assert_eq!(is_qualified_name("x/"), vec![
            "name part must be non-empty".to_string(),
            "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')".to_string(),
        ]);
        assert!(is_valid_label_value("").is_empty());
        assert_eq!(
            is_valid_label_value(&"a".repeat(64)),
            vec!["must be no more than 63 bytes"]
        );
        assert_eq!(is_path_segment_name(".."), vec!["may not be '..'"]);
        assert_eq!(
            is_path_segment_name("a/%"),
            vec!["may not contain '/'", "may not contain '%'"]
        );
        assert!(is_c_identifier("_a1").is_empty() && !is_c_identifier("1a").is_empty());
        assert!(is_wildcard_dns1123_subdomain("*.example.com").is_empty());
        assert!(!is_wildcard_dns1123_subdomain("example.com").is_empty());
    }

    #[test]
    fn object_meta_names() {
        let meta = super::super::FieldPath::new("metadata");
        let render = |e: Vec<super::super::FieldError>| -> Vec<String> {
            e.iter().map(ToString::to_string).collect()
        };
        assert_eq!(
            render(validate_object_meta_names(
                "",
                "",
                name_is_dns_subdomain,
                &meta
            )),
            vec!["metadata.name: Required value: name or generateName is required"]
        );
        assert!(validate_object_meta_names("", "foo-", name_is_dns_subdomain, &meta).len() == 1);
        let e = render(validate_object_meta_names(
            "Foo",
            "",
            name_is_dns_subdomain,
            &meta,
        ));
        assert!(
            e.len() == 1
                && e[0].starts_with(
                    "metadata.name: Invalid value: \"Foo\": a lowercase RFC 1123 subdomain"
                )
        );
        let e = render(validate_object_meta_names(
            "a/b",
            "x%",
            name_is_path_segment,
            &meta,
        ));
        assert_eq!(
            e,
            vec![
                "metadata.generateName: Invalid value: \"x%\": may not contain '%'",
                "metadata.name: Invalid value: \"a/b\": may not contain '/'"
            ]
        );
        assert_eq!(
            render(validate_object_meta_namespace("", true, &meta)),
            vec!["metadata.namespace: Required value"]
        );
        assert_eq!(
            render(validate_object_meta_namespace("ns", false, &meta)),
            vec!["metadata.namespace: Forbidden: not allowed on this type"]
        );
        assert!(validate_object_meta_namespace("ns", true, &meta).is_empty());
    }

    #[test]
    fn generate_name_masks_trailing_dash() {
        assert!(name_is_dns_subdomain("foo-", true).is_empty());
        assert!(!name_is_dns_subdomain("foo-", false).is_empty());
        assert!(!name_is_dns_subdomain("-", true).is_empty());
        assert!(name_is_dns_label("a-", true).is_empty());
        // A multi-byte character before the dash is cut in half, as in Go; still invalid.
        assert!(!name_is_dns_subdomain("é-", true).is_empty());
    }
}
