//! Call costs of library functions that the core estimator does not know: the Kubernetes CEL
//! libraries (apiserver `pkg/cel/library/cost.go`, `EstimateCallCost`, which matches by
//! *function name*, ext.Strings' functions among them), here one estimate function per case,
//! named by the rows of the overload table (`eval::functions::kubernetes`, `strings`). The
//! cel-go extensions that register per-overload estimators (ext.Lists, ext.Sets) have theirs
//! in their rows of the overload table (`eval::functions::lists`, `sets`).
//!
//! All return a [`CallEstimate`] for the call alone; the caller adds the arguments' own costs.
//! `None` means "no estimate here", and the caller falls through to cel-go's built-in rules.

use std::ops::Add;

use super::node::{AstNode, SizeEstimator};
use super::{
    CostEstimate, SizeEstimate, LIST_CREATE_BASE_COST, REGEX_STRING_LENGTH_COST_FACTOR,
    STRING_TRAVERSAL_COST_FACTOR, STRUCT_CREATE_BASE_COST,
};
use crate::cel::ast::{ExprKind, Literal};
use crate::cel::types::{opaque, Type};

/// A call's estimated cost and, for calls returning strings, bytes, lists or maps, the size of
/// the result (`checker.CallEstimate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallEstimate {
    pub cost: CostEstimate,
    pub result_size: Option<SizeEstimate>,
}

impl CallEstimate {
    fn cost(cost: CostEstimate) -> Option<CallEstimate> {
        Some(CallEstimate {
            cost,
            result_size: None,
        })
    }
    fn fixed(c: u64) -> Option<CallEstimate> {
        Self::cost(CostEstimate::fixed(c))
    }
}

/// apiserver `cel.MaxFormatSize`: the longest named format.
const MAX_FORMAT_SIZE: u64 = 64;
/// apiserver `cel.MaxNameFormatRegexSize`: assumed regex length of a named format.
const MAX_NAME_FORMAT_REGEX_SIZE: f64 = 128.0;
/// A label or field selector has about one requirement per two characters (`k,`).
const SELECTOR_LENGTH_TO_REQUIREMENT_COUNT: f64 = 0.5;
/// Each requirement allocates a struct and a values slice.
const COST_PER_REQUIREMENT: f64 = (LIST_CREATE_BASE_COST + STRUCT_CREATE_BASE_COST) as f64;

/// Go's `uint64(f)` on amd64, where the API server runs: values at or above 2^63 go through
/// `cvttsd2si(f - 2^63) ^ (1 << 63)`, which yields 0 for 2^64 and above. Only reachable with
/// unknown (2^64 − 1) sizes.
fn go_f64_to_u64(f: f64) -> u64 {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if f.is_nan() {
        return 1u64 << 63;
    }
    if f < TWO_63 {
        if f <= i64::MIN as f64 {
            return 1u64 << 63;
        }
        return f as i64 as u64;
    }
    let shifted = f - TWO_63;
    let as_i = if shifted >= TWO_63 {
        i64::MIN // cvttsd2si's "integer indefinite" value
    } else {
        shifted as i64
    };
    (as_i as u64) ^ (1u64 << 63)
}

/// `CostEstimator.sizeEstimate`: the computed size, else the schema estimate, else unknown.
/// A node's size: what the estimator computed, else the schema's bound, else unknown.
pub fn size_of(node: &AstNode<'_>, sizes: &dyn SizeEstimator) -> SizeEstimate {
    node.computed_size
        .or_else(|| sizes.estimate_size(node))
        .unwrap_or(SizeEstimate::UNKNOWN)
}

fn selector_cost(len: SizeEstimate) -> CostEstimate {
    let parse = len.multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR);
    let requirements = len.multiply_by_cost_factor(SELECTOR_LENGTH_TO_REQUIREMENT_COUNT);
    let requirement_cost = requirements.multiply_by_cost_factor(COST_PER_REQUIREMENT);
    CostEstimate::fixed(LIST_CREATE_BASE_COST)
        .add(parse)
        .add(requirement_cost)
}

/// `listElementNode`: a synthetic node for the elements of a list-typed node, with the list's
/// path plus `@items` when the list has a path.
fn list_element_node<'a>(list: &AstNode<'a>) -> Option<AstNode<'a>> {
    let elem = match list.ty {
        Type::List(e) | Type::Optional(e) | Type::Type(e) => &**e,
        Type::Map(k, _) => &**k,
        Type::Opaque(_, ps) => ps.first()?,
        _ => return None,
    };
    Some(AstNode::synthetic(list.path.appended_copy("@items"), elem))
}

