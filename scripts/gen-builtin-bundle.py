#!/usr/bin/env python3
"""Rebuilds data/builtin/ (the built-in kinds' schemas crdlint embeds) from upstream OpenAPI
documents.

Usage: scripts/gen-builtin-bundle.py SPEC_ROOT [OUT_DIR]
       scripts/gen-builtin-bundle.py --check-v2 V3_DIR SWAGGER|KV_DEFS API_DIR
       scripts/gen-builtin-bundle.py --check-kv KV_DEFS SWAGGER
       scripts/gen-builtin-bundle.py --check-kinds PREV_MINOR_DIR MINOR_DIR

SPEC_ROOT holds one folder per minor (`1.25`, ...), each either in kubectl-validate's layout
(`api/v1.json`, `apis/<group>/<version>.json`, as in its pkg/openapiclient/builtins) or in
kubernetes/kubernetes' layout (`api__v1_openapi.json`, `apis__<group>__<version>_openapi.json`,
as in api/openapi-spec/v3), or the minor's OpenAPI v2 document instead: `swagger.json`
(api/openapi-spec/swagger.json of kubernetes/kubernetes at the tag) beside `k8s.io-api/`, the
k8s.io/api module at the same tag; or, for a minor whose v2 document cannot be had either,
`kubernetes-validate.json` (kubernetes-json-schema/v<minor>.0-local/_definitions.json of the PyPI
package kubernetes-validate <minor>.0, which converts that v2 document's definitions to JSON
Schema) beside `k8s.io-api/`. OUT_DIR defaults to data/builtin.

kubernetes-validate's conversion is undone exactly: `#/$defs/` refs, `[type, "null"]` types,
the `enum` it adds to a kind's `apiVersion` and `kind`, and its `oneOf` forms of `IntOrString`
and `Quantity` (which get the v3 forms below anyway). `--check-kv` shows it gives a minor's v2
definitions back exactly (1.35 and 1.36: 735 and 771 definitions, 0 differences). Its document
has no paths, so a minor's kinds are the previous minor's whose definition it still has, plus
the Go types of `k8s.io-api/` marked `+genclient` (not `noVerbs`, and with `create` when
`onlyVerbs` is given; namespaced unless `nonNamespaced`) that are new; `--check-kinds` shows this
gives the kinds of a minor's v2 or v3 document from the previous minor's (1.35 and 1.36: 0
differences).

From a v2 document, the v3 form is rebuilt the way kube-openapi builds both from the same Go
definitions: `#/definitions/` refs become component refs, `IntOrString` and `Quantity` take
their v3 `oneOf` forms, and the non-zero defaults (which v2 leaves out) come from the `+default=`
markers of the Go types in `k8s.io-api/`. Every body is then stored in the normal form below, in
which the v2-built and the published v3 documents of a minor agree definition for definition
(`--check-v2` builds a minor from SWAGGER and API_DIR and compares it with its v3 documents in
V3_DIR: 0 differences on 1.34 and 1.35; 14 on 1.35 without the Go defaults).

What it writes (src/builtin/bundle.rs reads it; every blob is raw DEFLATE):
- index.z: JSON {"minors": [...], "packages": [[go_package, offset, len]...],
  "defs": [[name, package, slot]...],       # one row per distinct (name, body)
  "tables": [[def ids...] per minor],       # which row each name has in that minor
  "kinds": [[[group, version, kind, namespaced, def id]...] per minor],
  "announced": [[[group, version, kind, removed minor]...] per minor]}  # deprecated, to be
      # removed (prerelease-lifecycle markers of the minor's Go types, when it has them)
- schemas.z: the packages' blobs back to back; each is a JSON array of definition bodies
  (descriptions removed), every distinct body once across all groups and minors.
- descriptions.z: JSON {def name: {"": text, "field": text}} for the newest minor that has it.

Bodies keep only what validation uses; `$ref`s are shortened to the definition name, and the
forms src/builtin/convert.rs reads alike are stored one way: `{allOf: [{$ref}], ...}` as
`{$ref, ...}`, and defaults equal to Go's zero value (`""`, `0`, `false`, `{}`, `[]`) dropped.
The output is deterministic (sorted keys, fixed compression level).
"""
import json
import os
import re
import sys
import zlib

