// install --help on --mcp says what it does: the server is added beside an installed hook, not in
// its place, and who gives the card then.
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers.js';

describe('install --help', () => {
  it('--mcp: added next to the hook, which keeps giving the card', async () => {
    const help = (await cli(['install', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).not.toContain('instead of its hook');
    expect(help).toContain('next to its hook when that is installed (the hook then gives the card and the server the tools; without the hook the server gives both)');
  });
});
