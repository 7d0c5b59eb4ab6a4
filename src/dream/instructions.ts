// What the agent reads before the dream payload: the task and the exact answer schema (README
// "dream" documents the same schema; keep them in step).

export function dreamInstruction(batch: string): string {
  return `# memcue dream, batch ${batch}

Review the facts below and answer with ONE JSON object; then run \`memcue dream apply FILE\` (or \`-\` to read stdin).
- "clusters": facts that look alike. Decide each fact: duplicates → merge (one clear text that keeps every detail);
  an outdated fact → supersede it by the fact that replaces it; wrong or useless → forget; distinct → keep.
- "split": a fact holding several statements → split into short self-contained facts, or keep it.
- "translate": give each fact's translation into the language in "to", and its keywords; both are index-only, the text stays.
- "keywords": give each fact 8–20 keywords: synonyms, broader terms, names, and the words someone asking about it would
  use (in the memory's languages); index-only, never shown as the fact.
Write only what the facts say. At most one decision per fact (a translated fact counts as kept); use ids from this
batch only; a fact you leave out comes back in a later batch.

{"batch": "${batch}", "decisions": [
  {"action": "keep", "ids": ["<id>", "..."]},
  {"action": "merge", "into": "<id kept>", "from": ["<id merged away>", "..."], "text": "<merged text>", "translation": "<optional>"},
  {"action": "supersede", "old": "<outdated id>", "by": "<id that replaces it>"},
  {"action": "split", "id": "<id>", "parts": ["<fact>", {"text": "<fact>", "translation": "<optional>"}]},
  {"action": "translate", "id": "<id>", "translation": "<the text in the other language>", "keywords": ["<word>", "..."]},
  {"action": "keywords", "id": "<id>", "keywords": ["<word or short phrase>", "..."]},
  {"action": "forget", "id": "<id>", "reason": "<why>"}
]}
`;
}
