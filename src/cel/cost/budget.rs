//! The API server's cost limits for `x-kubernetes-validations`, the cardinality of a rule's
//! location, and the exact messages (apiextensions-apiserver
//! `pkg/apis/apiextensions/validation/validation.go` and `cel_validation.go`).
//!
//! A rule's *estimated cost* is the per-evaluation maximum from the static estimator. The server
//! multiplies it by the rule's *cardinality* (how many times it can run for one object: the
//! product of `maxItems` / `maxProperties` over the ancestor lists and maps) and compares the
//! product with [`STATIC_ESTIMATED_COST_LIMIT`]. Once an ancestor is unbounded the cardinality is
//! derived instead from the request size limit and the smallest serialized size of the rule's node.
//! The products of every rule in one schema are summed against
//! [`STATIC_ESTIMATED_CRD_COST_LIMIT`].

use crate::cel::estimate::mul_sat;

/// `StaticEstimatedCostLimit`: largest estimated cost of one expression (× cardinality).
pub const STATIC_ESTIMATED_COST_LIMIT: u64 = 10_000_000;
/// `StaticEstimatedCRDCostLimit`: largest total for one `openAPIV3Schema`.
pub const STATIC_ESTIMATED_CRD_COST_LIMIT: u64 = 100_000_000;
/// `celconfig.PerCallLimit`: runtime limit of one evaluation.
pub const PER_CALL_LIMIT: u64 = 1_000_000;
/// `celconfig.MaxRequestSizeBytes` (3 MiB).
pub const MAX_REQUEST_SIZE_BYTES: u64 = 3_145_728;

/// Tail of every cost message, naming the usual fixes.
const TRY_HINT: &str = "(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)";

/// What a schema node multiplies its children by (`extractMaxElements`): `None` = unbounded.
///
/// `type: array` → `maxItems`; `type: object` with any `additionalProperties` (also `true`) →
/// `maxProperties`; any other node → 1. Negative bounds count as 0.
pub fn max_elements_of(
    type_: Option<&str>,
    has_additional_properties: bool,
    max_items: Option<i64>,
    max_properties: Option<i64>,
) -> Option<u64> {
    match type_ {
        Some("object") if has_additional_properties => max_properties.map(|m| m.max(0) as u64),
        Some("array") => max_items.map(|m| m.max(0) as u64),
        _ => Some(1),
    }
}

/// `CELSchemaContext.MaxCardinality`: how often a node's rules can run for one object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cardinality {
    /// Product of the ancestors' bounds (the root is 1).
    Bounded(u64),
    /// Some ancestor list or map has no bound.
    Unbounded,
}

impl Cardinality {
    pub const ROOT: Cardinality = Cardinality::Bounded(1);

    /// The cardinality of a child of a node with this cardinality whose own bound is
    /// `parent_max_elements` ([`max_elements_of`] of the parent).
    pub fn child(self, parent_max_elements: Option<u64>) -> Cardinality {
        match (self, parent_max_elements) {
            (Cardinality::Bounded(c), Some(m)) => {
                Cardinality::Bounded(multiply_with_overflow_guard(c, m))
            }
            _ => Cardinality::Unbounded,
        }
    }
}

/// `maxCardinality(minSize)`: the fallback cardinality of a node under an unbounded ancestor,
/// assuming the whole request is copies of this node's smallest serialization plus a comma.
pub fn fallback_cardinality(min_serialized_size: i64) -> u64 {
    let sz = min_serialized_size.saturating_add(1);
    if sz <= 0 {
        // Go would divide by zero or go negative here; no DeclType has a negative size.
        return MAX_REQUEST_SIZE_BYTES;
    }
    MAX_REQUEST_SIZE_BYTES / sz as u64
}

/// `multiplyWithOverflowGuard`: 0 stays 0, overflow saturates.
pub fn multiply_with_overflow_guard(base: u64, cardinality: u64) -> u64 {
    if base == 0 {
        0
    } else {
        mul_sat(base, cardinality)
    }
}

