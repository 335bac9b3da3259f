// The stack launcher's runtime config: WYRD_API_URL set empty runs without the API server and tells the app
// it is local-only (a config the app accepts); unset keeps the local API.
import { describe, expect, it } from 'vitest';
import { buildAppConfig, planStack } from '../../scripts/stack/app-config';
import { parseAppConfig } from '../../src/lib/config/app-config-schema';

describe('stack config without an API', () => {
  it('WYRD_API_URL= (set, empty) starts no API server and serves a local-only config', () => {
    const env = { WYRD_API_URL: '' };
    expect(planStack(env)).toMatchObject({ runApi: false, runIdentity: true });
    const json = buildAppConfig(env, { identityUrl: 'http://127.0.0.1:9229' });
    expect(json).toMatchObject({ apiBaseUrl: '', localOnly: true });
    expect(parseAppConfig(json)).toMatchObject({ apiBaseUrl: '', localOnly: true });
  });

  it('unset WYRD_API_URL keeps the local API server', () => {
    expect(planStack({})).toMatchObject({ runApi: true });
    const json = buildAppConfig({}, { apiUrl: 'http://127.0.0.1:8787/' });
    expect(json.apiBaseUrl).toBe('http://127.0.0.1:8787');
    expect(json.localOnly).toBeUndefined();
    expect(parseAppConfig(json).localOnly).toBe(false);
  });
});
