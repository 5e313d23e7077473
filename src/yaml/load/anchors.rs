//! Anchors, aliases and merge keys, under budgets: aliases are expanded by copying the anchored
//! node after go-yaml v2's excessive-aliasing ratio and the file's node budget
//! ([`super::LoadOptions::alias_budget`]) are checked, *before* anything is copied; `<<` is
//! applied where it appears, as go-yaml v2 does.

use foldhash::fast::RandomState;

use super::doc::{
    fatal, Anchored, Built, DocBuilder, EntryMeta, Fatal, KeyKind, MapFrame, PendingKey,
};
use super::scalar::go_quote;
use super::{too_deep, Loader};
use crate::yaml::{Map, Node, Span, Value, YamlError, YamlErrorKind};

/// go-yaml v2's guard against alias bombs (decode.go `allowedAliasRatio`): once more than 100
/// nodes came from aliases and more than 1000 were decoded, aliases may make up at most 99% of
/// a small document, sliding down to 10% between 400,000 and 4,000,000 decoded nodes.
pub(super) fn go_excessive_aliasing(alias_count: usize, decode_count: usize) -> bool {
    const LOW: usize = 400_000;
    const HIGH: usize = 4_000_000;
    if alias_count <= 100 || decode_count <= 1000 {
        return false;
    }
    let allowed = if decode_count <= LOW {
        0.99
    } else if decode_count >= HIGH {
        0.10
    } else {
        0.99 - 0.89 * ((decode_count - LOW) as f64 / (HIGH - LOW) as f64)
    };
    alias_count as f64 / decode_count as f64 > allowed
}

impl DocBuilder {
    pub(super) fn register(
        &mut self,
        id: usize,
        built: &Built,
        loader: &Loader<'_>,
    ) -> Result<(), Fatal> {
        // Keeping a copy of the anchored node costs memory too; nested anchors could otherwise
        // copy a large subtree once per level.
        if built.size > 1 {
            let copies = self.anchor_copies.saturating_add(built.size);
            if copies > loader.opts.alias_budget {
                return Err(fatal(
                    YamlErrorKind::AliasBudget,
                    format!(
                        "anchored values hold more than {} nodes in total",
                        loader.opts.alias_budget
                    ),
                    built.extent,
                ));
            }
            self.anchor_copies = copies;
        }
        self.anchors.insert(
            id,
            Anchored {
                node: built.node.clone(),
                raw: built.raw,
                json_error: built.json_error.clone(),
                size: built.size,
                go_count: built.go_count,
                height: built.height,
            },
        );
        Ok(())
    }

    pub(super) fn spend(
        &mut self,
        size: usize,
        span: Span,
        loader: &Loader<'_>,
    ) -> Result<(), Fatal> {
        let used = self.budget_used.saturating_add(size);
        if used > loader.opts.alias_budget {
            return Err(fatal(
                YamlErrorKind::AliasBudget,
                format!(
                    "document contains excessive aliasing: expanding aliases would create more than {} nodes in this file",
                    loader.opts.alias_budget
                ),
                span,
            ));
        }
        self.budget_used = used;
        Ok(())
    }

    pub(super) fn alias(&mut self, id: usize, sp: Span, loader: &Loader<'_>) -> Result<(), Fatal> {
        let Some(a) = self.anchors.get(&id) else {
            // The parser resolved the alias, so its anchor is still open: the value contains
            // itself.
            let name = self.anchor_names.get(&id).map_or("?", String::as_str);
            return Err(fatal(
                YamlErrorKind::Syntax,
                format!("anchor '{name}' value contains itself"),
                sp,
            ));
        };
        let (size, height, target_count) = (a.size, a.height, a.go_count);
        if self.stack.len().saturating_add(height) > loader.opts.max_depth {
            return Err(too_deep(loader.opts.max_depth, sp));
        }
        // go-yaml decodes the alias node, then the whole target again with its alias counter
        // running. Within one expansion its ratio only grows, so checking at the end is the same
        // as its per-node check.
        self.decode_count = self
            .decode_count
            .saturating_add(1)
            .saturating_add(target_count);
        self.alias_count = self.alias_count.saturating_add(target_count);
        if go_excessive_aliasing(self.alias_count, self.decode_count) {
            return Err(fatal(
                YamlErrorKind::AliasBudget,
                "document contains excessive aliasing",
                sp,
            ));
        }
        // Check the budget before copying anything.
        self.spend(size, sp, loader)?;
        let a = &self.anchors[&id];
        let built = Built {
            node: a.node.clone(),
            raw: a.raw,
            json_error: a.json_error.clone(),
            merge: false,
            tagged: false,
            size,
            go_count: target_count + 1,
            height,
            extent: sp,
        };
        self.place(built, loader)
    }
}

/// Applies `<<: value` as go-yaml v2 does: the merged entries are set into the mapping at the
/// point where `<<` appears, so keys written *after* it win, and in a list of maps the earlier
/// maps win (go-yaml applies the list backwards).
pub(super) fn merge_into(
    m: &mut MapFrame,
    value: Node,
    key: &PendingKey,
    hasher: &RandomState,
    warnings: &mut Vec<YamlError>,
) -> Result<(), Fatal> {
    let want_map = || {
        fatal(
            YamlErrorKind::Syntax,
            "map merge requires map or sequence of maps as the value",
            value.span(),
        )
    };
    match value.value {
        Value::Map(src) => {
            apply_merged(m, src, key, hasher, warnings);
            Ok(())
        }
        Value::Seq(ref items) if items.iter().all(|n| matches!(n.value, Value::Map(_))) => {
            let Value::Seq(items) = value.value else {
                unreachable!("matched a sequence above")
            };
            for item in items.into_vec().into_iter().rev() {
                if let Value::Map(src) = item.value {
                    apply_merged(m, src, key, hasher, warnings);
                }
            }
            Ok(())
        }
        _ => Err(want_map()),
    }
}

pub(super) fn apply_merged(
    m: &mut MapFrame,
    src: Map,
    key: &PendingKey,
    hasher: &RandomState,
    warnings: &mut Vec<YamlError>,
) {
    for e in src.entries {
        if let Some(i) = m.find(&e.key, hasher) {
            if !m.meta[i].merged {
                warnings.push(YamlError {
                    kind: YamlErrorKind::Suspicious,
                    message: format!(
                        "the merge key replaces {} set earlier in this mapping (go-yaml v2 applies `<<` where it appears; put it first so explicit keys win)",
                        go_quote(&e.key)
                    ),
                    span: m.entries[i].key_span,
                    related: vec![(key.span, "merged here".to_owned())],
                });
            }
            let slot = &mut m.entries[i];
            slot.value = e.value;
            slot.key_span = e.key_span;
            m.meta[i].merged = true;
        } else {
            m.push(
                e,
                EntryMeta {
                    merged: true,
                    kind: KeyKind::Str,
                },
                hasher,
            );
        }
    }
}
