import { MatchlogClient } from '@matchlog/client';
import type { components } from '@matchlog/client';
import { api } from '../api/client';

/** GET /matches/:id/knowledge?at=N: per card who could identify it, per hidden deck which positions are known and which random. */
export type Knowledge = components['schemas']['KnowledgeReport'];
export type DeckKnowledge = Knowledge['decks'][number];

type Schemas = components['schemas'];
export type CallStatus = Schemas['CallStatus'];
/** One call of GET /desk/calls (docs/guides/judging.md): a player's or the recorder's, at a revision of its match; `game`: its number at the table. */
export type DeskCall = Schemas['DeskCallEntry'];
/** GET /desk/penalties: per game, the penalties and the infractions the project has a published text for. */
export type PenaltyVocabulary = Schemas['PenaltyVocabulary'];
export type GamePenalties = Schemas['GamePenalties'];
/** GET /desk/history: a player's calls and rulings across the event. */
export type PlayerHistory = Schemas['PlayerHistory'];

/** POST /matches/:id/rulings's body (the API's RulingDto). */
export type RulingToSend = Schemas['RulingDto'];

const matchPath = (matchId: string) => `/matches/${encodeURIComponent(matchId)}`;
/** a write is tried once: a second try of a refused or lost call could record it twice */
const writer = (token: string) => new MatchlogClient({ baseUrl: location.origin, token, retry: { attempts: 1 } });

/** The desk's requests: the organizer key (or a match's judge token) reads and writes; a player or the recorder calls. */
export const desk = {
  calls: async (key: string, event: string, status: 'open' | 'all' = 'all'): Promise<readonly DeskCall[]> =>
    (await api(key).request<Schemas['DeskCalls']>({ method: 'GET', path: '/desk/calls', query: { event, status } })).calls,
  matchCalls: async (key: string, matchId: string): Promise<readonly DeskCall[]> =>
    (await api(key).request<Schemas['DeskCalls']>({ method: 'GET', path: `${matchPath(matchId)}/calls` })).calls,
  history: async (key: string, event: string): Promise<readonly PlayerHistory[]> =>
    (await api(key).request<Schemas['DeskHistory']>({ method: 'GET', path: '/desk/history', query: { event } })).players,
  penalties: (): Promise<PenaltyVocabulary> => api().request<PenaltyVocabulary>({ method: 'GET', path: '/desk/penalties' }),
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