/// `getExpressionCost`: the rule's estimated cost times its cardinality (or the fallback).
pub fn expression_cost(max_cost: u64, cardinality: Cardinality, fallback: u64) -> u64 {
    match cardinality {
        Cardinality::Bounded(c) => multiply_with_overflow_guard(max_cost, c),
        Cardinality::Unbounded => multiply_with_overflow_guard(max_cost, fallback),
    }
}

/// The factor as the server prints it: `more than 100x`, `1.234567x` below 1.5, else `20.0x`.
pub fn format_factor(cost: u64, limit: u64) -> String {
    let f = cost as f64 / limit as f64;
    if f > 100.0 {
        "more than 100x".to_string()
    } else if f < 1.5 {
        // Go `%f`: six decimals. Rust rounds exact ties to even, as Go's strconv does.
        format!("{f:.6}x")
    } else {
        format!("{f:.1}x")
    }
}

/// `getCostErrorMessage(costName, cost, limit)`.
pub fn cost_error_message(cost_name: &str, cost: u64, limit: u64) -> String {
    format!(
        "{cost_name} exceeds budget by factor of {} {TRY_HINT}",
        format_factor(cost, limit)
    )
}

/// Message for a rule over [`STATIC_ESTIMATED_COST_LIMIT`] (at `...x-kubernetes-validations[i].rule`).
pub fn rule_cost_message(cost: u64) -> String {
    cost_error_message("estimated rule cost", cost, STATIC_ESTIMATED_COST_LIMIT)
}

/// Message for a messageExpression over the limit (at `...x-kubernetes-validations[i].messageExpression`).
pub fn message_expression_cost_message(cost: u64) -> String {
    cost_error_message(
        "estimated messageExpression cost",
        cost,
        STATIC_ESTIMATED_COST_LIMIT,
    )
}

/// Message at `<version schema>.openAPIV3Schema` when the total is over the CRD limit.
pub fn crd_total_cost_message(total: u64) -> String {
    cost_error_message(
        "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema",
        total,
        STATIC_ESTIMATED_CRD_COST_LIMIT,
    )
}

/// Message at each of the most expensive expressions when the total is over the CRD limit.
pub const CONTRIBUTED_MESSAGE: &str =
    "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema";

/// `TotalCost`: the running total of one schema and its (at most four) most expensive
/// expressions that each use at least 1% of the CRD limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TotalCost<P> {
    pub total: u64,
    /// Most expensive first. Go sorts with `sort.Slice` (unstable); equal costs keep the order
    /// in which they were observed here.
    pub most_expensive: Vec<(P, u64)>,
}

impl<P> Default for TotalCost<P> {
    fn default() -> Self {
        TotalCost {
            total: 0,
            most_expensive: Vec::new(),
        }
    }
}

impl<P> TotalCost<P> {
    /// `ObserveExpressionCost`.
    pub fn observe(&mut self, path: P, cost: u64) {
        self.total = self.total.saturating_add(cost);
        if cost < STATIC_ESTIMATED_CRD_COST_LIMIT / 100 {
            return;
        }
        // Insert after every entry with a cost >= this one: a stable descending order.
        let at = self
            .most_expensive
            .iter()
            .position(|(_, c)| *c < cost)
            .unwrap_or(self.most_expensive.len());
        self.most_expensive.insert(at, (path, cost));
        self.most_expensive.truncate(4);
    }

    /// True when the server rejects the schema for its total.
    pub fn exceeds_limit(&self) -> bool {
        self.total > STATIC_ESTIMATED_CRD_COST_LIMIT
    }
}

