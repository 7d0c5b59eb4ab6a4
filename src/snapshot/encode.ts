// Writing the search file (format.ts has its layout) in one pass over the facts, in row order, with
// memory bounded by a batch (issue 22): each fact's fields go to the file as they come (deflated in
// blocks), its postings into a batch that is spilled, sorted by term, to a run file; at the end the
// runs are merged into the postings section. What stays in memory is per term (the dictionary) and
// a few bytes per fact (its record: 13 bytes).
import { groups, RECENT_READ } from '../hooks/card-groups.js';
import { KINDS } from '../store/schema.js';
import { ByteSink, compareBytes, compareStrings, deflate, FACT_BLOCK, FIELDS, FORMAT, GROUP_SLACK, utf8, type SectionName, type SnapshotDoc, type SnapshotHeader } from './format.js';
import { PageWriter } from './paged.js';
import { StringTableWriter } from './string-table.js';
import { RunFile } from './runs.js';
import { NamesWriter } from './names.js';
import { NAME_KEYS } from '../text/translit.js';
import { RecordColumns } from './records.js';
import { garbageBound } from '../util/garbage.js';
import { mark } from '../util/profile.js';

/** Postings per spilled run (16 bytes each while batched). */
const BATCH = 1 << 18;
/** created_at values per sorted run. */
const CREATED_BATCH = 1 << 14;
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
  // The current batch's terms (ids local to the batch: memory stays bounded by the batch, even for
  // a vocabulary that grows with the facts, as ids and numbers in them make it).
  private termIds = new Map<string, number>();
  private names: string[] = [];
  private terms = 0;
  private seenIn = new Int32Array(1024).fill(-1);
  private tf = [new Uint32Array(1024), new Uint32Array(1024)];
  // The current batch of postings.
  private batch: { term: Uint32Array; doc: Uint32Array; tf0: Uint32Array; tf1: Uint32Array; size: number };
  // Per fact: a few bytes.
  private records = new RecordColumns();
  // created_at ranks: (value, doc) pairs sorted a batch at a time into runs of their own, merged at the end.
  private createdBatch: { values: string[]; docs: number[] } = { values: [], docs: [] };
  private readonly createdRuns: RunFile;
  private readonly namesSpool: RunFile;
  private createdValues = 0;
  private readonly scopeIds = new Map<string, number>();
  private readonly used: number[] = [];
  private docs = 0;
  private tokens = 0;
  private lastRow = -1;
  private factBlock: string[] = [];
  private readonly factIndex: number[] = [0];

  constructor(
    fd: number,
    /** Names for the writer's own temporary files (files.ts replaceFileWith). */
    scratch: (name: string) => string,
    private readonly usage: Record<string, number>,
    /** Postings and created_at values per run (tests make them small to merge many runs). */
    private readonly batchSize = { postings: BATCH, created: CREATED_BATCH },
  ) {
    // Room for one fact more than the batch (a fact has at most 0xffff terms).
    const room = batchSize.postings + 0xffff;
    this.batch = { term: new Uint32Array(room), doc: new Uint32Array(room), tf0: new Uint32Array(room), tf1: new Uint32Array(room), size: 0 };
    this.body = new PageWriter(fd);
    this.runs = new RunFile(scratch('runs'));
    this.createdRuns = new RunFile(scratch('created'));
    this.namesSpool = new RunFile(scratch('names'));
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
    this.createdBatch.values.push(doc.fact.created_at);
    this.createdBatch.docs.push(d);
    if (this.createdBatch.docs.length === this.batchSize.created) this.spillCreated();
    this.records.push(doc.row, 0, length, scope, KINDS.indexOf(doc.fact.kind)); // the created rank comes at the end
    if ((this.usage[doc.fact.id] ?? 0) > 0) this.used.push(d);
    this.postings(d, doc.columns);
    this.factBlock.push(JSON.stringify([...FIELDS.map((f) => doc.fact[f]), doc.columns[0].join(' '), doc.columns[1].join(' ')]));
    if (this.factBlock.length === FACT_BLOCK) this.flushFacts();
  }

  /** Term frequencies of one fact, one posting per distinct term. */
  private postings(d: number, columns: [string[], string[]]): void {
    // A fact's postings stay in one run (its terms' ids are the batch's).
    if (this.batch.size + columns[0].length + columns[1].length > this.batchSize.postings) this.spill();
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

  private spillCreated(): void {
    const { values, docs } = this.createdBatch;
    if (docs.length === 0) return;
    const order = docs.map((_, i) => i).sort((x, y) => compareStrings(values[x]!, values[y]!) || x - y);
    const sink = new ByteSink();
    for (const i of order) {
      const bytes = utf8.encode(values[i]!);
      sink.varint(bytes.length);
      sink.put(bytes);
      sink.varint(docs[i]!);
    }
    this.createdRuns.append(sink.view());
    this.createdBatch = { values: [], docs: [] };
  }

  /** The created_at runs merged in byte order: each distinct value into `table`, its rank into the facts' records. */
  private mergeCreated(table: StringTableWriter): void {
    const readers = this.createdRuns.readers();
    const heads = readers.map((r) => (r.done ? undefined : r.bytes(r.varint())));
    let previous: Uint8Array | undefined;
    const tick = garbageBound();
    for (;;) {
      tick();
      let k = -1;
      heads.forEach((head, r) => {
        if (head && (k < 0 || compareBytes(head, heads[k]!) < 0)) k = r;
      });
      if (k < 0) break;
      const value = heads[k]!;
      if (!previous || compareBytes(previous, value) !== 0) {
        table.add(value);
        this.createdValues++;
        previous = value;
      }
      this.records.setCreated(readers[k]!.varint(), this.createdValues - 1);
      heads[k] = readers[k]!.done ? undefined : readers[k]!.bytes(readers[k]!.varint());
    }
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
    this.createdRuns.remove();
    this.namesSpool.remove();
  }

  /** Writes the rest and the header; the run file is removed either way. */
  finish(meta: FileMeta): void {
    try {
      this.write(meta);
    } finally {
      this.abandon();
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
    this.spillCreated();
    const created = new StringTableWriter(this.createdRuns.spool());
    this.mergeCreated(created);
    section('docs', () => this.records.write(this.body));
    section('created', () => created.copyBlocks((bytes) => this.body.write(bytes)));
    section('createdIndex', () => this.body.write(created.index()));
    mark('search file: created ranks');

    const dict = new StringTableWriter(this.runs.spool());
    const nameKeys = new NamesWriter(this.namesSpool.spool());
    section('posts', () => this.mergeRuns(dict, nameKeys));
    section('dict', () => dict.copyBlocks((bytes) => this.body.write(bytes)));
    section('dictIndex', () => this.body.write(dict.index()));
    mark('search file: postings merged');
    let namesIndex: Uint8Array = new Uint8Array(0);
    section('names', () => (namesIndex = nameKeys.finish((bytes) => this.body.write(bytes))));
    section('namesIndex', () => this.body.write(namesIndex));
    mark('search file: name keys');
    const groupDirectory = this.writeGroups(section);
    mark('search file: card groups');

    const header: Omit<SnapshotHeader, 'crcTable' | 'crcChunks'> = {
      format: FORMAT,
      indexVersion: meta.indexVersion,
      nameKeys: NAME_KEYS,
      stamp: meta.stamp,
      id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
      docs: this.docs,
      terms: this.terms,
      createdValues: this.createdValues,
      tokens: this.tokens,
      scopes: [...this.scopeIds.keys()],
      scopesInUse: meta.scopesInUse,
      usage: meta.usage,
      sections,
      groups: groupDirectory,
    };
    this.body.finish(header);
  }

  /**
   * The runs merged term by term, in byte order: a term's postings from run 1, run 2, … (docs stay
   * ascending) into the postings section, its dictionary entry into `dict`, its name key into `nameKeys`.
   */
  private mergeRuns(dict: StringTableWriter, nameKeys: NamesWriter): void {
    const readers = this.runs.readers();
    const heads = readers.map((r) => (r.done ? undefined : r.bytes(r.varint())));
    const out = new ByteSink();
    let written = 0;
    const tick = garbageBound();
    for (;;) {
      tick();
      let term: Uint8Array | undefined;
      for (const head of heads) if (head && (!term || compareBytes(head, term) < 0)) term = head;
      if (!term) break;
      const start = written + out.length;
      let docs = 0;
      let last = 0;
      readers.forEach((reader, r) => {
        if (!heads[r] || compareBytes(heads[r]!, term!) !== 0) return;
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
        docs += n;
        heads[r] = reader.done ? undefined : reader.bytes(reader.varint());
      });
      dict.add(term, [docs, start, written + out.length - start]);
      nameKeys.add(term, this.terms);
      this.terms++;
      if (out.length > 1 << 16) {
        this.body.write(out.view());
        written += out.length;
        out.clear();
      }
    }
    this.body.write(out.view());
  }

  /**
   * For the card: each (scope, kind) group it may read, newest first (then the higher row, as the
   * index scan SQLite makes), cut after the newest RECENT_READ + GROUP_SLACK and every used fact.
   */
  private writeGroups(section: (name: SectionName, write: () => void) => void): Record<string, [number, number, number]> {
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
        const createdOf = (d: number) => this.records.get(d)[1];
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
