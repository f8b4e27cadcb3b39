import { AddSearchCompaniesBody, CompanyUploadBody, CompanyUploadResponse, ErrorBody, ListChangeResponse, ListIdParamsAlt } from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../http/policy.js';
import type { AppContext } from '../../../lib/context.js';
import { presentListRow } from '../lists.service.js';
import { addSearchCompanies, uploadCompanies } from './company-lists.service.js';

const tags = ['lists'];
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Company lists' own routes, registered by the lists routes. */
export function registerCompanyListRoutes(app: ZodApp, ctx: AppContext) {
  app.post(
    '/api/v1/lists/companies/upload',
    {
      schema: {
        tags,
        summary: "Company list upload: a file with a 'Company Names' column; names not in the database are kept as not found",
        body: CompanyUploadBody,
        response: { 200: CompanyUploadResponse, 400: ErrorBody },
      },
    },
    async (request) => {
      const result = await uploadCompanies(ctx, actorOf(request), request.body);
      return { data: { ...result, list: await presentListRow(ctx.db, result.list) } };
    },
  );

  app.patch(
    '/api/v1/lists/addSearchCompanies/:listId',
    {
      schema: {
        tags,
        summary: 'Add the first N companies of a company search to a company list',
        params: ListIdParamsAlt,
        body: AddSearchCompaniesBody,
        response: { 200: ListChangeResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { changed, list } = await addSearchCompanies(ctx.db, actorOf(request), request.params.listId, request.body);
      return { data: { changed, list: await presentListRow(ctx.db, list) } };
    },
  );
}
