#!/usr/bin/env bash
# `npm test`: every test in the repo. Unit/integration tests (vitest projects), then the browser tests against
# the real local stack, then one closing line `N passed, N failed` counted from vitest's JSON reports.
# With --checks (`npm run check`, CI) the type check and lint (zero warnings) run first and count as one check each.
set -uo pipefail

WITH_CHECKS=0
if [ "${1:-}" = "--checks" ]; then WITH_CHECKS=1; fi

cd "$(dirname "$0")/.."
RESULTS_DIR="test-results"
mkdir -p "$RESULTS_DIR"
UNIT_JSON="$RESULTS_DIR/unit.json"
E2E_JSON="$RESULTS_DIR/e2e.json"
rm -f "$UNIT_JSON" "$E2E_JSON"

CHECKS_PASSED=0
CHECKS_FAILED=0
CHECKS_SUMMARY=""
# One static check: runs an npm script, counts it as one passed or failed check.
static_check() {
  local name="$1"
  echo "== $name (npm run $name) =="
  if npm run --silent "$name"; then
    CHECKS_PASSED=$((CHECKS_PASSED + 1))
    CHECKS_SUMMARY="$CHECKS_SUMMARY$name: passed; "
  else
    CHECKS_FAILED=$((CHECKS_FAILED + 1))
    CHECKS_SUMMARY="$CHECKS_SUMMARY$name: FAILED; "
  fi
  echo
}
if [ "$WITH_CHECKS" = 1 ]; then
  static_check typecheck
  static_check lint
fi

echo "static checks: ${CHECKS_SUMMARY%; }"; echo "$CHECKS_PASSED passed, $CHECKS_FAILED failed"
