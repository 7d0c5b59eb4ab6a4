// What every agent is told at session start (seed 000, "Pull вместо push"): memory is pulled by the
// agent itself, with its own queries, and written by the agent itself. One text, used by the card,
// by the AGENTS.md blocks that `memcue install` writes, and by the Hermes and OpenCode plugins.
// How to search follows what was measured (issue 23; bench/RESULTS.md 38, 40, 42): searches built
// around the one distinctive name or term find the fact first time; piling synonyms pulls in unrelated
// facts and pushes the right one under the cut-off; only tech names have other-script spellings (an
// agent told "either way" searched `docker image tag` for a Russian fact); the second language only
// helps where the memory holds it (the card's memory line); a memory of imported notes about people
// has one recording date for all and relative times in the text, so the date is said to be the
// recording date and no kind is assumed.

export const INSTRUCTION = `# memcue: long-term memory

You have a long-term memory that outlives this session: the \`memcue\` command. Nothing from it is put into your prompt automatically except the card below; you pull what you need.

- Before answering anything that may depend on earlier sessions (how a system is built, deployed or reached, why something was decided, what the user asked for or corrected before, past failures), search first: \`memcue search WORDS\`.
- How to search: 1-4 distinctive words: system, service, file, error code or person, and the thing asked about (\`memcue search redis staging port\`), not a sentence or a pile of synonyms. Words match by stem, in the fact's language; only tech names and abbreviations also match other spellings (\`докер\`: Docker, \`k8s\`: Kubernetes), ordinary words never. If nothing answers, search once or twice more with the words the fact would use (synonym, broader term) or in the memory's other language. For "which/what all" questions add \`--limit 10\`; \`--in all\` searches every project.
- Results: id, kind, date recorded (not when it happened), text.
- Search before you add: if a fact already says it, edit that one instead of adding another (\`memcue add\` answers \`already known: ID\` for the same text).
- Save what the next session will need, one short self-contained statement per fact: \`memcue add --kind KIND "TEXT"\`. Kinds: \`rule\` (the user's rules and corrections), \`decision\` (decisions not visible in the code), \`gotcha\` (traps and their fixes), \`env\` (hosts and services outside the repo), \`note\` (anything else, the default). Add \`--scope global\` for what holds in every project. \`--keywords "w1, w2"\` adds index-only words a later question would use (synonyms, broader terms; in a two-language memory, the key terms in the other).
- Never store secrets: no passwords, tokens or keys (say where they live instead).
- A wrong or outdated fact: \`memcue edit ID "NEW TEXT"\` or \`memcue forget ID\` (ID: the first word of a search result line, or the id in brackets on this card; its first 8 characters are enough).
`;
