// Returns an error message for a bad order body, or null when it is fine.
export function validateOrder(body) {
  if (!body || typeof body !== 'object') return 'body must be a JSON object';
  if (typeof body.customer !== 'string' || body.customer.trim() === '') return 'customer is required';
  if (!Array.isArray(body.items) || body.items.length === 0) return 'items must be a non-empty array';
  for (const [i, item] of body.items.entries()) {
    if (!item || typeof item.sku !== 'string' || item.sku === '') return `items[${i}].sku is required`;
    if (!Number.isInteger(item.qty) || item.qty <= 0) return `items[${i}].qty must be a positive integer`;
    if (!Number.isInteger(item.price_cents) || item.price_cents < 0) return `items[${i}].price_cents must be a non-negative integer`;
  }
  return null;
}
