import { GameId, MatchCreated, Tournament } from '@matchlog/domain';
import { cards, event } from '@matchlog/testkit';
import { deckCodes, deckFindings, deckMessages } from '../src/findings';

/** 15 names × 4 copies: a legal 60-card Lorcana deck. */
const legalDeck = (owner: string): string[] => Array.from({ length: 60 }, (_, i) => `${owner} Card ${String(Math.floor(i / 4)).padStart(2, '0')} - Full Name`);

const game = (number: number, decks: Record<string, string[]>, tournament: Partial<Tournament> = {}, gameId: GameId = 'lorcana') =>
  event('MatchCreated', {
    game: gameId,
    players: Object.keys(decks).map((id) => ({ id })),
    cards: Object.entries(decks).flatMap(([owner, definitions]) => cards(owner, gameId === 'lorcana' ? 'deck' : 'main-deck', definitions, `${owner}-g${number}`)),
    tournament: { event: 'Lyon Regional', round: 3, table: 12, game: number, bestOf: 3, format: 'constructed', ...tournament },
  });
const other = (matchId: string, created: { data: MatchCreated }) => ({ matchId, created: created.data });

describe('deck checks across games (findings/decks)', () => {
  const p1 = legalDeck('A');
  const p2 = legalDeck('B');

  it('same legal decks in both games: nothing', () => {
    expect(deckFindings(game(2, { p1, p2 }), [other('g1', game(1, { p1, p2 }))])).toEqual([]);
  });

  it('a 59-card game 2 is found: the deck is short of 60, and it differs from game 1 by the missing card', () => {
    const short = p1.slice(0, 59);
    const g2 = game(2, { p1: short, p2 });
    const findings = deckFindings(g2, [other('g1', game(1, { p1, p2 }))]);
    expect(findings.map(({ code, players, revision, eventId }) => ({ code, players, revision, eventId }))).toEqual([
      { code: 'DECK_NOT_LEGAL', players: ['p1'], revision: 1, eventId: g2.id },
      { code: 'DECK_CHANGED_BETWEEN_GAMES', players: ['p1'], revision: 1, eventId: g2.id },
    ]);
    expect(findings[0].rule).toBe('Disney Lorcana Tournament Rules, deck construction (at least 60 cards, at most 4 of a full name)');
    expect(findings[0].message).toMatch(/game 2/);
    expect(findings[0].message).toMatch(/59 cards.*at least 60/);
    expect(findings[1].rule).toBe('Disney Lorcana Tournament Rules, deck construction (no sideboard)');
    expect(findings[1].message).toMatch(/game 2 is not the deck of game 1 \(match g1\)/);
    expect(findings[1].message).toContain('nothing added; removed 1 × A Card 14 - Full Name');
  });

  it('a card swapped between games: a finding with the cards added and removed, with counts', () => {
    const swapped = [...p1.slice(0, 58), 'Sideboard Card - Hero', 'Sideboard Card - Hero'];
    const [finding] = deckFindings(game(3, { p1: swapped, p2 }), [other('g1', game(1, { p1, p2 }))]);
    expect(finding.code).toBe('DECK_CHANGED_BETWEEN_GAMES');
    expect(finding.message).toContain('added 2 × Sideboard Card - Hero; removed 2 × A Card 14 - Full Name');
    expect(finding.message).toMatch(/game 3 is not the deck of game 1/);
  });

  it('more than 4 of a full name is not legal, and names the definition and its count', () => {
    const five = [...p1.slice(1), p1[4]];
    const [finding] = deckFindings(game(1, { p1: five, p2 }), []);
    expect(finding).toMatchObject({ code: 'DECK_NOT_LEGAL', players: ['p1'] });
    expect(finding.message).toContain('more than 4 copies of a full name (5 × A Card 01 - Full Name)');
    expect(finding.message).not.toMatch(/at least 60/);
  });

  it('no format, or another one: the deck size is not checked (the short example decks), but the decks across games still are', () => {
    const tiny = { p1: ['Ariel - On Human Legs'], p2: ['Moana - Of Motunui'] };
    expect(deckFindings(game(1, tiny, { format: undefined }), [])).toEqual([]);
    expect(deckFindings(game(1, tiny, { format: 'limited' }), [])).toEqual([]);
    const changed = deckFindings(game(2, { ...tiny, p1: ['Stitch - Rock Star'] }, { format: undefined }), [other('g1', game(1, tiny, { format: undefined }))]);
    expect(changed.map((f) => f.code)).toEqual(['DECK_CHANGED_BETWEEN_GAMES']);
  });

  it('Grand Archive: each Format Conventions rule a constructed deck breaks, by part, cited from the Comprehensive Rules', () => {
    const tiny = { p1: ['Lorraine, Wandering Warrior'], p2: ['Tristan, Underhanded'] };
    expect(
      deckFindings(game(2, { ...tiny, p1: ['Something Else'] }, { format: undefined }, 'grand-archive'), [other('g1', game(1, tiny, { format: undefined }, 'grand-archive'))]),
    ).toEqual([]);
    const findings = deckFindings(game(1, tiny, {}, 'grand-archive'), []);
    expect(findings.map(({ code, players, rule }) => [code, players, rule])).toEqual(
      ['p1', 'p2'].flatMap((player) => [
        ['DECK_NOT_LEGAL', [player], expect.stringMatching(/^Grand Archive Comprehensive Rules, General Rules - Format Conventions, Standard Constructed 1 /)],
        ['DECK_NOT_LEGAL', [player], expect.stringMatching(/^Grand Archive Comprehensive Rules, General Rules - Format Conventions, Standard Constructed 2–3 /)],
      ]),
    );
    expect(findings[0].message).toContain('its main deck has 1 cards, and a deck has at least 60');
    expect(findings[1].message).toContain('its material deck has no level 0 champion');
    expect(deckFindings(game(1, tiny, {}, 'grand-archive'), [], 'es')[1].message).toContain('su mazo de material no tiene ningún campeón de nivel 0');
  });

  it('Four Souls has no tournament text here: no deck check at all', () => {
    const fourSouls = event('MatchCreated', {
      game: 'four-souls',
      players: [{ id: 'p1' }, { id: 'p2' }],
      cards: cards(null, { zone: 'loot-deck' }, ['A Penny!']),
      tournament: { game: 2, format: 'constructed' },
    });
    expect(deckFindings(fourSouls, [])).toEqual([]);
  });

  it('answers in Spanish with the same findings', () => {
    const g2 = game(2, { p1: p1.slice(0, 59), p2 });
    const others = [other('g1', game(1, { p1, p2 }))];
    const es = deckFindings(g2, others, 'es');
    expect(es.map(({ message, title, ...rest }) => rest)).toEqual(deckFindings(g2, others).map(({ message, title, ...rest }) => rest));
    expect(es[0].message).toMatch(/la partida 2.*59 cartas/);
    expect(es[1].message).toMatch(/quitó 1 × A Card 14/);
  });

  it('every deck code has an English and a Spanish message', () => {
    for (const code of Object.keys(deckCodes) as (keyof typeof deckCodes)[]) {
      const facts = { player: 'p1', game: 2, cards: 59, minCards: 60, otherGame: 1, otherMatchId: 'g1', added: [], removed: [{ definition: 'X', count: 1 }] };
      expect(deckMessages.en[code](facts)).not.toEqual(deckMessages.es[code](facts));
    }
  });
});
