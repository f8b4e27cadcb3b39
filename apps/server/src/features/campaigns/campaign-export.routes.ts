import { CampaignIdParams } from '@leadline/shared/campaigns/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { exportLeads } from './campaign-export.service.js';

export const campaignExportRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/api/v1/campaigns/:id/export',
    { schema: { tags: ['campaigns'], summary: "The campaign's leads with their status, outcomes and next step, as CSV (UTF-8 with BOM), streamed", params: CampaignIdParams } },
    async (request, reply) => {
      const file = await exportLeads(ctx.db, actorOf(request), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