DROP = {"description", "x-kubernetes-patch-strategy", "x-kubernetes-patch-merge-key",
        "x-kubernetes-group-version-kind", "x-kubernetes-unions", "example", "externalDocs"}
REF = "#/components/schemas/"


def is_zero(v):
    """A Go zero value as a default (convert.rs drops these too)."""
    return v is None or v is False or v == "" or v == [] or v == {} or (
        isinstance(v, (int, float)) and not isinstance(v, bool) and v == 0)


def clean(o, descs, prefix):
    """The body without descriptions, in normal form; descriptions of properties go to `descs`."""
    if isinstance(o, list):
        return [clean(v, None, None) for v in o]
    if not isinstance(o, dict):
        return o
    out = {}
    one = o.get("allOf")
    if (isinstance(one, list) and len(one) == 1 and isinstance(one[0], dict)
            and list(one[0]) == ["$ref"] and "$ref" not in o):
        o = {("$ref" if k == "allOf" else k): (one[0]["$ref"] if k == "allOf" else v)
             for k, v in o.items()}
    for k, v in o.items():
        if k in DROP or (k == "default" and is_zero(v)):
            continue
        if k == "$ref" and isinstance(v, str) and v.startswith(REF):
            out[k] = v[len(REF):]
        elif k == "properties" and isinstance(v, dict):
            props = {}
            for name, p in v.items():
                if descs is not None and isinstance(p, dict) and p.get("description"):
                    descs[name] = p["description"]
                props[name] = clean(p, None, None)
            out[k] = props
        else:
            out[k] = clean(v, None, None)
    return out


def spec_files(minor_dir):
    """(group, version, path) for every group-version document of one minor."""
    out = []
    for root, _, files in os.walk(minor_dir, followlinks=True):
        for f in files:
            if not f.endswith(".json"):
                continue
            path = os.path.join(root, f)
            rel = os.path.relpath(path, minor_dir).replace(os.sep, "/")
            m = re.fullmatch(r"api/(v[^/]+)\.json", rel) or re.fullmatch(r"api__(v[^_]+)_openapi\.json", rel)
            if m:
                out.append(("", m.group(1), path))
                continue
            m = re.fullmatch(r"apis/([^/]+)/(v[^/]+)\.json", rel) or re.fullmatch(
                r"apis__(.+)__(v[^_]+)_openapi\.json", rel)
            if m:
                out.append((m.group(1), m.group(2), path))
    return sorted(out)


def kinds_of(doc, group, version):
    """{kind: (namespaced, schema name)} for the kinds this group-version creates (a POST on a
    collection path)."""
    out = {}
    for path, item in sorted(doc.get("paths", {}).items()):
        post = item.get("post")
        if not post or "{name}" in path:
            continue
        gvk = post.get("x-kubernetes-group-version-kind")
        if not gvk or gvk.get("group", "") != group or gvk.get("version") != version:
            continue
        body = post.get("requestBody", {}).get("content", {})
        ref = None
        for media in body.values():
            ref = media.get("schema", {}).get("$ref")
            if ref:
                break
        if not ref:
            continue
        namespaced = "/namespaces/{namespace}/" in path
        out[gvk["kind"]] = (namespaced, ref[len(REF):])
    return out


V2_REF = "#/definitions/"
# kube-openapi's v3 forms of the two types whose v2 form is a plain string.
V3_ONE_OF = {
    "io.k8s.apimachinery.pkg.util.intstr.IntOrString": [{"type": "integer"}, {"type": "string"}],
    "io.k8s.apimachinery.pkg.api.resource.Quantity": [{"type": "string"}, {"type": "number"}],
}


def v2_refs(o):
    """`#/definitions/X` refs as v3 component refs."""
    if isinstance(o, list):
        return [v2_refs(v) for v in o]
    if not isinstance(o, dict):
        return o
    return {k: (REF + v[len(V2_REF):] if k == "$ref" and isinstance(v, str) and v.startswith(V2_REF)
                else v2_refs(v)) for k, v in o.items()}


