import { MatchlogClient } from '@matchlog/client';
import type { components } from '@matchlog/client';
import { api } from '../api/client';

/** GET /matches/:id/knowledge?at=N: per card who could identify it, per hidden deck which positions are known and which random. */
export type Knowledge = components['schemas']['KnowledgeReport'];
export type DeckKnowledge = Knowledge['decks'][number];

export type CallStatus = 'open' | 'claimed' | 'escalated' | 'resolved';

/** One call of GET /desk/calls (docs/judging.md): a player's or the recorder's, at a revision of its match. */
export interface DeskCall {
  readonly matchId: string;
  readonly callId: string;
  /** a player id of the match, or "recorder" */
  readonly by: string;
  readonly byName?: string | null;
  readonly at: number;
  readonly reason: string;
  readonly status: CallStatus;
  readonly judge?: string | null;
  readonly calledAt: string;
  readonly table?: number | string | null;
  readonly round?: number | null;
  readonly game?: string | null;
}

/** One infraction a game's published document names, with its penalty and remedy as the document says them. */
export interface Infraction {
  readonly name: string;
  readonly category?: string;
  readonly penalty?: string;
  readonly remedy?: string;
  readonly source?: string;
}

/** GET /desk/penalties, one game's vocabulary: the penalties, and the infractions the project has a text for. */
export interface GamePenalties {
  readonly game: string;
  readonly penalties: readonly string[];
  readonly infractions: readonly Infraction[];
  readonly source?: string | null;
  /** no published text: the ruling is free text with the organizer's categories */
  readonly freeText?: boolean;
}

/** GET /desk/history: a player's calls and rulings across the event. */
export interface PlayerHistory {
  readonly player: string;
  readonly calls: readonly { readonly matchId: string; readonly callId: string; readonly at: number; readonly status: CallStatus }[];
  readonly rulings: readonly {
    readonly matchId: string;
    readonly rulingId?: string;
    readonly revision?: number;
    readonly infraction: string;
    readonly penalty: string;
    readonly seconds?: number;
  }[];
}

export interface RulingToSend {
  readonly callId?: string;
  readonly player: string;
  readonly infraction: string;
  readonly category?: string;
  readonly penalty: string;
  readonly remedy?: string;
  readonly text?: string;
  readonly seconds?: number;
  readonly source?: string;
  readonly judge: string;
}

const matchPath = (matchId: string) => `/matches/${encodeURIComponent(matchId)}`;
/** a write is tried once: a second try of a refused or lost call could record it twice */
const writer = (token: string) => new MatchlogClient({ baseUrl: location.origin, token, retry: { attempts: 1 } });

const asList = <T>(body: unknown, key: string): T[] => (Array.isArray(body) ? (body as T[]) : (((body as Record<string, unknown> | null)?.[key] as T[] | undefined) ?? []));

/** The desk's requests: the organizer key (or a match's judge token) reads and writes; a player or the recorder calls. */
export const desk = {
  calls: async (key: string, event: string, status: 'open' | 'all' = 'all'): Promise<DeskCall[]> =>
    asList<DeskCall>(await api(key).request<unknown>({ method: 'GET', path: '/desk/calls', query: { event, status } }), 'calls'),
  history: async (key: string, event: string): Promise<PlayerHistory[]> =>
    asList<PlayerHistory>(await api(key).request<unknown>({ method: 'GET', path: '/desk/history', query: { event } }), 'players'),
  penalties: async (key: string): Promise<GamePenalties[]> => {
    const body = await api(key).request<unknown>({ method: 'GET', path: '/desk/penalties' });
    if (Array.isArray(body)) return body as GamePenalties[];
    const games = ((body as { games?: unknown }).games ?? body) as Record<string, Omit<GamePenalties, 'game'>> | GamePenalties[];
    return Array.isArray(games) ? games : Object.entries(games).map(([game, vocabulary]) => ({ ...vocabulary, game }));
  },
  call: (token: string, matchId: string, at: number, reason: string) =>
    writer(token).request<{ callId: string; revision: number }>({ method: 'POST', path: `${matchPath(matchId)}/calls`, body: { at, reason } }),
  step: (key: string, matchId: string, callId: string, step: 'claim' | 'escalate' | 'resolve', judge: string, reason?: string) =>
    writer(key).request<{ revision: number }>({
      method: 'POST',
      path: `${matchPath(matchId)}/calls/${encodeURIComponent(callId)}/${step}`,
      body: { judge, ...(reason && { reason }) },
    }),
  rule: (key: string, matchId: string, ruling: RulingToSend) =>
    writer(key).request<{ rulingId: string; revision: number }>({ method: 'POST', path: `${matchPath(matchId)}/rulings`, body: ruling }),
  note: (key: string, matchId: string, at: number, text: string, published: boolean) =>
    writer(key).request<{ noteId: string; revision: number }>({ method: 'POST', path: `${matchPath(matchId)}/notes`, body: { at, text, published } }),
  knowledge: (key: string, matchId: string, at: number) => api(key).request<Knowledge>({ method: 'GET', path: `${matchPath(matchId)}/knowledge`, query: { at } }),
};
