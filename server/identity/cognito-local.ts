// Runs cognito-local 5.3.0 in-process on an internal loopback port, built from its own parts so that its data
// lives in our data folder, its codes come from us (fixed or random) and its issuer is the public URL.
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Services } from 'cognito-local/lib/services/index';
import type { AppClient } from 'cognito-local/lib/services/appClient';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import type { Messages } from 'cognito-local/lib/services/messages';
import type { DeliveryDetails } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import type { Triggers } from 'cognito-local/lib/services/triggers/triggers';
import type { Config } from 'cognito-local/lib/server/config';
import type { CodePurpose } from './code-store';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from './constants';

export type { User, UserPoolService };

// cognito-local is CommonJS; load its internals (and its own pino) relative to the package itself so
// nothing here depends on how npm hoisted its dependencies.
const requireFromHere = createRequire(import.meta.url);
const requireCognitoLocal = createRequire(requireFromHere.resolve('cognito-local'));
const load = <T>(relative: string): T => requireCognitoLocal(relative) as T;

type Logger = Context['logger'];
type ServerLogger = Parameters<typeof import('cognito-local/lib/server/server').createServer>[1];

export type DeliveredCode = { email: string; code: string; purpose: CodePurpose };

export type CognitoLocalOptions = {
  dataDir: string;
  /** Public base URL (issuer domain of every token). */
  issuerDomain: string;
  otp: () => string;
  onCode: (delivered: DeliveredCode) => void;
  debugLog: boolean;
};

export type CognitoLocal = {
  url: string;
  ctx: Context;
  services: Services;
  userPool: UserPoolService;
  appClient: AppClient;
  close: () => Promise<void>;
};

const SOURCE_TO_PURPOSE: Record<string, CodePurpose> = {
  SignUp: 'SignUp',
  ResendCode: 'ResendCode',
  ForgotPassword: 'ForgotPassword',
  UpdateUserAttribute: 'UpdateUserAttribute',
  VerifyUserAttribute: 'VerifyUserAttribute',
};

// Standard OIDC claims real Cognito puts in the ID token; cognito-local only adds email and custom attributes.
const ID_TOKEN_ATTRIBUTES = [
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'phone_number',
  'address',
  'updated_at',
];

function attributeValue(user: { Attributes?: { Name: string; Value?: string }[] }, name: string): string | undefined {
  return user.Attributes?.find((a) => a.Name === name)?.Value;
}

/** Only the pre-token-generation hook is on: it adds the standard claims and a real boolean email_verified. */
function localTriggers(): Triggers {
  const off = () => Promise.reject(new Error('Lambda triggers are not configured in the local identity service'));
  return {
    enabled: (trigger) => trigger === 'PreTokenGeneration',
    preTokenGeneration: async (_ctx, { userAttributes }) => {
      const claims: Record<string, string | boolean> = {};
      for (const { Name, Value } of userAttributes ?? []) {
        if (Value !== undefined && ID_TOKEN_ATTRIBUTES.includes(Name)) claims[Name] = Value;
      }
      claims.email_verified =
        userAttributes?.find((a: { Name: string }) => a.Name === 'email_verified')?.Value === 'true';
      return { claimsOverrideDetails: { claimsToAddOrOverride: claims as Record<string, string> } };
    },
    customMessage: off,
    customEmailSender: off,
    postAuthentication: off,
    postConfirmation: off,
    preSignUp: off,
    userMigration: off,
  } as Triggers;
}

function codeMessages(onCode: CognitoLocalOptions['onCode']): Messages {
  return {
    deliver: async (_ctx, source, _clientId, _poolId, user, code, _meta, details: DeliveryDetails) => {
      const email = attributeValue(user, 'email') ?? details.Destination;
      onCode({ email, code, purpose: SOURCE_TO_PURPOSE[source] ?? 'Other' });
    },
  };
}

export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export async function startCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  const pino = load<(opts: object) => unknown>('pino');
  const logger = pino({ level: options.debugLog ? 'debug' : 'silent' }) as Logger & ServerLogger;
  const ctx: Context = { logger };

  const { DateClock } = load<typeof import('cognito-local/lib/services/clock')>('./services/clock');
  const { CognitoServiceFactoryImpl } =
    load<typeof import('cognito-local/lib/services/cognitoService')>('./services/cognitoService');
  const { UserPoolServiceFactoryImpl } =
    load<typeof import('cognito-local/lib/services/userPoolService')>('./services/userPoolService');
  const { StormDBDataStoreFactory } =
    load<typeof import('cognito-local/lib/services/dataStore/stormDb')>('./services/dataStore/stormDb');
  const { JwtTokenGenerator } =
    load<typeof import('cognito-local/lib/services/tokenGenerator')>('./services/tokenGenerator');
  const { DefaultConfig } = load<typeof import('cognito-local/lib/server/config')>('./server/config');
  const { Router } = load<typeof import('cognito-local/lib/server/Router')>('./server/Router');
  const { createServer } = load<typeof import('cognito-local/lib/server/server')>('./server/server');

  const dbDir = path.join(options.dataDir, 'db');
  mkdirSync(dbDir, { recursive: true });

  const config: Config = {
    ...DefaultConfig,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: options.issuerDomain },
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dbDir);
  const cognito = await new CognitoServiceFactoryImpl(
    dbDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = localTriggers();
  const services: Services = {
    clock,
    cognito,
    config,
    messages: codeMessages(options.onCode),
    otp: options.otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };

  const { userPool, appClient } = await ensurePoolAndClient(ctx, services, clock.get());

  const server: Server = await createServer(Router(services), logger, config.ServerConfig, services).start();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ctx,
    services,
    userPool,
    appClient,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Creates the fixed local pool and app client on first start; later starts reuse the saved ones. */
async function ensurePoolAndClient(ctx: Context, services: Services, now: Date) {
  const pools = await services.cognito.listUserPools(ctx);
  if (!pools.some((pool) => pool.Id === LOCAL_POOL_ID)) {
    await services.cognito.createUserPool(ctx, {
      Id: LOCAL_POOL_ID,
      Name: 'wyrd-local',
      Arn: `arn:aws:cognito-idp:ap-southeast-2:000000000000:userpool/${LOCAL_POOL_ID}`,
      CreationDate: now,
      LastModifiedDate: now,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      MfaConfiguration: 'OFF',
      UsernameConfiguration: { CaseSensitive: false },
    });
  }
  const userPool = await services.cognito.getUserPool(ctx, LOCAL_POOL_ID);
  let appClient = await services.cognito.getAppClient(ctx, LOCAL_CLIENT_ID);
  if (!appClient) {
    appClient = {
      ClientId: LOCAL_CLIENT_ID,
      ClientName: 'wyrd-local-web',
      UserPoolId: LOCAL_POOL_ID,
      CreationDate: now,
      LastModifiedDate: now,
      // Cognito's defaults for a new app client: 60-minute access and ID tokens, 30-day refresh tokens.
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'LEGACY',
      EnableTokenRevocation: true,
    };
    await userPool.saveAppClient(ctx, appClient);
  }
  return { userPool, appClient };
}
