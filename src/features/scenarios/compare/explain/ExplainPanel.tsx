// One month's breakdown per scenario (Explain this number): a table each for cash flow and capital growth whose
// lines add up to their totals to the cent, then each person's tax working, the loans and the transfers.
import { formatMoneyCents } from '../../../../lib/format/money';
import type { ExplainFigure, MonthExplanation, TaxExplanation } from '../../../../../worker/engine/index';
import { longMonth } from './months';

const money = formatMoneyCents;

/** A table's column heads: text columns first, then the right-aligned amount columns. */
function ColumnHeads({ labels, amounts }: { labels: ReadonlyArray<string>; amounts: ReadonlyArray<string> }) {
  return (
    <thead>
      <tr>
        {labels.map((l) => (
          <th key={l} scope="col">
            {l}
          </th>
        ))}
        {amounts.map((l) => (
          <th key={l} scope="col" className="explain-amount">
            {l}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function FigureTable({ figure, caption, testId }: { figure: ExplainFigure; caption: string; testId: string }) {
  return (
    <table className="explain-table" data-testid={testId}>
      <caption>{caption}</caption>
      <ColumnHeads labels={['Item', 'Person']} amounts={['Amount']} />
      {figure.sections.map((s) => (
        <tbody key={s.id} data-section={s.id}>
          <tr className="explain-section">
            <th scope="rowgroup" colSpan={3}>
              {s.title}
            </th>
          </tr>
          {s.lines.map((l, i) => (
            <tr key={i}>
              <th scope="row" className="explain-item">
                {l.label}
                {l.account && l.label !== l.account && !l.label.includes(l.account) && (
                  <span className="explain-account"> ({l.account})</span>
                )}
                {l.note && <span className="explain-note">{l.note}</span>}
              </th>
              <td>{l.person ?? ''}</td>
              <td className="explain-amount">{money(l.amount)}</td>
            </tr>
          ))}
          {s.lines.length > 1 && (
            <tr className="explain-subtotal">
              <th scope="row">{s.title}: total</th>
              <td />
              <td className="explain-amount">{money(s.total)}</td>
            </tr>
          )}
        </tbody>
      ))}
      <tfoot>
        <tr>
          <th scope="row">{caption}</th>
          <td />
          <td className="explain-amount" data-testid={`${testId}-total`}>
            {money(figure.total)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** One line of the tax working: its label across the first two columns, the amount in the third. */
function TaxRow({ label, amount }: { label: string; amount: number }) {
  return (
    <tr>
      <th scope="row" colSpan={2}>
        {label}
      </th>
      <td className="explain-amount">{money(amount)}</td>
    </tr>
  );
}

function TaxWorking({ tax }: { tax: TaxExplanation }) {
  const extra = Object.entries(tax.year).filter(([k]) => !['income_tax', 'lito', 'medicare_levy', 'total'].includes(k));
  return (
    <table className="explain-table" data-testid="explain-tax">
      <caption>
        Tax: {tax.person}, {tax.financial_year}
      </caption>
      <tbody>
        <tr>
          <th scope="row" colSpan={2}>
            Rule
          </th>
          <td>{tax.rule}</td>
        </tr>
        {tax.unconfirmed && tax.unconfirmed.length > 0 && (
          <tr data-testid="explain-tax-unconfirmed">
            <th scope="row" colSpan={2}>
              UNCONFIRMED
            </th>
            <td>{`${tax.financial_year} ${tax.unconfirmed.join(', ')}: estimates until published`}</td>
          </tr>
        )}
        {tax.taxable_income.map((l, i) => (
          <TaxRow key={i} label={`Taxable this month: ${l.label}`} amount={l.amount} />
        ))}
        <TaxRow label="Taxable income this month" amount={tax.taxable_this_month} />
        <TaxRow
          label={`Taxable income this financial year so far (${tax.months_into_year} ${tax.months_into_year === 1 ? 'month' : 'months'})`}
          amount={tax.taxable_year_to_date}
        />
        <TaxRow label="Estimated taxable income for the year" amount={tax.annualised_income} />
        <TaxRow label="Income tax for the year" amount={tax.year.income_tax} />
        <TaxRow label="Less Low Income Tax Offset (LITO)" amount={-tax.year.lito} />
        <TaxRow label="Medicare levy" amount={tax.year.medicare_levy} />
        {extra.map(([k, v]) => (
          <TaxRow
            key={k}
            label={k === 'help' ? 'HELP repayment' : k === 'division_293' ? 'Division 293 tax' : k.replace(/_/g, ' ')}
            amount={v}
          />
        ))}
        <TaxRow label="Tax for the year" amount={tax.year.total} />
        <TaxRow label="Due by this month" amount={tax.due_to_date} />
        <TaxRow label="Less charged earlier this financial year" amount={-tax.charged_before} />
      </tbody>
      <tfoot>
        <TaxRow label="Tax this month" amount={tax.this_month} />
        {tax.division_293_tax !== null && (
          <TaxRow label="Division 293 tax this month (last year's, charged on 1 July)" amount={tax.division_293_tax} />
        )}
        {tax.excess_contributions_tax !== null && (
          <TaxRow label="Tax on excess concessional contributions this month" amount={tax.excess_contributions_tax} />
        )}
        {tax.help_repayment !== null && (
          <TaxRow
            label="HELP repayment this month (paid off the HELP debt, so not an expense)"
            amount={tax.help_repayment}
          />
        )}
      </tfoot>
    </table>
  );
}

export function ScenarioBreakdown({ explanation: e }: { explanation: MonthExplanation }) {
  const headingId = `explain-${e.scenario_id}`;
  return (
    <section className="explain-scenario" aria-labelledby={headingId} data-testid="explain-scenario">
      <h3 id={headingId}>{e.name}</h3>
      <p className="explain-summary">
        Net worth went from {money(e.opening_net_worth)} to {money(e.closing_net_worth)} in {longMonth(e.month)}: a
        change of {money(e.net_worth_change)}, which is cash flow {money(e.cash_flow.total)} plus capital growth{' '}
        {money(e.capital_growth.total)}.
      </p>
      {!e.complete && (
        <p className="form-message form-message-error" role="alert">
          Some of this month&apos;s money could not be itemised; it is shown as &quot;Not itemised&quot;.
        </p>
      )}
      <FigureTable figure={e.cash_flow} caption="Cash flow" testId="explain-cash-flow" />
      <FigureTable figure={e.capital_growth} caption="Capital growth" testId="explain-capital-growth" />
      {e.taxes.map((t) => (
        <TaxWorking key={t.person} tax={t} />
      ))}
      {e.loans.length > 0 && (
        <table className="explain-table" data-testid="explain-loans">
          <caption>Loans</caption>
          <ColumnHeads labels={['Loan']} amounts={['Interest', 'Principal repaid', 'Repayment', 'Offset saving']} />
          <tbody>
            {e.loans.map((l) => (
              <tr key={l.loan}>
                <th scope="row">{l.loan}</th>
                <td className="explain-amount">{money(l.interest)}</td>
                <td className="explain-amount">{money(l.principal)}</td>
                <td className="explain-amount">{money(l.repayment)}</td>
                <td className="explain-amount">{l.offset_saving === null ? 'No offset' : money(l.offset_saving)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {e.transfers.length > 0 && (
        <table className="explain-table" data-testid="explain-transfers">
          <caption>Moved between your own accounts (not in cash flow or growth)</caption>
          <ColumnHeads labels={['What', 'From', 'To']} amounts={['Amount']} />
          <tbody>
            {e.transfers.map((t, i) => (
              <tr key={i}>
                <th scope="row">{t.label}</th>
                <td>{t.from}</td>
                <td>{t.to}</td>
                <td className="explain-amount">{money(t.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
