#!/usr/bin/env bash
# GitHub Action step 2: put the release binary in CRDLINT_DIR and on PATH, verifying the
# archive against the release's SHA-256 file. When the directory already holds the right
# version (restored by actions/cache) nothing is downloaded.
# In:  CRDLINT_VERSION, CRDLINT_TAG, CRDLINT_TARGET, CRDLINT_ASSET, CRDLINT_DIR (resolve.sh's
#      outputs), CRDLINT_REPO or CRDLINT_RELEASES_URL, GITHUB_PATH.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

version=${CRDLINT_VERSION:?} tag=${CRDLINT_TAG:?} asset=${CRDLINT_ASSET:?} dir=${CRDLINT_DIR:?}
exe=crdlint
case "${CRDLINT_TARGET:?}" in *windows*) exe=crdlint.exe ;; esac

installed_version() { "$dir/$exe" --version 2>/dev/null || true; }

if [ "$(installed_version)" = "crdlint $version" ]; then
  echo "crdlint $version: cached in $dir"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  base="$(releases_url)/download/$tag"
  for file in "$asset" "$asset.sha256"; do
    curl -fsSL --retry 3 -o "$work/$file" "$base/$file" || die "cannot download $base/$file"
  done
  # The .sha256 file must name exactly this asset, so that --check cannot pass on another file.
  read -r _ named <"$work/$asset.sha256" || true
  [ "${named#\*}" = "$asset" ] || die "$asset.sha256 names '$named', not $asset"
  (cd "$work" && sha256_check "$asset.sha256") || die "SHA-256 mismatch for $asset: refusing to install it"
  case "$asset" in
    *.zip) (cd "$work" && { unzip -q "$asset" || 7z x -y "$asset" >/dev/null; }) ;;
    *) tar xzf "$work/$asset" -C "$work" ;;
  esac
  unpacked="$work/${asset%.tar.gz}"
  unpacked="${unpacked%.zip}/$exe"
  [ -f "$unpacked" ] || die "$asset has no $exe"
  mkdir -p "$dir"
  mv "$unpacked" "$dir/$exe"
  chmod +x "$dir/$exe"
  [ "$(installed_version)" = "crdlint $version" ] || die "the installed binary is not crdlint $version: $(installed_version)"
  echo "crdlint $version: installed in $dir (SHA-256 verified)"
fi
echo "$dir" >>"${GITHUB_PATH:?}"
