//! Reading one file into documents and objects: its text parsed, each document's objects (a
//! `List`'s items are objects of their own) classified as a CRD, a resource to look up, or
//! something to skip, and its `crdlint.io/ignore` annotations and read/parse findings noted.
//! Also `crdlint scan`, which stops there.

use super::*;

/// Where an object is: a document's root, or one item of a `List` document. Indices fit in
/// `u32`: a file is at most 32 MiB ([`super::input::MAX_FILE_BYTES`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Locator {
    pub(super) doc: u32,
    pub(super) item: Option<u32>,
}

/// What an object is to the run. Small on purpose (a file of 10^6 tiny documents holds one per
/// document while it is checked): the group and kind of a resource are read from its
/// [`ObjectRef`] when needed.
#[derive(Clone, Copy, Debug)]
pub(super) enum Class {
    Crd,
    /// A candidate custom resource, looked up by group and kind.
    Resource,
    /// Not an object at all (a scalar or a sequence document).
    NotAnObject(crate::yaml::Kind),
    /// A mapping without `apiVersion` and `kind` (or without `metadata` and one of them).
    NoApiVersionKind,
    /// An object (with `metadata`) with one of `apiVersion` and `kind` but not the other: an
    /// error, as `kubectl apply` says ([`super::super::rules::MISSING_TYPE_META`]).
    HalfTypeMeta,
    /// Skipped by `--skip`: not counted, never reported.
    SkipQuietly,
}

impl Class {
    /// Why an object of this class is skipped, for the classes skipped whatever the table.
    pub(super) fn skip_reason(self) -> Option<Cow<'static, str>> {
        match self {
            Class::NotAnObject(crate::yaml::Kind::Null) => Some("not an object (null)".into()),
            Class::NotAnObject(kind) => {
                let article = match kind {
                    crate::yaml::Kind::Integer | crate::yaml::Kind::Array => "an",
                    _ => "a",
                };
                Some(format!("not an object ({article} {kind})").into())
            }
            Class::NoApiVersionKind => Some("no apiVersion and kind".into()),
            _ => None,
        }
    }
}

#[derive(Clone)]
pub(super) struct Object {
    pub(super) at: Locator,
    pub(super) class: Class,
    pub(super) object: Arc<ObjectRef>,
}

impl Object {
    /// A resource's group (from its `apiVersion`) and kind.
    pub(super) fn group_kind(&self) -> (&str, &str) {
        let (group, _) = crate::k8s::split_api_version(&self.object.api_version);
        (group, &self.object.kind)
    }
}

#[derive(Clone, Default)]
pub(super) struct ParsedFile {
    pub(super) docs: Vec<Document>,
    /// The documents' objects, when classified with the parse ([`Classify::Now`]).
    pub(super) objects: Vec<Object>,
    /// The objects are classified as they are checked ([`ParsedFile::classify_doc`]).
    later: bool,
    pub(super) annotations: Vec<IgnoreAnnotation>,
    pub(super) diagnostics: Vec<Diagnostic>,
    pub(super) documents: usize,
    /// The text may hold templated values or JMESPath keys ([`classify::may_be_templated`]):
    /// only then are its objects walked for them.
    pub(super) may_template: bool,
}

/// When a parsed file's objects are classified.
#[derive(Clone, Copy)]
pub(super) enum Classify<'a> {
    /// With the parse, into [`ParsedFile::objects`] (step 1 looks for CRDs among them).
    Now(&'a [SkipPattern]),
    /// One document at a time as they are checked (step 3): a file of 10^6 documents then
    /// never holds a record for each.
    Later,
}

impl ParsedFile {
    /// How many documents are classified as they are checked ([`ParsedFile::classify_doc`]):
    /// all of them, or none when they were classified with the parse.
    pub(super) fn later_documents(&self) -> usize {
        if self.later {
            self.docs.len()
        } else {
            0
        }
    }

    /// The objects of document `i`, classified now.
    pub(super) fn classify_doc(&self, i: usize, skip: &[SkipPattern]) -> Vec<Object> {
        let mut out = Vec::new();
        if let Some(root) = self.docs.get(i).and_then(|d| d.root.as_ref()) {
            classify(root, i, skip, &mut out);
        }
        out
    }

    /// Drops document `i`'s tree once nothing will read it again.
    pub(super) fn release_doc(&mut self, i: usize) {
        if let Some(doc) = self.docs.get_mut(i) {
            doc.root = None;
        }
    }

