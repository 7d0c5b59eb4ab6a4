// What every agent is told at session start (seed 000, "Pull вместо push"): memory is pulled by the
// agent itself, with its own queries, and written by the agent itself. One text, used by the card,
// by the AGENTS.md blocks that `memcue install` writes, and by the Hermes and OpenCode plugins.
// How to search follows what was measured (issue 23): searches built around the one distinctive name
// or term find the fact first time; piling synonyms pulls in unrelated facts and pushes the right one
// under the cut-off; the second language only helps where the memory holds it (the card's memory line).

export const INSTRUCTION = `# memcue: long-term memory

You have a long-term memory that outlives this session: the \`memcue\` command. Nothing from it is put into your prompt automatically except the card below; you pull what you need.

- Before answering anything that may depend on earlier sessions (how a system is built, deployed or reached, why something was decided, what the user asked for or corrected before, past failures), search first: \`memcue search WORDS\`.
- How to search: start with the most distinctive words, 1-4 of them: the name of the system, service, file, error code or person (\`memcue search redis staging port\`), not a sentence and not a pile of synonyms. Tech names may be written either way (\`докер\` finds Docker, \`k8s\` finds Kubernetes). If no result answers it, search again once or twice with other words: a synonym, the broader term, the other language if the memory holds two. Each line of the output is one fact: its id, kind, date and text. For "which/what all" questions add \`--limit 10\`. \`--in all\` searches every project, \`--kind rule|decision|gotcha|env\` narrows.
- Search before you add: if a fact already says it, edit that one instead of adding another (\`memcue add\` answers \`already known: ID\` for the same text).
- Save what the next session will need, one short self-contained statement per fact: \`memcue add --kind KIND "TEXT"\`. Kinds: \`rule\` (the user's rules and corrections), \`decision\` (decisions not visible in the code), \`gotcha\` (traps and their fixes), \`env\` (hosts and services outside the repository). Add \`--scope global\` for what holds in every project. \`--keywords "w1, w2"\` adds index-only words a later question would use (synonyms, broader terms; in a memory of two languages, the key terms in the other one).
- Never store secrets: no passwords, tokens or keys (say where they live instead).
- A wrong or outdated fact: \`memcue edit ID "NEW TEXT"\` or \`memcue forget ID\` (ID: the first word of a search result line, or the id in brackets on this card; its first 8 characters are enough).
`;
