/** Levenshtein distance: the fewest insertions, deletions and substitutions that turn a into b (one row, by char code). */
export const editDistance = (a: string, b: string): number => {
  if (a === b) return 0;
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  const n = short.length;
  if (n === 0) return long.length;
  const row = new Uint32Array(n + 1);
  for (let j = 0; j <= n; j++) row[j] = j;
  for (let i = 1; i <= long.length; i++) {
    const code = long.charCodeAt(i - 1);
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= n; j++) {
      const above = row[j];
      let best = diagonal + (code === short.charCodeAt(j - 1) ? 0 : 1);
      if (above + 1 < best) best = above + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diagonal = above;
    }
  }
  return row[n];
};
