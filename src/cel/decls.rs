//! Function declarations: the CEL standard library and every library Kubernetes adds, with the
//! Kubernetes minor that made each overload available to new CRD rules' environment
//! (apiserver `pkg/cel/environment/base.go`, §5.3).
//!
//! Every overload is declared by its row of the overload table (`eval::functions::table`),
//! beside its implementation and costs, one line of text each:
//! `<function> <overload id> <g|m> <since minor> (<arg types>) <result type>`, transcribed from
//! cel-go `common/stdlib/standard.go`, `cel/library.go` (optional types), `ext/strings.go`,
//! `ext/sets.go`, `ext/lists.go`, `ext/comprehensions.go` and apiserver `pkg/cel/library/*.go`.
//! Overload ids are upstream's exactly: the cost estimator and the evaluator switch on them.
//! Member overloads list the receiver as their first argument, as cel-go does.
//!
//! Tables are parsed once and filtered per environment once ([`Decls::for_env`], cached in a
//! `OnceLock` per version), so compiling thousands of rules never re-reads them.

use std::sync::{Arc, OnceLock};

pub use super::types::parse_type;
use super::types::{split_top, Type};
use super::FastMap as HashMap;

/// One overload of a function.
#[derive(Clone, Debug)]
pub struct OverloadDecl {
    /// cel-go / Kubernetes overload id (`add_int64`, `string_find_string`, ...).
    pub id: String,
    /// Called as `target.f(args)`; `params[0]` is the receiver.
    pub member: bool,
    pub params: Vec<Type>,
    pub result: Type,
    /// Names of the type parameters used in `params`/`result`.
    pub type_params: Vec<String>,
    /// The Kubernetes minor from which new CRD rules may use this overload (0 = always).
    pub since: u32,
}

/// All overloads of one function name.
#[derive(Clone, Debug, Default)]
pub struct FunctionDecl {
    pub name: String,
    pub overloads: Vec<OverloadDecl>,
}

/// The function table of one environment.
#[derive(Debug, Default)]
pub struct Decls {
    pub functions: HashMap<String, FunctionDecl>,
}

/// Every overload we know, unfiltered.
pub fn all_overloads() -> &'static [OverloadDecl] {
    static FLAT: OnceLock<Vec<OverloadDecl>> = OnceLock::new();
    FLAT.get_or_init(|| all_named().iter().map(|(_, o)| o.clone()).collect())
}

fn all_named() -> &'static [(String, OverloadDecl)] {
    static ALL: OnceLock<Vec<(String, OverloadDecl)>> = OnceLock::new();
    ALL.get_or_init(|| {
        crate::cel::eval::functions::table::all()
            .filter_map(|o| parse_line(&o.decl_line()))
            .collect()
    })
}

/// How many overloads the environment of `minor` has (the size of
/// `Decls::for_env(Some(minor))`, without building it).
pub(crate) fn overloads_at(minor: u32) -> usize {
    all_named().iter().filter(|(_, o)| o.since <= minor).count()
}

/// The first minor in which any overload of `function` is available, and whether the function
/// exists at all in any version.
pub fn introduced_in(function: &str) -> Option<u32> {
    all_named()
        .iter()
        .filter(|(n, _)| n == function)
        .map(|(_, o)| o.since)
        .min()
}

/// The function an overload id belongs to, and the overload.
pub fn function_of(id: &str) -> Option<(&'static str, &'static OverloadDecl)> {
    all_named()
        .iter()
        .find(|(_, o)| o.id == id)
        .map(|(n, o)| (n.as_str(), o))
}

/// The minor that introduced an overload id.
pub fn overload_since(id: &str) -> Option<u32> {
    all_named()
        .iter()
        .find(|(_, o)| o.id == id)
        .map(|(_, o)| o.since)
}

impl Decls {
    /// The table for an environment: overloads with `since <= minor`; `None` (or a minor past
    /// 63) has every overload, including those outside the base environment. Cached per minor.
    pub fn for_env(minor: Option<u32>) -> Arc<Decls> {
        const SLOTS: usize = 64;
        static CACHE: OnceLock<Vec<OnceLock<Arc<Decls>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(|| (0..=SLOTS).map(|_| OnceLock::new()).collect());
        // Minors past the table (tests emulating "every library") share the unfiltered slot.
        let (slot, limit) = match minor {
            Some(m) if (m as usize) < SLOTS => (m as usize, m),
            _ => (SLOTS, u32::MAX),
        };
        cache[slot]
            .get_or_init(|| {
                let mut functions: HashMap<String, FunctionDecl> = HashMap::default();
                for (name, o) in all_named() {
                    if o.since <= limit {
                        let f = functions
                            .entry(name.clone())
                            .or_insert_with(|| FunctionDecl {
                                name: name.clone(),
                                overloads: Vec::new(),
                            });
                        f.overloads.push(o.clone());
                    }
                }
                Arc::new(Decls { functions })
            })
            .clone()
    }
}

fn parse_line(line: &str) -> Option<(String, OverloadDecl)> {
    let mut it = line.splitn(5, ' ');
    let name = it.next()?.to_string();
    let id = it.next()?.to_string();
    let member = it.next()? == "m";
    let since: u32 = it.next()?.parse().ok()?;
    let rest = it.next()?;
    let close = rest.find(") ")?;
    let args = &rest[1..close];
    let result = rest[close + 2..].trim();
    let mut type_params = Vec::new();
    let params: Vec<Type> = split_top(args)
        .into_iter()
        .filter(|s| !s.is_empty())
        .map(|s| parse_type(s, &mut type_params))
        .collect::<Option<_>>()?;
    let result = parse_type(result, &mut type_params)?;
    Some((
        name,
        OverloadDecl {
            id,
            member,
            params,
            result,
            type_params,
            since,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_parses() {
        let table = crate::cel::eval::functions::table::all().count();
        assert_eq!(all_overloads().len(), table);
    }

    #[test]
    fn versions_filter() {
        let old = Decls::for_env(Some(27));
        assert!(!old.functions.contains_key("quantity"));
        let new = Decls::for_env(Some(28));
        assert_eq!(
            new.functions["quantity"].overloads[0].id,
            "string_to_quantity"
        );
        assert!(Decls::for_env(None).functions.contains_key("semver"));
        assert_eq!(introduced_in("semver"), Some(33));
        let add = &new.functions["_+_"];
        assert!(add.overloads.iter().any(|o| o.id == "add_list"));
    }
}
