import { EventOf, MatchCreated, Ruleset, citeTournament, rulesets } from '@matchlog/domain';
import { brokenDeckRules } from '@matchlog/cards';
import { Finding, Language } from '../../finding';
import { findingTitle } from '../titles';
import { DeckFindingCode, deckCodes } from '../codes';
import { deckMessageFor } from '../messages';
import { DeckFacts } from './deck-facts';
import { deckOf, moreThan, sectionedDeckOf, sizeOf } from './deck-list';

/** Another game of the same match (same event, round, table and players), by its MatchCreated. */
export interface OtherGame {
  readonly matchId: string;
  readonly created: MatchCreated;
}

/**
 * The deck checks of one game, reported at its MatchCreated: each player's deck legal for the
 * ruleset's construction rules when the match names the constructed format (DECK_NOT_LEGAL), and the
 * same in every other game of the match when the ruleset allows no sideboard
 * (DECK_CHANGED_BETWEEN_GAMES). A deck in parts (Grand Archive: main deck, material deck, sideboard) is checked
 * part by part (brokenDeckRules). A ruleset whose tournament practice has no such rule (Four Souls: no text) is not
 * checked. Pure.
 */
export const deckFindings = (created: EventOf<'MatchCreated'>, others: readonly OtherGame[], language: Language = 'en'): Finding[] => {
  const ruleset = rulesets[created.data.game];
  if (ruleset === undefined) return [];
  const game = created.data.tournament?.game ?? null;
  const found: Finding[] = [];
  const report = (code: DeckFindingCode, facts: DeckFacts, rule?: string) => {
    const { practice, severity } = deckCodes[code];
    const section = ruleset.tournament[practice]?.section ?? practice;
    found.push({
      revision: 1,
      eventId: created.id,
      code,
      rule: rule ?? citeTournament(ruleset, section),
      severity,
      title: findingTitle(code, language),
      players: [facts.player],
      message: deckMessageFor(code, facts, language),
    });
  };
  for (const { id: player } of created.data.players) {
    const deck = deckOf(created.data, player);
    const constructed = ruleset.tournament.constructed;
    if (constructed?.material !== undefined || constructed?.sideboard !== undefined) {
      // a deck in parts (Grand Archive): each rule it breaks, cited as its own document and section
      if (created.data.tournament?.format === 'constructed')
        for (const broken of brokenDeckRules(sectionedDeckOf(created.data, player), constructed, ruleset.tournament.document ?? ruleset.title))
          report('DECK_NOT_LEGAL', { player, game, ...broken.facts, section: broken.section }, broken.rule);
    } else {
      const legal = illegalFacts(ruleset, created.data, deck);
      if (legal !== null) report('DECK_NOT_LEGAL', { player, game, ...legal });
    }
    if (ruleset.tournament.sideboard?.allowed !== false) continue;
    for (const other of others) {
      if (other.created.game !== created.data.game || !other.created.players.some((seat) => seat.id === player)) continue;
      const theirs = deckOf(other.created, player);
      const added = moreThan(deck, theirs);
      const removed = moreThan(theirs, deck);
      if (added.length === 0 && removed.length === 0) continue;
      report('DECK_CHANGED_BETWEEN_GAMES', { player, game, otherGame: other.created.tournament?.game ?? null, otherMatchId: other.matchId, added, removed });
    }
  }
  return found;
};

/** What makes the deck illegal in the constructed format, or null (legal, another format, or no construction rules to check). */
const illegalFacts = (ruleset: Ruleset, created: MatchCreated, deck: ReadonlyMap<string, number>): Pick<DeckFacts, 'cards' | 'minCards' | 'overLimit' | 'maxCopies'> | null => {
  const rules = ruleset.tournament.constructed;
  if (created.tournament?.format !== 'constructed' || rules === undefined) return null;
  const cards = sizeOf(deck);
  const overLimit = [...deck]
    .filter(([, count]) => count > rules.maxCopiesOfName)
    .map(([definition, count]) => ({ definition, count }))
    .sort((a, b) => a.definition.localeCompare(b.definition));
  if (cards >= rules.minCards && overLimit.length === 0) return null;
  return { cards, ...(cards < rules.minCards && { minCards: rules.minCards }), ...(overLimit.length > 0 && { overLimit, maxCopies: rules.maxCopiesOfName }) };
};
