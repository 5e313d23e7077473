//! `crdlint.lock`, version 1: the one place of its types, its reader ([`parse`]) and its writer
//! ([`Lock::write`]). `crdlint vendor` writes it and reads its previous lock back; the runs that
//! use the vendored files read it.
//!
//! The shape is the contract in `LOCKFORMAT.md` (issue 30): per source its name, declaration
//! digest, type, what it resolved to and the sha256 of the fetched bytes; per CRD its name,
//! group, kinds, versions, file (relative to the lock's folder) and the file's sha256.
//!
//! Written deterministically (keys in a fixed order, sources and CRDs sorted by name, strings
//! quoted only when YAML needs it, LF, a final newline), so the same inputs always write the
//! same bytes. Read over crdlint's own spanned YAML loader, so that every mistake in a lock is
//! a [`LockError`] at its place. A lock names files that a run then reads, so a `file` must
//! stay inside the lock's folder (no absolute path, no `..`): a lock in a pull request cannot
//! make a run read, and print lines of, any file the user can read (as the config's
//! `allow-external-paths` guards, issue #26).

use std::fmt::{self, Write as _};

use super::Resolved;
use crate::diag::suggest::did_you_mean;
use crate::diag::{SourceFile, Span};
use crate::yaml::emit::emit_flow_key;
use crate::yaml::{Map, Node, Value};

/// The lock's file name, beside the config that declares `vendor:`.
pub const FILE_NAME: &str = "crdlint.lock";

/// The folder of the vendored files, relative to the lock's folder:
/// `<VENDOR_DIR>/<source>/<crd>.yaml`.
pub const VENDOR_DIR: &str = ".crdlint/vendor";

/// The only lock format version.
pub const VERSION: i64 = 1;

const HEADER: &str = "# crdlint.lock: written by `crdlint vendor`; commit it. Do not edit by hand.";

/// A lock file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lock {
    pub sources: Vec<Source>,
}

/// Where a source's CRDs came from (`type:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceType {
    Url,
    Git,
    Helm,
    Oci,
    Path,
    Stdin,
}

/// Every `type:` value, as written.
pub const SOURCE_TYPES: &[(&str, SourceType)] = &[
    ("url", SourceType::Url),
    ("git", SourceType::Git),
    ("helm", SourceType::Helm),
    ("oci", SourceType::Oci),
    ("path", SourceType::Path),
    ("stdin", SourceType::Stdin),
];

impl SourceType {
    /// The `type:` value.
    pub fn name(self) -> &'static str {
        SOURCE_TYPES
            .iter()
            .find(|(_, t)| *t == self)
            .map_or("", |(n, _)| n)
    }
}

impl fmt::Display for SourceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One `sources:` entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub name: String,
    /// `sha256:<hex>` of the canonical JSON of the `vendor:` entry.
    pub declaration: String,
    pub source_type: SourceType,
    /// The resolved URL (url/helm/oci), the repository (git) or the path as declared.
    pub url: Option<String>,
    /// git only: the commit the ref resolved to.
    pub commit: Option<String>,
    /// oci only: the manifest digest.
    pub digest: Option<String>,
    /// helm/oci only.
    pub chart_version: Option<String>,
    /// sha256 (hex) of the fetched bytes.
    pub sha256: String,
    pub crds: Vec<LockedCrd>,
    /// The entry's `name:` value as read (empty for a source not read from a file).
    pub span: Span,
}

/// One CRD of a source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockedCrd {
    /// `metadata.name`, `<plural>.<group>`.
    pub name: String,
    pub group: String,
    pub kinds: Vec<String>,
    pub served: Vec<String>,
    pub storage: String,
    /// The vendored file, relative to the lock's folder, `/`-separated.
    pub file: String,
    /// sha256 (hex) of the file's bytes.
    pub sha256: String,
    /// The `file:` value as read, where findings about the file point (empty for a CRD not
    /// read from a file).
    pub file_span: Span,
}

/// A mistake in a lock file, at its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockError {
    pub span: Span,
    pub message: String,
}

/// The vendored file of a CRD of a source, relative to the lock's folder.
pub fn file_of(source: &str, crd: &str) -> String {
    format!("{VENDOR_DIR}/{source}/{crd}.yaml")
}

