// A model server on 127.0.0.1 that real agent clients can talk to offline: it answers the
// streaming APIs they use (Anthropic messages, OpenAI responses and chat completions, Gemini
// generateContent) with one short text reply, or with a tool call a test scripted, and keeps every
// request body so a test can check what the agent sent the model, e.g. that the card's sentinel
// reached the prompt, or what a tool call gave back.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeModel {
  url: string;
  /** Every request: method, path and body text, in arrival order. */
  requests: { method: string; path: string; body: string }[];
  /** Calls to answer with, in order: each goes to the next request that offers that tool (clients
   * also send side requests, e.g. for a title, which offer none); the rest get the text reply. */
  script(...calls: ToolCall[]): void;
  /** How many of the next Anthropic requests offering tools are refused as too long: Claude Code then
   * compacts the session, as it does by itself when a real model's context fills up. */
  tooLong: number;
  close(): Promise<void>;
}

export interface ToolCall {
  /** The client's own tool name (Claude Code: Bash; Gemini CLI: run_shell_command; …). */
  tool: string;
  args: Record<string, unknown>;
  /** Codex groups an MCP server's tools under a namespace (`mcp__<server>`) and wants it back. */
  namespace?: string;
}

const REPLY = 'ok';

export async function startFakeModel(): Promise<FakeModel> {
  const requests: FakeModel['requests'] = [];
  const calls: ToolCall[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', body });
      if (fake.tooLong > 0 && (req.url ?? '').split('?')[0]!.endsWith('/messages') && body.includes('"tools"')) {
        fake.tooLong--;
        return promptTooLong(res);
      }
      const call = calls[0] && offers(body, calls[0].tool) ? calls.shift() : undefined;
      answer(req, res, body, call);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeModel = {
    url: `http://127.0.0.1:${port}`,
    tooLong: 0,
    requests,
    script: (...more) => void calls.push(...more),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // clients keep connections alive; close would wait for them
      }),
  };
  return fake;
}

function sse(res: ServerResponse, events: [string | undefined, unknown][]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [event, data] of events) res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  res.end();
}

function json(res: ServerResponse, data: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(data));
}

function wantsStream(body: string): boolean {
  try {
    return (JSON.parse(body) as { stream?: unknown }).stream === true;
  } catch {
    return false;
  }
}

/** Whether the request offers the model a tool of that name (every API lists them by "name"). */
function offers(body: string, tool: string): boolean {
  try {
    return JSON.stringify((JSON.parse(body) as { tools?: unknown }).tools ?? []).includes(`"name":${JSON.stringify(tool)}`);
  } catch {
    return false;
  }
}

function answer(req: IncomingMessage, res: ServerResponse, body: string, call?: ToolCall): void {
  const path = (req.url ?? '').split('?')[0]!;
  if (req.method !== 'POST') return json(res, path.endsWith('/models') ? { object: 'list', data: [{ id: 'fake-model', object: 'model' }] } : {});
  if (path.endsWith('/messages/count_tokens')) return json(res, { input_tokens: 10 });
  if (path.endsWith('/messages')) return anthropic(res, wantsStream(body), call);
  if (path.endsWith('/responses')) return responses(res, call);
  if (path.endsWith('/chat/completions')) return chat(res, wantsStream(body), call);
  if (/:(stream)?generateContent$/i.test(path)) return gemini(res, /:streamGenerateContent$/i.test(path), call);
  if (/:countTokens$/.test(path)) return json(res, { totalTokens: 10 });
  json(res, {});
}

/** The Anthropic API's answer to a request past the model's context window. */
function promptTooLong(res: ServerResponse): void {
  res.writeHead(400, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 250000 tokens > 200000 maximum' } }));
}

let callCount = 0;
const callId = () => `call_fake_${++callCount}`;

function anthropic(res: ServerResponse, stream: boolean, call?: ToolCall): void {
  const stop = call ? 'tool_use' : 'end_turn';
  const message = { id: 'msg_fake', type: 'message', role: 'assistant', model: 'fake-model', stop_reason: stop, stop_sequence: null };
  const usage = { input_tokens: 10, output_tokens: 1 };
  const block = call ? { type: 'tool_use', id: callId(), name: call.tool, input: call.args } : { type: 'text', text: REPLY };
  if (!stream) return json(res, { ...message, content: [block], usage });
  sse(res, [
    ['message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage } }],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: call ? { ...block, input: {} } : { type: 'text', text: '' } }],
    [
      'content_block_delta',
      { type: 'content_block_delta', index: 0, delta: call ? { type: 'input_json_delta', partial_json: JSON.stringify(call.args) } : { type: 'text_delta', text: REPLY } },
    ],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } }],
    ['message_stop', { type: 'message_stop' }],
  ]);
}

function responses(res: ServerResponse, call?: ToolCall): void {
  const item = call
    ? { type: 'function_call', id: 'fc_fake', call_id: callId(), name: call.tool, ...(call.namespace && { namespace: call.namespace }), arguments: JSON.stringify(call.args), status: 'completed' }
    : { type: 'message', id: 'msg_fake', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: REPLY, annotations: [] }] };
  const response = { id: 'resp_fake', object: 'response', status: 'completed', model: 'fake-model', output: [item] };
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 11 };
  sse(res, [
    ['response.created', { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } }],
    ['response.output_item.added', { type: 'response.output_item.added', output_index: 0, item: call ? item : { ...item, status: 'in_progress', content: [] } }],
    ...(call ? [] : [['response.output_text.delta', { type: 'response.output_text.delta', item_id: 'msg_fake', output_index: 0, content_index: 0, delta: REPLY }] as [string, unknown]]),
    ['response.output_item.done', { type: 'response.output_item.done', output_index: 0, item }],
    ['response.completed', { type: 'response.completed', response: { ...response, usage } }],
  ]);
}

function chat(res: ServerResponse, stream: boolean, call?: ToolCall): void {
  const base = { id: 'chatcmpl-fake', object: 'chat.completion', created: 1, model: 'fake-model' };
  const usage = { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 };
  const finish = call ? 'tool_calls' : 'stop';
  const toolCalls = call && [{ index: 0, id: callId(), type: 'function', function: { name: call.tool, arguments: JSON.stringify(call.args) } }];
  const message = call ? { role: 'assistant', content: null, tool_calls: toolCalls } : { role: 'assistant', content: REPLY };
  if (!stream) return json(res, { ...base, choices: [{ index: 0, message, finish_reason: finish }], usage });
  const chunk = { ...base, object: 'chat.completion.chunk' };
  sse(res, [
    [undefined, { ...chunk, choices: [{ index: 0, delta: message, finish_reason: null }] }],
    [undefined, { ...chunk, choices: [{ index: 0, delta: {}, finish_reason: finish }], usage }],
    [undefined, '[DONE]'],
  ]);
}

function gemini(res: ServerResponse, stream: boolean, call?: ToolCall): void {
  const part = call ? { functionCall: { name: call.tool, args: call.args } } : { text: REPLY };
  const reply = {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1, totalTokenCount: 11 },
    modelVersion: 'fake-model',
  };
  if (stream) sse(res, [[undefined, reply]]);
  else json(res, reply);
}
