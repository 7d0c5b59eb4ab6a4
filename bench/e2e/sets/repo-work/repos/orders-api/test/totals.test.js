import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineTotal, orderTotal } from '../src/totals.js';

test('line and order totals in cents', () => {
  assert.equal(lineTotal({ qty: 3, price_cents: 333 }), 999);
  assert.equal(orderTotal([{ qty: 1, price_cents: 100 }, { qty: 2, price_cents: 50 }]), 200);
});
