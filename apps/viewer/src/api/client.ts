import type { components, paths } from './schema';

type Json<P extends keyof paths, M extends 'get' | 'post', S extends number> = paths[P][M] extends { responses: Record<S, { content: { 'application/json': infer T } }> }
  ? T
  : never;

export type MatchPage = Json<'/matches', 'get', 200>;
export type MatchSummary = components['schemas']['MatchSummary'];
export type MatchDetail = Json<'/matches/{id}', 'get', 200>;
export type AudienceView = components['schemas']['AudienceView'];
export type JudgeView = components['schemas']['JudgeView'];
export type View = AudienceView | JudgeView;
export type Queue = Json<'/matches/{id}/queue', 'get', 200>;
export type Feed = Json<'/matches/{id}/events', 'get', 200>;
export type AuditReport = Json<'/matches/{id}/audit', 'get', 200>;
export type Finding = AuditReport['findings'][number];
export type Problem = components['schemas']['Problem'];
export type RoundResults = Json<'/rounds/results', 'get', 200>;
export type MatchClock = Json<'/matches/{id}/clock', 'get', 200>;

/** An answer other than 2xx: the API's error body, whose message says what to do. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The REST API the page is served by, as the OpenAPI document describes it; `token` goes in the Authorization header only. */
export const get = async <T>(path: string, token?: string, headers: Record<string, string> = {}): Promise<T> => {
  const response = await fetch(path, { headers: { Accept: 'application/json', ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as Partial<Problem> | null;
    throw new ApiError(response.status, problem?.code ?? `HTTP_${response.status}`, problem?.message ?? response.statusText);
  }
  return (await response.json()) as T;
};

export const query = (parameters: Record<string, string | number | undefined>): string => {
  const entries = Object.entries(parameters).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '');
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
};