/// `errors` of the lock file `name` (with text `text`), one `name:line:column: message` line
/// each.
pub fn describe(name: &str, text: &str, errors: &[LockError]) -> String {
    let file = SourceFile::new(name, text.to_string());
    let lines: Vec<String> = errors
        .iter()
        .map(|e| {
            let at = file.line_col(e.span.start());
            format!("{name}:{}:{}: {}", at.line, at.column, e.message)
        })
        .collect();
    lines.join("\n")
}

const TOP_KEYS: &[&str] = &["version", "sources"];
const SOURCE_KEYS: &[&str] = &[
    "name",
    "declaration",
    "type",
    "url",
    "commit",
    "digest",
    "chartVersion",
    "sha256",
    "crds",
];
const CRD_KEYS: &[&str] = &[
    "name", "group", "kinds", "served", "storage", "file", "sha256",
];

/// Reads a lock file's text. Every mistake is returned, in the file's order.
pub fn parse(text: &str) -> Result<Lock, Vec<LockError>> {
    // A lock as `Lock::write` writes it is read line by line (issue 34: the spanned loader
    // took 10.5 M instructions, a third of a `check` start, for a lock of 500 CRDs); anything
    // else, and every mistake, goes through the loader.
    match Written::new(text).lock() {
        Some(lock) => Ok(lock),
        None => parse_loaded(text),
    }
}

