/**
 * The HTTP API operations as the build lists them (build/api-operations.json,
 * written from the API model by plugins/api-operations), and the lookups
 * list_api_operations and get_api_operation answer with.
 */
import {closest} from '../lib/suggest';
import {API_OPERATIONS_FORMAT, type ApiOperationEntry, type ApiOperationsFile} from '../plugins/api-operations/operations';

export {API_OPERATIONS_FILE} from '../plugins/api-operations/operations';

export type OperationLookup = {ok: true; operation: ApiOperationEntry} | {ok: false; message: string};

export class ApiCatalog {
  private constructor(readonly file: ApiOperationsFile) {}

  static fromText(text: string, name: string): ApiCatalog {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`${name} is not valid JSON (${(error as Error).message})`);
    }
    const file = parsed as Partial<ApiOperationsFile>;
    if (file.format !== API_OPERATIONS_FORMAT || !Array.isArray(file.operations) || !Array.isArray(file.tags)) {
      throw new Error(`${name} is not an API operations file of format ${API_OPERATIONS_FORMAT}: rebuild the site (npm run build)`);
    }
    return new ApiCatalog(file as ApiOperationsFile);
  }

  get tags(): ApiOperationsFile['tags'] {
    return this.file.tags;
  }

  get operations(): ApiOperationEntry[] {
    return this.file.operations;
  }

  /** The operations of one tag (any letter case), or a message naming the tags there are. */
  byTag(tag: string | undefined): {ok: true; tag: string | null; operations: ApiOperationEntry[]} | {ok: false; message: string} {
    if (tag === undefined) return {ok: true, tag: null, operations: this.operations};
    const wanted = tag.trim().toLowerCase();
    const known = this.tags.find((candidate) => candidate.name.toLowerCase() === wanted);
    if (!known) {
      const names = this.tags.map((candidate) => candidate.name);
      const suggestion = closest(tag.trim(), names);
      return {
        ok: false,
        message: `There is no API tag "${tag}".${suggestion ? ` Did you mean "${suggestion}"?` : ''} The tags are: ${names.join(', ')}.`,
      };
    }
    return {ok: true, tag: known.name, operations: this.operations.filter((operation) => operation.tag === known.name)};
  }

  /**
   * An operation by its operationId (any letter case), its page name (the
   * operationId in kebab case), its page URL or its method and path (`GET /apps`).
   */
  find(reference: string): OperationLookup {
    const text = reference.trim();
    const methodAndPath = /^([a-z]+)\s+(\/\S*)$/i.exec(text);
    const slugFromUrl = /\/docs\/reference\/api\/([^/?#.]+)(?:\.md)?(?:[?#].*)?$/.exec(text)?.[1];
    const operation = this.operations.find((candidate) =>
      methodAndPath
        ? candidate.method === methodAndPath[1].toUpperCase() && candidate.path === methodAndPath[2]
        : candidate.id === text || candidate.slug === (slugFromUrl ?? text) || candidate.id.toLowerCase() === text.toLowerCase(),
    );
    if (operation) return {ok: true, operation};
    const suggestion = closest(
      text,
      this.operations.map((candidate) => candidate.id),
    );
    return {
      ok: false,
      message: `There is no API operation "${text}".${suggestion ? ` Did you mean "${suggestion}"?` : ''} Use list_api_operations to see them all, or search_docs with kind "api".`,
    };
  }
}
