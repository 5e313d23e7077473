//! The string-format checks of kube-openapi's default registry as the CR validator calls them;
//! the checks themselves live in [`crate::schema::formats`].

/// True when `value` is valid for the (kept) `format`; formats the registry does not know pass.
pub(crate) fn validates(format: &str, value: &str) -> bool {
    crate::schema::formats::validate(format, value).unwrap_or(true)
}

/// Whether kube-openapi's registry knows the format (then the format validator runs).
pub(crate) fn known(format: &str) -> bool {
    crate::schema::formats::validator(format).is_some()
}
