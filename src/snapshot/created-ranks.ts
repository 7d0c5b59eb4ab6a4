// The created_at ranks of a search file's facts, in SQLite's order for TEXT (the bytes of the UTF-8):
// (value, doc) pairs sorted a batch at a time into runs of their own, merged at the end, so memory
// stays bounded by a batch however many facts there are (issue 22).
import { ByteSink, compareBytes, compareStrings, utf8 } from './format.js';
import type { RecordColumns } from './records.js';
import { mergeByKey, type RunFile } from './runs.js';
import { StringTableWriter } from './string-table.js';

export class CreatedRanks {
  private values: string[] = [];
  private docs: number[] = [];
  /** Distinct values written to the table so far. */
  count = 0;

  constructor(
    private readonly runs: RunFile,
    private readonly batchSize: number,
  ) {}

  add(value: string, doc: number): void {
    this.values.push(value);
    this.docs.push(doc);
    if (this.docs.length === this.batchSize) this.spill();
  }

  private spill(): void {
    const { values, docs } = this;
    if (docs.length === 0) return;
    const order = docs.map((_, i) => i).sort((x, y) => compareStrings(values[x]!, values[y]!) || x - y);
    const sink = new ByteSink();
    for (const i of order) {
      const bytes = utf8.encode(values[i]!);
      sink.varint(bytes.length);
      sink.put(bytes);
      sink.varint(docs[i]!);
    }
    this.runs.append(sink.view());
    this.values = [];
    this.docs = [];
  }

  /** The runs merged: each distinct value into the returned table, its rank into the facts' records. */
  finish(records: RecordColumns): StringTableWriter {
    this.spill();
    const table = new StringTableWriter(this.runs.spool());
    let previous: Uint8Array | undefined;
    mergeByKey(this.runs.readers(), (value, holders) => {
      // A run holds a value once per fact: the table holds it once.
      if (!previous || compareBytes(previous, value) !== 0) {
        table.add(value);
        this.count++;
        previous = value;
      }
      for (const reader of holders) records.setCreated(reader.varint(), this.count - 1);
    });
    return table;
  }
}
