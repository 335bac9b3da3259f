import { heavyProfile } from './bench-engine';
import { compare } from '../worker/engine/index';
const heavy = heavyProfile();
const ids = (heavy.scenarios ?? []).map((s) => s.id);
for (let i = 0; i < 30; i++) compare(heavy, { as_of: '2026-11-21', years: 30, scenario_ids: ids });
const t0 = performance.now();
for (let i = 0; i < 400; i++) compare(heavy, { as_of: '2026-11-21', years: 30, scenario_ids: ids });
console.log('per compare', ((performance.now() - t0) / 400).toFixed(2));
