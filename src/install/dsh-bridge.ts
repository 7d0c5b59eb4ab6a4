// DeepSeek Harness runs Claude-Code-format hooks through the `@deepseek-ai/dsh-hooks-claude-code`
// plugin, which dsh itself does not depend on (0.1.0-rc.6): a profile mounting it without having it
// fails to resolve it at start-up. dsh adds packages to a profile with `dsh plugin --profile NAME add
// PKG` (pnpm in the profile folder, so pnpm must be on PATH); the profile then resolves the package
// by Node's parent walk from its folder (apps/cli/reference/README.md, packages/boot/app-boot).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const BRIDGE_PACKAGE = '@deepseek-ai/dsh-hooks-claude-code';

export function bridgeAddCommand(profile: string): string {
  return `dsh plugin --profile ${profile} add ${BRIDGE_PACKAGE}`;
}

/** The bridge's package folder as the profile resolves it, or undefined. */
export function findBridge(dshHome: string, profile: string): string | undefined {
  for (let dir = join(dshHome, 'profiles', profile); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', ...BRIDGE_PACKAGE.split('/'));
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

export function bridgeNote(dshHome: string, profile: string): string {
  const found = findBridge(dshHome, profile);
  return found
    ? `The hooks bridge is installed for profile ${profile}: ${found}.`
    : `dsh does not ship the hooks bridge: add it to the profile with \`${bridgeAddCommand(profile)}\` (needs pnpm on PATH), then restart dsh.`;
}