fn is_string_or_bytes(t: &Type) -> bool {
    matches!(t, Type::String | Type::Bytes)
}

/// No estimate of its own: cel-go's default of 1 (plus the arguments).
pub fn cel_default(
    _: Option<&AstNode<'_>>,
    _: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    None
}

// The estimates cel-go's `functionCost` gives standard-library functions itself (its `switch
// overloadID`), named on the overload table's rows (`eval::functions::standard`); the sizes are
// the arguments' computed sizes only, as cel-go reads them there.

/// A node's computed size, unknown when there is none (cel-go's `ComputedSize`).
fn computed(n: &AstNode<'_>) -> SizeEstimate {
    n.computed_size.unwrap_or(SizeEstimate::UNKNOWN)
}

/// `bytes(string)`: the string traversed; up to four bytes per character.
pub fn string_to_bytes(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let [a] = args else { return None };
    let sz = computed(a);
    Some(CallEstimate {
        cost: sz.multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR),
        result_size: Some(SizeEstimate::new(sz.min, sz.max.wrapping_mul(4))),
    })
}

/// `string(bytes)`: the bytes traversed; at least a quarter as many characters.
pub fn bytes_to_string(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let [a] = args else { return None };
    let sz = computed(a);
    Some(CallEstimate {
        cost: sz.multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR),
        result_size: Some(SizeEstimate::new(sz.min / 4, sz.max)),
    })
}

/// `startsWith`/`endsWith`: the prefix or suffix traversed.
pub fn affix(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let [a] = args else { return None };
    CallEstimate::cost(computed(a).multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR))
}

/// `s.matches(re)`: the string traversed once per regex character.
pub fn matches_string(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let (Some(t), [re]) = (target, args) else {
        return None;
    };
    let str_cost = computed(t)
        .add(SizeEstimate::fixed(1))
        .multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR);
    let regex_cost = computed(re).multiply_by_cost_factor(REGEX_STRING_LENGTH_COST_FACTOR);
    CallEstimate::cost(str_cost.multiply(regex_cost))
}

/// `s.contains(t)`: both strings traversed.
pub fn contains_string(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let (Some(t), [sub]) = (target, args) else {
        return None;
    };
    let st = STRING_TRAVERSAL_COST_FACTOR;
    CallEstimate::cost(
        computed(t)
            .multiply_by_cost_factor(st)
            .multiply(computed(sub).multiply_by_cost_factor(st)),
    )
}

/// `_==_`: the Kubernetes library's estimate for its own types, else cel-go's for any values.
pub fn equals(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    opaque_equality_cost(args).or_else(|| size_compare(target, args, sizes))
}

/// `_!=_`, `_==_` and the orderings of strings and bytes: up to the smaller size traversed.
pub fn size_compare(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let [a, c, ..] = args else { return None };
    let smallest_max = computed(a).max.min(computed(c).max);
    let min = u64::from(smallest_max > 0);
    CallEstimate::cost(
        CostEstimate::new(min, smallest_max).multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR),
    )
}

/// `x in list`: the list traversed.
pub fn in_list(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let [_, l] = args else { return None };
    CallEstimate::cost(computed(l).multiply_by_cost_factor(1.0))
}

/// `+` of strings or bytes: the sizes add up, and both are traversed.
pub fn concatenation(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let [a, c] = args else { return None };
    let result = computed(a).add(computed(c));
    Some(CallEstimate {
        cost: result.multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR),
        result_size: Some(result),
    })
}

/// `+` of lists: the sizes add up; the concatenation itself is O(1).
pub fn list_concatenation(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let [a, c] = args else { return None };
    Some(CallEstimate {
        cost: CostEstimate::fixed(1),
        result_size: Some(computed(a).add(computed(c))),
    })
}

// The special forms' estimates (cel-go `functionCost`, `logical_and`/`logical_or` and
// `conditional`), over their arguments' own: not every argument is evaluated.

