#!/usr/bin/env bash
# GitHub Action step 3: run crdlint in the working directory (the step's working-directory).
#  - annotations: `--format github` on standard output, always;
#  - with CRDLINT_SARIF=true, a SARIF file too, written even when there are no findings or
#    crdlint fails, so that github/codeql-action/upload-sarif never fails on a clean run;
#  - a job summary with the counts ($GITHUB_STEP_SUMMARY).
# The step exits with crdlint's status: 0 clean, 1 errors found, 2 usage or I/O failure.
# In:  CRDLINT_COMMAND (default check), CRDLINT_ARGS, CRDLINT_PATHS (both split on whitespace,
#      no globbing), CRDLINT_SARIF, CRDLINT_SARIF_FILE (default $RUNNER_TEMP/crdlint.sarif),
#      GITHUB_OUTPUT, GITHUB_STEP_SUMMARY.
# Out: exit-code, errors, warnings, sarif-file in $GITHUB_OUTPUT.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

set -f # split the inputs on whitespace, but never expand globs: crdlint walks directories itself
# shellcheck disable=SC2206
args=(${CRDLINT_ARGS:-})
# shellcheck disable=SC2206
paths=(${CRDLINT_PATHS:-.})
set +f
command=${CRDLINT_COMMAND:-check}
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# 1. Annotations (and the full log) on standard output.
status=0
crdlint "$command" --format github "${args[@]}" "${paths[@]}" | tee "$log" || status=${PIPESTATUS[0]}

# 2. SARIF, when asked for: a second run in that format (each run reads the files afresh).
sarif_file=""
if [ "${CRDLINT_SARIF:-false}" = true ]; then
  sarif_file=${CRDLINT_SARIF_FILE:-${RUNNER_TEMP:-/tmp}/crdlint.sarif}
  mkdir -p "$(dirname "$sarif_file")"
  crdlint "$command" --format sarif "${args[@]}" "${paths[@]}" >"$sarif_file" 2>/dev/null || true
  if [ "$(head -c 1 "$sarif_file")" != "{" ]; then
    # crdlint printed no report (a usage error): an empty but valid run, so the upload works
    # and the failure shows in the step's status and log instead.
    cat >"$sarif_file" <<'SARIF'
{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"tool":{"driver":{"name":"crdlint","rules":[]}},"results":[]}]}
SARIF
  fi
  echo "SARIF: $sarif_file"
fi

# 3. Counts: crdlint's own summary line ("crdlint: 3 errors, 1 warning in 5 files (...)").
summary=$(grep -E '^crdlint: [0-9]+ errors?, [0-9]+ warnings?' "$log" | tail -n 1 || true)
errors=$(sed -nE 's/^crdlint: ([0-9]+) errors?.*/\1/p' <<<"$summary")
warnings=$(sed -nE 's/^crdlint: [0-9]+ errors?, ([0-9]+) warnings?.*/\1/p' <<<"$summary")
if [ -z "$summary" ]; then # no summary line: count the annotations
  errors=$(grep -c '^::error ' "$log" || true)
  warnings=$(grep -c '^::warning ' "$log" || true)
fi
case $status in
  0) verdict="passed" ;;
  1) verdict="failed: errors found" ;;
  *) verdict="failed: usage or I/O error (exit status $status)" ;;
esac
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  {
    echo "### crdlint $verdict"
    echo
    echo "| errors | warnings |"
    echo "| ---: | ---: |"
    echo "| $errors | $warnings |"
    echo
    if [ -n "$summary" ]; then echo "${summary#crdlint: }"; fi
    if [ -n "$sarif_file" ]; then echo "SARIF report: \`$sarif_file\`"; fi
  } >>"$GITHUB_STEP_SUMMARY"
fi
{
  echo "exit-code=$status"
  echo "errors=$errors"
  echo "warnings=$warnings"
  echo "sarif-file=$sarif_file"
} >>"${GITHUB_OUTPUT:?}"
exit "$status"
