#!/usr/bin/env bash
# Run pre-commit itself (from PyPI, in a venv) against a scratch git repository whose
# .pre-commit-config.yaml points at a copy of this checkout, with the locally built wheel
# standing in for the published one (pip's index off, the wheel in --find-links). Asserts:
#   - installing the `language: python` hooks compiles nothing: the crdlint in pre-commit's
#     environment is byte for byte the binary inside the wheel;
#   - crdlint: a good CRD and resource commit, a resource with a schema error is blocked;
#   - crdlint-transition: changing an immutable field (self == oldSelf) is blocked;
#   - crdlint-crds: an invalid CRD is blocked;
#   - crdlint-system: the same verdict from a crdlint on PATH (here: <binary>).
# Prints how long the first run (creating the hook environment) took.
#
#   scripts/packaging/test-pre-commit.sh <wheel-dir> <binary> [python]
# Exit 0 also when pre-commit cannot be installed (no PyPI): it prints SKIP and why.
set -euo pipefail

wheels="$(cd "${1:?usage: test-pre-commit.sh <wheel-dir> <binary> [python]}" && pwd)"
binary="$(cd "$(dirname "${2:?}")" && pwd)/$(basename "$2")"
python=${3:-python3}
root="$(cd "$(dirname "$0")/../.." && pwd)"
fail() { echo "test-pre-commit: FAIL: $*" >&2; exit 1; }
say() { echo "test-pre-commit: $*"; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL="$scratch/gitconfig"
git config --global user.name crdlint-test
git config --global user.email crdlint-test@example.invalid
git config --global init.defaultBranch main
git config --global commit.gpgsign false

# 1. pre-commit itself, and the build requirements of the hook repository (pip, maturin) into a
#    local wheelhouse, from PyPI. Without PyPI this test cannot run: skip, saying why.
"$python" -m venv "$scratch/tools"
if ! "$scratch/tools/bin/pip" install --quiet --disable-pip-version-check pre-commit >"$scratch/pip.log" 2>&1 ||
   ! "$scratch/tools/bin/pip" download --quiet --disable-pip-version-check --only-binary=:all: \
       --dest "$scratch/wheelhouse" pip 'maturin>=1.5,<2' >>"$scratch/pip.log" 2>&1; then
  say "SKIP: pre-commit or the build requirements could not be installed from PyPI:"
  tail -3 "$scratch/pip.log"
  exit 0
fi
cp "$wheels"/crdlint-*.whl "$scratch/wheelhouse/"
pre_commit="$scratch/tools/bin/pre-commit"
say "$("$pre_commit" --version)"

# 2. The hook repository: this checkout's files (working tree, so uncommitted changes count),
#    committed to a scratch repository, as pre-commit clones a repo at a rev.
hooks="$scratch/hooks-repo"
mkdir -p "$hooks"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar cf - 2>/dev/null) | tar xf - -C "$hooks"
git -C "$hooks" init --quiet
git -C "$hooks" add -A
git -C "$hooks" commit --quiet -m hooks
rev=$(git -C "$hooks" rev-parse HEAD)
"$pre_commit" validate-manifest "$hooks/.pre-commit-hooks.yaml" || fail "pre-commit rejects .pre-commit-hooks.yaml"

# 3. The project that uses the hooks.
project="$scratch/project"
mkdir -p "$project/crds" "$project/deploy"
git -C "$project" init --quiet
cat >"$project/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: crdlint
        args: [--crd, crds]
      - id: crdlint-transition
        args: [--crd, crds]
      - id: crdlint-crds
        files: ^crds/
YAML
cat >"$project/crds/buckets.yaml" <<'YAML'
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: buckets.store.example.com
spec:
  group: store.example.com
  scope: Namespaced
  names: {plural: buckets, singular: bucket, kind: Bucket, listKind: BucketList}
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
              required: [region, sizeGiB]
              properties:
                region:
                  type: string
                  x-kubernetes-validations:
                    - rule: self == oldSelf
                      message: region is immutable
                sizeGiB:
                  type: integer
                  minimum: 1
YAML
bucket() { # name region size
  printf 'apiVersion: store.example.com/v1\nkind: Bucket\nmetadata:\n  name: %s\nspec:\n  region: %s\n  sizeGiB: %s\n' "$@"
}
bucket logs eu-west 10 >"$project/deploy/logs.yaml"

