import { t } from '../i18n';

/** What the recorder's status line says: whether the server holds every action, and if not, why not. */
export interface SyncFacts {
  /** the network and the server answer (the browser's `online`, and the last send not refused for want of a network) */
  readonly online: boolean;
  /** actions recorded that the server does not hold yet */
  readonly pending: number;
  /** when the server last answered for this match: a send, or the page's own read of the match when it loaded */
  readonly lastSynced: Date | null;
}

/** synced: the server holds every action; waiting: online, some wait; offline: nothing reaches the server now. */
export type SyncState = 'synced' | 'waiting' | 'offline';

export const syncState = (facts: SyncFacts): SyncState => (!facts.online ? 'offline' : facts.pending > 0 ? 'waiting' : 'synced');

/** "Online · Synced: the server has every action · last synced 14:02:31"; "Offline · 12 actions wait · last synced 14:02:31". */
export const syncLine = (facts: SyncFacts, time: (date: Date) => string = (date) => date.toLocaleTimeString()): string => {
  const waiting = t(facts.pending === 1 ? 'recorder.waitingOne' : 'recorder.waiting', { count: facts.pending });
  const state = syncState(facts);
  return [
    facts.online ? t('recorder.online') : t('recorder.offline'),
    state === 'synced' ? t('recorder.allSent') : state === 'waiting' ? t('recorder.notSynced', { waiting }) : facts.pending === 0 ? t('recorder.nothingWaits') : waiting,
    facts.lastSynced === null ? t('recorder.neverSynced') : t('recorder.synced', { time: time(facts.lastSynced) }),
  ].join(' · ');
};
