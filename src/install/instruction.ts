// What every agent is told at session start (seed 000, "Pull вместо push"): memory is pulled by the
// agent itself, with its own queries, and written by the agent itself. One text, used by the card,
// by the AGENTS.md blocks that `memcue install` writes, and by the Hermes and OpenCode plugins.
// How to search follows what was measured. The seed's pull card (search several times, with synonyms,
// the system's name, both languages) beat push by +0.19; issue 33's loops on hidden sets: the card of
// issue 23 ("1-4 distinctive words, not a pile of synonyms", the other language only on a second
// search) found 0.800 on the first search (cross-language 0.651) where the card before it, asking for
// synonyms and both languages, found 0.950 (0.907), and replaying those queries on today's engine still
// finds 0.907: the engine handles the longer queries, the short advice cost first searches. Only tech
// names cross scripts (an agent told "either way" searched \`docker image tag\` for a Russian fact), so
// the second language goes into the same search; a memory of imported notes about people has one
// recording date for all and relative times in the text, so the date is said to be the recording date
// and no kind is assumed. A search again asks for 10 results: more shown (a limit above 5 cuts off
// less, search.ts) found 0.953 of conv-30's questions in the recorded searches against 0.938.
export const INSTRUCTION = `# memcue: long-term memory

You have a long-term memory that outlives this session: the \`memcue\` command. Nothing from it is put into your prompt automatically except the card below; you pull what you need.

- Before answering anything that may depend on earlier sessions (how a system is built, deployed or reached, why something was decided, what the user asked for or corrected before, past failures), search first: \`memcue search WORDS\`.
- How to search: the system, service, file or person's name, the question's distinctive words, and a synonym or broader term where the fact may word it otherwise (\`memcue search redis staging port\`). Words match by stem, in the fact's language; only tech names and abbreviations also match other spellings (\`докер\`: Docker, \`k8s\`: Kubernetes), ordinary words never: in a memory of two languages put the key terms in both in one search (\`memcue search deploy friday деплой пятница\`). For "which/what all" questions add \`--limit 10\`. Missed? Search again with the words the fact would likely use, and \`--limit 10\`. \`--in all\` searches every project.
- Results: id, kind, date recorded (not when it happened), text.
- Search before you add: if a fact already says it, edit that one instead of adding another (\`memcue add\` answers \`already known: ID\` for the same text).
- Save what the next session will need, one short self-contained statement per fact: \`memcue add --kind KIND "TEXT"\`. Kinds: \`rule\` (the user's rules and corrections), \`decision\` (decisions not visible in the code), \`gotcha\` (traps and their fixes), \`env\` (hosts and services outside the repo), \`note\` (anything else, the default). Add \`--scope global\` for what holds in every project. \`--keywords "w1, w2"\` adds index-only words a later question would use (synonyms, broader terms; in a two-language memory, the key terms in the other).
- Never store secrets: no passwords, tokens or keys (say where they live instead).
- A wrong or outdated fact: \`memcue edit ID "NEW TEXT"\` or \`memcue forget ID\` (ID: the first word of a search result line, or the id in brackets on this card; its first 8 characters are enough).
`;
