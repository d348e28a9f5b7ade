/**
 * The sample checker's Towerfile and `tower` command checks
 * (scripts/samples/check-towerfile.ts and check-cli.ts), answering for one
 * Towerfile or one command line at a time, with a link to the reference
 * entry of each key or command.
 */
import {parseToml, towerfileIssues, type TowerfileValidator} from '../scripts/samples/check-towerfile';
import {readTowerArgs, shellCommands, type CliIndex} from '../scripts/samples/check-cli';

/** Where the reference pages live and the URL of each of their sections, by heading text. */
export type ReferenceLinks = {
  towerfilePage: string;
  towerfileSections: ReadonlyMap<string, string>;
  cliPage: string;
  cliSections: ReadonlyMap<string, string>;
};

export type TowerfileProblem = {
  /** Key path in the reference's notation: `app.name`, `parameters[].hidden`; `` for the file itself. */
  key: string;
  /** 1-based line of the key (or of its closest enclosing key or table); null when it cannot be placed. */
  line: number | null;
  message: string;
  /** The reference entry of the key, or of its closest documented parent. */
  reference: string;
};

export type TowerfileReport = {valid: boolean; problems: TowerfileProblem[]};

/** ["parameters", "0", "hidden"] -> "parameters[].hidden" (array positions are not part of a key's name). */
export function keyPathOf(path: string[]): string {
  let key = '';
  for (const segment of path) {
    if (/^\d+$/.test(segment)) key += '[]';
    else key += key === '' ? segment : `.${segment}`;
  }
  return key;
}

/** The reference section of a key, else of the table or array holding it, else the page. */
export function towerfileReference(key: string, links: ReferenceLinks): string {
  let current = key;
  while (current !== '') {
    const url = links.towerfileSections.get(current) ?? links.towerfileSections.get(`[${current}]`) ?? links.towerfileSections.get(`[[${current.replace(/\[\]$/, '')}]]`);
    if (url) return url;
    const cut = Math.max(current.lastIndexOf('.'), current.lastIndexOf('[]'));
    current = cut <= 0 ? '' : current.slice(0, cut);
  }
  return links.towerfilePage;
}

export function checkTowerfile(text: string, validator: TowerfileValidator, links: ReferenceLinks): TowerfileReport {
  const parsed = parseToml(text);
  if (!parsed.ok) {
    return {
      valid: false,
      problems: [{key: '', line: parsed.line || null, message: parsed.message, reference: links.towerfilePage}],
    };
  }
  const problems = towerfileIssues(text, parsed.data, validator).map((issue) => {
    const key = keyPathOf(issue.missingKey ? [...issue.path, issue.missingKey] : issue.path);
    return {
      key,
      line: issue.offset === -1 ? null : issue.offset + 1,
      message: issue.message,
      reference: towerfileReference(key, links),
    };
  });
  return {valid: problems.length === 0, problems};
}

export type CommandReport = {
  valid: boolean;
  commands: Array<{
    /** The command's words as the shell splits them. */
    words: string[];
    /** The command the words reach, e.g. `tower apps list` (a group when the next word is unknown). */
    command: string;
    problems: string[];
    reference: string;
  }>;
};

/** Splits a shell line as the sample checker does and checks every `tower` command in it. */
export function checkTowerCommand(line: string, cli: CliIndex, links: ReferenceLinks): CommandReport | {error: string} {
  const commands = shellCommands(line, 'bash').filter(({words}) => words[0] === 'tower');
  if (commands.length === 0) {
    return {error: 'The line has no `tower` command. Give a command line that starts with `tower`, for example: tower apps list'};
  }
  const checked = commands.map(({words}) => {
    const reading = readTowerArgs(words.slice(1), cli);
    const command = reading.command ? `tower ${reading.command.path}` : 'tower';
    return {
      words,
      command,
      problems: reading.problems,
      reference: links.cliSections.get(command) ?? links.cliPage,
    };
  });
  return {valid: checked.every((entry) => entry.problems.length === 0), commands: checked};
}