/// [`parse`] over the spanned YAML loader: any text, every mistake at its place.
fn parse_loaded(text: &str) -> Result<Lock, Vec<LockError>> {
    let mut errors = Vec::new();
    let docs = crate::yaml::load(text);
    let mut roots = Vec::new();
    for doc in &docs {
        errors.extend(doc.errors.iter().map(|e| LockError {
            span: e.span,
            message: e.message.clone(),
        }));
        roots.extend(doc.root.as_ref());
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let root = match roots.as_slice() {
        [root] => *root,
        [] => return Err(vec![error(Span::default(), "the lock file is empty")]),
        [_, second, ..] => {
            return Err(vec![error(
                second.span(),
                "a lock file holds one YAML document",
            )])
        }
    };
    let mut r = Reader { errors };
    let lock = r.lock(root);
    let mut errors = r.errors;
    if errors.is_empty() {
        return lock.ok_or_else(|| vec![error(root.span(), "not a lock file")]);
    }
    errors.sort_by_key(|e| (e.span.start(), e.span.end()));
    Err(errors)
}

fn error(span: Span, message: impl Into<String>) -> LockError {
    LockError {
        span,
        message: message.into(),
    }
}

/// The reader: collects every mistake, and gives `None` for what it could not read.
struct Reader {
    errors: Vec<LockError>,
}

impl Reader {
    fn fail<T>(&mut self, span: Span, message: impl Into<String>) -> Option<T> {
        self.errors.push(error(span, message));
        None
    }

    fn map<'n>(&mut self, v: &'n Node, what: &str, known: &[&str]) -> Option<&'n Map> {
        let Some(map) = v.as_map() else {
            return self.fail(v.span(), format!("expected {what}, found {}", kind_of(v)));
        };
        for e in &map.entries {
            if !known.contains(&e.key.as_str()) {
                let hint = did_you_mean(&e.key, known);
                self.errors.push(error(
                    e.key_span,
                    format!("unknown key `{}` in {what}{hint}", e.key),
                ));
            }
        }
        Some(map)
    }

    fn lock(&mut self, root: &Node) -> Option<Lock> {
        let map = self.map(root, "a lock file (a mapping)", TOP_KEYS)?;
        match map.get("version") {
            None => self.fail(root.span(), "missing `version: 1`"),
            Some(v) if v.as_i64() == Some(VERSION) => Some(()),
            Some(v) => self.fail(
                v.span(),
                "unsupported lock version: this crdlint reads `version: 1`",
            ),
        };
        let sources = match map.get("sources") {
            None => return self.fail(root.span(), "missing `sources`"),
            Some(v) if v.is_null() => Vec::new(),
            Some(v) => self.list(v, |r, n| r.source(n))?,
        };
        let mut seen: Vec<&str> = Vec::new();
        for s in &sources {
            if seen.contains(&s.name.as_str()) {
                self.errors.push(error(
                    s.span,
                    format!("source `{}` is listed twice", s.name),
                ));
            }
            seen.push(&s.name);
        }
        Some(Lock { sources })
    }

    fn list<T>(
        &mut self,
        v: &Node,
        item: impl Fn(&mut Self, &Node) -> Option<T>,
    ) -> Option<Vec<T>> {
        let Some(items) = v.as_seq() else {
            return self.fail(v.span(), format!("expected a list, found {}", kind_of(v)));
        };
        let read: Vec<Option<T>> = items.iter().map(|n| item(self, n)).collect();
        read.into_iter().collect()
    }

    fn string(&mut self, map: &Map, at: &Node, key: &str) -> Option<(String, Span)> {
        match map.get(key) {
            None => self.fail(at.span(), format!("missing `{key}`")),
            Some(v) => match &v.value {
                Value::String(s) => Some((s.to_string(), v.span())),
                _ => self.fail(
                    v.span(),
                    format!("`{key}`: expected a string, found {}", kind_of(v)),
                ),
            },
        }
    }

    fn optional(&mut self, map: &Map, key: &str) -> Option<String> {
        let v = map.get(key)?;
        match &v.value {
            Value::String(s) => Some(s.to_string()),
            _ => self.fail(
                v.span(),
                format!("`{key}`: expected a string, found {}", kind_of(v)),
            ),
        }
    }

    fn strings(&mut self, map: &Map, at: &Node, key: &str) -> Option<Vec<String>> {
        let Some(v) = map.get(key) else {
            return self.fail(at.span(), format!("missing `{key}`"));
        };
        self.list(v, |r, n| match &n.value {
            Value::String(s) => Some(s.to_string()),
            _ => r.fail(
                n.span(),
                format!("`{key}`: expected a string, found {}", kind_of(n)),
            ),
        })
    }

    /// A sha256 in hex, 64 lowercase digits, with `prefix` (`sha256:` for digests of
    /// declarations and manifests, none for files).
    fn sha256(&mut self, map: &Map, at: &Node, key: &str, prefix: &str) -> Option<String> {
        let (text, span) = self.string(map, at, key)?;
        let hex = text.strip_prefix(prefix).unwrap_or("");
        if text.starts_with(prefix) && is_sha256_hex(hex) {
            Some(hex.to_string())
        } else {
            self.fail(
                span,
                format!("`{key}`: expected {prefix}and 64 lowercase hex digits, found `{text}`"),
            )
        }
    }

    fn source(&mut self, node: &Node) -> Option<Source> {
        let map = self.map(node, "a source (a mapping)", SOURCE_KEYS)?;
        let name = self.string(map, node, "name");
        let declaration = self.sha256(map, node, "declaration", "sha256:");
        let source_type = self.string(map, node, "type").and_then(|(t, span)| {
            match SOURCE_TYPES.iter().find(|(n, _)| *n == t) {
                Some((_, st)) => Some(*st),
                None => {
                    let names: Vec<&str> = SOURCE_TYPES.iter().map(|(n, _)| *n).collect();
                    self.fail(
                        span,
                        format!(
                            "`type`: unknown source type `{t}`: expected one of {}",
                            names.join(", ")
                        ),
                    )
                }
            }
        });
        let url = self.optional(map, "url");
        let commit = self.optional(map, "commit");
        let digest = self.optional(map, "digest");
        let chart_version = self.optional(map, "chartVersion");
        let sha256 = self.sha256(map, node, "sha256", "");
        let crds = match map.get("crds") {
            None => self.fail(node.span(), "missing `crds`"),
            Some(v) if v.is_null() => Some(Vec::new()),
            Some(v) => self.list(v, |r, n| r.crd(n)),
        };
        let (name, span) = name?;
        Some(Source {
            name,
            declaration: format!("sha256:{}", declaration?),
            source_type: source_type?,
            url,
            commit,
            digest,
            chart_version,
            sha256: sha256?,
            crds: crds?,
            span,
        })
    }

    fn crd(&mut self, node: &Node) -> Option<LockedCrd> {
        let map = self.map(node, "a CRD entry (a mapping)", CRD_KEYS)?;
        let name = self.string(map, node, "name");
        let group = self.string(map, node, "group");
        let kinds = self.strings(map, node, "kinds");
        let served = self.strings(map, node, "served");
        let storage = self.string(map, node, "storage");
        let file = self
            .string(map, node, "file")
            .and_then(|(f, span)| match inside(&f) {
                true => Some((f, span)),
                false => self.fail(
                    span,
                    format!(
                        "`file`: `{f}` is not a relative path inside the lock file's folder \
                         (`/`-separated, without `..`)"
                    ),
                ),
            });
        let sha256 = self.sha256(map, node, "sha256", "");
        let (file, file_span) = file?;
        Some(LockedCrd {
            name: name?.0,
            group: group?.0,
            kinds: kinds?,
            served: served?,
            storage: storage?.0,
            file,
            sha256: sha256?,
            file_span,
        })
    }
}

