#!/usr/bin/env bash
# Install the built wheel into a fresh venv, offline, and run the installed entry point:
# `crdlint --version` must print Cargo.toml's version, a check of the bundled examples must find
# their deliberate errors (exit 1), and a check of a valid CRD must pass (exit 0).
#
#   scripts/packaging/test-wheel.sh <wheel-dir> [python]
set -euo pipefail

wheels=${1:?usage: test-wheel.sh <wheel-dir> [python]}
python=${2:-python3}
root="$(cd "$(dirname "$0")/../.." && pwd)"
fail() { echo "test-wheel: FAIL: $*" >&2; exit 1; }

version=$(sed -n '/^\[package\]/,/^\[/s/^version = "\(.*\)"/\1/p' "$root/Cargo.toml")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

"$python" -m venv "$scratch/venv"
# --no-index: the wheel must install by itself (it has no dependencies), nothing is fetched.
"$scratch/venv/bin/pip" install --quiet --disable-pip-version-check --no-index \
  --find-links "$wheels" "crdlint==$version"
exe="$scratch/venv/bin/crdlint"
[ -x "$exe" ] || fail "the wheel installed no crdlint entry point"
# The wheel carries the binary and its metadata only: no Python package.
if "$scratch/venv/bin/python" -c 'import crdlint' 2>/dev/null; then fail "the wheel installs a Python module"; fi

# Name, version, description and license come from Cargo.toml.
cargo_field() { sed -n "/^\[package\]/,/^\[/s/^$1 = \"\(.*\)\"/\1/p" "$root/Cargo.toml"; }
show=$("$scratch/venv/bin/pip" show --disable-pip-version-check crdlint)
for pair in "Name:name" "Version:version" "Summary:description" "License:license"; do
  want=$(cargo_field "${pair#*:}")
  grep -qxF "${pair%%:*}: $want" <<<"$show" || fail "wheel metadata ${pair%%:*} is not Cargo.toml's ${pair#*:} '$want':"$'\n'"$show"
done

got=$("$exe" --version)
[ "$got" = "crdlint $version" ] || fail "crdlint --version printed '$got', expected 'crdlint $version'"

cd "$root"
status=0
out=$("$exe" check --format json --color never testdata/examples) || status=$?
[ "$status" = 1 ] || fail "check of testdata/examples exited $status (expected 1: deliberate errors)"
case "$out" in *'"rule":"crd/'*) ;; *) fail "check of testdata/examples printed no CRD findings" ;; esac

status=0
"$exe" check --quiet testdata/examples/crds/backup-schedule.yaml testdata/examples/resources/nightly.yaml || status=$?
[ "$status" = 0 ] || fail "check of a valid CRD and resources exited $status (expected 0)"
# The build backend pre-commit's `pip install .` goes through: it finds the published wheel of
# this version when the index has one (here: the wheel directory), and reports none otherwise
# (then maturin builds from source: not run here, it would be a second release build).
mkdir -p "$scratch/none" "$scratch/out1" "$scratch/out2"
PIP_NO_INDEX=1 PIP_FIND_LINKS="$wheels" CRDLINT_ROOT="$root" "$scratch/venv/bin/python" - "$scratch" 2>"$scratch/backend.log" <<'PY' || { cat "$scratch/backend.log"; fail "the build backend's look for the published wheel"; }
import os, sys
sys.path.insert(0, os.path.join(os.environ["CRDLINT_ROOT"], "packaging", "python"))
import crdlint_build as backend
scratch = sys.argv[1]
found = backend._published_wheel(scratch + "/out1")
assert found and found.endswith(".whl") and os.path.isfile(scratch + "/out1/" + found), found
os.environ["PIP_FIND_LINKS"] = scratch + "/none"
assert backend._published_wheel(scratch + "/out2") is None
assert os.listdir(scratch + "/out2") == []
assert "pip" in backend.get_requires_for_build_wheel()
os.environ["CRDLINT_BUILD_FROM_SOURCE"] = "1"
assert backend.get_requires_for_build_wheel() == [backend.MATURIN]
PY

echo "test-wheel: OK: $(ls "$wheels"/*.whl | xargs -n1 basename) installs and runs (crdlint $version)"
