// The statement reader backed by the statement worker (worker/statement-client.ts): files are read, parsed and
// planned off the main thread; each file's bytes are transferred, not copied. A parsed file's rows cross to the
// page once: the plan names them by the token the worker keeps them under and answers in columns, joined here to
// the page's copy (worker/statement-wire.ts).
import { transfer } from 'comlink';
import { getStatementClient } from '../../../../worker/statement-client';
import type { KeptOutcome } from '../../../../worker/statement-worker-api';
import { fromWirePlan, ROWS_PAGE, type WireFile } from '../../../../worker/statement-wire';
import type { ParsedRow } from '../engine-types';
import type { FileResult, StatementReader } from './import-types';

async function bytesOf(file: File): Promise<{ name: string; bytes: Uint8Array }> {
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

export function createWorkerReader(): StatementReader {
  const client = getStatementClient();
  /** The worker's token for each file's rows (the page's copy of them is the key). */
  const tokens = new WeakMap<ParsedRow[], string>();
  /** A parsed file's rows, fetched a page per message, remembered with their token. */
  const withRows = async (outcome: KeptOutcome): Promise<KeptOutcome> => {
    if (outcome.kind !== 'parsed' || !outcome.rows_token) return outcome;
    const rows: ParsedRow[] = [];
    for (let start = 0; start < (outcome.row_count ?? 0); start += ROWS_PAGE) {
      const page = await client.keptRows(outcome.rows_token, start, ROWS_PAGE);
      if (page.length === 0) throw new Error("The statement worker no longer has the file's rows.");
      rows.push(...page);
    }
    tokens.set(rows, outcome.rows_token);
    return { ...outcome, statement: { ...outcome.statement, rows } };
  };
  return {
    async parseFiles(files, onProgress) {
      const results: FileResult[] = [];
      for (let i = 0; i < files.length; i++) {
        const f = await bytesOf(files[i]);
        const [kept] = await client.parseFilesKept(transfer([f], [f.bytes.buffer as ArrayBuffer]));
        const outcome = await withRows(kept);
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
      const outcome = await withRows(
        await client.parseWithMappingKept(transfer(f, [f.bytes.buffer as ArrayBuffer]), mapping),
      );
      if (outcome.kind === 'parsed') return outcome.statement;
      throw new Error(outcome.kind === 'error' ? outcome.message : 'Could not read the file with these columns');
    },
    async planImport(existing, files) {
      const wire: WireFile[] = files.map((rows) => tokens.get(rows) ?? rows);
      let result = await client.planImportKept(existing, wire);
      // The worker no longer keeps a file's rows (many files read since, or a new worker): send them.
      if (!result.ok && 'missing' in result) result = await client.planImportKept(existing, files);
      if (!result.ok) throw new Error(result.message);
      return fromWirePlan(result.value, files);
    },
  };
}
