//! The walk over one `openAPIV3Schema` that compiles and estimates every rule and
//! messageExpression, carrying each node's declared type, cardinality and location.

use std::sync::Arc;

use super::{
    estimate, Ancestor, ExpressionKind, OwnedEdge, Recheck, RuleCompiler, RuleCost, SchemaCosts,
};
use crate::cel::cost::budget::{
    self, fallback_cardinality, max_elements_of, Cardinality, TotalCost,
};
use crate::cel::cost::estimator::CheckedAst;
use crate::cel::escaping::escape;
use crate::cel::types::DeclType;
use crate::diag::Span;
use crate::k8s::FieldPath;
use crate::schema::{Edge, Schema};

/// Walk depth guard (the schema model is already cut at [`crate::schema::MAX_DEPTH`]).
const MAX_WALK_DEPTH: usize = crate::schema::MAX_DEPTH + 1;

struct Walker<'c> {
    compiler: &'c dyn RuleCompiler,
    out: SchemaCosts,
}

/// Estimates every rule and messageExpression of one `openAPIV3Schema`. `user` and `server` are
/// the paths of the `openAPIV3Schema` node in the user's document and in the server's messages.
pub fn schema_costs(
    root: &Schema,
    user: &FieldPath,
    server: &FieldPath,
    compiler: &dyn RuleCompiler,
) -> SchemaCosts {
    let mut w = Walker {
        compiler,
        out: SchemaCosts {
            rules: Vec::new(),
            total: TotalCost::default(),
            recheck: Vec::new(),
        },
    };
    // Each node with rules is typed from the nearest ancestor with rules, or else from itself
    // (`visit`), as the compile check types them (`cel::rules::compile_crd_rules`): structurally
    // the types the schema root's would give its descendants, without typing the whole schema
    // when the root has no rules of its own (29 M of the 543 M instructions of linting the 107
    // CRDs of the 10,000-resource workload), and the same types, so a compiler can share them
    // ([`crate::cel::cost::SharedTypes`]).
    let mut node = NodeCtx {
        user: user.clone(),
        server: server.clone(),
        location: Vec::new(),
        edges: Vec::new(),
        cardinality: Cardinality::ROOT,
        ancestors: Vec::new(),
    };
    w.visit(root, None, true, &mut node, 0);
    w.out
}

/// Where the walk is.
struct NodeCtx {
    user: FieldPath,
    server: FieldPath,
    /// Display path segments: `.name` and `[*]`.
    location: Vec<String>,
    edges: Vec<OwnedEdge>,
    cardinality: Cardinality,
    ancestors: Vec<Ancestor>,
}

pub(super) fn location_string(segs: &[String]) -> String {
    if segs.is_empty() {
        return "<root>".to_string();
    }
    let mut s = String::new();
    for seg in segs {
        if seg == "[*]" {
            s.push_str(seg);
        } else {
            if !s.is_empty() {
                s.push('.');
            }
            s.push_str(seg);
        }
    }
    s
}

