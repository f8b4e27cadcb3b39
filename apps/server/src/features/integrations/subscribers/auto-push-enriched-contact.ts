import { eventHandler } from '../../../lib/feature-module.js';
import { contactEnriched } from '../../enrichment/index.js';
import { queueAutoPush } from '../integrations.service.js';

/** A contact enriched on request goes to the CRM and Zapier when their auto-push is on. */
export default eventHandler(contactEnriched, async (ctx, e, { trx }) => {
  await queueAutoPush(ctx, trx, e.teamId, { contactIds: [e.contactId] });
});
