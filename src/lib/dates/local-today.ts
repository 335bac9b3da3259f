// "Today" for the UI layer: the device's local calendar date as YYYY-MM-DD. The engine never reads a clock;
// screens take today from here and pass it in.

export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
