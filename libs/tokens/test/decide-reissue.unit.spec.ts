import { GrantRecord, TokenRole, TokensIssued, TokensRevoked, TokenEntropy, decideReissue, hashToken, tokensAfter } from '@matchlog/tokens';

/** Counts up: the n-th draw of `bytes` bytes is n in every byte; ids are u1, u2, … */
const countingEntropy = (): TokenEntropy => {
  let draws = 0;
  return { uuid: () => `u${++draws}`, hex: (bytes) => (++draws).toString(16).padStart(2, '0').repeat(bytes) };
};
const tokenOf = (byte: number) => `mlt_${Buffer.alloc(24, byte).toString('base64url')}`;

const p1: GrantRecord = { role: 'player', player: 'p1', hash: 'h-p1' };
const p2: GrantRecord = { role: 'player', player: 'p2', hash: 'h-p2' };
const judge: GrantRecord = { role: 'judge', hash: 'h-judge' };
const inForce = tokensAfter([{ type: 'TokensIssued', data: { grants: [p1, p2, judge] } }]);

describe('decideReissue: new tokens from Entropy, the old ones of the same roles revoked in the same append', () => {
  const roles: TokenRole[] = [{ role: 'player', player: 'p1' }, { role: 'judge' }];

  it('draws every token and event id from the Entropy it is given', () => {
    const { tokens, events } = decideReissue(inForce, roles, countingEntropy());
    expect(tokens).toEqual({ players: { p1: tokenOf(1) }, judge: tokenOf(2) });
    expect(events.map((event) => event.id)).toEqual(['u3', 'u4']);
    expect(decideReissue(inForce, roles, countingEntropy())).toEqual({ tokens, events });
  });

  it('revokes the grants in force for the roles named, no other, and records only hashes of the new tokens', () => {
    const { tokens, events } = decideReissue(inForce, roles, countingEntropy());
    expect(events.map((event) => event.type)).toEqual(['TokensRevoked', 'TokensIssued']);
    expect((events[0].data as TokensRevoked).hashes).toEqual(['h-p1', 'h-judge']);
    expect((events[1].data as TokensIssued).grants).toEqual([
      { role: 'player', player: 'p1', hash: hashToken(tokens.players.p1) },
      { role: 'judge', hash: hashToken(tokens.judge!) },
    ]);
    expect(JSON.stringify(events)).not.toContain(tokens.players.p1);
  });

  it('revokes nothing where no grant is in force for the roles: one TokensIssued', () => {
    const { tokens, events } = decideReissue(tokensAfter([]), [{ role: 'recorder' }, { role: 'broadcast' }], countingEntropy());
    expect(tokens).toEqual({ players: {}, recorder: tokenOf(1), broadcast: tokenOf(2) });
    expect(events.map((event) => event.type)).toEqual(['TokensIssued']);
  });

  it('the fold of its events leaves the new tokens in force and the old ones revoked', () => {
    const { tokens, events } = decideReissue(inForce, roles, countingEntropy());
    const after = tokensAfter([{ type: 'TokensIssued', data: { grants: [p1, p2, judge] } }, ...events]);
    expect([...after.grants.keys()].sort()).toEqual([hashToken(tokens.players.p1), hashToken(tokens.judge!), 'h-p2'].sort());
    expect([...after.revoked]).toEqual(['h-p1', 'h-judge']);
  });
});
