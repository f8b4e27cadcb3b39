import type { FeatureModule } from '../../lib/feature-module.js';
import { purgeExpiredIdempotencyKeys } from './idempotency.jobs.js';

export const idempotencyModule: FeatureModule = {
  name: 'idempotency',
  jobs: [{ definition: purgeExpiredIdempotencyKeys, handler: () => import('./handlers/purge-expired.js') }],
  schedules: [{ job: purgeExpiredIdempotencyKeys, cron: '17 * * * *' }],
};
