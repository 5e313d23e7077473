//! The message types a MutatingAdmissionPolicy's mutation expressions may construct, as
//! apiserver `pkg/cel/mutation/typeresolver.go` (`DynamicTypeResolver`) declares them when the
//! environment has patch types (`HasPatchTypes`, `pkg/admission/plugin/cel/compile.go`):
//!
//! * `JSONPatch`, with `op`, `path` and `from` of type `string` and `value` of type `dyn`
//!   (`jsonpatch.go`; any other field name has no type there, and is left `dyn` here);
//! * `Object` and every `Object.<path>` (`dynamic/objects.go`): any field name, every field
//!   `dyn`: the server types apply configurations only when it merges them.

use std::sync::Arc;

use crate::cel::types::{DeclField, DeclKind, DeclType, Type};

/// `mutation.ObjectTypeName`.
pub const OBJECT: &str = "Object";
/// `mutation.JSONPatchTypeName`.
pub const JSONPATCH: &str = "JSONPatch";

/// The declared type of message type `name`, `None` when the resolver does not know it.
pub fn resolve(name: &str) -> Option<Arc<DeclType>> {
    if name == JSONPATCH {
        let mut d = DeclType::scalar(JSONPATCH, Type::Dyn, 0, 0);
        d.kind = DeclKind::Object;
        for (f, t) in [
            ("op", Type::String),
            ("path", Type::String),
            ("from", Type::String),
            ("value", Type::Dyn),
        ] {
            let name = t.to_string();
            d.fields.insert(
                f.to_string(),
                DeclField {
                    name: f.to_string(),
                    json_name: f.to_string(),
                    ty: Arc::new(DeclType::scalar(&name, t, 0, 0)),
                    required: false,
                },
            );
        }
        return Some(Arc::new(d));
    }
    if name == OBJECT || name.strip_prefix("Object.").is_some() {
        let mut d = DeclType::scalar(name, Type::Dyn, 0, 0);
        d.kind = DeclKind::Object;
        return Some(Arc::new(d));
    }
    None
}

/// The type of field `field` of a resolved message type: declared fields their type, any other
/// `dyn`.
pub fn field_type(d: &DeclType, field: &str) -> Type {
    d.fields.get(field).map_or(Type::Dyn, |f| f.ty.cel_type())
}
