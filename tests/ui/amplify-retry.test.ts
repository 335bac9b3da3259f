// The identity-call retry policy (spec section 7) with the real aws-amplify and only the network faked:
// 500/502/503/504, 429, throttling codes and network errors are retried, 3 attempts in all; service
// errors such as CodeMismatchException are not, and their message reaches the caller.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureAuth, forgotPassword, confirmForgotPassword } from '../../src/lib/auth/amplify-adapter';

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/x-amz-json-1.1' } });
const delivered = () =>
  json(200, { CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', Destination: 'a***@e***', AttributeName: 'email' } });

describe('identity retry policy (real Amplify, faked network)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    configureAuth({
      apiBaseUrl: 'http://127.0.0.1:8787',
      cognito: {
        region: 'ap-southeast-2',
        userPoolId: 'ap-southeast-2_wyrdLocal1',
        userPoolClientId: 'wyrdlocalclient00000000000',
        userPoolEndpoint: 'http://127.0.0.1:9229',
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([500, 502, 503, 504, 429])('retries HTTP %i, then succeeds on the third attempt', async (status) => {
    fetchMock
      .mockResolvedValueOnce(json(status, { __type: 'InternalErrorException', message: 'try later' }))
      .mockResolvedValueOnce(json(status, { __type: 'InternalErrorException', message: 'try later' }))
      .mockResolvedValueOnce(delivered());
    expect(await forgotPassword('ada@example.com')).toEqual({ success: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/^http:\/\/127\.0\.0\.1:9229\/?$/);
  });

  it('retries throttling (TooManyRequestsException) and network errors, at most 3 attempts', async () => {
    fetchMock
      .mockResolvedValueOnce(json(400, { __type: 'TooManyRequestsException', message: 'Too many requests' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const result = await forgotPassword('ada@example.com');
    expect(result.success).toBe(false);
    expect(result.error).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("does not retry a service error and shows the service's message", async () => {
    fetchMock.mockResolvedValue(
      json(400, { __type: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' }),
    );
    expect(await confirmForgotPassword('ada@example.com', '000000', 'Secret#123')).toEqual({
      success: false,
      error: 'Invalid verification code provided, please try again.',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
