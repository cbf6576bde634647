import { MatchState, ZoneRef } from '@matchlog/domain';
import { MessageKey } from '../../i18n';
import { Choice } from '../card-picker';
import { Act, Named } from '../recording';

/** What the recorder's page lends a game's buttons: the match now, the acting player, and its sheets. */
export interface Recorder {
  readonly state: () => MatchState;
  readonly acting: () => string;
  readonly players: readonly string[];
  readonly random: () => number;
  /** checks the acts with the domain and journals them; false when refused or empty */
  readonly send: (acts: readonly Act[]) => boolean;
  readonly pickOne: (title: string, choices: readonly Choice[]) => Promise<string | null>;
  readonly confirm: (question: string, yes: string) => Promise<boolean>;
  /** the cards of the zones, as they lie, each a choice */
  readonly cardChoices: (zones: readonly ZoneRef[]) => Choice[];
  /** a card of a hidden zone of the player (their hand by default), named as it is shown, or unknown where allowed */
  readonly fromHand: (title: string, player: string, unknown: boolean, from?: ZoneRef) => Promise<{ card: Named; first: Act[] } | null>;
  /** the first acts, applied to a copy, then the rest built on the match after them */
  readonly then: (first: Act[], rest: (after: MatchState) => Act[]) => Act[];
  /** builds acts with the reason typed, once it is safe to publish */
  readonly withReason: (build: (reason?: string) => Act[]) => Promise<unknown>;
  /** says what went wrong on the screen */
  readonly problem: (text: string) => void;
  readonly cardName: (cardId: string) => string | null;
}

/** One button: its label's key (its data-action is the key after "recorder.") and what a tap does. */
export type Button = readonly [MessageKey, () => unknown];

/** A game's screen: its buttons, and the line under each seat's name. */
export interface GameScreen {
  readonly buttons: (recorder: Recorder) => Button[];
  readonly seatLine: (state: MatchState, player: string) => string;
  /** what the reason field is for (the counter changes that take one); null: no button of the game takes a reason */
  readonly reasonHint: MessageKey | null;
}

/** A number picked on a sheet, 1 to `max`. */
export const pickNumber = async (recorder: Recorder, title: string, max: number): Promise<number | null> => {
  const picked = await recorder.pickOne(
    title,
    Array.from({ length: max }, (_, i) => ({ value: String(i + 1), label: String(i + 1), name: String(i + 1) })),
  );
  return picked === null ? null : Number(picked);
};
