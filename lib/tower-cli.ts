/**
 * Reading and checking `tower` commands in shell code (bash, sh, shell, console, zsh), shared by the
 * sample checker (scripts/samples/check-cli.ts) and the MCP server: every command whose first word is `tower` must
 * be a real command of data/cli-manifest.json, used with real flags and a sensible argument count.
 *
 * How a block becomes commands:
 * - trailing-backslash continuations are joined into one logical line; a leading `$ ` prompt is
 *   removed (in a console block that has prompts, only prompted lines are commands, the rest is
 *   output);
 * - comments (`#` at the start of a word) are dropped, quotes and backslashes are honoured;
 * - the line is split into commands on `&&`, `||`, `;`, `|`, `&` and parentheses; `$(...)` and
 *   backtick substitutions are checked as commands of their own;
 * - redirections (`> file`, `2>&1`, `<<EOF`) are removed, here-document bodies are skipped, and
 *   leading `NAME=value` environment assignments and shell keywords (`if`, `then`, `do`, ...) are
 *   skipped. A word such as `<APP_NAME>` is a placeholder argument, not a redirection.
 *
 * How a `tower` command is read (clap rules):
 * - words that are not flags extend the command path while they name a subcommand (the longest
 *   matching path); after that they are positional arguments;
 * - a flag is looked up among the flags of the command reached so far and the global flags;
 *   `--flag value`, `--flag=value`, `-f value`, `-fvalue` and bundled switches (`-fa`) are
 *   understood; `--` ends the flags.
 */
import {didYouMean} from './suggest';

export const SHELL_LANGS: ReadonlySet<string> = new Set(['bash', 'sh', 'shell', 'console', 'zsh']);

export interface ManifestFlag {
  long: string | null;
  short: string | null;
  /** Value name such as "ENV"; null for a switch. */
  value: string | null;
  repeatable?: boolean;
  /** clap's `required(true)`: the command fails without this flag (unless --help is given). */
  required?: boolean;
  /** clap's `conflicts_with`: long names of flags of the same command that cannot be given with this one. */
  conflictsWith?: string[];
  hidden?: boolean;
}

interface ManifestArg {
  name: string;
  required: boolean;
  /** Optional: an argument that takes any number of values. */
  multiple?: boolean;
}

export interface ManifestCommand {
  path: string;
  group: boolean;
  hidden: boolean;
  args: ManifestArg[];
  flags: ManifestFlag[];
  aliases?: string[];
}

export interface CliManifest {
  cliVersion?: string;
  globalFlags: ManifestFlag[];
  commands: ManifestCommand[];
}

/** Lookup structures derived from a manifest. */
export class CliIndex {
  /** Command path (canonical or alias) -> command. */
  private readonly byPath = new Map<string, ManifestCommand>();
  private readonly globals: ManifestFlag[];

  constructor(readonly manifest: CliManifest) {
    for (const command of manifest.commands) {
      this.byPath.set(command.path, command);
    }
    for (const command of manifest.commands) {
      const words = command.path.split(' ');
      for (const alias of command.aliases ?? []) {
        const aliasPath = alias.includes(' ') ? alias : [...words.slice(0, -1), alias].join(' ');
        if (!this.byPath.has(aliasPath)) this.byPath.set(aliasPath, command);
      }
    }
    this.globals = manifest.globalFlags ?? [];
    checkConflictDeclarations(manifest);
  }

  command(path: string): ManifestCommand | undefined {
    return this.byPath.get(path);
  }

  /** Subcommand words directly below `path` ("" for the top level), aliases included. */
  childWords(path: string): string[] {
    const depth = path === '' ? 0 : path.split(' ').length;
    const words = new Set<string>();
    for (const key of this.byPath.keys()) {
      const parts = key.split(' ');
      if (parts.length === depth + 1 && (depth === 0 || key.startsWith(`${path} `))) words.add(parts[depth]);
    }
    return [...words];
  }

  /** Flags usable at `command` (undefined = top level): its own flags, the global ones, and help. */
  flagsFor(command: ManifestCommand | undefined): ManifestFlag[] {
    return [...(command?.flags ?? []), ...this.globals, HELP_FLAG];
  }
}

const HELP_FLAG: ManifestFlag = {long: '--help', short: '-h', value: null};

/**
 * A conflict must name a flag of the same command and be declared on both flags, so that a typo in
 * the manifest cannot switch a check off unnoticed. Throws with the manifest's problem.
 */
