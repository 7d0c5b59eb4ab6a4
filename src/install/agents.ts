// The agents `memcue install` wires, in the order its help and `doctor` list them. Apart from
// wirings.ts so the CLI can name them in its help without loading how each one is wired.
export const INSTALL_AGENTS = ['claude', 'hermes', 'dsh', 'codex', 'gemini', 'opencode', 'cursor', 'claude-desktop'] as const;
export type InstallAgent = (typeof INSTALL_AGENTS)[number];
