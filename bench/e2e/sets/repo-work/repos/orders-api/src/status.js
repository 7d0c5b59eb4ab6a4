// Allowed status moves. Anything else is a 409.
export const STATUSES = ['new', 'paid', 'shipped', 'delivered', 'cancelled'];

const MOVES = {
  new: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canMove(from, to) {
  return (MOVES[from] || []).includes(to);
}
