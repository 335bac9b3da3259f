// Runtime config (/app-config.json): the local default in public/ is valid, real-Cognito configs
// (no endpoint) are accepted, and bad configs fail with the fields named.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAppConfig, resetAppConfigForTests } from '../../src/lib/config/app-config';
import { parseAppConfig } from '../../src/lib/config/app-config-schema';

describe('app config', () => {
  afterEach(() => {
    resetAppConfigForTests();
    vi.unstubAllGlobals();
  });

  it('the default public/app-config.json points at the local stack', () => {
    const config = parseAppConfig(JSON.parse(readFileSync('public/app-config.json', 'utf8')));
    expect(config).toEqual({
      apiBaseUrl: 'http://127.0.0.1:8787',
      localOnly: false,
      cognito: {
        region: 'ap-southeast-2',
        userPoolId: 'ap-southeast-2_wyrdLocal1',
        userPoolClientId: 'wyrdlocalclient00000000000',
        userPoolEndpoint: 'http://127.0.0.1:9229',
      },
    });
  });

  it('accepts a real Cognito config (no userPoolEndpoint) and trims the API base', () => {
    const config = parseAppConfig({
      apiBaseUrl: 'https://abc.execute-api.ap-southeast-2.amazonaws.com/production/',
      cognito: { region: 'ap-southeast-2', userPoolId: 'ap-southeast-2_AbCdEf123', userPoolClientId: 'client' },
    });
    expect(config.apiBaseUrl).toBe('https://abc.execute-api.ap-southeast-2.amazonaws.com/production');
    expect(config.cognito.userPoolEndpoint).toBeUndefined();
  });

  it('names the bad fields', () => {
    expect(() => parseAppConfig({ apiBaseUrl: '', cognito: { region: 'x' } })).toThrow(
      /apiBaseUrl.*cognito\.userPoolId/,
    );
  });

  it('runs without an API only when localOnly says so: an empty apiBaseUrl on its own is still an error', () => {
    const cognito = { region: 'ap-southeast-2', userPoolId: 'ap-southeast-2_AbCdEf123', userPoolClientId: 'client' };
    expect(parseAppConfig({ localOnly: true, cognito })).toMatchObject({ apiBaseUrl: '', localOnly: true });
    expect(parseAppConfig({ apiBaseUrl: '', localOnly: true, cognito })).toMatchObject({ localOnly: true });
    expect(() => parseAppConfig({ apiBaseUrl: '', cognito })).toThrow('Invalid /app-config.json: check apiBaseUrl');
    expect(() => parseAppConfig({ apiBaseUrl: '  ', localOnly: false, cognito })).toThrow(/check apiBaseUrl/);
    expect(() => parseAppConfig({ apiBaseUrl: 'https://api.example', localOnly: true, cognito })).toThrow(
      /check localOnly \(needs an empty apiBaseUrl\)/,
    );
    expect(() => parseAppConfig({ apiBaseUrl: 'https://api.example', localOnly: 'yes', cognito })).toThrow(
      /check localOnly/,
    );
  });

  it('fetches /app-config.json once and retries after a failure', async () => {
    const body = JSON.parse(readFileSync('public/app-config.json', 'utf8'));
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response(JSON.stringify(body), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadAppConfig()).rejects.toThrow('Failed to fetch');
    await expect(loadAppConfig()).resolves.toMatchObject({ apiBaseUrl: 'http://127.0.0.1:8787' });
    await loadAppConfig();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0][0]).toBe('/app-config.json');
  });
});
