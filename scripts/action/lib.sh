# Shared by the GitHub Action's steps (scripts/action/*.sh); sourced, not run.

die() {
  echo "::error title=crdlint action::$*"
  exit 2
}

# The release target built for a runner (RUNNER_OS, RUNNER_ARCH): .github/workflows/ci.yml's
# release matrix. Linux binaries are static, so they run on any distribution.
runner_target() {
  case "$1/$2" in
    Linux/X64) echo x86_64-unknown-linux-gnu ;;
    Linux/ARM64) echo aarch64-unknown-linux-gnu ;;
    macOS/X64) echo x86_64-apple-darwin ;;
    macOS/ARM64) echo aarch64-apple-darwin ;;
    Windows/X64) echo x86_64-pc-windows-msvc ;;
    *) return 1 ;;
  esac
}

# The asset scripts/release/package.sh makes for a tag and target.
asset_name() {
  case "$2" in
    *windows*) echo "crdlint-$1-$2.zip" ;;
    *) echo "crdlint-$1-$2.tar.gz" ;;
  esac
}

releases_url() {
  echo "${CRDLINT_RELEASES_URL:-https://github.com/${CRDLINT_REPO:?}/releases}"
}

sha256_check() { # in the current directory: verify <file>.sha256
  if command -v sha256sum >/dev/null; then sha256sum --check --quiet "$1"; else shasum -a 256 --check --quiet "$1"; fi
}
