import type { Context } from '../context.js';
import { cardFor } from '../hooks/make-card.js';
import { INSTRUCTION } from '../install/instruction.js';
import { json } from '../format.js';

export async function run(ctx: Context, opts: { json?: boolean }): Promise<void> {
  const card = await cardFor(ctx);
  if (opts.json) {
    const { text, ...rest } = card;
    ctx.stdout(json({ ...rest, instruction: INSTRUCTION, text, chars: text.length }));
    return;
  }
  ctx.stdout(card.text);
}
