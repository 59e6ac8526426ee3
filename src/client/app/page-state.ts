import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { isLanguage, type Language } from '../../domain/languages';
import { jsonForScript, PAGE_STATE_ID } from '../../domain/page-render';
import { ApiError } from '../lib/api-client';

/** What the server hands the browser with a rendered page, so hydration starts where the server ended. */
export interface PageState {
  language: Language;
  /** The texts the page used, per namespace, in its language. */
  resources: Record<string, Record<string, unknown>>;
  /** TanStack Query's cache as the server left it; errors as plain objects (see below). */
  queries: DehydratedState;
}

interface PlainError {
  apiError: true;
  status: number;
  message: string;
  code?: string;
}

function plainError(error: unknown): PlainError {
  if (error instanceof ApiError)
    return {
      apiError: true,
      status: error.status,
      message: error.message,
      ...(error.code ? { code: error.code } : {}),
    };
  return { apiError: true, status: 500, message: error instanceof Error ? error.message : String(error) };
}

/**
 * The page state as the text of a `<script type="application/json">`: an ApiError keeps its status
 * and code (the pages branch on them), and no text can close the script (jsonForScript).
 */
export function pageStateJson(state: PageState): string {
  const queries = {
    ...state.queries,
    queries: state.queries.queries.map((query) =>
      query.state.error == null ? query : { ...query, state: { ...query.state, error: plainError(query.state.error) } },
    ),
  };
  return jsonForScript({ ...state, queries });
}

function isPlainError(value: unknown): value is PlainError {
  return typeof value === 'object' && value !== null && (value as PlainError).apiError === true;
}

/** The state of a server-rendered page, or null for a page the browser draws alone. */
export function readPageState(doc: Document = document): PageState | null {
  const element = doc.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as PageState;
    return isLanguage(state.language) && state.queries && Array.isArray(state.queries.queries) ? state : null;
  } catch {
    return null;
  }
}

/** Puts the server's queries into the browser's cache, errors as the ApiErrors they were. */
export function hydrateQueries(queryClient: QueryClient, queries: DehydratedState) {
  hydrate(queryClient, {
    ...queries,
    queries: queries.queries.map((query) => {
      const error: unknown = query.state.error;
      return isPlainError(error)
        ? { ...query, state: { ...query.state, error: new ApiError(error.status, error.message, error.code) } }
        : query;
    }),
  });
}
