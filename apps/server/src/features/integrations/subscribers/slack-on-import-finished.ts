import { eventHandler } from '../../../lib/feature-module.js';
import { listImportFinished } from '../../lists/index.js';
import { queueSlackNotice } from '../integrations.notices.js';

export default eventHandler(listImportFinished, async (ctx, e, { trx }) => {
  await queueSlackNotice(ctx, e.teamId, `Leadline: import of ${e.fileName} finished, ${e.imported} prospects added.`, trx);
});
