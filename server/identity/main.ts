// Runs the local identity service on its own (`tsx server/identity/main.ts`); `npm start` starts it in-process.
// Settings come from WYRD_IDENTITY_PORT, WYRD_IDENTITY_HOST, WYRD_DATA_DIR and LOCAL_AUTH_FIXED_CODE.
import { startIdentityService } from './identity-service';

try {
  const service = await startIdentityService();
  console.log(
    `[identity] local identity service on ${service.url} (pool ${service.poolId}, client ${service.clientId})`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[identity] ${signal}: stopping`);
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[identity] failed to stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  console.error(`[identity] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
