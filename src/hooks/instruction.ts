// What every agent is told at session start (seed 000, "Pull вместо push"): memory is pulled by the
// agent itself, with its own queries, and written by the agent itself. One text, used by the card,
// by the AGENTS.md blocks that `memcue install` writes, and by the Hermes and OpenCode plugins.

export const INSTRUCTION = `# memcue: long-term memory

You have a long-term memory that outlives this session: the \`memcue\` command. Nothing from it is put into your prompt automatically except the card below; you pull what you need.

- Before answering anything that may depend on earlier sessions (how a system is built, deployed or reached, why something was decided, what the user asked for or corrected before, past failures), search first: \`memcue search WORDS\`. Search more than once, in your own words: synonyms, the name of the system or service, and both languages, e.g. \`memcue search deploy staging release деплой стенд релиз\`. \`--in all\` searches every project, \`--kind rule|decision|gotcha|env\` narrows.
- Search before you add: if a fact already says it, edit that one instead of adding another (\`memcue add\` answers \`already known: ID\` for the same text).
- Save what the next session will need, one short self-contained statement per fact: \`memcue add --kind KIND "TEXT"\`. Kinds: \`rule\` (the user's rules and corrections), \`decision\` (decisions not visible in the code), \`gotcha\` (traps and their fixes), \`env\` (hosts and services outside the repository). Add \`--scope global\` for what holds in every project. \`--keywords "w1, w2"\` adds index-only words a later question would use (synonyms, broader terms).
- Never store secrets: no passwords, tokens or keys (say where they live instead).
- A wrong or outdated fact: \`memcue edit ID "NEW TEXT"\` or \`memcue forget ID\` (ids are shown in brackets).
`;
