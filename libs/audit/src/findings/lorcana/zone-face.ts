import { correctedId } from '@matchlog/domain';
import { CheckFactory } from '../check';
import { FindingCode } from '../codes';
import { movesOf } from '../support';

/**
 * The faces the zones keep "at all times", checked on every card an event moves or changes:
 * - DECK_CARD_FACE_UP (7.2.2): "The cards in a player's deck remain facedown at all times";
 * - INK_CARD_FACE_UP (7.5.4): "ink cards are kept facedown … at all times" (a card entering face up is INKED_FACE_UP, 7.5.2);
 * - DISCARD_CARD_FACE_DOWN (7.6.2): "The cards in a player's discard remain faceup at all times".
 * A correction (`corrects`) puts the log right and is the CORRECTION note's to report.
 */
const RULES: readonly { readonly zone: string; readonly faceDown: boolean; readonly code: FindingCode; readonly onEntry: boolean }[] = [
  { zone: 'deck', faceDown: true, code: 'DECK_CARD_FACE_UP', onEntry: true },
  { zone: 'inkwell', faceDown: true, code: 'INK_CARD_FACE_UP', onEntry: false },
  { zone: 'discard', faceDown: false, code: 'DISCARD_CARD_FACE_DOWN', onEntry: true },
];

export const zoneFace: CheckFactory = () => (step, report) => {
  const { event, before, after, layout } = step;
  if (correctedId(event) !== undefined) return;
  const touched = event.type === 'CardStatusChanged' ? [event.data.cardId] : movesOf(event).map((move) => move.cardId);
  const found = new Map<FindingCode, { cards: string[]; players: string[] }>();
  for (const cardId of touched) {
    const card = layout.cardIndex.get(cardId);
    if (card === undefined) continue;
    const now = after.cards[card];
    const zone = layout.zones[now.zone];
    const rule = RULES.find((entry) => entry.zone === zone.definition.name);
    if (rule === undefined || now.faceDown === rule.faceDown) continue;
    const entered = before.cards[card].zone !== now.zone;
    // already showing the wrong face there: reported when it turned
    if (!entered && before.cards[card].faceDown === now.faceDown) continue;
    if (entered && !rule.onEntry) continue;
    const entry = found.get(rule.code) ?? { cards: [], players: [] };
    entry.cards.push(cardId);
    if (zone.player !== null && !entry.players.includes(zone.player)) entry.players.push(zone.player);
    found.set(rule.code, entry);
  }
  for (const [code, { cards, players }] of found) report(code, players, { cards, player: players[0] });
};