def go_defaults(api_dir):
    """{definition name: {json field: default}} from the `// +default=` markers of the Go types
    in a k8s.io/api tree (`+default=ref(Const)` resolved to the constant's value)."""
    out = {}
    for root, _, files in os.walk(api_dir):
        gos = [f for f in sorted(files) if f.endswith(".go") and not f.endswith("_test.go")]
        if not gos:
            continue
        pkg = os.path.relpath(root, api_dir).replace(os.sep, ".")
        texts = [open(os.path.join(root, f), encoding="utf-8").read() for f in gos]
        consts = {}
        for text in texts:
            for m in re.finditer(r'^\s*(\w+)\s+(?:\w+\s+)?=\s*("(?:[^"\\]|\\.)*")', text, re.M):
                consts[m.group(1)] = json.loads(m.group(2))
        for text in texts:
            struct, marker = None, None
            for line in text.splitlines():
                m = re.match(r"type (\w+) struct \{", line)
                if m:
                    struct, marker = m.group(1), None
                    continue
                if line.startswith("}"):
                    struct = None
                    continue
                if struct is None:
                    continue
                m = re.match(r"\s*//\s*\+default=(.*?)\s*$", line)
                if m:
                    marker = m.group(1)
                    continue
                if line.strip().startswith("//"):
                    continue
                m = re.search(r'json:"([^",]+)', line)
                if marker is not None and m:
                    ref = re.fullmatch(r"ref\((\w+)\)", marker)
                    value = consts[ref.group(1)] if ref else json.loads(marker)
                    out.setdefault(f"io.k8s.api.{pkg}.{struct}", {})[m.group(1)] = value
                marker = None
    return out


def v3_form(name, body, defaults):
    """A v2 definition body (refs already component refs) in its v3 form: `oneOf` for the
    int-or-string and quantity types, and the Go types' non-zero defaults."""
    if name in V3_ONE_OF and isinstance(body, dict):
        body = {k: v for k, v in body.items() if k != "type"}
        body["oneOf"] = V3_ONE_OF[name]
    for field, value in (defaults or {}).get(name, {}).items():
        prop = body.get("properties", {}).get(field)
        if isinstance(prop, dict) and not is_zero(value):
            prop["default"] = value
    return body


def v2_documents(swagger, api_dir):
    """(schemas, kinds) of a minor given as its v2 document plus its Go types, the schemas in
    v3 form (see the module's text)."""
    with open(swagger, encoding="utf-8") as f:
        doc = json.load(f)
    defaults = go_defaults(api_dir)
    schemas = {name: v3_form(name, v2_refs(body), defaults)
               for name, body in doc.get("definitions", {}).items()}
    kinds = {}
    for path, item in sorted(doc.get("paths", {}).items()):
        post = item.get("post")
        if not post or "{name}" in path:
            continue
        gvk = post.get("x-kubernetes-group-version-kind")
        ref = next((p.get("schema", {}).get("$ref") for p in post.get("parameters", [])
                    if p.get("in") == "body"), None)
        if not gvk or not ref or not ref.startswith(V2_REF):
            continue
        gv = (gvk.get("group", ""), gvk["version"])
        kinds.setdefault(gv, {})[gvk["kind"]] = ("/namespaces/{namespace}/" in path,
                                                 ref[len(V2_REF):])
    rows = [[g, v, k, ns, schema] for (g, v) in sorted(kinds)
            for k, (ns, schema) in sorted(kinds[(g, v)].items())]
    return schemas, rows


def v3_documents(minor_dir):
    """(schemas, kinds) of a minor given as its v3 documents."""
    schemas, rows = {}, []
    for group, version, path in spec_files(minor_dir):
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        schemas.update(doc.get("components", {}).get("schemas", {}))
        for kind, (namespaced, schema) in sorted(kinds_of(doc, group, version).items()):
            rows.append([group, version, kind, namespaced, schema])
    return schemas, rows


KV_REF = "#/$defs/"


def kv_unconvert(o, top=False):
    """A kubernetes-validate definition body back in its v2 form (see the module's text), refs
    as v3 component refs."""
    if isinstance(o, list):
        return [kv_unconvert(v) for v in o]
    if not isinstance(o, dict):
        return o
    out = {}
    for k, v in o.items():
        if k == "$ref" and isinstance(v, str) and v.startswith(KV_REF):
            out[k] = REF + v[len(KV_REF):]
        elif k == "type" and isinstance(v, list) and len(v) == 2 and v[1] == "null":
            out[k] = v[0]
        elif top and k == "properties" and isinstance(v, dict) and "x-kubernetes-group-version-kind" in o:
            props = {}
            for name, p in v.items():
                p = kv_unconvert(p)
                if name in ("apiVersion", "kind") and isinstance(p, dict):
                    p = {pk: pv for pk, pv in p.items() if pk != "enum"}
                props[name] = p
            out[k] = props
        else:
            out[k] = kv_unconvert(v)
    return out


