// A search file's postings, built with memory bounded by a batch (issue 22): each fact's distinct
// terms go into the batch; a full batch is spilled, sorted by term, as a run to a temporary file; at
// the end the runs are merged term by term into the postings section and the dictionary.
import { ByteSink, compareStrings, utf8 } from './format.js';
import type { NamesWriter } from './names.js';
import { mergeByKey, type RunFile } from './runs.js';
import { StringTableWriter } from './string-table.js';
import { writePosting, writeTerm, type TermPostings } from './skips.js';

export class PostingsBatch {
  // The batch's terms (ids local to the batch: memory stays bounded by the batch, even for a
  // vocabulary that grows with the facts, as ids and numbers in them make it).
  private termIds = new Map<string, number>();
  private names: string[] = [];
  private seenIn = new Int32Array(1024).fill(-1);
  private tf = [new Uint32Array(1024), new Uint32Array(1024)];
  private readonly batch: { term: Uint32Array; doc: Uint32Array; tf0: Uint32Array; tf1: Uint32Array; size: number };

  constructor(
    private readonly runs: RunFile,
    private readonly batchSize: number,
  ) {
    // Room for one fact more than the batch (a fact has at most 0xffff terms).
    const room = batchSize + 0xffff;
    this.batch = { term: new Uint32Array(room), doc: new Uint32Array(room), tf0: new Uint32Array(room), tf1: new Uint32Array(room), size: 0 };
  }

  /** Term frequencies of fact `d` (text, translation), one posting per distinct term. */
  add(d: number, columns: [string[], string[]]): void {
    // A fact's postings stay in one run (its terms' ids are the batch's).
    if (this.batch.size + columns[0].length + columns[1].length > this.batchSize) this.spill();
    const distinct: number[] = [];
    columns.forEach((column, c) => {
      for (const term of column) {
        let id = this.termIds.get(term);
        if (id === undefined) {
          id = this.names.length;
          this.termIds.set(term, id);
          this.names.push(term);
          if (id >= this.seenIn.length) this.growTerms();
        }
        if (this.seenIn[id] !== d) {
          this.seenIn[id] = d;
          this.tf[0]![id] = 0;
          this.tf[1]![id] = 0;
          distinct.push(id);
        }
        this.tf[c]![id]!++;
      }
    });
    const b = this.batch;
    for (const id of distinct) {
      b.term[b.size] = id;
      b.doc[b.size] = d;
      b.tf0[b.size] = this.tf[0]![id]!;
      b.tf1[b.size] = this.tf[1]![id]!;
      b.size++;
    }
  }

  private growTerms(): void {
    const seen = new Int32Array(this.seenIn.length * 2).fill(-1);
    seen.set(this.seenIn);
    this.seenIn = seen;
    this.tf = this.tf.map((old) => {
      const grown = new Uint32Array(old.length * 2);
      grown.set(old);
      return grown;
    });
  }

  /**
   * The batch as one run: its terms in byte order, each with its postings (a counting sort keeps
   * docs ascending). The batch's terms are then forgotten.
   */
  private spill(): void {
    const b = this.batch;
    if (b.size === 0) return;
    const vocabulary = this.names.length;
    const count = new Uint32Array(vocabulary + 1);
    for (let i = 0; i < b.size; i++) count[b.term[i]! + 1]!++;
    for (let t = 0; t < vocabulary; t++) count[t + 1]! += count[t]!;
    const order = new Uint32Array(b.size);
    const next = count.slice(0, vocabulary);
    for (let i = 0; i < b.size; i++) order[next[b.term[i]!]!++] = i;
    const sorted = this.names.map((_, id) => id).sort((x, y) => compareStrings(this.names[x]!, this.names[y]!));
    const sink = new ByteSink();
    for (const t of sorted) {
      const term = utf8.encode(this.names[t]!);
      sink.varint(term.length);
      sink.put(term);
      sink.varint(count[t + 1]! - count[t]!);
      let last = 0;
      for (let k = count[t]!; k < count[t + 1]!; k++) {
        const i = order[k]!;
        writePosting(sink, b.doc[i]! - last, b.tf0[i]!, b.tf1[i]!);
        last = b.doc[i]!;
      }
    }
    this.runs.append(sink.view());
    b.size = 0;
    this.termIds = new Map();
    this.names = [];
    this.seenIn.fill(-1);
  }

  /**
   * The runs merged term by term, in byte order: a term's postings from run 1, run 2, … (docs stay
   * ascending), with its range table when it is long (skips.ts), through `write`; its entry into the
   * dictionary returned (offsets from the first byte written; its blocks parked in the run file after
   * the runs), its name key into `nameKeys`. `total`: the facts; `lengthOf`: a doc's length, for the range table.
   */
  finish(write: (bytes: Uint8Array) => void, nameKeys: NamesWriter, total: number, lengthOf: (d: number) => number): { dict: StringTableWriter; terms: number } {
    this.spill();
    const dict = new StringTableWriter(this.runs.spool());
    const out = new ByteSink();
    const scratch = new ByteSink();
    let written = 0;
    let terms = 0;
    mergeByKey(this.runs.readers(), (term, holders) => {
      const start = written + out.length;
      const postings: TermPostings = { docs: [], tf0: [], tf1: [] };
      for (const reader of holders) {
        const n = reader.varint();
        let doc = 0;
        for (let k = 0; k < n; k++) {
          const head = reader.varint();
          doc += Math.floor(head / 2);
          let tf0 = 1;
          let tf1 = 0;
          if (head % 2 === 0) {
            const code = reader.varint();
            tf0 = Math.floor(code / 2);
            tf1 = code % 2 ? reader.varint() : 0;
          }
          postings.docs.push(doc);
          postings.tf0.push(tf0);
          postings.tf1.push(tf1);
        }
      }
      writeTerm(out, scratch, postings, total, lengthOf);
      dict.add(term, [postings.docs.length, start, written + out.length - start]);
      nameKeys.add(term, terms++);
      if (out.length > 1 << 16) {
        write(out.view());
        written += out.length;
        out.clear();
      }
    });
    write(out.view());
    return { dict, terms };
  }
}
