//! The editor's questions about a place in a buffer: hover, completion and go to definition.
//!
//! Answers come from the CRDs' own YAML (the raw `openAPIV3Schema` nodes, which keep their
//! spans, so a definition is a place in the CRD file), from the built-in kinds' documents
//! (`builtin::explain`), from the CEL cost estimator (`cel::cost::rule_costs`, what `crdlint
//! cost` prints) and from the rule registry. Where the cursor is comes from the parsed
//! document when it parses; completion, which runs mid-edit, reads the indentation of the
//! lines above instead.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;

use lsp_types::{
    CompletionItem, CompletionItemKind, Documentation, GotoDefinitionResponse, Hover,
    HoverContents, Location, MarkupContent, MarkupKind, Position,
};

use super::engine::SchemaFile;
use super::text::{path_uri, LineIndex};
use super::Doc;
use crate::cli::driver::{is_crd, objects};
use crate::k8s::KubeVersion;
use crate::yaml::{Node, Span, Value};

/// What a question is answered from.
pub struct Context<'a> {
    pub schemas: &'a [SchemaFile],
    pub open: &'a BTreeMap<PathBuf, Doc>,
    pub kube_version: KubeVersion,
    /// The config's `cost-warn` percent: what a cost fix aims under.
    pub cost_warn_percent: u32,
}

/// One step of a path in a document.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Seg {
    Key(String),
    Index,
}

/// Where the cursor is in a parsed document.
struct Located {
    root: Node,
    path: Vec<Seg>,
}

fn locate(text: &str, offset: usize) -> Option<Located> {
    // Only the document around the cursor is read (a file may hold thousands): its text is
    // the lines between `---` markers, with the offset made relative to it.
    let (start, end) = document_region(text, offset);
    locate_in(&text[start..end], offset.checked_sub(start)?)
}

/// The byte range of the document around `offset`: from the line after the nearest `---`
/// marker line above it to the next one (a marker at column 0 always ends a document).
pub(super) fn document_region(text: &str, offset: usize) -> (usize, usize) {
    let is_marker = |line: &str| {
        line.strip_prefix("---")
            .is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t', '\r']))
    };
    let mut start = 0;
    let mut end = text.len();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let next = at + line.len();
        if is_marker(line.trim_end_matches('\n')) {
            if next <= offset {
                start = next;
            } else if at >= offset {
                end = at;
                break;
            } else {
                // On the marker line itself: no document.
                return (at, at);
            }
        }
        at = next;
    }
    (start, end)
}

fn locate_in(text: &str, offset: usize) -> Option<Located> {
    let docs = crate::yaml::load(text);
    let doc = docs.into_iter().find(|d| {
        let s = d.span;
        (s.start()) <= offset && offset <= s.end() && d.root.is_some()
    })?;
    let root = doc.root?;
    let mut path = Vec::new();
    let mut node = &root;
    let within = |s: Span| (s.start()) <= offset && offset <= s.end();
    loop {
        match &node.value {
            Value::Map(m) => {
                let Some(e) = m
                    .entries
                    .iter()
                    .find(|e| within(e.key_span) || within(e.value.span()))
                else {
                    break;
                };
                path.push(Seg::Key(e.key.to_string()));
                if within(e.key_span) {
                    break;
                }
                node = &e.value;
            }
            Value::Seq(items) => {
                let Some(item) = items.iter().find(|i| within(i.span())) else {
                    break;
                };
                path.push(Seg::Index);
                node = item;
            }
            _ => break,
        }
    }
    Some(Located {
        root: root.clone(),
        path,
    })
}

/// A CRD version's schema, found for a resource.
struct Found {
    file: PathBuf,
    text: String,
    crd: Node,
    crd_name: String,
    version: String,
    schema: Node,
}

/// The texts of every file that may define CRDs: the folder's, with open buffers' texts, and
/// open buffers that newly define one.
fn crd_texts(ctx: &Context<'_>) -> Vec<(PathBuf, String)> {
    let mut out: Vec<(PathBuf, String)> = ctx
        .schemas
        .iter()
        .map(|s| {
            let text = ctx.open.get(&s.path).map_or(&s.text, |d| &d.text);
            (s.path.clone(), text.clone())
        })
        .collect();
    for (p, d) in ctx.open {
        if !out.iter().any(|(q, _)| q == p) && crate::cli::classify::may_hold_crd(&d.text) {
            out.push((p.clone(), d.text.clone()));
        }
    }
    out
}

