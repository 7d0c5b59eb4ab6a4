// Checks a dream answer completely before anything is written: the JSON, every field of every
// decision, every id (known, in the batch, unchanged since), one decision per fact, every new text.
// The result is a plan that apply.ts writes in one transaction.
import { checkNoSecret, checkText } from '../facts/check-text.js';
import type { Fact } from '../facts/facts.js';
import type { Store } from '../store/store.js';
import {
  arrayField,
  asObject,
  atItem,
  badInput,
  checkFields,
  inField,
  optionalString,
  readAnswerJson,
  stringArray,
  stringField,
  type JsonObject,
} from './answer-json.js';
import type { DreamRecord } from './prepare.js';
import { loadBatch, rowKey } from './records.js';
import { normaliseKeywords } from '../text/hidden-index.js';

export const ACTIONS = ['keep', 'merge', 'supersede', 'split', 'translate', 'keywords', 'forget'] as const;
export type Action = (typeof ACTIONS)[number];

export interface Part {
  text: string;
  translation: string;
}

export type Decision =
  | { action: 'keep'; ids: string[] }
  | { action: 'merge'; into: string; from: string[]; text: string; translation: string }
  | { action: 'supersede'; old: string; by: string }
  | { action: 'split'; id: string; parts: Part[] }
  | { action: 'translate'; id: string; translation: string; keywords: string[] }
  | { action: 'keywords'; id: string; keywords: string[] }
  | { action: 'forget'; id: string; reason: string };

export interface DreamPlan {
  batch: string;
  record: DreamRecord;
  decisions: Decision[];
  /** The current version of every fact the answer names. */
  facts: Map<string, Fact>;
}

/** Parses and validates `content` against the database; throws a one-line error naming the item. */
export function validateDreamAnswer(store: Store, content: string): DreamPlan {
  const answer = readAnswerJson(content);
  atItem('the answer', () => checkFields(answer, ['batch', 'decisions']));
  const batch = atItem('the answer', () => stringField(answer, 'batch', { nonEmpty: true }));
  const record = loadBatch<DreamRecord>(store.db, 'dream', batch);
  if (!record) throw badInput(`batch "${batch}" is unknown or was applied already`, 'nothing was changed; run `memcue dream` for a new batch and answer that');
  const items = atItem('the answer', () => arrayField(answer, 'decisions', 0));

  const facts = new Map<string, Fact>();
  const decidedIn = new Map<string, string>(); // fact id → the label of the item that decides it
  const removedBy = new Map<string, string>(); // fact id → label, for facts that stop being active
  const references: { label: string; id: string }[] = [];
  const decisions = items.map((item, index) => {
    const action = typeof (item as JsonObject)?.action === 'string' ? String((item as JsonObject).action) : '';
    const label = `item ${index + 1}${action ? ` (${action})` : ''}`;
    return atItem(label, () => {
      const o = asObject(item, 'a decision');
      const decision = parseDecision(o);
      const fact = (id: string) => {
        const found = shownFact(store, record, batch, id);
        facts.set(id, found);
        return found;
      };
      const decide = (id: string, removes: boolean) => {
        fact(id);
        const earlier = decidedIn.get(id);
        if (earlier) throw new Error(`fact "${id}" already has a decision in ${earlier}`);
        decidedIn.set(id, label);
        if (removes) removedBy.set(id, label);
      };
      switch (decision.action) {
        case 'keep':
          decision.ids.forEach((id) => decide(id, false));
          break;
        case 'merge':
          decide(decision.into, false);
          decision.from.forEach((id) => decide(id, true));
          break;
        case 'supersede':
          if (decision.old === decision.by) throw new Error('"old" and "by" are the same fact');
          decide(decision.old, true);
          fact(decision.by);
          references.push({ label, id: decision.by });
          break;
        case 'split':
        case 'forget':
          decide(decision.id, true);
          break;
        case 'translate':
        case 'keywords':
          decide(decision.id, false);
          break;
      }
      return decision;
    });
  });
  // A fact that replaces another must itself stay.
  for (const { label, id } of references) {
    const remover = removedBy.get(id);
    if (remover) throw badInput(`${label}: "by" fact "${id}" is itself removed by ${remover}`);
  }
  return { batch, record, decisions, facts };
}

