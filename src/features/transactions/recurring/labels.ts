// How the recurring screens name a frequency and how sure a detection is.
export const FREQUENCY_LABELS: Record<string, string> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

export function confidenceLabel(c: number): string {
  const pct = Math.round(c * 100);
  return `${c >= 0.8 ? 'Very likely' : c >= 0.6 ? 'Likely' : 'Possible'} (${pct}%)`;
}
