/**
 * What a match's page shows before it reads the match: the match's public summary (null: 404, no such
 * match; undefined: not known, the summary could not be read), the audience asked for, and the token kept
 * for it (`rejected`: the API refused it, 401 or 403).
 */
export type Opening =
  | { readonly show: 'match' }
  | { readonly show: 'noMatch' }
  | { readonly show: 'noAudience'; readonly audiences: readonly string[] }
  | { readonly show: 'token'; readonly rejected: boolean };

export const openingOf = (
  summary: { readonly audiences: readonly string[] } | null | undefined,
  audience: string,
  needsToken: boolean,
  token: { readonly kept: boolean; readonly rejected?: boolean },
): Opening => {
  if (summary === null && !token.kept) return { show: 'noMatch' };
  if (summary && !summary.audiences.includes(audience)) return { show: 'noAudience', audiences: summary.audiences };
  if (token.rejected === true) return { show: 'token', rejected: true };
  if (needsToken && !token.kept) return { show: 'token', rejected: false };
  return { show: 'match' };
};
