// Login, signup and forgot-password screens: exact spec strings, validation messages, the service's
// messages and fallbacks, and the sign-in next steps (DONE, CONFIRM_SIGN_UP, RESET_PASSWORD, others).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, resetAppState, TEST_CONFIG } from './render-app';
import * as adapter from './adapter-mock';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

const user = () => userEvent.setup();

describe('login', () => {
  beforeEach(() => resetAppState());
  afterEach(() => cleanup());

  it('has the spec links and signs in to /dashboard (DONE)', async () => {
    const { router } = await renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByText(/Don't have an account\?/)).toHaveTextContent("Don't have an account? Sign up");
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');

    let finish: (v: { success: boolean; nextStep: { signInStep: string } }) => void = () => undefined;
    adapter.login.mockImplementationOnce(() => new Promise((r) => (finish = r)));
    await user().type(screen.getByLabelText('Email'), 'ada@example.com');
    await user().type(screen.getByLabelText('Password'), 'Secret#123');
    await user().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    adapter.signedInAs();
    finish({ success: true, nextStep: { signInStep: 'DONE' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(adapter.login).toHaveBeenCalledWith('ada@example.com', 'Secret#123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it("shows the identity service's message on a wrong password", async () => {
    adapter.login.mockResolvedValueOnce({ success: false, error: 'Incorrect username or password.' });
    await renderApp('/login');
    await user().type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user().type(screen.getByLabelText('Password'), 'wrong');
    await user().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('asks for email and password before calling the service', async () => {
    await renderApp('/login');
    await user().click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email and password');
    expect(adapter.login).not.toHaveBeenCalled();
  });

  it('CONFIRM_SIGN_UP leads to the confirmation screen, then signs in', async () => {
    adapter.login.mockResolvedValueOnce({ success: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    const { router } = await renderApp('/login');
    await user().type(await screen.findByLabelText('Email'), 'new@example.com');
    await user().type(screen.getByLabelText('Password'), 'Secret#123');
    await user().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Confirm your account' })).toBeInTheDocument();
    expect(adapter.resendSignupCode).toHaveBeenCalledWith('new@example.com');
    await user().type(screen.getByLabelText('Confirmation code'), '123456');
    adapter.signedInAs();
    await user().click(screen.getByRole('button', { name: 'Confirm Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(adapter.confirmSignup).toHaveBeenCalledWith('new@example.com', '123456');
    expect(adapter.login).toHaveBeenCalledTimes(2);
  });

  it('RESET_PASSWORD leads to the reset flow with the email filled in', async () => {
    adapter.login.mockResolvedValueOnce({ success: false, nextStep: { signInStep: 'RESET_PASSWORD' } });
    const { router } = await renderApp('/login');
    await user().type(await screen.findByLabelText('Email'), 'reset@example.com');
    await user().type(screen.getByLabelText('Password'), 'Secret#123');
    await user().click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByText(/Your password must be reset/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('reset@example.com');
  });

  it('other next steps get a clear message', async () => {
    adapter.login.mockResolvedValueOnce({ success: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    await renderApp('/login');
    await user().type(await screen.findByLabelText('Email'), 'mfa@example.com');
    await user().type(screen.getByLabelText('Password'), 'Secret#123');
    await user().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account needs a sign-in step Wyrd does not support yet (CONFIRM_SIGN_IN_WITH_TOTP_CODE). Please contact support.',
    );
  });
});

describe('signup', () => {
  beforeEach(() => resetAppState());
  afterEach(() => cleanup());

  async function fill(password = 'Secret#123', confirm = password) {
    await user().type(await screen.findByLabelText('First name'), 'Ada');
    await user().type(screen.getByLabelText('Last name'), 'Lovelace');
    await user().type(screen.getByLabelText('Email'), 'ada@example.com');
    await user().type(screen.getByLabelText('Password'), password);
    await user().type(screen.getByLabelText('Confirm password'), confirm);
  }

  it('has the password hint placeholder and every field labelled', async () => {
    await renderApp('/signup');
    expect(await screen.findByLabelText('Password')).toHaveAttribute(
      'placeholder',
      'Min 8 chars, mixed case, numbers, special chars',
    );
    for (const label of ['First name', 'Last name', 'Email', 'Confirm password'])
      expect(screen.getByLabelText(label)).toBeRequired();
  });

  it("rejects mismatched passwords with 'Passwords do not match'", async () => {
    await renderApp('/signup');
    await fill('Secret#123', 'Secret#124');
    await user().click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(adapter.signup).not.toHaveBeenCalled();
  });

  it('requires every field', async () => {
    await renderApp('/signup');
    await user().click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(adapter.signup).not.toHaveBeenCalled();
  });

  it('signs up, confirms the code and goes to /login', async () => {
    let finish: (v: { success: boolean; nextStep: { signUpStep: string } }) => void = () => undefined;
    adapter.signup.mockImplementationOnce(() => new Promise((r) => (finish = r)));
    const { router } = await renderApp('/signup');
    await fill();
    await user().click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    finish({ success: true, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    expect(await screen.findByRole('heading', { name: 'Confirm your account' })).toBeInTheDocument();
    expect(screen.getByText(/We sent a confirmation code to/)).toHaveTextContent('ada@example.com');
    expect(adapter.signup).toHaveBeenCalledWith('ada@example.com', 'Secret#123', 'Ada', 'Lovelace');

    let confirmDone: (v: { success: boolean }) => void = () => undefined;
    adapter.confirmSignup.mockImplementationOnce(() => new Promise((r) => (confirmDone = r)));
    await user().type(screen.getByLabelText('Confirmation code'), '123456');
    await user().click(screen.getByRole('button', { name: 'Confirm Account' }));
    expect(await screen.findByRole('button', { name: 'Confirming...' })).toBeDisabled();
    confirmDone({ success: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Account confirmed! Please sign in.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('shows a wrong confirmation code message from the service', async () => {
    adapter.confirmSignup.mockResolvedValueOnce({
      success: false,
      error: 'Invalid verification code provided, please try again.',
    });
    await renderApp('/signup');
    await fill();
    await user().click(screen.getByRole('button', { name: 'Sign up' }));
    await user().type(await screen.findByLabelText('Confirmation code'), '000000');
    await user().click(screen.getByRole('button', { name: 'Confirm Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code provided, please try again.');
  });

  it('goes straight to /login when no confirmation is needed', async () => {
    adapter.signup.mockResolvedValueOnce({ success: true, nextStep: { signUpStep: 'DONE' } });
    const { router } = await renderApp('/signup');
    await fill();
    await user().click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows the service's message, or the fallback 'Failed to sign up'", async () => {
    adapter.signup.mockResolvedValueOnce({ success: false, error: 'User already exists' });
    await renderApp('/signup');
    await fill();
    await user().click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');
    adapter.signup.mockResolvedValueOnce({ success: false });
    await user().click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to sign up'));
  });
});

describe('forgot password', () => {
  beforeEach(() => resetAppState());
  afterEach(() => cleanup());

  async function toStepTwo() {
    const view = await renderApp('/forgot-password');
    await user().type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user().click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await screen.findByRole('button', { name: 'Reset Password' });
    return view;
  }

  it("has '← Back to login' and sends the code", async () => {
    await renderApp('/forgot-password');
    expect(await screen.findByRole('link', { name: '← Back to login' })).toHaveAttribute('href', '/login');
    await user().type(screen.getByLabelText('Email'), 'ada@example.com');
    await user().click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await screen.findByRole('button', { name: 'Reset Password' });
    expect(adapter.forgotPassword).toHaveBeenCalledWith('ada@example.com');
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('placeholder', 'Enter 6-digit code');
    expect(screen.getByRole('link', { name: '← Back to login' })).toBeInTheDocument();
  });

  it("shows the fallback 'Failed to send reset code'", async () => {
    adapter.forgotPassword.mockResolvedValueOnce({ success: false });
    await renderApp('/forgot-password');
    await user().type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user().click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send reset code');
  });

  it("'Passwords do not match' and 'Password must be at least 8 characters'", async () => {
    await toStepTwo();
    await user().type(screen.getByLabelText('Verification code'), '123456');
    await user().type(screen.getByLabelText('New password'), 'Abc#1234');
    await user().type(screen.getByLabelText('Confirm password'), 'Abc#1235');
    await user().click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    await user().clear(screen.getByLabelText('New password'));
    await user().clear(screen.getByLabelText('Confirm password'));
    await user().type(screen.getByLabelText('New password'), 'Ab#1');
    await user().type(screen.getByLabelText('Confirm password'), 'Ab#1');
    await user().click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters'));
    expect(adapter.confirmForgotPassword).not.toHaveBeenCalled();
  });

  it("shows the service's message for a wrong code", async () => {
    adapter.confirmForgotPassword.mockResolvedValueOnce({
      success: false,
      error: 'Invalid verification code provided, please try again.',
    });
    await toStepTwo();
    await user().type(screen.getByLabelText('Verification code'), '000000');
    await user().type(screen.getByLabelText('New password'), 'Abc#12345');
    await user().type(screen.getByLabelText('Confirm password'), 'Abc#12345');
    await user().click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code provided, please try again.');
  });

  it("resets and shows 'Password Reset Successful!' with 'Go to Login'", async () => {
    const { router } = await toStepTwo();
    await user().type(screen.getByLabelText('Verification code'), '123456');
    await user().type(screen.getByLabelText('New password'), 'Abc#12345');
    await user().type(screen.getByLabelText('Confirm password'), 'Abc#12345');
    await user().click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { name: 'Password Reset Successful!' })).toBeInTheDocument();
    expect(adapter.confirmForgotPassword).toHaveBeenCalledWith('ada@example.com', '123456', 'Abc#12345');
    await user().click(screen.getByRole('link', { name: 'Go to Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
