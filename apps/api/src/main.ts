import 'reflect-metadata';
import { configFromEnv } from './config/config';
import { failureReport } from './failure-report';
import { collectWhenIdle } from './idle-collector';
import { serve } from './serve';

const bootstrap = async () => {
  await serve(configFromEnv());
  collectWhenIdle();
};

bootstrap().catch((error: unknown) => {
  process.stderr.write(`matchlog cannot start: ${failureReport(error)}\n`);
  process.exit(1);
});
