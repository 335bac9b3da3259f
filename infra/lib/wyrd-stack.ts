// Wyrd's production stack in ap-southeast-2: Cognito user pool and web client, the BudgetAppApi HTTP API (stage
// `production`) in front of the API Lambda, and Aurora Serverless v2 PostgreSQL reached through the RDS Data API.
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { CorsHttpMethod, HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccountRecovery, FeaturePlan, UserPool, UserPoolEmail, VerificationEmailStyle } from 'aws-cdk-lib/aws-cognito';
import { IpAddresses, SubnetType, Vpc } from 'aws-cdk-lib/aws-ec2';
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  AuroraPostgresEngineVersion,
  ClusterInstance,
  Credentials,
  DatabaseCluster,
  DatabaseClusterEngine,
} from 'aws-cdk-lib/aws-rds';
import type { Construct } from 'constructs';

export const DEPLOY_REGION = 'ap-southeast-2';
export const API_NAME = 'BudgetAppApi';
export const API_STAGE = 'production';
export const DATABASE_NAME = 'wyrd';

export type WyrdStackProps = StackProps & {
  /** Folder holding the bundled Lambda (`index.mjs` and `migrations/`), from bundleLambda(). */
  lambdaCodeDir: string;
  /** Browser origins allowed by CORS: where the web app is served. */
  webOrigins: string[];
  /** Aurora capacity floor in ACUs; 0 lets the cluster pause when idle (storage is then the only database cost). */
  minCapacity?: number;
  /** Aurora capacity ceiling in ACUs. */
  maxCapacity?: number;
  /** Protects the cluster and user pool from `cdk destroy`; on by default. */
  retainData?: boolean;
  /** Apply pending migrations on each cold start (default), or leave them to the `{"wyrd":"migrate"}` invocation. */
  migrateOnStart?: boolean;
};

