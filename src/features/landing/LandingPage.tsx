// The public landing page (spec section 1): header with Get Early Access, the headline,
// 'How Wyrd Works' in four steps, the waitlist form (nothing is sent anywhere) and a footer.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Logo } from '../../components/layout/Logo';
import { Button, Input } from '../../components/form/controls';

const STEPS = [
  {
    title: 'Create Your Baseline',
    text: 'Add your accounts, income and expenses so Wyrd knows where you stand today.',
  },
  {
    title: 'Build Scenarios',
    text: 'Model life events from templates: a first home, an investment property, parental leave, paying off debt.',
  },
  {
    title: 'Compare & Choose',
    text: 'See net worth, cash flow and capital growth side by side over up to 30 years.',
  },
  {
    title: 'Update As Needed',
    text: 'Keep events and balances current as life changes, online or offline.',
  },
];

export function LandingPage() {
  const [email, setEmail] = useState('');

  useEffect(() => {
    document.title = 'Wyrd: financial planning, the Wyrd way';
  }, []);

  const scrollToWaitlist = () => {
    const waitlist = document.getElementById('waitlist');
    waitlist?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    document.getElementById('waitlist-email')?.focus({ preventScroll: true });
  };

  const joinWaitlist = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The waitlist is a placeholder: nothing leaves the browser.
    window.alert(`Thanks for joining! We'll be in touch at ${email}. Stay Wyrd!`);
    setEmail('');
  };

  return (
    <div className="landing">
      <header className="landing-header">
        <Link to="/" className="landing-logo" aria-label="Wyrd home">
          <Logo />
        </Link>
        <div className="landing-header-actions">
          <Link to="/login" className="button button-ghost">
            Sign in
          </Link>
          <Button type="button" className="button button-primary" onClick={scrollToWaitlist}>
            Get Early Access
          </Button>
        </div>
      </header>

      <main>
        <section className="hero" aria-labelledby="hero-title">
          <h1 id="hero-title">Financial planning, the Wyrd way</h1>
          <p className="hero-lead">
            Forecast your net worth, cash flow and capital growth for up to 30 years. Model the big decisions before you
            make them, built for Australians and working even when you're offline.
          </p>
        </section>

        <section className="how" aria-labelledby="how-title">
          <h2 id="how-title">How Wyrd Works</h2>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section id="waitlist" className="waitlist" aria-labelledby="waitlist-title">
          <h2 id="waitlist-title">Join the waitlist</h2>
          <p>Be the first to plan your future with Wyrd.</p>
          <form className="waitlist-form" onSubmit={joinWaitlist}>
            <label htmlFor="waitlist-email">Email address</label>
            <div className="waitlist-row">
              <Input
                id="waitlist-email"
                type="email"
                name="email"
                required
                autoComplete="email"
                placeholder="you@example.com"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <Button type="submit" className="button button-primary">
                Join Waitlist
              </Button>
            </div>
          </form>
        </section>
      </main>

      <footer className="landing-footer">
        <p>
          © {new Date().getFullYear()} Wyrd. Financial forecasting for Australians. General information only, not
          financial advice.
        </p>
      </footer>
    </div>
  );
}