function checkConflictDeclarations(manifest: CliManifest): void {
  for (const command of manifest.commands) {
    const byLong = new Map(command.flags.map((f) => [longName(f), f]));
    for (const flag of command.flags) {
      for (const other of flag.conflictsWith ?? []) {
        const where = `flag ${longName(flag)} of ${display(command.path.split(' '))} conflicts with ${other}`;
        const target = byLong.get(other);
        if (!target) throw new Error(`data/cli-manifest.json: ${where}, which ${display(command.path.split(' '))} does not have`);
        if (!(target.conflictsWith ?? []).includes(longName(flag) ?? '')) {
          throw new Error(`data/cli-manifest.json: ${where}, but ${other} does not list ${longName(flag)} in its conflictsWith`);
        }
      }
    }
  }
}

function longName(flag: ManifestFlag): string | null {
  if (!flag.long) return null;
  return flag.long.startsWith('--') ? flag.long : `--${flag.long}`;
}

function shortName(flag: ManifestFlag): string | null {
  if (!flag.short) return null;
  return flag.short.startsWith('-') ? flag.short : `-${flag.short}`;
}

function display(path: string[]): string {
  return `"${['tower', ...path].join(' ')}"`;
}

/**
 * Checks the words after `tower` against the manifest. Returns one message per problem; checking
 * stops at an unknown command, since the flags and arguments that follow it cannot be judged.
 */
export function checkTowerArgs(args: string[], index: CliIndex): string[] {
  return readTowerArgs(args, index).problems;
}

/** A flag as the command line gave it: what was written, the flag it names (long name; null when unknown) and the value it took. */
export type FlagReading = {written: string; flag: string | null; value: string | null};

/** A positional argument and the argument of the command it fills (null for one too many). */
export type ArgumentReading = {value: string; name: string | null};

interface TowerArgsReading {
  problems: string[];
  /** The deepest command the words reached (a group when the next word was unknown); undefined at the top level. */
  command: ManifestCommand | undefined;
  /** How the words after the command path were read, in order. */
  flags: FlagReading[];
  arguments: ArgumentReading[];
}

