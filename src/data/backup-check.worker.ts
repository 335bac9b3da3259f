// Reads, parses and validates a backup file off the main thread (a 2.3 MB file takes seconds to check), so the
// Data tab stays responsive and shows progress; the checks and messages are backup.ts's own.
import { expose } from 'comlink';
import { validateBackup } from './backup';
import type { BackupCheckApi, BackupCheckStage } from './backup-check';

const api: BackupCheckApi = {
  async check(file, onStage) {
    const text = await file.text();
    await onStage?.('checking' satisfies BackupCheckStage);
    return validateBackup(text);
  },
};

expose(api);
