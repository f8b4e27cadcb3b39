import {
  ContactsDownloadBody,
  CreateListBody,
  DeleteListResponse,
  ErrorBody,
  ListChangeResponse,
  ListContactsChangeBody,
  ListContentsBody,
  ListContentsResponse,
  ListIdParams,
  ListIdParamsAlt,
  ListResponse,
  ListsQuery,
  ListsResponse,
  PAGE_CONTEXT_HEADER,
  RefreshListResponse,
  UploadToListBody,
  UploadToListResponse,
  type PageContext,
} from '@leadline/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { downloadContacts, downloadList } from './export/index.js';
import type { ExtraColumnSource } from './extra-columns.js';
import { registerCompanyListRoutes } from './companies/company-lists.routes.js';
import { startProspectImport } from './import/index.js';
import * as lists from './lists.service.js';

const tags = ['lists'];

/** The page an add came from, from the X-Page-Context header ('search', 'lists' or anything else). */
function pageContextOf(header: string | string[] | undefined): PageContext | null {
  const value = (Array.isArray(header) ? header[0] : header)?.toLowerCase();
  if (!value) return null;
  if (value.includes('search')) return 'search';
  if (value.includes('list')) return 'lists';
  return 'other';
}

const sendCsv = (reply: FastifyReply, file: { fileName: string; body: Readable }) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('cache-control', 'no-store')
    .send(file.body);

export const listsRoutes = (ctx: AppContext, columns: readonly ExtraColumnSource[]): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/v1/lists',
    { schema: { tags, summary: 'Create a list (static, or dynamic with search filters)', body: CreateListBody, response: { 201: ListResponse, 400: ErrorBody } } },
    async (request, reply) => reply.status(201).send({ data: await lists.createList(ctx, actorOf(request), request.body) }),
  );

  app.get(
    '/api/v1/lists/getAll',
    { schema: { tags, summary: "The team's lists: filtered, sorted, one page", querystring: ListsQuery, response: { 200: ListsResponse } } },
    async (request) => ({ data: await lists.getLists(ctx.db, actorOf(request), request.query) }),
  );

  app.post(
    '/api/v1/lists/:id',
    { schema: { tags, summary: "One page of a list's contacts or companies", params: ListIdParams, body: ListContentsBody, response: { 200: ListContentsResponse, 404: ErrorBody } } },
    async (request) => ({ data: await lists.getListContents(ctx.db, actorOf(request), request.params.id, request.body, columns) }),
  );

  app.delete(
    '/api/v1/lists/:id',
    { schema: { tags, summary: 'Delete a list (its contacts stay in the team)', params: ListIdParams, response: { 200: DeleteListResponse, 404: ErrorBody } } },
    async (request) => ({ data: await lists.deleteList(ctx.db, actorOf(request), request.params.id) }),
  );

  app.patch(
    '/api/v1/lists/addContacts/:listId',
    { schema: { tags, summary: 'Add contacts (or companies) to a list; X-Page-Context says from where', params: ListIdParamsAlt, body: ListContactsChangeBody, response: { 200: ListChangeResponse, 404: ErrorBody } } },
    async (request) => ({
      data: await lists.addToList(ctx.db, actorOf(request), request.params.listId, request.body, pageContextOf(request.headers[PAGE_CONTEXT_HEADER])),
    }),
  );

  app.patch(
    '/api/v1/lists/removeContacts/:id',
    { schema: { tags, summary: 'Remove contacts (or companies) from a list', params: ListIdParams, body: ListContactsChangeBody, response: { 200: ListChangeResponse, 404: ErrorBody } } },
    async (request) => ({ data: await lists.removeFromList(ctx.db, actorOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/api/v1/lists/download/:listId',
    { schema: { tags, summary: 'The whole list as CSV (UTF-8 with BOM), streamed', params: ListIdParamsAlt } },
    async (request, reply) => sendCsv(reply, await downloadList(ctx.db, actorOf(request), request.params.listId, columns)),
  );

  app.post(
    '/api/v1/lists/:id/refresh',
    { schema: { tags, summary: 'Refresh a dynamic list now', params: ListIdParams, response: { 202: RefreshListResponse, 404: ErrorBody } } },
    async (request, reply) => reply.status(202).send({ data: await lists.refreshList(ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/api/v1/prospects/upload-to-list',
    { schema: { tags, summary: 'Import an uploaded prospect file into a new or existing list (a job)', body: UploadToListBody, response: { 202: UploadToListResponse, 400: ErrorBody } } },
    async (request, reply) => {
      const { list, jobId } = await startProspectImport(ctx, actorOf(request), request.body);
      return reply.status(202).send({ data: { list: await lists.presentListRow(ctx.db, list), jobId } });
    },
  );

  app.post(
    '/api/v1/contacts/download',
    { schema: { tags, summary: 'Chosen contacts as CSV', body: ContactsDownloadBody } },
    async (request, reply) => sendCsv(reply, await downloadContacts(ctx.db, actorOf(request), request.body)),
  );

  registerCompanyListRoutes(app, ctx);
};
