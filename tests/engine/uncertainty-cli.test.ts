// The forecast CLI's uncertainty mode (worker/cli/forecast.ts, docs/uncertainty.md): the UncertaintyResult as
// JSON, identical to the engine's for the same inputs (spawned as users run it), and exit 2 with a clear message
// on bad flags.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forecastCli, spawnForecastCli } from './helpers/forecast-cli';
import { runCli } from '../../worker/cli/forecast';
import { runUncertainty } from '../../worker/engine/index';

const fixture = join(__dirname, 'fixtures/small-backup.json');

const cli = forecastCli;

describe('forecast CLI: uncertainty', () => {
  it('prints the same UncertaintyResult as the engine for the same inputs', () => {
    const r = spawnForecastCli(fixture, '--as-of', '2026-11-21', '--years', '10', '--trials', '200', '--seed', '42');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const backup = JSON.parse(readFileSync(fixture, 'utf8'));
    const expected = runUncertainty(backup, {
      as_of: '2026-11-21',
      years: 10,
      trials: 200,
      seed: 42,
      scenario_ids: [],
    });
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(expected.scenarios.map((s) => s.scenario_id)).toEqual(['sc-now', 'sc-save']);
    expect(expected.scenarios[0].sample_months[0]).toBe('2026-11');
  });

  it('passes --stress, --goal, --goal-date and --scenario through', () => {
    const r = cli(
      fixture,
      '--as-of',
      '2026-11-21',
      '--years',
      '3',
      '--trials',
      '1',
      '--stress',
      'rates_up_5y',
      '--goal',
      '1000',
      '--goal-date',
      '2028-06-30',
      '--goal-real',
      '--scenario',
      'sc-save',
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.stress).toEqual({ name: 'rates_up_5y' });
    expect(out.trials).toBe(1);
    expect(out.scenarios).toHaveLength(1);
    expect(out.scenarios[0].scenario_id).toBe('sc-save');
    expect(typeof out.scenarios[0].goal_probability).toBe('number');
  });

  it.each([
    [['--trials', '0'], '--trials: must be a whole number from 1 to 100000 (got "0")'],
    [['--trials', 'x'], '--trials: must be a whole number'],
    [['--seed', '1.5'], '--seed: must be a whole number from 0 to 4294967295'],
    [['--stress', 'crash'], '--stress: must be one of crash_first_year, crash_at_event'],
    [['--stress', 'crash_at_event'], '--stress crash_at_event needs --stress-event ID'],
    [['--stress-event', 'e1'], '--stress-event applies to --stress crash_at_event only'],
    [['--goal', '100'], '--goal and --goal-date go together'],
    [['--goal-real'], '--goal and --goal-date go together'],
    [['--goal', 'lots', '--goal-date', '2030-01-01'], '--goal: must be an amount in dollars'],
    [['--goal', '100', '--goal-date', '2030-02-30'], '--goal-date: must be a real date'],
    [['--trials', '5', '--dashboard'], '--dashboard cannot be combined with uncertainty flags'],
    [['--trials', '5', '--sampled'], '--sampled does not apply to uncertainty'],
  ])('exits 2 on %j', (args, message) => {
    // In-process (the same runCli the spawned command runs): spawning each case would only be slower.
    const r = runCli([fixture, '--as-of', '2026-11-21', ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`forecast: ${message}`);
    expect(r.stderr).toContain('usage: npm run forecast');
  });

  it('exits 2 naming the field when the engine refuses the request', () => {
    const args = ['--trials', '3', '--stress', 'crash_at_event', '--stress-event', 'nope'];
    const r = runCli([fixture, '--as-of', '2026-11-21', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('forecast: $options.stress.event_id: no event with id "nope"\n');
    const late = runCli([
      fixture,
      '--as-of',
      '2026-11-21',
      '--trials',
      '3',
      '--goal',
      '1',
      '--goal-date',
      '2040-01-01',
    ]);
    expect(late.code).toBe(2);
    expect(late.stderr).toMatch(/^forecast: \$options\.goal\.date: must be within the forecast/);
  });
});
