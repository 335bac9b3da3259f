// Payee rules: the category remembered for each payee, applied to later imports. Each can be changed or deleted.
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../data/db-context';
import { SubPageFrame } from './SubPageFrame';
import { listRules, type PayeeRuleRow } from './tx-store';
import { deletePayeeRule, updatePayeeRule } from './tx-writes';
import { Button, DataTable, EmptyCard, FailedCard, NamedOptions, SelectField, StatusLine } from './ui';
import { useToastAction } from './use-toast-action';
import { useTxLookups } from './use-tx-lookups';
import './transactions.css';

export const DELETE_RULE_CONFIRM = 'Delete this rule? Transactions already categorised keep their category.';

export function RulesPage() {
  const db = useDb();
  const run = useToastAction();
  const lookups = useTxLookups(db);
  const rules = useLiveQuery(() => listRules(db).catch(() => null), [db]);

  const change = (rule: PayeeRuleRow, categoryId: string) =>
    run(() => updatePayeeRule(db, rule.id, { category_id: categoryId }), {
      log: 'Failed to update the rule',
      failed: 'Could not change the rule',
      done: () => `${rule.payee} is now ${lookups?.categoryName.get(categoryId) ?? 'recategorised'}`,
    });
  const remove = async (rule: PayeeRuleRow) => {
    if (!window.confirm(DELETE_RULE_CONFIRM)) return;
    await run(() => deletePayeeRule(db, rule.id), {
      log: 'Failed to delete the rule',
      failed: 'Could not delete the rule',
      done: () => 'Rule deleted',
    });
  };

  return (
    <SubPageFrame title="Payee rules" testId="rules">
      <p className="money-status">
        When you give a payee a category and choose to remember it, later imports use that category for the payee.
      </p>
      {rules === undefined || !lookups ? (
        <StatusLine>Loading rules...</StatusLine>
      ) : rules === null ? (
        <FailedCard>Failed to load rules</FailedCard>
      ) : rules.length === 0 ? (
        <EmptyCard>
          <p>No rules yet. Change a transaction&apos;s category and choose &quot;Remember&quot; to add one.</p>
        </EmptyCard>
      ) : (
        <DataTable
          caption={rules.length === 1 ? '1 rule' : `${rules.length} rules`}
          columns={['Payee', 'Category', { label: <span className="visually-hidden">Actions</span> }]}
        >
          {rules.map((rule) => (
            <tr key={rule.id}>
              <th scope="row">{rule.payee}</th>
              <td>
                <SelectField
                  label={`Category for ${rule.payee}`}
                  hideLabel
                  value={rule.category_id}
                  onChange={(e) => void change(rule, e.target.value)}
                >
                  <NamedOptions items={lookups.categories} />
                </SelectField>
              </td>
              <td>
                <Button
                  variant="danger"
                  aria-label={`Delete the rule for ${rule.payee}`}
                  onClick={() => void remove(rule)}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </SubPageFrame>
  );
}
