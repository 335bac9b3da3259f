// The forecast CLI's --explain: the same month breakdown the compare screen shows, as JSON, and its usage errors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forecastCli, spawnForecastCli } from './helpers/forecast-cli';
import { explainMonths, type MonthExplanation } from '../../worker/engine/index';

const fixture = join(__dirname, 'fixtures/small-backup.json');

const cli = forecastCli;

describe('forecast CLI --explain', () => {
  it('prints every scenario month breakdown, the same figures as the engine gives the screen', () => {
    const r = spawnForecastCli(fixture, '--as-of', '2026-11-21', '--explain', '2027-02');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { month: string; years: number; scenarios: MonthExplanation[] };
    expect(out).toMatchObject({ as_of: '2026-11-21', years: 5, month: '2027-02' });
    expect(out.scenarios.map((s) => s.scenario_id)).toEqual(['sc-now', 'sc-save']);
    const backup = JSON.parse(readFileSync(fixture, 'utf8'));
    expect(out.scenarios).toEqual(
      explainMonths(backup, { as_of: '2026-11-21', years: 5, month: '2027-02', scenario_ids: [] }),
    );
    const save = out.scenarios[1];
    expect(save.cash_flow.sections.map((s) => s.id)).toContain('income');
    expect(save.cash_flow.sections.reduce((a, s) => a + Math.round(s.total * 100), 0)).toBe(
      Math.round(save.cash_flow.total * 100),
    );
  });
  it('honours --scenario and --years', () => {
    const r = cli(fixture, '--as-of', '2026-11-21', '--years', '10', '--explain', '2035-06', '--scenario', 'sc-save');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.scenarios).toHaveLength(1);
    expect(out.scenarios[0]).toMatchObject({ scenario_id: 'sc-save', date: '2035-06-30', complete: true });
  });
  it('exits 2 on a malformed month, a month outside the forecast, an unknown scenario or a clashing option', () => {
    const bad = [
      { args: ['--explain', '2027-2'], message: /--explain: must be a month written YYYY-MM \(got "2027-2"\)/ },
      {
        args: ['--explain', '2026-11'],
        message: /\$options\.month: must be a month of the forecast, from 2026-12 to 2031-11/,
      },
      { args: ['--explain', '2027-02', '--scenario', 'nope'], message: /--scenario: no scenario with id "nope"/ },
      {
        args: ['--explain', '2027-02', '--dashboard'],
        message: /--explain takes only --years, --as-of and --scenario/,
      },
      { args: ['--explain', '2027-02', '--sampled'], message: /--explain takes only/ },
      { args: ['--explain'], message: /--explain/ },
    ];
    for (const { args, message } of bad) {
      const r = cli(fixture, '--as-of', '2026-11-21', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
    }
  });
  it('lists --explain in the usage', () => {
    expect(cli('--help').stdout).toContain('--explain YYYY-MM');
  });
});
