#!/usr/bin/env bash
# `npm test`: every test in the repo, ending with one line `N passed, N failed` counted from vitest's JSON reports.
# The browser tests (their own build and real local stack) start first and run alongside the unit/integration
# tests; their output is held in a log and printed after the unit tests'. The unit tests run at a lower CPU
# priority (nice) with one worker per core, so they take whatever the browser tests leave idle and never slow a
# browser test's timing checks. On a CPU already busy with other work (under half idle when the run starts) a
# niced unit run would be starved by that work, so the two run one after the other at normal priority instead;
# WYRD_TEST_SERIAL=1 / WYRD_TEST_PARALLEL=1 choose either way. The unit run shares one throwaway PostgreSQL and
# one migrated PGlite template across its files (WYRD_TEST_SHARED_POSTGRES, tests/server/global-postgres.ts).
# With --checks (`npm run check`, CI) the type check, lint (zero warnings), the import-cycle check and Prettier's
# format check run too (alongside: one after another at the unit tests' priority, output printed at the end) and
# count as one check each.
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
UNIT_DONE="$RESULTS_DIR/unit-run-done"
rm -f "$UNIT_JSON" "$E2E_JSON" "$E2E_LOG" "$E2E_CODE_FILE" "$PG_SKIPPED" "$UNIT_DONE"

CHECKS_LOG_DIR="$RESULTS_DIR/checks"
STATIC_CHECKS=(typecheck lint cycles format:check)
rm -rf "$CHECKS_LOG_DIR"
CORES="$(nproc 2>/dev/null || echo 2)"

# Percent of CPU time idle over one second (100 where /proc/stat is missing).
cpu_idle_percent() {
  [ -r /proc/stat ] || {
    echo 100
    return
  }
  local before after
  read -r -a before </proc/stat
  sleep 1
  read -r -a after </proc/stat
  local total=0 idle i
  for i in 1 2 3 4 5 6 7 8; do total=$((total + after[i] - before[i])); done
  idle=$((after[4] - before[4] + after[5] - before[5]))
  if [ "$total" -gt 0 ]; then echo $((100 * idle / total)); else echo 100; fi
}

if [ "${WYRD_TEST_SERIAL:-}" = 1 ]; then
  SERIAL=1
elif [ "${WYRD_TEST_PARALLEL:-}" = 1 ]; then
  SERIAL=0
else
  IDLE="$(cpu_idle_percent)"
  SERIAL=0
  if [ "$IDLE" -lt 50 ]; then
    SERIAL=1
    echo "The CPU is only $IDLE% idle (other work is running): the unit tests and the browser tests run one after"
    echo "the other at normal priority (WYRD_TEST_PARALLEL=1 runs them alongside anyway)."
  fi
fi
if [ "$SERIAL" = 1 ]; then
  # As vitest chooses by itself: one core left free.
  LOW_PRIORITY=()
  WORKERS=$((CORES > 1 ? CORES - 1 : 1))
else
  # Lower priority for the work that has no timing checks of its own (unit tests, static checks).
  LOW_PRIORITY=(nice -n 10)
  WORKERS="$CORES"
fi
CHROMIUM="${CHROME_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Chromium is missing at $CHROMIUM: installing Debian's chromium (apt-get install -y chromium)..."
    if ! (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium); then
      echo "Could not install chromium. Run: sudo apt-get update && sudo apt-get install -y chromium"
      echo "0 passed, 1 failed"
      exit 1
    fi
  else
    echo "The browser tests need Debian's chromium at $CHROMIUM. Install it with:"
    echo "  sudo apt-get update && sudo apt-get install -y chromium"
    echo "0 passed, 1 failed"
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

# The failed tests of a vitest JSON report, one line each (file > test: first line of the message), so that a
# failure is named right above the closing line even where only the end of the output is kept.
list_failures() {
  node -e '
    const fs = require("fs");
    const path = require("path");
    let report = {};
    try {
      report = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
    } catch {}
    for (const file of report.testResults || []) {
      const name = path.relative(process.cwd(), file.name || "");
      const failed = (file.assertionResults || []).filter((t) => t.status === "failed");
      for (const test of failed) {
        const message = String((test.failureMessages || [])[0] || "").split("\n")[0].slice(0, 240);
        console.log("  FAILED " + name + " > " + test.fullName + ": " + message);
      }
      if (file.status === "failed" && failed.length === 0) {
        console.log("  FAILED " + name + ": " + String(file.message || "").split("\n")[0].slice(0, 240));
      }
    }
  ' "$1"
}