/// `a && b`, `a || b`: at least the left side alone (it may decide), at most both.
pub fn short_circuit(_: &[AstNode<'_>], arg_costs: &[CostEstimate]) -> CallEstimate {
    let cost = match arg_costs {
        [l, r] => CostEstimate::new(l.min, l.add(*r).max),
        _ => sum_plus_one(arg_costs),
    };
    CallEstimate {
        cost,
        result_size: None,
    }
}

/// `c ? t : f`: the condition plus the dearer branch; the result is either branch's value.
pub fn conditional(args: &[AstNode<'_>], arg_costs: &[CostEstimate]) -> CallEstimate {
    match (args, arg_costs) {
        ([_, t, f], [c, tc, fc]) => CallEstimate {
            cost: c.add(tc.union(*fc)),
            result_size: Some(computed(t).union(computed(f))),
        },
        _ => CallEstimate {
            cost: sum_plus_one(arg_costs),
            result_size: None,
        },
    }
}

/// cel-go's default for a call of the wrong arity: 1 plus the arguments.
fn sum_plus_one(arg_costs: &[CostEstimate]) -> CostEstimate {
    arg_costs
        .iter()
        .fold(CostEstimate::fixed(1), |s, c| s.add(*c))
}

// The estimates of the Kubernetes libraries' overloads (apiserver `pkg/cel/library/cost.go`,
// `EstimateCallCost`), one per case of its switch, named on the overload table's rows
// (`eval::functions::kubernetes`).

/// A flat 1 (`CallCost` of the accessors, comparisons and the authorizer's builders).
pub fn k8s_one(
    _: Option<&AstNode<'_>>,
    _: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    CallEstimate::fixed(1)
}

/// An authorizer `check`: a fixed 350,000 (a call out to the authorizer).
pub fn k8s_authz_check(
    _: Option<&AstNode<'_>>,
    _: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    CallEstimate::fixed(350_000)
}

/// `fieldSelector`, `labelSelector`: parsing the selector and one allocation per requirement.
pub fn k8s_selector(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    match args {
        [a] => CallEstimate::cost(selector_cost(size_of(a, sizes))),
        _ => None,
    }
}

/// `isSorted`, `sum`, `max`, `min`, `indexOf`, `lastIndexOf` on a list.
pub fn k8s_list_traversal(
    target: Option<&AstNode<'_>>,
    _: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    list_function_cost("", target?, sizes)
}

/// `includes`.
pub fn k8s_list_includes(
    target: Option<&AstNode<'_>>,
    _: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    list_function_cost("includes", target?, sizes)
}

/// `url`, `jsonpatch.escapeKey`: a traversal of the argument, whose size the result has.
pub fn k8s_string_traversal_sized(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let [a] = args else {
        return None;
    };
    let sz = size_of(a, sizes);
    Some(CallEstimate {
        cost: sz.multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR),
        result_size: Some(sz),
    })
}

/// `lowerAscii`, `upperAscii`, `substring`, `trim`: a traversal of the receiver, whose size
/// bounds the result's.
pub fn k8s_target_traversal_sized(
    target: Option<&AstNode<'_>>,
    _: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let sz = size_of(target?, sizes);
    Some(CallEstimate {
        cost: sz.multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR),
        result_size: Some(sz),
    })
}

/// `replace`.
pub fn k8s_replace(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let target = target?;
    if args.len() < 2 {
        return None;
    }
    Some(replace_estimate(
        size_of(target, sizes),
        size_of(&args[0], sizes),
        size_of(&args[1], sizes),
    ))
}

/// `split`.
pub fn k8s_split(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    Some(split_estimate(target?, args, sizes))
}

/// `join`.
pub fn k8s_join(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    Some(join_estimate(target?, args, sizes))
}

/// cel-go's own estimate of `strings.quote` (its `functionCost`, which reads the argument's
/// computed size only): a traversal, and a result of up to twice the length plus the quotes.
pub fn strings_quote(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    _: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let [a] = args else {
        return None;
    };
    let sz = a.computed_size.unwrap_or(SizeEstimate::UNKNOWN);
    Some(CallEstimate {
        cost: sz.multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR),
        result_size: Some(SizeEstimate::new(
            sz.min.wrapping_add(2),
            sz.max.wrapping_mul(2).wrapping_add(2),
        )),
    })
}

/// `find`, `findAll`.
pub fn k8s_find(
    target: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    Some(find_estimate(target?, args.first()?, sizes))
}

/// The parsers and their predicates (`cidr`, `isIP`, `isCIDR`, `quantity`, `isQuantity`,
/// `semver`, `isSemver`, `ip` of a string): a traversal of the string.
pub fn k8s_parse(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let a = args.first()?;
    CallEstimate::cost(size_of(a, sizes).multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR))
}

/// `ip.isCanonical`: parsing and printing, two traversals.
pub fn k8s_ip_is_canonical(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let a = args.first()?;
    CallEstimate::cost(
        size_of(a, sizes).multiply_by_cost_factor(2.0 * STRING_TRAVERSAL_COST_FACTOR),
    )
}

/// `containsIP` with an IP.
pub fn k8s_contains_ip(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    CallEstimate::cost(contains_cost(false, false, args.first()?, sizes))
}

/// `containsIP` with a string.
pub fn k8s_contains_ip_string(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    CallEstimate::cost(contains_cost(false, true, args.first()?, sizes))
}

