import { createHash, timingSafeEqual } from 'crypto';
import { Unauthenticated } from '../errors';
import { Caller } from './caller';
import { TokenGrants } from './token-grants';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Who a bearer token is: the organizer (the key, compared in constant time), a token of a match, or nobody (401). */
export class Authenticator {
  private readonly organizer: Buffer;

  constructor(
    organizerKey: string,
    private readonly tokens: TokenGrants,
  ) {
    this.organizer = digest(organizerKey);
  }

  async callerOf(authorization: string | undefined): Promise<Caller> {
    if (authorization === undefined) return { kind: 'anonymous' };
    const token = /^Bearer (\S+)$/i.exec(authorization)?.[1];
    if (!token) throw new Unauthenticated();
    if (timingSafeEqual(digest(token), this.organizer)) return { kind: 'organizer' };
    const grant = await this.tokens.grantOf(token);
    if (!grant) throw new Unauthenticated();
    return grant.role === 'player' ? { kind: 'player', matchId: grant.matchId, player: grant.player } : { kind: grant.role, matchId: grant.matchId };
  }
}
