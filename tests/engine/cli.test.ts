// The forecast CLI: output shape, options, and exit 2 naming the JSON path; spawned as users run it where the
// process itself is what is checked, else in-process through the same runCli (tests/engine/helpers/forecast-cli.ts).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forecastCli, spawnForecastCli } from './helpers/forecast-cli';
import {
  BackupFileSchema,
  ComparisonResultSchema,
  dashboardData,
  DashboardDataSchema,
  IncomeByCategorySchema,
} from '../../worker/engine/index';

const fixture = join(__dirname, 'fixtures/small-backup.json');

const cli = forecastCli;

function tempFile(content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'wyrd-cli-'));
  const file = join(dir, 'backup.json');
  writeFileSync(file, content);
  return file;
}

describe('forecast CLI', () => {
  it('prints the compare response for every scenario (default 5 years)', () => {
    // As a process: the entry point, exit code 0 and the JSON on stdout.
    const r = spawnForecastCli(fixture, '--as-of', '2026-11-21');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = ComparisonResultSchema.parse(JSON.parse(r.stdout));
    expect(Object.keys(out)).toEqual(['sc-now', 'sc-save']);
    expect(out['sc-save'].name).toBe('Spend less');
    expect(out['sc-now'].snapshots).toHaveLength(61);
    expect(out['sc-now'].snapshots[0]).toMatchObject({
      date: '2026-11-21',
      net_worth: '23500.00',
      cash_flow: '0.00',
      capital_growth: '0.00',
    });
    expect(out['sc-now'].snapshots[60].date).toBe('2031-11-30');
  });
  it('honours --scenario, --years and --sampled', () => {
    const r = cli(fixture, '--as-of', '2026-11-21', '--years', '30', '--scenario', 'sc-save', '--sampled');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['sc-save']);
    expect(out['sc-save'].snapshots).toHaveLength(61);
  });
  it('forecasts the base as "base" when the file has no scenarios', () => {
    const r = cli(
      tempFile(JSON.stringify({ version: 1, categories: [], accounts: [], recurring_items: [], scenarios: [] })),
      '--years',
      '1',
    );
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout))).toEqual(['base']);
  });
  it('exits 2 naming the JSON path of the first problem', () => {
    const bad = JSON.parse(readFileSync(fixture, 'utf8'));
    bad.accounts[2].current_balance = 'a lot';
    // As a process: exit code 2, nothing on stdout, the message on stderr.
    const r = spawnForecastCli(tempFile(JSON.stringify(bad)), '--as-of', '2026-11-21');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/\$\.accounts\[2\]\.current_balance: must be a number/);
    const notJson = cli(tempFile('{"version": 1,'));
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/\$: not valid JSON/);
  });
  it('exits 2 on bad arguments', () => {
    expect(cli(fixture, '--years', '0').stderr).toMatch(/--years: must be a whole number from 1 to 50/);
    expect(cli(fixture, '--years', '51').code).toBe(2);
    expect(cli(fixture, '--as-of', '2026-02-30').stderr).toMatch(/--as-of/);
    expect(cli(fixture, '--scenario', 'nope').stderr).toMatch(/no scenario with id "nope"/);
    expect(cli().code).toBe(2);
    expect(cli(join(__dirname, 'fixtures/does-not-exist.json')).stderr).toMatch(/cannot read the file \(ENOENT\)/);
  });
  it('--dashboard prints the engine’s Dashboard data for the file, plus income by category', () => {
    const r = cli(fixture, '--dashboard', '--as-of', '2026-11-21');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    const file = BackupFileSchema.parse(JSON.parse(readFileSync(fixture, 'utf8')));
    const { income_by_category, ...dashboard } = out;
    expect(DashboardDataSchema.parse(dashboard)).toEqual(dashboardData(file, '2026-11-21'));
    expect(IncomeByCategorySchema.parse(income_by_category).categories.length).toBeGreaterThan(0);
    const three = JSON.parse(cli(fixture, '--dashboard', '--months', '3', '--as-of', '2026-11-21').stdout);
    expect(three).toMatchObject(dashboardData(file, '2026-11-21', 3));
    expect(cli(fixture, '--dashboard', '--months', '0').stderr).toMatch(
      /--months: must be a whole number from 1 to 600/,
    );
    expect(cli(fixture, '--dashboard', '--years', '2').stderr).toMatch(/--dashboard takes only --months and --as-of/);
    expect(cli(fixture, '--months', '2').stderr).toMatch(/--months needs --dashboard/);
  });
});