impl Walker<'_> {
    fn visit(
        &mut self,
        schema: &Schema,
        decl: Option<Arc<DeclType>>,
        is_root: bool,
        node: &mut NodeCtx,
        depth: usize,
    ) {
        if depth > MAX_WALK_DEPTH {
            return;
        }
        // The node's type: from the parent's type tree, else derived from this node.
        let decl = if schema.rare().x_validations.is_empty() {
            decl
        } else {
            decl.or_else(|| {
                self.compiler
                    .decl_type(schema, is_root || schema.x_embedded_resource)
            })
        };
        if !schema.rare().x_validations.is_empty() {
            self.rules_at(schema, decl.as_ref(), node);
        }
        let own_bound = max_elements_of(
            schema.type_(),
            schema.additional_properties.is_some(),
            schema.rare().max_items,
            schema.rare().max_properties,
        );
        let child_card = node.cardinality.child(own_bound);
        for (edge, child) in schema.structural_children() {
            let (seg, owned, child_decl) = match edge {
                Edge::Property(name) => {
                    // Fields are keyed by escaped name; unescapable names are not visible.
                    let d = decl
                        .as_ref()
                        .and_then(|d| escape(name).and_then(|e| d.field(&e).map(|f| f.ty.clone())));
                    (name.to_string(), OwnedEdge::Property(name.to_string()), d)
                }
                Edge::AdditionalProperties => (
                    "[*]".to_string(),
                    OwnedEdge::AdditionalProperties,
                    decl.as_ref()
                        .filter(|d| d.is_map())
                        .and_then(|d| d.elem().cloned()),
                ),
                Edge::Items => (
                    "[*]".to_string(),
                    OwnedEdge::Items,
                    decl.as_ref()
                        .filter(|d| d.is_list())
                        .and_then(|d| d.elem().cloned()),
                ),
                _ => continue,
            };
            // Only subtrees with rules need types and paths.
            if !child.has_validation_rules() {
                continue;
            }
            // Every parent that can hold more than one value multiplies (cel_validation.go
            // `extractMaxElements`: arrays, and objects with any additionalProperties).
            let pushed_ancestor = own_bound != Some(1);
            if pushed_ancestor {
                node.ancestors.push(Ancestor {
                    data_path: location_string(&node.location),
                    schema_path: node.user.clone(),
                    keyword: if schema.is_type("array") {
                        "maxItems"
                    } else {
                        "maxProperties"
                    },
                    bound: own_bound,
                    depth: node.edges.len(),
                });
            }
            let saved = (node.user.clone(), node.server.clone(), node.cardinality);
            node.user = edge.append_to(&saved.0);
            node.server = edge.append_to(&saved.1);
            node.cardinality = child_card;
            node.location.push(seg);
            node.edges.push(owned);
            self.visit(child, child_decl, false, node, depth + 1);
            node.edges.pop();
            node.location.pop();
            node.user = saved.0;
            node.server = saved.1;
            node.cardinality = saved.2;
            if pushed_ancestor {
                node.ancestors.pop();
            }
        }
    }

    fn rules_at(&mut self, schema: &Schema, decl: Option<&Arc<DeclType>>, node: &NodeCtx) {
        let fallback = decl.map_or(0, |d| fallback_cardinality(d.min_serialized_size));
        for (i, rule) in schema.rare().x_validations.iter().enumerate() {
            let base_user = node.user.child("x-kubernetes-validations").index(i);
            let base_server = node.server.child("x-kubernetes-validations").index(i);
            let optional_old_self = rule.optional_old_self == Some(true);
            // compileRule: a blank rule costs 0 and compiles nothing else.
            let source = rule.rule.trim();
            if source.is_empty() {
                // Cost 0: nothing to add to the total or to show.
                continue;
            }
            // Compiled as written, like the compile check does (the server trims only to test
            // for blank rules): both then share one compilation.
            let checked = decl.and_then(|d| {
                self.compiler
                    .compile(&rule.rule, d, optional_old_self, ExpressionKind::Rule)
            });
            let rule_ok = checked.is_some();
            self.push(
                node,
                &base_user,
                &base_server,
                ExpressionKind::Rule,
                source,
                rule.rule_span,
                checked,
                decl,
                fallback,
            );
            // The messageExpression is compiled only after the rule compiled, and counted only
            // when it compiled too (`cr.MessageExpression != nil`).
            let msg = rule.message_expression.as_str();
            if !rule_ok || msg.is_empty() {
                continue;
            }
            let checked = decl.and_then(|d| {
                self.compiler
                    .compile(msg, d, optional_old_self, ExpressionKind::MessageExpression)
            });
            if checked.is_some() {
                self.push(
                    node,
                    &base_user,
                    &base_server,
                    ExpressionKind::MessageExpression,
                    msg,
                    rule.message_expression_span,
                    checked,
                    decl,
                    fallback,
                );
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        node: &NodeCtx,
        base_user: &FieldPath,
        base_server: &FieldPath,
        kind: ExpressionKind,
        source: &str,
        span: Span,
        checked: Option<Box<dyn CheckedAst>>,
        decl: Option<&Arc<DeclType>>,
        fallback: u64,
    ) {
        let estimated = match (&checked, decl) {
            (Some(c), Some(d)) => estimate(c.as_ref(), d),
            _ => 0,
        };
        let (cardinality, multiplier) = match kind {
            ExpressionKind::Rule => (
                node.cardinality,
                match node.cardinality {
                    Cardinality::Bounded(c) => c,
                    Cardinality::Unbounded => fallback,
                },
            ),
            ExpressionKind::MessageExpression => (Cardinality::Bounded(1), 1),
        };
        let total = budget::multiply_with_overflow_guard(estimated, multiplier);
        let idx = self.out.rules.len();
        self.out.total.observe(idx, total);
        self.out.rules.push(RuleCost {
            path: base_user.child(kind.field()),
            server_path: base_server.child(kind.field()),
            location: location_string(&node.location),
            kind,
            expression: source.to_string(),
            span,
            compiled: checked.is_some(),
            estimated,
            cardinality,
            multiplier,
            total,
            ancestors: node.ancestors.clone(),
        });
        self.out
            .recheck
            .push(checked.zip(decl.cloned()).map(|(checked, decl)| Recheck {
                checked,
                min_serialized_size: decl.min_serialized_size,
                decl,
                node_edges: node.edges.clone(),
                node_location: location_string(&node.location),
            }));
    }
}
