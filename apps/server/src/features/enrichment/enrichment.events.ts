import { z } from 'zod';
import { defineEvent } from '../../lib/event-definition.js';

/** A bulk enrichment ended with every item in its final state (published with the run's completion). */
export const enrichmentBulkFinished = defineEvent(
  'enrichment.bulk.finished',
  z.object({
    teamId: z.uuid(),
    runId: z.uuid(),
    listId: z.uuid().nullable(),
    total: z.number().int().min(0),
    found: z.number().int().min(0),
  }),
);

/** One contact was enriched on request and charged for what was found (published with its run's end). */
export const contactEnriched = defineEvent(
  'contact.enriched',
  z.object({ teamId: z.uuid(), contactId: z.uuid(), runId: z.uuid(), creditsCharged: z.number().int().min(0) }),
);
