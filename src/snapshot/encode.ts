// Writing the search file (format.ts has its layout) in one pass over the facts, in row order, with
// memory bounded by a batch (issue 22): each fact's fields go to the file as they come (deflated in
// blocks), its postings into a batch that is spilled, sorted by term, to a run file; at the end the
// runs are merged into the postings section. What stays in memory is per term (the dictionary) and
// a few bytes per fact (its record: 13 bytes).
import { groups, RECENT_READ } from '../hooks/card.js';
import { KINDS } from '../store/schema.js';
import { ByteSink, compareStrings, deflate, FACT_BLOCK, FIELDS, FORMAT, GROUP_SLACK, utf8, type SectionName, type SnapshotDoc, type SnapshotHeader } from './format.js';
import { PageWriter } from './paged.js';
import { StringTableWriter } from './string-table.js';
import { RunFile } from './runs.js';
import { RecordColumns } from './records.js';

/** Postings per spilled run (16 bytes each while batched). */
const BATCH = 1 << 18;
/** The kinds the session card reads (its groups). */
const CARD_KINDS = new Set(groups('any').map(([, kind]) => kind));

export interface FileMeta {
  stamp: string;
  indexVersion: number;
  scopesInUse: string[];
  usage: Record<string, number>;
}

export class SearchFileWriter {
  private readonly body: PageWriter;
  private readonly runs: RunFile;
  // Per term (first-seen ids).
  private readonly termIds = new Map<string, number>();
  private readonly names: string[] = [];
  private seenIn = new Int32Array(1024).fill(-1);
  private tf = [new Uint32Array(1024), new Uint32Array(1024)];
  // The current batch of postings.
  private batch = { term: new Uint32Array(BATCH), doc: new Uint32Array(BATCH), tf0: new Uint32Array(BATCH), tf1: new Uint32Array(BATCH), size: 0 };
  // Per fact: a few bytes.
  private records = new RecordColumns();
  private readonly createdIds = new Map<string, number>();
  private readonly scopeIds = new Map<string, number>();
  private readonly used: number[] = [];
  private docs = 0;
  private tokens = 0;
  private lastRow = -1;
  private factBlock: string[] = [];
  private readonly factIndex: number[] = [0];

  constructor(
    fd: number,
    runsPath: string,
    private readonly usage: Record<string, number>,
  ) {
    this.body = new PageWriter(fd);
    this.runs = new RunFile(runsPath);
  }

  /** One fact, in ascending row order. */
  add(doc: SnapshotDoc): void {
    const d = this.docs++;
    if (doc.row <= this.lastRow || doc.row > 0xffffffff) throw new Error('search file: rows out of order or too large');
    this.lastRow = doc.row;
    const length = doc.columns[0].length + doc.columns[1].length;
    if (length > 0xffff) throw new Error('search file: a fact with too many terms');
    this.tokens += length;
    let scope = this.scopeIds.get(doc.fact.scope);
    if (scope === undefined) this.scopeIds.set(doc.fact.scope, (scope = this.scopeIds.size));
    if (scope > 0xffff) throw new Error('search file: too many scopes');
    let created = this.createdIds.get(doc.fact.created_at);
    if (created === undefined) this.createdIds.set(doc.fact.created_at, (created = this.createdIds.size));
    this.records.push(doc.row, created, length, scope, KINDS.indexOf(doc.fact.kind));
    if ((this.usage[doc.fact.id] ?? 0) > 0) this.used.push(d);
    this.postings(d, doc.columns);
    this.factBlock.push(JSON.stringify([...FIELDS.map((f) => doc.fact[f]), doc.columns[0].join(' '), doc.columns[1].join(' ')]));
    if (this.factBlock.length === FACT_BLOCK) this.flushFacts();
  }

