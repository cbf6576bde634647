import { applyDecorators } from '@nestjs/common';
import { IsString, Matches } from 'class-validator';

export const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** An id the API accepts for matches, players, cards and events: 1-128 letters, digits, ".", "_", ":" or "-". */
export const IsId = () => applyDecorators(IsString(), Matches(ID, { message: '$property must be 1-128 letters, digits, ".", "_", ":" or "-"' }));