/// The reader of a lock exactly as [`Lock::write`] writes it: its lines in the writer's order
/// and indentation, each value a plain scalar that YAML reads as that very string. It gives
/// `None` at the first line it does not expect, and then [`parse`] reads the text over the
/// spanned loader, so that it never says more than that reader: what it accepts, the loader
/// reads to the same [`Lock`], spans included (a unit test), and every mistake is the
/// loader's to report.
struct Written<'t> {
    text: &'t str,
    /// Where the next line starts.
    at: usize,
}

impl<'t> Written<'t> {
    fn new(text: &'t str) -> Written<'t> {
        Written { text, at: 0 }
    }

    /// The next line, without its `\n`, and where it starts (`None` at the end, or for a
    /// last line without one).
    fn line(&mut self) -> Option<(&'t str, usize)> {
        let start = self.at;
        let len = memchr::memchr(b'\n', &self.text.as_bytes()[start..])?;
        self.at = start + len + 1;
        Some((&self.text[start..start + len], start))
    }

    /// The next line, without consuming it.
    fn peek(&self) -> Option<&'t str> {
        let rest = &self.text[self.at..];
        memchr::memchr(b'\n', rest.as_bytes()).map(|n| &rest[..n])
    }

    /// `<prefix><key>: <value>` as the next line: the value and its span.
    fn field(&mut self, prefix: &str, key: &str) -> Option<(String, Span)> {
        let (line, start) = self.line()?;
        let value = line
            .strip_prefix(prefix)?
            .strip_prefix(key)?
            .strip_prefix(": ")?;
        let from = start + line.len() - value.len();
        plain(value, false).then(|| (value.to_string(), Span::new(from, from + value.len())))
    }

    /// `<prefix><key>: [a, b]` as the next line.
    fn list(&mut self, prefix: &str, key: &str) -> Option<Vec<String>> {
        let (line, _) = self.line()?;
        let inner = line
            .strip_prefix(prefix)?
            .strip_prefix(key)?
            .strip_prefix(": [")?
            .strip_suffix(']')?;
        if inner.is_empty() {
            return Some(Vec::new());
        }
        inner
            .split(", ")
            .map(|item| plain(item, true).then(|| item.to_string()))
            .collect()
    }

    fn lock(mut self) -> Option<Lock> {
        // The header: comment lines, then the version.
        while self.peek()?.starts_with('#') {
            self.line()?;
        }
        if self.line()?.0 != "version: 1" {
            return None;
        }
        let mut sources = Vec::new();
        match self.line()?.0 {
            "sources: []" => {}
            "sources:" => {
                while self.at < self.text.len() {
                    sources.push(self.source()?);
                }
            }
            _ => return None,
        }
        let names: std::collections::HashSet<&str> =
            sources.iter().map(|s: &Source| s.name.as_str()).collect();
        (self.at == self.text.len() && names.len() == sources.len()).then_some(Lock { sources })
    }

    fn source(&mut self) -> Option<Source> {
        let (name, span) = self.field("  - ", "name")?;
        let (declaration, _) = self.field("    ", "declaration")?;
        let hex = declaration.strip_prefix("sha256:")?;
        if !is_sha256_hex(hex) {
            return None;
        }
        let (t, _) = self.field("    ", "type")?;
        let source_type = SOURCE_TYPES.iter().find(|(n, _)| *n == t)?.1;
        let mut optional = [
            ("url", None),
            ("commit", None),
            ("digest", None),
            ("chartVersion", None),
        ];
        for (key, value) in &mut optional {
            if self
                .peek()?
                .strip_prefix("    ")?
                .starts_with(&format!("{key}: "))
            {
                *value = Some(self.field("    ", key)?.0);
            }
        }
        let [url, commit, digest, chart_version] = optional.map(|(_, v)| v);
        let (sha256, _) = self.field("    ", "sha256")?;
        if !is_sha256_hex(&sha256) {
            return None;
        }
        let mut crds = Vec::new();
        match self.line()?.0 {
            "    crds: []" => {}
            "    crds:" => {
                while self.peek().is_some_and(|l| l.starts_with("      - ")) {
                    crds.push(self.crd()?);
                }
                if crds.is_empty() {
                    return None;
                }
            }
            _ => return None,
        }
        Some(Source {
            name,
            declaration,
            source_type,
            url,
            commit,
            digest,
            chart_version,
            sha256,
            crds,
            span,
        })
    }

