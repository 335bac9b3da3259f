// A CDP CPU profile (Profiler.stop) summed per function: the benchmarks and `npm run lighthouse` print it.

export type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime?: number };

/**
 * Self and total (inclusive) milliseconds per function of a CPU profile, the heaviest first. `window` (microseconds
 * on the profile's clock, that of a Chrome trace) keeps only the samples taken inside it.
 */
export function summariseProfile(profile: CpuProfile, top = 18, window?: { from: number; to: number }): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: ProfileNode) => {
    const f = n.callFrame;
    const file = f.url ? f.url.replace(/^.*\//, '') : '';
    return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let at = profile.startTime ?? 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.from || at > window.to)) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    self.set(label(node), (self.get(label(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + ms);
    }
  });
  const fmt = (m: Map<string, number>) =>
    [...m]
      .filter(([l]) => !/^\((root|program|idle)\)/.test(l))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([l, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${l}`);
  const idle = self.get('(idle)') ?? 0;
  return [`idle ${idle.toFixed(0)} ms; self time:`, ...fmt(self), 'total time:', ...fmt(total)];
}

/** Self milliseconds per script file (the file name only; '(native)' for samples outside any script). */
export function selfTimeByScript(profile: CpuProfile): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node || /^\((idle|root)\)/.test(node.callFrame.functionName)) return;
    const file = node.callFrame.url
      ? node.callFrame.url.replace(/^.*\//, '')
      : `(${node.callFrame.functionName || 'native'})`;
    totals.set(file, (totals.get(file) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}
