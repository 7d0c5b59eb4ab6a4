// Money is integer cents everywhere; no floats cross this module.
export function lineTotal(item) {
  return item.qty * item.price_cents;
}

export function orderTotal(items) {
  return items.reduce((sum, item) => sum + lineTotal(item), 0);
}
