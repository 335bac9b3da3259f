// Synthesises the stack into a cloud assembly (CloudFormation template + Lambda asset) without the CDK CLI or network.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { bundleLambda, type LambdaBundle } from './bundle-lambda';
import { WyrdStack, type WyrdStackProps } from './wyrd-stack';

export const STACK_NAME = 'Wyrd';

/** The web app's local origins: the default until WYRD_WEB_ORIGIN names where the web app is hosted. */
export const DEFAULT_WEB_ORIGINS = ['http://127.0.0.1:4173', 'http://localhost:4173'];

export type SynthOptions = {
  outdir: string;
  /** Where the Lambda bundle goes; a temporary folder by default (the assembly keeps its own copy). */
  bundleDir?: string;
  webOrigins?: string[];
  account?: string;
} & Pick<WyrdStackProps, 'minCapacity' | 'maxCapacity' | 'retainData' | 'migrateOnStart'>;

export type SynthResult = { app: App; stack: WyrdStack; templatePath: string; bundle: LambdaBundle };

export function webOriginsFrom(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return origins.length > 0 ? origins : DEFAULT_WEB_ORIGINS;
}

export async function synthesize(options: SynthOptions): Promise<SynthResult> {
  const bundle = await bundleLambda(
    options.bundleDir ?? path.join(await mkdtemp(path.join(tmpdir(), 'wyrd-lambda-')), 'bundle'),
  );
  const app = new App({ outdir: options.outdir });
  const stack = new WyrdStack(app, STACK_NAME, {
    lambdaCodeDir: bundle.dir,
    webOrigins: options.webOrigins ?? DEFAULT_WEB_ORIGINS,
    env: options.account ? { account: options.account } : undefined,
    minCapacity: options.minCapacity,
    maxCapacity: options.maxCapacity,
    retainData: options.retainData,
    migrateOnStart: options.migrateOnStart,
    description: 'Wyrd: Cognito, BudgetAppApi (HTTP API + Lambda) and Aurora Serverless v2 PostgreSQL',
  });
  const assembly = app.synth();
  return { app, stack, templatePath: path.join(assembly.directory, stack.templateFile), bundle };
}
