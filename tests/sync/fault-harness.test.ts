// Jepsen-style sync harness (bounded, loopback only): three simulated devices of one user run the real sync
// engine on their own fake-indexeddb against the real API server (in-process, PGlite), each through a proxy
// that drops, fails (500/503/429), delays, duplicates and re-delivers late a third of the requests, while they
// make random creates, edits and deletes of every entity type, go offline, and one is killed in the middle of
// a push. After the faults stop and every device syncs, every device must hold exactly what the server holds,
// no acknowledged write may be lost and no record duplicated. Prints the figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRejections, discardRejection } from '../../src/data/sync/rejections';
import { startTestApi, type TestApi } from '../server/harness';
import { SimDevice, type Ack } from './support/device';
import { newStats, startFaultProxy, type FaultConfig, type FaultProxy } from './support/fault-proxy';
import { canonical, deviceSnapshot, diff, duplicates, serverSnapshot, type Snapshot } from './support/snapshot';
import { newOpStats, randomOperation, seeded } from './support/workload';

const SEED = Number(process.env.SYNC_HARNESS_SEED ?? 20261123);
const DEVICES = 3;
const TARGET_OPERATIONS = 520;
const FAULT_RATE = 1 / 3;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi('pglite');
}, 60_000);
afterAll(async () => api?.close());

/** The server stamps these itself (its clock, its order of modifications). */
const SERVER_STAMPED = new Set(['updated_at', 'created_at']);

/** The fields the device sent, compared with the server's record. */
function reflects(serverText: string | undefined, ack: Ack): boolean {
  if (ack.mutation.op === 'delete') return serverText === undefined;
  if (serverText === undefined) return false;
  const server = JSON.parse(serverText) as Record<string, unknown>;
  const sent = ack.mutation.payload as Record<string, unknown>;
  return Object.entries(sent).every(
    ([k, v]) => SERVER_STAMPED.has(k) || v === undefined || canonical(server[k]) === canonical(v),
  );
}

/**
 * Acknowledged writes the server does not show. For a record only one device wrote, its last acknowledged
 * write must be what the server holds; for a record several devices wrote, the server must hold one of their
 * last acknowledged writes. A record the server removed because its scenario or event was deleted is no loss.
 */
function lostWrites(acks: Ack[], server: Snapshot): string[] {
  const byKey = new Map<string, Map<string, Ack>>();
  for (const ack of acks) {
    if (ack.result.note) continue; // derived by the server from an event, or a delete of something already gone
    const key = `${ack.mutation.entity}/${ack.mutation.id}`;
    const perDevice = byKey.get(key) ?? new Map<string, Ack>();
    const last = perDevice.get(ack.device);
    if (!last || last.mutation.mutation_id < ack.mutation.mutation_id) perDevice.set(ack.device, ack);
    byKey.set(key, perDevice);
  }
  const lost: string[] = [];
  for (const [key, perDevice] of byKey) {
    const serverText = server.get(key);
    const lasts = [...perDevice.values()];
    if (lasts.some((ack) => reflects(serverText, ack))) continue;
    if (serverText === undefined) {
      const payload = lasts[0].mutation.payload as { scenario_id?: string; scenario_event_id?: string | null };
      const parentGone =
        (payload?.scenario_id && !server.has(`scenarios/${payload.scenario_id}`)) ||
        (payload?.scenario_event_id && !server.has(`events/${payload.scenario_event_id}`));
      if (parentGone) continue;
    }
    lost.push(
      `${key} (${lasts.map((a) => `${a.device}#${a.mutation.mutation_id} ${a.mutation.op} ${canonical(a.mutation.payload)}`).join(', ')}) server: ${serverText ?? 'absent'}`,
    );
  }
  return lost;
}

