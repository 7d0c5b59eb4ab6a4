// The `npm run bench:robust` row for parallel MCP calls, a [result, detail] pair:
//   parallel MCP calls rounds of 6 adds sent at once to one `memcue mcp` (as Claude Code calls tools)
//                      → answered / stored / errors, the median round beside the same 6 sent one after
//                      another, the server's CPU; then stdin closed with a round queued: the wait to
//                      exit, and how many of the queued calls ran and were answered
import { spawnSync } from 'node:child_process';
import { median } from './measure.js';
import { addCall, startMcp, type McpAnswer } from './mcp-session.js';

type Env = Record<string, string>;

/** What robust.ts measures for every row. */
export interface Tools {
  factCount(env: Env): number;
  integrity(env: Env): string;
  /** The children's CPU time so far, ms (a child counts once it has exited). */
  childCpuMs(): number;
}

const MCP_ROUNDS = Number(process.env.BENCH_MCP_ROUNDS ?? 20);
const MCP_BATCH = 6;

/**
 * Rounds of MCP_BATCH adds sent at once (as Claude Code calls tools), alternating with the same number
 * sent one after another: the server queues parallel calls, so a round at once should cost about what
 * the sequential one does. Then stdin is closed with a round still queued: the wait until exit, and
 * how many of those calls ran (each must be answered: done, or "not run" past the grace period).
 */
export async function parallelMcp(binary: string, env: Env, work: string, tools: Tools): Promise<string[]> {
  const { factCount, integrity, childCpuMs } = tools;
  if (spawnSync(binary, ['add', '--scope', 'global', 'the database exists before the server starts'], { env }).status !== 0) return ['n/a (add failed)', ''];
  const cpu = childCpuMs();
  const server = await startMcp(binary, env, work);
  let id = 1;
  let answered = 0;
  let errors = 0;
  const atOnce: number[] = [];
  const oneByOne: number[] = [];
  const count = (a: McpAnswer) => (a.result && !a.result.isError ? answered++ : errors++);
  for (let round = 0; round < MCP_ROUNDS; round++) {
    let start = performance.now();
    const ids = Array.from({ length: MCP_BATCH }, () => id++);
    for (const n of ids) server.send(addCall(n, `parallel fact ${n} of round ${round}`));
    (await Promise.all(ids.map((n) => server.answer(n)))).forEach(count);
    atOnce.push(performance.now() - start);
    start = performance.now();
    for (let i = 0; i < MCP_BATCH; i++, id++) {
      server.send(addCall(id, `sequential fact ${id} of round ${round}`));
      count(await server.answer(id));
    }
    oneByOne.push(performance.now() - start);
  }
  const sent = 2 * MCP_ROUNDS * MCP_BATCH;
  const queued = Array.from({ length: MCP_BATCH }, () => id++);
  for (const n of queued) server.send(addCall(n, `queued at close ${n}`));
  const closing = performance.now();
  server.child.stdin.end();
  const code = await server.exited;
  const exitMs = performance.now() - closing;
  const serverCpu = childCpuMs() - cpu; // the server, reaped: its CPU for every call and the start
  const stored = factCount(env) - 1;
  const ranAfterClose = stored - Math.min(stored, sent);
  // Each call queued at the close is answered: run, or "not run" when its turn came past the grace period.
  const closeAnswers = queued.map((n) => server.answers.get(n));
  const answeredAfterClose = closeAnswers.filter((a) => a?.result && !a.result.isError).length;
  const notRun = closeAnswers.filter((a) => /^not run/.test(a?.result?.content[0]?.text ?? '')).length;
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  return [
    `${answered} / ${stored - ranAfterClose} / ${errors} of ${sent}`,
    `round of ${MCP_BATCH} at once ${ms(median(atOnce))} median (max ${ms(Math.max(...atOnce))}), one by one ${ms(median(oneByOne))} (${(median(atOnce) / median(oneByOne)).toFixed(2)}×); ` +
      `server CPU ${ms(serverCpu)} in all (${(serverCpu / sent).toFixed(1)} ms a call); stdin closed with ${MCP_BATCH} queued: exit ${code} after ${ms(exitMs)}, ${ranAfterClose} of them ran (answered: ${answeredAfterClose} done, ${notRun} not run, ${closeAnswers.filter((a) => !a).length} never); integrity ${integrity(env)}`,
  ];
}
