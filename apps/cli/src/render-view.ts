import { AudienceView, JudgeView, SeenCard, JudgeCard } from '@matchlog/domain';

const cardText = (card: SeenCard | JudgeCard): string => {
  if ('cardId' in card) return `${card.definition} [${card.cardId}]${card.faceDown ? ' (face down)' : ''}${card.exerted ? ' (exerted)' : ''}${card.damage ? ` (${card.damage} damage)` : ''}`;
  const name = card.definition ?? '?';
  return `${card.handle} ${name}${card.faceDown ? ' (face down)' : ''}${card.exerted ? ' (exerted)' : ''}${card.damage ? ` (${card.damage} damage)` : ''}`;
};

/** A view as a person reads it: whose turn, every zone that holds something, the pending queue. */
export const renderView = (view: AudienceView | JudgeView): string => {
  const lines = [
    `${view.game ?? 'no match'} — as ${view.audience}, revision ${view.revision}`,
    `turn ${view.turn.number}${view.turn.player ? `, ${view.turn.player} active` : ''}${view.ended ? `; ended: ${view.ended.winner ? `${view.ended.winner} won` : 'no winner'} (${view.ended.reason})` : ''}`,
    '',
  ];
  for (const [key, zone] of Object.entries(view.zones)) {
    if (zone.count === 0) continue;
    lines.push(`${key} (${zone.count})`);
    for (const card of zone.cards as (SeenCard | JudgeCard)[]) lines.push(`  ${cardText(card)}`);
  }
  const queue = view.queue;
  if (queue && queue.items.length > 0) {
    lines.push('', `${queue.discipline}: ${queue.items.length} pending, next chooser ${queue.nextChooser ?? '-'}${queue.waitingForAction ? ' (waiting for an action to resolve, 7.1.6.1)' : ''}`);
    for (const item of queue.items) lines.push(`  ${item.triggerId} ${item.player}: ${item.ability}`);
  }
  return lines.join('\n');
};
