import { MatchState, ZoneRef } from '@matchlog/domain';
import { t } from '../../i18n';
import { Choice, UNKNOWN } from '../../record/card-picker';
import { cardLabel } from '../../record/games/labels';
import * as record from '../../record/recording';
import { cardsIn } from '../../record/recording';

// apart from state.ts: the picker's module types against the DOM's iterables, which the unit tests' tsconfig lacks

/** the cards of public zones, as they lie */
export const cardChoices = (match: MatchState, zones: readonly ZoneRef[]): Choice[] =>
  zones.flatMap((ref) => cardsIn(match, ref).map((card) => ({ value: card.cardId, label: cardLabel(card), name: card.definition ?? '' })));

/** a hidden zone: the names the card shown may have (record.namesFor), the recorder taps the one shown */
export const nameChoices = (match: MatchState, player: string, unknown: boolean, from: ZoneRef, deck: ZoneRef): Choice[] => {
  const names = record.namesFor(match, player, from, deck);
  return [...(unknown ? [{ value: UNKNOWN, label: t('recorder.unknownCard'), name: '' }] : []), ...names.map((name) => ({ value: name, label: name, name }))];
};