/// Every CRD document of the workspace: (file, text, CRD node).
fn crds(ctx: &Context<'_>) -> Vec<(PathBuf, String, Node)> {
    crds_in(crd_texts(ctx))
}

fn crds_in(texts: Vec<(PathBuf, String)>) -> Vec<(PathBuf, String, Node)> {
    let mut out = Vec::new();
    for (path, text) in texts {
        for doc in crate::yaml::load(&text) {
            let Some(root) = &doc.root else { continue };
            for (_, node) in objects(root) {
                let (Some(api), Some(kind)) = (node.get_str("apiVersion"), node.get_str("kind"))
                else {
                    continue;
                };
                if is_crd(api, kind) {
                    out.push((path.clone(), text.clone(), node.clone()));
                }
            }
        }
    }
    out
}

/// The schema of `apiVersion`/`kind` among the workspace's CRDs.
fn find_schema(ctx: &Context<'_>, api_version: &str, kind: &str) -> Option<Found> {
    let (group, version) = api_version.rsplit_once('/')?;
    // Only the files that name the kind are read.
    let mut texts = crd_texts(ctx);
    texts.retain(|(_, t)| t.contains(kind));
    crds_in(texts).into_iter().find_map(|(file, text, crd)| {
        let spec = crd.get("spec")?;
        if spec.get_str("group") != Some(group)
            || spec.at(&["names", "kind"])?.as_str() != Some(kind)
        {
            return None;
        }
        let v = spec
            .get("versions")?
            .as_seq()?
            .iter()
            .find(|v| v.get_str("name") == Some(version))?;
        let schema = v.at(&["schema", "openAPIV3Schema"])?.clone();
        Some(Found {
            crd_name: crd
                .at(&["metadata", "name"])
                .and_then(Node::as_str)
                .unwrap_or_default()
                .to_string(),
            version: version.to_string(),
            file,
            text,
            crd: crd.clone(),
            schema,
        })
    })
}

/// A schema node reached by a path, with the key span of the last property that named it and
/// whether its parent requires it.
struct Field<'a> {
    node: &'a Node,
    key_span: Option<Span>,
    required: bool,
}

fn walk<'a>(schema: &'a Node, path: &[Seg]) -> Option<Field<'a>> {
    let mut field = Field {
        node: schema,
        key_span: None,
        required: false,
    };
    for seg in path {
        let node = field.node;
        field = match seg {
            Seg::Key(k) => {
                let prop = node
                    .get("properties")
                    .and_then(Node::as_map)
                    .and_then(|m| m.entry(k));
                match prop {
                    Some(e) => Field {
                        node: &e.value,
                        key_span: Some(e.key_span),
                        required: node
                            .get("required")
                            .and_then(Node::as_seq)
                            .is_some_and(|r| r.iter().any(|x| x.as_str() == Some(k))),
                    },
                    None => {
                        let extra = node
                            .get("additionalProperties")
                            .filter(|a| a.as_map().is_some())?;
                        Field {
                            node: extra,
                            key_span: None,
                            required: false,
                        }
                    }
                }
            }
            Seg::Index => Field {
                node: node.get("items")?,
                key_span: None,
                required: false,
            },
        };
    }
    Some(field)
}

fn scalar_text(n: &Node) -> String {
    match &n.value {
        Value::String(s) => s.to_string(),
        _ => serde_json::to_string(&n.to_json()).unwrap_or_default(),
    }
}

/// The Markdown of a schema field: type, description, constraints, where it is defined.
fn describe(name: &str, f: &Field<'_>, found: &Found) -> String {
    let n = f.node;
    let mut out = String::new();
    let ty = n.get_str("type").unwrap_or("any");
    let _ = write!(out, "**{name}**: `{ty}`");
    if let Some(fmt) = n.get_str("format") {
        let _ = write!(out, " (`{fmt}`)");
    }
    if f.required {
        out.push_str(", required");
    }
    out.push_str("\n\n");
    if let Some(d) = n.get_str("description") {
        out.push_str(d);
        out.push_str("\n\n");
    }
    let mut facts = Vec::new();
    if let Some(e) = n.get("enum").and_then(Node::as_seq) {
        let values: Vec<String> = e.iter().map(|v| format!("`{}`", scalar_text(v))).collect();
        facts.push(format!("enum: {}", values.join(", ")));
    }
    for key in [
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "minProperties",
        "maxProperties",
        "pattern",
        "default",
    ] {
        if let Some(v) = n.get(key) {
            facts.push(format!("{key}: `{}`", scalar_text(v)));
        }
    }
    for f in facts {
        let _ = writeln!(out, "- {f}");
    }
    let at = LineIndex::new(&found.text).position(f.key_span.map_or(0, |s| s.start()));
    let _ = write!(
        out,
        "\nDefined in `{}` line {} (CRD `{}`, version `{}`)",
        found.file.display(),
        at.line + 1,
        found.crd_name,
        found.version
    );
    out
}

