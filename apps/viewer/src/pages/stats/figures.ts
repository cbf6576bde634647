import { h } from '../../dom';
import { t } from '../../i18n';
import { s } from '../../svg';
import { percent, rateText } from './state';
import type { DeckStats, Game, LeadStats, MatchupStats, Rate } from './stats-data';

const BAR_W = 120;
const BAR_H = 14;

/** A win rate as a bar with its Wilson interval as a whisker; a low sample drawn faint. */
export const rateBar = (rate: Rate) =>
  s(
    'svg',
    { class: `rate-bar${rate.lowSample ? ' low-sample' : ''}`, width: BAR_W, height: BAR_H, viewBox: `0 0 ${BAR_W} ${BAR_H}`, role: 'img', 'aria-label': rateText(rate) },
    s('title', {}, `${rateText(rate)}${rate.lowSample ? t('stats.lowSample') : ''}`),
    s('rect', { class: 'track', x: 0, y: 3, width: BAR_W, height: BAR_H - 6 }),
    rate.rate === null ? null : s('rect', { class: 'fill', x: 0, y: 3, width: rate.rate * BAR_W, height: BAR_H - 6 }),
    rate.low === null || rate.high === null ? null : s('line', { class: 'interval', x1: rate.low * BAR_W, x2: rate.high * BAR_W, y1: BAR_H / 2, y2: BAR_H / 2 }),
    s('line', { class: 'half', x1: BAR_W / 2, x2: BAR_W / 2, y1: 0, y2: BAR_H }),
  );

/** Lorcana's ink pairs, each with its win rate and share of the meta. */
export const deckList = (decks: DeckStats['decks']) =>
  h(
    'ul',
    { class: 'stats-decks' },
    decks.map((d) => h('li', {}, h('strong', {}, d.inks), ' ', rateBar(d.winRate), ` ${rateText(d.winRate)} · ${t('stats.share', { share: percent(d.metaShare) })}`)),
  );

/** Ink pairs against ink pairs: each cell the row's win rate against the column, with its games. */
export const matchupGrid = (matchups: MatchupStats['matchups']) => {
  const pairs = [...new Set(matchups.flatMap((m) => [m.inks, m.against]))].sort();
  const at = (a: string, b: string) => matchups.find((m) => m.inks === a && m.against === b);
  return h(
    'table',
    { class: 'stats-matchups' },
    h('caption', {}, t('stats.matchupsCaption')),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('td', {}),
        pairs.map((p) => h('th', { scope: 'col' }, p)),
      ),
    ),
    h(
      'tbody',
      {},
      pairs.map((a) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, a),
          pairs.map((b) => {
            const m = at(a, b);
            return h('td', { title: m ? rateText(m.winRate) : '' }, m ? `${percent(m.winRate.rate)} (${m.winRate.games})` : '–');
          }),
        ),
      ),
    ),
  );
};

/** Four Souls' characters by table size, Grand Archive's champions: games, win rate, on the play, share. */
export const leadList = (game: Game, leads: LeadStats['leads']) =>
  h(
    'table',
    { class: 'stats-leads' },
    h('caption', {}, t(`stats.leadsCaption.${game}`)),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        [t(`stats.lead.${game}`), t('stats.seats'), t('stats.games'), t('stats.winRate'), t('stats.onPlay'), t('stats.leadShare')].map((label) => h('th', { scope: 'col' }, label)),
      ),
    ),
    h(
      'tbody',
      {},
      leads.map((l) =>
        h(
          'tr',
          { 'data-lead': l.lead, 'data-seats': String(l.seats) },
          h('th', { scope: 'row' }, l.lead),
          h('td', {}, String(l.seats)),
          h('td', {}, String(l.games)),
          h('td', {}, h('span', { class: 'rate' }, rateBar(l.winRate), h('span', {}, ` ${rateText(l.winRate)}`))),
          h('td', {}, rateText(l.onPlay)),
          h('td', {}, percent(l.share)),
        ),
      ),
    ),
  );
