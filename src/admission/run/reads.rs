//! What the run's validating policies read of the variables bound per request (`object`,
//! `oldObject`, `request`, `params`, `namespaceObject`), found once when the policies are
//! prepared, so that each request converts only that: a policy that reads
//! `object.metadata.name` does not need the object's `spec` built as CEL values, and that
//! conversion, whole, for every object, was most of a run's cost outside the evaluator.
//!
//! What an expression reads of a variable is the CRD rules' analysis
//! (`cel::validator::add_needs`, [`Needs`]): the fields selected along paths from the
//! variable, presence tests, lengths, the elements of a list a loop reads; any other use
//! reads the value whole. The union is taken over every expression of every validating
//! policy (match conditions, variables, validations, messages, audit annotations), so one
//! conversion per object serves them all. The projection keeps, of a map, the keys read
//! (in their order), of a list every element (its length is read), and converts the rest as
//! [`to_value_untyped`] would; a need that does not fit the data's shape (a field of a list,
//! the elements of a map) converts the value whole, so every path an expression takes reads
//! the same value as in the whole conversion.

use crate::cel::eval::ast::Expr;
use crate::cel::eval::convert::{to_value_untyped_needed, Needs};
use crate::cel::eval::value::Value;
use crate::cel::validator::add_needs;
use crate::yaml::Node;

/// What is read of each variable bound per request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Reads {
    pub(super) object: Needs,
    pub(super) old_object: Needs,
    pub(super) request: Needs,
    pub(super) params: Needs,
    pub(super) namespace_object: Needs,
}

impl Reads {
    /// Everything: for a caller that does not know what will be read.
    pub(super) fn all() -> Reads {
        Reads {
            object: Needs::All,
            old_object: Needs::All,
            request: Needs::All,
            params: Needs::All,
            namespace_object: Needs::All,
        }
    }

    /// What the expressions read, together.
    pub(super) fn of<'e>(exprs: impl IntoIterator<Item = &'e Expr>) -> Reads {
        let mut r = Reads {
            object: Needs::Nothing,
            old_object: Needs::Nothing,
            request: Needs::Nothing,
            params: Needs::Nothing,
            namespace_object: Needs::Nothing,
        };
        for e in exprs {
            add_needs(&mut r.object, e, "object");
            add_needs(&mut r.old_object, e, "oldObject");
            add_needs(&mut r.request, e, "request");
            add_needs(&mut r.params, e, "params");
            add_needs(&mut r.namespace_object, e, "namespaceObject");
        }
        r
    }
}

/// The untyped CEL value of `node` as far as `needs` reads it (see the module's text).
pub(super) fn project(node: &Node, needs: &Needs) -> Value {
    to_value_untyped_needed(node, needs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cel::eval::value::Key;
    use crate::cel::eval::{ast::checked, convert::to_value_untyped, evaluate, Options};
    use serde_json::json;

    fn object() -> Node {
        Node::from_json(&json!({
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "metadata": {"name": "web", "namespace": "shop", "labels": {"app": "web", "tier": ""},
                         "annotations": null},
            "spec": {"replicas": 3, "paused": false, "selector": {"matchLabels": {"app": "web"}},
                     "template": {"spec": {"containers": [
                         {"name": "a", "image": "nginx", "ports": [{"containerPort": 80}]},
                         {"name": "b", "image": "redis", "env": [{"name": "X", "value": "1"}]}]}}},
        }))
    }

    /// Every expression gives the same value, or the same error, on the projection of what
    /// the expressions read as on the whole conversion; the projection leaves out what no
    /// expression reads.
    #[test]
    fn a_projection_reads_like_the_whole_object() {
        let sources = [
            "has(self.metadata.name) && self.metadata.name != ''",
            "has(self.metadata.annotations)",
            "has(self.metadata.labels) ? self.metadata.labels : {}",
            "size(self.spec.template.spec.containers) == 2",
            "self.spec.template.spec.containers.all(c, has(c.ports) || c.image == 'redis')",
            "self.spec.template.spec.containers.exists(c, c.env.exists(e, e.name == 'X'))",
            "self.spec.template.spec.containers[0].name",
            "self.spec.selector.matchLabels['app']",
            "'app' in self.metadata.labels",
            "self.metadata.labels.all(k, size(k) < 10)",
            "size(self.spec.selector)",
            "self.spec.missing",
            "self.spec.replicas.foo",
            "has(self.spec.template.spec.containers[1].ports)",
            "self.metadata.namespace",
            "self.spec.paused == false",
        ];
        let node = object();
        let whole = to_value_untyped(&node);
        let opts = Options::default();
        let mut needs = Needs::Nothing;
        let exprs: Vec<Expr> = sources.iter().map(|s| checked(s)).collect();
        for e in &exprs {
            add_needs(&mut needs, e, "self");
        }
        assert_ne!(needs, Needs::All);
        let part = project(&node, &needs);
        for (src, e) in sources.iter().zip(&exprs) {
            let a = evaluate(e, &[("self", whole.clone())], opts).value;
            let b = evaluate(e, &[("self", part.clone())], opts).value;
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "{src}");
        }
        // Of `spec.template.spec.containers`, only `name`, `image`, `ports` and `env` were
        // read; `apiVersion` and `kind` not at all.
        let Value::Map(m) = &part else {
            panic!("{part:?}")
        };
        assert!(m.get_str("kind").is_none() && m.get_str("apiVersion").is_none());
        let one = |src: &str| {
            let mut n = Needs::Nothing;
            add_needs(&mut n, &checked(src), "self");
            project(&node, &n)
        };
        let kind = Value::map(
            [(Key::String("kind".into()), Value::string("Deployment"))]
                .into_iter()
                .collect(),
        );
        let debug = |v: &Value| format!("{v:?}");
        assert_eq!(debug(&one("self.kind")), debug(&kind));
        // Read whole: the whole conversion; not read: nothing.
        assert_eq!(debug(&one("self == self")), debug(&whole));
        assert_eq!(debug(&one("1 == 1")), debug(&Value::Null));
    }

    /// What a policy's expressions read, together: here only three fields of the metadata.
    #[test]
    fn reads_of_a_policy_are_the_union_of_its_expressions() {
        let mut object = Needs::Nothing;
        for src in [
            "has(self.metadata.labels) ? self.metadata.labels : {}",
            "size(self.metadata.name) <= 253",
            "!(has(self.metadata.annotations) && 'x' in self.metadata.annotations)",
        ] {
            add_needs(&mut object, &checked(src), "self");
        }
        let Needs::Fields(f) = &object else {
            panic!("{object:?}")
        };
        assert_eq!(f.len(), 1);
        let Some(Needs::Fields(meta)) = object.field("metadata") else {
            panic!("{object:?}")
        };
        let mut names: Vec<&str> = meta.iter().map(|(n, _)| &**n).collect();
        names.sort();
        assert_eq!(names, ["annotations", "labels", "name"]);
        // The name's length only: a string, converted whole by the projection.
        let name = Needs::Elements(Box::new(Needs::Nothing));
        assert_eq!(
            object.field("metadata").and_then(|m| m.field("name")),
            Some(&name)
        );
        assert_eq!(meta.iter().filter(|(_, n)| *n == Needs::All).count(), 2);
    }
}
