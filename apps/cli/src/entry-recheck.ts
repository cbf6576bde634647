import { linkOf, parseJsonLines, signatureHolds, signedHeadOf, verifyLog } from '@matchlog/audit';
import { MatchEntry } from '@matchlog/ledger';

/** What re-checking one entry against the match's server found: checked (by which), skipped (why), or an alarm. */
export type Recheck = { readonly by: 'export' | 'receipt' } | { readonly skipped: string } | { readonly alarm: string };

/** The server a log URL belongs to: `http://host/log/` → `http://host/`; undefined for a directory or another URL. */
export const serverOfLog = (log: string): string | undefined => {
  if (!/^https?:\/\//.test(log)) return undefined;
  const url = new URL(log.endsWith('/') ? log : `${log}/`);
  if (!url.pathname.endsWith('/log/')) return undefined;
  url.pathname = url.pathname.slice(0, -'log/'.length);
  return url.toString();
};

const get = async (url: URL, token?: string): Promise<{ status: number; text: string } | { error: string }> => {
  try {
    const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    return { status: response.status, text: await response.text() };
  } catch (error) {
    return { error: `${url} could not be fetched: ${(error as Error).message}` };
  }
};

/** The stable `code` of a matchlog error body, if it is one. */
const codeOf = (text: string): unknown => {
  try {
    return (JSON.parse(text) as { code?: unknown } | null)?.code;
  } catch {
    return undefined;
  }
};

/** The entry against the match's export (its chain recomputed as `matchlog verify` does), read with `token`. */
const againstExport = (entry: MatchEntry, text: string): Recheck => {
  const at = `match ${entry.matchId}: its export`;
  const parsed = parseJsonLines(text);
  if ('error' in parsed) return { alarm: `${at} cannot be read: ${parsed.error.message}` };
  const verdict = verifyLog(parsed);
  if (!verdict.ok) return { alarm: `${at} does not verify (${verdict.code}): ${verdict.message}` };
  if (parsed.events.length < entry.revision)
    return { alarm: `${at} holds ${parsed.events.length} events, and the log has its revision ${entry.revision}: events were removed after it was logged` };
  const head = linkOf(parsed.events[entry.revision - 1])?.hash;
  if (head !== entry.head) return { alarm: `${at} has head ${head} at revision ${entry.revision}, and the log has ${entry.head}: the match was rewritten after it was logged` };
  return { by: 'export' };
};

/** The entry against the match's public receipt: comparable only when the receipt is at the entry's revision. */
const againstReceipt = (entry: MatchEntry, text: string): Recheck => {
  const at = `match ${entry.matchId}: its receipt`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { alarm: `${at} is not JSON` };
  }
  const receipt = signedHeadOf(value);
  if ('error' in receipt) return { alarm: `${at} ${receipt.error}` };
  if (!signatureHolds(receipt)) return { alarm: `${at}'s signature does not hold` };
  if (receipt.head.matchId !== entry.matchId) return { alarm: `${at} names match ${receipt.head.matchId}` };
  if (receipt.head.revision !== entry.revision)
    return { skipped: `match ${entry.matchId}: its receipt is at revision ${receipt.head.revision}, the entry at ${entry.revision} (give --token to read its export)` };
  if (receipt.head.hash !== entry.head)
    return { alarm: `${at} signs head ${receipt.head.hash} at revision ${entry.revision}, and the log has ${entry.head}: the match was rewritten after it was logged` };
  return { by: 'receipt' };
};

/**
 * Re-checks a logged match entry against what its server serves now: its export when `token` (a judge token or the
 * organizer key) reads it, else its public receipt. A logged match is public (an entry is made only once the public
 * may see it), so a matchlog server that no longer knows it (404 MATCH_NOT_FOUND) alarms: it was deleted. One whose
 * receipt is withheld, or a server that is not a matchlog server, is skipped, and says so. Receipt entries (kind receipt) are checked as the others are: the head at their revision.
 */
export const recheckEntry = async (server: string, entry: MatchEntry, token?: string): Promise<Recheck> => {
  const match = new URL(`matches/${encodeURIComponent(entry.matchId)}/`, server);
  if (token) {
    const exported = await get(new URL('export', match), token);
    if ('error' in exported) return { skipped: exported.error };
    if (exported.status === 200) return againstExport(entry, exported.text);
  }
  const receipt = await get(new URL('receipt', match));
  if ('error' in receipt) return { skipped: receipt.error };
  if (receipt.status === 404 && codeOf(receipt.text) === 'MATCH_NOT_FOUND')
    return {
      alarm: `match ${entry.matchId}: logged at revision ${entry.revision}, and its server now answers 404 MATCH_NOT_FOUND: it was deleted after it was logged (or --server names another server)`,
    };
  if (receipt.status !== 200) return { skipped: `match ${entry.matchId}: its receipt answered ${receipt.status} (withheld, or not a matchlog server)` };
  return againstReceipt(entry, receipt.text);
};
