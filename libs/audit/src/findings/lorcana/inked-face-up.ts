import { CheckFactory } from '../check';
import { movesOf } from '../support';

const INKWELL = 'inkwell';

/** INKED_FACE_UP (7.5.2, 7.5.6): cards enter the inkwell facedown, and an effect that puts a card there does not reveal it. */
export const inkedFaceUp: CheckFactory = () => (step, report) => {
  const { event, before, after, layout } = step;
  const moves = movesOf(event);
  if (moves.length === 0) return;
  const faceUp: string[] = [];
  const owners: string[] = [];
  for (const move of moves) {
    const card = layout.cardIndex.get(move.cardId);
    if (card === undefined) continue;
    const now = after.cards[card];
    const zone = layout.zones[now.zone];
    if (zone.definition.name !== INKWELL || before.cards[card].zone === now.zone || now.faceDown) continue;
    faceUp.push(move.cardId);
    if (zone.player !== null && !owners.includes(zone.player)) owners.push(zone.player);
  }
  if (faceUp.length > 0) report('INKED_FACE_UP', owners, { cards: faceUp, player: owners[0] });
};