    fn crd(&mut self) -> Option<LockedCrd> {
        let (name, _) = self.field("      - ", "name")?;
        let (group, _) = self.field("        ", "group")?;
        let kinds = self.list("        ", "kinds")?;
        let served = self.list("        ", "served")?;
        let (storage, _) = self.field("        ", "storage")?;
        let (file, file_span) = self.field("        ", "file")?;
        let (sha256, _) = self.field("        ", "sha256")?;
        (inside(&file) && is_sha256_hex(&sha256)).then_some(LockedCrd {
            name,
            group,
            kinds,
            served,
            storage,
            file,
            sha256,
            file_span,
        })
    }
}

/// `value` is sure to be read by YAML as a plain scalar of that very text: in a block
/// mapping's value, or an item of a flow list (`in_flow`). Conservative: letters, digits and
/// `._/-+@~=`, `:` inside a block value (an URL, `sha256:<hex>`), starting with a letter, a
/// digit, `.` or `/`, and a string when resolved (not `1.0`, `null`, `.inf`).
fn plain(value: &str, in_flow: bool) -> bool {
    let b = value.as_bytes();
    let Some(&first) = b.first() else {
        return false;
    };
    let byte_ok = |c: &u8| {
        c.is_ascii_alphanumeric()
            || matches!(c, b'.' | b'_' | b'/' | b'-' | b'+' | b'@' | b'~' | b'=')
            || (*c == b':' && !in_flow)
    };
    (first.is_ascii_alphanumeric() || first == b'.' || first == b'/')
        && !value.ends_with(':')
        && b.iter().all(byte_ok)
        // The scalar's resolution alone: resolving it to a value copied every string of the
        // lock (issue 34: 3,500 values in a lock of 500 CRDs).
        && matches!(
            crate::yaml::resolve::resolve_plain_scalar(value),
            crate::yaml::resolve::Scalar::Str
        )
}

fn is_sha256_hex(s: &str) -> bool {
    s.len() == 64
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A `/`-separated relative path that stays inside its base: no empty, `.` or `..` part, no
/// leading `/`, no backslash or drive (a Windows path would leave the folder there).
fn inside(path: &str) -> bool {
    !path.is_empty()
        && !path.contains(['\\', ':', '\0'])
        && path
            .split('/')
            .all(|p| !p.is_empty() && p != "." && p != "..")
}

/// A string, quoted only when plain YAML would read it as something else.
fn q(s: &str) -> String {
    emit_flow_key(s)
}

/// A flow list, sorted.
fn list(items: &[String]) -> String {
    let mut sorted: Vec<&String> = items.iter().collect();
    sorted.sort();
    let parts: Vec<String> = sorted.iter().map(|s| q(s)).collect();
    format!("[{}]", parts.join(", "))
}

fn kind_of(v: &Node) -> &'static str {
    match &v.value {
        Value::Null => "nothing (null)",
        Value::Bool(_) => "a boolean",
        Value::Int(_) | Value::Float(_) => "a number",
        Value::String(_) => "a string",
        Value::Seq(_) => "a list",
        Value::Map(_) => "a mapping",
    }
}

impl Source {
    /// What the lock says of a resolved source.
    pub fn from_resolved(r: &Resolved) -> Source {
        Source {
            name: r.name.clone(),
            declaration: r.declaration.clone(),
            source_type: r.kind,
            url: r.url.clone(),
            commit: r.commit.clone(),
            digest: r.digest.clone(),
            chart_version: r.chart_version.clone(),
            sha256: r.sha256.clone(),
            crds: r
                .crds
                .iter()
                .map(|c| LockedCrd {
                    name: c.name.clone(),
                    group: c.group.clone(),
                    kinds: vec![c.kind.clone()],
                    served: c.served.clone(),
                    storage: c.storage.clone(),
                    file: file_of(&r.name, &c.name),
                    sha256: super::sha256_hex(&c.bytes),
                    file_span: Span::default(),
                })
                .collect(),
            span: Span::default(),
        }
    }
}

