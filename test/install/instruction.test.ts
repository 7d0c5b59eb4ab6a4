// The instruction as a search guide (issue 23, bench/RESULTS.md 40 and 42): what model sessions
// playing the agent were misled by must not be said, on a memory of dev facts in two languages or of
// imported notes about people, and the MCP search tool says the same as the card.
import { describe, expect, it } from 'vitest';
import { INSTRUCTION } from '../../src/install/instruction.js';
import { TOOLS } from '../../src/mcp/tools.js';

const searchTool = TOOLS.find((t) => t.name === 'memcue_search')!;

describe('the instruction', () => {
  it('says only tech names have other-script spellings, not every word', () => {
    expect(INSTRUCTION).not.toMatch(/either way/);
    expect(INSTRUCTION).toContain('only tech names and abbreviations also match other spellings');
    expect(INSTRUCTION).toContain('ordinary words never');
    expect(searchTool.description).toContain('only tech names and abbreviations match in another spelling');
  });

  it('does not assume dev kinds or that the date is when a thing happened', () => {
    // A memory of notes about people: every fact of kind note, one import date, "last week" in the text.
    expect(INSTRUCTION).not.toContain('--kind rule|decision|gotcha|env');
    expect(INSTRUCTION).toContain('`note` (anything else, the default)');
    expect(INSTRUCTION).toContain('date recorded');
    expect(INSTRUCTION).toContain('not when it happened');
    expect(searchTool.description).toContain('date recorded');
  });

  it('gives the search advice the seed and issue 33 measured: name, distinctive words, a synonym, both languages in one search', () => {
    // "1-4 distinctive words … not a pile of synonyms" cost first searches: 0.800 against 0.950 (issue 33).
    for (const text of [INSTRUCTION, searchTool.description]) {
      expect(text).not.toMatch(/1-4|pile of synonyms/);
      expect(text).toMatch(/the system, service, file or person's name/);
      expect(text).toMatch(/a synonym or (the )?broader term/);
      expect(text).toMatch(/in both (languages )?in one (search|query)/);
      // A search again shows more (limit 10, cut-off 0.3): replaying conv-30's second and third searches so
      // found 0.953 of the questions against 0.938 (bench/RESULTS.md, "Issue 33, round 2").
      expect(text).toMatch(/Missed\? Search again with the words the fact would likely use,? and (`--limit 10`|limit 10)/);
    }
    expect(INSTRUCTION).toContain('`memcue search deploy friday деплой пятница`');
    expect(INSTRUCTION).toContain('For "which/what all" questions add `--limit 10`');
    expect(JSON.stringify(searchTool.inputSchema)).toContain('10 for which/what-all questions');
  });
});
