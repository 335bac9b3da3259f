// `npm run infra:synth`: installs the CDK app's dependencies on first use, bundles the API Lambda and writes the
// CloudFormation template and assets to infra/cdk.out (deploy it with `cdk deploy --app infra/cdk.out`, docs/deploy.md).
// Settings (docs/deploy.md): WYRD_WEB_ORIGIN (CORS origins, comma-separated), CDK_DEFAULT_ACCOUNT, WYRD_INFRA_OUT
// (output folder), WYRD_DB_MIN_ACU / WYRD_DB_MAX_ACU, WYRD_INFRA_RETAIN_DATA=false, WYRD_MIGRATE_ON_START=false.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ensureInfraDeps, infraDir } from '../lib/ensure-deps';

const installed = ensureInfraDeps();
if (!installed.ok) {
  console.error(`Cannot synthesise: ${installed.reason}. Run: npm ci --prefix infra`);
  process.exit(1);
}

function numberSetting(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 256) {
    console.error(`${name} must be a number of ACUs from 0 to 256, got '${raw}'.`);
    process.exit(1);
  }
  return value;
}

// Imported only now: aws-cdk-lib may have been installed a moment ago.
const { synthesize, webOriginsFrom, STACK_NAME } = await import('../lib/synth');
const outdir = path.resolve(process.env.WYRD_INFRA_OUT || path.join(infraDir, 'cdk.out'));
// Stale assets from earlier runs would otherwise pile up in the output folder.
await rm(outdir, { recursive: true, force: true });
const started = performance.now();
const result = await synthesize({
  outdir,
  bundleDir: path.join(outdir, '.lambda-bundle'),
  webOrigins: webOriginsFrom(process.env.WYRD_WEB_ORIGIN),
  account: process.env.CDK_DEFAULT_ACCOUNT || undefined,
  minCapacity: numberSetting('WYRD_DB_MIN_ACU'),
  maxCapacity: numberSetting('WYRD_DB_MAX_ACU'),
  retainData: process.env.WYRD_INFRA_RETAIN_DATA !== 'false',
  migrateOnStart: process.env.WYRD_MIGRATE_ON_START !== 'false',
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Synthesised stack ${STACK_NAME} (ap-southeast-2) in ${seconds} s`);
console.log(`  template: ${path.relative(process.cwd(), result.templatePath)}`);
console.log(`  Lambda bundle: ${(result.bundle.bytes / 1024).toFixed(0)} KiB (index.mjs + migrations)`);
console.log(`  CORS origins: ${webOriginsFrom(process.env.WYRD_WEB_ORIGIN).join(', ')}`);
