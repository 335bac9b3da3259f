// The lockfiles (the app's and the CDK app's) keep every package's tarball address and checksum, so `npm ci` installs
// from the cache without asking the registry for each package's metadata first (docs/running.md, "Installing").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type LockEntry = {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  name?: string;
  inBundle?: boolean;
};

const root = path.resolve(import.meta.dirname, '../..');

describe.each(['package-lock.json', 'infra/package-lock.json'])('%s', (file) => {
  const lock = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as { packages: Record<string, LockEntry> };
  // A bundled dependency comes inside its parent's tarball: it has no address of its own.
  const entries = Object.entries(lock.packages).filter(([key, e]) => key !== '' && !e.link && !e.inBundle);

  it('gives every package a tarball address and a checksum', () => {
    const missing = entries.filter(([, e]) => !e.resolved || !e.integrity).map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it('points each address at the package and version the entry names', () => {
    const wrong = entries
      .filter(([key, e]) => {
        const name = e.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
        const file = name.startsWith('@') ? name.split('/')[1] : name;
        return !e.resolved?.endsWith(`/${name}/-/${file}-${e.version}.tgz`);
      })
      .map(([key, e]) => `${key}: ${e.resolved}`);
    expect(wrong).toEqual([]);
  });
});
