// Landing page (spec section 1): headline, 'How Wyrd Works' steps, and the waitlist alert that clears the field.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './harness';
import { LandingPage } from './page-models/landing-page';

describe('landing page', () => {
  const t = useBrowser();

  it('shows the headline, the four How Wyrd Works steps and Get Early Access', async () => {
    const landing = new LandingPage(t.page);
    await landing.open();
    await landing.headline().waitFor();
    await landing.howItWorks().waitFor();
    for (const step of ['Create Your Baseline', 'Build Scenarios', 'Compare & Choose', 'Update As Needed']) {
      expect(await landing.step(step).count(), step).toBeGreaterThan(0);
    }
    expect(await landing.earlyAccess().count()).toBeGreaterThan(0);
  });

  it('thanks a waitlist sign-up with the exact alert and clears the field', async () => {
    const landing = new LandingPage(t.page);
    await landing.open();
    const email = landing.waitlistEmail();
    await email.fill('jo@example.com');
    expect(await email.getAttribute('type')).toBe('email');
    expect(await email.getAttribute('required')).not.toBeNull();
    const message = await landing.waitlistConfirmation(() => email.press('Enter'));
    expect(message.trim()).toBe("Thanks for joining! We'll be in touch at jo@example.com. Stay Wyrd!");
    await expect.poll(() => email.inputValue()).toBe('');
    expect(t.errors).toEqual([]);
  });
});
