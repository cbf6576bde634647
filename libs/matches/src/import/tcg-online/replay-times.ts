import { ReplayFile } from './replay-file';
import { Refused, refuse } from './refusal';
import { stepTime } from './step-move';

/** The most a game's creation (metadata.createdAt) may precede its first step: a game is created when it is about to be played. */
export const CREATED_BEFORE_FIRST_STEP_MS = 24 * 60 * 60 * 1000;
/** How far past the server's clock a time may lie, for the clocks of tcg.online's server and this one that disagree. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The replay's times, taken as given only inside the file's own span: metadata.createdAt no later than the first step
 * and at most a day before it, and no time later than the server's clock (`now`, when the caller gives it) allows.
 * A time outside is refused, not flagged: it would sort the match in GET /matches and number the game in its series.
 */
export const replayTimesProblem = (replay: ReplayFile, createdAt: number, now: number | undefined): Refused | null => {
  const times = replay.steps.map(stepTime);
  const first = times.length > 0 ? times.reduce((a, b) => Math.min(a, b)) : undefined;
  const given = replay.metadata?.createdAt;
  const fromMetadata = typeof given === 'string' && !Number.isNaN(Date.parse(given));
  if (fromMetadata && first !== undefined && createdAt > first)
    return refuse('REPLAY_TIME_IMPLAUSIBLE', `metadata.createdAt ${iso(createdAt)} is after the first step's time ${iso(first)}: a game is created before its moves`, {
      field: 'metadata.createdAt',
    });
  if (fromMetadata && first !== undefined && first - createdAt > CREATED_BEFORE_FIRST_STEP_MS)
    return refuse('REPLAY_TIME_IMPLAUSIBLE', `metadata.createdAt ${iso(createdAt)} is more than a day before the first step's time ${iso(first)}`, { field: 'metadata.createdAt' });
  if (now === undefined) return null;
  const latest = times.reduce((a, b) => Math.max(a, b), createdAt);
  if (latest > now + CLOCK_SKEW_MS) {
    const step = times.findIndex((time) => time === latest);
    const where = createdAt === latest ? { field: 'metadata.createdAt' } : { step };
    return refuse(
      'REPLAY_TIME_IMPLAUSIBLE',
      `${createdAt === latest ? 'metadata.createdAt' : 'its time'} ${iso(latest)} is in the future (this server's clock says ${iso(now)})`,
      where,
    );
  }
  return null;
};
