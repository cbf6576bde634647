import { MatchlogClient } from '@matchlog/client';

/** The API the page is served by, through @matchlog/client; `token` goes in the Authorization header only. */
export const api = (token?: string): MatchlogClient => new MatchlogClient({ baseUrl: location.origin, token });

/** A query string of the defined, non-empty values (for the links the page builds, such as the CSV slip). */
export const query = (parameters: Record<string, string | number | undefined>): string => {
  const entries = Object.entries(parameters).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '');
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
};
