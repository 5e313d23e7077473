#!/usr/bin/env bash
# Package a built binary as a release asset: crdlint-<tag>-<target>.tar.gz (.zip on Windows)
# holding the binary, README, completions and man pages (`man/`: `crdlint.1` and one
# `crdlint-<subcommand>.1` per subcommand), plus a .sha256 file beside it in the
# `sha256sum` format (`<hex>  <file name>`), which the GitHub Action and `sha256sum -c` check.
#
#   scripts/release/package.sh <binary> <tag> <target> <out-dir>
#
# The man pages are written by the binary itself (`crdlint manpage --dir`), so the binary must run on
# the packaging machine: every release job builds for its own runner.
set -euo pipefail

binary=${1:?usage: package.sh <binary> <tag> <target> <out-dir>}
tag=${2:?} target=${3:?} out=${4:?}
root="$(cd "$(dirname "$0")/../.." && pwd)"
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

name="crdlint-$tag-$target"
stage="$out/$name"
rm -rf "$stage"
mkdir -p "$stage/completions"
cp "$binary" "$stage/"
cp "$root/README.md" "$stage/"
cp "$root"/completions/* "$stage/completions/"
"$binary" manpage --dir "$stage/man"

cd "$out"
case "$target" in
  *windows*) asset="$name.zip"; rm -f "$asset"; 7z a "$asset" "$name" >/dev/null ;;
  *) asset="$name.tar.gz"; tar czf "$asset" "$name" ;;
esac
rm -rf "$name"
if command -v sha256sum >/dev/null; then
  sha256sum "$asset" >"$asset.sha256"
else
  shasum -a 256 "$asset" >"$asset.sha256"
fi
echo "$out/$asset"
