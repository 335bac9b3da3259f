// Landing page (spec section 1): headline, 'How Wyrd Works' steps, and the waitlist alert that clears the field;
// and what index.html fetches up front on the public routes (docs/app.md, the route preload).
import { describe, expect, it } from 'vitest';
import { useBrowser } from './harness';
import { LoginPage } from './page-models/auth-pages';
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

  it("has /login fetch its route's chunks alongside the entry, and the landing page nothing extra", async () => {
    const html = await (await fetch(`${t.stack.webUrl}/login`, { headers: { Accept: 'text/html' } })).text();
    const map = /var r=(\{.*?\})\[location\.pathname/.exec(html)?.[1];
    expect(map, 'index.html holds the route preload map').toBeTruthy();
    const routes = JSON.parse(map!) as Record<string, string[]>;
    expect(Object.keys(routes).sort()).toEqual(['/forgot-password', '/login', '/signup']);
    expect(routes['/login'].some((file) => /^\/assets\/LoginPage-[\w-]+\.js$/.test(file))).toBe(true);
    expect(routes['/signup'].some((file) => /^\/assets\/SignupPage-[\w-]+\.js$/.test(file))).toBe(true);
    for (const file of new Set(Object.values(routes).flat())) {
      expect((await fetch(`${t.stack.webUrl}${file}`)).status, file).toBe(200);
    }
    const landing = new LandingPage(t.page);
    await new LoginPage(t.page).open();
    expect((await landing.modulePreloads()).sort()).toEqual([...routes['/login']].sort());
    await landing.open();
    expect(await landing.modulePreloads()).toEqual([]);
    expect(t.errors).toEqual([]);
  });
});
