import { h, replaceChildren } from '../../dom';
import { store } from '../store';
import { openedSort, sortBy } from './state';
import { cardStats, cardStatsOf, deckStats, gameOf, leadStats, matchupStats } from './stats-data';
import { cardTableView, cardView, leadsView, lorcanaView } from './view';

/** /viewer/stats?game=…: the game selector, the card table, then Lorcana's ink pairs and matchups or the other games' leads; &card=…: one card. */
export const renderStats = async (root: HTMLElement, name: string, card?: string): Promise<void> => {
  const game = gameOf(name);
  if (card !== undefined) return replaceChildren(root, cardView(game, (await cardStatsOf(game, card)).card));
  const [cards, decks, matchups, leads] = await Promise.all([
    cardStats(game),
    game === 'lorcana' ? deckStats(game) : null,
    game === 'lorcana' ? matchupStats(game) : null,
    game === 'lorcana' ? null : leadStats(game),
  ]);
  const table = h('table', { class: 'stats-cards' });
  const sort = store(openedSort, sortBy);
  const draw = () => replaceChildren(table, cardTableView(game, cards.cards, sort.get(), sort.dispatch));
  sort.listen(draw);
  draw();
  replaceChildren(root, leads ? leadsView(game, cards.cards, table, leads.leads) : lorcanaView(cards.cards, table, decks!.decks, matchups!.matchups));
};
