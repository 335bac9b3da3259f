#!/usr/bin/env bash
# `npm test`: every test in the repo. Unit/integration tests (vitest projects), then the browser tests against the
# real local stack; then one closing line `N passed, N failed` counted from vitest's JSON reports.
# WYRD_TEST_PARALLEL=1 runs the browser tests alongside the unit tests (their output held in a log and printed after
# the unit tests'): faster on a machine with cores to spare, but on 2 cores the profile e2e's reload check timed out
# under that load, so one after the other is the default. The unit run shares one throwaway PostgreSQL across
# its files (WYRD_TEST_SHARED_POSTGRES, tests/server/global-postgres.ts).
# With --checks (`npm run check`, CI) the type check, lint (zero warnings), the import-cycle check and Prettier's
# format check run first and count as one check each.
set -uo pipefail

WITH_CHECKS=0
if [ "${1:-}" = "--checks" ]; then WITH_CHECKS=1; fi

cd "$(dirname "$0")/.."
RESULTS_DIR="test-results"
mkdir -p "$RESULTS_DIR"
UNIT_JSON="$RESULTS_DIR/unit.json"
E2E_JSON="$RESULTS_DIR/e2e.json"
E2E_LOG="$RESULTS_DIR/e2e-output.log"
E2E_CODE_FILE="$RESULTS_DIR/e2e-exit-code"
PG_SKIPPED="$RESULTS_DIR/postgres-skipped.txt"
rm -f "$UNIT_JSON" "$E2E_JSON" "$E2E_LOG" "$E2E_CODE_FILE" "$PG_SKIPPED"

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
  static_check cycles
  static_check format:check
fi

CHROMIUM="${CHROME_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Chromium is missing at $CHROMIUM: installing Debian's chromium (apt-get install -y chromium)..."
    if ! (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium); then
      echo "Could not install chromium. Run: sudo apt-get update && sudo apt-get install -y chromium"
      echo "$CHECKS_PASSED passed, $((CHECKS_FAILED + 1)) failed"
      exit 1
    fi
  else
    echo "The browser tests need Debian's chromium at $CHROMIUM. Install it with:"
    echo "  sudo apt-get update && sudo apt-get install -y chromium"
    echo "$CHECKS_PASSED passed, $((CHECKS_FAILED + 1)) failed"
    exit 1
  fi
fi

# Counts from a vitest JSON report. A file that failed without a failed test (failing hook, import error) counts
# as one failure, and so does a run that exited non-zero with nothing failed (crash, failed global setup).
count() {
  node -e '
    const fs = require("fs");
    const [file, code] = [process.argv[1], Number(process.argv[2])];
    let passed = 0, failed = 0, skipped = 0;
    try {
      const report = JSON.parse(fs.readFileSync(file, "utf8"));
      passed = report.numPassedTests || 0;
      failed = report.numFailedTests || 0;
      skipped = (report.numPendingTests || 0) + (report.numTodoTests || 0);
      // A file that failed outside any test (import error, failing beforeAll) counts once.
      for (const file of report.testResults || []) {
        const failedTests = (file.assertionResults || []).filter((t) => t.status === "failed").length;
        if (file.status === "failed" && failedTests === 0) failed += 1;
      }
      if (code !== 0 && failed === 0) failed = 1;
    } catch {
      if (code !== 0) failed = 1;
    }
    console.log(passed + " " + failed + " " + skipped);
  ' "$1" "$2"
}

# The browser tests; their exit code goes to a file (none there afterwards: they crashed, counted as failed).
run_e2e() {
  npx vitest run --config tests/e2e/vitest.e2e.config.ts --reporter=default --reporter=json \
    --outputFile.json="$E2E_JSON"
  echo $? >"$E2E_CODE_FILE"
}

E2E_PID=""
if [ "${WYRD_TEST_PARALLEL:-}" = 1 ]; then
  echo "== Browser tests started alongside (output below, after the unit tests') =="
  run_e2e >"$E2E_LOG" 2>&1 &
  E2E_PID=$!
fi

echo "== Unit and integration tests (vitest) =="
WYRD_TEST_SHARED_POSTGRES=1 npx vitest run --reporter=default --reporter=json --outputFile.json="$UNIT_JSON"
UNIT_CODE=$?
read -r UNIT_PASSED UNIT_FAILED UNIT_SKIPPED <<<"$(count "$UNIT_JSON" "$UNIT_CODE")"

echo
echo "== Browser tests (playwright-core + Chromium against the local stack) =="
if [ -n "$E2E_PID" ]; then
  wait "$E2E_PID"
  cat "$E2E_LOG"
else
  run_e2e
fi
E2E_CODE="$(cat "$E2E_CODE_FILE" 2>/dev/null || echo 1)"
read -r E2E_PASSED E2E_FAILED E2E_SKIPPED <<<"$(count "$E2E_JSON" "$E2E_CODE")"

PASSED=$((CHECKS_PASSED + UNIT_PASSED + E2E_PASSED))
FAILED=$((CHECKS_FAILED + UNIT_FAILED + E2E_FAILED))
echo
if [ "$WITH_CHECKS" = 1 ]; then echo "static checks: ${CHECKS_SUMMARY%; }"; fi
echo "unit/integration: $UNIT_PASSED passed, $UNIT_FAILED failed; browser: $E2E_PASSED passed, $E2E_FAILED failed"
SKIPPED=$((UNIT_SKIPPED + E2E_SKIPPED))
if [ -f "$PG_SKIPPED" ]; then
  echo "PostgreSQL is not installed, so the server tests' PostgreSQL cases were skipped. Install it with: $(cat "$PG_SKIPPED")"
fi
if [ "$SKIPPED" -gt 0 ]; then
  echo "$PASSED passed, $FAILED failed, $SKIPPED skipped"
else
  echo "$PASSED passed, $FAILED failed"
fi
if [ "$FAILED" -ne 0 ] || [ "$UNIT_CODE" -ne 0 ] || [ "$E2E_CODE" -ne 0 ]; then
  exit 1
fi
