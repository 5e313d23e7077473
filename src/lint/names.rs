//! DNS name predicates with apimachinery's exact messages, from `crate::k8s::names`.

pub(crate) use crate::k8s::names::{is_dns1035_label, is_dns1123_subdomain};
