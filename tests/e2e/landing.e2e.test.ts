// Landing page (spec section 1): headline, 'How Wyrd Works' steps, and the waitlist alert that clears the field.
import { describe, expect, it } from 'vitest';
import { captureAlert, useBrowser } from './harness';

describe('landing page', () => {
  const t = useBrowser();

  it('shows the headline, the four How Wyrd Works steps and Get Early Access', async () => {
    await t.page.goto('/');
    await t.page
      .getByText(/Financial planning, the/)
      .first()
      .waitFor();
    await t.page.getByRole('heading', { name: 'How Wyrd Works' }).waitFor();
    for (const step of ['Create Your Baseline', 'Build Scenarios', 'Compare & Choose', 'Update As Needed']) {
      expect(await t.page.getByText(step, { exact: true }).count(), step).toBeGreaterThan(0);
    }
    expect(
      await t.page
        .getByRole('button', { name: 'Get Early Access' })
        .or(t.page.getByRole('link', { name: 'Get Early Access' }))
        .count(),
    ).toBeGreaterThan(0);
  });

  it('thanks a waitlist sign-up with the exact alert and clears the field', async () => {
    await t.page.goto('/');
    const email = t.page.getByRole('textbox', { name: /email/i });
    await email.fill('jo@example.com');
    expect(await email.getAttribute('type')).toBe('email');
    expect(await email.getAttribute('required')).not.toBeNull();
    const message = await captureAlert(t.page, () => email.press('Enter'));
    expect(message.trim()).toBe("Thanks for joining! We'll be in touch at jo@example.com. Stay Wyrd!");
    await expect.poll(() => email.inputValue()).toBe('');
    expect(t.errors).toEqual([]);
  });
});
