// Gives the browser a turn (input, paint) between pieces of a long piece of work, so no task runs long:
// scheduler.yield() where the browser has it (the work resumes ahead of other queued tasks), else a new task.
export function yieldToMain(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (s?.yield) return s.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
