#!/usr/bin/env bash
# Tests of the GitHub Action's steps (action.yml -> scripts/action/*.sh), run as the runner
# would run them, with the download stubbed: a release directory made by
# scripts/release/package.sh from <binary>, served through a file:// URL (curl is real).
#
#   scripts/action/test.sh <linux-x86_64-binary>
set -euo pipefail

binary="$(cd "$(dirname "${1:?usage: test.sh <binary>}")" && pwd)/$(basename "$1")"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
fail() { echo "action test: FAIL: $*" >&2; exit 1; }
ok() { echo "action test: ok: $*"; }
command -v curl >/dev/null || { echo "action test: SKIP: curl is not installed"; exit 0; }

version=$(sed -n '/^\[package\]/,/^\[/s/^version = "\(.*\)"/\1/p' "$root/Cargo.toml")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
target=x86_64-unknown-linux-gnu
releases="$scratch/releases"
mkdir -p "$releases/download/v$version"
"$root/scripts/release/package.sh" "$binary" "v$version" "$target" "$releases/download/v$version" >/dev/null
asset="crdlint-v$version-$target.tar.gz"
[ -f "$releases/download/v$version/$asset.sha256" ] || fail "package.sh made no $asset.sha256"
contents=$(tar tzf "$releases/download/v$version/$asset")
for file in crdlint README.md man/crdlint.1 man/crdlint-check.1 completions/crdlint.bash completions/_crdlint; do
  grep -qx "crdlint-v$version-$target/$file" <<<"$contents" || fail "no $file in $asset"
done

# A fresh runner environment for each case.
runner() {
  rm -rf "$scratch/runner"
  mkdir -p "$scratch/runner/tool-cache" "$scratch/runner/temp"
  : >"$scratch/runner/output"; : >"$scratch/runner/path"; : >"$scratch/runner/summary"
  export RUNNER_OS=Linux RUNNER_ARCH=X64 RUNNER_TOOL_CACHE="$scratch/runner/tool-cache" RUNNER_TEMP="$scratch/runner/temp"
  export GITHUB_OUTPUT="$scratch/runner/output" GITHUB_PATH="$scratch/runner/path" GITHUB_STEP_SUMMARY="$scratch/runner/summary"
  export CRDLINT_REPO=example/crdlint CRDLINT_RELEASES_URL="file://$releases" GITHUB_ACTION_REF=""
  unset CRDLINT_VERSION CRDLINT_SARIF CRDLINT_ARGS CRDLINT_PATHS CRDLINT_COMMAND
}
output() { sed -n "s/^$1=//p" "$GITHUB_OUTPUT" | tail -n 1; }
resolve() { CRDLINT_VERSION=$1 "$here/resolve.sh"; }
install() {
  CRDLINT_VERSION=$(output version) CRDLINT_TAG=$(output tag) CRDLINT_TARGET=$(output target) \
    CRDLINT_ASSET=$(output asset) CRDLINT_DIR=$(output dir) "$here/install.sh"
}

# --- resolve: runner -> target, version input or the action's tag.
runner
for case in Linux/X64=x86_64-unknown-linux-gnu Linux/ARM64=aarch64-unknown-linux-gnu \
  macOS/X64=x86_64-apple-darwin macOS/ARM64=aarch64-apple-darwin Windows/X64=x86_64-pc-windows-msvc; do
  : >"$GITHUB_OUTPUT"
  RUNNER_OS=${case%%/*} RUNNER_ARCH=${case#*/}; RUNNER_ARCH=${RUNNER_ARCH%=*}
  resolve 1.2.3 >/dev/null
  [ "$(output target)" = "${case#*=}" ] || fail "$case resolved to $(output target)"
done
[ "$(output asset)" = "crdlint-v1.2.3-x86_64-pc-windows-msvc.zip" ] || fail "Windows asset: $(output asset)"
ok "runner OS/arch to release target"
runner
status=0; RUNNER_OS=FreeBSD resolve 1.2.3 >"$scratch/log" || status=$?
[ "$status" = 2 ] && grep -q '::error' "$scratch/log" || fail "an unsupported runner did not fail with an error annotation"
status=0; resolve '1.2; rm -rf /' >"$scratch/log" || status=$?
[ "$status" = 2 ] || fail "a malformed version was accepted"
runner; GITHUB_ACTION_REF=v$version resolve "" >/dev/null
[ "$(output version)" = "$version" ] && [ "$(output tag)" = "v$version" ] || fail "the action's tag did not pick the version"
runner; resolve "v$version" >/dev/null
[ "$(output version)" = "$version" ] || fail "a v-prefixed version input was not accepted"
ok "version from the input or the action's tag; bad runners and versions refused"

# --- install: download, SHA-256, extract, PATH; then the cached copy without any download.
runner; resolve "$version" >/dev/null; install >"$scratch/log"
dir=$(output dir)
[ "$(cat "$GITHUB_PATH")" = "$dir" ] || fail "GITHUB_PATH holds '$(cat "$GITHUB_PATH")', not $dir"
[ "$("$dir/crdlint" --version)" = "crdlint $version" ] || fail "the installed binary does not run"
grep -q 'SHA-256 verified' "$scratch/log" || fail "install did not report the checksum"
CRDLINT_RELEASES_URL="file://$scratch/nowhere" install >"$scratch/log" || fail "a cached binary was downloaded again"
grep -q cached "$scratch/log" || fail "the cached binary was not used"
ok "install verifies, extracts, adds to PATH; a cache hit downloads nothing"

