/**
 * Python code blocks must compile with the machine's python3. All blocks of all documents go to ONE
 * python3 process: a JSON array on stdin, a JSON array of results on stdout.
 *
 * Each block is parsed with `ast.parse` and the tree is then compiled, which also catches what the
 * parser alone lets through (`await` or `return` outside a function, `break` outside a loop).
 * A block that deliberately cannot stand alone says so with fragment="reason"; a fragment without a
 * reason is itself a problem.
 */
import type {CodeBlock} from './extract-blocks';
import {runPythonJson} from './python-analysis';
import type {Problem} from './types';

export const PYTHON_LANGS: ReadonlySet<string> = new Set(['python', 'py', 'python3']);

export interface PythonSource {
  id: number;
  code: string;
}

export interface PythonResult {
  id: number;
  ok: boolean;
  /** 1-based line inside the block, when Python reports one. */
  line?: number | null;
  /** 1-based column, when Python reports one. */
  col?: number | null;
  message?: string;
}

const PARSER = String.raw`
import ast, json, sys, warnings
warnings.simplefilter("ignore")
results = []
for item in json.load(sys.stdin.buffer):
    try:
        tree = ast.parse(item["code"], filename="<block>")
        compile(tree, "<block>", "exec", dont_inherit=True)
        results.append({"id": item["id"], "ok": True})
    except SyntaxError as err:
        results.append({"id": item["id"], "ok": False, "line": err.lineno, "col": err.offset, "message": err.msg})
    except (ValueError, RecursionError, MemoryError) as err:
        results.append({"id": item["id"], "ok": False, "line": None, "col": None, "message": str(err) or type(err).__name__})
json.dump(results, sys.stdout)
`;

/** Parses every source in one python3 process. Throws if python3 cannot be run or answers garbage. */
export function parsePythonSources(sources: PythonSource[], python = 'python3'): PythonResult[] {
  if (sources.length === 0) return [];
  const results = runPythonJson(PARSER, sources, python) as PythonResult[];
  if (!Array.isArray(results) || results.length !== sources.length) {
    throw new Error(`${python} returned ${Array.isArray(results) ? results.length : 'no'} results for ${sources.length} blocks`);
  }
  return results;
}

export interface PythonDocument {
  file: string;
  blocks: CodeBlock[];
}

export interface PythonCheckResult {
  problems: Problem[];
  /** Blocks sent to python3. */
  parsed: number;
  /** Blocks skipped because they are marked as fragments with a reason. */
  fragments: number;
}

/** Checks the python blocks of all given documents with a single python3 process. */
export function checkPythonDocuments(docs: PythonDocument[], python = 'python3'): PythonCheckResult {
  const problems: Problem[] = [];
  const sources: PythonSource[] = [];
  const origins: {file: string; block: CodeBlock}[] = [];
  let fragments = 0;

  for (const doc of docs) {
    for (const block of doc.blocks) {
      if (!PYTHON_LANGS.has(block.lang)) continue;
      const fragment = block.attributes.get('fragment');
      if (fragment !== undefined) {
        if (fragment === true || fragment.trim() === '') {
          problems.push({
            file: doc.file,
            line: block.line,
            message: 'python fragment without a reason: write fragment="why this block cannot run on its own"',
          });
        } else {
          fragments++;
        }
        continue;
      }
      sources.push({id: sources.length, code: block.code});
      origins.push({file: doc.file, block});
    }
  }

  for (const result of parsePythonSources(sources, python)) {
    if (result.ok) continue;
    const {file, block} = origins[result.id];
    const where = result.line ? block.line + result.line : block.line;
    const col = result.col ? `, column ${result.col}` : '';
    problems.push({
      file,
      line: where,
      message:
        `python does not compile (block line ${result.line ?? '?'}${col}): ${result.message ?? 'syntax error'}; ` +
        'fix it, or mark a deliberate excerpt with fragment="reason"',
    });
  }
  return {problems, parsed: sources.length, fragments};
}
