#!/usr/bin/env bash
# Prove a Linux release binary is static: `ldd` finds no dynamic dependencies, mimalloc (the
# only C code) is linked in, and the binary works in an empty root holding nothing but itself
# and one manifest: no libc, no loader, no /etc, no /proc. This is what the FROM-scratch
# container image (Dockerfile) runs, so it also stands in for building that image where no
# Docker daemon is available.
#
#   scripts/packaging/check-static.sh <binary>
set -euo pipefail

binary=${1:?usage: check-static.sh <binary>}
root="$(cd "$(dirname "$0")/../.." && pwd)"
fail() { echo "check-static: FAIL: $*" >&2; exit 1; }

# 1. ldd. glibc's ldd says "not a dynamic executable" (exit 1); musl's says "statically linked".
ldd_out=$(ldd "$binary" 2>&1 || true)
case "$ldd_out" in
  *"not a dynamic executable"* | *"statically linked"*) echo "check-static: ldd: $ldd_out" ;;
  *) fail "ldd lists dynamic dependencies:"$'\n'"$ldd_out" ;;
esac
# No PT_INTERP / NEEDED entries either (readelf is in binutils, present wherever cc is).
if command -v readelf >/dev/null; then
  if readelf -l "$binary" | grep 'Requesting program interpreter' >/dev/null; then fail "has a program interpreter"; fi
  if readelf -d "$binary" 2>/dev/null | grep '(NEEDED)' >/dev/null; then fail "has NEEDED shared libraries"; fi
fi

# 2. mimalloc (the only C code) is compiled in: a build without the feature would pass the
#    checks above and quietly lose the allocator.
if command -v nm >/dev/null; then
  nm "$binary" | grep -E ' T mi_malloc_aligned$' >/dev/null || fail "no mi_malloc_aligned symbol: mimalloc is not linked in"
  echo "check-static: mimalloc linked in statically (mi_malloc_aligned, what its GlobalAlloc calls, defined in the binary)"
else
  grep -aq 'mimalloc' "$binary" || fail "no trace of mimalloc in the binary"
fi

# 3. An empty root laid out as the container image (Dockerfile: FROM scratch, the binary at its
#    COPY destination, WORKDIR): nothing else in it.
dest=$(sed -nE 's/^COPY +[^ ]+ +([^ ]+)$/\1/p' "$root/Dockerfile")
workdir=$(sed -nE 's/^WORKDIR +([^ ]+)$/\1/p' "$root/Dockerfile")
[ -n "$dest" ] && [ -n "$workdir" ] || fail "cannot read the COPY destination and WORKDIR of the Dockerfile"
grep -q '^FROM scratch$' "$root/Dockerfile" || fail "the Dockerfile does not start FROM scratch"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
image="$scratch/root"
mkdir -p "$image$(dirname "$dest")" "$image$workdir/crds"
cp "$binary" "$image$dest"
cp "$root/testdata/examples/crds/"*.yaml "$image$workdir/crds/"
in_image() { # args...: run in the empty root, in WORKDIR, as the image's ENTRYPOINT would
  if [ "$(id -u)" = 0 ]; then
    unshare --root="$image" --wd="$workdir" "$dest" "$@"
  elif unshare -r true 2>/dev/null; then
    unshare -r --root="$image" --wd="$workdir" "$dest" "$@"
  else
    return 125
  fi
}
status=0
version=$(in_image --version) || status=$?
if [ "$status" = 125 ]; then
  echo "check-static: SKIP empty-root run: not root and user namespaces are unavailable (unshare -r)"
  exit 0
fi
[ "$status" = 0 ] || fail "crdlint --version in an empty root exited $status"
echo "check-static: empty root: $version"
files=$(cd "$image" && find . -type f | sort | tr '\n' ' ')
[ "$files" = "./${dest#/} ./${workdir#/}/crds/backup-schedule.yaml ./${workdir#/}/crds/cache-policy.yaml " ] ||
  fail "the empty root holds more than expected: $files"

# A real check in the empty root, as `docker run --rm -v "$PWD:/work" image check crds` would
# run: the bundled example CRDs contain deliberate errors (exit 1 with findings); a missing path
# is an I/O failure (exit 2).
status=0
out=$(in_image check --format json crds) || status=$?
[ "$status" = 1 ] || fail "check of the example CRDs in an empty root exited $status (expected 1)"
case "$out" in *'"rule":"crd/'*) ;; *) fail "no findings printed in the empty root: $out" ;; esac
status=0
in_image check /no/such/path >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "a missing path in an empty root exited $status (expected 2)"
echo "check-static: OK: $binary is static and runs alone in an empty root"