export PRE_COMMIT_HOME="$scratch/pre-commit-home"
export PIP_NO_INDEX=1 PIP_FIND_LINKS="$scratch/wheelhouse" PIP_DISABLE_PIP_VERSION_CHECK=1
cd "$project"
"$pre_commit" install >/dev/null

# 4. First run: pre-commit creates the hook environment (a virtualenv + pip install of the
#    hook repository, which takes the wheel). Timed: this is a new user's first commit.
start=$EPOCHREALTIME
"$pre_commit" install-hooks >"$scratch/install.log" 2>&1 || { cat "$scratch/install.log"; fail "pre-commit install-hooks failed"; }
first_run=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
say "first run: hook environment created in ${first_run}s (virtualenv + wheel install, no compiler)"
installed=$(ls "$PRE_COMMIT_HOME"/repo*/py_env-*/bin/crdlint)
wheel_binary_sha=$("$python" - "$wheels" <<'PY'
import glob, hashlib, sys, zipfile
(wheel,) = glob.glob(sys.argv[1] + "/crdlint-*.whl")
with zipfile.ZipFile(wheel) as z:
    (name,) = [n for n in z.namelist() if n.endswith("/scripts/crdlint")]
    print(hashlib.sha256(z.read(name)).hexdigest())
PY
)
[ "$(sha256sum <"$installed" | cut -d' ' -f1)" = "$wheel_binary_sha" ] ||
  fail "the hook's crdlint is not the wheel's binary: it was built, not installed"
say "the hook environment's crdlint is the wheel's binary (nothing compiled)"

committed() { git rev-list --count HEAD 2>/dev/null || echo 0; }
expect_commit() { # message: the staged change must commit
  local before; before=$(committed)
  git commit --quiet -m "$1" >"$scratch/commit.log" 2>&1 || { cat "$scratch/commit.log"; fail "$1: the commit was blocked"; }
  [ "$(committed)" = $((before + 1)) ] || fail "$1: no commit was made"
  say "ok: $1: committed"
}
expect_blocked() { # message hook-id: the staged change must be refused by that hook
  local before; before=$(committed)
  if git commit --quiet -m "$1" >"$scratch/commit.log" 2>&1; then cat "$scratch/commit.log"; fail "$1: the commit went through"; fi
  [ "$(committed)" = "$before" ] || fail "$1: a commit was made"
  grep -qx -- "- hook id: $2" "$scratch/commit.log" || { cat "$scratch/commit.log"; fail "$1: hook $2 did not fail"; }
  say "ok: $1: blocked by $2"
}

# 5. The verdicts.
git add -A
expect_commit "a valid CRD and resource"

bucket broken eu-west lots >deploy/broken.yaml
git add deploy/broken.yaml
expect_blocked "a resource whose sizeGiB is a string" crdlint
git rm --quiet --cached deploy/broken.yaml && rm deploy/broken.yaml

bucket logs us-east 10 >deploy/logs.yaml
git add deploy/logs.yaml
expect_blocked "a change of the immutable spec.region" crdlint-transition
grep -q 'region is immutable' "$scratch/commit.log" || fail "the transition failure does not quote the rule's message"
git checkout --quiet HEAD -- deploy/logs.yaml

bucket logs eu-west 20 >deploy/logs.yaml
git add deploy/logs.yaml
expect_commit "a change of a mutable field"

sed -i 's/storage: true/storage: false/' crds/buckets.yaml
git add crds/buckets.yaml
expect_blocked "a CRD with no storage version" crdlint-crds
git checkout --quiet HEAD -- crds/buckets.yaml

# 6. The language: system variant runs whatever crdlint is on PATH.
bucket broken eu-west lots >deploy/broken.yaml
cat >"$scratch/system-config.yaml" <<YAML
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: crdlint-system
        args: [--crd, crds]
YAML
status=0
PATH="$(dirname "$binary"):$PATH" "$pre_commit" run --config "$scratch/system-config.yaml" \
  --files deploy/broken.yaml >"$scratch/system.log" 2>&1 || status=$?
[ "$status" = 1 ] && grep -qx -- '- hook id: crdlint-system' "$scratch/system.log" ||
  { cat "$scratch/system.log"; fail "crdlint-system did not refuse the broken resource"; }
say "ok: crdlint-system (crdlint on PATH) refuses the broken resource"
say "OK"
