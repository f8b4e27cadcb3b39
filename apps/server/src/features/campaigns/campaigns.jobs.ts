import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

/** Every minute: plans the due emails of every active campaign (see scheduler.ts). */
export const campaignTick = defineJob({ name: 'campaigns.tick', payload: z.object({}), retryLimit: 0, expireInSeconds: 300, policy: 'singleton', singletonKey: () => 'tick' });

/** Sends one planned email, exactly once (see handlers/send-email.ts). */
export const campaignSendEmail = defineJob({
  name: 'campaigns.send-email',
  // mailboxId: the send's mailbox as planned, read beside the claim (send-email.ts); jobs of older versions lack it.
  payload: z.object({ sendId: z.uuid(), mailboxId: z.uuid().optional() }),
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  policy: 'singleton',
  singletonKey: (p) => p.sendId,
  drain: true,
});
