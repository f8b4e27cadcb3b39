/**
 * A loopback server speaking OpenAI's chat-completions wire format (POST /chat/completions,
 * POST /embeddings), scripted by the test: each request takes the next scripted answer, or the
 * default one. Answers are JSON completions, server-sent-event streams of chunks, errors with
 * headers (429 + Retry-After), raw bodies (malformed answers) or no answer at all (timeouts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatRequestLog = { path: string; body: any; at: number; headers: http.IncomingHttpHeaders };

export type ScriptedAnswer =
  | { kind: 'message'; content?: string | null; toolCalls?: Array<{ name: string; arguments: string }>; finishReason?: string }
  | { kind: 'stream'; chunks: Array<{ content?: string; toolCall?: { index: number; id?: string; name?: string; arguments?: string } }>; finishReason?: string }
  | { kind: 'error'; status: number; headers?: Record<string, string>; message?: string }
  | { kind: 'raw'; status?: number; body: string; contentType?: string }
  | { kind: 'hang' }
  | { kind: 'embeddings'; dimensions: number };

/** A completion answer as OpenAI sends it. */
export function completion(answer: Extract<ScriptedAnswer, { kind: 'message' }>, model: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.content ?? null,
          ...(answer.toolCalls ? { tool_calls: answer.toolCalls.map((c, i) => ({ id: `call_${i}`, type: 'function', function: c })) } : {}),
        },
        finish_reason: answer.finishReason ?? (answer.toolCalls ? 'tool_calls' : 'stop'),
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

export async function startChatCompletionsServer(options: { fallback?: (request: ChatRequestLog) => ScriptedAnswer } = {}) {
  const script: ScriptedAnswer[] = [];
  const requests: ChatRequestLog[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const log: ChatRequestLog = { path: req.url ?? '/', body: raw ? JSON.parse(raw) : null, at: Date.now(), headers: req.headers };
      requests.push(log);
      const answer = script.shift() ?? options.fallback?.(log) ?? { kind: 'message', content: 'ok' };
      const model = String(log.body?.model ?? 'test-model');
      switch (answer.kind) {
        case 'message':
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify(completion(answer, model)));
        case 'embeddings': {
          const input: string[] = Array.isArray(log.body.input) ? log.body.input : [log.body.input];
          const data = input.map((text, index) => ({ object: 'embedding', index, embedding: Array.from({ length: answer.dimensions }, (_, d) => ((text.length + d) % 7) / 7) }));
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ object: 'list', data, model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
        }
        case 'stream': {
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          const send = (delta: object, finish: string | null) =>
            res.write(`data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
          send({ role: 'assistant', content: '' }, null);
          for (const c of answer.chunks) {
            if (c.content !== undefined) send({ content: c.content }, null);
            if (c.toolCall)
              send({ tool_calls: [{ index: c.toolCall.index, ...(c.toolCall.id ? { id: c.toolCall.id, type: 'function' } : {}), function: { ...(c.toolCall.name ? { name: c.toolCall.name } : {}), arguments: c.toolCall.arguments ?? '' } }] }, null);
          }
          send({}, answer.finishReason ?? 'stop');
          res.write(`data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model, choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } })}\n\n`);
          return res.end('data: [DONE]\n\n');
        }
        case 'error':
          res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
          return res.end(JSON.stringify({ error: { message: answer.message ?? 'scripted error', type: 'server_error' } }));
        case 'raw':
          res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json' });
          return res.end(answer.body);
        case 'hang':
          hanging.add(res);
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    /** Answers for the next requests, in order. */
    answer: (...answers: ScriptedAnswer[]) => script.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
