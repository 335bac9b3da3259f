// Confirmation and reset codes the local identity service has sent, by email: printed to the console,
// served to local tools at /_local/codes/{email}, and used to expire old codes and limit wrong guesses.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type CodePurpose =
  | 'SignUp'
  | 'ResendCode'
  | 'ForgotPassword'
  | 'AdminResetPassword'
  | 'UpdateUserAttribute'
  | 'VerifyUserAttribute'
  | 'Other';

export type CodeRecord = { code: string; purpose: CodePurpose; issuedAt: number };

type Stored = { codes: Record<string, CodeRecord>; revokedBefore: Record<string, number> };

/** Lifetimes Cognito gives its codes: 24 hours for sign-up confirmation, 1 hour for password reset. */
export const CODE_LIFETIME_MS: Record<CodePurpose, number> = {
  SignUp: 24 * 3600_000,
  ResendCode: 24 * 3600_000,
  ForgotPassword: 3600_000,
  AdminResetPassword: 3600_000,
  UpdateUserAttribute: 24 * 3600_000,
  VerifyUserAttribute: 24 * 3600_000,
  Other: 24 * 3600_000,
};

const normalise = (email: string) => email.trim().toLowerCase();

/** Small JSON-file store next to cognito-local's data; it also keeps the per-user global sign-out times. */
export class CodeStore {
  private data: Stored = { codes: {}, revokedBefore: {} };
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'local-state.json');
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<Stored>;
      this.data = { codes: parsed.codes ?? {}, revokedBefore: parsed.revokedBefore ?? {} };
    } catch {
      // First start, or an unreadable file: start empty rather than refuse to run.
    }
  }

  record(email: string, code: string, purpose: CodePurpose, now = Date.now()): void {
    this.data.codes[normalise(email)] = { code, purpose, issuedAt: now };
    this.save();
  }

  latest(email: string): CodeRecord | null {
    return this.data.codes[normalise(email)] ?? null;
  }

  /** True when the latest code for this email was issued longer ago than Cognito keeps such codes. */
  isExpired(email: string, now = Date.now()): boolean {
    const record = this.latest(email);
    return !!record && now - record.issuedAt > CODE_LIFETIME_MS[record.purpose];
  }

  markSignedOut(sub: string, atSeconds: number): void {
    this.data.revokedBefore[sub] = atSeconds;
    this.save();
  }

  signedOutAt(sub: string): number | undefined {
    return this.data.revokedBefore[sub];
  }

  private save(): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, `${JSON.stringify(this.data, null, 2)}\n`);
  }
}
