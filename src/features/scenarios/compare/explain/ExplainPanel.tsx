// One month's breakdown per scenario (Explain this number): a table each for cash flow and capital growth whose
// lines add up to their totals to the cent, then each person's tax working, the loans and the transfers.
import { formatMoneyCents } from '../../../../lib/format/money';
import type { ExplainFigure, MonthExplanation, TaxExplanation } from '../../../../../worker/engine/index';
import { longMonth } from './months';

const money = formatMoneyCents;

function FigureTable({ figure, caption, testId }: { figure: ExplainFigure; caption: string; testId: string }) {
  return (
    <table className="explain-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Person</th>
          <th scope="col" className="explain-amount">
            Amount
          </th>
        </tr>
      </thead>
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
          <tr key={i}>
            <th scope="row" colSpan={2}>
              Taxable this month: {l.label}
            </th>
            <td className="explain-amount">{money(l.amount)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" colSpan={2}>
            Taxable income this month
          </th>
          <td className="explain-amount">{money(tax.taxable_this_month)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={2}>
            Taxable income this financial year so far ({tax.months_into_year}{' '}
            {tax.months_into_year === 1 ? 'month' : 'months'})
          </th>
          <td className="explain-amount">{money(tax.taxable_year_to_date)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={2}>
            Estimated taxable income for the year
          </th>
          <td className="explain-amount">{money(tax.annualised_income)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={2}>
            Income tax for the year
          </th>
          <td className="explain-amount">{money(tax.year.income_tax)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={2}>
            Less Low Income Tax Offset (LITO)
          </th>
          <td className="explain-amount">{money(-tax.year.lito)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={2}>
            Medicare levy
          </th>
          <td className="explain-amount">{money(tax.year.medicare_levy)}</td>
        </tr>
        {extra.map(([k, v]) => (
          <tr key={k}>
            <th scope="row" colSpan={2}>
              {k === 'help' ? 'HELP repayment' : k === 'division_293' ? 'Division 293 tax' : k.replace(/_/g, ' ')}
            </th>
            <td className="explain-amount">{money(v)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" colSpan={2}>
            Tax for the year
          </th>
          <td className="explain-amount">{money(tax.year.total)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={2}>
            Due by this month
          </th>
          <td className="explain-amount">{money(tax.due_to_date)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={2}>
            Less charged earlier this financial year
          </th>
          <td className="explain-amount">{money(-tax.charged_before)}</td>
        </tr>
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            Tax this month
          </th>
          <td className="explain-amount">{money(tax.this_month)}</td>
        </tr>
        {tax.division_293_tax !== null && (
          <tr>
            <th scope="row" colSpan={2}>
              Division 293 tax this month (last year&apos;s, charged on 1 July)
            </th>
            <td className="explain-amount">{money(tax.division_293_tax)}</td>
          </tr>
        )}
        {tax.excess_contributions_tax !== null && (
          <tr>
            <th scope="row" colSpan={2}>
              Tax on excess concessional contributions this month
            </th>
            <td className="explain-amount">{money(tax.excess_contributions_tax)}</td>
          </tr>
        )}
        {tax.help_repayment !== null && (
          <tr>
            <th scope="row" colSpan={2}>
              HELP repayment this month (paid off the HELP debt, so not an expense)
            </th>
            <td className="explain-amount">{money(tax.help_repayment)}</td>
          </tr>
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
          <thead>
            <tr>
              <th scope="col">Loan</th>
              <th scope="col" className="explain-amount">
                Interest
              </th>
              <th scope="col" className="explain-amount">
                Principal repaid
              </th>
              <th scope="col" className="explain-amount">
                Repayment
              </th>
              <th scope="col" className="explain-amount">
                Offset saving
              </th>
            </tr>
          </thead>
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
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col" className="explain-amount">
                Amount
              </th>
            </tr>
          </thead>
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