/// `containsCIDR` with a CIDR.
pub fn k8s_contains_cidr(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    CallEstimate::cost(contains_cost(true, false, args.first()?, sizes))
}

/// `containsCIDR` with a string.
pub fn k8s_contains_cidr_string(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    CallEstimate::cost(contains_cost(true, true, args.first()?, sizes))
}

/// A named format's `validate`: the string's traversal times the longest format regex.
pub fn k8s_validate(
    _: Option<&AstNode<'_>>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let a = args.first()?;
    CallEstimate::cost(
        size_of(a, sizes)
            .multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR)
            .multiply_by_cost_factor(MAX_NAME_FORMAT_REGEX_SIZE * REGEX_STRING_LENGTH_COST_FACTOR),
    )
}

/// `isSorted`, `sum`, `max`, `min`, `indexOf`, `lastIndexOf`, `includes` on a list: the list's
/// size times the cost of one element (a string or bytes element costs its traversal).
fn list_function_cost(
    function: &str,
    target: &AstNode<'_>,
    sizes: &dyn SizeEstimator,
) -> Option<CallEstimate> {
    let st = STRING_TRAVERSAL_COST_FACTOR;
    let mut el_cost = CostEstimate::fixed(1);
    if let Some(el) = list_element_node(target) {
        if is_string_or_bytes(el.ty) {
            el_cost = el_cost.add(size_of(&el, sizes).multiply_by_cost_factor(st));
        }
        CallEstimate::cost(size_of(target, sizes).multiply_by_cost(el_cost))
    } else if function == "includes" {
        CallEstimate::cost(size_of(target, sizes).multiply_by_cost(el_cost))
    } else {
        CallEstimate::cost(size_of(target, sizes).multiply_by_cost_factor(st))
    }
}

/// `split`: two traversals of the string; the result has at most one element per character,
/// or the literal limit.
fn split_estimate(
    target: &AstNode<'_>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> CallEstimate {
    let sz = size_of(target, sizes);
    // The worst case splits on "" into one element per character; a literal limit caps it.
    let mut max = sz.max;
    if let Some(ExprKind::Literal(Literal::Int(i))) =
        args.get(1).and_then(|a| a.expr).map(|e| &e.kind)
    {
        max = *i as u64;
    }
    CallEstimate {
        cost: sz.multiply_by_cost_factor(2.0 * STRING_TRAVERSAL_COST_FACTOR),
        result_size: Some(SizeEstimate::new(0, max)),
    }
}

/// `join`: the elements' total size plus one separator between each two.
fn join_estimate(
    target: &AstNode<'_>,
    args: &[AstNode<'_>],
    sizes: &dyn SizeEstimator,
) -> CallEstimate {
    let list_size = size_of(target, sizes);
    let mut sz = SizeEstimate::default();
    if let Some(el) = list_element_node(target) {
        sz = list_size.multiply(size_of(&el, sizes));
    }
    if let Some(sep) = args.first() {
        let sep_size = size_of(sep, sizes);
        let separators = SizeEstimate::new(
            list_size.min.saturating_sub(1),
            list_size.max.saturating_sub(1),
        );
        sz = sz.add(sep_size.multiply(separators));
    }
    CallEstimate {
        cost: sz.multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR),
        result_size: Some(sz),
    }
}

/// `find`, `findAll`: the string's traversal times the regex's length cost.
fn find_estimate(
    target: &AstNode<'_>,
    re: &AstNode<'_>,
    sizes: &dyn SizeEstimator,
) -> CallEstimate {
    let sz = size_of(target, sizes);
    let str_cost = sz
        .add(SizeEstimate::fixed(1))
        .multiply_by_cost_factor(STRING_TRAVERSAL_COST_FACTOR);
    let regex_cost = size_of(re, sizes).multiply_by_cost_factor(REGEX_STRING_LENGTH_COST_FACTOR);
    CallEstimate {
        cost: str_cost.multiply(regex_cost),
        result_size: Some(SizeEstimate::new(0, sz.max)),
    }
}

/// `containsIP`, `containsCIDR`: byte-list comparisons, plus parsing the argument for the
/// string overloads.
fn contains_cost(
    cidr: bool,
    string: bool,
    a: &AstNode<'_>,
    sizes: &dyn SizeEstimator,
) -> CostEstimate {
    let st = STRING_TRAVERSAL_COST_FACTOR;
    // IPv4 or IPv6 byte lists: 4 or 16 bytes, compared pairwise.
    let sz = SizeEstimate::new(4, 16);
    let mut c = sz.add(sz).multiply_by_cost_factor(st);
    if cidr {
        c = c.add(sz.multiply_by_cost_factor(st));
        c = c.add(CostEstimate::fixed(1));
    }
    if string {
        c = c.add(size_of(a, sizes).to_cost().multiply_by_cost_factor(st));
    }
    c
}

