// Each fact's record while a search file is written (encode.ts): five numbers a fact in typed
// arrays, grown as facts come (created_at's rank set once all are known), written as the docs section.
import { DOC_RECORD } from './format.js';
import type { PageWriter } from './paged.js';

export class RecordColumns {
  private row = new Uint32Array(1024);
  private created = new Uint32Array(1024);
  private length = new Uint16Array(1024);
  private scope = new Uint16Array(1024);
  private kind = new Uint8Array(1024);
  private size = 0;

  push(row: number, created: number, length: number, scope: number, kind: number): void {
    if (this.size === this.row.length) {
      const grow = <T extends Uint32Array | Uint16Array | Uint8Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.row = grow(this.row);
      this.created = grow(this.created);
      this.length = grow(this.length);
      this.scope = grow(this.scope);
      this.kind = grow(this.kind);
    }
    const i = this.size++;
    this.row[i] = row;
    this.created[i] = created;
    this.length[i] = length;
    this.scope[i] = scope;
    this.kind[i] = kind;
  }

  setCreated(i: number, rank: number): void {
    this.created[i] = rank;
  }

  get(i: number): [row: number, created: number, length: number, scope: number, kind: number] {
    return [this.row[i]!, this.created[i]!, this.length[i]!, this.scope[i]!, this.kind[i]!];
  }

  /** The fixed-size records (format.ts DOC_RECORD). */
  write(body: PageWriter): void {
    const chunk = new Uint8Array(DOC_RECORD * 4096);
    const view = new DataView(chunk.buffer);
    let filled = 0;
    for (let d = 0; d < this.size; d++) {
      const [row, created, length, scope, kind] = this.get(d);
      const at = filled * DOC_RECORD;
      view.setUint32(at, row, true);
      view.setUint32(at + 4, created, true);
      view.setUint16(at + 8, length, true);
      view.setUint16(at + 10, scope, true);
      view.setUint8(at + 12, kind);
      if (++filled === 4096) {
        body.write(chunk);
        filled = 0;
      }
    }
    body.write(chunk.subarray(0, filled * DOC_RECORD));
  }
}
