#!/usr/bin/env python3
"""Rebuilds data/builtin/ (the built-in kinds' schemas crdlint embeds) from upstream OpenAPI v3
documents.

Usage: scripts/gen-builtin-bundle.py SPEC_ROOT [OUT_DIR]

SPEC_ROOT holds one folder per minor (`1.25`, ...), each either in kubectl-validate's layout
(`api/v1.json`, `apis/<group>/<version>.json`, as in its pkg/openapiclient/builtins) or in
kubernetes/kubernetes' layout (`api__v1_openapi.json`, `apis__<group>__<version>_openapi.json`,
as in api/openapi-spec/v3). OUT_DIR defaults to data/builtin.

What it writes (src/builtin/bundle.rs reads it; every blob is raw DEFLATE):
- index.z: JSON {"minors": [...], "packages": [[go_package, offset, len]...],
  "defs": [[name, package, slot]...],       # one row per distinct (name, body)
  "tables": [[def ids...] per minor],       # which row each name has in that minor
  "kinds": [[[group, version, kind, namespaced, def id]...] per minor]}
- schemas.z: the packages' blobs back to back; each is a JSON array of definition bodies
  (descriptions removed), every distinct body once across all groups and minors.
- descriptions.z: JSON {def name: {"": text, "field": text}} for the newest minor that has it.

Bodies keep only what validation uses; `$ref`s are shortened to the definition name.
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


def clean(o, descs, prefix):
    """The body without descriptions; descriptions of properties go to `descs`."""
    if isinstance(o, list):
        return [clean(v, None, None) for v in o]
    if not isinstance(o, dict):
        return o
    out = {}
    for k, v in o.items():
        if k in DROP:
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
    for root, _, files in os.walk(minor_dir):
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


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    out_dir = sys.argv[2] if len(sys.argv) > 2 else "data/builtin"
    minors = sorted((d for d in os.listdir(root) if re.fullmatch(r"1\.\d+", d)),
                    key=lambda m: int(m.split(".")[1]))
    rows = {}          # (name, body json) -> id
    row_list = []      # [name, body json]
    tables, kinds, descriptions = [], [], {}
    for minor in minors:
        table = {}
        minor_kinds = []
        for group, version, path in spec_files(os.path.join(root, minor)):
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
            schemas = doc.get("components", {}).get("schemas", {})
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
            for kind, (namespaced, schema) in sorted(kinds_of(doc, group, version).items()):
                minor_kinds.append([group, version, kind, namespaced, schema])
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
             "kinds": kind_rows}
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
