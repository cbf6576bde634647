/** A match id from the event, round, table and game as typed (`riverside-cup-r4-t3-g1`), or a dated one before any of the first three is typed. */
export const suggestMatchId = (event: string, round: string, table: string, game: string, today: string, suffix: string): string => {
  const slug = event
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  const where = [slug, round && `r${round}`, table && `t${table}`].filter(Boolean);
  return where.length > 0 ? [...where, game && `g${game}`].filter(Boolean).join('-') : `feature-${today}-${suffix}`;
};
