// Smart Create corpus: every prompt in corpus.json against the parser, scoring template and key parameters,
// printing the accuracy line and asserting at least 90%.
import { describe, expect, it } from 'vitest';
import corpus from './corpus.json';
import { identifyTemplatesFromPrompt, type IdentifyResult } from '../../../worker/engine/smart-create/identify';

type Case = {
  prompt: string;
  template_id: string | null;
  trigger_month?: string;
  parameters: Record<string, unknown>;
  also?: string[];
  batch?: string;
};

const CASES = corpus.cases as Case[];

function same(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'number') return typeof actual === 'number' && Math.abs(expected - actual) < 0.011;
  return expected === actual;
}

/** What is wrong with one reading, or an empty list. */
function problems(c: Case, r: IdentifyResult): string[] {
  const out: string[] = [];
  const first = r.templates[0];
  if (c.template_id === null) {
    if (first) out.push(`expected no match, got ${first.template_id}`);
    return out;
  }
  if (!first || first.template_id !== c.template_id)
    return [`template: expected ${c.template_id}, got ${first?.template_id ?? 'none'}`];
  for (const [k, v] of Object.entries(c.parameters)) {
    if (!same(v, first.parameters[k]))
      out.push(`${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(first.parameters[k])}`);
  }
  if (c.trigger_month && first.trigger_month !== c.trigger_month)
    out.push(`trigger_month: expected ${c.trigger_month}, got ${first.trigger_month}`);
  for (const id of c.also ?? []) if (!r.templates.some((t) => t.template_id === id)) out.push(`also: missing ${id}`);
  return out;
}

describe('Smart Create corpus', () => {
  it('has at least 60 varied prompts, including the two from the issue', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    const prompts = CASES.map((c) => c.prompt);
    expect(prompts).toContain('buy a $750k apartment in March 2028 with a 10% deposit');
    expect(prompts).toContain('take 6 months parental leave from next July');
  });

  it('reads at least 90% of the corpus correctly (template and key parameters)', () => {
    let correct = 0;
    let second = 0;
    let third = 0;
    const failures: string[] = [];
    for (const c of CASES) {
      const r = identifyTemplatesFromPrompt(c.prompt, { today: corpus.today });
      const p = problems(c, r);
      if (p.length === 0) {
        correct++;
        if (c.batch === 'second') second++;
        if (c.batch === 'third') third++;
      } else failures.push(`  "${c.prompt}": ${p.join('; ')}`);
    }
    const pct = ((correct / CASES.length) * 100).toFixed(1);
    const secondCount = CASES.filter((c) => c.batch === 'second').length;
    console.log(`smart-create accuracy: ${correct}/${CASES.length} (${pct}%)`);
    console.log(`smart-create accuracy, second batch only: ${second}/${secondCount}`);
    console.log(`smart-create accuracy, third batch only: ${third}/${CASES.filter((c) => c.batch === 'third').length}`);
    if (failures.length) console.log(`smart-create misses:\n${failures.join('\n')}`);
    expect(correct / CASES.length).toBeGreaterThanOrEqual(0.9);
  });
});
