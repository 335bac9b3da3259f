// Profiles POST /sync/push in one process (no HTTP, no token checks): `npx tsx scripts/profile-push.ts
// [--postgres URL] [--batch N] [--batches N] [--profile out.cpuprofile]`. Prints the median push time and
// mutations/s; --profile writes a CPU profile of the pushes only (open it in Chrome DevTools).
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { openDatabase } from '../server/db/client';
import { createApp } from '../server/api/app';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};

async function main(): Promise<void> {
  const databaseUrl = arg('--postgres', '') || undefined;
  const batch = Number(arg('--batch', '1000'));
  const batches = Number(arg('--batches', '10'));
  const handle = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
  const app = createApp({
    db: handle.db,
    verifier: { verify: async (token) => ({ sub: token, email: `${token}@example.com`, claims: {} }) },
    config: { webOrigins: [] },
  });
  const profileOut = arg('--profile', '');
  const session = new Session();
  if (profileOut) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const times: number[] = [];
  const run = `prof-${Date.now()}`; // a fresh user per run, so a reused database never answers replays
  for (let b = 0; b < batches; b++) {
    const mutations = Array.from({ length: batch }, (_, i) => ({
      mutation_id: i + 1,
      entity: 'accounts',
      op: 'create',
      id: `p${b}-${i}`,
      payload: { name: `Account ${i}`, account_type: 'savings', current_balance: 1000 + i, is_asset: true },
    }));
    const started = performance.now();
    const res = await app.fetch(
      new Request('http://x/sync/push', {
        method: 'POST',
        headers: { Authorization: `Bearer ${run}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_id: `device-${b}`, mutations }),
      }),
    );
    const reply = (await res.json()) as { results: { status: string }[] };
    times.push(performance.now() - started);
    if (res.status !== 200 || reply.results.some((r) => r.status !== 'applied'))
      throw new Error(`push failed: ${res.status} ${JSON.stringify(reply).slice(0, 300)}`);
  }
  if (profileOut) {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(profileOut, JSON.stringify(profile));
    session.disconnect();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${batches} pushes of ${batch}: median ${median.toFixed(0)} ms, ${Math.round(batch / (median / 1000))} mutations/s`,
  );
  await handle.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
