import { z } from 'zod';
import { defineEvent } from '../../lib/event-definition.js';

/** A prospect file finished importing into a list (published with the list's completion). */
export const listImportFinished = defineEvent(
  'list.import.finished',
  z.object({
    teamId: z.uuid(),
    listId: z.uuid(),
    importId: z.uuid(),
    fileName: z.string(),
    imported: z.number().int().min(0),
    rows: z.number().int().min(0),
  }),
);
