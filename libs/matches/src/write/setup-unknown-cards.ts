/** A name of a Four Souls setup that names no card of the table, at its path (e.g. `setup.characters.p1`). */
export interface BadSetupName {
  readonly path: string;
  readonly player: string;
  readonly text: string;
  readonly problem: 'unknown' | 'ambiguous';
  /** the closest names of that kind of card (unknown) or every name it may mean (ambiguous) */
  readonly closest: readonly string[];
}

/** A setup whose names name no card: the same 422 as a deck list's (DECK_LIST_UNKNOWN_CARDS), every such name with what it may have meant. */
export class SetupUnknownCards extends Error {
  readonly code = 'DECK_LIST_UNKNOWN_CARDS';
  constructor(readonly names: readonly BadSetupName[]) {
    const first = names[0];
    const hint = first.closest.length > 0 ? `did you mean ${first.closest.map((name) => `"${name}"`).join(', ')}?` : 'check the spelling';
    super(
      `${names.length === 1 ? 'a name' : `${names.length} names`} of the setup name${names.length === 1 ? 's' : ''} no card: ${first.path} "${first.text}" is ${first.problem}; ${hint}${names.length > 1 ? ' (every name is in `details`)' : ''}`,
    );
  }
}
