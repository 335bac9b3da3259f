// The CDK app synthesises offline, and its CloudFormation template holds the deployment's key resources: Cognito pool
// and client, the BudgetAppApi HTTP API and production stage, the Lambda, Aurora Serverless v2 with Data API and secret.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importInfra,
  infraAvailable,
  type AssertionsModule,
  type MatchApi,
  type SynthModule,
  type TemplateApi,
} from './infra-support';
// The stack writes the header's name out (infra imports nothing from the app): this keeps the two the same.
import { SYNC_VERSION_HEADER } from '../../worker/engine/model/sync';

const deps = infraAvailable();

describe.skipIf(!deps.ok)('infra: the CDK stack', () => {
  let workDir: string;
  let template: TemplateApi;
  let Match: MatchApi;
  let synth: Awaited<ReturnType<SynthModule['synthesize']>>;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'wyrd-infra-test-'));
    const { synthesize } = await importInfra<SynthModule>('lib/synth.ts');
    const assertions = await importInfra<AssertionsModule>('lib/assertions.ts');
    synth = await synthesize({
      outdir: path.join(workDir, 'cdk.out'),
      bundleDir: path.join(workDir, 'bundle'),
      webOrigins: ['https://wyrd.example.com'],
    });
    // The template as written to disk: what `cdk deploy --app <outdir>` would deploy.
    template = assertions.Template.fromJSON(
      JSON.parse(readFileSync(synth.templatePath, 'utf8')) as Record<string, unknown>,
    );
    Match = assertions.Match;
  }, 240_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('targets ap-southeast-2 and writes the template and the Lambda asset', () => {
    expect(synth.stack.region).toBe('ap-southeast-2');
    expect(existsSync(synth.templatePath)).toBe(true);
    const assembly = path.dirname(synth.templatePath);
    const assets = readdirSync(assembly).filter((name) => name.startsWith('asset.'));
    expect(assets).toHaveLength(1);
    expect(existsSync(path.join(assembly, assets[0], 'index.mjs'))).toBe(true);
    expect(readdirSync(path.join(assembly, assets[0], 'migrations')).some((name) => name.endsWith('.sql'))).toBe(true);
  });

  it('defines a user pool with email sign-in, self sign-up, email verification and the password policy', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'email', Required: true }),
        Match.objectLike({ Name: 'given_name', Required: true, Mutable: true }),
        Match.objectLike({ Name: 'family_name', Required: true, Mutable: true }),
      ]),
    });
  });

  it('defines a public app client: SRP and refresh tokens, no secret, no plain password flow', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      EnableTokenRevocation: true,
    });
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    expect(client.Properties?.ExplicitAuthFlows).not.toContain('ALLOW_USER_PASSWORD_AUTH');
    expect(client.Properties?.ExplicitAuthFlows).not.toContain('ALLOW_ADMIN_USER_PASSWORD_AUTH');
  });

  it('defines the HTTP API BudgetAppApi with CORS and a production stage routing everything to the Lambda', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      Name: 'BudgetAppApi',
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['https://wyrd.example.com'],
        AllowHeaders: Match.arrayWith(['Authorization', 'Content-Type', SYNC_VERSION_HEADER]),
        ExposeHeaders: ['ETag'],
      }),
    });
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'production', AutoDeploy: true });
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: '$default' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
    });
    template.hasOutput('ApiUrl', Match.anyValue());
  });

  it('runs the API on a Node 22+ arm64 Lambda outside the VPC, configured with the pool, client and Data API', () => {
    const functions = template.findResources('AWS::Lambda::Function');
    expect(Object.keys(functions)).toHaveLength(1);
    const [fn] = Object.values(functions);
    expect(String(fn.Properties?.Runtime)).toMatch(/^nodejs(2[2-9]|[3-9]\d)\.x$/);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Architectures: ['arm64'],
      Handler: 'index.handler',
      VpcConfig: Match.absent(),
      Environment: {
        Variables: Match.objectLike({
          WYRD_MODE: 'production',
          WYRD_COGNITO_USER_POOL_ID: { Ref: Match.stringLikeRegexp('^UserPool') },
          WYRD_COGNITO_CLIENT_ID: { Ref: Match.stringLikeRegexp('^UserPoolWebClient') },
          WYRD_DB_CLUSTER_ARN: Match.anyValue(),
          WYRD_DB_SECRET_ARN: Match.anyValue(),
          WYRD_DB_NAME: 'wyrd',
          WYRD_WEB_ORIGIN: 'https://wyrd.example.com',
        }),
      },
    });
    // The function may call the Data API and read the database secret, nothing broader.
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith([
              'rds-data:BeginTransaction',
              'rds-data:CommitTransaction',
              'rds-data:ExecuteStatement',
            ]),
          }),
          Match.objectLike({ Action: Match.arrayWith(['secretsmanager:GetSecretValue']) }),
        ]),
      },
    });
  });

  it('defines Aurora Serverless v2 PostgreSQL scaling from 0 ACUs, with the Data API and an encrypted store', () => {
    template.resourceCountIs('AWS::RDS::DBCluster', 1);
    template.hasResourceProperties('AWS::RDS::DBCluster', {
      Engine: 'aurora-postgresql',
      EngineVersion: Match.stringLikeRegexp('^1[6-9]\\.'),
      DatabaseName: 'wyrd',
      EnableHttpEndpoint: true,
      StorageEncrypted: true,
      ServerlessV2ScalingConfiguration: { MinCapacity: 0, MaxCapacity: 2, SecondsUntilAutoPause: 300 },
    });
    template.hasResourceProperties('AWS::RDS::DBInstance', {
      DBInstanceClass: 'db.serverless',
      Engine: 'aurora-postgresql',
    });
  });

  it('keeps the database credentials in a generated Secrets Manager secret attached to the cluster', () => {
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({
        GenerateStringKey: 'password',
        SecretStringTemplate: '{"username":"wyrd_admin"}',
      }),
    });
    template.hasResourceProperties('AWS::SecretsManager::SecretTargetAttachment', {
      TargetType: 'AWS::RDS::DBCluster',
    });
  });

  it('puts the database in isolated subnets of two zones with no NAT gateway or internet gateway', () => {
    template.resourceCountIs('AWS::EC2::NatGateway', 0);
    template.resourceCountIs('AWS::EC2::InternetGateway', 0);
    template.resourceCountIs('AWS::EC2::Subnet', 2);
    template.hasResourceProperties('AWS::EC2::Subnet', { MapPublicIpOnLaunch: false });
  });

  it('retains user data on stack deletion (pool and cluster protected, cluster snapshotted)', () => {
    template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
    template.hasResource('AWS::RDS::DBCluster', { DeletionPolicy: 'Snapshot' });
    template.hasResourceProperties('AWS::RDS::DBCluster', { DeletionProtection: true });
    template.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
  });

  // The app's own typecheck leaves infra/ out (its dependencies are optional there); this checks it.
  it('typechecks (tsc -p infra/tsconfig.json)', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'infra', 'tsconfig.json')], {
      encoding: 'utf8',
      timeout: 170_000,
    });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 180_000);
});
