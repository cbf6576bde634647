import { judgeView } from '@matchlog/domain';
import { event } from '@matchlog/testkit';
import { given } from './support/given';
import { lorcanaTable } from './support/tables';

const voided = event('MatchVoided', { reason: 'recorded twice' });
const ended = event('MatchEnded', { winner: 'p1', reason: 'p1 reached 20 lore' });
const turn = event('TurnStarted', { player: 'p1', turn: 1 });

describe('MatchVoided: the organizer voids a match', () => {
  it('is accepted during the match and after MatchEnded, and the state keeps the reason beside the ending', () => {
    expect(given(lorcanaTable()).when(voided).thenAccepted().voided).toEqual({ reason: 'recorded twice' });
    const after = given(lorcanaTable(), ended).when(voided).thenAccepted();
    expect(after).toMatchObject({ ended: { winner: 'p1' }, voided: { reason: 'recorded twice' } });
  });

  it('is refused a second time (MATCH_ALREADY_VOIDED), and nothing follows it (MATCH_VOIDED), ended or not', () => {
    given(lorcanaTable(), voided)
      .when(event('MatchVoided', { reason: 'again' }))
      .thenRejected('MATCH_ALREADY_VOIDED', 'matchlog', 'type');
    given(lorcanaTable(), ended, voided)
      .when(event('MatchVoided', { reason: 'again' }))
      .thenRejected('MATCH_ALREADY_VOIDED', 'matchlog', 'type');
    given(lorcanaTable(), voided).when(turn).thenRejected('MATCH_VOIDED', 'matchlog', 'type');
    given(lorcanaTable(), voided).when(ended).thenRejected('MATCH_VOIDED', 'matchlog', 'type');
  });

  it('needs a match and a reason of 1 to 500 characters', () => {
    given().when(voided).thenRejected('MATCH_NOT_CREATED', 'matchlog', 'type');
    given(lorcanaTable())
      .when(event('MatchVoided', { reason: '' }))
      .thenRejected('MALFORMED_EVENT', 'matchlog', 'data.reason');
    given(lorcanaTable())
      .when(event('MatchVoided', { reason: 'x'.repeat(501) }))
      .thenRejected('MALFORMED_EVENT', 'matchlog', 'data.reason');
  });

  it('is public: every audience observes it with its reason, and every view says the match is void', () => {
    const replay = given(lorcanaTable(), ended).replay(voided);
    for (const audience of ['public', 'p1', 'p2']) {
      expect(replay.observations(audience, 2).map((entry) => entry.observation)).toEqual([{ type: 'MatchVoided', reason: 'recorded twice' }]);
      expect(replay.viewAt(audience)).toMatchObject({ revision: 3, voided: { reason: 'recorded twice' } });
      expect(replay.viewAt(audience, 2)).toMatchObject({ voided: null });
    }
    expect(judgeView(replay.stateAt(3)).voided).toEqual({ reason: 'recorded twice' });
  });
});