    /// The node at `at`, taken out of the file (a null left in its place).
    pub(super) fn take_node(&mut self, at: Locator) -> Option<Node> {
        let root = self.docs.get_mut(at.doc as usize)?.root.as_mut()?;
        let node = match at.item {
            None => root,
            Some(i) => root
                .as_map_mut()?
                .get_mut("items")?
                .as_seq_mut()?
                .get_mut(i as usize)?,
        };
        let null = Node::new(crate::yaml::Value::Null, node.span(), node.style());
        Some(std::mem::replace(node, null))
    }

    pub(super) fn node(&self, at: Locator) -> Option<&Node> {
        let root = self.docs.get(at.doc as usize)?.root.as_ref()?;
        match at.item {
            None => Some(root),
            Some(i) => root.get("items")?.as_seq()?.get(i as usize),
        }
    }
}

/// Parses and classifies every file, one file per task, keeping the file order.
fn parse_all(
    loaded: &[Loaded],
    skip: &[SkipPattern],
    refs: &classify::Referenced,
) -> Vec<ParsedFile> {
    loaded
        .par_iter()
        .enumerate()
        .map(|(id, l)| {
            let text = l.text();
            let text = text.as_deref().map_err(String::as_str);
            parse_file(id, l, text, loaded.len(), Classify::Now(skip), refs)
        })
        .collect()
}

/// Parses and classifies one file (`text`, or why it could not be read): its documents,
/// objects, `crdlint.io/ignore` annotations and read/parse findings.
pub(super) fn parse_file(
    id: FileId,
    l: &Loaded,
    text: Result<&str, &str>,
    files: usize,
    when: Classify<'_>,
    refs: &classify::Referenced,
) -> ParsedFile {
    let mut diagnostics = Vec::new();
    match text {
        // A locked git-crypt file in a checkout without its key (most CI runs): skipped as
        // SOPS ciphertext is, not a failure to read.
        Err(msg) if skips_git_crypt(l, msg, &refs.recognize) => {
            let why = "a git-crypt encrypted file holds ciphertext until the repository is unlocked: it is skipped whole; run `git-crypt unlock` to check it";
            diagnostics.push(
                Diagnostic::new(&NOT_A_MANIFEST, Span::default(), why.to_string()).with_file(id),
            );
        }
        Err(msg) => diagnostics.push(
            Diagnostic::new(&input_rules::IO_ERROR, Span::default(), msg.to_string()).with_file(id),
        ),
        Ok(_) => {}
    }
    let text_or_empty = text.unwrap_or_default();
    if let Some((why, at)) = classify::renderer_input(l, text_or_empty, refs) {
        diagnostics.push(Diagnostic::new(&NOT_A_MANIFEST, at, why).with_file(id));
        return ParsedFile {
            diagnostics,
            ..ParsedFile::default()
        };
    }
    let docs = match text {
        Ok(text) => {
            let limits = crate::yaml::LoadOptions::for_run(text.len(), files);
            crate::yaml::load_with(text, &limits)
        }
        Err(_) => Vec::new(),
    };
    let mut objects = Vec::new();
    let mut annotations = Vec::new();
    let mut documents = 0;
    for (i, doc) in docs.iter().enumerate() {
        if doc.root.is_some() || !doc.errors.is_empty() {
            documents += 1;
        }
        // How go-yaml reads a tag, and what the API server accepts in one request, matter only
        // for a document sent to it: a CloudFormation template's `!Ref`, mkdocs'
        // `!!python/name:` and a 5 MB `package-lock.json` are other tools' files
        // ([`about_the_api_server`]).
        if !doc.errors.is_empty() {
            let kubernetes = doc.root.as_ref().is_some_and(may_be_object);
            diagnostics.extend(
                doc.errors
                    .iter()
                    .filter(|e| kubernetes || !about_the_api_server(e.kind))
                    .map(|e| yaml_diagnostic(e).with_file(id)),
            );
        }
        if let Some(root) = &doc.root {
            if let Classify::Now(skip) = when {
                self::classify(root, i, skip, &mut objects);
            }
            for (_, node) in self::objects(root) {
                if let Some((value, text)) = classify::ignore_annotation(node) {
                    annotations.push(IgnoreAnnotation {
                        file: id,
                        object: node.span(),
                        value,
                        text,
                    });
                }
            }
        }
    }
    ParsedFile {
        docs,
        objects,
        later: matches!(when, Classify::Later),
        annotations,
        diagnostics,
        documents,
        may_template: classify::may_be_templated(text_or_empty),
    }
}

