// Writing the search file (format.ts has its layout) in one pass over the facts, in row order, with
// memory bounded by a batch (issue 22): each fact's fields go to the file as they come (deflated in
// blocks), its postings (postings-batch.ts) and created_at value (created-ranks.ts) into batches spilled
// as sorted runs to temporary files and merged at the end. What stays in memory is per term (the
// dictionary) and a few bytes per fact (its record: 13 bytes).
import { groups, RECENT_READ } from './card-groups.js';
import { KINDS } from '../facts/validate.js';
import { ByteSink, deflate, FACT_BLOCK, FIELDS, FORMAT, GROUP_SLACK, MAX_SHORT_LENGTH, utf8, type SectionName, type SnapshotDoc, type SnapshotHeader } from './format.js';
import { PageWriter } from './paged.js';
import type { StringTableWriter } from './string-table.js';
import { RunFile } from './runs.js';
import { NamesWriter } from './names.js';
import { NAME_KEYS } from '../text/translit.js';
import { RecordColumns } from './records.js';
import { PostingsBatch } from './postings-batch.js';
import { CreatedRanks } from './created-ranks.js';
import { mark } from '../util/profile.js';
import { RANGE } from './skips.js';

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
}

export class SearchFileWriter {
  private readonly body: PageWriter;
  private readonly runs: RunFile;
  private readonly postings: PostingsBatch;
  // Per fact: a few bytes.
  private records = new RecordColumns();
  private readonly createdRuns: RunFile;
  private readonly created: CreatedRanks;
  private readonly namesSpool: RunFile;
  private readonly scopeIds = new Map<string, number>();
  private docs = 0;
  private terms = 0;
  private tokens = 0;
  private lastRow = -1;
  private factBlock: string[] = [];
  private readonly factIndex: number[] = [0];

  constructor(
    fd: number,
    /** Names for the writer's own temporary files (files.ts replaceFileWith). */
    scratch: (name: string) => string,
    /** Postings and created_at values per run (tests make them small to merge many runs). */
    batchSize = { postings: BATCH, created: CREATED_BATCH },
  ) {
    this.body = new PageWriter(fd);
    this.runs = new RunFile(scratch('runs'));
    this.postings = new PostingsBatch(this.runs, batchSize.postings);
    this.createdRuns = new RunFile(scratch('created'));
    this.created = new CreatedRanks(this.createdRuns, batchSize.created);
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
    this.created.add(doc.fact.created_at, d);
    this.records.push(doc.row, 0, length, scope, KINDS.indexOf(doc.fact.kind)); // the created rank comes at the end
    this.postings.add(d, doc.columns);
    this.factBlock.push(JSON.stringify([...FIELDS.map((f) => doc.fact[f]), doc.columns[0].join(' '), doc.columns[1].join(' ')]));
    if (this.factBlock.length === FACT_BLOCK) this.flushFacts();
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
    const sections = {} as Record<SectionName, [number, number]>;
    const section = (name: SectionName, write: () => void) => {
      this.body.align();
      const start = this.body.offset;
      write();
      sections[name] = [start, this.body.offset - start];
    };
    sections.facts = [0, this.factIndex[this.factIndex.length - 1]!];
    section('factIndex', () => this.body.write(u32s(this.factIndex)));

    const created = this.created.finish(this.records);
    section('docs', () => this.records.write(this.body));
    section('created', () => created.copyBlocks((bytes) => this.body.write(bytes)));
    section('createdIndex', () => this.body.write(created.index()));
    section('ranges', () => this.body.write(u32s(this.newestByRange())));
    section('lengths', () => this.body.write(Uint8Array.from({ length: this.docs }, (_, d) => Math.min(this.records.get(d)[2], MAX_SHORT_LENGTH))));
    section('masks', () => this.body.write(this.docMasks()));
    mark('search file: created ranks');

    const nameKeys = new NamesWriter(this.namesSpool.spool());
    let dict!: StringTableWriter;
    section('posts', () => ({ dict, terms: this.terms } = this.postings.finish((bytes) => this.body.write(bytes), nameKeys, this.docs, (d) => this.records.get(d)[2])));
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
      createdValues: this.created.count,
      tokens: this.tokens,
      scopes: [...this.scopeIds.keys()],
      scopesInUse: meta.scopesInUse,
      sections,
      groups: groupDirectory,
    };
    this.body.finish(header);
  }

  /** Per range of docs (skips.ts), the newest created rank in it: a search skips a range that cannot win a tie. */
  private newestByRange(): number[] {
    const newest = new Array<number>(Math.ceil(this.docs / RANGE)).fill(0);
    for (let d = 0; d < this.docs; d++) {
      const r = Math.floor(d / RANGE);
      newest[r] = Math.max(newest[r]!, this.records.get(d)[1]);
    }
    return newest;
  }

  /** The docs of each scope, then of each kind, as bitmaps (format.ts masks). */
  private docMasks(): Uint8Array {
    const words = Math.ceil(this.docs / 32);
    const scopes = this.scopeIds.size;
    const masks = new Uint32Array((scopes + KINDS.length) * words);
    for (let d = 0; d < this.docs; d++) {
      const [, , , scope, kind] = this.records.get(d);
      const bit = 1 << (d % 32);
      masks[scope * words + (d >> 5)]! |= bit;
      if (kind < KINDS.length) masks[(scopes + kind) * words + (d >> 5)]! |= bit;
    }
    return u32s(masks);
  }

  /**
   * For the card: each (scope, kind) group it may read, newest first (then the higher row, as the
   * index scan SQLite makes), cut after the newest RECENT_READ + GROUP_SLACK.
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
    const directory: Record<string, [number, number, number]> = {};
    const names = [...this.scopeIds.keys()];
    section('groups', () => {
      for (const [key, list] of members) {
        const createdOf = (d: number) => this.records.get(d)[1];
        list.sort((a, b) => createdOf(b) - createdOf(a) || b - a);
        const kept = list.slice(0, RECENT_READ + GROUP_SLACK);
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

function u32s(values: ArrayLike<number> & Iterable<number>): Uint8Array {
  const bytes = new Uint8Array(4 * values.length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) view.setUint32(4 * i, values[i]!, true);
  return bytes;
}
