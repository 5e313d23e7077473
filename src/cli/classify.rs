//! What a file or document is, before anything checks it: built-in kinds, `--skip` patterns,
//! Helm templates and kustomize inputs (which are not objects yet), `# Source:` comments of a
//! rendered Helm stream, and `crdlint.io/ignore` annotations.

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

use super::input::Loaded;
use crate::diag::{Rule, Severity, Span};
use crate::yaml::Node;

pub static NOT_A_MANIFEST: Rule = Rule {
    id: "input/not-a-manifest",
    severity: Severity::Info,
    summary: "A Helm template or a kustomize input is skipped: it is not an object until rendered",
    docs: "A Helm chart's templates (files with Go template actions `{{ ... }}` where YAML would read structure: a line or a value that starts \
with one; actions inside quoted or block scalars, comments or the middle of a plain scalar are text), a \
`kustomization.yaml`, and the patch files a kustomization lists are inputs to a renderer, not objects the API \
server would receive: checked as they are, they give false errors (`invalid map key`, `Required value` for the \
fields a patch leaves out). crdlint skips each with this note, saying what to run instead: \
`helm template RELEASE CHART | crdlint check` or `kustomize build DIR | crdlint check`; a rendered Helm stream \
keeps its `# Source:` comments, and findings in it name the template they came from.",
    bad: "# chart/templates/backup.yaml\napiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: {{ .Release.Name }}\n",
    good: "# helm template my chart/ | crdlint check --crd crds/\n",
};

/// The rules of this module.
pub static RULES: &[&Rule] = &[&NOT_A_MANIFEST];

/// API groups served by the Kubernetes API server itself (not by CRDs). Their kinds are
/// built-in: skipped quietly, never "missing a schema". Groups ending in `.x-k8s.io` and
/// `gateway.networking.k8s.io`, `snapshot.storage.k8s.io` and the like are CRDs and are not here.
const BUILTIN_GROUPS: &[&str] = &[
    "",
    "admissionregistration.k8s.io",
    "apiextensions.k8s.io",
    "apiregistration.k8s.io",
    "apps",
    "authentication.k8s.io",
    "authorization.k8s.io",
    "autoscaling",
    "batch",
    "certificates.k8s.io",
    "coordination.k8s.io",
    "discovery.k8s.io",
    "events.k8s.io",
    "extensions",
    "flowcontrol.apiserver.k8s.io",
    "internal.apiserver.k8s.io",
    "networking.k8s.io",
    "node.k8s.io",
    "policy",
    "rbac.authorization.k8s.io",
    "resource.k8s.io",
    "scheduling.k8s.io",
    "storage.k8s.io",
    "storagemigration.k8s.io",
];

/// True for a group the API server serves itself.
pub fn is_builtin_group(group: &str) -> bool {
    BUILTIN_GROUPS.contains(&group)
}

/// A `--skip` pattern: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (the core group is
/// written as an empty group, `/v1/Secret`, or by its kind alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkipPattern {
    group: Option<String>,
    version: Option<String>,
    kind: String,
}

impl SkipPattern {
    pub fn parse(s: &str) -> Result<SkipPattern, String> {
        let parts: Vec<&str> = s.split('/').collect();
        let p = match parts.as_slice() {
            [kind] => SkipPattern {
                group: None,
                version: None,
                kind: kind.to_string(),
            },
            [group, kind] => SkipPattern {
                group: Some(group.to_string()),
                version: None,
                kind: kind.to_string(),
            },
            [group, version, kind] => SkipPattern {
                group: Some(group.to_string()),
                version: Some(version.to_string()),
                kind: kind.to_string(),
            },
            _ => {
                return Err(format!(
                    "--skip {s:?}: expected KIND, GROUP/KIND or GROUP/VERSION/KIND"
                ))
            }
        };
        if p.kind.is_empty() {
            return Err(format!("--skip {s:?}: the kind is empty"));
        }
        Ok(p)
    }

    /// True when an object with this apiVersion and kind matches.
    pub fn matches(&self, api_version: &str, kind: &str) -> bool {
        let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
        self.kind == kind
            && self.group.as_deref().is_none_or(|g| g == group)
            && self.version.as_deref().is_none_or(|v| v == version)
    }
}

