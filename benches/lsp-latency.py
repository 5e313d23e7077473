#!/usr/bin/env python3
"""Latency of `crdlint lsp` as an editor sees it (issue 31's targets), driven over stdio with
Content-Length framing (benches/lsp_client.py). Builds a workspace in a temporary directory:

- 500 CRDs (one file each) and one resource file: time from opening the resource to its first
  diagnostics, on a server that has just initialized (the CRDs read at initialize included);
- one file of 2,000 custom-resource documents (about 50,000 lines): time from a change of one
  document to the file's diagnostics, over a series of edits;
- hover and completion on that file;
- the server's resident memory before and after the series of edits.

Usage: benches/lsp-latency.py [path to crdlint] [edits] [folder of more CRD files]
(default target/release/crdlint, 200, none). The CRD files of the third argument (real ones,
say the workload's `crds/`) are copied into the workspace beside the 500 generated ones.
Prints one line per measure: median, p90 and max in milliseconds.
"""

import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client, file_uri, now_ms  # noqa: E402

CRD = """apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widget{i}s.bench{i}.example.com
spec:
  group: bench{i}.example.com
  names:
    kind: Widget{i}
    plural: widget{i}s
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [size]
            properties:
              size: {{type: integer, minimum: 1, maximum: 100}}
              mode: {{type: string, enum: [fast, slow]}}
              owner: {{type: string, maxLength: 63}}
              tags:
                type: array
                maxItems: 10
                items: {{type: string, maxLength: 20}}
              ports:
                type: array
                maxItems: 8
                items:
                  type: object
                  properties:
                    name: {{type: string}}
                    port: {{type: integer, minimum: 1, maximum: 65535}}
            x-kubernetes-validations:
            - rule: "!has(self.tags) || self.tags.all(t, t.size() > 0)"
"""

DOC = """apiVersion: bench0.example.com/v1
kind: Widget0
metadata:
  name: w{i}
  namespace: default
  labels:
    app: bench
    tier: backend
spec:
  size: {size}
  mode: fast
  owner: team-{i}
  tags:
  - a
  - b
  - c
  ports:
  - name: http
    port: 80
  - name: https
    port: 443
  - name: metrics
    port: 9090
"""


def stats(name, samples):
    samples = sorted(samples)
    p90 = samples[min(len(samples) - 1, int(len(samples) * 0.9))]
    print(f"{name}: median {statistics.median(samples):.1f} ms, p90 {p90:.1f} ms, "
          f"max {samples[-1]:.1f} ms ({len(samples)} samples)")


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/release/crdlint")
    edits = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    more = sys.argv[3] if len(sys.argv) > 3 else None
    with tempfile.TemporaryDirectory() as root:
        os.mkdir(os.path.join(root, ".git"))
        os.mkdir(os.path.join(root, "crds"))
        for i in range(500):
            with open(os.path.join(root, "crds", f"crd{i:03}.yaml"), "w") as f:
                f.write(CRD.format(i=i))
        extra = sorted(os.listdir(more)) if more else []
        for name in extra:
            shutil.copy(os.path.join(more, name), os.path.join(root, "crds", f"more-{name}"))
        small = os.path.join(root, "one.yaml")
        with open(small, "w") as f:
            f.write(DOC.format(i=0, size=5))
        big = os.path.join(root, "many.yaml")
        docs = [DOC.format(i=i, size=5) for i in range(2000)]
        text = "---\n".join(docs)
        with open(big, "w") as f:
            f.write(text)
        print(f"workspace: 500 CRDs and {len(extra)} more files, {len(docs)} documents, {text.count(chr(10))} lines in many.yaml")

        # First diagnostics: initialize (the workspace walked), open, diagnostics.
        start = now_ms()
        c = Client([binary, "lsp"], cwd=root)
        c.initialize(root)
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": file_uri(small), "languageId": "yaml", "version": 1,
            "text": open(small).read()}})
        c.wait_diagnostics(file_uri(small))
        print(f"first diagnostics, 500-CRD workspace (start, initialize, open): {now_ms() - start:.1f} ms")

        uri = file_uri(big)
        t = now_ms()
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": text}})
        found = c.wait_diagnostics(uri)
        print(f"open many.yaml: {now_ms() - t:.1f} ms, {len(found)} diagnostics")

        rss_before = rss_mib(c.proc.pid)
        # Edits: one document's size changed (valid and invalid in turn), as an incremental
        # change of one line in the middle of the file.
        line = text.count("\n", 0, text.index("size: 5", len(text) // 2))
        changes = []
        for n in range(edits):
            size = "500" if n % 2 == 0 else "5"
            t = now_ms()
            c.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": n + 2},
                "contentChanges": [{"range": {"start": {"line": line, "character": 8},
                                              "end": {"line": line, "character": 8 + len("5" if n % 2 == 0 else "500")}},
                                    "text": size}]})
            found = c.wait_diagnostics(uri)
            changes.append(now_ms() - t)
            want = 1 if n % 2 == 0 else 0
            if len(found) != want:
                raise SystemExit(f"edit {n}: {len(found)} diagnostics, expected {want}")
        stats("diagnostics after a change (2,000-document file)", changes)
        rss_after = rss_mib(c.proc.pid)
        print(f"server memory: {rss_before:.0f} MiB before {edits} edits, {rss_after:.0f} MiB after")

        hovers, completions = [], []
        for _ in range(50):
            t = now_ms()
            c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                             "position": {"line": line, "character": 3}})
            hovers.append(now_ms() - t)
            t = now_ms()
            c.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                  "position": {"line": line + 1, "character": 2}})
            completions.append(now_ms() - t)
        stats("hover (2,000-document file)", hovers)
        stats("completion (2,000-document file)", completions)
        c.close()


if __name__ == "__main__":
    main()
