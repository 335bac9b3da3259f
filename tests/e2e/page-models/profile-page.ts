// Page model of the Profile screen for the browser tests: the first name, the Security tab's password change, the
// Data tab's export and import, and the household's people (from the guided start).
import type { Locator, Page } from 'playwright-core';
import { fillNewPassword } from './auth-pages';

export class ProfilePage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/profile');
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Profile' });
  }

  firstName(): Locator {
    return this.page.getByLabel(/^first name/i);
  }

  /** Saves the details and waits for the confirmation. */
  async saveChanges(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save Changes' }).click();
    await this.page.getByText('Profile updated successfully!').first().waitFor();
  }

  /** Changes the password on the Security tab and waits for the confirmation. */
  async changePassword(current: string, next: string): Promise<void> {
    const page = this.page;
    await page
      .getByRole('tab', { name: 'Security' })
      .or(page.getByRole('button', { name: 'Security' }))
      .first()
      .click();
    await page.getByLabel(/^current password/i).fill(current);
    await fillNewPassword(page, next);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed successfully!').first().waitFor();
  }

  /** Opens the Data tab (export and import). */
  async openDataTab(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Data' }).click();
  }

  exportButton(): Locator {
    return this.page.getByRole('button', { name: 'Export data' });
  }

  /** The file input that imports a backup (after a confirm that it replaces everything). */
  importInput(): Locator {
    return this.page.getByLabel('Import data');
  }

  /** The import's closing message (it starts 'Import complete:' and counts what came in). */
  importComplete(counts = ''): Locator {
    // `counts` is plain words and digits ('2 accounts, 3 recurring items'): nothing to escape.
    return this.page.getByText(new RegExp(`^Import complete:${counts ? ` ${counts}` : ''}`));
  }

  /** The name of a person of the household ('You' or the partner's group). */
  personName(person: string): Locator {
    return this.page.getByRole('group', { name: person, exact: true }).getByLabel('Name', { exact: true });
  }
}