# The v2 forms of the two types kubernetes-validate rewrites as `oneOf` (their descriptions,
# which it drops too, stay those of the previous minors in descriptions.z).
KV_V2_FORM = {
    "io.k8s.apimachinery.pkg.util.intstr.IntOrString": {"format": "int-or-string", "type": "string"},
    "io.k8s.apimachinery.pkg.api.resource.Quantity": {"type": "string"},
}


def kv_definitions(path):
    """{name: v2-form body (component refs)} of a kubernetes-validate `_definitions.json`."""
    with open(path, encoding="utf-8") as f:
        defs = json.load(f)["$defs"]
    return {name: dict(KV_V2_FORM[name]) if name in KV_V2_FORM else kv_unconvert(body, top=True)
            for name, body in defs.items()}


def go_kinds(api_dir):
    """{definition name: namespaced} of the Go types in a k8s.io/api tree that are served
    kinds: marked `+genclient`, not `+genclient:noVerbs`, with `create` among `onlyVerbs`."""
    out = {}
    for root, _, files in os.walk(api_dir):
        pkg = os.path.relpath(root, api_dir).replace(os.sep, ".")
        for f in sorted(files):
            if not f.endswith(".go") or f.endswith("_test.go"):
                continue
            block = []
            with open(os.path.join(root, f), encoding="utf-8") as fh:
                for line in fh:
                    t = line.strip()
                    if t.startswith("//"):
                        block.append(t[2:].strip())
                        continue
                    if not t:
                        continue
                    m = re.match(r"type (\w+) struct", t)
                    only = [b.split("=", 1)[1] for b in block if b.startswith("+genclient:onlyVerbs=")]
                    if (m and "+genclient" in block and "+genclient:noVerbs" not in block
                            and all("create" in o.split(",") for o in only)):
                        out[f"io.k8s.api.{pkg}.{m.group(1)}"] = "+genclient:nonNamespaced" not in block
                    block = []
    return out


# `+genclient` types that have no create endpoint: kube-apiserver's
# pkg/registry/core/componentstatus serves get and list only.
NOT_CREATABLE = {"io.k8s.api.core.v1.ComponentStatus"}


def go_lifecycle(api_dir):
    """{definition name: (deprecated minor, removed minor)} from the
    `zz_generated.prerelease-lifecycle.go` files of a k8s.io/api tree: what the API server
    warns about (`deprecated in v1.D+, unavailable in v1.R+`) from minor D on."""
    out = {}
    for root, _, files in os.walk(api_dir):
        if "zz_generated.prerelease-lifecycle.go" not in files:
            continue
        pkg = os.path.relpath(root, api_dir).replace(os.sep, ".")
        with open(os.path.join(root, "zz_generated.prerelease-lifecycle.go"), encoding="utf-8") as f:
            text = f.read()
        found = {}
        for m in re.finditer(r"func \(in \*(\w+)\) APILifecycle(Deprecated|Removed)\(\) "
                             r"\(major, minor int\) \{\s*return 1, (\d+)", text):
            found.setdefault(m.group(1), {})[m.group(2)] = int(m.group(3))
        for name, d in found.items():
            if "Deprecated" in d and "Removed" in d:
                out[f"io.k8s.api.{pkg}.{name}"] = (d["Deprecated"], d["Removed"])
    return out


def announced(minor_dir, minor, kinds):
    """[[group, version, kind, removed minor]] of the kinds `minor` serves, deprecates and
    announces the removal of (empty for a minor without its Go types)."""
    api_dir = os.path.join(minor_dir, "k8s.io-api")
    if not os.path.isdir(api_dir):
        return []
    life = go_lifecycle(api_dir)
    return [[g, v, k, life[s][1]] for g, v, k, _, s in kinds
            if s in life and life[s][0] <= minor < life[s][1]]


