import { SetMetadata } from '@nestjs/common';

export const REQUIRES = 'matchlog:requires';
export type Requirement = 'organizer' | 'judge' | 'recorder' | 'caller';

/** Only the organizer key: checked by CallerGuard, so a 401/403 comes before any body is validated. */
export const Organizer = () => SetMetadata(REQUIRES, 'organizer' satisfies Requirement);

/** The judge token of the match named by the `:id` route parameter, or the organizer key. */
export const JudgeOfMatch = () => SetMetadata(REQUIRES, 'judge' satisfies Requirement);

/** The recorder token of the match named by the `:id` route parameter, or the organizer key. */
export const RecorderOfMatch = () => SetMetadata(REQUIRES, 'recorder' satisfies Requirement);

/** A player's or the recorder's token of the match named by `:id`, or the organizer key: who may call a judge. */
export const CallerOfMatch = () => SetMetadata(REQUIRES, 'caller' satisfies Requirement);
