// The frame of the screens reached from Transactions (import, payee rules, recurring review, plan vs actual): the
// page heading with the way back to the list.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageFrame } from '../../components/layout/PageFrame';

export function SubPageFrame({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <PageFrame
      title={title}
      testId={testId}
      actions={
        <Link to="/transactions" className="button button-ghost">
          Back to transactions
        </Link>
      }
    >
      {children}
    </PageFrame>
  );
}