fn markdown(value: String) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: None,
    }
}

fn keys_of(path: &[Seg]) -> Vec<String> {
    path.iter()
        .filter_map(|s| match s {
            Seg::Key(k) => Some(k.clone()),
            Seg::Index => None,
        })
        .collect()
}

/// Hover: a rule id in a suppression comment, a CEL rule's cost in a CRD, a resource's field.
pub fn hover(ctx: &Context<'_>, doc: &Doc, pos: Position) -> Option<Hover> {
    let index = LineIndex::new(&doc.text);
    let offset = index.offset(pos);
    if let Some(id) = suppressed_rule_at(&doc.text, offset) {
        let rule = crate::cli::rules::all().into_iter().find(|r| r.id == id)?;
        return Some(markdown(crate::diag::ruledoc::markdown(rule)));
    }
    let at = locate(&doc.text, offset)?;
    let api = at.root.get_str("apiVersion")?.to_string();
    let kind = at.root.get_str("kind")?.to_string();
    if is_crd(&api, &kind) {
        return cel_cost(ctx, &at.root, offset).map(markdown);
    }
    // A key, or the value of a key: the field it names.
    let name = match at.path.last()? {
        Seg::Key(k) => k.clone(),
        Seg::Index => return None,
    };
    if let Some(found) = find_schema(ctx, &api, &kind) {
        let f = walk(&found.schema, &at.path)?;
        return Some(markdown(describe(&name, &f, &found)));
    }
    // A key of a map-valued field (`data.a` of a ConfigMap) is explained by its field.
    let keys = keys_of(&at.path);
    let target = format!("{api}/{kind}");
    let text = (0..=keys.len()).rev().find_map(|n| {
        crate::builtin::explain::explain(ctx.kube_version, &target, &keys[..n].join("."), false)
            .ok()
    })?;
    Some(markdown(format!(
        "```text\n{}```\n\nBuilt-in kind `{api}/{kind}` at Kubernetes {}",
        text, ctx.kube_version
    )))
}

/// The estimated cost of the CEL rule (or messageExpression) under the cursor.
fn cel_cost(ctx: &Context<'_>, crd: &Node, offset: usize) -> Option<String> {
    use crate::cel::cost::{rule_costs, KubernetesCompiler, STATIC_ESTIMATED_COST_LIMIT};
    let compiler = KubernetesCompiler {
        options: crate::cel::CompileOptions {
            kube_version: ctx.kube_version,
            ..Default::default()
        },
    };
    let row = rule_costs(crd, &compiler).into_iter().find(|r| {
        let s = r.span;
        s.start() <= offset && offset <= s.end()
    })?;
    let cardinality = match row.cardinality {
        crate::cel::cost::Cardinality::Bounded(c) => c.to_string(),
        crate::cel::cost::Cardinality::Unbounded => "unbounded".to_string(),
    };
    use crate::cel::cost::crd::{group_thousands, percent_of};
    Some(format!(
        "**CEL {}** on `{}`\n\nestimated cost **{}** = {} × {} (cardinality {cardinality}): {} of the per-expression budget of {}",
        row.kind.field(),
        row.location,
        group_thousands(row.total),
        group_thousands(row.estimated),
        group_thousands(row.multiplier),
        percent_of(row.total, STATIC_ESTIMATED_COST_LIMIT),
        group_thousands(STATIC_ESTIMATED_COST_LIMIT),
    ))
}

