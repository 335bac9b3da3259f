// The mapping step's live preview: the file read with the current column choices (in the worker), a short pause
// after each change, the latest choices winning.
import { useEffect, useState } from 'react';
import type { ParsedStatement } from '../engine-types';
import type { ColumnMapping, StatementReader } from './import-types';

export type MappingPreview = { for: ColumnMapping; statement?: ParsedStatement; error?: string };

export function useMappingPreview(
  file: File | undefined,
  mapping: ColumnMapping,
  getReader: () => Promise<StatementReader>,
): MappingPreview | null {
  const [preview, setPreview] = useState<MappingPreview | null>(null);
  useEffect(() => {
    if (!file) return;
    let stale = false;
    const timer = setTimeout(() => {
      getReader()
        .then((r) => r.parseWithMapping(file, mapping))
        .then(
          (statement) => !stale && setPreview({ for: mapping, statement }),
          (err: unknown) =>
            !stale &&
            setPreview({ for: mapping, error: err instanceof Error ? err.message : 'Could not read the file' }),
        );
    }, 150);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [file, mapping, getReader]);
  return preview;
}
