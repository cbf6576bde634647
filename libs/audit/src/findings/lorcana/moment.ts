import { At, Check, Report, Step } from '../check';
import { movesOf } from '../support';

/**
 * A moment: the events recorded at one instant (the same `meta.recordedAt`), as an import stamps the events of one
 * replay step and a recorder the events of one act. An event with no time is a moment of its own.
 */
const momentOf = (step: Step): string | undefined => step.event.meta?.recordedAt;

const ACTION = 'action';

/**
 * Whether an effect acts at this step: one under way before it (7.1.6.1's "generated and waiting to resolve"), one that
 * starts or resolves, a bag ability that resolves, a look or a move that names its source, or an action leaving a hand
 * (played: its effect resolves, 7.4.1; an import that sees the action only arrive in the discard records it so).
 */
export const effectActs = (step: Step): boolean => {
  const { event, before, layout } = step;
  if (before.effects.length > 0) return true;
  if (event.type === 'EffectStarted' || event.type === 'EffectResolved' || event.type === 'TriggerResolved') return true;
  if (event.type === 'CardsLookedAt' && event.data.source !== undefined) return true;
  return movesOf(event).some((move) => {
    if (move.source !== undefined) return true;
    const card = layout.cardIndex.get(move.cardId);
    if (card === undefined || layout.zones[before.cards[card].zone].definition.name !== layout.ruleset.handZone) return false;
    return layout.printed[card]?.type?.toLowerCase() === ACTION;
  });
};

/** A finding held until its moment is over (it reports at the revision it names), made only if no effect acted in that moment. */
export type Held = (report: Report) => void;

/**
 * A check whose break is "with no effect" where the event that breaks the rule cannot name one (a reveal, a status
 * change): `look` is called on each step and returns what it would report; the report waits for the rest of the
 * moment, and is dropped if an effect acted anywhere in it (before or after the event).
 */
export const unlessAnEffectActs = (look: (step: Step) => readonly Held[]): Check => {
  let moment: string | undefined;
  let effect = false;
  let held: Held[] = [];
  const flush = (report: Report) => {
    if (!effect) for (const finding of held) finding(report);
    held = [];
    effect = false;
  };
  const check = (step: Step, report: Report) => {
    const now = momentOf(step);
    if (now === undefined || now !== moment) flush(report);
    moment = now;
    if (effectActs(step)) effect = true;
    held.push(...look(step));
  };
  return Object.assign(check, { end: flush });
};

export const atStep = (step: Step): At => ({ revision: step.revision, eventId: step.event.id });
