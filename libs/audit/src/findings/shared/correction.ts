import { correctedId } from '@matchlog/domain';
import { CheckFactory, Step } from '../check';

/** Whom the corrected fact concerns: the counter's player, or the controller of the first card it names; else the active player. */
const concerned = ({ event, before, layout }: Step): string[] => {
  const data = event.data as { player?: unknown; cardId?: unknown; moves?: { cardId?: unknown }[] };
  if (typeof data.player === 'string') return [data.player];
  const cardId = data.cardId ?? data.moves?.[0]?.cardId;
  const card = typeof cardId === 'string' ? layout.cardIndex.get(cardId) : undefined;
  const player = card === undefined ? before.turn.player : (before.cards[card].controller ?? before.turn.player);
  return player === null ? [] : [player];
};

/**
 * CORRECTION, a note on every game: an event that undoes an earlier one (`corrects`), named with the revision
 * of the event it corrects, so the judge reads both. CORRECTION_OF_UNKNOWN_EVENT: it names no earlier event of the log.
 */
export const correction: CheckFactory = () => {
  const revisions = new Map<string, number>();
  return (step, report) => {
    const { event, revision } = step;
    const corrected = correctedId(event);
    if (corrected !== undefined) {
      const earlier = revisions.get(corrected);
      if (earlier === undefined) report('CORRECTION_OF_UNKNOWN_EVENT', concerned(step), { corrects: corrected, type: event.type });
      else report('CORRECTION', concerned(step), { corrects: corrected, next: earlier, type: event.type });
    }
    revisions.set(event.id, revision);
  };
};
