import type { Finding, MatchDetail, components } from '@matchlog/client';
import { gameName } from '../../games';
import { t } from '../../i18n';
import type { GamePenalties, PenaltyVocabulary } from '../../desk/desk-api';

export type DeskRecord = components['schemas']['DeskState'] | undefined;

/** Findings this many revisions either side of the one shown are "near" it. */
export const NEAR = 10;

/** A call investigated: the revision shown, the head, the call's own, the audit's findings and the judges' record. */
export interface CallState {
  readonly head: number;
  readonly callAt: number;
  readonly current: number;
  readonly findings: readonly Finding[];
  readonly record: DeskRecord;
}

export type CallAction =
  | { readonly type: 'go'; readonly revision: number }
  | { readonly type: 'findings'; readonly findings: readonly Finding[] }
  | { readonly type: 'record'; readonly record: DeskRecord };

/** The page as it opens: at the address's revision, else the call's, else the head; never past the head. */
export const opened = (head: number, callAt: number | undefined, at: number | undefined): CallState => {
  const current = Math.min(at ?? callAt ?? head, head);
  return { head, callAt: callAt ?? current, current, findings: [], record: undefined };
};

export const next = (state: CallState, action: CallAction): CallState => {
  switch (action.type) {
    case 'go':
      return { ...state, current: Math.max(0, Math.min(state.head, action.revision)) };
    case 'findings':
      return { ...state, findings: action.findings };
    case 'record':
      return { ...state, record: action.record };
  }
};

export const nearFindings = (state: CallState): Finding[] => state.findings.filter((f) => Math.abs(f.revision - state.current) <= NEAR);

/** Where the revision shown stands against the head and the call. */
export const whereText = (state: CallState): string =>
  state.current === state.callAt
    ? t('call.atCall', { revision: state.current, head: state.head })
    : t('call.atOther', { revision: state.current, head: state.head, call: state.callAt });

export const titleOf = (match: MatchDetail): string => `${match.players.map((p) => p.name ?? p.id).join(t('sentence.vs'))} — ${gameName(match.game)}`;

/** The game's penalties; a game without its own, the categories every game has, and no infractions. */
export const penaltiesOf = (vocabulary: PenaltyVocabulary, game: string): GamePenalties =>
  vocabulary.games.find((p) => p.game === game) ?? ({ game, document: null, penalties: vocabulary.categories, infractions: [], note: '' } as GamePenalties);
