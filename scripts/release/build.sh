#!/usr/bin/env bash
# Build the release binary for one target, static where the platform allows, and (when maturin
# is on PATH or in $MATURIN) the Python wheel from the same cargo build: maturin runs cargo with
# these flags and the binary it leaves in target/<target>/release is the one the archive ships.
#
#   scripts/release/build.sh <target> <out-dir>
#
# Leaves <out-dir>/crdlint[.exe] and, with maturin, <out-dir>/wheels/crdlint-*.whl.
# Linux gnu and Windows msvc targets link the C runtime statically (`+crt-static`): no glibc or
# vcruntime needed at run time. mimalloc (the only C code) is compiled by its build script with
# the same target and ends up inside the binary as well.
set -euo pipefail

target=${1:?usage: build.sh <target> <out-dir>}
out=${2:?usage: build.sh <target> <out-dir>}
cd "$(dirname "$0")/../.."

case "$target" in
  *-linux-gnu* | *-windows-msvc) export RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+crt-static" ;;
esac
exe=crdlint
case "$target" in *windows*) exe=crdlint.exe ;; esac

maturin=${MATURIN:-$(command -v maturin || true)}
mkdir -p "$out"
if [ -n "$maturin" ]; then
  # --target keeps RUSTFLAGS off build scripts and proc macros (crt-static cannot build those).
  "$maturin" build --release --locked --target "$target" --out "$out/wheels"
else
  echo "build.sh: maturin not found: building the binary only, no wheel" >&2
  cargo build --release --locked --target "$target"
fi
cp "target/$target/release/$exe" "$out/$exe"