/// False only when no document of `text` can be a CustomResourceDefinition, so that the run
/// can leave the file's parsing to the step that validates resources (and hold one tree at a
/// time). A CRD's `kind` is that exact word; YAML writes it either literally (plain, quoted or
/// block scalars, anchors and merge keys all keep the word in the text) or with escapes in a
/// double-quoted scalar (JSON too): only `\x`, `\u`, `\U` and an escaped line break can stand
/// for letters or join two parts of the word, so a text with none of them and without the
/// word holds no CRD. Quoting folds line breaks into spaces, which the word has none of.
pub fn may_hold_crd(text: &str) -> bool {
    if text.contains("CustomResourceDefinition") {
        return true;
    }
    let bytes = text.as_bytes();
    text.match_indices('\\')
        .any(|(i, _)| matches!(bytes.get(i + 1), Some(b'x' | b'u' | b'U' | b'\n' | b'\r')))
}

/// Why a whole file is not checked as objects, if it is a renderer's input.
pub fn renderer_input(l: &Loaded, text: &str, patches: &HashSet<PathBuf>) -> Option<String> {
    let name = Path::new(&l.input.name);
    let file_name = name.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if matches!(
        file_name,
        "kustomization.yaml" | "kustomization.yml" | "Kustomization"
    ) {
        let dir = name
            .parent()
            .map(|p| p.display().to_string())
            .filter(|d| !d.is_empty());
        return Some(format!(
            "a kustomization is not an object: run `kustomize build {}` and pipe the result to crdlint (`| crdlint check`)",
            dir.as_deref().unwrap_or(".")
        ));
    }
    // Most runs have no kustomization: no path built per file to look up in an empty set.
    if !patches.is_empty() && patches.contains(&normalize(name)) {
        return Some(
            "a kustomize patch is not a whole object: run `kustomize build` on its kustomization and pipe the result to crdlint (`| crdlint check`)"
                .to_string(),
        );
    }
    if template_action(text).is_some() {
        return Some(
            "a Helm template is not an object until rendered: run `helm template RELEASE CHART | crdlint check`"
                .to_string(),
        );
    }
    None
}

/// The first Go template action `{{ ... }}` where YAML would read it as structure: alone at
/// the start of a line (`{{- if .Values.x }}`), starting a value (`name: {{ .Release.Name }}`,
/// `- {{ .Values.x }}`) or an entry of a flow collection. Elsewhere an action is text the
/// renderer's consumer reads, and the file is an object as written: inside quoted scalars
/// (Kyverno's `'{{request.object.metadata.name}}'`), block scalars (`|`, `>`), comments, and
/// in the middle of a plain scalar (`name: pod1-{{request.name}}`, Argo CD's
/// `path: apps/{{cluster}}`). Skipping such a file would leave valid resources unchecked.
pub fn template_action(text: &str) -> Option<Span> {
    // Most files have no action at all: one search of the text (memchr's SIMD search; std's
    // `find` cost ~7 instructions a byte) instead of a scan of it.
    let first = memchr::memmem::find(text.as_bytes(), b"{{")?;
    // Half the files with a `{{` have none where a token may start: the scan below (~20
    // instructions a byte) cannot return for them.
    if !may_start_token(text, first) {
        return None;
    }
    scan_for_action(text, first)
}

/// [`template_action`] by reading every line of `text`, whose first `{{` is at `first`.
fn scan_for_action(text: &str, first: usize) -> Option<Span> {
    let mut scan = Scan::default();
    let mut offset = 0;
    // The lines with their breaks, as `split_inclusive('\n')` (whose search cost ~190
    // instructions a line) gives them.
    let ends = memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1);
    for end in ends.chain(std::iter::once(text.len())) {
        if end == offset {
            break;
        }
        let line = &text[offset..end];
        // Only a line holding `{{` can return; the others are read for what they leave open,
        // and before the first `{{` a line that opens nothing is passed over cheaply.
        if let Some(i) = scan.line(line, end > first) {
            return Some(Span::new(offset + i, offset + i + 2));
        }
        offset = end;
    }
    None
}

