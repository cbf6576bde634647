import { duration } from '../ui/clock-chart';
import { h } from '../dom';
import { t } from '../i18n';
import { hrefOf } from '../route';
import { PlayerHistory } from './desk-api';

/** GET /desk/history for the organizer: each player's calls and rulings across the event, each ruling linked to its revision. */
export const renderHistory = (players: readonly PlayerHistory[]) =>
  h(
    'section',
    { class: 'penalty-history', 'aria-labelledby': 'history-title' },
    h('h2', { id: 'history-title' }, t('history.title')),
    h('p', { class: 'hint' }, t('history.hint')),
    players.length === 0
      ? h('p', {}, t('history.none'))
      : h(
          'ul',
          { class: 'history-players' },
          players.map((player) =>
            h(
              'li',
              { class: 'history-player', 'data-player': player.player },
              h('h3', {}, player.player),
              h('p', {}, t('history.counts', { calls: player.calls.length, rulings: player.rulings.length })),
              player.rulings.length > 0 &&
                h(
                  'ol',
                  { class: 'history-rulings' },
                  player.rulings.map((ruling) =>
                    h(
                      'li',
                      {},
                      h('strong', {}, ruling.penalty),
                      ` — ${ruling.infraction}`,
                      ruling.seconds ? ` (${t('history.extension', { duration: duration(ruling.seconds) })})` : '',
                      ' · ',
                      h(
                        'a',
                        { href: hrefOf(ruling.matchId, 'judge', ruling.revision) },
                        ruling.revision !== undefined ? t('history.at', { match: ruling.matchId, revision: ruling.revision }) : ruling.matchId,
                      ),
                    ),
                  ),
                ),
            ),
          ),
        ),
  );