/** checkTowerArgs, plus the command the words name, for a caller that links to its reference. */
export function readTowerArgs(args: string[], index: CliIndex): TowerArgsReading {
  const problems: string[] = [];
  let path: string[] = [];
  let command: ManifestCommand | undefined;
  const positionals: string[] = [];
  const used = new Map<ManifestFlag, number>();
  /** How each flag was first written in the sample (`-e` or `--environment`), for messages. */
  const written = new Map<ManifestFlag, string>();
  let sawHelp = false;
  let flagsEnded = false;
  const flagsRead: FlagReading[] = [];
  const reading = (): TowerArgsReading => {
    const named = (index: number) => command?.args[index]?.name ?? (command?.args.at(-1)?.multiple ? command.args.at(-1)!.name : null);
    return {problems, command, flags: flagsRead, arguments: positionals.map((value, index) => ({value, name: named(index)}))};
  };

  /** Reports an unknown flag; long flags get a suggestion (every short flag is one letter from another). */
  const unknownFlag = (name: string, flags: ManifestFlag[]) => {
    const where = command ? ` for ${display(path)}` : '';
    const longs = flags.map(longName).filter((n): n is string => n !== null);
    problems.push(`unknown flag ${name}${where}${name.startsWith('--') ? didYouMean(name, longs) : ''}`);
  };

  /** Records a use of `flag`, reporting a second use of a flag that is not repeatable. */
  const use = (flag: ManifestFlag, shown: string) => {
    if (flag === HELP_FLAG || longName(flag) === '--help') sawHelp = true;
    const count = (used.get(flag) ?? 0) + 1;
    used.set(flag, count);
    if (count === 1) written.set(flag, shown);
    if (count === 2 && flag.repeatable === false) {
      problems.push(`flag ${shown} of ${display(path)} can be given only once`);
    }
  };

  const needsValue = (flag: ManifestFlag, shown: string) => problems.push(`flag ${shown} of ${display(path)} needs a value (${shown} <${flag.value}>)`);

  /** Whether `next` can serve as the value of a flag. */
  const isValue = (next: string | undefined) => next !== undefined && (!next.startsWith('-') || next === '-' || /^-\d/.test(next));

  for (let i = 0; i < args.length; i++) {
    const token = args[i];

    if (!flagsEnded && token === '--') {
      flagsEnded = true;
      continue;
    }

    if (!flagsEnded && token.startsWith('--')) {
      const eq = token.indexOf('=');
      const name = eq === -1 ? token : token.slice(0, eq);
      const inline = eq === -1 ? undefined : token.slice(eq + 1);
      const flags = index.flagsFor(command);
      const flag = flags.find((f) => longName(f) === name);
      if (!flag) {
        unknownFlag(name, flags);
        flagsRead.push({written: name, flag: null, value: inline ?? null});
        continue;
      }
      use(flag, name);
      const read: FlagReading = {written: name, flag: longName(flag) ?? shortName(flag), value: inline ?? null};
      flagsRead.push(read);
      if (flag.value) {
        if (inline === undefined) {
          if (isValue(args[i + 1])) read.value = args[++i];
          else needsValue(flag, name);
        }
      } else if (inline !== undefined) {
        problems.push(`flag ${name} of ${display(path)} is a switch and takes no value (got "${inline}")`);
      }
      continue;
    }

    if (!flagsEnded && token.startsWith('-') && token.length > 1 && !/^-\d/.test(token)) {
      const flags = index.flagsFor(command);
      const letters = token.slice(1);
      for (let k = 0; k < letters.length; k++) {
        const name = `-${letters[k]}`;
        if (letters[k] === '=') {
          problems.push(`malformed flag ${token}`);
          break;
        }
        const flag = flags.find((f) => shortName(f) === name);
        if (!flag) {
          unknownFlag(name, flags);
          flagsRead.push({written: name, flag: null, value: null});
          break;
        }
        use(flag, name);
        const read: FlagReading = {written: name, flag: longName(flag) ?? shortName(flag), value: null};
        flagsRead.push(read);
        const rest = letters.slice(k + 1);
        if (flag.value) {
          if (rest === '' || rest === '=') {
            if (rest === '' && isValue(args[i + 1])) read.value = args[++i];
            else needsValue(flag, name);
          } else {
            read.value = rest.replace(/^=/, '');
          }
          break;
        }
        if (rest.startsWith('=')) {
          problems.push(`flag ${name} of ${display(path)} is a switch and takes no value (got "${rest.slice(1)}")`);
          break;
        }
      }
      continue;
    }

    // A word: the next step of the command path, or a positional argument.
    if (positionals.length === 0) {
      const next = index.command([...path, token].join(' '));
      if (next) {
        path = next.path.split(' ');
        command = next;
        continue;
      }
      if (!command || command.group) {
        const unknown = [...path, token];
        const suggestion = didYouMean(token, index.childWords(path.join(' ')), (w) => display([...path, w]));
        problems.push(`unknown command ${display(unknown)}${suggestion}`);
        return reading();
      }
    }
    positionals.push(token);
  }

  if (!command) {
    if (!sawHelp) problems.push(`"tower" needs a command, e.g. "tower apps list"`);
    return reading();
  }

  if (command.path === 'help') {
    if (positionals.length > 0 && !index.command(positionals.join(' '))) {
      problems.push(`"tower help" names an unknown command ${display(positionals)}`);
    }
    return reading();
  }

  const variadic = command.args.some((a) => a.multiple === true);
  if (!variadic && positionals.length > command.args.length) {
    const takes =
      command.args.length === 0
        ? 'takes no arguments'
        : `takes at most ${command.args.length} (${command.args.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(' ')})`;
    const extra = positionals.slice(command.args.length).join(' ');
    problems.push(`too many arguments for ${display(path)}: it ${takes}; unexpected: ${extra}`);
  }
  if (!sawHelp) {
    const missing = command.args.slice(positionals.length).filter((a) => a.required);
    for (const arg of missing) problems.push(`${display(path)} needs the argument <${arg.name}>`);
    for (const flag of command.flags) {
      if (flag.required && !used.has(flag)) {
        const name = longName(flag) ?? shortName(flag);
        problems.push(`${display(path)} is missing the required flag ${name}${flag.value ? ` <${flag.value}>` : ''}`);
      }
    }
  }
  problems.push(...conflicts(command, [...written.keys()], written, path));
  return reading();
}

/** One message per pair of flags given together although the manifest says they conflict. */
function conflicts(command: ManifestCommand, given: ManifestFlag[], written: Map<ManifestFlag, string>, path: string[]): string[] {
  const messages: string[] = [];
  const as = (flag: ManifestFlag) => {
    const shown = written.get(flag) ?? '';
    const long = longName(flag);
    return shown === long || long === null ? shown : `${shown} (${long})`;
  };
  for (let i = 0; i < given.length; i++) {
    for (let j = i + 1; j < given.length; j++) {
      const [a, b] = [given[i], given[j]];
      if (command.flags.includes(a) && (a.conflictsWith ?? []).includes(longName(b) ?? '')) {
        messages.push(`flags ${as(a)} and ${as(b)} of ${display(path)} cannot be used together`);
      }
    }
  }
  return messages;
}

