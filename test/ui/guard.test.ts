// Who may reach the viewer: the printed URL lets one browser in once (then a secret path and an
// HttpOnly SameSite=Strict cookie for it), only under the Host it was printed with, never from a page
// of another origin; asset names are looked up as names only, and request bodies are capped.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { viewer } from './viewer.js';

/** A raw request (fetch cannot set Host), answered with its status. */
function rawStatus(url: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the viewer session', () => {
  it('the printed URL is good for one page load, which gets a secret path and an HttpOnly SameSite=Strict cookie for it', async () => {
    const { url, origin } = await viewer();
    const first = await fetch(`${url}?from=100`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const location = first.headers.get('location')!;
    expect(location).toMatch(/^\/[0-9a-f]{32}\/\?from=100$/); // a view in the URL is kept
    const base = location.slice(0, location.indexOf('?'));
    const setCookie = first.headers.get('set-cookie')!;
    // Scoped to the secret path: 127.0.0.1's cookies go to every port, this one only where the page is.
    expect(setCookie).toBe(`${setCookie.split(';')[0]}; Path=${base}; HttpOnly; SameSite=Strict`);
    const cookie = setCookie.split(';')[0]!;
    expect(cookie).toMatch(/^memcue_ui_\d+=[0-9a-f]{64}$/);
    // The same URL again (another browser, or someone who read it over the user's shoulder): refused.
    const again = await fetch(url, { redirect: 'manual', headers: { cookie } });
    expect(again.status).toBe(403);
    expect(await again.text()).toContain('was used already');
    expect((await fetch(`${origin}${base}`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${origin}${base}api/facts`, { headers: { cookie } })).status).toBe(200);
    const forged = cookie.replace(/=./, (m) => (m === '=0' ? '=1' : '=0'));
    expect((await fetch(`${origin}${base}api/facts`, { headers: { cookie: forged } })).status).toBe(403);
    expect((await fetch(`${origin}/${'0'.repeat(32)}/api/facts`, { headers: { cookie } })).status).toBe(403);
  });

  it('the launch form (the file handed to the opener) gets in once, with the token in its body, and is refused otherwise', async () => {
    const { url, origin, server } = await viewer();
    const form = 'application/x-www-form-urlencoded';
    const launch = (body: string, headers: Record<string, string> = {}, method = 'POST') =>
      fetch(server.launchAction, { method, headers: { 'Content-Type': form, Origin: 'null', ...headers }, body: method === 'POST' ? body : undefined, redirect: 'manual' });
    expect(server.launchAction).toBe(`${origin}/launch`);
    expect((await launch(`token=${'0'.repeat(48)}`)).status).toBe(403);
    expect((await launch('')).status).toBe(403);
    expect((await launch(`token=${server.token}`, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await launch(`token=${server.token}`, { 'Content-Type': 'text/plain' })).status).toBe(403);
    expect((await launch('', {}, 'GET')).status).toBe(403);
    expect(await rawStatus(server.launchAction, { host: 'evil.example', 'Content-Type': form }, 'POST', `token=${server.token}`)).toBe(403);
    // None of those spent it: the form gets in, and sets the cookie for the secret path.
    const first = await launch(`token=${server.token}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const base = /location\.replace\("(\/[0-9a-f]{32}\/)"\)/.exec(await first.text())![1]!;
    expect((await fetch(`${origin}${base}api/facts`, { headers: { cookie } })).status).toBe(200);
    // Once: neither the form nor the printed URL (the same token) gets in again.
    const again = await launch(`token=${server.token}`);
    expect(again.status).toBe(403);
    expect(await again.text()).toContain('was used already');
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(403);
  });

  it('refuses a Host other than the one it printed (DNS rebinding)', async () => {
    const { origin, session } = await viewer();
    const { cookie, base } = await session();
    const port = new URL(origin).port;
    expect(await rawStatus(`${base}api/facts`, { cookie })).toBe(200);
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, `localhost:${port}`]) {
      expect(await rawStatus(`${base}api/facts`, { cookie, host }), host).toBe(403);
    }
  });

  it('refuses the one-time URL under another Host, so a rebinding page cannot use it up', async () => {
    const { url } = await viewer();
    expect(await rawStatus(url, { host: 'evil.example' })).toBe(403);
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(303);
  });
});

describe('requests from other origins', () => {
  it('a text/plain POST from another origin changes nothing', async () => {
    const { run, origin, session, get } = await viewer();
    const id = (await run('add', '--scope', 'global', 'first text')).stdout.trim();
    const { cookie, base } = await session();
    const attempt = (headers: Record<string, string>) =>
      fetch(`${base}api/facts/${id}/edit`, { method: 'POST', headers: { cookie, ...headers }, body: JSON.stringify({ text: 'changed by a stranger' }) });
    expect((await attempt({ Origin: 'http://evil.example', 'Content-Type': 'text/plain' })).status).toBe(403);
    expect((await attempt({ Origin: `http://127.0.0.1:1`, 'Content-Type': 'application/json' })).status).toBe(403);
    expect((await attempt({ 'Sec-Fetch-Site': 'same-site', 'Content-Type': 'application/json' })).status).toBe(403);
    // Our own origin, but not JSON: no form or text/plain body is taken for an edit.
    expect((await attempt({ Origin: origin, 'Content-Type': 'text/plain' })).status).toBe(415);
    expect(JSON.parse((await run('show', id, '--json')).stdout).text).toBe('first text');
    expect((await attempt({ Origin: origin, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect(JSON.parse((await run('show', id, '--json')).stdout).text).toBe('changed by a stranger');
    // Reads from another site's page are refused too (the cookie is SameSite, the check does not rely on it).
    const read = await fetch(`${base}api/facts`, { headers: { cookie, 'Sec-Fetch-Site': 'cross-site' } });
    expect(read.status).toBe(403);
    expect((await get('api/facts')).status).toBe(200);
  });
});

describe('asset names and request bodies', () => {
  it('answers 404 for names of Object.prototype', async () => {
    const { get } = await viewer();
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'nope.js']) {
      expect((await get(name)).status, name).toBe(404);
    }
  });

  it('refuses a body over 64 KB with 413, with or without Content-Length, and writes nothing', async () => {
    const { run, origin, session } = await viewer();
    const id = (await run('add', '--scope', 'global', 'first text')).stdout.trim();
    const { cookie, base } = await session();
    const big = JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) });
    const headers = { cookie, Origin: origin, 'Content-Type': 'application/json' };
    expect(await rawStatus(`${base}api/facts/${id}/edit`, headers, 'POST', big)).toBe(413);
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(32));
        controller.close();
      },
    });
    const streamed = await fetch(`${base}api/facts/${id}/edit`, { method: 'POST', headers, body: chunks, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(JSON.parse((await run('show', id, '--json')).stdout).text).toBe('first text');
  });
});