/// True when a file found in the repository could not be read because it is git-crypt's
/// ciphertext and the run recognises it: skipped with a note, not a failure to read (exit
/// status 2). Standard input is what the user asked to check: its failure stays one.
pub(super) fn skips_git_crypt(l: &Loaded, why: &str, rec: &classify::Recognize) -> bool {
    rec.git_crypt
        && matches!(l.input.origin, crate::cli::input::Origin::Path(_))
        && why == crate::cli::input::GIT_CRYPT_LOCKED
}

/// The reading findings that hold only for a document sent to the API server: a tag go-yaml
/// does not know may be another tool's syntax, and only a request has a size limit. (A merge
/// key's order and keys that collide in JSON stay: Helm reads values files with go-yaml too.)
fn about_the_api_server(kind: YamlErrorKind) -> bool {
    matches!(kind, YamlErrorKind::UnknownTag | YamlErrorKind::TooLarge)
}

/// A document root that may be a Kubernetes object (or a `List` of them): a mapping with an
/// `apiVersion` or a `kind`.
fn may_be_object(root: &Node) -> bool {
    root.get("apiVersion").is_some() || root.get("kind").is_some()
}

/// Reads, parses and classifies only: the counts `check` would start from, with resources
/// matched to CRDs by group and kind without compiling anything (`crdlint scan`, used by the
/// benchmarks to time the front half of a run).
pub fn scan(loaded: &[Loaded]) -> Summary {
    let parsed = parse_all(loaded, &[], &Default::default());
    let mut summary = Summary {
        files: loaded.len(),
        ..Summary::default()
    };
    let mut kinds = std::collections::HashSet::new();
    for p in &parsed {
        summary.documents += p.documents;
        summary.count(&p.diagnostics);
        for o in &p.objects {
            if matches!(o.class, Class::Crd) {
                summary.crds += 1;
                if let Some(key) = p.node(o.at).and_then(crd_key) {
                    kinds.insert(key);
                }
            }
        }
    }
    for p in &parsed {
        for o in &p.objects {
            let (group, kind) = o.group_kind();
            match o.class {
                Class::Crd => {}
                Class::Resource if kinds.contains(&(group.to_string(), kind.to_string())) => {
                    summary.resources += 1
                }
                _ => summary.skipped += 1,
            }
        }
    }
    summary
}

/// Where to point for a finding about a whole object: its `kind` value, so that the frame
/// shows which kind is meant.
pub(super) fn kind_span(node: &Node) -> Span {
    node.get("kind").map(|k| k.span()).unwrap_or(node.span())
}

pub(crate) fn yaml_diagnostic(e: &YamlError) -> Diagnostic {
    let rule = match e.kind {
        YamlErrorKind::Syntax => &input_rules::YAML_SYNTAX,
        YamlErrorKind::DuplicateKey => &input_rules::YAML_DUPLICATE_KEY,
        YamlErrorKind::AliasBudget => &input_rules::YAML_ALIAS_BUDGET,
        YamlErrorKind::TooDeep => &input_rules::YAML_TOO_DEEP,
        YamlErrorKind::TooLarge => &input_rules::YAML_TOO_LARGE,
        YamlErrorKind::Suspicious | YamlErrorKind::UnknownTag => &input_rules::YAML_SUSPICIOUS,
    };
    let mut d = Diagnostic::new(rule, e.span, e.message.clone());
    for (span, message) in &e.related {
        d = d.with_related(*span, message.clone());
    }
    d
}

pub(crate) fn object_ref(node: &Node) -> ObjectRef {
    let meta = node.get("metadata");
    let meta_str = |k: &str| meta.and_then(|m| m.get_str(k));
    ObjectRef {
        api_version: node.get_str("apiVersion").unwrap_or_default().to_string(),
        kind: node.get_str("kind").unwrap_or_default().to_string(),
        name: meta_str("name")
            .or_else(|| meta_str("generateName"))
            .unwrap_or_default()
            .to_string(),
        namespace: meta_str("namespace").map(str::to_string),
    }
}

/// True for the apiVersion and kind of a CustomResourceDefinition.
pub fn is_crd(api_version: &str, kind: &str) -> bool {
    kind == "CustomResourceDefinition"
        && matches!(
            api_version,
            "apiextensions.k8s.io/v1" | "apiextensions.k8s.io/v1beta1"
        )
}

