// Property: for any sequence of local operations on two devices of one user and any delivery of their pushes
// (answers lost after the server applied them, requests delivered twice, old requests delivered again late),
// once everything is delivered and both devices sync, both devices hold exactly the server's data, with no
// duplicate. fast-check shrinks a failure to a short sequence; each run is a new user on one real API server.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { discardRejection, listRejections } from '../../src/data/sync/rejections';
import { startTestApi, type TestApi } from '../server/harness';
import { SimDevice, type Ack } from './support/device';
import { deviceSnapshot, diff, duplicates, serverSnapshot } from './support/snapshot';
import { newOpStats, randomOperation, seeded } from './support/workload';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi('pglite');
}, 60_000);
afterAll(async () => api?.close());

type Delivery = 'normal' | 'answer-lost' | 'twice' | 'old-again';
type Step = { kind: 'op'; device: number; seed: number } | { kind: 'sync'; device: number; delivery: Delivery };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('op' as const),
      device: fc.integer({ min: 0, max: 1 }),
      seed: fc.integer({ min: 1, max: 1_000_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('sync' as const),
      device: fc.integer({ min: 0, max: 1 }),
      delivery: fc.constantFrom<Delivery>('normal', 'answer-lost', 'twice', 'old-again'),
    }),
  },
);

let run = 0;

it('any operations and delivery orders converge to the server state with nothing duplicated', async () => {
  const figures = { runs: 0, steps: 0, operations: 0, faults: 0 };
  await fc.assert(
    fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 24 }), async (steps) => {
      const user = `property-${++run}-${Date.now()}`;
      const acks: Ack[] = [];
      const devices = [0, 1].map(
        (i) => new SimDevice({ name: `D${i}`, userId: user, apiUrl: api.url, token: () => api.token(user), acks }),
      );
      const sentPushes: { url: string; init: RequestInit }[] = [];
      try {
        for (const d of devices) await d.signIn();
        const ops = newOpStats();
        for (const step of steps) {
          const device = devices[step.device];
          if (step.kind === 'op') {
            await randomOperation(device.db, seeded(step.seed), device.name, ops);
            continue;
          }
          figures.faults += step.delivery === 'normal' ? 0 : 1;
          device.transport = async (input, init) => {
            const url = String(input);
            if (!url.endsWith('/sync/push')) return fetch(input, init);
            if (step.delivery === 'old-again' && sentPushes.length > 0)
              await fetch(sentPushes[0].url, sentPushes[0].init);
            sentPushes.push({ url, init: init ?? {} });
            const answer = await fetch(input, init);
            if (step.delivery === 'twice') await fetch(input, init);
            if (step.delivery === 'answer-lost') throw new TypeError('fetch failed');
            return answer;
          };
          await device.sync();
          device.transport = (input, init) => fetch(input, init);
        }
        figures.operations += ops.done;
        for (let round = 0; round < 4; round++) {
          for (const d of devices) {
            await d.sync();
            for (const r of await listRejections(d.db)) await discardRejection(d.db, r.mutation_id);
          }
        }
        for (const d of devices) await d.sync();
        const server = await serverSnapshot(api.url, api.token(user));
        for (const d of devices) expect(diff(await deviceSnapshot(d.db), server)).toEqual([]);
        expect(duplicates(server)).toEqual([]);
        figures.runs += 1;
        figures.steps += steps.length;
      } finally {
        for (const d of devices) await d.close();
      }
    }),
    { numRuns: 12, seed: Number(process.env.SYNC_PROPERTY_SEED ?? 1123), endOnFailure: true },
  );
  console.log(
    `sync property: ${figures.runs} runs, ${figures.steps} steps, ${figures.operations} operations, ${figures.faults} faulty deliveries; mismatches 0`,
  );
}, 120_000);
