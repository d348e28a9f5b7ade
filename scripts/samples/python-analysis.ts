/**
 * What the app checks need to know about Python code, read from its syntax tree by the machine's
 * python3: does it compile, what does it import, which parameters, secrets and environment
 * variables does it read, and which apps does it start with `tower.run_app`. All sources go to ONE
 * python3 process (a JSON array on stdin, one JSON object on stdout), which also reports the names
 * of the standard library's modules (`sys.stdlib_module_names`).
 *
 * Reads are recognised in the forms the docs use: `tower.parameter/param/secret(...)` (also after
 * `from tower import parameter`), `os.getenv(...)`, `os.environ.get(...)`, `os.environ[...]` and
 * `"X" in os.environ` (also after `from os import environ, getenv`). A name given as a module-level
 * string constant (`WRITER_APP = "..."`) counts as a literal.
 */
import {spawnSync} from 'node:child_process';

export type ReadKind = 'parameter' | 'secret' | 'env';

export interface PythonImport {
  /** Dotted module name as written ("" for `from . import x`). */
  module: string;
  /** 0 for an absolute import, 1+ for relative imports. */
  level: number;
  line: number;
}

export interface PythonRead {
  kind: ReadKind;
  /** The variable's name, or null when it is not a string literal. */
  name: string | null;
  line: number;
}

export interface PythonRunApp {
  /** The app name, or null when it is not a string literal. */
  app: string | null;
  /** Names of the parameters passed; [] when none; null when they are not a dict literal with literal keys. */
  parameters: string[] | null;
  line: number;
}

export interface PythonAnalysis {
  /** Set when the code does not compile; the other lists are then empty. */
  error?: {line: number | null; col: number | null; message: string};
  imports: PythonImport[];
  reads: PythonRead[];
  runApps: PythonRunApp[];
}

export interface AnalysisResult {
  analyses: PythonAnalysis[];
  /** Top-level module names of the standard library of the python3 that ran, plus __future__. */
  stdlib: Set<string>;
}

const ANALYSER = String.raw`
import ast, json, sys, warnings
warnings.simplefilter("ignore")

TOWER_CALLS = {"parameter": "parameter", "param": "parameter", "secret": "secret", "run_app": "run_app"}

def analyse(code):
    tree = ast.parse(code, filename="<file>")
    compile(tree, "<file>", "exec", dont_inherit=True)
    constants = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            constants[node.targets[0].id] = node.value.value
    tower_names, os_names, environ_names, getenv_names, functions = set(), set(), set(), set(), {}
    imports = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                imports.append({"module": alias.name, "level": 0, "line": node.lineno})
                if alias.name == "tower":
                    tower_names.add(alias.asname or "tower")
                if alias.name == "os":
                    os_names.add(alias.asname or "os")
        elif isinstance(node, ast.ImportFrom):
            imports.append({"module": node.module or "", "level": node.level, "line": node.lineno})
            for alias in node.names:
                local = alias.asname or alias.name
                if node.level == 0 and node.module == "tower" and alias.name in TOWER_CALLS:
                    functions[local] = TOWER_CALLS[alias.name]
                if node.level == 0 and node.module == "os" and alias.name == "environ":
                    environ_names.add(local)
                if node.level == 0 and node.module == "os" and alias.name == "getenv":
                    getenv_names.add(local)

    def literal(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name) and node.id in constants:
            return constants[node.id]
        return None

    def is_environ(node):
        if isinstance(node, ast.Attribute) and node.attr == "environ":
            return isinstance(node.value, ast.Name) and node.value.id in os_names
        return isinstance(node, ast.Name) and node.id in environ_names

    def call_kind(func):
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            if func.value.id in tower_names:
                return TOWER_CALLS.get(func.attr)
            if func.value.id in os_names and func.attr == "getenv":
                return "env"
        if isinstance(func, ast.Attribute) and func.attr == "get" and is_environ(func.value):
            return "env"
        if isinstance(func, ast.Name):
            if func.id in functions:
                return functions[func.id]
            if func.id in getenv_names:
                return "env"
        return None

    def argument(call, index, *keywords):
        if len(call.args) > index:
            return call.args[index]
        return next((k.value for k in call.keywords if k.arg in keywords), None)

    reads, run_apps = [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            kind = call_kind(node.func)
            if kind in ("parameter", "secret", "env"):
                name = argument(node, 0, "name", "key")
                reads.append({"kind": kind, "name": None if name is None else literal(name), "line": node.lineno})
            elif kind == "run_app":
                app = argument(node, 0, "name")
                passed = argument(node, 2, "parameters")
                if passed is None or (isinstance(passed, ast.Constant) and passed.value is None):
                    keys = []
                elif isinstance(passed, ast.Dict) and all(k is not None and literal(k) is not None for k in passed.keys):
                    keys = [literal(k) for k in passed.keys]
                else:
                    keys = None
                run_apps.append({"app": None if app is None else literal(app), "parameters": keys, "line": node.lineno})
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and is_environ(node.value):
            reads.append({"kind": "env", "name": literal(node.slice), "line": node.lineno})
        elif (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn))
                and is_environ(node.comparators[0])):
            reads.append({"kind": "env", "name": literal(node.left), "line": node.lineno})
    return {"imports": imports, "reads": reads, "runApps": run_apps}

results = []
for code in json.load(sys.stdin.buffer):
    try:
        results.append(analyse(code))
    except SyntaxError as err:
        results.append({"error": {"line": err.lineno, "col": err.offset, "message": err.msg}, "imports": [], "reads": [], "runApps": []})
    except (ValueError, RecursionError, MemoryError) as err:
        results.append({"error": {"line": None, "col": None, "message": str(err) or type(err).__name__}, "imports": [], "reads": [], "runApps": []})
json.dump({"stdlib": sorted(sys.stdlib_module_names | {"__future__"}), "results": results}, sys.stdout)
`;

/**
 * The interpreter behind a command such as `python3`, asked once: a version manager's shim (pyenv)
 * costs a few hundred milliseconds on every start, and the checks start python3 about a dozen
 * times. Falls back to the command itself when it cannot be asked.
 */
export function resolvePython(python = 'python3'): string {
  const run = spawnSync(python, ['-S', '-c', 'import sys; print(sys.executable)'], {encoding: 'utf8'});
  const executable = run.status === 0 ? run.stdout.trim() : '';
  return executable !== '' ? executable : python;
}

/**
 * Runs a python3 program that reads JSON on stdin and answers JSON on stdout: how every check
 * hands many sources to one python3 process. Throws if python3 cannot be run or fails. The
 * programs use only the standard library, so python3 starts with -S: importing site (and every
 * .pth file of site-packages) costs about 30 ms of CPU a start and could only change what they see.
 */
export function runPythonJson(program: string, input: unknown, python = 'python3'): unknown {
  const run = spawnSync(python, ['-S', '-c', program], {
    input: JSON.stringify(input),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw new Error(`cannot run ${python}: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`${python} exited with ${run.status}: ${run.stderr.trim()}`);
  return JSON.parse(run.stdout);
}

/** Analyses every source in one python3 process. Throws if python3 cannot be run or answers garbage. */
export function analysePython(sources: string[], python = 'python3'): AnalysisResult {
  const output = runPythonJson(ANALYSER, sources, python) as {stdlib: string[]; results: PythonAnalysis[]};
  if (!Array.isArray(output.results) || output.results.length !== sources.length || !Array.isArray(output.stdlib)) {
    throw new Error(`${python} returned an unexpected answer for ${sources.length} sources`);
  }
  return {analyses: output.results, stdlib: new Set(output.stdlib)};
}
