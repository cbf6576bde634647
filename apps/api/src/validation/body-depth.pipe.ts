import { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { BodyTooDeep } from '../errors/api-errors';

/** Deeper than any request this API takes (a MatchCreated nests 4 levels, a delivery's payload a few more). */
export const MAX_BODY_DEPTH = 64;

/** How deep arrays and objects nest in `value`, counted without recursion, stopping past `limit`. */
export const depthExceeds = (value: unknown, limit: number): boolean => {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
  }
  return false;
};

/** Runs before the ValidationPipe, whose recursive walk a body nested thousands deep would overflow. */
export class BodyDepthPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'body' && depthExceeds(value, MAX_BODY_DEPTH)) throw new BodyTooDeep(MAX_BODY_DEPTH);
    return value;
  }
}
