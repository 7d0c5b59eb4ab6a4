// Cold start of the compiled binary per command, against a Bun-compiled hello world built in the
// same run: what memcue adds on top of starting Bun at all.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { interleaved, timeMs } from './measure.js';

export function startupRows(binary: string, env: NodeJS.ProcessEnv, queries: string[], runs: number): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'memcue-hello-'));
  try {
    writeFileSync(join(dir, 'hello.ts'), 'console.log("hello");\n');
    const hello = join(dir, 'hello');
    const built = spawnSync(process.execPath, ['build', join(dir, 'hello.ts'), '--compile', '--minify', '--bytecode', '--outfile', hello]);
    if (built.status !== 0) throw new Error(`could not build the hello-world baseline: ${built.stderr}`);
    const hasCard = /^\s+card\b/m.test(spawnSync(binary, ['--help'], { env, encoding: 'utf8' }).stdout);
    let q = 0;
    const commands: [string, () => number][] = [
      ['hello world', () => timeMs(hello, [], env)],
      ['memcue --version', () => timeMs(binary, ['--version'], env)],
      ['memcue search', () => timeMs(binary, ['search', ...queries[q++ % queries.length]!.split(' ')], env)],
      ...(hasCard ? [['memcue card', () => timeMs(binary, ['card'], env)] as [string, () => number]] : []),
    ];
    const medians = interleaved(commands.map(([, run]) => run), runs);
    return commands.map(([label], i) => [label, medians[i]!.toFixed(1), (medians[i]! / medians[0]!).toFixed(1)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
