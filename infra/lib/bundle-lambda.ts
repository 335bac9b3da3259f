// Bundles the API's Lambda entry (server/api/lambda.ts) with esbuild into one ESM file plus the SQL migrations,
// locally and offline, so synthesis never needs Docker or the network.
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { repoRoot } from './ensure-deps';

export const LAMBDA_ENTRY = path.join(repoRoot, 'server', 'api', 'lambda.ts');
export const MIGRATIONS_DIR = path.join(repoRoot, 'server', 'db', 'migrations');

// The Lambda never opens the embedded PGlite database (it refuses to run without Aurora or DATABASE_URL), so the
// half-megabyte PGlite runtime is replaced by a stub that fails loudly if anything ever constructs it.
const stubPglite: Plugin = {
  name: 'stub-pglite',
  setup(build) {
    build.onResolve({ filter: /^@electric-sql\/pglite($|\/)/ }, (args) => ({
      path: args.path,
      namespace: 'wyrd-stub',
    }));
    build.onLoad({ filter: /.*/, namespace: 'wyrd-stub' }, () => ({
      // CommonJS, so any named import resolves (to a function that throws when called).
      contents:
        "const fail = function () { throw new Error('PGlite is not bundled into the Lambda'); };" +
        "module.exports = new Proxy({}, { get: (_, key) => (key === '__esModule' ? false : fail) });",
      loader: 'js',
    }));
  },
};

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
    plugins: [stubPglite],
    logLevel: 'error',
    // The app's packages come from the repository's node_modules (they are the API server's own dependencies).
    nodePaths: [path.join(repoRoot, 'node_modules')],
    // CommonJS dependencies call require() for Node built-ins; an ESM bundle has no require of its own.
    banner: {
      js: "import { createRequire as __wyrdCreateRequire } from 'node:module'; const require = __wyrdCreateRequire(import.meta.url);",
    },
  });
  await cp(MIGRATIONS_DIR, path.join(outDir, 'migrations'), { recursive: true });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  return { dir: outDir, handler: 'index.handler', bytes };
}
