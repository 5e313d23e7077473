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
#
# Profile-guided optimisation (PGO): the binary is first built instrumented, runs
# scripts/release/pgo-train.sh (the repository's test data), and the release build then uses the
# merged profile (18% fewer instructions on the 10,000-resource benchmark; BENCHMARKS.md,
# session 25). It needs the target to run here (every release job builds for its own runner)
# and an `llvm-profdata` of rustc's LLVM major version: $LLVM_PROFDATA, rustup's `llvm-tools`
# component, `llvm-profdata-<major>` (Debian's llvm-<major>) or `llvm-profdata` on PATH.
# CRDLINT_PGO=auto (the default) builds without it when either is missing, saying so;
# `require` fails instead (the release workflow); `off` skips it.
set -euo pipefail

target=${1:?usage: build.sh <target> <out-dir>}
out=${2:?usage: build.sh <target> <out-dir>}
cd "$(dirname "$0")/../.."

# The compiler flags as a list, handed to cargo as CARGO_ENCODED_RUSTFLAGS (joined with 0x1f):
# RUSTFLAGS is split at spaces, which would break the profile's path in a checkout whose path
# has one. The caller's flags come first, in whichever of the two forms they were given.
rustflags=()
encoded_given=${CARGO_ENCODED_RUSTFLAGS+set}
if [ -n "$encoded_given" ]; then
  # Set, even empty, it is what cargo reads (RUSTFLAGS is then ignored).
  [ -z "$CARGO_ENCODED_RUSTFLAGS" ] || IFS=$'\x1f' read -ra rustflags <<<"$CARGO_ENCODED_RUSTFLAGS"
else
  read -ra rustflags <<<"${RUSTFLAGS:-}"
fi
unset RUSTFLAGS
encoded() { (IFS=$'\x1f'; printf '%s' "$*"); }
case "$target" in
  *-linux-gnu* | *-windows-msvc) rustflags+=(-C target-feature=+crt-static) ;;
esac
exe=crdlint
case "$target" in *windows*) exe=crdlint.exe ;; esac

maturin=${MATURIN:-$(command -v maturin || true)}
mkdir -p "$out"

# The llvm-profdata that reads what this rustc's LLVM writes, or nothing.
find_profdata() {
  local major sysroot host candidate
  major=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
  host=$(rustc -vV | sed -n 's/^host: //p')
  sysroot=$(rustc --print sysroot)
  # On Windows rustc prints a Windows path; Git Bash looks programs up by its own.
  if command -v cygpath >/dev/null 2>&1; then sysroot=$(cygpath -u "$sysroot"); fi
  for candidate in "${LLVM_PROFDATA:-}" "$sysroot/lib/rustlib/$host/bin/llvm-profdata" \
    "llvm-profdata-$major" llvm-profdata; do
    [ -n "$candidate" ] || continue
    command -v "$candidate" >/dev/null 2>&1 || continue
    if "$candidate" --version 2>/dev/null | grep -Eq "LLVM version $major\."; then
      command -v "$candidate"
      return
    fi
  done
}

pgo=${CRDLINT_PGO:-auto}
pgo_skip() { # why the build goes without PGO
  if [ "$pgo" = require ]; then
    echo "build.sh: CRDLINT_PGO=require, but $1" >&2
    exit 1
  fi
  echo "build.sh: building without profile-guided optimisation: $1" >&2
  pgo=off
}
case "$pgo" in
  auto | require | off) ;;
  *) echo "build.sh: CRDLINT_PGO must be auto, require or off, not '$pgo'" >&2; exit 2 ;;
esac
if [ "$pgo" != off ] && [ "$target" != "$(rustc -vV | sed -n 's/^host: //p')" ]; then
  pgo_skip "the target $target does not run on this host"
fi
profdata=""
if [ "$pgo" != off ]; then
  profdata=$(find_profdata)
  [ -n "$profdata" ] || pgo_skip "no llvm-profdata of rustc's LLVM $(rustc -vV | sed -n 's/^LLVM version: //p') (install rustup's llvm-tools component or set LLVM_PROFDATA)"
fi
if [ "$pgo" != off ]; then
  # The instrumented build has a target directory of its own (its flags differ), and the
  # `crdlint_pgo_train` cfg that makes it write its profile before it exits (cli::exit_now).
  pgo_dir="$PWD/target/pgo/$target"
  # rustc on Windows reads Windows paths, not Git Bash's.
  if command -v cygpath >/dev/null 2>&1; then pgo_dir=$(cygpath -m "$pgo_dir"); fi
  rm -rf "$pgo_dir/raw"
  mkdir -p "$pgo_dir/raw"
  echo "build.sh: PGO: instrumented build" >&2
  CARGO_ENCODED_RUSTFLAGS=$(encoded ${rustflags[@]+"${rustflags[@]}"} "-Cprofile-generate=$pgo_dir/raw" --cfg crdlint_pgo_train) \
    cargo build --release --locked --target "$target" --target-dir target/pgo/build
  LLVM_PROFILE_FILE="$pgo_dir/raw/crdlint-%p.profraw" \
    bash scripts/release/pgo-train.sh "target/pgo/build/$target/release/$exe" >&2
  # A training that wrote nothing would give a build that is silently not optimised.
  # (`-print -quit`, not a pipe into `grep -q`: under pipefail that pipe fails when grep stops
  # reading early.)
  if [ -z "$(find "$pgo_dir/raw" -name '*.profraw' -size +0 -print -quit)" ]; then
    echo "build.sh: PGO: the training runs wrote no profile" >&2
    exit 1
  fi
  "$profdata" merge -o "$pgo_dir/crdlint.profdata" "$pgo_dir/raw"
  echo "build.sh: PGO: profile $pgo_dir/crdlint.profdata" >&2
  rustflags+=("-Cprofile-use=$pgo_dir/crdlint.profdata")
fi
# Set only when there are flags or the caller set it: set, even empty, it hides the cargo
# configs' `rustflags`.
if [ -n "${rustflags[*]+set}" ]; then
  CARGO_ENCODED_RUSTFLAGS=$(encoded "${rustflags[@]}")
  export CARGO_ENCODED_RUSTFLAGS
elif [ -z "$encoded_given" ]; then
  unset CARGO_ENCODED_RUSTFLAGS
fi

if [ -n "$maturin" ]; then
  # --target keeps these flags off build scripts and proc macros (crt-static cannot build those).
  "$maturin" build --release --locked --target "$target" --out "$out/wheels"
else
  echo "build.sh: maturin not found: building the binary only, no wheel" >&2
  cargo build --release --locked --target "$target"
fi
# From the target directory cargo and maturin built in: `CARGO_TARGET_DIR` when set (a copy
# from `target/` then shipped whatever binary an earlier build had left there).
cp "${CARGO_TARGET_DIR:-target}/$target/release/$exe" "$out/$exe"
