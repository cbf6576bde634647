import { GameId } from '@matchlog/domain';

/** An infraction a published document names, with its penalty and remedy, as far as the project has its words. */
export interface KnownInfraction {
  readonly infraction: string;
  readonly penalty: string;
  readonly remedy?: string;
  /** the document (and section, where the project has it) */
  readonly source: string;
}

/** One game's penalty vocabulary: what a ruling's `penalty` may be, and where it comes from. */
export interface GamePenalties {
  readonly game: GameId;
  /** the published document the penalties come from; null: the project has no text, so the organizer's categories */
  readonly document: string | null;
  /** the penalties the document names, as far as the project has them, then the organizer's categories */
  readonly penalties: readonly string[];
  readonly infractions: readonly KnownInfraction[];
  /** what the project has of the document, and what it has not */
  readonly note: string;
}

export interface PenaltyVocabulary {
  /** MATCHLOG_PENALTY_CATEGORIES: the organizer's categories, accepted for every game */
  readonly categories: readonly string[];
  readonly games: readonly GamePenalties[];
}

/** MATCHLOG_PENALTY_CATEGORIES unset: the organizer's categories until it configures its own. */
export const DEFAULT_PENALTY_CATEGORIES: readonly string[] = ['Caution', 'Warning', 'Game Loss', 'Match Loss', 'Disqualification'];

const GRAND_ARCHIVE_IPG = 'Grand Archive TCG, Infractions Policy Guide (ipg.gatcg.com)';

/**
 * Only what issue 36 quotes of each document (the rules texts in ../shared/rules have no penalty text; Grand
 * Archive's names the Infractions Policy Guide in its table of contents). No section number is quoted, so none is
 * cited; every other infraction is free text.
 */
const published: readonly Omit<GamePenalties, 'penalties'>[] = [
  {
    game: 'grand-archive',
    document: GRAND_ARCHIVE_IPG,
    infractions: [{ infraction: 'Seeing Extra Cards', penalty: 'Warning', remedy: 'shuffle the seen cards back into the random part of the deck', source: GRAND_ARCHIVE_IPG }],
    note: 'only "Seeing Extra Cards" (a Warning; remedy: shuffle the seen cards back into the random part of the deck) is quoted here; no section number. Other infractions: free text with a penalty from the categories.',
  },
  {
    game: 'lorcana',
    document: 'Disney Lorcana play-correction penalties (as issue 36 quotes them; the document and section are not in the project)',
    infractions: [],
    note: 'the penalties run Caution, Warning, Game Loss, Match Loss, Disqualification; no infraction of the document is quoted here, so the infraction is free text.',
  },
  {
    game: 'four-souls',
    document: null,
    infractions: [],
    note: "the project has no Four Souls penalty text: the infraction is free text and the penalty one of the organizer's categories.",
  },
];

const LORCANA_PENALTIES = ['Caution', 'Warning', 'Game Loss', 'Match Loss', 'Disqualification'];

/** The penalty vocabulary with the organizer's categories: each game's own penalties first, then the categories it lacks. */
export const penaltyVocabulary = (categories: readonly string[]): PenaltyVocabulary => ({
  categories,
  games: published.map((game) => {
    const own = game.game === 'lorcana' ? LORCANA_PENALTIES : game.infractions.map((known) => known.penalty);
    return { ...game, penalties: [...new Set([...own, ...categories])] };
  }),
});

/** The penalties a ruling of this game may give. */
export const penaltiesOf = (vocabulary: PenaltyVocabulary, game: GameId): readonly string[] =>
  vocabulary.games.find((entry) => entry.game === game)?.penalties ?? vocabulary.categories;
