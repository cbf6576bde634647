import { Identity, IdentityMatcher } from './matcher';

/** A card identity in a payload that its audience could not know. */
export interface Found {
  /** JSONPath-like, e.g. "$.players[1].hand[0].name"; for an object key, the path of that property */
  readonly path: string;
  readonly kind: Identity['kind'];
  readonly value: string;
  /** the card it identifies (for a definition several cards may share: the first of them) */
  readonly cardId: string;
  /** every card with that definition, when more than one */
  readonly cards: readonly number[];
  readonly inKey: boolean;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export const propertyPath = (path: string, key: string): string => (IDENTIFIER.test(key) ? `${path}.${key}` : `${path}['${key.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`);

export const MAX_DEPTH = 256;

export class PayloadTooDeep extends Error {
  constructor(readonly path: string) {
    super(`payload nests deeper than ${MAX_DEPTH} levels at ${path}`);
  }
}

/**
 * Walks a JSON value and reports every card id (always: no non-judge audience may hold one) and
 * every definition no card of which `knows` accepts, as a string value or an object key.
 */
export const scanPayload = (
  payload: unknown,
  root: string,
  matcher: IdentityMatcher,
  knows: (card: number) => boolean,
  cardIds: readonly string[],
  report: (found: Found) => void,
): void => {
  const check = (text: string, path: string, inKey: boolean) => {
    for (const identity of matcher.find(text)) {
      if (identity.kind === 'definition' && identity.cards.some(knows)) continue;
      report({ path, kind: identity.kind, value: identity.value, cardId: cardIds[identity.cards[0]], cards: identity.cards, inKey });
    }
  };
  const walk = (value: unknown, path: string, depth: number): void => {
    if (typeof value === 'string') return check(value, path, false);
    if (value === null || typeof value !== 'object') return;
    if (depth > MAX_DEPTH) throw new PayloadTooDeep(path);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) walk(value[i], `${path}[${i}]`, depth + 1);
      return;
    }
    for (const key of Object.keys(value)) {
      const at = propertyPath(path, key);
      check(key, at, true);
      walk((value as Record<string, unknown>)[key], at, depth + 1);
    }
  };
  walk(payload, root, 0);
};