describe('sync under injected faults', () => {
  it(`converges with nothing lost or duplicated (${DEVICES} devices, ${TARGET_OPERATIONS}+ operations, seed ${SEED})`, async () => {
    const started = Date.now();
    const rng = seeded(SEED);
    const user = `harness-${SEED}-${Date.now()}`;
    const token = () => api.token(user);
    const acks: Ack[] = [];
    const stats = newStats();
    const config: FaultConfig = { rate: 0, random: seeded(SEED + 1) };
    const late = new Set<Promise<unknown>>();
    const proxies: FaultProxy[] = [];
    const devices: SimDevice[] = [];
    for (let i = 0; i < DEVICES; i++) {
      const proxy = await startFaultProxy(api.url, config, stats, late);
      proxies.push(proxy);
      devices.push(new SimDevice({ name: String.fromCharCode(65 + i), userId: user, apiUrl: proxy.url, token, acks }));
    }
    for (const d of devices) await d.signIn();

    // ---- the faulty phase
    config.rate = FAULT_RATE;
    const ops = newOpStats();
    const background = new Set<Promise<unknown>>();
    const inBackground = (p: Promise<unknown>) => {
      const q = p.catch(() => undefined);
      background.add(q);
      void q.finally(() => background.delete(q));
    };
    let offlinePeriods = 0;
    let killsArmed = 0;
    let crashedWrites = 0;
    while (ops.done < TARGET_OPERATIONS) {
      const index = Math.floor(rng() * DEVICES);
      const device = devices[index];
      const roll = rng();
      if (roll < 0.8) {
        try {
          await randomOperation(device.db, rng, device.name, ops);
        } catch (error) {
          if ((error as { name?: string }).name !== 'DatabaseClosedError') throw error;
          crashedWrites += 1; // the device was being killed: the write never happened
        }
      } else if (roll < 0.95) {
        inBackground(device.sync());
      } else if (roll < 0.98) {
        device.online = !device.online;
        if (!device.online) offlinePeriods += 1;
      } else if (killsArmed < 3 && !proxies[index].hooks.afterForward) {
        // The next push this device makes reaches the server, then the device dies before the answer.
        killsArmed += 1;
        proxies[index].hooks.afterForward = (path) => {
          if (path !== '/sync/push') return 'deliver';
          proxies[index].hooks.afterForward = undefined;
          device.kill();
          setTimeout(() => device.restart(), 5);
          return 'drop';
        };
        inBackground(device.sync());
      }
      if (background.size > 6) await Promise.race(background);
    }

    // ---- faults stop; everyone comes back online and syncs until nothing is left to send
    config.rate = 0;
    for (const p of proxies) p.hooks.afterForward = undefined;
    for (const d of devices) d.online = true;
    await Promise.all(background);
    await Promise.all(late);
    await new Promise((resolve) => setTimeout(resolve, 20));
    let rejected = 0;
    const rejectionSamples: string[] = [];
    for (let round = 0; round < 8; round++) {
      for (const d of devices) {
        if (d.engine.isStopped) d.restart();
        expect(await d.sync()).toBe('synced');
        // The user looks at what the server refused and discards it (the server's copy comes back).
        for (const r of await listRejections(d.db)) {
          rejected += 1;
          if (rejectionSamples.length < 5) rejectionSamples.push(`${r.entity} ${r.op} ${r.code}: ${r.message}`);
          await discardRejection(d.db, r.mutation_id);
        }
      }
      const waiting = await Promise.all(
        devices.map(async (d) => (await d.db.outbox.count()) + (await d.db.sync_rejections.count())),
      );
      if (round >= 1 && waiting.every((n) => n === 0)) break;
    }
    for (const d of devices) await d.sync();
    for (const d of devices) await d.sync();

    // ---- checks
    const server = await serverSnapshot(api.url, token());
    const mismatches: string[] = [];
    for (const d of devices) {
      for (const m of diff(await deviceSnapshot(d.db), server))
        mismatches.push(`${d.name} ${m.key}: device ${m.device ?? 'absent'} / server ${m.server ?? 'absent'}`);
    }
    const lost = lostWrites(acks, server);
    const dupes = duplicates(server);
    const faults = Object.values(stats.faults).reduce((a, b) => a + b, 0);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    console.log(
      [
        `sync fault harness (seed ${SEED}, ${seconds} s): ${DEVICES} devices, ${ops.done} operations done (${ops.attempted} attempted, ${ops.refusedLocally} refused locally, ${crashedWrites} lost with a killed process)`,
        `  operations: ${Object.entries(ops.byKind)
          .sort()
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
        `  requests through the proxies: ${stats.requests}; faults injected: ${faults} (${Object.entries(stats.faults)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')})`,
        `  offline periods: ${offlinePeriods}; devices killed mid-push: ${devices.reduce((n, d) => n + d.kills, 0)}; acknowledged mutations: ${acks.length}; rejected and discarded: ${rejected}${rejectionSamples.length ? ` (e.g. ${rejectionSamples.join(' | ')})` : ''}`,
        `  server records: ${server.size}; mismatches: ${mismatches.length}; lost acknowledged writes: ${lost.length}; duplicates: ${dupes.length}`,
        ...mismatches.slice(0, 10).map((m) => `  MISMATCH ${m}`),
        ...lost.slice(0, 10).map((m) => `  LOST ${m}`),
        ...dupes.slice(0, 10).map((m) => `  DUPLICATE ${m}`),
      ].join('\n'),
    );

    expect(ops.done).toBeGreaterThanOrEqual(500);
    expect(faults).toBeGreaterThan(0);
    expect(devices.reduce((n, d) => n + d.kills, 0)).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
    expect(lost).toEqual([]);
    expect(dupes).toEqual([]);
    for (const d of devices) await d.close();
    for (const p of proxies) await p.close();
  }, 120_000);
});
