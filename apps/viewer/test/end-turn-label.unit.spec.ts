import { MatchEvent, emptyMatch, validateBatch } from '@matchlog/domain';
import { cards, created, event } from '@matchlog/testkit';
import { loadLanguage, setLanguage } from '../src/i18n';
import { endTurnLabel } from '../src/record/end-turn-label';

// the Spanish words are a chunk of their own, fetched before a page speaks them
beforeAll(() => loadLanguage('es'));

const names: Record<string, string> = { p1: 'Ada', p2: 'Grace' };
const nameOf = (player: string) => names[player] ?? player;
const match = (...events: MatchEvent[]) => {
  const verdict = validateBatch(emptyMatch, [created('lorcana', cards('p1', 'deck', ['Elsa - Snow Queen'])), ...events]);
  if (!verdict.ok) throw new Error(verdict.error.message);
  return verdict.state;
};

describe('End turn says what it records', () => {
  afterEach(() => setLanguage('en'));

  it("names the player whose turn starts, and its number: the next player's, the next turn", () => {
    expect(endTurnLabel(match(), nameOf)).toBe("End turn: Ada's turn 1 starts");
    expect(endTurnLabel(match(event('TurnStarted', { player: 'p1', turn: 1 })), nameOf)).toBe("End turn: Grace's turn 2 starts");
    expect(endTurnLabel(match(event('TurnStarted', { player: 'p1', turn: 1 }), event('TurnStarted', { player: 'p2', turn: 2 })), nameOf)).toBe("End turn: Ada's turn 3 starts");
    setLanguage('es');
    expect(endTurnLabel(match(event('TurnStarted', { player: 'p2', turn: 4 })), nameOf)).toBe('Terminar turno: empieza el turno 5 de Ada');
  });

  it('says only "End turn" once the game is over: it records nothing then', () => {
    expect(endTurnLabel(match(event('TurnStarted', { player: 'p1', turn: 1 }), event('MatchEnded', { winner: 'p1', reason: 'p2 conceded' })), nameOf)).toBe('End turn');
  });
});