def kv_kinds(schemas, api_dir, prev_rows):
    """The kinds of a minor given as kubernetes-validate definitions: the previous minor's whose
    definition is still there, and the new `+genclient` kinds of its Go types."""
    rows = {(g, v, k): (ns, s) for g, v, k, ns, s in prev_rows if s in schemas}
    for name, namespaced in go_kinds(api_dir).items():
        gvks = schemas.get(name, {}).get("x-kubernetes-group-version-kind") or []
        if len(gvks) != 1 or name in NOT_CREATABLE:
            continue
        key = (gvks[0].get("group", ""), gvks[0]["version"], gvks[0]["kind"])
        rows.setdefault(key, (namespaced, name))
    return [[g, v, k, ns, s] for (g, v, k), (ns, s) in sorted(rows.items())]


def kv_documents(kv_path, api_dir, prev_rows):
    """(schemas, kinds) of a minor given as kubernetes-validate definitions plus its Go types."""
    defaults = go_defaults(api_dir)
    schemas = {name: v3_form(name, body, defaults) for name, body in kv_definitions(kv_path).items()}
    return schemas, kv_kinds(schemas, api_dir, prev_rows)


def check_kv(kv_path, swagger):
    """kubernetes-validate's definitions of a minor, unconverted, against its v2 document."""
    with open(swagger, encoding="utf-8") as f:
        want = {n: v2_refs(b) for n, b in json.load(f)["definitions"].items()}
    got = kv_definitions(kv_path)
    bad = 0
    for name in sorted(set(want) | set(got)):
        w, g = want.get(name), got.get(name)
        if name in KV_V2_FORM and isinstance(w, dict):
            w = {k: v for k, v in w.items() if k != "description"}
        if w != g:
            bad += 1
            print(f"differs: {name}", file=sys.stderr)
    print(f"{len(want)} v2 definitions, {len(got)} converted: {bad} differences", file=sys.stderr)
    sys.exit(1 if bad else 0)


def check_kinds(prev_dir, minor_dir):
    """The kinds `kv_kinds` derives for a minor (from the previous minor's kinds and the minor's
    Go types) against the kinds of the minor's own v2 or v3 documents."""
    _, prev_rows = documents(prev_dir)
    schemas, real = documents(minor_dir)
    built = kv_kinds(schemas, os.path.join(minor_dir, "k8s.io-api"), prev_rows)
    a, b = set(map(tuple, real)), set(map(tuple, built))
    for k in sorted(a ^ b):
        print(f"kind only in {'the documents' if k in a else 'the derivation'}: {k}", file=sys.stderr)
    print(f"{len(a)} kinds: {len(a ^ b)} differences", file=sys.stderr)
    sys.exit(1 if a ^ b else 0)


def documents(minor_dir, prev_rows=()):
    """(schemas, kinds) of one minor's folder, whichever layout it has; `prev_rows` are the
    previous minor's kinds (a kubernetes-validate folder has none of its own)."""
    swagger = os.path.join(minor_dir, "swagger.json")
    kv = os.path.join(minor_dir, "kubernetes-validate.json")
    if os.path.exists(swagger):
        return v2_documents(swagger, os.path.join(minor_dir, "k8s.io-api"))
    if os.path.exists(kv):
        return kv_documents(kv, os.path.join(minor_dir, "k8s.io-api"), prev_rows)
    return v3_documents(minor_dir)


