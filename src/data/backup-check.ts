// Checks a chosen backup file in a worker (backup-check.worker.ts) and reports the stage it is at; where
// workers are missing (tests' jsdom) it checks in the page instead, with the same result and messages.
import { proxy, wrap } from 'comlink';
import { validateBackup } from './backup';

export type BackupCheckStage = 'reading' | 'checking';

export type BackupCheckResult = ReturnType<typeof validateBackup>;

export type BackupCheckApi = {
  check(file: Blob, onStage?: (stage: BackupCheckStage) => void | Promise<void>): Promise<BackupCheckResult>;
};

/** Reads and validates `file` off the main thread; one short-lived worker per file. */
export async function checkBackupFile(
  file: Blob,
  onStage?: (stage: BackupCheckStage) => void,
): Promise<BackupCheckResult> {
  onStage?.('reading');
  if (typeof Worker === 'undefined') {
    const text = await file.text();
    onStage?.('checking');
    return validateBackup(text);
  }
  const worker = new Worker(new URL('./backup-check.worker.ts', import.meta.url), {
    type: 'module',
    name: 'wyrd-backup-check',
  });
  try {
    const remote = wrap<BackupCheckApi>(worker);
    return await remote.check(file, onStage ? proxy(onStage) : undefined);
  } finally {
    worker.terminate();
  }
}
