//! `completions SHELL` and the hidden `manpage`: both generated from the clap definition, so
//! they cannot disagree with the flags. The checked-in scripts in `completions/` are compared
//! with freshly generated ones by a test.

use std::io::{self, Write};
use std::path::Path;

use clap::builder::{PossibleValue, PossibleValuesParser};

use crate::cli::args::Cli;
use crate::cli::{Failure, Status};

/// The completion script for `shell`, as bytes.
pub fn script(shell: clap_complete::Shell) -> Vec<u8> {
    let mut cmd = without_hidden_subcommands(with_rule_ids(Cli::command()));
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut cmd, "crdlint", &mut buf);
    if shell == clap_complete::Shell::Fish {
        buf.extend(fish_positional_values(&cmd).into_bytes());
    }
    buf
}

/// `cmd` without its hidden subcommands (`manpage`, `scan`) and hidden flags (`--no-cel`), at
/// every level: clap_complete offers every subcommand and flag a command holds, hidden or not
/// (it leaves out only hidden values), in each shell's list and in `help`'s. clap cannot remove
/// either, so a command with a hidden one in it or below it is built again from its parts: its
/// name, version, texts and settings, its groups and visible arguments, and its visible
/// subcommands, in their order. A command with none is kept as it is.
fn without_hidden_subcommands(cmd: clap::Command) -> clap::Command {
    fn hides(cmd: &clap::Command) -> bool {
        cmd.get_arguments().any(|a| a.is_hide_set())
            || cmd
                .get_subcommands()
                .any(|sc| sc.is_hide_set() || hides(sc))
    }
    if !hides(&cmd) {
        return cmd;
    }
    use clap::builder::{Resettable, Str, StyledStr};
    let text = |t: Option<&StyledStr>| t.cloned().map_or(Resettable::Reset, Resettable::Value);
    let name = |t: Option<&str>| {
        t.map_or(Resettable::Reset, |t| {
            Resettable::Value(Str::from(t.to_string()))
        })
    };
    let mut out = clap::Command::new(cmd.get_name().to_string())
        .version(name(cmd.get_version()))
        .long_version(name(cmd.get_long_version()))
        .author(name(cmd.get_author()))
        .about(text(cmd.get_about()))
        .long_about(text(cmd.get_long_about()))
        .before_help(text(cmd.get_before_help()))
        .before_long_help(text(cmd.get_before_long_help()))
        .after_help(text(cmd.get_after_help()))
        .after_long_help(text(cmd.get_after_long_help()))
        .aliases(cmd.get_aliases().map(str::to_string))
        .visible_aliases(cmd.get_visible_aliases().map(str::to_string))
        .subcommand_value_name(name(cmd.get_subcommand_value_name()))
        .subcommand_help_heading(name(cmd.get_subcommand_help_heading()))
        .hide(cmd.is_hide_set())
        .disable_version_flag(cmd.is_disable_version_flag_set())
        .propagate_version(cmd.is_propagate_version_set())
        .disable_help_flag(cmd.is_disable_help_flag_set())
        .disable_help_subcommand(cmd.is_disable_help_subcommand_set())
        .subcommand_required(cmd.is_subcommand_required_set())
        .arg_required_else_help(cmd.is_arg_required_else_help_set())
        .allow_external_subcommands(cmd.is_allow_external_subcommands_set())
        .args_conflicts_with_subcommands(cmd.is_args_conflicts_with_subcommands_set())
        .subcommand_negates_reqs(cmd.is_subcommand_negates_reqs_set())
        .subcommand_precedence_over_arg(cmd.is_subcommand_precedence_over_arg_set())
        .trailing_var_arg(cmd.is_trailing_var_arg_set())
        .allow_missing_positional(cmd.is_allow_missing_positional_set())
        .allow_negative_numbers(cmd.is_allow_negative_numbers_set());
    if let Some(n) = cmd.get_bin_name() {
        out = out.bin_name(n.to_string());
    }
    if let Some(n) = cmd.get_display_name() {
        out = out.display_name(n.to_string());
    }
    if let Some(c) = cmd.get_short_flag() {
        out = out.short_flag(c);
    }
    if let Some(l) = cmd.get_long_flag() {
        out = out.long_flag(l.to_string());
    }
    // A group names its arguments: the hidden ones go from it too (the derived groups, one
    // per flattened struct, are `multiple` and have no relations to keep).
    let hidden: Vec<&clap::Id> = cmd
        .get_arguments()
        .filter(|a| a.is_hide_set())
        .map(clap::Arg::get_id)
        .collect();
    let groups = cmd.get_groups().map(|g| {
        clap::ArgGroup::new(g.get_id().clone())
            .args(g.get_args().filter(|a| !hidden.contains(a)).cloned())
            .multiple(g.clone().is_multiple())
            .required(g.is_required_set())
    });
    out = out
        .groups(groups)
        .args(cmd.get_arguments().filter(|a| !a.is_hide_set()).cloned())
        .subcommands(
            cmd.get_subcommands()
                .filter(|sc| !sc.is_hide_set())
                .cloned()
                .map(without_hidden_subcommands),
        );
    out
}