  /** Term frequencies of one fact, one posting per distinct term. */
  private postings(d: number, columns: [string[], string[]]): void {
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
    if (b.size + distinct.length > BATCH) this.spill();
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

  /** The batch, grouped by term (a counting sort: docs stay ascending), as one run. */
  private spill(): void {
    const b = this.batch;
    if (b.size === 0) return;
    const count = new Uint32Array(this.names.length + 1);
    for (let i = 0; i < b.size; i++) count[b.term[i]! + 1]!++;
    for (let t = 0; t < this.names.length; t++) count[t + 1]! += count[t]!;
    const order = new Uint32Array(b.size);
    const next = count.slice(0, this.names.length);
    for (let i = 0; i < b.size; i++) order[next[b.term[i]!]!++] = i;
    const sink = new ByteSink();
    for (let t = 0; t < this.names.length; t++) {
      const from = count[t]!;
      const to = count[t + 1]!;
      if (from === to) continue;
      sink.varint(t);
      sink.varint(to - from);
      let last = 0;
      for (let k = from; k < to; k++) {
        const i = order[k]!;
        writePosting(sink, b.doc[i]! - last, b.tf0[i]!, b.tf1[i]!);
        last = b.doc[i]!;
      }
    }
    this.runs.append(sink.view());
    b.size = 0;
  }

  private flushFacts(): void {
    if (this.factBlock.length === 0) return;
    this.body.write(deflate(utf8.encode(this.factBlock.join('\n'))));
    this.factIndex.push(this.body.offset);
    this.factBlock = [];
  }

  /** Stops without writing the rest (the caller throws the file away). */
  abandon(): void {
    this.runs.remove();
  }

  /** Writes the rest and the header; the run file is removed either way. */
  finish(meta: FileMeta): void {
    try {
      this.write(meta);
    } finally {
      this.runs.remove();
    }
  }

  private write(meta: FileMeta): void {
    this.flushFacts();
    this.spill();
    const sections = {} as Record<SectionName, [number, number]>;
    const section = (name: SectionName, write: () => void) => {
      this.body.align();
      const start = this.body.offset;
      write();
      sections[name] = [start, this.body.offset - start];
    };
    sections.facts = [0, this.factIndex[this.factIndex.length - 1]!];
    section('factIndex', () => this.body.write(u32s(this.factIndex)));

    // created_at ranks in SQLite's order for TEXT (the bytes of the UTF-8).
    const createdValues = [...this.createdIds.keys()].sort(compareStrings);
    const rankOf = new Uint32Array(createdValues.length);
    createdValues.forEach((value, rank) => (rankOf[this.createdIds.get(value)!] = rank));
    section('docs', () => this.records.write(this.body, rankOf));
    const created = new StringTableWriter();
    for (const value of createdValues) created.add(utf8.encode(value));
    section('created', () => this.body.write(created.blocks.view()));
    section('createdIndex', () => this.body.write(created.index.view()));

    const where = { start: new Float64Array(this.names.length), length: new Uint32Array(this.names.length), docs: new Uint32Array(this.names.length) };
    section('posts', () => this.mergeRuns(where));
    const dict = new StringTableWriter();
    const sorted = this.names.map((_, id) => id).sort((a, b) => compareStrings(this.names[a]!, this.names[b]!));
    for (const id of sorted) dict.add(utf8.encode(this.names[id]!), [where.docs[id]!, where.start[id]!, where.length[id]!]);
    section('dict', () => this.body.write(dict.blocks.view()));
    section('dictIndex', () => this.body.write(dict.index.view()));
    const groupDirectory = this.writeGroups(section, rankOf);

    const header: Omit<SnapshotHeader, 'crcTable' | 'crcChunks'> = {
      format: FORMAT,
      indexVersion: meta.indexVersion,
      stamp: meta.stamp,
      id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
      docs: this.docs,
      terms: this.names.length,
      createdValues: createdValues.length,
      tokens: this.tokens,
      scopes: [...this.scopeIds.keys()],
      scopesInUse: meta.scopesInUse,
      usage: meta.usage,
      sections,
      groups: groupDirectory,
    };
    this.body.finish(header);
  }

  /** The runs merged term by term: each term's postings from run 1, run 2, … (docs stay ascending). */
  private mergeRuns(where: { start: Float64Array; length: Uint32Array; docs: Uint32Array }): void {
    const readers = this.runs.readers();
    const heads = readers.map((r) => (r.done ? Infinity : r.varint()));
    const out = new ByteSink();
    const base = this.body.offset;
    let written = 0;
    for (let t = 0; t < this.names.length; t++) {
      where.start[t] = written + out.length;
      let last = 0;
      for (let r = 0; r < readers.length; r++) {
        if (heads[r] !== t) continue;
        const reader = readers[r]!;
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
          writePosting(out, doc - last, tf0, tf1);
          last = doc;
        }
        where.docs[t]! += n;
        heads[r] = reader.done ? Infinity : reader.varint();
      }
      where.length[t] = written + out.length - where.start[t]!;
      if (out.length > 1 << 16) {
        this.body.write(out.view());
        written += out.length;
        out.clear();
      }
    }
    this.body.write(out.view());
    if (this.body.offset - base !== written + out.length) throw new Error('search file: postings miscounted');
  }

  /**
   * For the card: each (scope, kind) group it may read, newest first (then the higher row, as the
   * index scan SQLite makes), cut after the newest RECENT_READ + GROUP_SLACK and every used fact.
   */
  private writeGroups(section: (name: SectionName, write: () => void) => void, rankOf: Uint32Array): Record<string, [number, number, number]> {
    const members = new Map<number, number[]>();
    const scopes = this.scopeIds.size;
    for (let d = 0; d < this.docs; d++) {
      const [, , , scope, kind] = this.records.get(d);
      if (!CARD_KINDS.has(KINDS[kind]!)) continue;
      const key = kind * scopes + scope;
      let list = members.get(key);
      if (!list) members.set(key, (list = []));
      list.push(d);
    }
    const used = new Set(this.used);
    const directory: Record<string, [number, number, number]> = {};
    const names = [...this.scopeIds.keys()];
    section('groups', () => {
      for (const [key, list] of members) {
        const createdOf = (d: number) => rankOf[this.records.get(d)[1]]!;
        list.sort((a, b) => createdOf(b) - createdOf(a) || b - a);
        const kept = list.filter((d, i) => i < RECENT_READ + GROUP_SLACK || used.has(d));
        const start = this.body.offset;
        const sink = new ByteSink();
        for (const d of kept) sink.varint(d);
        this.body.write(sink.view());
        directory[`${names[key % scopes]}\n${KINDS[Math.floor(key / scopes)]}`] = [start, this.body.offset - start, list.length];
      }
    });
    return directory;
  }
}

/**
 * One posting: the doc delta times two, plus 1 for the common case (once in the text, not in the
 * translation); otherwise then tf in the text times two (plus 1 when the translation has it) and
 * tf in the translation.
 */
function writePosting(sink: ByteSink, docDelta: number, tf0: number, tf1: number): void {
  const once = tf0 === 1 && tf1 === 0;
  sink.varint(docDelta * 2 + (once ? 1 : 0));
  if (once) return;
  sink.varint(tf0 * 2 + (tf1 > 0 ? 1 : 0));
  if (tf1 > 0) sink.varint(tf1);
}

function u32s(values: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(4 * values.length);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setUint32(4 * i, v, true));
  return bytes;
}
