/**
 * A match id from the event, round, table and game as typed (`riverside-cup-r4-t3-g1`), or a dated one before any of
 * the first three is typed. `heldBack`: the match will have a broadcast delay, which keeps it from anyone without its
 * tokens until the delay has passed; then the id ends with the page's random `suffix` (`riverside-cup-r4-t3-g3-k7q2m9xa`),
 * so that nobody finds game 3 by trying the id that follows game 2's.
 */
export const suggestMatchId = (event: string, round: string, table: string, game: string, today: string, suffix: string, heldBack = false): string => {
  const slug = event
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  const where = [slug, round && `r${round}`, table && `t${table}`].filter(Boolean);
  if (where.length === 0) return `feature-${today}-${suffix}`;
  return [...where, game && `g${game}`, heldBack && suffix].filter(Boolean).join('-');
};

/** Eight characters of a-z and 0-9 from the browser's cryptographic source: 41 bits, beyond guessing one request at a time. */
export const randomSuffix = (): string => Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => '0123456789abcdefghijklmnopqrstuvwxyz'[byte % 36]).join('');
