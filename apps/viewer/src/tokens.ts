/**
 * A token pasted once per match and audience, kept for this tab only (sessionStorage): never in the
 * address, never sent but in the Authorization header.
 */
const keyOf = (matchId: string, audience: string) => `matchlog.token.${matchId}.${audience}`;

export const tokenFor = (matchId: string, audience: string): string | undefined => sessionStorage.getItem(keyOf(matchId, audience)) ?? undefined;

export const keepToken = (matchId: string, audience: string, token: string): void => sessionStorage.setItem(keyOf(matchId, audience), token.trim());

export const forgetToken = (matchId: string, audience: string): void => sessionStorage.removeItem(keyOf(matchId, audience));

/** public and (where the match has a public one) broadcast are open to anyone */
export const needsToken = (audience: string): boolean => audience !== 'public' && audience !== 'broadcast';