/// `1234567` → `1,234,567`.
pub fn group_thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A share of a limit as a whole percentage, `<1%` for small non-zero shares.
pub fn percent_of(cost: u64, limit: u64) -> String {
    if cost == 0 {
        return "0%".to_string();
    }
    let p = cost as f64 * 100.0 / limit as f64;
    if p < 1.0 {
        "<1%".to_string()
    } else if p >= 10_000.0 {
        ">9999%".to_string()
    } else {
        format!("{}%", p.round() as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factor_formatting_matches_go() {
        // validation_test.go: 200,100,000 / 10,000,000.
        assert_eq!(
            format_factor(200_100_000, STATIC_ESTIMATED_COST_LIMIT),
            "20.0x"
        );
        assert_eq!(
            format_factor(12_345_678, STATIC_ESTIMATED_COST_LIMIT),
            "1.234568x"
        );
        assert_eq!(
            format_factor(10_000_001, STATIC_ESTIMATED_COST_LIMIT),
            "1.000000x"
        );
        assert_eq!(
            format_factor(15_000_000, STATIC_ESTIMATED_COST_LIMIT),
            "1.5x"
        );
        assert_eq!(
            format_factor(1_000_000_001, STATIC_ESTIMATED_COST_LIMIT),
            "more than 100x"
        );
        assert_eq!(
            format_factor(1_000_000_000, STATIC_ESTIMATED_COST_LIMIT),
            "100.0x"
        );
        assert_eq!(
            format_factor(u64::MAX, STATIC_ESTIMATED_COST_LIMIT),
            "more than 100x"
        );
        assert_eq!(
            rule_cost_message(200_100_000),
            "estimated rule cost exceeds budget by factor of 20.0x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)"
        );
        assert!(crd_total_cost_message(300_000_000).starts_with(
            "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of 3.0x ("
        ));
        assert!(message_expression_cost_message(20_000_000)
            .starts_with("estimated messageExpression cost exceeds budget by factor of 2.0x"));
    }

    #[test]
    fn cardinality_products() {
        let list = max_elements_of(Some("array"), false, Some(100_000), None);
        assert_eq!(list, Some(100_000));
        assert_eq!(max_elements_of(Some("array"), false, None, None), None);
        assert_eq!(
            max_elements_of(Some("array"), false, Some(-3), None),
            Some(0)
        );
        assert_eq!(
            max_elements_of(Some("object"), true, None, Some(1000)),
            Some(1000)
        );
        assert_eq!(max_elements_of(Some("object"), true, None, None), None);
        // maxProperties on a struct-like object does not bound anything.
        assert_eq!(max_elements_of(Some("object"), false, None, None), Some(1));
        assert_eq!(max_elements_of(None, false, Some(2), None), Some(1));

        let c = Cardinality::ROOT.child(Some(1)).child(list);
        assert_eq!(c, Cardinality::Bounded(100_000));
        assert_eq!(c.child(None), Cardinality::Unbounded);
        assert_eq!(
            Cardinality::Unbounded.child(Some(1)),
            Cardinality::Unbounded
        );
        assert_eq!(
            Cardinality::Bounded(u64::MAX / 2).child(Some(3)),
            Cardinality::Bounded(u64::MAX)
        );
        // §5.9: 2,001 × 100,000.
        assert_eq!(expression_cost(2_001, c, 1), 200_100_000);
        assert_eq!(expression_cost(0, Cardinality::Unbounded, 5), 0);
        // Unbounded ancestors: the fallback from the node's smallest serialization (string: 2).
        assert_eq!(fallback_cardinality(2), 1_048_576);
        assert_eq!(
            expression_cost(3, Cardinality::Unbounded, fallback_cardinality(2)),
            3_145_728
        );
    }

    #[test]
    fn total_keeps_four_largest_over_one_percent() {
        let mut t = TotalCost::default();
        for (i, c) in [
            5u64, 2_000_000, 999_999, 3_000_000, 2_000_000, 9_000_000, 1_000_000,
        ]
        .into_iter()
        .enumerate()
        {
            t.observe(i, c);
        }
        assert_eq!(t.total, 17_000_000 + 999_999 + 5);
        assert_eq!(
            t.most_expensive,
            vec![
                (5, 9_000_000),
                (3, 3_000_000),
                (1, 2_000_000),
                (4, 2_000_000)
            ]
        );
        assert!(!t.exceeds_limit());
        t.observe(9, u64::MAX);
        assert_eq!(t.total, u64::MAX);
        assert!(t.exceeds_limit());
    }
}
