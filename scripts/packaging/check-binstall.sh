#!/usr/bin/env bash
# Check that Cargo.toml's [package.metadata.binstall] templates name the assets the release job
# makes (scripts/action/lib.sh: asset_name, the same names the GitHub Action downloads) and the
# binary's place inside them (scripts/release/package.sh), for every release target.
#
#   scripts/packaging/check-binstall.sh [python]    (python 3.11+: tomllib)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
python=${1:-python3}
source "$root/scripts/action/lib.sh"

if ! "$python" -c 'import tomllib' 2>/dev/null; then
  echo "check-binstall: SKIP: $python has no tomllib (Python 3.11+ needed)"
  exit 0
fi
targets=$(sed -nE 's/.*target: ([a-z0-9_-]+), exe:.*/\1/p' "$root/.github/workflows/ci.yml" | sort -u)
[ -n "$targets" ] || { echo "check-binstall: FAIL: no release targets in ci.yml" >&2; exit 1; }
for target in $targets; do
  rendered=$("$python" - "$root/Cargo.toml" "$target" <<'PY'
import sys, tomllib
cargo = tomllib.load(open(sys.argv[1], "rb"))
target = sys.argv[2]
meta = dict(cargo["package"]["metadata"]["binstall"])
meta.update(meta.pop("overrides", {}).get(target, {}))
values = {"repo": "REPO", "version": cargo["package"]["version"], "name": cargo["package"]["name"],
          "target": target, "bin": "crdlint", "binary-ext": ".exe" if "windows" in target else ""}
def render(template):
    for key, value in values.items():
        template = template.replace("{ " + key + " }", value)
    assert "{" not in template, template
    return template
print(render(meta["pkg-url"]), render(meta["bin-dir"]), meta["pkg-fmt"])
PY
)
  read -r url bin_dir fmt <<<"$rendered"
  version=$(sed -n '/^\[package\]/,/^\[/s/^version = "\(.*\)"/\1/p' "$root/Cargo.toml")
  asset=$(asset_name "v$version" "$target")
  exe=crdlint; case "$target" in *windows*) exe=crdlint.exe ;; esac
  want_fmt=tgz; case "$asset" in *.zip) want_fmt=zip ;; esac
  [ "$url" = "REPO/releases/download/v$version/$asset" ] || { echo "check-binstall: FAIL: $target: pkg-url $url, asset $asset" >&2; exit 1; }
  [ "$bin_dir" = "crdlint-v$version-$target/$exe" ] || { echo "check-binstall: FAIL: $target: bin-dir $bin_dir" >&2; exit 1; }
  [ "$fmt" = "$want_fmt" ] || { echo "check-binstall: FAIL: $target: pkg-fmt $fmt for $asset" >&2; exit 1; }
done
echo "check-binstall: OK: binstall metadata names the release assets of $(echo $targets | wc -w) targets"
