// In-process store with the same fields as the SQL schema in migrations/.
export class OrderStore {
  constructor() {
    this.rows = new Map();
    this.nextId = 1;
  }

  create({ customer, items }, now = Date.now()) {
    const order = { id: this.nextId++, customer, items, status: 'new', createdAt: now };
    this.rows.set(order.id, order);
    return order;
  }

  get(id) {
    return this.rows.get(id) || null;
  }

  list() {
    return [...this.rows.values()];
  }

  setStatus(id, status) {
    const order = this.rows.get(id);
    if (!order) return null;
    order.status = status;
    return order;
  }
}
