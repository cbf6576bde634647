import { CatalogDb, grantOf } from '@matchlog/catalog';
import { CanActivate, ExecutionContext, Inject, Injectable, createParamDecorator } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'crypto';
import { Request } from 'express';
import { ApiConfig } from '../config/config';
import { Unauthenticated } from '../errors/api-errors';
import { API_CONFIG, CATALOG_DB } from '../tokens';
import { Caller } from './caller';

type WithCaller = Request & { caller?: Caller };

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Resolves the bearer token of every request into a Caller; a token that is not ours is a 401. */
@Injectable()
export class CallerGuard implements CanActivate {
  private readonly organizer: Buffer;

  constructor(
    @Inject(API_CONFIG) config: ApiConfig,
    @Inject(CATALOG_DB) private readonly db: CatalogDb,
  ) {
    this.organizer = digest(config.organizerKey);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WithCaller>();
    request.caller = await this.callerOf(request.headers.authorization);
    return true;
  }

  private async callerOf(header: string | undefined): Promise<Caller> {
    if (header === undefined) return { kind: 'anonymous' };
    const token = /^Bearer (\S+)$/i.exec(header)?.[1];
    if (!token) throw new Unauthenticated();
    if (timingSafeEqual(digest(token), this.organizer)) return { kind: 'organizer' };
    const grant = await grantOf(this.db, token);
    if (!grant) throw new Unauthenticated();
    return grant.role === 'judge' ? { kind: 'judge', matchId: grant.matchId } : { kind: 'player', matchId: grant.matchId, player: grant.player };
  }
}

export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => context.switchToHttp().getRequest<WithCaller>().caller ?? { kind: 'anonymous' });
