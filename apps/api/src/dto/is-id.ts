import { applyDecorators } from '@nestjs/common';
import { ID } from '@matchlog/domain';
import { IsString, Matches } from 'class-validator';

export { ID };

/** An id the API accepts for matches, players, cards and events: 1-128 letters, digits, ".", "_", ":" or "-". */
export const IsId = () => applyDecorators(IsString(), Matches(ID, { message: '$property must be 1-128 letters, digits, ".", "_", ":" or "-"' }));
