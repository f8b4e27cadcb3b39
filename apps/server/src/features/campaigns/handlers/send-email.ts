import { jobHandler } from '../../../lib/feature-module.js';
import { campaignSendEmail } from '../campaigns.jobs.js';
import { sendPlannedEmail } from '../send-email.js';

export default jobHandler(campaignSendEmail, async (ctx, payload) => {
  await sendPlannedEmail(ctx, payload.sendId);
});
