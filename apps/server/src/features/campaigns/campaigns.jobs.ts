import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

/** Every minute: plans the due emails of every active campaign (see scheduler.ts). */
export const campaignTick = defineJob({ name: 'campaigns.tick', payload: z.object({}), retryLimit: 0, expireInSeconds: 300, policy: 'singleton', singletonKey: () => 'tick' });

/** Sends one planned email, exactly once (see handlers/send-email.ts). */
export const campaignSendEmail = defineJob({
  name: 'campaigns.send-email',
  // Jobs of an earlier version also carry `mailboxId`: the schema drops it.
  payload: z.object({ sendId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  policy: 'singleton',
  singletonKey: (p) => p.sendId,
  drain: true,
  // With a backlog, fetching and completing one job at a time cost as much as the email.
  batchSize: 10,
});
