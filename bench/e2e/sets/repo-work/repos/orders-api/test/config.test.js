import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, parseAddr } from '../src/config.js';

test('defaults', () => {
  const c = loadConfig({});
  assert.equal(c.port, 9100);
  assert.equal(c.logLevel, 'info');
});

test('rejects a bad port', () => {
  assert.throws(() => loadConfig({ PORT: 'eighty' }));
});

test('parses host:port', () => {
  assert.deepEqual(parseAddr('127.0.0.1:8125'), { host: '127.0.0.1', port: 8125 });
  assert.equal(parseAddr(''), null);
  assert.throws(() => parseAddr('nohost'));
});