/// `_==_` on two values of the same Kubernetes library type (the Kubernetes library's
/// `EstimateCallCost`, which matches `_==_` by function name); `None` for other values.
pub fn opaque_equality_cost(args: &[AstNode<'_>]) -> Option<CallEstimate> {
    let st = STRING_TRAVERSAL_COST_FACTOR;
    if args.len() != 2 {
        return None;
    }
    let (lhs, rhs) = (&args[0], &args[1]);
    if lhs.ty != rhs.ty {
        return None;
    }
    let Type::Opaque(name, _) = lhs.ty else {
        return None;
    };
    match &**name {
        opaque::IP
        | opaque::CIDR
        | opaque::QUANTITY
        | opaque::AUTHORIZER
        | opaque::PATH_CHECK
        | opaque::GROUP_CHECK
        | opaque::RESOURCE_CHECK
        | opaque::DECISION
        | opaque::SEMVER => CallEstimate::fixed(1),
        opaque::FORMAT => {
            CallEstimate::cost(CostEstimate::new(1, MAX_FORMAT_SIZE).multiply_by_cost_factor(st))
        }
        opaque::URL => {
            // Upstream reads the right-hand size twice (`lhSize := rhs.ComputedSize()`).
            let size = match rhs.computed_size {
                Some(r) => r.union(r),
                None => SizeEstimate::fixed(1),
            };
            CallEstimate::cost(CostEstimate::new(1, size.max).multiply_by_cost_factor(st))
        }
        _ => None,
    }
}

/// The result size of `replace(old, new)`, from the apiserver estimator's case analysis.
fn replace_estimate(
    sz: SizeEstimate,
    to_replace: SizeEstimate,
    replace_with: SizeEstimate,
) -> CallEstimate {
    let mut count = SizeEstimate::default();
    let mut retained = SizeEstimate::default();
    // The longest result.
    if to_replace.min == 0 {
        // Replacing "" surrounds every character with the replacement.
        count.max = if sz.max < u64::MAX {
            sz.max + 1
        } else {
            sz.max
        };
        retained.max = sz.max;
    } else if replace_with.max <= to_replace.min {
        count.max = 0;
        retained.max = sz.max;
    } else {
        count.max = go_f64_to_u64((sz.max as f64 / to_replace.min as f64).ceil());
    }
    // The shortest result.
    if to_replace.max == 0 {
        count.min = if sz.min < u64::MAX {
            sz.min + 1
        } else {
            sz.min
        };
        retained.min = sz.min;
    } else if to_replace.max <= replace_with.min {
        count.min = 0;
        retained.min = sz.min;
    } else {
        count.min = go_f64_to_u64((sz.min as f64 / to_replace.max as f64).ceil());
    }
    let size = count.multiply(replace_with).add(retained);
    CallEstimate {
        cost: sz.multiply_by_cost_factor(2.0 * STRING_TRAVERSAL_COST_FACTOR),
        result_size: Some(size),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_float_conversion_on_amd64() {
        assert_eq!(go_f64_to_u64(3.0), 3);
        assert_eq!(go_f64_to_u64(9_223_372_036_854_775_808.0), 1u64 << 63);
        assert_eq!(go_f64_to_u64(18_446_744_073_709_551_616.0), 0);
    }

    #[test]
    fn replace_sizes() {
        // "abc".replace("b", "xx") on a string of up to 12: at most 12 replacements of 2 chars.
        let e = replace_estimate(
            SizeEstimate::new(0, 12),
            SizeEstimate::fixed(1),
            SizeEstimate::fixed(2),
        );
        assert_eq!(e.result_size, Some(SizeEstimate::new(0, 24)));
        assert_eq!(e.cost, CostEstimate::new(0, 3));
        // Replacing with something shorter keeps the original length.
        let e = replace_estimate(
            SizeEstimate::new(3, 12),
            SizeEstimate::fixed(2),
            SizeEstimate::fixed(1),
        );
        assert_eq!(e.result_size, Some(SizeEstimate::new(2, 12)));
    }

    #[test]
    fn selector_cost_formula() {
        // 10 + ceil(len × 0.1) + ceil(ceil(len × 0.5) × 50).
        assert_eq!(
            selector_cost(SizeEstimate::fixed(12)),
            CostEstimate::fixed(10 + 2 + 300)
        );
    }
}
