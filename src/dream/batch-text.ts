// The text of a batch the agent reads (dream and migrate alike): a short instruction, then one JSON
// payload with one item per line, filled greedily up to a character budget.

export const DEFAULT_BUDGET = 20_000;
/** Room left for the closing fields (`remaining` counts) whose digits are known only at the end. */
const TAIL_ROOM = 120;
/** Per item: indentation, comma and newline. */
const ITEM_OVERHEAD = 6;

export interface Section<T> {
  name: string;
  items: T[];
  render: (item: T) => unknown;
}

export interface Packed<T> {
  name: string;
  taken: T[];
  left: number;
}

/** What one rendered item costs the batch (as pack counts it). */
export function itemSize(rendered: unknown): number {
  return JSON.stringify(rendered).length + ITEM_OVERHEAD;
}

/**
 * Takes items, section by section in order, while the whole text stays within `budget` and the count
 * within `limit`; an item too big for the room left is skipped for a later batch. The first item is
 * always taken, however big, so every batch makes progress.
 */
export function pack(sections: Section<any>[], fixed: number, budget: number, limit: number): Packed<any>[] {
  let used = fixed + TAIL_ROOM;
  let count = 0;
  return sections.map((section) => {
    const taken: unknown[] = [];
    for (const item of section.items) {
      const size = itemSize(section.render(item));
      if (count >= limit || (count > 0 && used + size > budget)) continue;
      taken.push(item);
      used += size;
      count++;
    }
    return { name: section.name, taken, left: section.items.length - taken.length };
  });
}

/** The payload as JSON with one item per line (readable, and each item's size is what it costs). */
export function renderPayload(head: Record<string, unknown>, sections: { name: string; items: unknown[] }[], tail: Record<string, unknown>): string {
  const lines = ['{'];
  const fields: string[] = [];
  for (const [key, value] of Object.entries(head)) fields.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  for (const { name, items } of sections) {
    const body = items.map((item) => `    ${JSON.stringify(item)}`).join(',\n');
    fields.push(items.length ? `  ${JSON.stringify(name)}: [\n${body}\n  ]` : `  ${JSON.stringify(name)}: []`);
  }
  for (const [key, value] of Object.entries(tail)) fields.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  lines.push(fields.join(',\n'), '}');
  return `${lines.join('\n')}\n`;
}

/** What the agent reads: the instruction, then the payload in a fenced block. */
export function batchText(instruction: string, payload: string): string {
  return `${instruction.trimEnd()}\n\n\`\`\`json\n${payload}\`\`\`\n`;
}

/** The fixed part of a batch's size, before any item: instruction, fences and empty sections. */
export function fixedSize(instruction: string, head: Record<string, unknown>, names: string[]): number {
  return batchText(instruction, renderPayload(head, names.map((name) => ({ name, items: [] })), {})).length;
}