/// The rule id under `offset` in a `# crdlint: ignore[...]` comment.
fn suppressed_rule_at(text: &str, offset: usize) -> Option<&str> {
    let line_start = text[..offset.min(text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let line = &text[line_start..line_end];
    let open = line.find("crdlint: ignore")?;
    let list_start = open + line[open..].find('[')? + 1;
    let list_end = list_start
        + line[list_start..]
            .find(']')
            .unwrap_or(line.len() - list_start);
    let at = offset - line_start;
    if at < list_start || at > list_end {
        return None;
    }
    let mut start = list_start;
    for id in line[list_start..list_end].split(',') {
        let end = start + id.len();
        if at >= start && at <= end {
            return Some(id.trim());
        }
        start = end + 1;
    }
    None
}

/// The property names the schema allows beside the key at `offset` (for renaming a
/// misspelled key).
pub fn sibling_keys(ctx: &Context<'_>, text: &str, offset: usize) -> Vec<String> {
    let Some(at) = locate(text, offset) else {
        return Vec::new();
    };
    let (Some(api), Some(kind)) = (at.root.get_str("apiVersion"), at.root.get_str("kind")) else {
        return Vec::new();
    };
    let Some(found) = find_schema(ctx, api, kind) else {
        return Vec::new();
    };
    let parent = &at.path[..at.path.len().saturating_sub(1)];
    walk(&found.schema, parent)
        .and_then(|f| f.node.get("properties"))
        .and_then(Node::as_map)
        .map(|m| m.keys().map(str::to_string).collect())
        .unwrap_or_default()
}

/// Go to definition: a resource's key to the property in its CRD, `kind` to the CRD.
pub fn definition(ctx: &Context<'_>, doc: &Doc, pos: Position) -> Option<GotoDefinitionResponse> {
    let offset = LineIndex::new(&doc.text).offset(pos);
    let at = locate(&doc.text, offset)?;
    let api = at.root.get_str("apiVersion")?;
    let kind = at.root.get_str("kind")?;
    if is_crd(api, kind) {
        // Inside a CRD: a path it writes as text (`jsonPath`, `self.a.b`) to its schema node.
        let (start, end) = document_region(&doc.text, offset);
        let span = super::crdnav::definition(&doc.text[start..end], &at.root, offset - start)?;
        let span = Span::new(span.start() + start, span.end() + start);
        return Some(GotoDefinitionResponse::Scalar(Location {
            uri: doc.uri.clone(),
            range: LineIndex::new(&doc.text).range(span),
        }));
    }
    let found = find_schema(ctx, api, kind)?;
    let index = LineIndex::new(&found.text);
    let span = if at.path == [Seg::Key("kind".into())] {
        let names = found.crd.at(&["spec", "names"])?.as_map()?;
        names.entry("kind")?.value.span()
    } else {
        walk(&found.schema, &at.path)?.key_span?
    };
    Some(GotoDefinitionResponse::Scalar(Location {
        uri: path_uri(&found.file),
        range: index.range(span),
    }))
}

/// Completion: rule ids in a suppression comment, `apiVersion` and `kind` values, enum
/// values, and the keys the schema allows at the cursor (required ones first).
pub fn complete(ctx: &Context<'_>, doc: &Doc, pos: Position) -> Vec<CompletionItem> {
    let text = &doc.text;
    let index = LineIndex::new(text);
    let offset = index.offset(pos);
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..offset];
    if let Some(i) = before.find("crdlint: ignore") {
        if before[i..].contains('[') && !before[i..].contains(']') {
            return crate::cli::rules::all()
                .into_iter()
                .map(|r| CompletionItem {
                    label: r.id.to_string(),
                    kind: Some(CompletionItemKind::VALUE),
                    detail: Some(r.summary.to_string()),
                    ..Default::default()
                })
                .collect();
        }
        return Vec::new();
    }
    if before.contains('#') {
        return Vec::new();
    }
    let (api, kind) = type_meta(text, line_start);
    let (mut path, indent, after_key) = cursor_path(text, line_start, before);
    if let Some(key) = after_key {
        // A value: `key: <cursor>`.
        if path.is_empty() && key == "apiVersion" {
            return values(crds(ctx).iter().flat_map(|(_, _, c)| crd_api_versions(c)));
        }
        if path.is_empty() && key == "kind" {
            let kinds = crds(ctx)
                .iter()
                .filter(|(_, _, c)| {
                    api.as_deref()
                        .is_none_or(|a| crd_api_versions(c).iter().any(|v| v == a))
                })
                .filter_map(|(_, _, c)| {
                    c.at(&["spec", "names", "kind"])?
                        .as_str()
                        .map(str::to_string)
                })
                .collect::<Vec<_>>();
            return values(kinds);
        }
        path.push(Seg::Key(key));
        let (Some(api), Some(kind)) = (api, kind) else {
            return Vec::new();
        };
        let Some(found) = find_schema(ctx, &api, &kind) else {
            return Vec::new();
        };
        let Some(f) = walk(&found.schema, &path) else {
            return Vec::new();
        };
        if let Some(e) = f.node.get("enum").and_then(Node::as_seq) {
            return values(e.iter().map(scalar_text));
        }
        if f.node.get_str("type") == Some("boolean") {
            return values(["true".to_string(), "false".to_string()]);
        }
        return Vec::new();
    }
    let _ = indent;
    let (Some(api), Some(kind)) = (api, kind) else {
        if path.is_empty() {
            return keys(&["apiVersion", "kind", "metadata"], &[]);
        }
        return Vec::new();
    };
    let Some(found) = find_schema(ctx, &api, &kind) else {
        return Vec::new();
    };
    let Some(f) = walk(&found.schema, &path) else {
        return Vec::new();
    };
    let Some(props) = f.node.get("properties").and_then(Node::as_map) else {
        return Vec::new();
    };
    let required: Vec<&str> = f
        .node
        .get("required")
        .and_then(Node::as_seq)
        .map(|r| r.iter().filter_map(Node::as_str).collect())
        .unwrap_or_default();
    props
        .iter()
        .map(|(name, schema)| {
            let req = required.contains(&name);
            CompletionItem {
                label: name.to_string(),
                kind: Some(CompletionItemKind::FIELD),
                detail: Some(format!(
                    "{}{}",
                    schema.get_str("type").unwrap_or("any"),
                    if req { ", required" } else { "" }
                )),
                documentation: schema.get_str("description").map(|d| {
                    Documentation::MarkupContent(MarkupContent {
                        kind: MarkupKind::Markdown,
                        value: d.to_string(),
                    })
                }),
                sort_text: Some(format!("{}{name}", if req { 0 } else { 1 })),
                insert_text: Some(format!("{name}: ")),
                ..Default::default()
            }
        })
        .collect()
}

fn values(vs: impl IntoIterator<Item = String>) -> Vec<CompletionItem> {
    let mut seen = std::collections::BTreeSet::new();
    vs.into_iter()
        .filter(|v| seen.insert(v.clone()))
        .map(|v| CompletionItem {
            label: v,
            kind: Some(CompletionItemKind::VALUE),
            ..Default::default()
        })
        .collect()
}

fn keys(names: &[&str], required: &[&str]) -> Vec<CompletionItem> {
    names
        .iter()
        .map(|n| CompletionItem {
            label: n.to_string(),
            kind: Some(CompletionItemKind::FIELD),
            sort_text: Some(format!("{}{n}", if required.contains(n) { 0 } else { 1 })),
            insert_text: Some(format!("{n}: ")),
            ..Default::default()
        })
        .collect()
}

fn crd_api_versions(crd: &Node) -> Vec<String> {
    let Some(spec) = crd.get("spec") else {
        return Vec::new();
    };
    let group = spec.get_str("group").unwrap_or_default();
    spec.get("versions")
        .and_then(Node::as_seq)
        .into_iter()
        .flatten()
        .filter_map(|v| v.get_str("name"))
        .map(|v| format!("{group}/{v}"))
        .collect()
}

/// The `apiVersion` and `kind` of the document holding the line at `line_start`, read from its
/// top-level lines (the document may not parse mid-edit).
fn type_meta(text: &str, line_start: usize) -> (Option<String>, Option<String>) {
    let doc_start = text[..line_start]
        .rmatch_indices("\n---")
        .next()
        .map_or(0, |(i, _)| i + 1);
    let doc_end = text[line_start..]
        .find("\n---")
        .map_or(text.len(), |i| line_start + i);
    let (mut api, mut kind) = (None, None);
    for line in text[doc_start..doc_end].lines() {
        let value = |key: &str| {
            let v = line.strip_prefix(key)?.strip_prefix(':')?;
            let v = v
                .split(" #")
                .next()?
                .trim()
                .trim_matches(|c| c == '"' || c == '\'');
            (!v.is_empty()).then(|| v.to_string())
        };
        api = api.or_else(|| value("apiVersion"));
        kind = kind.or_else(|| value("kind"));
    }
    (api, kind)
}

/// The path of the mapping the cursor's line is in, read from the indentation of the lines
/// above (each less indented `key:` with no value is a parent, each `- ` an item), the
/// cursor's column, and the key before the cursor when it is after `key:`.
pub(super) fn cursor_path(
    text: &str,
    line_start: usize,
    before: &str,
) -> (Vec<Seg>, usize, Option<String>) {
    let (dashes, col, rest) = split_line(before);
    let mut segs: Vec<Seg> = Vec::new();
    let after_key = rest
        .split_once(':')
        .filter(|(k, v)| !k.is_empty() && !k.contains(' ') && !v.contains(':'))
        .map(|(k, _)| k.to_string());
    let mut want = col;
    let mut in_seq = false;
    for &d in dashes.iter().rev() {
        segs.push(Seg::Index);
        want = d;
        in_seq = true;
    }
    for line in text[..line_start].lines().rev() {
        let trimmed = line.trim_start();
        if line.starts_with("---") || line.starts_with("...") {
            break;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (dashes, col, rest) = split_line(line);
        let key = rest
            .split_once(':')
            .filter(|(_, v)| v.trim().is_empty() || v.trim_start().starts_with('#'))
            .map(|(k, _)| k.trim().to_string());
        let parent = if in_seq { col <= want } else { col < want };
        if parent && !rest.is_empty() {
            match key {
                Some(k) if !k.is_empty() => {
                    segs.push(Seg::Key(k));
                    want = col;
                    in_seq = false;
                }
                _ if col < want => break,
                _ => {}
            }
        }
        for &d in dashes.iter().rev() {
            if d < want {
                segs.push(Seg::Index);
                want = d;
                in_seq = true;
            }
        }
        if want == 0 && !in_seq {
            break;
        }
    }
    segs.reverse();
    (segs, col, after_key)
}

/// A line's `- ` item markers (their columns), where its content starts, and the content.
fn split_line(line: &str) -> (Vec<usize>, usize, &str) {
    let mut col = line.len() - line.trim_start_matches(' ').len();
    let mut rest = &line[col..];
    let mut dashes = Vec::new();
    while rest == "-" || rest.starts_with("- ") {
        dashes.push(col);
        let after = rest[1..].trim_start_matches(' ');
        col += rest.len() - after.len();
        rest = after;
    }
    (dashes, col, rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path_at(text: &str) -> (Vec<Seg>, Option<String>) {
        let at = text.find('|').unwrap();
        let text = text.replace('|', "");
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let (p, _, k) = cursor_path(&text, line_start, &text[line_start..at]);
        (p, k)
    }

    fn keys(names: &[&str]) -> Vec<Seg> {
        names
            .iter()
            .map(|n| match *n {
                "[]" => Seg::Index,
                k => Seg::Key(k.to_string()),
            })
            .collect()
    }

    #[test]
    fn cursor_paths_follow_indentation() {
        let doc = "kind: A\nspec:\n  containers:\n  - name: x\n    |\n";
        assert_eq!(path_at(doc), (keys(&["spec", "containers", "[]"]), None));
        let doc = "kind: A\nspec:\n  size: 1\n  |\n";
        assert_eq!(path_at(doc), (keys(&["spec"]), None));
        let doc = "kind: A\nspec:\n  items:\n    - a: 1\n      b:\n        |";
        assert_eq!(path_at(doc), (keys(&["spec", "items", "[]", "b"]), None));
        let doc = "spec:\n  mode: |";
        assert_eq!(path_at(doc), (keys(&["spec"]), Some("mode".to_string())));
        let doc = "spec:\n  list:\n  - |";
        assert_eq!(path_at(doc), (keys(&["spec", "list", "[]"]), None));
        assert_eq!(path_at("|"), (vec![], None));
    }

    #[test]
    fn document_regions_end_at_markers() {
        let text = "a: 1\n---\nb: 2\nc: 3\n--- \nd: 4\n";
        let b = text.find('b').unwrap();
        assert_eq!(
            &text[document_region(text, b).0..document_region(text, b).1],
            "b: 2\nc: 3\n"
        );
        assert_eq!(document_region(text, 0), (0, 5));
        let d = text.find('d').unwrap();
        assert_eq!(&text[document_region(text, d).0..], "d: 4\n");
        assert_eq!(document_region("x: 1", 2), (0, 4));
    }

    #[test]
    fn rule_ids_in_suppression_comments() {
        let text = "a: 1 # crdlint: ignore[cr/schema, cr/unknown-field] -- why\n";
        let at = text.find("unknown").unwrap();
        assert_eq!(suppressed_rule_at(text, at), Some("cr/unknown-field"));
        assert_eq!(
            suppressed_rule_at(text, text.find("cr/s").unwrap()),
            Some("cr/schema")
        );
        assert_eq!(suppressed_rule_at(text, 0), None);
    }
}
