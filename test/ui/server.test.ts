// The viewer's server in this process on a real port: the token guards every request, the API answers
// with the same code paths as the commands, and changes land in the real database.
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers.js';
import { viewer } from './viewer.js';

describe('memcue ui server', () => {
  it('listens on 127.0.0.1 and refuses every request without the session', async () => {
    const { url, origin, get, session } = await viewer();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{48}\/$/);
    expect((await get('')).status).toBe(200);
    const { cookie, base } = await session();
    for (const path of ['/', '/app.js', '/api/facts', `/${'0'.repeat(48)}/`, `/${'0'.repeat(48)}/api/facts`]) {
      expect((await fetch(origin + path)).status, path).toBe(403);
      expect((await fetch(origin + path, { headers: { cookie } })).status, `${path} with the cookie`).toBe(403);
    }
    expect((await fetch(`${base}api/facts`)).status, 'the page path without the cookie').toBe(403);
    expect((await fetch(`${origin}/api/facts/x/forget`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(403);
    expect((await get('app.js')).headers.get('content-type')).toContain('javascript');
  });

  it('searches with the same code path as `memcue search` and filters like `list`', async () => {
    const { run, get, post } = await viewer();
    await run('add', '--scope', 'global', '--kind', 'gotcha', 'api-gw times out after 30 s on uploads');
    await run('add', '--scope', 'global', '--kind', 'rule', 'Никогда не деплоить в прод в пятницу');
    await run('add', '--scope', 'repo:github.com/acme/shop', 'Shop deploys run from the release branch');
    for (const q of ['upload timeout', 'деплой пятница', 'deploys']) {
      const cliIds = JSON.parse((await run('search', q, '--in', 'all', '--json')).stdout).map((h: { id: string }) => h.id);
      const uiIds = ((await (await get(`api/facts?q=${encodeURIComponent(q)}`)).json()).facts as { id: string }[]).map((h) => h.id);
      expect(uiIds, q).toEqual(cliIds);
    }
    const rules = (await (await get(`api/facts?kind=rule`)).json()).facts;
    expect(rules).toHaveLength(1);
    const shop = (await (await get(`api/facts?in=repo:github.com/acme/shop`)).json()).facts;
    // A repository chosen in the viewer's filter is that repository alone, as its label says.
    expect(shop.map((f: { scope: string }) => f.scope).sort()).toEqual(['repo:github.com/acme/shop']);
    expect((await (await get(`api/facts?since=2999-01-01`)).json()).facts).toEqual([]);
    const bad = await get(`api/facts?kind=nope`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain('unknown kind "nope"');
    expect((await (await get(`api/scopes`)).json()).scopes).toEqual(['global', 'repo:github.com/acme/shop']);
  });

  it('edits, forgets and reverts through the same checks as the commands; the log shows it', async () => {
    const { run, get, post } = await viewer();
    const id = (await run('add', '--scope', 'global', 'first text')).stdout.trim();
    const edited = await post(`api/facts/${id}/edit`, { text: 'second text', kind: 'rule' });
    expect(edited.status).toBe(200);
    expect((await post(`api/facts/${id}/edit`, { text: '' })).status).toBe(400);
    const secret = await post(`api/facts/${id}/edit`, { text: 'password=hunter2hunter2' });
    expect(secret.status).toBe(400);
    expect((await post(`api/facts/${id}/forget`, {})).status).toBe(200);
    const refused = await post(`api/facts/${id}/edit`, { text: 'third text' });
    expect((await refused.json()).error).toContain('--revive');
    expect((await post(`api/facts/${id}/revert`, { to: 2 })).status).toBe(200);
    const shown = JSON.parse((await run('show', id, '--json')).stdout);
    expect(shown.versions.map((v: { text: string; state: string }) => `${v.text}/${v.state}`)).toEqual([
      'first text/active',
      'second text/active',
      'second text/forgotten',
      'second text/active',
    ]);
    const detail = await (await get(`api/facts/${id.slice(0, 6)}`)).json();
    expect(detail.versions).toHaveLength(4);
    expect(detail.changes.map((c: { action: string }) => c.action)).toEqual(['revert', 'forget', 'edit', 'add']);
    const log = (await (await get(`api/log`)).json()).changes;
    expect(log[0]).toMatchObject({ id, version: 4, action: 'revert', host: 'testhost' });
    expect((await get(`api/facts/nosuchid`)).status).toBe(404);
  });

  it("pages with a count, a state that moves with every write, batch undo, and hints in the page's words", async () => {
    const { run, get, post } = await viewer();
    const lines = Array.from({ length: 130 }, (_, i) => JSON.stringify({ text: `fact number ${i} about backups`, scope: 'global' }));
    await run.stdin(lines.join('\n'), 'import', '-');
    const page = async (query: string) => (await get(`api/facts?${query}`)).json();
    const first = await page('limit=100');
    const second = await page('limit=100&offset=100');
    expect([first.total, first.facts.length, second.total, second.facts.length, second.offset]).toEqual([130, 100, 130, 30, 100]);
    const all = [...first.facts, ...second.facts].map((f: { id: string }) => f.id);
    expect(new Set(all).size).toBe(130);
    expect(all).toEqual(JSON.parse((await run('list', '--json')).stdout).map((f: { id: string }) => f.id));

    const state = async () => (await (await get('api/state')).json()).state;
    const before = await state();
    expect(before).not.toBe('');
    expect(await state()).toBe(before);
    const id = (await run('add', '--scope', 'global', 'a fact written by an agent meanwhile')).stdout.trim();
    expect(await state()).not.toBe(before);

    const unchanged = await post(`api/facts/${id}/edit`, {});
    expect((await unchanged.json()).error).toBe('nothing to change (change the text, kind or scope first)');
    const secret = await (await post(`api/facts/${id}/edit`, { text: 'password=hunter2hunter2' })).json();
    expect(secret.error).toContain('store where the secret lives');
    expect(secret.error).not.toContain('--allow-secret');

    const twin = (await run('add', '--scope', 'global', 'A fact written by an agent, meanwhile')).stdout.trim();
    const batch = JSON.parse((await run('dream', '--json')).stdout).batch;
    const answer = { batch, decisions: [{ action: 'merge', into: id, from: [twin], text: 'a fact an agent wrote meanwhile' }] };
    expect((await run.stdin(JSON.stringify(answer), 'dream', 'apply', '-')).code).toBe(0);
    expect((await post(`api/batches/nightmare/${batch}/undo`, {})).status).toBe(400);
    const undone = await (await post(`api/batches/dream/${batch}/undo`, {})).json();
    expect(undone.line).toBe(`undid dream batch ${batch}: 2 facts reverted`);
    expect(JSON.parse((await run('show', twin, '--json')).stdout).state).toBe('active');
  });

  it('`memcue ui --port` must be a port number', async () => {
    const r = await cli(['ui', '--no-open', '--port', 'eighty']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('memcue: --port must be a port number, got "eighty"\n');
  });
});
