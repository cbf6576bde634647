import type { MatchLog } from '@matchlog/client';
import { api } from '../api/client';
import { h } from '../dom';
import { language, t } from '../i18n';

/** "Logged at #N in checkpoint of <time>, cosigned by k witnesses": the match's latest entry in the published log; null when it has none. */
export const ledgerText = (log: MatchLog): string | null => {
  const entry = log.entries.at(-1);
  if (entry === undefined || log.checkpoint === null) return null;
  const time = new Date(log.checkpoint.signedAt).toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'medium' });
  const count = log.checkpoint.cosignatures;
  const cosigned = count === 0 ? '' : count === 1 ? t('ledger.cosignedOne') : t('ledger.cosigned', { count });
  return `${t('ledger.logged', { index: entry.index, time })}${cosigned}`;
};

/** Saves the match's .tlog-proof (from GET /matches/:id/receipt?proof=1, asked anonymously: no token in any address). */
const saveProof = async (matchId: string, file: string): Promise<void> => {
  const { log } = await api().receiptWithProof(matchId);
  if (log === null) return;
  const url = URL.createObjectURL(new Blob([log.proof], { type: 'text/plain' }));
  h('a', { href: url, download: file }).click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** The line, with a link to the proof file; null when the match is not (yet) in a published checkpoint. */
export const ledgerLine = (matchId: string, log: MatchLog) => {
  const text = ledgerText(log);
  if (text === null) return null;
  const file = `${matchId.replace(/[^A-Za-z0-9._-]/g, '_')}.tlog-proof`;
  const link = h(
    'a',
    {
      class: 'proof-link',
      href: `/matches/${encodeURIComponent(matchId)}/receipt?proof=1`,
      download: file,
      onclick: (event: Event) => {
        event.preventDefault();
        void saveProof(matchId, file).catch(() => (location.href = link.href));
      },
    },
    t('ledger.proof'),
  );
  return h('p', { class: 'ledger-line', 'data-index': log.entries.at(-1)!.index }, text, ' · ', link);
};
