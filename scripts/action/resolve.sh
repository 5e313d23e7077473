#!/usr/bin/env bash
# GitHub Action step 1: which release, which asset, where to keep it.
# In:  CRDLINT_VERSION (input: "", "latest", "0.2.0" or "v0.2.0"), GITHUB_ACTION_REF (the ref the
#      action was used at: `uses: owner/crdlint@v0.2.0` pins the binary to 0.2.0 too),
#      CRDLINT_REPO (owner/name of the action), RUNNER_OS, RUNNER_ARCH, RUNNER_TOOL_CACHE,
#      CRDLINT_RELEASES_URL (optional; default https://github.com/<repo>/releases).
# Out: version, tag, target, asset, dir (install directory) in $GITHUB_OUTPUT.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

target=$(runner_target "${RUNNER_OS:?}" "${RUNNER_ARCH:?}") || die "no crdlint release for runner $RUNNER_OS/$RUNNER_ARCH"

version=${CRDLINT_VERSION:-}
if [ -z "$version" ] && [[ "${GITHUB_ACTION_REF:-}" =~ ^v[0-9]+\.[0-9]+\.[0-9]+ ]]; then
  version=$GITHUB_ACTION_REF
fi
if [ -z "$version" ] || [ "$version" = latest ]; then
  # /releases/latest redirects to /releases/tag/vX.Y.Z: the effective URL names the tag.
  url=$(curl -fsSL -o /dev/null -w '%{url_effective}' "$(releases_url)/latest") || die "cannot resolve the latest crdlint release"
  version=${url##*/}
fi
version=${version#v}
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] || die "not a crdlint version: '$version'"

tag="v$version"
asset=$(asset_name "$tag" "$target")
dir="${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-/tmp}}/crdlint/$version/$target"
{
  echo "version=$version"
  echo "tag=$tag"
  echo "target=$target"
  echo "asset=$asset"
  echo "dir=$dir"
} >>"${GITHUB_OUTPUT:?}"
echo "crdlint $version for $target ($asset)"
