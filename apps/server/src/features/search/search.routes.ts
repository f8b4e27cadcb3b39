import {
  AutocompleteParams,
  AutocompleteQuery,
  AutocompleteResponse,
  CompanySearchResponse,
  ErrorBody,
  SavedSearchListResponse,
  SaveSearchBody,
  SaveSearchResponse,
  SearchRequest,
  SearchResponse,
} from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import { autocomplete, listSavedSearches, saveSearch, searchCompanies, searchPeople } from './search.service.js';

const tags = ['search'];

export const searchRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/search/contacts',
    {
      schema: {
        tags,
        summary: 'Search the people database; page on with the returned scroll_token',
        body: SearchRequest,
        response: { 200: SearchResponse, 400: ErrorBody },
      },
    },
    async (request) => ({ data: { response: await searchPeople(ctx.db, actorOf(request), request.body) } }),
  );

  app.post(
    '/search/companies',
    {
      schema: {
        tags,
        summary: 'Search companies with the company filters; same paging as /search/contacts',
        body: SearchRequest,
        response: { 200: CompanySearchResponse, 400: ErrorBody },
      },
    },
    async (request) => ({ data: { response: await searchCompanies(ctx.db, actorOf(request), request.body) } }),
  );

  app.get(
    '/autocomplete/:field',
    { schema: { tags, summary: 'Options for a filter field, ranked', params: AutocompleteParams, querystring: AutocompleteQuery, response: { 200: AutocompleteResponse } } },
    async (request) => ({ data: await autocomplete(ctx.db, request.params.field, request.query.query) }),
  );

  app.get(
    '/search/save',
    { schema: { tags, summary: 'Your saved searches', response: { 200: SavedSearchListResponse } } },
    async (request) => ({ data: await listSavedSearches(ctx.db, actorOf(request)) }),
  );

  app.post(
    '/search/save',
    { schema: { tags, summary: 'Save the current filters under a name', body: SaveSearchBody, response: { 201: SaveSearchResponse, 409: ErrorBody } } },
    async (request, reply) => reply.status(201).send({ data: await saveSearch(ctx.db, actorOf(request), request.body) }),
  );
};