export class WyrdStack extends Stack {
  constructor(scope: Construct, id: string, props: WyrdStackProps) {
    super(scope, id, { ...props, env: { account: props.env?.account, region: DEPLOY_REGION } });
    const retainData = props.retainData ?? true;
    const dataRemoval = retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    // Identity: email is the username; sign-up confirms the email with a code; the spec's password policy.
    const userPool = new UserPool(this, 'UserPool', {
      userPoolName: 'wyrd-users',
      featurePlan: FeaturePlan.ESSENTIALS,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: true, mutable: true },
        familyName: { required: true, mutable: true },
      },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Your Wyrd verification code',
        emailBody: 'Your Wyrd verification code is {####}',
      },
      // Cognito's own sender (50 emails a day); docs/deploy.md shows how to switch to SES for more.
      email: UserPoolEmail.withCognito(),
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: retainData,
      removalPolicy: dataRemoval,
    });

    // The browser app: a public client (no secret) signing in with SRP and refreshing with refresh tokens.
    const client = userPool.addClient('WebClient', {
      userPoolClientName: 'wyrd-web',
      generateSecret: false,
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    // Aurora needs subnets in two zones; isolated subnets and no NAT gateway, so the network costs nothing idle.
    // The Lambda stays outside the VPC (it must reach Cognito's JWKS) and talks to the database over the Data API.
    const vpc = new Vpc(this, 'Vpc', {
      ipAddresses: IpAddresses.cidr('10.42.0.0/16'),
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: 'database', subnetType: SubnetType.PRIVATE_ISOLATED, cidrMask: 24 }],
    });

    const cluster = new DatabaseCluster(this, 'Database', {
      // 16.3 or later is needed to scale to 0 ACUs; the Data API supports Aurora PostgreSQL 16.
      engine: DatabaseClusterEngine.auroraPostgres({ version: AuroraPostgresEngineVersion.VER_16_9 }),
      writer: ClusterInstance.serverlessV2('writer', { autoMinorVersionUpgrade: true }),
      serverlessV2MinCapacity: props.minCapacity ?? 0,
      serverlessV2MaxCapacity: props.maxCapacity ?? 2,
      serverlessV2AutoPauseDuration: Duration.minutes(5),
      enableDataApi: true,
      credentials: Credentials.fromGeneratedSecret('wyrd_admin', { secretName: 'wyrd/database/admin' }),
      defaultDatabaseName: DATABASE_NAME,
      vpc,
      vpcSubnets: { subnetType: SubnetType.PRIVATE_ISOLATED },
      storageEncrypted: true,
      backup: { retention: Duration.days(7) },
      deletionProtection: retainData,
      removalPolicy: retainData ? RemovalPolicy.SNAPSHOT : RemovalPolicy.DESTROY,
    });
    if (!cluster.secret) throw new Error('The database cluster has no generated secret');

    const logGroup = new LogGroup(this, 'ApiLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const fn = new LambdaFunction(this, 'ApiFunction', {
      description: 'Wyrd product API (Hono) behind BudgetAppApi',
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      handler: 'index.handler',
      code: Code.fromAsset(props.lambdaCodeDir),
      memorySize: 1024,
      // API Gateway gives up after 30 s; a paused Aurora cluster takes about 15 s to resume.
      timeout: Duration.seconds(29),
      logGroup,
      environment: {
        WYRD_MODE: 'production',
        WYRD_COGNITO_REGION: DEPLOY_REGION,
        WYRD_COGNITO_USER_POOL_ID: userPool.userPoolId,
        WYRD_COGNITO_CLIENT_ID: client.userPoolClientId,
        WYRD_WEB_ORIGIN: props.webOrigins.join(','),
        WYRD_DB_CLUSTER_ARN: cluster.clusterArn,
        WYRD_DB_SECRET_ARN: cluster.secret.secretArn,
        WYRD_DB_NAME: DATABASE_NAME,
        WYRD_MIGRATE_ON_START: String(props.migrateOnStart ?? true),
      },
    });
    cluster.grantDataApiAccess(fn);

    // CORS is answered by API Gateway (it ignores the Lambda's own CORS headers once this is set), so it must allow
    // and expose what the app's requests use, as the server's own CORS does (server/api/app.ts): the sync
    // protocol's version header on every sync request, and the ETag the lists' conditional requests read.
    const api = new HttpApi(this, 'Api', {
      apiName: API_NAME,
      description: 'Wyrd product API',
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: props.webOrigins,
        allowHeaders: ['Authorization', 'Content-Type', 'x-wyrd-sync-version'],
        exposeHeaders: ['ETag'],
        allowMethods: [
          CorsHttpMethod.GET,
          CorsHttpMethod.POST,
          CorsHttpMethod.PUT,
          CorsHttpMethod.PATCH,
          CorsHttpMethod.DELETE,
          CorsHttpMethod.OPTIONS,
        ],
        maxAge: Duration.minutes(10),
      },
      defaultIntegration: new HttpLambdaIntegration('ApiIntegration', fn),
    });
    const stage = new HttpStage(this, 'ProductionStage', {
      httpApi: api,
      stageName: API_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
    });

    new CfnOutput(this, 'Region', { value: DEPLOY_REGION });
    // The stage URL without HttpStage.url's trailing slash: the app appends paths that start with '/'.
    const apiUrl = `https://${api.apiId}.execute-api.${this.region}.${this.urlSuffix}/${stage.stageName}`;
    new CfnOutput(this, 'ApiUrl', { value: apiUrl, description: 'WYRD_API_URL' });
    new CfnOutput(this, 'UserPoolId', { value: userPool.userPoolId, description: 'WYRD_COGNITO_USER_POOL_ID' });
    new CfnOutput(this, 'UserPoolClientId', { value: client.userPoolClientId, description: 'WYRD_COGNITO_CLIENT_ID' });
    new CfnOutput(this, 'ApiFunctionName', { value: fn.functionName });
    new CfnOutput(this, 'DatabaseClusterArn', { value: cluster.clusterArn });
    new CfnOutput(this, 'DatabaseSecretArn', { value: cluster.secret.secretArn });
  }
}
