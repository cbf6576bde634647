import { Session } from 'inspector';
import { EventLoopUtilization, performance } from 'perf_hooks';

/** A second in which the event loop was busier than this is work. */
const BUSY = 0.2;
/** A second in which it was less busy than this is idle. */
const IDLE = 0.02;
/** Idle seconds in a row, after work, before the heap is collected. */
const IDLE_SECONDS = 2;

export interface IdleCollectorParts {
  /** the event loop's time spent idle and active so far, in ms (perf_hooks' eventLoopUtilization) */
  readonly loop: () => Pick<EventLoopUtilization, 'idle' | 'active'>;
  /** a full collection that gives the unused heap back (collectAllAvailableGarbage) */
  readonly collect: () => void;
}

/**
 * Gives the heap a busy spell grew back once the server idles. V8 sizes its heap for the allocation it
 * last saw, and lets go of that garbage only at its next full collection, which an idle process may
 * never reach: a server that wrote thousands of matches and then waits for the next round kept the
 * fill's garbage in its RSS (a plain full collection leaves the pages committed). Once a busy second is
 * followed by IDLE_SECONDS idle ones, this collects once, as the inspector's HeapProfiler.collectGarbage
 * does (~100–150 ms on a heap of a few hundred MB, with no request waiting), then waits for the next
 * busy spell.
 */
export class IdleCollector {
  private last: Pick<EventLoopUtilization, 'idle' | 'active'>;
  private worked = false;
  private idleSeconds = 0;

  constructor(private readonly parts: IdleCollectorParts) {
    this.last = parts.loop();
  }

  /** One second's look at the event loop. */
  tick(): void {
    const now = this.parts.loop();
    const active = now.active - this.last.active;
    const utilization = active / Math.max(1e-9, active + now.idle - this.last.idle);
    this.last = now;
    if (utilization >= BUSY) [this.worked, this.idleSeconds] = [true, 0];
    else if (utilization < IDLE && this.worked && ++this.idleSeconds >= IDLE_SECONDS) {
      [this.worked, this.idleSeconds] = [false, 0];
      this.parts.collect();
    } else if (utilization >= IDLE) this.idleSeconds = 0;
  }
}

/** V8's most thorough collection, which releases the heap's empty pages, through an in-process inspector session (never a port). */
export const collectAllAvailableGarbage = (): void => {
  const session = new Session();
  session.connect();
  // disconnecting inside the answer's callback leaves the session hanging: on the next turn
  session.post('HeapProfiler.collectGarbage', () => setImmediate(() => session.disconnect()));
};

/** Ticks an IdleCollector every second while the process runs. */
export const collectWhenIdle = (): void => {
  const collector = new IdleCollector({ loop: () => performance.eventLoopUtilization(), collect: collectAllAvailableGarbage });
  setInterval(() => collector.tick(), 1000).unref();
};
