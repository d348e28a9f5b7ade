/**
 * Stryker's build step for `npm run bench:mutation`: bundles each test file with the (mutated)
 * sources it imports into one CommonJS file beside it, `x.test.ts` -> `x.test.mutation.cjs`.
 *
 * Why: Stryker starts a node for every test file of every mutant, and registering tsx costs each
 * start about 0.4 s of CPU. A bundle runs without it (CPU per run, mcp.test.ts, index.test.ts,
 * mcp-server.test.ts: 1.76 -> 1.18, 1.44 -> 0.86, 2.07 -> 1.46 s), and the same tests pass; a
 * bundle run with tsx registered costs what the TypeScript file does. Packages stay outside it.
 *
 * The sources find files beside them (`import.meta.url`, `import.meta.dirname`, `__dirname`), so
 * each module's own location is written into its code before bundling; and `require.main ===
 * module`, which starts a program, stays false inside a bundle.
 *
 *   node --import tsx scripts/bundle-tests.ts tests/unit/mcp.test.ts [...]
 */
import {readFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {build, type Plugin} from 'esbuild';

const BUNDLE_SUFFIX = '.mutation.cjs';

export function bundleNameOf(testFile: string): string {
  return testFile.replace(/\.tsx?$/, BUNDLE_SUFFIX);
}

/** A module's source with its own location written in, as it would have seen it unbundled. */
export function withOwnLocation(source: string, file: string): string {
  const dir = JSON.stringify(path.dirname(file));
  return source
    .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
    .replaceAll('import.meta.dirname', dir)
    .replaceAll('import.meta.filename', JSON.stringify(file))
    .replace(/\b__dirname\b/g, dir)
    .replace(/\b__filename\b/g, JSON.stringify(file))
    .replaceAll('require.main === module', 'false');
}

const located: Plugin = {
  name: 'own-location',
  setup(builder) {
    // A package is required from where node would find it for the importing module; a deep import
    // without an extension ('ajv/dist/2020') resolves the CommonJS way.
    builder.onResolve({filter: /^[^./]/}, (args) => {
      if (args.path.startsWith('node:')) return {path: args.path, external: true};
      try {
        return {path: createRequire(path.join(args.resolveDir, 'index.js')).resolve(args.path), external: true};
      } catch {
        return {path: args.path, external: true};
      }
    });
    builder.onLoad({filter: /\.tsx?$/}, async (args) => ({
      contents: withOwnLocation(await readFile(args.path, 'utf8'), args.path),
      loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
      resolveDir: path.dirname(args.path),
    }));
  },
};

async function main(files: string[]): Promise<void> {
  if (files.length === 0) throw new Error('usage: bundle-tests.ts <test file> [...]');
  for (const file of files) {
    await build({
      entryPoints: [file],
      outfile: bundleNameOf(file),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      jsx: 'automatic',
      plugins: [located],
      logLevel: 'error',
    });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
