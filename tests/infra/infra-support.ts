// Loads the CDK app (infra/, its own package) for the infra tests: installs its dependencies when missing and imports
// it by a computed path, so the app's typecheck never depends on infra/node_modules being installed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInfraDeps, infraDir, type EnsureResult } from '../../infra/lib/ensure-deps';

let ensured: EnsureResult | undefined;

/** Installs infra's dependencies once per test process; prints why when the install cannot happen. */
export function infraAvailable(): EnsureResult {
  ensured ??= ensureInfraDeps((line) => console.log(`[infra tests] ${line}`));
  if (!ensured.ok) {
    console.log(`[infra tests] SKIPPED: ${ensured.reason}. Run \`npm ci --prefix infra\` to run the infra tests.`);
  }
  return ensured;
}

export function importInfra<T>(relativePath: string): Promise<T> {
  return import(/* @vite-ignore */ pathToFileURL(path.join(infraDir, relativePath)).href) as Promise<T>;
}

// The parts of aws-cdk-lib/assertions the tests use (typed here so infra/node_modules stays optional for tsc).
export type Matcher = unknown;
export type MatchApi = {
  objectLike: (pattern: Record<string, unknown>) => Matcher;
  objectEquals: (pattern: Record<string, unknown>) => Matcher;
  arrayWith: (pattern: unknown[]) => Matcher;
  anyValue: () => Matcher;
  absent: () => Matcher;
  not: (pattern: unknown) => Matcher;
  stringLikeRegexp: (pattern: string) => Matcher;
};
export type TemplateApi = {
  hasResourceProperties: (type: string, props: unknown) => void;
  hasResource: (type: string, props: unknown) => void;
  resourceCountIs: (type: string, count: number) => void;
  hasOutput: (logicalId: string, props: unknown) => void;
  findResources: (type: string, props?: unknown) => Record<string, { Properties?: Record<string, unknown> }>;
  toJSON: () => Record<string, unknown>;
};
export type AssertionsModule = {
  Template: { fromStack: (stack: unknown) => TemplateApi; fromJSON: (json: Record<string, unknown>) => TemplateApi };
  Match: MatchApi;
};
export type SynthModule = {
  synthesize: (options: { outdir: string; bundleDir?: string; webOrigins?: string[] }) => Promise<{
    stack: { region: string; stackName: string };
    templatePath: string;
    bundle: { dir: string; handler: string; bytes: number };
  }>;
  STACK_NAME: string;
};
export type BundleModule = {
  bundleLambda: (outDir: string) => Promise<{ dir: string; handler: string; bytes: number }>;
};
