const p1: GrantRecord = { role: 'player', player: 'p1', hash: 'h-p1' };
const judge: GrantRecord = { role: 'judge', hash: 'h-judge' };
const issued = (...grants: GrantRecord[]): TokenEvent => ({ type: 'TokensIssued', data: { grants } });
const revoked = (...hashes: string[]): TokenEvent => ({ type: 'TokensRevoked', data: { hashes } });

describe('evolveTokens: the token stream folded once', () => {
  it('grants what is issued and drops what is revoked', () => {
    const state = tokensAfter([issued(p1, judge), revoked('h-judge')]);
    expect([...state.grants.values()]).toEqual([p1]);
    expect([...state.revoked]).toEqual(['h-judge']);
  });

  it('is order-independent: a TokensIssued seen after its revocation grants nothing', () => {
    const inOrder = tokensAfter([issued(p1, judge), revoked('h-judge')]);
    const late = tokensAfter([revoked('h-judge'), issued(p1, judge)]);
    expect(late).toEqual(inOrder);
  });

  it('changes nothing for an event that is not a token event, and applies an event twice as once', () => {
    const once = tokensAfter([issued(p1), revoked('h-p1')]);
    expect(tokensAfter([issued(p1), { type: 'MatchCreated', data: {} }, revoked('h-p1'), revoked('h-p1'), issued(p1)])).toEqual(once);
  });

  it('keeps what `grantAs` makes of a grant', () => {
    const state = evolveTokens(noTokens<TokenGrant>(), issued(p1, judge), (grant) => grantOfRecord('m1', grant));
    expect(state.grants.get('h-p1')).toEqual({ matchId: 'm1', role: 'player', player: 'p1' });
    expect(state.grants.get('h-judge')).toEqual({ matchId: 'm1', role: 'judge', player: null });
  });

  it('tells what one event revokes, from no tokens (as the live feeds ask)', () => {
    expect([...evolveTokens(noTokens(), revoked('h-p1', 'h-judge')).revoked]).toEqual(['h-p1', 'h-judge']);
    expect(evolveTokens(noTokens(), issued(p1)).revoked.size).toBe(0);
  });
});
import { GrantRecord, TokenEvent, TokenGrant, evolveTokens, grantOfRecord, noTokens, tokensAfter } from '@matchlog/tokens';