impl Lock {
    /// The lock's text, which [`parse`] reads back.
    pub fn write(&self) -> String {
        let mut sources: Vec<&Source> = self.sources.iter().collect();
        sources.sort_by(|a, b| a.name.cmp(&b.name));
        let mut out = format!("{HEADER}\nversion: {VERSION}\n");
        if sources.is_empty() {
            out.push_str("sources: []\n");
            return out;
        }
        out.push_str("sources:\n");
        for s in sources {
            let _ = writeln!(out, "  - name: {}", q(&s.name));
            let _ = writeln!(out, "    declaration: {}", q(&s.declaration));
            let _ = writeln!(out, "    type: {}", q(s.source_type.name()));
            let optional = [
                ("url", &s.url),
                ("commit", &s.commit),
                ("digest", &s.digest),
                ("chartVersion", &s.chart_version),
            ];
            for (key, value) in optional {
                if let Some(v) = value {
                    let _ = writeln!(out, "    {key}: {}", q(v));
                }
            }
            let _ = writeln!(out, "    sha256: {}", q(&s.sha256));
            let mut crds: Vec<&LockedCrd> = s.crds.iter().collect();
            crds.sort_by(|a, b| a.name.cmp(&b.name));
            if crds.is_empty() {
                out.push_str("    crds: []\n");
                continue;
            }
            out.push_str("    crds:\n");
            for c in crds {
                let _ = writeln!(out, "      - name: {}", q(&c.name));
                let _ = writeln!(out, "        group: {}", q(&c.group));
                let _ = writeln!(out, "        kinds: {}", list(&c.kinds));
                let _ = writeln!(out, "        served: {}", list(&c.served));
                let _ = writeln!(out, "        storage: {}", q(&c.storage));
                let _ = writeln!(out, "        file: {}", q(&c.file));
                let _ = writeln!(out, "        sha256: {}", q(&c.sha256));
            }
        }
        out
    }

    /// The source named `name`, if any.
    pub fn source(&self, name: &str) -> Option<&Source> {
        self.sources.iter().find(|s| s.name == name)
    }

