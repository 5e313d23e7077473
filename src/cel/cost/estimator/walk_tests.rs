//! Hand-built checked expressions: the estimator is tested here without the checker, on the
//! shapes cel-go's parser and checker produce (macro expansions, overload ids).

use std::sync::Arc;

use super::*;
use crate::cel::cost::size::SchemaSizeEstimator;
use crate::cel::types::{DeclField, DeclKind, DeclType};
use indexmap::IndexMap;

#[derive(Default)]
struct B {
    next: u64,
    types: HashMap<u64, Type>,
    overloads: HashMap<u64, Vec<String>>,
}

struct Checked {
    root: Expr,
    b: B,
}

impl CheckedAst for Checked {
    fn root(&self) -> &Expr {
        &self.root
    }
    fn type_of(&self, id: u64) -> Option<&Type> {
        self.b.types.get(&id)
    }
    fn overload_ids(&self, id: u64) -> &[String] {
        self.b.overloads.get(&id).map_or(&[], |v| v)
    }
}

impl B {
    fn node(&mut self, kind: ExprKind, t: Type) -> Expr {
        self.next += 1;
        self.types.insert(self.next, t);
        Expr::new(self.next, kind)
    }
    fn ident(&mut self, n: &str, t: Type) -> Expr {
        self.node(ExprKind::Ident(n.into()), t)
    }
    fn lit(&mut self, l: Literal) -> Expr {
        let t = match &l {
            Literal::Bool(_) => Type::Bool,
            Literal::String(_) => Type::String,
            Literal::Int(_) => Type::Int,
            _ => Type::Dyn,
        };
        self.node(ExprKind::Literal(l), t)
    }
    fn select(&mut self, operand: Expr, field: &str, t: Type) -> Expr {
        self.node(
            ExprKind::Select {
                operand: Box::new(operand),
                field: field.into(),
                test: false,
            },
            t,
        )
    }
    fn call(&mut self, f: &str, target: Option<Expr>, args: Vec<Expr>, t: Type, ovl: &str) -> Expr {
        let e = self.node(
            ExprKind::Call {
                func: f.into(),
                target: target.map(Box::new),
                args,
            },
            t,
        );
        self.overloads.insert(e.id, vec![ovl.into()]);
        e
    }
    /// cel-go's expansion of `range.all(x, pred)`.
    fn all(&mut self, range: Expr, x: &str, pred: impl FnOnce(&mut B) -> Expr) -> Expr {
        let init = self.lit(Literal::Bool(true));
        let acc = self.ident("@result", Type::Bool);
        let cond = self.call(
            "@not_strictly_false",
            None,
            vec![acc],
            Type::Bool,
            "not_strictly_false",
        );
        let acc2 = self.ident("@result", Type::Bool);
        let p = pred(self);
        let step = self.call("_&&_", None, vec![acc2, p], Type::Bool, "logical_and");
        let result = self.ident("@result", Type::Bool);
        self.node(
            ExprKind::Comprehension(Box::new(Comprehension {
                iter_range: range,
                iter_var: x.into(),
                iter_var2: None,
                accu_var: "@result".into(),
                accu_init: init,
                loop_cond: cond,
                loop_step: step,
                result,
            })),
            Type::Bool,
        )
    }
    fn done(self, root: Expr) -> Checked {
        Checked { root, b: self }
    }
}

fn scalar(name: &str, t: Type, min: i64, max: i64) -> Arc<DeclType> {
    Arc::new(DeclType::scalar(name, t, min, max))
}

fn list_of(elem: Arc<DeclType>, max: i64) -> Arc<DeclType> {
    Arc::new(DeclType {
        name: "list".into(),
        kind: DeclKind::List(elem),
        fields: IndexMap::default(),
        max_elements: max,
        min_serialized_size: 2,
        list_type: None,
        list_map_keys: Vec::new(),
        fingerprint: Default::default(),
    })
}

