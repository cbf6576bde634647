import { CatalogDb, grantOf } from '@matchlog/catalog';
import { CanActivate, ExecutionContext, Inject, Injectable, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHash, timingSafeEqual } from 'crypto';
import type { FastifyRequest } from 'fastify';
import { ApiConfig } from '../config/config';
import { Unauthenticated } from '../errors/api-errors';
import { API_CONFIG, CATALOG_DB } from '../tokens';
import { Caller, assertJudgeOf, assertMayRecord, assertOrganizer } from './caller';
import { REQUIRES, Requirement } from './requires';

type WithCaller = FastifyRequest<{ Params: { id?: string }; Querystring: object }> & { caller?: Caller };

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Resolves the bearer token of every request into a Caller (a token that is not ours is a 401), and
 * checks the route's @Organizer(), @JudgeOfMatch() or @RecorderOfMatch() before any pipe validates the request.
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
    const caller = await this.callerOf(request.headers.authorization);
    request.caller = caller;
    const requirement = this.reflector.getAllAndOverride<Requirement | undefined>(REQUIRES, [context.getHandler(), context.getClass()]);
    if (requirement === 'organizer') assertOrganizer(caller);
    if (requirement === 'judge') assertJudgeOf(caller, String(request.params.id));
    if (requirement === 'recorder') assertMayRecord(caller, String(request.params.id));
    return true;
  }

  private async callerOf(header: string | undefined): Promise<Caller> {
    if (header === undefined) return { kind: 'anonymous' };
    const token = /^Bearer (\S+)$/i.exec(header)?.[1];
    if (!token) throw new Unauthenticated();
    if (timingSafeEqual(digest(token), this.organizer)) return { kind: 'organizer' };
    const grant = await grantOf(this.db, token);
    if (!grant) throw new Unauthenticated();
    return grant.role === 'player' ? { kind: 'player', matchId: grant.matchId, player: grant.player } : { kind: grant.role, matchId: grant.matchId };
  }
}

export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => context.switchToHttp().getRequest<WithCaller>().caller ?? { kind: 'anonymous' });