/// The lines clap_complete's fish script lacks: it completes no positional's values, where bash
/// and zsh offer them (`explain`'s rule ids and `config`, `completions`' shells). One `complete`
/// line per such positional, in clap's own form (`-f -a "value\t'help'…"`: the values only, as
/// bash's `compgen -W`; an option's file argument keeps its own `-F`). File positionals need
/// nothing: fish completes files where no line says `-f`.
fn fish_positional_values(cmd: &clap::Command) -> String {
    // `\` and `'` for the single-quoted help, `"` and `$` for the double-quoted list.
    let esc = |t: &str| {
        t.replace('\\', "\\\\")
            .replace('\'', "\\'")
            .replace('"', "\\\"")
            .replace('$', "\\$")
            .replace('\n', " ")
    };
    let mut out = String::new();
    let mut stack: Vec<(Vec<&str>, &clap::Command)> = cmd
        .get_subcommands()
        .map(|sc| (vec![sc.get_name()], sc))
        .collect();
    stack.reverse();
    while let Some((path, sc)) = stack.pop() {
        if sc.get_name() == "help" {
            continue;
        }
        for arg in sc.get_positionals() {
            let values: Vec<String> = arg
                .get_possible_values()
                .iter()
                .filter(|v| !v.is_hide_set())
                .map(|v| {
                    let help = v.get_help().map(ToString::to_string).unwrap_or_default();
                    format!("{}\\t'{}'", esc(v.get_name()), esc(&help))
                })
                .collect();
            if values.is_empty() {
                continue;
            }
            let mut cond = format!("__fish_crdlint_using_subcommand {}", path[0]);
            for more in &path[1..] {
                cond.push_str(&format!("; and __fish_seen_subcommand_from {more}"));
            }
            out.push_str(&format!(
                "complete -c crdlint -n \"{cond}\" -f -a \"{}\"\n",
                values.join("\n")
            ));
        }
        for nested in sc.get_subcommands() {
            let mut p = path.clone();
            p.push(nested.get_name());
            stack.push((p, nested));
        }
    }
    out
}

pub fn completions(shell: clap_complete::Shell) -> Result<Status, Failure> {
    let mut out = io::stdout().lock();
    out.write_all(&script(shell))?;
    out.flush()?;
    Ok(Status::Clean)
}

/// `cmd` with the rule ids as the values to complete after `--select`, `--ignore`, `--warn`,
/// `--error` (and their groups, `cel/`, which those flags take too) and `explain` (and
/// `config`). Only the scripts get them: parsing stays open, since the flags take prefixes and
/// `explain` takes built-in kinds, which no list could hold.
fn with_rule_ids(cmd: clap::Command) -> clap::Command {
    let rules = crate::cli::rules::all();
    let mut groups: Vec<&'static str> = rules
        .iter()
        .filter_map(|r| r.id.find('/').map(|i| &r.id[..=i]))
        .collect();
    groups.dedup();
    // The flags are global, so every subcommand's completions repeat their values: ids only
    // there (with summaries, zsh's and fish's scripts grew from 70 KB to 790 KB); `explain`
    // shows each rule's summary beside its id.
    let ids = |summaries: bool| {
        rules
            .iter()
            .map(|r| PossibleValue::new(r.id).help(summaries.then_some(r.summary)))
            .collect::<Vec<_>>()
    };
    let selectors = || {
        let mut values = ids(false);
        values.extend(groups.iter().map(|g| PossibleValue::new(*g)));
        PossibleValuesParser::new(values)
    };
    let mut cmd = cmd;
    for flag in ["select", "ignore", "warn", "error"] {
        cmd = cmd.mut_arg(flag, |a| a.value_parser(selectors()));
    }
    cmd.mut_subcommand("explain", |sc| {
        let mut topics = ids(true);
        topics.push(PossibleValue::new("config").help("the keys of .crdlint.yaml"));
        // `mut_arg` moves the argument last: `field` is moved after it again, so that the
        // positionals keep their order.
        sc.mut_arg("rule", |a| {
            a.value_parser(PossibleValuesParser::new(topics))
        })
        .mut_arg("field", |a| a)
    })
}

/// The man pages, as roff: `crdlint.1` first, then `crdlint-<subcommand>.1` for every visible
/// subcommand, each with its own options and the global ones (git's layout: `man crdlint-check`).
pub fn pages() -> io::Result<Vec<(String, Vec<u8>)>> {
    let mut cmd = Cli::command();
    // Building propagates the global flags into every subcommand, so each page lists them.
    cmd.build();
    let mut pages = vec![("crdlint.1".to_string(), roff(cmd.clone())?)];
    for sub in cmd.get_subcommands() {
        if sub.is_hide_set() || sub.get_name() == "help" {
            continue;
        }
        let name = format!("crdlint-{}", sub.get_name());
        let page = sub.clone().name(name.clone()).display_name(name.clone());
        pages.push((format!("{name}.1"), roff(page)?));
    }
    Ok(pages)
}

fn roff(cmd: clap::Command) -> io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut buf)?;
    Ok(buf)
}

/// Prints `crdlint.1`, or writes every page into `dir`.
pub fn manpage(dir: Option<&Path>) -> Result<Status, Failure> {
    let mut pages = pages()?;
    let Some(dir) = dir else {
        let mut out = io::stdout().lock();
        out.write_all(&pages.swap_remove(0).1)?;
        out.flush()?;
        return Ok(Status::Clean);
    };
    std::fs::create_dir_all(dir).map_err(|e| with_path(e, dir))?;
    for (name, page) in &pages {
        let path = dir.join(name);
        std::fs::write(&path, page).map_err(|e| with_path(e, &path))?;
    }
    Ok(Status::Clean)
}

/// `e` with the path it concerns in its message.
fn with_path(e: io::Error, path: &Path) -> Failure {
    Failure::Io(io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}