fn object(fields: Vec<(&str, Arc<DeclType>)>) -> Arc<DeclType> {
    Arc::new(DeclType {
        name: "selfType".into(),
        kind: DeclKind::Object,
        fields: fields
            .into_iter()
            .map(|(n, t)| {
                (
                    n.to_string(),
                    DeclField {
                        name: n.into(),
                        json_name: n.into(),
                        ty: t,
                        required: false,
                    },
                )
            })
            .collect(),
        max_elements: 0,
        min_serialized_size: 2,
        list_type: None,
        list_map_keys: Vec::new(),
        fingerprint: Default::default(),
    })
}

fn max_cost(c: &Checked, root: Arc<DeclType>) -> u64 {
    estimate_cost(c, &SchemaSizeEstimator::new(root), CostOptions::KUBERNETES).max
}

const UNBOUNDED_STRING: i64 = 3_145_726;

#[test]
fn all_over_unbounded_number_list() {
    // §5.9: N = ⌊3,145,726 / 2⌋ = 1,572,863 → 3N + 2.
    let decl = list_of(scalar("double", Type::Double, 1, 0), 1_572_863);
    let mut b = B::default();
    let s = b.ident("self", decl.cel_type());
    let e = b.all(s, "x", |b| b.lit(Literal::Bool(true)));
    let c = b.done(e);
    assert_eq!(max_cost(&c, decl.clone()), 4_718_591);
    let bounded = list_of(scalar("double", Type::Double, 1, 0), 10);
    assert_eq!(max_cost(&c, bounded), 32);
}

#[test]
fn contains_on_unbounded_string() {
    let decl = scalar("string", Type::String, 2, UNBOUNDED_STRING);
    let mut b = B::default();
    let s = b.ident("self", Type::String);
    let t = b.lit(Literal::String("test".into()));
    let e = b.call("contains", Some(s), vec![t], Type::Bool, "contains_string");
    let c = b.done(e);
    assert_eq!(max_cost(&c, decl), 314_574);
    assert_eq!(max_cost(&c, scalar("string", Type::String, 2, 40)), 5);
}

#[test]
fn member_matches_on_field() {
    // §5.9: self.val1.matches('^[^0-9]*$') = 314,573 × 3 + 2.
    let decl = object(vec![(
        "val1",
        scalar("string", Type::String, 2, UNBOUNDED_STRING),
    )]);
    let mut b = B::default();
    let s = b.ident("self", decl.cel_type());
    let v = b.select(s, "val1", Type::String);
    let re = b.lit(Literal::String("^[^0-9]*$".into()));
    let e = b.call("matches", Some(v), vec![re], Type::Bool, "matches_string");
    let c = b.done(e);
    assert_eq!(max_cost(&c, decl), 943_721);
}

#[test]
fn documentation_examples() {
    // kubernetes.io "Resource use by validation functions": a list of strings.
    let strings = |max_items: i64, max_len: i64| {
        list_of(scalar("string", Type::String, 2, max_len), max_items)
    };
    let build = || {
        let mut b = B::default();
        let s = b.ident("self", Type::list(Type::String));
        let e = b.all(s, "x", |b| {
            let x = b.ident("x", Type::String);
            let lit = b.lit(Literal::String("a string".into()));
            b.call(
                "contains",
                Some(x),
                vec![lit],
                Type::Bool,
                "contains_string",
            )
        });
        b.done(e)
    };
    let c = build();
    // Unbounded: N = ⌊3,145,726 / 3⌋ list entries of up to 3,145,726 bytes.
    let unbounded = max_cost(&c, strings(1_048_575, UNBOUNDED_STRING));
    assert!(unbounded > STATIC_LIMIT_FOR_TESTS, "{unbounded}");
    // maxItems 25, maxLength 10 (40 bytes): 25 × (2 + 1 + 4×1 + 1) + 2.
    assert_eq!(max_cost(&c, strings(25, 40)), 25 * 8 + 2);
}

const STATIC_LIMIT_FOR_TESTS: u64 = crate::cel::cost::budget::STATIC_ESTIMATED_COST_LIMIT;