/// Whether some `{{` of `text`, from the first at `first` on, may be where a token starts: the
/// last character before it on its line, blanks aside, is none or one of `:`, `-`, `[`, `{`,
/// `,`. [`token_start`] holds only there, so a text without such a `{{` holds no action.
fn may_start_token(text: &str, first: usize) -> bool {
    let bytes = text.as_bytes();
    let finder = memchr::memmem::Finder::new(b"{{");
    let mut at = Some(first);
    while let Some(i) = at {
        let line_start = memchr::memrchr(b'\n', &bytes[..i]).map_or(0, |n| n + 1);
        let before = text[line_start..i].trim_end();
        if matches!(
            before.as_bytes().last(),
            None | Some(b':' | b'-' | b'[' | b'{' | b',')
        ) {
            return true;
        }
        // Overlapping: in `{{{` the second `{` starts a `{{` too.
        at = finder.find(&bytes[i + 1..]).map(|n| i + 1 + n);
    }
    false
}

/// What an earlier line leaves open for the next one.
#[derive(Default)]
struct Scan {
    /// A quoted scalar that goes on past its line: its quote.
    quote: Option<u8>,
    /// Inside a block scalar: its lines are indented beyond this column.
    block: Option<usize>,
}

impl Scan {
    /// The offset in `line` of an action that YAML would read as structure, if any.
    /// `may_act`: whether `line` can hold an action at all (it holds a `{{`); when not, only
    /// what it leaves open is worked out.
    fn line(&mut self, line: &str, may_act: bool) -> Option<usize> {
        let mut bytes = line.as_bytes();
        while let [rest @ .., b'\n' | b'\r'] = bytes {
            bytes = rest;
        }
        // Only ASCII bytes were cut: `body` is `line` up to a char boundary.
        let body = &line[..bytes.len()];
        let indent = bytes.iter().take_while(|&&b| b == b' ').count();
        if let Some(parent) = self.block {
            if indent > parent || body.trim().is_empty() {
                return None;
            }
            self.block = None;
        }
        // Without a quote, a line starts none and ends none; without `{{`, it holds no action:
        // it can only open a block scalar (most lines). memchr's SIMD search beats a byte loop
        // (this scan was 1.6% of a run's instructions on templated files).
        let quoted = self.quote.is_some()
            || if may_act {
                memchr::memchr3(b'"', b'\'', b'{', bytes).is_some()
            } else {
                memchr::memchr2(b'"', b'\'', bytes).is_some()
            };
        if !quoted {
            let end = comment_start(bytes).unwrap_or(bytes.len());
            self.block = block_header(&body[..end]);
            return None;
        }
        // Flow collections (`[`, `{`) opened on this line and not closed yet.
        let mut depth = 0usize;
        let mut end = bytes.len();
        let mut i = 0;
        while i < bytes.len() {
            if let Some(q) = self.quote {
                // Inside quotes only the closing quote and (in `"`) a backslash matter.
                let next = match q {
                    b'"' => memchr::memchr2(b'"', b'\\', &bytes[i..]),
                    _ => memchr::memchr(q, &bytes[i..]),
                };
                let Some(at) = next else {
                    break;
                };
                i += at;
                match bytes[i] {
                    b'\\' => i += 1,
                    b'\'' if q == b'\'' && bytes.get(i + 1) == Some(&b'\'') => i += 1,
                    _ => self.quote = None,
                }
                i += 1;
                continue;
            }
            let b = bytes[i];
            match b {
                b'#' if i == 0 || matches!(bytes[i - 1], b' ' | b'\t') => {
                    end = i;
                    break;
                }
                b'"' | b'\'' if token_start(&body[..i], depth) => self.quote = Some(b),
                b'{' if bytes.get(i + 1) == Some(&b'{')
                    && body[i + 2..].contains("}}")
                    && token_start(&body[..i], depth) =>
                {
                    return Some(i);
                }
                b'[' | b'{' if token_start(&body[..i], depth) => depth += 1,
                b']' | b'}' if depth > 0 => depth -= 1,
                _ => {}
            }
            i += 1;
        }
        if self.quote.is_none() {
            self.block = block_header(&body[..end]);
        }
        None
    }
}