interface ShellCommand {
  /** 0-based line inside the block where the logical line starts. */
  offset: number;
  words: string[];
}

/** Splits a shell block into simple commands (see the module comment for the rules). */
export function shellCommands(code: string, lang = 'bash'): ShellCommand[] {
  const lines = code.split('\n');
  const prompt = /^\s*\$(?:\s|$)/;
  const consoleMode = lang === 'console' && lines.some((l) => prompt.test(l));
  const result: ShellCommand[] = [];

  for (let i = 0; i < lines.length; i++) {
    const offset = i;
    let line = lines[i];
    if (consoleMode && !prompt.test(line)) continue;
    line = line.replace(prompt, '');
    while (/(^|[^\\])(\\\\)*\\$/.test(line) && i + 1 < lines.length) {
      line = `${line.slice(0, -1)} ${lines[++i]}`;
    }
    const {commands, heredocs} = splitLine(line);
    for (const words of commands) result.push({offset, words});
    for (const delimiter of heredocs) {
      while (i + 1 < lines.length && lines[i + 1].trim() !== delimiter) i++;
      i++;
    }
  }
  return result;
}

const PLACEHOLDER = /^<[^<>\s]+>$/;
/** Shell words that may precede a command (`if tower ...; then tower ...; fi`, `do tower ...`). */
const LEADING_KEYWORDS: ReadonlySet<string> = new Set(['if', 'then', 'else', 'elif', 'while', 'until', 'do', 'time', '!', '{']);
const REDIRECTION = /^(\d*|&)(<<<|<<-?|>>|>\||<>|<&|>&|<|>)(.*)$/;

/** Tokenises one logical line into commands, with their words already cleaned up. */
function splitLine(line: string): {commands: string[][]; heredocs: string[]} {
  const raw: string[][] = [];
  const heredocs: string[] = [];
  const substitutions: string[] = [];
  let words: string[] = [];
  let word: string | null = null;
  const endWord = () => {
    if (word !== null) words.push(word);
    word = null;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) raw.push(words);
    words = [];
  };

  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      endWord();
      i++;
    } else if (c === '#' && word === null) {
      break;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      const stop = end === -1 ? line.length : end;
      word = (word ?? '') + line.slice(i + 1, stop);
      i = stop + 1;
    } else if (c === '"') {
      word = word ?? '';
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) {
          word += line[i + 1];
          i += 2;
        } else if (line.startsWith('$(', i)) {
          const end = closingParen(line, i + 1);
          substitutions.push(line.slice(i + 2, end));
          word += line.slice(i, end + 1);
          i = end + 1;
        } else {
          word += line[i++];
        }
      }
      i++;
    } else if (c === '\\') {
      // A backslash at the very end continues into nothing: no word of its own.
      if (i + 1 < line.length) word = (word ?? '') + line[i + 1];
      i += 2;
    } else if (c === '$' && line[i + 1] === '(') {
      const end = closingParen(line, i + 1);
      substitutions.push(line.slice(i + 2, end));
      word = (word ?? '') + line.slice(i, end + 1);
      i = end + 1;
    } else if (c === '`') {
      const end = line.indexOf('`', i + 1);
      const stop = end === -1 ? line.length : end;
      substitutions.push(line.slice(i + 1, stop));
      word = (word ?? '') + line.slice(i, stop + 1);
      i = stop + 1;
    } else if (c === '&' && word !== null && /[<>]$/.test(word)) {
      word += c; // 2>&1, >&2
      i++;
    } else if (';|&()'.includes(c)) {
      endCommand();
      i++;
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  endCommand();

  const commands: string[][] = [];
  for (const words of raw) {
    const kept: string[] = [];
    for (let k = 0; k < words.length; k++) {
      const w = words[k];
      const r = PLACEHOLDER.test(w) ? null : REDIRECTION.exec(w);
      if (!r) {
        kept.push(w);
        continue;
      }
      const target = r[3] === '' ? (words[++k] ?? '') : r[3];
      if (r[2] === '<<' || r[2] === '<<-') heredocs.push(target);
    }
    while (kept.length > 0 && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(kept[0]) || LEADING_KEYWORDS.has(kept[0]))) kept.shift();
    if (kept.length > 0) commands.push(kept);
  }
  for (const inner of substitutions) commands.push(...splitLine(inner).commands);
  return {commands, heredocs};
}

/** Index of the `)` matching the `(` at `open`, or the last index if it is never closed. */
function closingParen(line: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === '(') {
      depth++;
    } else if (c === ')' && --depth === 0) {
      return i;
    }
  }
  return line.length;
}
