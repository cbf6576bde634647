import { h } from '../dom';
import { zoneName } from '../games';
import { MessageKey, t } from '../i18n';
import { DeckKnowledge, Knowledge } from './desk-api';

type Card = Knowledge['cards'][number];

/** Positions (0 = top) as the judge counts them from the top, in runs: "1–3, 7, 9–52". */
export const positionRuns = (positions: readonly number[]): string => {
  const runs: [number, number][] = [];
  for (const p of [...positions].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && p === last[1] + 1) last[1] = p;
    else runs.push([p, p]);
  }
  return runs.map(([a, b]) => (a === b ? String(a + 1) : `${a + 1}–${b + 1}`)).join(', ');
};

/** "Ada's Deck" from "deck@p1"; a shared zone by its name. */
const zoneOf = (key: string, nameOf: (player: string) => string) => {
  const [zone, player] = key.split('@');
  const name = zoneName(zone.replace(/#\d+$/, ''));
  return player ? t('ledger.zoneOf', { zone: name, player: nameOf(player) }) : name;
};

const audienceName = (audience: string, nameOf: (player: string) => string) =>
  audience === 'public' || audience === 'broadcast' ? t(`audience.${audience}` as MessageKey) : nameOf(audience);

const howOf = (known: Card['knownBy'][number]) => {
  const key = `ledger.how.${known.how}` as MessageKey;
  const how = t(key);
  return `${how === key ? known.how : how} (#${known.revision})`;
};

const knownBy = (known: Card['knownBy'], nameOf: (player: string) => string, shown: (audience: string) => boolean) =>
  known
    .filter((k) => shown(k.audience))
    .map((k) => `${audienceName(k.audience, nameOf)}: ${howOf(k)}`)
    .join('; ');

/** One hidden deck: how much of it is random, which positions someone knows and who, and the remedy helper's words. */
const deckSection = (deck: DeckKnowledge, nameOf: (player: string) => string, shown: (audience: string) => boolean) => {
  const known = deck.positions.filter((p) => !p.random);
  return h(
    'section',
    { class: 'ledger-deck', 'data-zone': deck.zone, 'data-random': deck.random.length, 'data-count': deck.count },
    h('h3', {}, t('ledger.deck', { zone: zoneOf(deck.zone, nameOf), count: deck.count, random: deck.random.length, known: known.length })),
    deck.count === 0
      ? null
      : h(
          'p',
          { class: 'random-part' },
          deck.random.length === 0
            ? t('ledger.noRandom')
            : deck.random.length === deck.count
              ? t('ledger.allRandom', { count: deck.count })
              : t('ledger.randomPart', { positions: positionRuns(deck.random), count: deck.random.length }),
        ),
    known.length > 0 &&
      h(
        'table',
        { class: 'ledger-known' },
        h('caption', {}, t('ledger.knownCaption')),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('ledger.position')), h('th', { scope: 'col' }, t('ledger.card')), h('th', { scope: 'col' }, t('ledger.knownTo')))),
        h(
          'tbody',
          {},
          known.map((p) =>
            h('tr', { 'data-position': p.position }, h('td', {}, p.position + 1), h('td', {}, p.definition ?? t('ledger.unnamed')), h('td', {}, knownBy(p.knownBy, nameOf, shown))),
          ),
        ),
      ),
  );
};

/** The cards lying where not everyone looks (a hand, a face-down card) that someone other than their owner can identify: who knew which card. */
const hiddenKnown = (knowledge: Knowledge, nameOf: (player: string) => string, shown: (audience: string) => boolean) => {
  const deckZones = new Set(knowledge.decks.map((d) => d.zone));
  // a player knowing their own hand is no news: the cards someone other than their owner knows
  const others = (c: Card) => (audience: string) => shown(audience) && audience !== c.owner && audience !== 'broadcast';
  const cards = knowledge.cards
    .filter((c) => c.knownTo.some(others(c)) && !c.knownTo.includes('public') && !deckZones.has(c.zone))
    .map((c) => ({ ...c, knownBy: c.knownBy.filter((k) => others(c)(k.audience)) }));
  return h(
    'section',
    { class: 'ledger-cards' },
    h('h3', {}, t('ledger.cardsTitle')),
    cards.length === 0
      ? h('p', {}, t('ledger.noCards'))
      : h(
          'table',
          {},
          h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('ledger.card')), h('th', { scope: 'col' }, t('ledger.where')), h('th', { scope: 'col' }, t('ledger.knownTo')))),
          h(
            'tbody',
            {},
            cards.map((c) =>
              h(
                'tr',
                { 'data-card': c.cardId },
                h('td', {}, c.definition ?? t('ledger.unnamed')),
                h('td', {}, zoneOf(c.zone, nameOf)),
                h('td', {}, knownBy(c.knownBy, nameOf, shown)),
              ),
            ),
          ),
        ),
  );
};

/**
 * The knowledge ledger at the revision, for the judge: each hidden deck's random part and known positions (the remedy
 * helper: Grand Archive's "Seeing Extra Cards" is remedied by shuffling the seen cards back into the random part), and
 * the hidden cards someone can identify, with how they learned them.
 */
export const renderLedger = (knowledge: Knowledge, nameOf: (player: string) => string, audiences: readonly string[]) => {
  // the match's own audiences: a match without a broadcast has no one who knows as the broadcast would
  const shown = (audience: string) => audiences.includes(audience);
  return h(
    'section',
    { class: 'ledger', 'aria-labelledby': 'ledger-title', 'data-revision': knowledge.revision },
    h('h2', { id: 'ledger-title' }, t('ledger.title', { revision: knowledge.revision })),
    h('p', { class: 'hint remedy-helper' }, knowledge.game === 'grand-archive' ? t('ledger.remedyGrandArchive') : t('ledger.remedy')),
    knowledge.decks.map((deck) => deckSection(deck, nameOf, shown)),
    hiddenKnown(knowledge, nameOf, shown),
  );
};
