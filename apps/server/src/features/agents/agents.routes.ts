import { ErrorBody } from '@leadline/shared';
import {
  AgentCreateBody,
  AgentDeleteResponse,
  AgentIdParams,
  AgentListResponse,
  AgentResponse,
  AgentRunDetailResponse,
  AgentRunParams,
  AgentRunResponse,
  AgentRunsResponse,
  AgentUpdateBody,
} from '@leadline/shared/agents/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/policy.js';
import type { AppContext } from '../../lib/context.js';
import * as service from './agents.service.js';

const tags = ['agents'];
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const agentsRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/v1/agents', { schema: { tags, summary: "The team's agents with their last run", response: { 200: AgentListResponse } } }, async (request) => ({
    data: await service.listAgents(ctx, actorOf(request)),
  }));
  app.post(
    '/api/v1/agents',
    {
      schema: {
        tags,
        summary: "Create an agent: a list builder (plain-words ICP → search → new matches added to a list; 'agent list builder' 10 credits a run) or a research agent (a question per account of a list; 'agent research query' 5 each)",
        body: AgentCreateBody,
        response: { 201: AgentResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await service.createAgent(ctx, actorOf(request), request.body) }),
  );
  app.get('/api/v1/agents/:id', { schema: { tags, summary: 'One agent', params: AgentIdParams, response: { 200: AgentResponse, ...errors } } }, async (request) => ({
    data: await service.getAgent(ctx, actorOf(request), request.params.id),
  }));
  app.patch(
    '/api/v1/agents/:id',
    { schema: { tags, summary: "Change an agent's name, instructions, schedule or size", params: AgentIdParams, body: AgentUpdateBody, response: { 200: AgentResponse, ...errors } } },
    async (request) => ({ data: await service.updateAgent(ctx, actorOf(request), request.params.id, request.body) }),
  );
  app.delete('/api/v1/agents/:id', { schema: { tags, summary: 'Delete an agent and its runs', params: AgentIdParams, response: { 200: AgentDeleteResponse, ...errors } } }, async (request) =>
    service.deleteAgent(ctx, actorOf(request), request.params.id),
  );
  app.post('/api/v1/agents/:id/pause', { schema: { tags, summary: 'Pause: stops the schedule', params: AgentIdParams, response: { 200: AgentResponse, ...errors } } }, async (request) => ({
    data: await service.pauseAgent(ctx, actorOf(request), request.params.id),
  }));
  app.post('/api/v1/agents/:id/resume', { schema: { tags, summary: 'Resume the schedule; the next run starts within a minute', params: AgentIdParams, response: { 200: AgentResponse, ...errors } } }, async (request) => ({
    data: await service.resumeAgent(ctx, actorOf(request), request.params.id),
  }));
  app.post(
    '/api/v1/agents/:id/run',
    { schema: { tags, summary: 'Run now (409 while a run is queued or running)', params: AgentIdParams, response: { 202: AgentRunResponse, ...errors } } },
    async (request, reply) => reply.status(202).send({ data: await service.runAgentNow(ctx, actorOf(request), request.params.id) }),
  );
  app.get('/api/v1/agents/:id/runs', { schema: { tags, summary: "An agent's recent runs: progress, results and cost", params: AgentIdParams, response: { 200: AgentRunsResponse, ...errors } } }, async (request) => ({
    data: await service.listRuns(ctx, actorOf(request), request.params.id),
  }));
  app.get(
    '/api/v1/agents/:id/runs/:runId',
    { schema: { tags, summary: 'One run with what it produced: the people added, or each account with its answer', params: AgentRunParams, response: { 200: AgentRunDetailResponse, ...errors } } },
    async (request) => ({ data: await service.getRun(ctx, actorOf(request), request.params.id, request.params.runId) }),
  );
};
