/** Deeper than any request or log line of matchlog (a MatchCreated nests 4 levels, a delivery's payload a few more). */
export const MAX_JSON_DEPTH = 64;

/** How deep arrays and objects nest in `value`, counted without recursion, stopping past `limit`. */
export const depthExceeds = (value: unknown, limit: number = MAX_JSON_DEPTH): boolean => {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
  }
  return false;
};