runner; resolve "$version" >/dev/null
cp -r "$releases" "$scratch/tampered"
echo "not crdlint" >>"$scratch/tampered/download/v$version/$asset"
status=0; CRDLINT_RELEASES_URL="file://$scratch/tampered" install >"$scratch/log" 2>&1 || status=$?
[ "$status" = 2 ] && grep -q 'SHA-256 mismatch' "$scratch/log" || { cat "$scratch/log"; fail "a tampered archive was not refused"; }
[ ! -e "$(output dir)/crdlint" ] || fail "a tampered archive was installed"
[ ! -s "$GITHUB_PATH" ] || fail "a refused install still changed PATH"
status=0; CRDLINT_RELEASES_URL="file://$scratch/nowhere" install >"$scratch/log" 2>&1 || status=$?
[ "$status" = 2 ] && grep -q 'cannot download' "$scratch/log" || fail "a missing release did not fail"
ok "a checksum mismatch or a missing release is refused"

# --- run: annotations, SARIF, summary, exit status.
runner; resolve "$version" >/dev/null; install >/dev/null
mkdir -p "$scratch/bin" && cp "$(output dir)/crdlint" "$scratch/bin/" # survives runner()
export PATH="$scratch/bin:$PATH"
project="$scratch/project"
mkdir -p "$project/bad" "$project/good" "$project/empty"
cp "$root"/testdata/examples/crds/*.yaml "$project/bad/"
cp "$root/testdata/examples/crds/backup-schedule.yaml" "$root/testdata/examples/resources/nightly.yaml" "$project/good/"
run() { (cd "$project" && "$here/run.sh"); }

status=0; CRDLINT_PATHS=bad run >"$scratch/log" || status=$?
[ "$status" = 1 ] || fail "findings: exit status $status, expected 1"
grep -q '^::error file=bad/cache-policy.yaml,line=' "$scratch/log" || fail "findings: no error annotation"
[ "$(output errors)" -gt 0 ] && [ "$(output warnings)" -ge 0 ] || fail "findings: counts $(output errors)/$(output warnings)"
[ -z "$(output sarif-file)" ] && [ ! -e "$RUNNER_TEMP/crdlint.sarif" ] || fail "a SARIF file without sarif: true"
grep -q '### crdlint failed: errors found' "$GITHUB_STEP_SUMMARY" || fail "findings: no job summary"
grep -q "| $(output errors) | $(output warnings) |" "$GITHUB_STEP_SUMMARY" || fail "findings: the summary lacks the counts"
ok "findings: annotations, exit 1, counts in the outputs and the job summary"

sarif_results() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["version"], len(d["runs"][0]["results"]))' "$1"; }
runner
status=0; CRDLINT_PATHS=bad CRDLINT_SARIF=true run >"$scratch/log" || status=$?
sarif=$(output sarif-file)
[ "$status" = 1 ] && [ -s "$sarif" ] || fail "findings with sarif: status $status, file '$sarif'"
read -r sarif_version results <<<"$(sarif_results "$sarif")"
[ "$sarif_version" = 2.1.0 ] && [ "$results" -gt 0 ] || fail "findings with sarif: SARIF $sarif_version with $results results"
ok "sarif: true writes a SARIF file with the findings"

runner
CRDLINT_PATHS="good" CRDLINT_SARIF=true run >"$scratch/log" || fail "a clean run failed: $(cat "$scratch/log")"
read -r sarif_version results <<<"$(sarif_results "$(output sarif-file)")"
[ "$sarif_version" = 2.1.0 ] && [ "$results" = 0 ] || fail "clean run: SARIF $sarif_version with $results results"
[ "$(output errors)" = 0 ] && grep -q '### crdlint passed' "$GITHUB_STEP_SUMMARY" || fail "clean run: summary/counts wrong"
ok "a clean run writes an empty SARIF file and exits 0"

runner
status=0; CRDLINT_ARGS="--no-such-flag" CRDLINT_SARIF=true run >"$scratch/log" 2>&1 || status=$?
[ "$status" = 2 ] || fail "a usage error: exit status $status, expected 2"
read -r sarif_version results <<<"$(sarif_results "$(output sarif-file)")"
[ "$sarif_version" = 2.1.0 ] && [ "$results" = 0 ] || fail "a usage error left no valid SARIF file"
grep -q 'usage or I/O error (exit status 2)' "$GITHUB_STEP_SUMMARY" || fail "a usage error: summary wrong"
ok "a usage error exits 2 and still leaves a valid SARIF file"

runner
status=0; CRDLINT_ARGS="--crd good" CRDLINT_PATHS="good/nightly.yaml good/*.yaml" run >"$scratch/log" 2>&1 || status=$?
[ "$status" = 2 ] && grep -q 'good/\*.yaml' "$scratch/log" || fail "paths were glob-expanded or split wrongly (status $status)"
ok "args and paths split on whitespace, never glob-expanded"
echo "action test: OK"
