import { AudienceView, JudgeView, SeenCard, JudgeCard } from '@matchlog/domain';
import { CliMessages } from './messages';

const status = (card: SeenCard | JudgeCard, m: CliMessages): string =>
  `${card.faceDown ? m.faceDown : ''}${card.exerted ? m.exerted : ''}${card.damage ? m.damage(card.damage) : ''}`;

const cardText = (card: SeenCard | JudgeCard, m: CliMessages): string =>
  'cardId' in card ? `${card.definition} [${card.cardId}]${status(card, m)}` : `${card.handle} ${card.definition ?? '?'}${status(card, m)}`;

/** A view as a person reads it: whose turn, every zone that holds something, the pending queue. */
export const renderView = (view: AudienceView | JudgeView, m: CliMessages): string => {
  const lines = [
    m.viewHeading(view.game, view.audience, view.revision),
    `${m.turnLine(view.turn.number, view.turn.player)}${view.ended ? m.ended(view.ended.winner, view.ended.reason) : ''}`,
    '',
  ];
  for (const [key, zone] of Object.entries(view.zones)) {
    if (zone.count === 0) continue;
    lines.push(`${key} (${zone.count})`);
    for (const card of zone.cards as (SeenCard | JudgeCard)[]) lines.push(`  ${cardText(card, m)}`);
  }
  const queue = view.queue;
  if (queue && queue.items.length > 0) {
    lines.push('', m.queueLine(queue.discipline, queue.items.length, queue.nextChooser, queue.waitingForAction === true));
    for (const item of queue.items) lines.push(`  ${item.triggerId} ${item.player}: ${item.ability}`);
  }
  return lines.join('\n');
};