function parseDecision(o: JsonObject): Decision {
  const action = o.action;
  if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) {
    throw new Error(`"action" must be one of ${ACTIONS.join(', ')}`);
  }
  switch (action as Action) {
    case 'keep':
      checkFields(o, ['action', 'ids']);
      return { action: 'keep', ids: stringArray(o, 'ids', 1) };
    case 'merge': {
      checkFields(o, ['action', 'into', 'from', 'text'], ['translation']);
      return {
        action: 'merge',
        into: stringField(o, 'into'),
        from: stringArray(o, 'from', 1),
        text: newText(stringField(o, 'text'), 'text'),
        translation: translationText(optionalString(o, 'translation')),
      };
    }
    case 'supersede':
      checkFields(o, ['action', 'old', 'by']);
      return { action: 'supersede', old: stringField(o, 'old'), by: stringField(o, 'by') };
    case 'split': {
      checkFields(o, ['action', 'id', 'parts']);
      const parts = arrayField(o, 'parts', 2).map((part, i) => parsePart(part, i));
      return { action: 'split', id: stringField(o, 'id'), parts };
    }
    case 'translate':
      checkFields(o, ['action', 'id', 'translation'], ['keywords']);
      return {
        action: 'translate',
        id: stringField(o, 'id'),
        translation: newText(stringField(o, 'translation'), 'translation'),
        keywords: o.keywords === undefined ? [] : keywordList(o),
      };
    case 'keywords':
      checkFields(o, ['action', 'id', 'keywords']);
      return { action: 'keywords', id: stringField(o, 'id'), keywords: keywordList(o) };
    case 'forget':
      checkFields(o, ['action', 'id', 'reason']);
      // The reason is stored, in the forgotten version's quote.
      return { action: 'forget', id: stringField(o, 'id'), reason: checkNoSecret('reason', stringField(o, 'reason', { nonEmpty: true }).trim()) };
  }
}

function parsePart(part: unknown, index: number): Part {
  const at = `parts[${index}]`;
  if (typeof part === 'string') return { text: newText(part, at), translation: '' };
  if (typeof part !== 'object' || part === null || Array.isArray(part)) throw new Error(`${at} must be a string or {"text", "translation"}`);
  const o = part as JsonObject;
  inField(at, () => checkFields(o, ['text'], ['translation']));
  return { text: newText(stringField(o, 'text'), `${at}.text`), translation: translationText(optionalString(o, 'translation')) };
}

/** New texts pass the same checks as `memcue add` (empty, too long, secrets). */
function newText(text: string, field: string): string {
  return inField(field, () => checkText(text, { field }));
}

/** 1–30 short keywords, each passing the checks of a text (secrets, control characters). */
function keywordList(o: JsonObject): string[] {
  const list = normaliseKeywords(stringArray(o, 'keywords', 1));
  if (!list.length) throw new Error('"keywords" must hold at least one keyword');
  list.forEach((k, i) => newText(k, `keywords[${i}]`));
  return list;
}

function translationText(text: string | undefined): string {
  return text === undefined || !text.trim() ? '' : newText(text, 'translation');
}

/** The current version of a fact the batch showed, unchanged since; anything else is an error. */
function shownFact(store: Store, record: DreamRecord, batch: string, id: string): Fact {
  const exists = store.db.get('SELECT 1 AS x FROM heads WHERE id = ?', [id]);
  if (!exists) throw new Error(`unknown id "${id}"`);
  const shown = record.facts[id];
  if (!shown) throw new Error(`fact "${id}" is not in batch ${batch}`);
  const current = store.current(id);
  if (rowKey(current) !== shown) {
    throw new Error(`fact "${id}" changed since batch ${batch} was prepared (run \`memcue dream\` again)`);
  }
  return current;
}
