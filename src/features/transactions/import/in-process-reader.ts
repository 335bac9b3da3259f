// A statement reader that runs the engine's parser and planner on this thread, one file at a time with a yield to
// the browser between files. Loaded on demand (it pulls in the parsers); the worker-backed reader replaces it where
// a statement worker is available.
import {
  parseStatementFile,
  parseStatementWithMapping,
  planImport,
  StatementFileError,
} from '../../../../worker/engine/index';
import type { FileResult, StatementReader } from './import-types';
import { yieldToMain } from '../../../data/yield-to-main';

async function bytesOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

function messageOf(err: unknown, fileName: string): string {
  if (err instanceof StatementFileError) return err.message;
  return `"${fileName}" could not be read as a bank statement.`;
}

export function createInProcessReader(): StatementReader {
  return {
    async parseFiles(files, onProgress) {
      const results: FileResult[] = [];
      for (let i = 0; i < files.length; i++) {
        const file = files[i];
        try {
          const r = parseStatementFile(await bytesOf(file), file.name);
          results.push(
            r.kind === 'parsed'
              ? { kind: 'parsed', file_name: file.name, statement: r.statement }
              : { kind: 'mapping_needed', file_name: file.name, preview: r.preview },
          );
        } catch (err) {
          if (!(err instanceof StatementFileError)) console.error('Failed to read a statement', err);
          results.push({ kind: 'rejected', file_name: file.name, message: messageOf(err, file.name) });
        }
        onProgress?.(i + 1, files.length);
        await yieldToMain();
      }
      return results;
    },
    async parseWithMapping(file, mapping) {
      return parseStatementWithMapping(await bytesOf(file), file.name, mapping);
    },
    async planImport(existing, files) {
      return planImport(existing, files);
    },
  };
}
