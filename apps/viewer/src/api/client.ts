import { MatchlogClient } from '@matchlog/client';
import type { components, paths } from '@matchlog/client';

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

export { MatchlogError } from '@matchlog/client';

/** The API the page is served by, through @matchlog/client; `token` goes in the Authorization header only. */
export const api = (token?: string): MatchlogClient => new MatchlogClient({ baseUrl: location.origin, token });

/** A query string of the defined, non-empty values (for the links the page builds, such as the CSV slip). */
export const query = (parameters: Record<string, string | number | undefined>): string => {
  const entries = Object.entries(parameters).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '');
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
};
