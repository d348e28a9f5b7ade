/**
 * Serving what a plugin writes at build time under `docusaurus start` too (the llms files and
 * Markdown twins, the example downloads): the plugin's `configureWebpack` returns this.
 */
import type {IncomingMessage, ServerResponse} from 'node:http';

export type DevMiddleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/**
 * The webpack settings that put `middleware` in front of the development server; nothing for a
 * production build or the server bundle. Docusaurus merges a plugin's `setupMiddlewares` with its
 * own by calling both with the same array and concatenating the results: add to the array, return
 * nothing new.
 */
export function devServerMiddleware(name: string, middleware: DevMiddleware, isServer: boolean): Record<string, unknown> {
  if (isServer || process.env.NODE_ENV === 'production') return {};
  return {
    devServer: {
      setupMiddlewares: (middlewares: unknown[]) => {
        middlewares.unshift({name, middleware});
        return [];
      },
    },
  };
}
