/**
 * Shell code blocks (bash, sh, shell, console, zsh) of the docs: every `tower` command in them must
 * be a real command of data/cli-manifest.json, used with real flags and a sensible argument count.
 * How commands are read from a block and checked is lib/tower-cli.ts (shared with the MCP server).
 */
import {checkTowerArgs, shellCommands, SHELL_LANGS, type CliIndex} from '../../lib/tower-cli';
import type {CodeBlock} from './extract-blocks';
import type {BlockProblem} from './types';

export interface ShellCheckResult {
  problems: BlockProblem[];
  /** `tower` commands checked. */
  commands: number;
}

export function checkShellBlocks(blocks: CodeBlock[], index: CliIndex): ShellCheckResult {
  const problems: BlockProblem[] = [];
  let commands = 0;
  for (const block of blocks) {
    if (!SHELL_LANGS.has(block.lang)) continue;
    for (const {offset, words} of shellCommands(block.code, block.lang)) {
      if (words[0] !== 'tower') continue;
      commands++;
      for (const message of checkTowerArgs(words.slice(1), index)) {
        problems.push({line: block.line + 1 + offset, message});
      }
    }
  }
  return {problems, commands};
}