    /// The source that provides `group`/`kind`, with the CRD entry, if any.
    pub fn provider(&self, group: &str, kind: &str) -> Option<(&Source, &LockedCrd)> {
        self.sources.iter().find_map(|s| {
            s.crds
                .iter()
                .find(|c| c.group == group && c.kinds.iter().any(|k| k == kind))
                .map(|c| (s, c))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEX: &str = "3f1c0000000000000000000000000000000000000000000000000000000000aa";

    fn lock(crd_file: &str) -> String {
        [
            "# crdlint.lock: written by `crdlint vendor`; commit it. Do not edit by hand.",
            "version: 1",
            "sources:",
            "  - name: cert-manager",
            &format!("    declaration: sha256:{HEX}"),
            "    type: url",
            "    url: https://example.com/cert-manager.crds.yaml",
            &format!("    sha256: {HEX}"),
            "    crds:",
            "      - name: certificates.cert-manager.io",
            "        group: cert-manager.io",
            "        kinds: [Certificate]",
            "        served: [v1]",
            "        storage: v1",
            &format!("        file: {crd_file}"),
            &format!("        sha256: {HEX}"),
            "",
        ]
        .join("\n")
    }

    #[test]
    fn reads_the_contract_shape() {
        let text = lock(".crdlint/vendor/cert-manager/certificates.cert-manager.io.yaml");
        let l = parse(&text).expect("a lock");
        assert_eq!(l.sources.len(), 1);
        let s = &l.sources[0];
        assert_eq!(s.name, "cert-manager");
        assert_eq!(s.source_type, SourceType::Url);
        assert_eq!(s.declaration, format!("sha256:{HEX}"));
        assert_eq!(s.crds[0].kinds, ["Certificate"]);
        assert_eq!(
            &text[s.crds[0].file_span.range()],
            ".crdlint/vendor/cert-manager/certificates.cert-manager.io.yaml"
        );
        let (src, crd) = l.provider("cert-manager.io", "Certificate").expect("found");
        assert_eq!(
            (src.name.as_str(), crd.storage.as_str()),
            ("cert-manager", "v1")
        );
        assert!(l.provider("cert-manager.io", "Issuer").is_none());
    }

    #[test]
    fn every_mistake_has_a_place() {
        let text = lock("../../etc/passwd")
            .replace("type: url", "type: ftp")
            .replace("storage: v1", "storag: v1");
        let errors = parse(&text).expect_err("mistakes");
        let said: Vec<(&str, &str)> = errors
            .iter()
            .map(|e| (&text[e.span.range()], e.message.as_str()))
            .collect();
        assert!(said
            .iter()
            .any(|(at, m)| *at == "ftp" && m.contains("unknown source type")));
        assert!(said
            .iter()
            .any(|(at, m)| *at == "storag" && m.contains("did you mean `storage`")));
        assert!(said
            .iter()
            .any(|(at, m)| *at == "../../etc/passwd" && m.contains("inside the lock")));
        // In the file's order.
        let starts: Vec<usize> = errors.iter().map(|e| e.span.start()).collect();
        assert!(starts.windows(2).all(|w| w[0] <= w[1]), "{starts:?}");
    }

    #[test]
    fn refuses_other_versions_bad_digests_and_broken_yaml() {
        let text = lock("a.yaml").replace("version: 1", "version: 2");
        assert!(parse(&text).expect_err("v2")[0].message.contains("version"));
        let text = lock("a.yaml").replace(
            &format!("    sha256: {HEX}\n    crds"),
            "    sha256: ABC\n    crds",
        );
        assert!(parse(&text).expect_err("digest")[0]
            .message
            .contains("64 lowercase hex"));
        assert!(parse("version: [1\n").is_err());
        assert!(parse("").is_err());
        assert!(parse("version: 1\nsources:\n")
            .expect("no sources")
            .sources
            .is_empty());
    }

    #[test]
    fn paths_stay_inside() {
        for ok in ["a.yaml", ".crdlint/vendor/x/y.yaml"] {
            assert!(inside(ok), "{ok}");
        }
        for bad in [
            "",
            "/etc/passwd",
            "a/../../b",
            "./a",
            "a//b",
            "C:\\x",
            "a\\..\\b",
        ] {
            assert!(!inside(bad), "{bad}");
        }
    }

    /// `lock` without its spans: what a lock says, not where it says it.
    fn unplaced(mut lock: Lock) -> Lock {
        for s in &mut lock.sources {
            s.span = Span::default();
            for c in &mut s.crds {
                c.file_span = Span::default();
            }
        }
        lock
    }

    fn hex(digit: char) -> String {
        digit.to_string().repeat(64)
    }

    fn sample() -> Lock {
        Lock {
            sources: vec![
                Source {
                    name: "zeta".into(),
                    declaration: format!("sha256:{}", hex('a')),
                    source_type: SourceType::Helm,
                    url: Some("https://charts.example.com/zeta-1.0.tgz".into()),
                    commit: None,
                    digest: None,
                    chart_version: Some("1.0".into()),
                    // Digits only: YAML would read it as a number unquoted.
                    sha256: format!("0123{}", hex('4').split_at(4).1),
                    crds: Vec::new(),
                    span: Span::default(),
                },
                Source {
                    name: "alpha".into(),
                    declaration: format!("sha256:{}", hex('c')),
                    source_type: SourceType::Git,
                    url: Some("../repo".into()),
                    commit: Some("a".repeat(40)),
                    digest: None,
                    chart_version: None,
                    sha256: hex('f'),
                    crds: vec![LockedCrd {
                        name: "b.example.com".into(),
                        group: "example.com".into(),
                        kinds: vec!["B".into()],
                        served: vec!["v2".into(), "v1".into()],
                        storage: "v2".into(),
                        file: file_of("alpha", "b.example.com"),
                        sha256: hex('e'),
                        file_span: Span::default(),
                    }],
                    span: Span::default(),
                },
            ],
        }
    }

    #[test]
    fn the_lock_is_written_in_the_contracts_order() {
        let text = sample().write();
        let expected_start = format!(
            "{HEADER}\nversion: 1\nsources:\n  - name: alpha\n    declaration: sha256:{c}\n    type: git\n    url: ../repo\n    commit: {a}\n    sha256: {f}\n    crds:\n      - name: b.example.com\n        group: example.com\n        kinds: [B]\n        served: [v1, v2]\n        storage: v2\n        file: .crdlint/vendor/alpha/b.example.com.yaml\n        sha256: {e}\n  - name: zeta\n",
            a = "a".repeat(40),
            c = hex('c'),
            e = hex('e'),
            f = hex('f'),
        );
        assert!(text.starts_with(&expected_start), "{text}");
        // A version YAML would read as a number, and a hex digest of digits only, are quoted.
        assert!(
            text.contains(&format!(
                "    chartVersion: \"1.0\"\n    sha256: \"0123{}\"\n    crds: []\n",
                &hex('4')[4..]
            )),
            "{text}"
        );
        assert_eq!(
            Lock {
                sources: Vec::new()
            }
            .write(),
            format!("{HEADER}\nversion: 1\nsources: []\n")
        );
    }

    #[test]
    fn what_is_written_reads_back_the_same() {
        // Sorted as the writer sorts, so that reading gives back the very values.
        let mut lock = sample();
        lock.sources.reverse();
        lock.sources[0].crds[0].served.sort();
        let text = lock.write();
        let back = parse(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        assert_eq!(unplaced(back.clone()), lock);
        assert_eq!(back.write(), text);
        // The spans point at the values in the text.
        assert_eq!(&text[back.sources[1].span.range()], "zeta");
        assert_eq!(
            &text[back.sources[0].crds[0].file_span.range()],
            ".crdlint/vendor/alpha/b.example.com.yaml"
        );
        let empty = Lock {
            sources: Vec::new(),
        };
        assert_eq!(parse(&empty.write()).map(unplaced), Ok(empty));
    }

    #[test]
    fn a_written_lock_is_read_line_by_line_to_what_the_loader_reads() {
        let mut two = sample();
        two.sources[1].crds.push(LockedCrd {
            name: "c.example.com".into(),
            group: "example.com".into(),
            kinds: vec!["C".into(), "CList".into()],
            served: Vec::new(),
            storage: "v1beta1".into(),
            file: file_of("alpha", "c.example.com"),
            sha256: hex('d'),
            file_span: Span::default(),
        });
        let texts = [
            sample().write(),
            two.write(),
            Lock::default().write(),
            lock(".crdlint/vendor/cert-manager/certificates.cert-manager.io.yaml"),
        ];
        for text in &texts {
            let fast = Written::new(text).lock();
            let loaded = parse_loaded(text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
            // The quoted `chartVersion` and digest of the first take the loader.
            if text.contains('"') {
                assert_eq!(fast, None, "{text}");
            } else {
                assert_eq!(fast.as_ref(), Some(&loaded), "{text}");
            }
            assert_eq!(parse(text), Ok(loaded));
        }
        // Anything but the writer's lines goes to the loader, which reads it or says why.
        let text = &texts[1];
        for changed in [
            text.replace("version: 1\n", "version: 1 \n"),
            text.replace("    crds:\n", "    crds:\n\n"),
            text.replace("kinds: [C, CList]", "kinds: [C,CList]"),
            text.replace("storage: v1beta1", "storage: 1.0"),
            text.replace("storage: v1beta1", "storage: null"),
            text.replace("name: alpha", "name: zeta"),
            text.replace(".crdlint/vendor/alpha/c", "../c"),
            text.replace("    type: git\n", "    type: git # the repository\n"),
            text.replace('\n', "\r\n"),
            text.trim_end().to_string(),
            text.replace("        group: example.com\n", ""),
            format!("{text}  - name: x\n"),
        ] {
            assert_eq!(Written::new(&changed).lock(), None, "{changed}");
            assert_eq!(parse(&changed), parse_loaded(&changed));
        }
    }

    #[test]
    fn mistakes_are_described_at_their_line_and_column() {
        let text = lock("a.yaml").replace("type: url", "type: svn");
        let errors = parse(&text).expect_err("unknown type");
        assert_eq!(
            describe("crdlint.lock", &text, &errors),
            "crdlint.lock:6:11: `type`: unknown source type `svn`: expected one of url, git, helm, oci, path, stdin"
        );
    }
}