# The browser tests; their exit code goes to a file (none there afterwards: they crashed, counted as failed).
run_e2e() {
  npx vitest run --config tests/e2e/vitest.e2e.config.ts --reporter=default --reporter=json \
    --outputFile.json="$E2E_JSON"
  echo $? >"$E2E_CODE_FILE"
}

# Beside the unit run: a second worker that takes browser test files once the unit run is over (tests/e2e/lane-gate.ts),
# so the browser tests' last minutes use both cores instead of one and a half.
run_e2e_beside_unit() {
  WYRD_E2E_WORKERS="${WYRD_E2E_WORKERS:-2}" WYRD_E2E_GATE="$PWD/$UNIT_DONE" run_e2e
}

# The static checks, one after another (tsc and eslint each want a core and plenty of memory); each one's
# output and exit code go to files, read back at the end.
run_checks() {
  mkdir -p "$CHECKS_LOG_DIR"
  local name
  for name in "${STATIC_CHECKS[@]}"; do
    "${LOW_PRIORITY[@]}" npm run --silent "$name" >"$CHECKS_LOG_DIR/$name.log" 2>&1
    echo $? >"$CHECKS_LOG_DIR/$name.code"
  done
}

E2E_PID=""
CHECKS_PID=""
# A Ctrl-C reaches the jobs alongside as well (same process group; node restores SIGINT that bash ignores for
# background jobs), so the browser tests stop their stack as on a Ctrl-C of their own.
if [ "$SERIAL" != 1 ]; then
  echo "== Browser tests started alongside (output below, after the unit tests') =="
  run_e2e_beside_unit >"$E2E_LOG" 2>&1 &
  E2E_PID=$!
  if [ "$WITH_CHECKS" = 1 ]; then
    echo "== Static checks started alongside (${STATIC_CHECKS[*]}; output at the end) =="
    run_checks &
    CHECKS_PID=$!
  fi
elif [ "$WITH_CHECKS" = 1 ]; then
  echo "== Static checks (${STATIC_CHECKS[*]}) =="
  run_checks
fi

echo "== Unit and integration tests (vitest, $WORKERS workers) =="
WYRD_TEST_SHARED_POSTGRES=1 "${LOW_PRIORITY[@]}" npx vitest run --maxWorkers="$WORKERS" --reporter=default \
  --reporter=json --outputFile.json="$UNIT_JSON"
UNIT_CODE=$?
touch "$UNIT_DONE"
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

CHECKS_PASSED=0
CHECKS_FAILED=0
CHECKS_SUMMARY=""
if [ "$WITH_CHECKS" = 1 ]; then
  if [ -n "$CHECKS_PID" ]; then wait "$CHECKS_PID"; fi
  for name in "${STATIC_CHECKS[@]}"; do
    echo
    echo "== $name (npm run $name) =="
    cat "$CHECKS_LOG_DIR/$name.log" 2>/dev/null
    if [ "$(cat "$CHECKS_LOG_DIR/$name.code" 2>/dev/null || echo 1)" = 0 ]; then
      CHECKS_PASSED=$((CHECKS_PASSED + 1))
      CHECKS_SUMMARY="$CHECKS_SUMMARY$name: passed; "
    else
      CHECKS_FAILED=$((CHECKS_FAILED + 1))
      CHECKS_SUMMARY="$CHECKS_SUMMARY$name: FAILED; "
    fi
  done
fi

PASSED=$((CHECKS_PASSED + UNIT_PASSED + E2E_PASSED))
FAILED=$((CHECKS_FAILED + UNIT_FAILED + E2E_FAILED))
echo
if [ "$WITH_CHECKS" = 1 ]; then echo "static checks: ${CHECKS_SUMMARY%; }"; fi
echo "unit/integration: $UNIT_PASSED passed, $UNIT_FAILED failed; browser: $E2E_PASSED passed, $E2E_FAILED failed"
if [ "$UNIT_FAILED" -ne 0 ] || [ "$E2E_FAILED" -ne 0 ]; then
  echo "Failed tests:"
  list_failures "$UNIT_JSON"
  list_failures "$E2E_JSON"
fi
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
