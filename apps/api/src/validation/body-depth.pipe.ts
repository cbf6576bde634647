import { MAX_JSON_DEPTH, depthExceeds } from '@matchlog/audit';
import { BodyTooDeep } from '@matchlog/matches';
import { ArgumentMetadata, PipeTransform } from '@nestjs/common';

/** Runs before the ValidationPipe, whose recursive walk a body nested thousands deep would overflow. */
export class BodyDepthPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'body' && depthExceeds(value, MAX_JSON_DEPTH)) throw new BodyTooDeep(MAX_JSON_DEPTH);
    return value;
  }
}
