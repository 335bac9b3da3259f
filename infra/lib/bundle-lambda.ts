// Bundles the API's Lambda entry (server/api/lambda.ts) with esbuild into one ESM file plus the SQL migrations,
// locally and offline, so synthesis never needs Docker or the network.
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './ensure-deps.ts';

export const LAMBDA_ENTRY = path.join(repoRoot, 'server', 'api', 'lambda.ts');
export const MIGRATIONS_DIR = path.join(repoRoot, 'server', 'db', 'migrations');

export type LambdaBundle = { dir: string; handler: string; bytes: number };

/**
 * Writes `<outDir>/index.mjs` (handler `index.handler`) and `<outDir>/migrations/`. The migrator finds the SQL next to
 * the bundle because the database module resolves `migrations` from its own `import.meta.url`, which is the bundle's.
 */
export async function bundleLambda(outDir: string): Promise<LambdaBundle> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const result = await build({
    entryPoints: [LAMBDA_ENTRY],
    outfile: path.join(outDir, 'index.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: true,
    keepNames: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'error',
    // The app's packages come from the repository's node_modules (they are the API server's own dependencies).
    nodePaths: [path.join(repoRoot, 'node_modules')],
    // CommonJS dependencies call require() for Node built-ins; an ESM bundle has no require of its own.
    banner: { js: "import { createRequire as __wyrdCreateRequire } from 'node:module'; const require = __wyrdCreateRequire(import.meta.url);" },
  });
  await cp(MIGRATIONS_DIR, path.join(outDir, 'migrations'), { recursive: true });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  return { dir: outDir, handler: 'index.handler', bytes };
}
