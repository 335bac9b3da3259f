// The centred card the public auth screens (login, signup, forgot password) sit in.
import { useEffect, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Logo } from '../../components/layout/Logo';

export function AuthCard({
  title,
  documentTitle,
  children,
}: {
  title: string;
  documentTitle?: string;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${documentTitle ?? title} · Wyrd`;
  }, [title, documentTitle]);
  return (
    <main className="auth-page">
      <div className="auth-card">
        <Link to="/" className="auth-logo" aria-label="Wyrd home">
          <Logo size={36} />
        </Link>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
