#!/usr/bin/env python3
"""The corpus outputs a performance change must leave byte for byte as they were (issue 34).

    python3 benches/corpus-outputs.py BINARY OUT_DIR [CORPUS_DIR]
    diff -r OUT_BEFORE OUT_AFTER        # must be empty

CORPUS_DIR defaults to ../shared/corpus (MANIFEST.tsv, groups.json). One file per run, each with
the exit code, stdout and stderr: `lint` of every CRD file as JSON, SARIF and human text, `cost`
of the first 60, and per group of groups.json `check` as JSON and SARIF, `validate` (human),
`prune` and `default` of its resources against its CRDs."""
import csv
import json
import os
import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
    here = os.path.dirname(os.path.abspath(__file__))
    corpus = os.path.abspath(sys.argv[3] if len(sys.argv) > 3 else os.path.join(here, "..", "..", "shared", "corpus"))
    os.makedirs(out, exist_ok=True)
    rows = list(csv.DictReader(open(os.path.join(corpus, "MANIFEST.tsv")), delimiter="\t"))
    groups = json.load(open(os.path.join(corpus, "groups.json")))["groups"]
    crds = [r["local_path"] for r in rows if r["kind"] == "crd"]

    def run(name, args):
        p = subprocess.run([binary, *args], cwd=corpus, capture_output=True)
        with open(os.path.join(out, name), "wb") as f:
            f.write(b"exit %d\n" % p.returncode + p.stdout + b"\n--stderr--\n" + p.stderr)

    run("lint.json", ["lint", "--format", "json", *crds])
    run("lint.sarif", ["lint", "--format", "sarif", *crds])
    run("lint.human", ["lint", "--color", "never", *crds])
    run("cost.txt", ["cost", *crds[:60]])
    for i, g in enumerate(groups):
        with_crds = sum((["--crd", c] for c in g["crds"]), [])
        resources = g.get("valid", []) + g.get("invalid", [])
        run(f"g{i:02}-check.json", ["check", "--format", "json", *with_crds, *resources])
        run(f"g{i:02}-check.sarif", ["check", "--format", "sarif", *with_crds, *resources])
        run(f"g{i:02}-validate.human", ["validate", "--color", "never", *with_crds, *resources])
        run(f"g{i:02}-prune.yaml", ["prune", *with_crds, *resources])
        run(f"g{i:02}-default.yaml", ["default", *with_crds, *resources])
    print(len(os.listdir(out)), "files in", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