/// Where the comment of a line without quotes starts: a `#` at its start or after a blank.
fn comment_start(bytes: &[u8]) -> Option<usize> {
    memchr::memchr_iter(b'#', bytes).find(|&i| i == 0 || matches!(bytes[i - 1], b' ' | b'\t'))
}

/// True when a token (rather than more of a plain scalar) starts after `before`, the part of
/// its line ahead of it, outside quotes; `depth` counts the flow collections open there.
fn token_start(before: &str, depth: usize) -> bool {
    let t = before.trim_end();
    let last = t.as_bytes().last().copied();
    if t.len() == before.len() && last.is_some() {
        // Without a space between, only a flow indicator ends the text before a token.
        return depth > 0 && matches!(last, Some(b'[' | b'{' | b',' | b':'));
    }
    match last {
        None | Some(b':') => true,
        // A sequence entry's dash stands alone (`- `, `- - `); `pod1- x` is one scalar.
        Some(b'-') => t.split_whitespace().all(|w| w == "-"),
        Some(b'[' | b'{' | b',') => depth > 0,
        _ => false,
    }
}

/// When `content` (a line without its comment) opens a block scalar (`key: |`, `- >-`): the
/// column its lines must be indented beyond, that of the key or of the entry's dash.
fn block_header(content: &str) -> Option<usize> {
    let t = content.trim_end();
    // The indicator ends the line: `|` or `>`, then chomping and indentation indicators.
    if !t
        .as_bytes()
        .last()
        .is_some_and(|b| matches!(b, b'|' | b'>' | b'-' | b'+' | b'0'..=b'9'))
    {
        return None;
    }
    let (head, indicator) = t.rsplit_once(' ').unwrap_or(("", t));
    let mut rest = indicator.bytes();
    if !matches!(rest.next(), Some(b'|' | b'>'))
        || !rest.all(|b| matches!(b, b'-' | b'+' | b'0'..=b'9'))
    {
        return None;
    }
    let head = head.trim_end();
    if head.ends_with(':') {
        let mut col = t.len() - t.trim_start().len();
        let mut rest = t.trim_start();
        while let Some(r) = rest
            .strip_prefix('-')
            .filter(|r| r.starts_with([' ', '\t']))
        {
            col += rest.len() - r.trim_start().len();
            rest = r.trim_start();
        }
        Some(col)
    } else if !head.is_empty() && head.split_whitespace().all(|w| w == "-") {
        head.rfind('-')
    } else {
        None
    }
}

/// The patch files the kustomizations among `loaded` list (`patches[].path`,
/// `patchesStrategicMerge`, `patchesJson6902[].path`), as normalized relative paths.
pub fn kustomize_patches(loaded: &[Loaded]) -> HashSet<PathBuf> {
    let mut out = HashSet::new();
    for l in loaded {
        let name = Path::new(&l.input.name);
        let file_name = name.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !matches!(
            file_name,
            "kustomization.yaml" | "kustomization.yml" | "Kustomization"
        ) {
            continue;
        }
        let dir = name.parent().unwrap_or(Path::new(""));
        // Read here when the run reads its files lazily (an unreadable one lists nothing).
        let text = l.text().unwrap_or_default();
        for doc in crate::yaml::load(&text) {
            let Some(root) = doc.root else { continue };
            let mut add = |p: &str| {
                out.insert(normalize(&dir.join(p)));
            };
            for key in ["patches", "patchesJson6902"] {
                for item in root.get(key).and_then(Node::as_seq).unwrap_or(&[]) {
                    if let Some(p) = item.get_str("path") {
                        add(p);
                    }
                }
            }
            for item in root
                .get("patchesStrategicMerge")
                .and_then(Node::as_seq)
                .unwrap_or(&[])
            {
                // An entry is a path or an inline patch; only paths name files.
                if let Some(p) = item.as_str().filter(|p| !p.contains('\n')) {
                    add(p);
                }
            }
        }
    }
    out
}

/// `# Source: chart/templates/x.yaml` comments of a rendered Helm stream: (offset of the
/// comment, the template's path), in file order.
pub fn helm_sources(text: &str) -> Vec<(usize, String)> {
    const MARK: &str = "# Source: ";
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    // Only lines starting with the mark count: search for it (most files have none) rather
    // than reading every line.
    for at in memchr::memmem::find_iter(bytes, MARK) {
        if at > 0 && bytes[at - 1] != b'\n' {
            continue;
        }
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
        if let Some(src) = text[at..end].trim_end().strip_prefix(MARK) {
            out.push((at, src.trim().to_string()));
        }
    }
    out
}

