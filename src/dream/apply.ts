// Writes a validated dream plan in one transaction, as new versions only: nothing is deleted, every
// fact keeps its history, and a replaced fact's last version says what replaced it (in `quote`).
import { newId, type Fact } from '../facts/facts.js';
import type { Store, VersionedField } from '../store/store.js';
import { dropBatch, settle } from './records.js';
import { readHidden, withKeywords, writeHidden } from '../text/hidden-index.js';
import { recordApplied } from './undo.js';
import type { DreamPlan } from './validate.js';

export interface DreamSummary {
  batch: string;
  kept: number;
  merged: number;
  merged_away: number;
  superseded: number;
  split: number;
  new_facts: string[];
  translated: number;
  keywords: number;
  forgotten: number;
}

/** What the plan does, counted (also the dry-run report). */
export function summarize(plan: DreamPlan): DreamSummary {
  const s: DreamSummary = { batch: plan.batch, kept: 0, merged: 0, merged_away: 0, superseded: 0, split: 0, new_facts: [], translated: 0, keywords: 0, forgotten: 0 };
  for (const d of plan.decisions) {
    if (d.action === 'keep') s.kept += d.ids.length;
    else if (d.action === 'merge') {
      s.merged++;
      s.merged_away += d.from.length;
    }
    else if (d.action === 'supersede') s.superseded++;
    else if (d.action === 'split') s.split++;
    else if (d.action === 'translate') {
      s.translated++;
      if (d.keywords.length) s.keywords++;
    } else if (d.action === 'keywords') s.keywords++;
    else s.forgotten++;
  }
  return s;
}

/** Applies the plan; the caller runs it inside `store.write` so that all of it lands or none. */
export function applyDream(store: Store, plan: DreamPlan, host: string): DreamSummary {
  const summary = summarize(plan);
  const touched: string[] = [];
  const update = (id: string, changes: Partial<Pick<Fact, VersionedField>>) => {
    touched.push(id);
    return store.appendVersion(id, changes, host);
  };
  const retire = (id: string, state: Fact['state'], note: string) => update(id, { state, quote: note });
  for (const d of plan.decisions) {
    switch (d.action) {
      case 'keep':
        break;
      case 'merge':
        update(d.into, { text: d.text, translation: d.translation });
        for (const id of d.from) retire(id, 'superseded', `merged into ${d.into} (dream)`);
        break;
      case 'supersede':
        retire(d.old, 'superseded', `superseded by ${d.by} (dream)`);
        break;
      case 'split': {
        const original = plan.facts.get(d.id)!;
        const ids = d.parts.map((part) => {
          const fact: Fact = {
            ...original,
            id: newId(),
            version: 1,
            text: part.text,
            translation: part.translation,
            source: `split:${d.id}`,
            quote: original.text,
            created_at: new Date().toISOString(),
            host,
            state: 'active',
          };
          store.insertVersion(fact);
          return fact.id;
        });
        summary.new_facts.push(...ids);
        touched.push(...ids);
        retire(d.id, 'superseded', `split into ${ids.join(', ')} (dream)`);
        break;
      }
      case 'translate': {
        // Keywords given earlier stay unless the answer brings new ones.
        const old = readHidden(plan.facts.get(d.id)!.translation);
        update(d.id, { translation: writeHidden({ translation: d.translation, keywords: d.keywords.length ? d.keywords : old.keywords }) });
        break;
      }
      case 'keywords':
        update(d.id, { translation: withKeywords(plan.facts.get(d.id)!.translation, d.keywords) });
        break;
      case 'forget':
        retire(d.id, 'forgotten', `forgotten (dream): ${d.reason}`);
        break;
    }
  }
  // Facts the model judged in a cluster or as a split candidate, and that stay, are not offered as
  // seeds again until they change; facts it skipped come back.
  const review = new Set(plan.record.review);
  for (const id of plan.facts.keys()) {
    if (!review.has(id)) continue;
    const now = store.current(id);
    if (now.state === 'active') settle(store.db, now);
  }
  dropBatch(store.db, 'dream', plan.batch);
  recordApplied(store, 'dream', plan.batch, touched, plan.facts, host);
  return summary;
}

export function summaryLine(s: DreamSummary, dryRun = false): string {
  const parts = [
    s.merged && `${s.merged} merged (${s.merged_away} fact${s.merged_away === 1 ? '' : 's'} folded in)`,
    s.superseded && `${s.superseded} superseded`,
    s.split && `${s.split} split${dryRun ? '' : ` into ${s.new_facts.length} new facts`}`,
    s.translated && `${s.translated} translated`,
    s.keywords && `${s.keywords} given keywords`,
    s.forgotten && `${s.forgotten} forgotten`,
    s.kept && `${s.kept} kept`,
  ].filter(Boolean);
  const what = parts.length ? parts.join(', ') : 'no decisions';
  return dryRun ? `batch ${s.batch} is valid; applying it would give: ${what}\n` : `applied dream batch ${s.batch}: ${what}\n`;
}
