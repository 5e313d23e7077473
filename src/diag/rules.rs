//! Rules reported while reading input.

use super::{Rule, Severity};

pub static YAML_SYNTAX: Rule = Rule {
    id: "yaml/syntax",
    severity: Severity::Error,
    summary: "The document is not valid YAML",
    docs: "The API server cannot decode a document that is not valid YAML, so nothing in it is applied. \
crdlint reports the first error in the document at its line and column, then goes on with the next document.",
    bad: "spec:\n  names: [a, b\n",
    good: "spec:\n  names: [a, b]\n",
};

pub static YAML_DUPLICATE_KEY: Rule = Rule {
    id: "yaml/duplicate-key",
    severity: Severity::Error,
    summary: "A mapping has the same key twice",
    docs: "go-yaml keeps the last value of a repeated key silently, but the API server's strict decoding \
(and `kubectl apply`'s default field validation) rejects the object. Which value wins is rarely what the author meant.",
    bad: "spec:\n  replicas: 1\n  replicas: 3\n",
    good: "spec:\n  replicas: 3\n",
};

pub static YAML_ALIAS_BUDGET: Rule = Rule {
    id: "yaml/alias-budget",
    severity: Severity::Error,
    summary: "Alias expansion creates too many nodes (a \"billion laughs\" document)",
    docs: "Anchors and aliases let a small file expand into a huge value. crdlint stops expanding past a budget \
so that a hostile file cannot exhaust memory, and reports the document instead of reading it.",
    bad: "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\nh: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\ni: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]\nj: &j [*i, *i, *i, *i, *i, *i, *i, *i, *i]\n",
    good: "a: [x, x, x]\n",
};

pub static YAML_TOO_DEEP: Rule = Rule {
    id: "yaml/too-deep",
    severity: Severity::Error,
    summary: "Collections are nested deeper than crdlint reads",
    docs: "Nesting is capped so that a hostile file cannot overflow the stack. Real manifests stay far below the cap.",
    bad: "[[[[[[[[[[ ... ]]]]]]]]]]\n",
    good: "spec: {a: {b: 1}}\n",
};

pub static YAML_TOO_LARGE: Rule = Rule {
    id: "yaml/too-large",
    severity: Severity::Warning,
    summary: "The document is larger than the API server accepts in one request (3 MiB)",
    docs: "The API server refuses request bodies over 3 MiB, so a document this large cannot be applied as is. \
Large CRDs usually shrink by dropping descriptions or by `kubectl apply --server-side`, which still has the same limit for the object itself. \
Only documents that may be Kubernetes objects (a mapping with an `apiVersion` or a `kind`) are measured: a `package-lock.json` or a \
`pnpm-lock.yaml` in the same repository is never sent to the API server.",
    bad: "# a 4 MiB CustomResourceDefinition\n",
    good: "# the same CRD with descriptions removed\n",
};

pub static YAML_SUSPICIOUS: Rule = Rule {
    id: "yaml/suspicious",
    severity: Severity::Warning,
    summary: "YAML that go-yaml reads, but probably not as meant",
    docs: "Reports constructs that decode without error but whose meaning is easy to get wrong, such as unknown tags. \
Tags are reported only in documents that may be Kubernetes objects (a mapping with an `apiVersion` or a `kind`): in the YAML of other tools \
in the same repository (CloudFormation's `!Ref`, mkdocs' `!!python/name:`) they are those tools' syntax. A merge key that replaces keys set \
before it, and keys that are one once converted to JSON, are reported in any document (Helm reads values files with go-yaml too).",
    bad: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  replicas: !custom 1\n",
    good: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  replicas: \"1\"\n",
};

pub static IO_ERROR: Rule = Rule {
    id: "io/read",
    severity: Severity::Error,
    summary: "A file could not be read",
    docs: "The file does not exist, cannot be read, or is not UTF-8 text. The run goes on with the other files and exits with status 2.",
    bad: "crdlint check missing.yaml\n",
    good: "crdlint check manifests/\n",
};

/// Every input rule.
pub static RULES: &[&Rule] = &[
    &YAML_SYNTAX,
    &YAML_DUPLICATE_KEY,
    &YAML_ALIAS_BUDGET,
    &YAML_TOO_DEEP,
    &YAML_TOO_LARGE,
    &YAML_SUSPICIOUS,
    &IO_ERROR,
];