/// Group and kind a CRD defines, read directly (for CRDs that do not compile).
pub(super) fn crd_key(node: &Node) -> Option<(String, String)> {
    let spec = node.get("spec")?;
    Some((
        spec.get_str("group")?.to_string(),
        spec.at(&["names", "kind"])?.as_str()?.to_string(),
    ))
}

/// The objects of one document: the root, or each item of a `List` (`kind: List` or any
/// `*List` kind with an `items` sequence) with its index.
pub fn objects(root: &Node) -> Vec<(Option<usize>, &Node)> {
    let kind = root.get_str("kind").unwrap_or_default();
    if kind.ends_with("List") {
        if let Some(items) = root.get("items").and_then(Node::as_seq) {
            // kubectl flattens one level: a List's items are objects, never Lists again.
            return items
                .iter()
                .enumerate()
                .map(|(i, n)| (Some(i), n))
                .collect();
        }
    }
    vec![(None, root)]
}

/// Adds the objects of one document.
pub(super) fn classify(root: &Node, doc: usize, skip: &[SkipPattern], out: &mut Vec<Object>) {
    for (item, node) in objects(root) {
        let at = Locator {
            doc: doc as u32,
            item: item.map(|i| i as u32),
        };
        out.push(classify_object(node, at, skip));
    }
}

static EMPTY_OBJECT: std::sync::OnceLock<Arc<ObjectRef>> = std::sync::OnceLock::new();

fn classify_object(node: &Node, at: Locator, skip: &[SkipPattern]) -> Object {
    let object = object_ref(node);
    // A document with none of the four fields (a fragment, a values file) shares one empty
    // reference: per skipped document the run keeps only its small class and locator.
    let object = if object == ObjectRef::default() {
        Arc::clone(EMPTY_OBJECT.get_or_init(Default::default))
    } else {
        Arc::new(object)
    };
    let class = if node.as_map().is_none() {
        Class::NotAnObject(node.kind())
    } else if object.api_version.is_empty() && object.kind.is_empty() {
        Class::NoApiVersionKind
    } else if object.api_version.is_empty() || object.kind.is_empty() {
        // Only an object (one with `metadata`) lacking half its type is an error: a Helm
        // chart's `Chart.yaml` (`apiVersion: v2`) or a values file with a top-level `kind:`
        // is no object at all.
        match node.get("metadata").and_then(Node::as_map) {
            Some(_) => Class::HalfTypeMeta,
            None => Class::NoApiVersionKind,
        }
    } else if skip
        .iter()
        .any(|p| p.matches(&object.api_version, &object.kind))
    {
        Class::SkipQuietly
    } else if is_crd(&object.api_version, &object.kind) {
        Class::Crd
    } else {
        Class::Resource
    };
    Object { at, class, object }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(json: serde_json::Value) -> Vec<String> {
        let mut out = Vec::new();
        classify(&Node::from_json(&json), 0, &[], &mut out);
        out.iter()
            .map(|o| match o.class {
                Class::Crd => "crd".to_string(),
                Class::Resource => format!("{}/{}", o.group_kind().0, o.group_kind().1),
                Class::SkipQuietly => "skip".to_string(),
                class => format!("skip: {}", class.skip_reason().unwrap_or_default()),
            })
            .collect()
    }

    #[test]
    fn classifies_crds_resources_and_lists() {
        use serde_json::json;
        assert_eq!(
            classes(json!({"apiVersion": "apiextensions.k8s.io/v1beta1",
                           "kind": "CustomResourceDefinition"})),
            ["crd"]
        );
        assert_eq!(
            classes(json!({"apiVersion": "example.com/v1", "kind": "Widget"})),
            ["example.com/Widget"]
        );
        assert_eq!(
            classes(json!({"apiVersion": "v1", "kind": "ConfigMap"})),
            ["/ConfigMap"]
        );
        assert_eq!(
            classes(json!({"apiVersion": "v1", "kind": "List", "items": [
                {"apiVersion": "example.com/v1", "kind": "Widget"},
                {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition"},
                "x",
                1,
                null
            ]})),
            [
                "example.com/Widget",
                "crd",
                "skip: not an object (a string)",
                "skip: not an object (an integer)",
                "skip: not an object (null)"
            ]
        );
        // A `*List` kind without items is an object of its own.
        assert_eq!(
            classes(json!({"apiVersion": "example.com/v1", "kind": "WidgetList"})),
            ["example.com/WidgetList"]
        );
        assert_eq!(classes(json!({"a": 1})), ["skip: no apiVersion and kind"]);
    }
}
