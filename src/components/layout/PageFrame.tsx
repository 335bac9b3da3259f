// The frame every signed-in page renders: its heading and a content container (later issues fill it).
import { useEffect, type ReactNode } from 'react';

export function PageFrame({
  title,
  testId,
  actions,
  children,
}: {
  title: string;
  testId: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Wyrd`;
  }, [title]);
  return (
    <section className="page" aria-labelledby={`${testId}-title`}>
      <div className="page-header">
        <h1 id={`${testId}-title`}>{title}</h1>
        {actions}
      </div>
      <div className="page-content" data-testid={`${testId}-content`}>
        {children}
      </div>
    </section>
  );
}
