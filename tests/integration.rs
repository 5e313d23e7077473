//! Every integration test in one binary (ripgrep's layout): one link instead of one per file,
//! which is most of a cold `cargo test` on two cores. Each module is one former test file.

mod builtin;
mod cel_corpus;
mod cel_cost_core;
mod cel_cost_corpus;
mod cel_cost_crd;
mod cel_cost_ext_lists;
mod cel_eval_corpus;
mod cel_eval_costs;
mod cel_rules_fixture;
mod cli;
mod cli_architecture;
mod cli_control;
mod cli_sarif;
mod common;
mod compat_corpus;
mod compat_rules;
mod conformance_cel_compile;
mod conformance_cel_cost;
mod conformance_cel_eval;
mod conformance_cr;
mod conformance_crd;
mod conformance_formats;
mod conformance_names;
mod conformance_version_priority;
mod lint_corpus;
mod lint_rules;
mod properties;
mod reliability;
mod suite;
mod validate_corpus;
mod validate_old;
mod write;
mod write_props;
mod yaml;
