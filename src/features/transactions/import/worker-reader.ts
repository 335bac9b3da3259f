// The statement reader backed by the statement worker (worker/statement-client.ts): files are read, parsed and
// planned off the main thread; each file's bytes are transferred, not copied.
import { transfer } from 'comlink';
import { getStatementClient } from '../../../../worker/statement-client';
import type { FileResult, StatementReader } from './import-types';

async function bytesOf(file: File): Promise<{ name: string; bytes: Uint8Array }> {
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

export function createWorkerReader(): StatementReader {
  const client = getStatementClient();
  return {
    async parseFiles(files, onProgress) {
      const results: FileResult[] = [];
      for (let i = 0; i < files.length; i++) {
        const f = await bytesOf(files[i]);
        const [outcome] = await client.parseFiles(transfer([f], [f.bytes.buffer as ArrayBuffer]));
        if (outcome.kind === 'parsed') {
          results.push({ kind: 'parsed', file_name: outcome.file_name, statement: outcome.statement });
        } else if (outcome.kind === 'mapping_needed') {
          results.push({ kind: 'mapping_needed', file_name: outcome.file_name, preview: outcome.preview });
        } else {
          results.push({ kind: 'rejected', file_name: outcome.file_name, message: outcome.message });
        }
        onProgress?.(i + 1, files.length);
      }
      return results;
    },
    async parseWithMapping(file, mapping) {
      const f = await bytesOf(file);
      const outcome = await client.parseWithMapping(transfer(f, [f.bytes.buffer as ArrayBuffer]), mapping);
      if (outcome.kind === 'parsed') return outcome.statement;
      throw new Error(outcome.kind === 'error' ? outcome.message : 'Could not read the file with these columns');
    },
    async planImport(existing, files) {
      const result = await client.planImport(existing, files);
      if (!result.ok) throw new Error(result.message);
      return result.value;
    },
  };
}
