import { CatalogDb, grantOf } from '@matchlog/catalog';
import { JUDGE } from '@matchlog/domain';
import { CanActivate, ExecutionContext, Inject, Injectable, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHash, timingSafeEqual } from 'crypto';
import type { FastifyRequest } from 'fastify';
import { ApiConfig } from '../config/config';
import { TokenInQuery, Unauthenticated } from '../errors/api-errors';
import { API_CONFIG, CATALOG_DB } from '../tokens';
import { Caller, assertMayRead, assertOrganizer } from './caller';
import { REQUIRES, Requirement } from './requires';

type WithCaller = FastifyRequest<{ Params: { id?: string }; Querystring: object }> & { caller?: Caller };

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Query parameters where clients put tokens they should send in the Authorization header. */
const TOKEN_PARAMETERS = ['token', 'access_token', 'accessToken', 'bearer', 'key', 'api_key', 'apiKey', 'authorization'];

/**
 * Resolves the bearer token of every request into a Caller (a token that is not ours is a 401), and
 * checks the route's @Organizer() or @JudgeOfMatch() before any pipe validates the request.
 */
@Injectable()
export class CallerGuard implements CanActivate {
  private readonly organizer: Buffer;

  constructor(
    @Inject(API_CONFIG) config: ApiConfig,
    @Inject(CATALOG_DB) private readonly db: CatalogDb,
    private readonly reflector: Reflector,
  ) {
    this.organizer = digest(config.organizerKey);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WithCaller>();
    const inQuery = TOKEN_PARAMETERS.find((name) => Object.hasOwn(request.query ?? {}, name));
    if (inQuery !== undefined) throw new TokenInQuery(inQuery);
    const caller = await this.callerOf(request.headers.authorization);
    request.caller = caller;
    const requirement = this.reflector.getAllAndOverride<Requirement | undefined>(REQUIRES, [context.getHandler(), context.getClass()]);
    if (requirement === 'organizer') assertOrganizer(caller);
    if (requirement === 'judge') assertMayRead(caller, String(request.params.id), JUDGE);
    return true;
  }

  private async callerOf(header: string | undefined): Promise<Caller> {
    if (header === undefined) return { kind: 'anonymous' };
    const token = /^Bearer (\S+)$/i.exec(header)?.[1];
    if (!token) throw new Unauthenticated();
    if (timingSafeEqual(digest(token), this.organizer)) return { kind: 'organizer' };
    const grant = await grantOf(this.db, token);
    if (!grant) throw new Unauthenticated();
    if (grant.role === 'player') return { kind: 'player', matchId: grant.matchId, player: grant.player };
    return grant.role === 'broadcast' ? { kind: 'broadcast', matchId: grant.matchId } : { kind: 'judge', matchId: grant.matchId };
  }
}

export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => context.switchToHttp().getRequest<WithCaller>().caller ?? { kind: 'anonymous' });