/// The `crdlint.io/ignore` annotation of an object: its value span and text.
pub fn ignore_annotation(node: &Node) -> Option<(Span, String)> {
    let v = node.at(&["metadata", "annotations", super::suppress::ANNOTATION])?;
    Some((v.span(), v.as_str()?.to_string()))
}

/// `a/./b/../c` as `a/c`, without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_a_crd_kind_is_seen_in_the_text() {
        let kind = |text: &str| {
            crate::yaml::load(text)
                .first()
                .and_then(|d| d.root.as_ref()?.get_str("kind").map(str::to_string))
        };
        let crd_spellings = [
            "kind: CustomResourceDefinition\n",
            "kind: 'CustomResourceDefinition'\n",
            "kind: \"Custom\\x52esourceDefinition\"\n",
            "kind: \"Custom\\u0052esourceDefinition\"\n",
            "kind: \"Custom\\U00000052esourceDefinition\"\n",
            "kind: \"CustomResource\\\n  Definition\"\n",
            "{\"kind\": \"CustomResource\\u0044efinition\"}\n",
        ];
        for text in crd_spellings {
            assert_eq!(
                kind(text).as_deref(),
                Some("CustomResourceDefinition"),
                "{text}"
            );
            assert!(may_hold_crd(text), "{text}");
        }
        // Other escapes cannot make a letter: such files are left to the resources' step.
        for text in [
            "kind: Widget\nspec: {re: \"^a\\\\.b$\", s: \"a\\tb\\n\"}\n",
            "kind: \"Custom ResourceDefinition\"\n",
        ] {
            assert_ne!(
                kind(text).as_deref(),
                Some("CustomResourceDefinition"),
                "{text}"
            );
            assert!(!may_hold_crd(text), "{text}");
        }
    }

    #[test]
    fn skip_patterns_match_kind_group_and_version() {
        let p = |s| SkipPattern::parse(s).expect("valid");
        assert!(p("Secret").matches("v1", "Secret"));
        assert!(p("/Secret").matches("v1", "Secret"));
        assert!(!p("apps/Secret").matches("v1", "Secret"));
        assert!(p("example.com/Widget").matches("example.com/v1", "Widget"));
        assert!(p("example.com/v1/Widget").matches("example.com/v1", "Widget"));
        assert!(!p("example.com/v2/Widget").matches("example.com/v1", "Widget"));
        assert!(SkipPattern::parse("a/b/c/d").is_err());
        assert!(SkipPattern::parse("a/").is_err());
    }

    #[test]
    fn template_actions_outside_strings_only() {
        assert!(template_action("name: {{ .Release.Name }}\n").is_some());
        assert!(template_action("{{- if .Values.x }}\na: 1\n").is_some());
        assert!(template_action("name: \"{{ .Release.Name }}\"\n").is_none());
        assert!(template_action("rule: 'self.a == \"{{\"'\n").is_none());
        assert!(template_action("# {{ comment }}\n").is_none());
        assert!(template_action("a: b\n").is_none());
        assert!(template_action("path: apps/{{.cluster}}\n").is_none());
        assert!(template_action("- {{ .Values.x }}\n").is_some());
    }

    #[test]
    fn template_actions_that_yaml_reads_as_text_are_not_templates() {
        let text = [
            // Kyverno: JMESPath in quoted scalars, also escaped quotes and `''`.
            "namespace: '{{request.object.metadata.name}}'\n",
            "key: \"{{ request.object.metadata.labels.color || '' }}\"\n",
            "m: \"a \\\" {{ x }}\"\n",
            "m: 'it''s {{ x }}'\n",
            // A quoted scalar over two lines.
            "m: \"first line\n  {{ x }} second\"\n",
            // In the middle of a plain scalar.
            "name: pod1-{{request.name}}\n",
            "name: corp-{{ random('[0-9a-z]{8}') }}\n",
            "name: a-{{ i }}-{{ ns }}-new\n",
            "name: pod1- {{x}}\n",
            "name: a,{{x}}\n",
            "key:{{x}}\n",
            // Block scalars, with their keys in sequence entries too.
            "spec:\n  text: |\n    {{ request.object }}\n\n    {{- if x }}\n  other: 1\n",
            "- a: 1\n  b: >-\n    {{ x }}\n- |\n  {{ y }}\n",
        ];
        for t in text {
            assert_eq!(template_action(t), None, "{t}");
        }
        let template = [
            // A block scalar ends at a line indented as its key: that line is structure.
            ("a:\n  t: |\n    x\n  {{- if .Values.y }}\n", 18),
            ("k: [a, {{ .Values.x }}]\n", 7),
            ("k: {a: {{ .Values.x }}}\n", 7),
            ("- - {{ .Values.x }}\n", 4),
            ("x: \"a\" # {{ c }}\ny: {{ .Values.y }}\n", 20),
        ];
        for (t, at) in template {
            assert_eq!(template_action(t), Some(Span::new(at, at + 2)), "{t}");
        }
    }

    #[test]
    fn helm_source_comments_start_their_lines() {
        let text = "# Source: a/t.yaml\nk: v # Source: no\n  # Source: no\n# Source: \r\n# Source:  b/u.yaml \r\n# Source: c";
        assert_eq!(
            helm_sources(text),
            [
                (0, "a/t.yaml".to_string()),
                (64, "b/u.yaml".to_string()),
                (86, "c".to_string())
            ]
        );
    }

    /// The scan as it read lines before, with `split_inclusive`.
    fn scan_split_inclusive(text: &str, first: usize) -> Option<Span> {
        let mut scan = Scan::default();
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            if let Some(i) = scan.line(line, offset + line.len() > first) {
                return Some(Span::new(offset + i, offset + i + 2));
            }
            offset += line.len();
        }
        None
    }

    #[test]
    fn texts_without_a_token_start_before_a_brace_pair_skip_the_scan() {
        // Lines of YAML-ish pieces from a fixed seed: the pre-check never hides an action the
        // line-by-line scan finds.
        let pieces = [
            "{{",
            "}}",
            "{{{",
            " ",
            "-",
            "- ",
            ": ",
            ":",
            "a",
            "'",
            "\"",
            "\\",
            "[",
            "]",
            "{",
            "}",
            ",",
            "#",
            " # ",
            "|",
            ">-",
            "\n",
            "\r\n",
            "\n  ",
            "'{{ x }}'",
            "k: |\n  ",
        ];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut skipped, mut found) = (0, 0);
        for n in 0..20_000 {
            let text: String = (0..n % 24)
                .map(|_| pieces[(next() % pieces.len() as u64) as usize])
                .collect();
            let Some(first) = memchr::memmem::find(text.as_bytes(), b"{{") else {
                continue;
            };
            let scanned = scan_for_action(&text, first);
            assert_eq!(scanned, scan_split_inclusive(&text, first), "{text:?}");
            assert_eq!(template_action(&text), scanned, "{text:?}");
            skipped += usize::from(!may_start_token(&text, first));
            found += usize::from(scanned.is_some());
        }
        assert!(skipped > 1000, "the pre-check took {skipped} texts");
        assert!(found > 1000, "{found} texts hold an action");
    }

    #[test]
    fn block_scalars_and_comments_end_plain_lines() {
        // Lines without quotes take the short path; these check it against the long one.
        assert!(template_action("a: |\n  {{ x }}\nb: {{ y }}\n").is_some());
        assert_eq!(template_action("a: |  # c\n  {{ x }}\n"), None);
        assert_eq!(
            template_action("a: x # |\n{{ y }}\n").map(|s| s.start()),
            Some(9)
        );
        assert_eq!(template_action("a: 'it''s\n  {{ x }}'\n"), None);
        assert_eq!(template_action("a: \"x\\\"\n  {{ x }}\"\n"), None);
    }

    #[test]
    fn builtin_groups_are_not_crd_groups() {
        assert!(is_builtin_group("apps"));
        assert!(is_builtin_group(""));
        assert!(!is_builtin_group("gateway.networking.k8s.io"));
        assert!(!is_builtin_group("cluster.x-k8s.io"));
    }
}
