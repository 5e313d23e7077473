#!/usr/bin/env bash
# Builds the extension's .vsix (CI: .ci/run). Needs npm and the npm registry; says so and
# stops (status 0) when npm is missing, so that CI without node skips it visibly.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v npm >/dev/null 2>&1; then
  echo "vscode extension: npm not found; not packaged"
  exit 0
fi
npm install --no-audit --no-fund --silent
node --check extension.js
npx --no-install vsce package --out crdlint.vsix
listing=$(python3 -m zipfile -l crdlint.vsix)
for want in extension/extension.js extension/package.json extension/node_modules/vscode-languageclient/; do
  grep -qF "$want" <<<"$listing" || { echo "vscode extension: $want missing from crdlint.vsix"; exit 1; }
done
echo "vscode extension: packaged $(du -h crdlint.vsix | cut -f1) crdlint.vsix"
