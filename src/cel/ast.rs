//! Our own CEL AST: an owned mirror of the `cel` crate's parsed expression, converted once after
//! parsing, so that the checker, the cost estimator and the evaluator never name `cel::` types
//! (the crate is pre-1.0 and breaks its API every minor; only [`crate::cel::parse`] touches it).
//!
//! The shape follows cel-go's `common/ast`: macros are already expanded into
//! [`ExprKind::Comprehension`] nodes with cel-go's variable names (`@result`, and the
//! `@not_strictly_false` call in `all`), operators are calls to `_+_`, `_[_]`, `@in`, `_?._` etc.,
//! and every node has the parser's id. `has(a.b)` is a [`ExprKind::Select`] with `test: true`.
//!
//! After checking, namespaced function calls written as member calls (`optional.of(x)`,
//! `sets.contains(a, b)`) are rewritten into global calls with the qualified name, as cel-go's
//! checker does, so consumers of a checked AST see `Call { func: "optional.of", target: None }`.

/// A literal constant.
#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Double(f64),
    String(String),
    Bytes(Vec<u8>),
}

/// One expression node with its parser-assigned id (unique within one parsed expression).
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub id: u64,
    pub kind: ExprKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// Left by the parser where an argument failed to parse; never present in a checked AST.
    Unspecified,
    Literal(Literal),
    Ident(String),
    /// `operand.field`; with `test` it is the presence test `has(operand.field)`.
    Select {
        operand: Box<Expr>,
        field: String,
        test: bool,
    },
    /// A function call; `target` is the receiver of a member call `target.func(args)`.
    Call {
        func: String,
        target: Option<Box<Expr>>,
        args: Vec<Expr>,
    },
    /// `[a, b, ?c]`; `optional_indices` lists the `?` elements.
    List {
        elements: Vec<Expr>,
        optional_indices: Vec<usize>,
    },
    /// `{k: v, ?k2: v2}`.
    Map {
        entries: Vec<MapEntry>,
    },
    /// `Type{field: v}`; no such type exists in Kubernetes environments, so these only ever
    /// produce a checker error, but they parse.
    Struct {
        type_name: String,
        fields: Vec<StructField>,
    },
    Comprehension(Box<Comprehension>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct MapEntry {
    pub id: u64,
    pub key: Expr,
    pub value: Expr,
    pub optional: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StructField {
    pub id: u64,
    pub field: String,
    pub value: Expr,
    pub optional: bool,
}

/// A macro expansion (cel-go `ComprehensionExpr`). `iter_var2` is set by the two-variable
/// macros (`all(k, v, p)`, `transformMap`, ...).
#[derive(Clone, Debug, PartialEq)]
pub struct Comprehension {
    pub iter_range: Expr,
    pub iter_var: String,
    pub iter_var2: Option<String>,
    pub accu_var: String,
    pub accu_init: Expr,
    pub loop_cond: Expr,
    pub loop_step: Expr,
    pub result: Expr,
}

impl Expr {
    pub fn new(id: u64, kind: ExprKind) -> Expr {
        Expr { id, kind }
    }

    /// The string value of a string literal.
    pub fn as_string_literal(&self) -> Option<&str> {
        match &self.kind {
            ExprKind::Literal(Literal::String(s)) => Some(s),
            _ => None,
        }
    }

    /// `a.b.c` spelled by identifiers and non-test selects, as a dotted name (cel-go
    /// `containers.ToQualifiedName`).
    pub fn qualified_name(&self) -> Option<String> {
        match &self.kind {
            ExprKind::Ident(n) => Some(n.clone()),
            ExprKind::Select {
                operand,
                field,
                test: false,
            } => operand.qualified_name().map(|p| format!("{p}.{field}")),
            _ => None,
        }
    }

    /// Visits this node and every descendant, pre-order. Depth is bounded by the parser's
    /// recursion limit.
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        f(self);
        match &self.kind {
            ExprKind::Unspecified | ExprKind::Literal(_) | ExprKind::Ident(_) => {}
            ExprKind::Select { operand, .. } => operand.walk(f),
            ExprKind::Call { target, args, .. } => {
                if let Some(t) = target {
                    t.walk(f);
                }
                for a in args {
                    a.walk(f);
                }
            }
            ExprKind::List { elements, .. } => {
                for e in elements {
                    e.walk(f);
                }
            }
            ExprKind::Map { entries } => {
                for e in entries {
                    e.key.walk(f);
                    e.value.walk(f);
                }
            }
            ExprKind::Struct { fields, .. } => {
                for e in fields {
                    e.value.walk(f);
                }
            }
            ExprKind::Comprehension(c) => {
                c.iter_range.walk(f);
                c.accu_init.walk(f);
                c.loop_cond.walk(f);
                c.loop_step.walk(f);
                c.result.walk(f);
            }
        }
    }
}
