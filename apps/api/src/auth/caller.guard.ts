import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { Authenticator, Caller, assertJudgeOf, assertMayCallJudge, assertMayRecord, assertOrganizer } from '@matchlog/matches';
import { REQUIRES, Requirement } from './requires';

type WithCaller = FastifyRequest<{ Params: { id?: string }; Querystring: object }> & { caller?: Caller };

/**
 * Resolves the bearer token of every request into a Caller (a token that is not ours is a 401), and
 * checks the route's @Organizer(), @JudgeOfMatch(), @RecorderOfMatch() or @CallerOfMatch() before any pipe validates the request.
 */
@Injectable()
export class CallerGuard implements CanActivate {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WithCaller>();
    const caller = await this.authenticator.callerOf(request.headers.authorization);
    request.caller = caller;
    const requirement = this.reflector.getAllAndOverride<Requirement | undefined>(REQUIRES, [context.getHandler(), context.getClass()]);
    if (requirement === 'organizer') assertOrganizer(caller);
    if (requirement === 'judge') assertJudgeOf(caller, String(request.params.id));
    if (requirement === 'recorder') assertMayRecord(caller, String(request.params.id));
    if (requirement === 'caller') assertMayCallJudge(caller, String(request.params.id));
    return true;
  }
}

export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller => context.switchToHttp().getRequest<WithCaller>().caller ?? { kind: 'anonymous' },
);