def check_v2(v3_dir, source, api_dir):
    """Builds a minor from its v2 document (or kubernetes-validate's definitions of it) and Go
    types and compares it with its published v3 documents: every v3 definition and kind must
    come out the same (kinds only from a v2 document: `--check-kinds` checks the others).
    Exits 1 on a difference."""
    real_schemas, real_kinds = v3_documents(v3_dir)
    with open(source, encoding="utf-8") as f:
        is_kv = "$defs" in json.load(f)
    if is_kv:
        built_schemas, built_kinds = kv_documents(source, api_dir, real_kinds)
    else:
        built_schemas, built_kinds = v2_documents(source, api_dir)
    bad = 0
    for name, body in sorted(real_schemas.items()):
        want = clean(body, {}, name)
        got = clean(built_schemas[name], {}, name) if name in built_schemas else None
        if want != got:
            bad += 1
            print(f"differs: {name}\n  v3: {json.dumps(want, sort_keys=True)}\n"
                  f"  v2: {json.dumps(got, sort_keys=True)}", file=sys.stderr)
    real_k = sorted(map(tuple, real_kinds))
    built_k = sorted(map(tuple, built_kinds))
    for k in sorted(set(real_k) ^ set(built_k)):
        bad += 1
        print(f"kind only in {'v3' if k in real_k else 'v2'}: {k}", file=sys.stderr)
    extra = len(set(built_schemas) - set(real_schemas))
    print(f"{len(real_schemas)} v3 definitions, {len(real_k)} kinds: {bad} differences "
          f"({extra} definitions only in v2, unused by the v3 documents)", file=sys.stderr)
    sys.exit(1 if bad else 0)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if sys.argv[1] == "--check-v2":
        if len(sys.argv) != 5:
            sys.exit(__doc__)
        check_v2(*sys.argv[2:5])
    if sys.argv[1] in ("--check-kv", "--check-kinds"):
        if len(sys.argv) != 4:
            sys.exit(__doc__)
        (check_kv if sys.argv[1] == "--check-kv" else check_kinds)(*sys.argv[2:4])
    root = sys.argv[1]
    out_dir = sys.argv[2] if len(sys.argv) > 2 else "data/builtin"
    minors = sorted((d for d in os.listdir(root) if re.fullmatch(r"1\.\d+", d)),
                    key=lambda m: int(m.split(".")[1]))
    rows = {}          # (name, body json) -> id
    row_list = []      # [name, body json]
    tables, kinds, descriptions, announcements = [], [], {}, []
    minor_kinds = []
    for minor in minors:
        table = {}
        schemas, minor_kinds = documents(os.path.join(root, minor), minor_kinds)
        announcements.append(announced(os.path.join(root, minor), int(minor.split(".")[1]),
                                       minor_kinds))
        for name, body in schemas.items():
            descs = {}
            if isinstance(body, dict) and body.get("description"):
                descs[""] = body["description"]
            cleaned = json.dumps(clean(body, descs, name), sort_keys=True, separators=(",", ":"))
            if descs:
                descriptions[name] = descs
            key = (name, cleaned)
            if key not in rows:
                rows[key] = len(row_list)
                row_list.append(key)
            table[name] = rows[key]
        tables.append(table)
        kinds.append(minor_kinds)

    # Packages: the Go package of each definition (`io.k8s.api.apps.v1`), so that a kind
    # decompresses only the packages its definitions come from.
    packages = {}
    defs = []
    for name, body in row_list:
        pkg = name.rsplit(".", 1)[0]
        bodies = packages.setdefault(pkg, [])
        defs.append([name, pkg, len(bodies)])
        bodies.append(body)
    pkg_names = sorted(packages)
    pkg_index = {p: i for i, p in enumerate(pkg_names)}
    blobs, offsets, at = [], [], 0
    for p in pkg_names:
        raw = ("[" + ",".join(packages[p]) + "]").encode()
        z = zlib.compress(raw, 9)[2:-4]  # raw DEFLATE (no zlib header/trailer)
        blobs.append(z)
        offsets.append([p, at, len(z)])
        at += len(z)
    def_rows = [[n, pkg_index[p], s] for n, p, s in defs]
    table_ids = []
    for table in tables:
        table_ids.append(sorted(table.values()))
    kind_rows = []
    for minor_kinds, table in zip(kinds, tables):
        kind_rows.append([[g, v, k, ns, table[s]] for g, v, k, ns, s in minor_kinds if s in table])
    index = {"minors": minors, "packages": offsets, "defs": def_rows, "tables": table_ids,
             "kinds": kind_rows, "announced": announcements}
    os.makedirs(out_dir, exist_ok=True)

    def write(name, data):
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)

    write("index.z", zlib.compress(json.dumps(index, separators=(",", ":")).encode(), 9)[2:-4])
    write("schemas.z", b"".join(blobs))
    write("descriptions.z", zlib.compress(
        json.dumps(descriptions, sort_keys=True, separators=(",", ":")).encode(), 9)[2:-4])
    total = sum(len(b) for b in blobs)
    print(f"{len(minors)} minors, {len(row_list)} distinct definitions in {len(pkg_names)} packages, "
          f"schemas {total} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
