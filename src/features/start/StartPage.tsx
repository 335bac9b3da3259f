// The guided start (/start): the plan built one short screen at a time: who is in the household, the accounts and
// balances, the pay and regular bills, then the baseline and a first life event. Each step saves its records
// through the ordinary repositories as it is completed (offline too) and the position in the meta table
// (data/guided-start.ts), so the user can leave at any step and come back to it.
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PageFrame } from '../../components/layout/PageFrame';
import { useDb } from '../../data/db-context';
import { GUIDED_STEPS, readGuidedStart, saveGuidedStart, type GuidedStep } from '../../data/guided-start';
import { AccountsStep } from './AccountsStep';
import { FinishStep } from './FinishStep';
import { HouseholdStep } from './HouseholdStep';
import { MoneyStep } from './MoneyStep';
import './start.css';

const TITLES: Record<GuidedStep, string> = {
  household: 'Your household',
  accounts: 'Accounts and balances',
  money: 'Pay and regular bills',
  finish: 'Your baseline',
};

export function StartPage() {
  const db = useDb();
  const [step, setStep] = useState<GuidedStep | null>(null);
  const [completed, setCompleted] = useState<GuidedStep[]>([]);

  useEffect(() => {
    let live = true;
    readGuidedStart(db).then(
      (p) => {
        if (!live) return;
        setStep(p?.step ?? 'household');
        setCompleted(p?.completed ?? []);
      },
      // Unreadable progress (the database closed under the screen at sign-out, or a failed read): start from the
      // first step rather than show nothing.
      (err: unknown) => {
        if (!live) return;
        console.error('Failed to read the guided start progress', err);
        setStep('household');
      },
    );
    return () => {
      live = false;
    };
  }, [db]);

  const goTo = async (next: GuidedStep, done?: GuidedStep) => {
    const progress = await saveGuidedStart(db, next, done);
    setCompleted(progress.completed);
    setStep(next);
    window.scrollTo?.({ top: 0 });
  };

  const index = step ? GUIDED_STEPS.indexOf(step) : 0;
  const next = GUIDED_STEPS[index + 1];
  const back = index > 0 ? () => void goTo(GUIDED_STEPS[index - 1]) : undefined;
  const complete = () => (step && next ? goTo(next, step) : Promise.resolve());

  return (
    <PageFrame title="Set up your plan" testId="start">
      {step === null ? (
        <p role="status">Loading...</p>
      ) : (
        <div className="guided">
          <ol className="guided-steps" aria-label="Steps">
            {GUIDED_STEPS.map((s, i) => (
              <li
                key={s}
                aria-current={s === step ? 'step' : undefined}
                className={completed.includes(s) ? 'guided-done' : undefined}
              >
                <span className="guided-number" aria-hidden="true">
                  {i + 1}
                </span>
                <span>
                  {TITLES[s]}
                  {completed.includes(s) && <span className="visually-hidden"> (done)</span>}
                </span>
              </li>
            ))}
          </ol>
          <section className="card guided-card" aria-labelledby="guided-title">
            <p className="guided-count">
              Step {index + 1} of {GUIDED_STEPS.length}
            </p>
            <h2 id="guided-title">{TITLES[step]}</h2>
            {step === 'household' && <HouseholdStep onDone={complete} />}
            {step === 'accounts' && <AccountsStep onDone={complete} onBack={back} />}
            {step === 'money' && <MoneyStep onDone={complete} onBack={back} />}
            {step === 'finish' && (
              <FinishStep onBack={back} onBuilt={() => void saveGuidedStart(db, 'finish', 'finish')} />
            )}
          </section>
          <p className="guided-leave">
            Everything is saved as you go. <Link to="/dashboard">Leave for now</Link> and carry on later.
          </p>
        </div>
      )}
    </PageFrame>
  );
}
