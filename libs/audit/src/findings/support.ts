import { MatchEvent, Move } from '@matchlog/domain';

/** The moves an event makes, or none. */
export const movesOf = (event: MatchEvent): readonly Move[] => (event.type === 'CardMoved' ? [event.data] : event.type === 'CardsMoved' ? event.data.moves : []);

/** Distinct values, in first-seen order, without nulls. */
export const distinct = (values: readonly (string | null | undefined)[]): string[] => {
  const out: string[] = [];
  for (const value of values) if (value != null && !out.includes(value)) out.push(value);
  return out;
};

/** A card matches a search when its definition contains the criteria, ignoring case; no criteria matches any card (docs/reference/events.md, SearchPerformed). */
export const matchesCriteria = (definition: string, criteria: string | undefined): boolean => criteria === undefined || definition.toLowerCase().includes(criteria.toLowerCase());
