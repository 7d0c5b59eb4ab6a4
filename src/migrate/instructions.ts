// What the agent reads before a migrate payload: the task and the exact answer schema (README
// "migrate" documents the same schema; keep them in step).

export function migrateInstruction(batch: string): string {
  return `# memcue migrate, batch ${batch}

Turn the notes below (file memories of another tool) into memcue facts; answer with ONE JSON object, then run
\`memcue migrate apply FILE\` (or \`-\` to read stdin).
- Keep what a later session needs and cannot read from the repository or git log: rules and corrections,
  decisions and their reasons, gotchas, hosts, services and environment details. Skip diaries of what was done.
- One short self-contained statement per fact, in the note's language, nothing the note does not say; no secrets.
- kind: rule | decision | gotcha | env | note. scope: "repo" (the note's own scope, shown with it), "global"
  (true everywhere), "machine" (this computer only) or "repo:<id>". quote: the note's words the fact rests on.
Every note of this batch counts as migrated once the answer is applied, also notes that gave no facts.

{"batch": "${batch}", "facts": [
  {"note": "<note id>", "text": "<fact>", "kind": "rule", "scope": "repo", "quote": "<excerpt of the note>"}
]}
`;
}
