// Setup file of the browser tests: holds every worker but the first until the unit run beside them has ended.
// `npm test` runs the browser tests with two workers beside the (niced) unit run: the first worker starts at once;
// the second waits for WYRD_E2E_GATE (a file scripts/test-all.sh writes when the unit run is over), so that it
// only uses the core the unit run leaves free at the end, instead of contending with both (docs/running.md).
import { existsSync } from 'node:fs';

const gate = process.env.WYRD_E2E_GATE;
if (gate && process.env.VITEST_POOL_ID !== '1') {
  while (!existsSync(gate)) await new Promise((resolve) => setTimeout(resolve, 200));
}
