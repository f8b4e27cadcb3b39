import { ContactResponse, ContactsBulkBody, ContactsBulkResponse, ErrorBody, ProspectInput, SetPrimaryBody, SetPrimaryParams, SetPrimaryQuery } from '@leadline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import * as contacts from './contacts.service.js';

const tags = ['lists'];

export const contactsRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/api/v1/contacts/bulk',
    { schema: { tags, summary: "Copy prospects into the team's contacts; answers their contact ids", body: ContactsBulkBody, response: { 200: ContactsBulkResponse, 400: ErrorBody } } },
    async (request) => ({ data: { contacts: await contacts.createContacts(ctx.db, actorOf(request), request.body) } }),
  );

  app.post(
    '/api/v1/contacts',
    { schema: { tags, summary: "Copy one prospect into the team's contacts", body: ProspectInput, response: { 201: ContactResponse, 400: ErrorBody } } },
    async (request, reply) => reply.status(201).send({ data: await contacts.createContact(ctx.db, actorOf(request), request.body) }),
  );

  app.patch(
    '/api/v1/contacts/enrichedDataByContactId/:contactId',
    {
      schema: {
        tags,
        summary: 'Make one of the contact’s emails or phones the primary one',
        params: SetPrimaryParams,
        querystring: SetPrimaryQuery,
        body: SetPrimaryBody,
        response: { 200: ContactResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({ data: await contacts.setPrimaryItem(ctx.db, actorOf(request), request.params.contactId, request.body) }),
  );
};
