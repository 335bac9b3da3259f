// Importing statements: choose the account and one or more files, read them in the worker (with progress), map
// the columns of an unknown CSV, then a preview (rows, money in and out, dates, skipped lines, duplicates and the
// possible duplicates to decide one by one). Nothing is written until "Import"; afterwards the account's balance
// can be set from the statement's closing balance.
import { useDb } from '../../../data/db-context';
import { SubPageFrame } from '../SubPageFrame';
import { plural } from '../tx-format';
import { useTxLookups } from '../use-tx-lookups';
import { ChooseStep, Progress } from './ChooseStep';
import { DoneStep } from './DoneStep';
import type { StatementReader } from './import-types';
import { MappingStep } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import { useImportFlow } from './use-import-flow';
import '../transactions.css';

export function ImportPage({ accountId, reader }: { accountId?: string; reader?: StatementReader } = {}) {
  const lookups = useTxLookups(useDb());
  const flow = useImportFlow(accountId, reader);
  const { step, files } = flow;
  const accountName = lookups?.accountName.get(flow.account) ?? 'the account';
  const mapping = step.kind === 'mapping' ? step.results[step.index] : undefined;

  return (
    <SubPageFrame title="Import statements" testId="import">
      {step.kind === 'choose' && lookups && <ChooseStep flow={flow} lookups={lookups} error={step.error} />}
      {step.kind === 'reading' && (
        <Progress
          label={`Reading file ${Math.min(step.done + 1, step.total)} of ${step.total}`}
          done={step.done}
          total={step.total}
        />
      )}
      {step.kind === 'mapping' && mapping?.kind === 'mapping_needed' && (
        <MappingStep
          key={step.index}
          fileName={mapping.file_name}
          preview={mapping.preview}
          initial={step.initial}
          file={files.find((f) => f.name === mapping.file_name)}
          getReader={flow.getReader}
          onCancel={flow.restart}
          onConfirm={(m) => void flow.mapped(m)}
        />
      )}
      {step.kind === 'preview' && (
        <PreviewStep
          preview={step.preview}
          accountName={accountName}
          onCancel={flow.restart}
          onConfirm={(same) => void flow.confirm(step.preview, same)}
        />
      )}
      {step.kind === 'saving' && (
        <Progress label={`Saving ${plural(step.total, 'transaction')}`} done={step.done} total={step.total} />
      )}
      {step.kind === 'done' && <DoneStep step={step} flow={flow} accountName={accountName} />}
    </SubPageFrame>
  );
}
