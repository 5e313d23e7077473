#!/usr/bin/env bash
# Packaging tests (issue #15), run by .ci/run after the Rust checks. One release build serves
# them all: maturin builds the static Linux x86_64 binary (crt-static) and the wheel from the
# same cargo invocation, then
#   1. scripts/packaging/check-static.sh   ldd, mimalloc linked in, runs alone in an empty root
#                                          laid out as the Dockerfile's image
#      and action.yml, ci.yml, .pre-commit-hooks.yaml parse as YAML (crdlint itself reads them)
#   2. scripts/packaging/check-binstall.sh Cargo.toml's binstall templates name the assets
#   3. scripts/action/test.sh              the GitHub Action's steps, download stubbed (file://)
#   4. scripts/packaging/test-wheel.sh     the wheel in a fresh venv: --version and real checks
#   5. scripts/packaging/test-pre-commit.sh pre-commit from PyPI against a scratch repository
# Without Python or PyPI, maturin cannot be had: the binary is built with cargo alone and the
# wheel and pre-commit tests are skipped, saying why. Other hosts than Linux x86_64 skip all.
# Added time on a cold 2-core machine: see README.md (Install / How this is tested).
set -euo pipefail
cd "$(dirname "$0")/.."

target=x86_64-unknown-linux-gnu
if [ "$(uname -s)/$(uname -m)" != Linux/x86_64 ]; then
  echo "packaging: SKIP: these tests build and run the Linux x86_64 release binary"
  exit 0
fi
out=dist/linux-amd64 # where the Dockerfile takes the binary from
start=$SECONDS

# maturin and pre-commit come from PyPI, into a venv kept under target/ between runs.
python=$(command -v python3 || true)
venv=target/packaging-venv
maturin=""
if [ -z "$python" ] || ! "$python" -m venv --help >/dev/null 2>&1; then
  echo "packaging: SKIP wheel and pre-commit tests: no python3 with venv"
elif { [ -x "$venv/bin/maturin" ] || { "$python" -m venv "$venv" &&
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'maturin>=1.5,<2'; }; } >target/packaging-pip.log 2>&1; then
  maturin="$venv/bin/maturin"
else
  echo "packaging: SKIP wheel and pre-commit tests: maturin could not be installed from PyPI:"
  tail -3 target/packaging-pip.log
fi

echo "== packaging: release build ($target, crt-static${maturin:+, wheel by maturin})"
rm -rf "$out"
# A target directory of its own, as a caller's CARGO_TARGET_DIR would give: build.sh once
# copied from target/ whatever an earlier build had left there (or nothing, in a clean clone).
built=target/packaging
rm -rf "$built/$target/release/crdlint"
CARGO_TARGET_DIR=$built MATURIN="$maturin" bash scripts/release/build.sh "$target" "$out"
cmp "$built/$target/release/crdlint" "$out/crdlint"
echo "packaging: release build done after $((SECONDS - start))s"

bash scripts/packaging/check-static.sh "$out/crdlint"
# The packaging YAML parses: crdlint reports YAML syntax errors and skips non-Kubernetes documents.
"$out/crdlint" check --quiet action.yml .github/workflows/ci.yml .pre-commit-hooks.yaml
bash scripts/packaging/check-binstall.sh "${python:-python3}"
bash scripts/action/test.sh "$out/crdlint"
if [ -n "$maturin" ]; then
  bash scripts/packaging/test-wheel.sh "$out/wheels" "$python"
  bash scripts/packaging/test-pre-commit.sh "$out/wheels" "$out/crdlint" "$python"
fi
echo "packaging: all done in $((SECONDS - start))s"
