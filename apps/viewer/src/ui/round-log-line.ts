import type { RoundLog } from '@matchlog/client';
import { h } from '../dom';
import { t } from '../i18n';

type Entry = RoundLog['entries'][number];

/** The slip hash as the page shows it: its first 12 hex digits (the proof file and the entry hold it whole). */
export const shortSlip = (slip: string): string => slip.slice(0, 12);

/** The entry the round page shows: the one of the slip a spectator reads now, else the latest; null when the round was never closed. */
export const shownEntry = (log: RoundLog): Entry | null => log.entries.find((entry) => entry.current) ?? log.entries.at(-1) ?? null;

/** "Closed and logged at #N · slip <short>", "· a result changed since" when the slip is no longer the one on the page; null when not closed. */
export const roundLogText = (log: RoundLog): string | null => {
  const entry = shownEntry(log);
  if (entry === null) return null;
  const slip = shortSlip(entry.slip);
  const closed = entry.index === null ? t('round.loggedPending', { slip }) : t('round.logged', { index: entry.index, slip });
  return entry.current ? closed : `${closed}${t('round.changedSince')}`;
};

/** The round's entry, with a link to its proof file once the log's checkpoint holds it; nothing when the round is not closed. */
export const roundLogLine = (log: RoundLog) => {
  const text = roundLogText(log);
  const entry = shownEntry(log);
  if (text === null || entry === null) return null;
  return h(
    'p',
    { class: 'round-log', 'data-index': entry.index ?? '', 'data-slip': entry.slip, title: entry.slip },
    text,
    entry.proof !== null && ' · ',
    entry.proof !== null && h('a', { href: entry.proof, download: `round-${log.round}-${shortSlip(entry.slip)}.tlog-proof` }, t('round.proof')),
  );
};
