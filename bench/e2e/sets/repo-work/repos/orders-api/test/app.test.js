import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, sampleOrder } from './helpers.js';

test('creates an order and reads it back', async () => {
  const app = await startApp();
  try {
    const created = await app.call('POST', '/orders', sampleOrder);
    assert.equal(created.status, 201);
    assert.equal(created.json.status, 'new');
    assert.equal(created.json.total_cents, 2999);
    const got = await app.call('GET', `/orders/${created.json.id}`);
    assert.equal(got.status, 200);
    assert.deepEqual(got.json, created.json);
  } finally {
    await app.close();
  }
});

test('rejects a bad body with 400', async () => {
  const app = await startApp();
  try {
    assert.equal((await app.call('POST', '/orders', '{nope')).status, 400);
    assert.equal((await app.call('POST', '/orders', { customer: 'x', items: [] })).status, 400);
  } finally {
    await app.close();
  }
});

test('moves status along allowed paths only', async () => {
  const app = await startApp();
  try {
    const { json: order } = await app.call('POST', '/orders', sampleOrder);
    assert.equal((await app.call('POST', `/orders/${order.id}/status`, { status: 'shipped' })).status, 409);
    assert.equal((await app.call('POST', `/orders/${order.id}/status`, { status: 'paid' })).json.status, 'paid');
    assert.equal((await app.call('POST', `/orders/${order.id}/status`, { status: 'lost' })).status, 400);
  } finally {
    await app.close();
  }
});

test('lists orders', async () => {
  const app = await startApp();
  try {
    await app.call('POST', '/orders', sampleOrder);
    await app.call('POST', '/orders', sampleOrder);
    const list = await app.call('GET', '/orders');
    assert.equal(list.json.length, 2);
  } finally {
    await app.close();
  }
});
