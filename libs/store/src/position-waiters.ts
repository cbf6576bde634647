interface Waiter {
  readonly position: number;
  readonly done: (reached: boolean) => void;
}

/**
 * Callers waiting for the log to reach a position, each for at most its own timeout. A waiter leaves in
 * constant time (reached, timed out or released), and a new position costs a pass over the waiters only
 * when it reaches one of them: a flood of waiting requests (unknown tokens, catalog reads with `after`)
 * costs time linear in their number, not its square.
 */
export class PositionWaiters {
  private readonly waiting = new Set<Waiter>();
  /** no waiter waits for less (it may wait for more: a waiter that left is not looked for) */
  private lowest = Infinity;

  /** true once `reached` passes `position`; false after `timeoutMs`, or when released. */
  wait(position: number, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        done: (reached) => {
          clearTimeout(timer);
          if (this.waiting.delete(waiter)) resolve(reached);
        },
      };
      const timer = setTimeout(() => waiter.done(false), timeoutMs);
      this.waiting.add(waiter);
      if (position < this.lowest) this.lowest = position;
    });
  }

  /** The log has reached `position`: every waiter for it or less is told so. */
  reached(position: number): void {
    if (position < this.lowest) return;
    let lowest = Infinity;
    for (const waiter of this.waiting) {
      if (waiter.position <= position) waiter.done(true);
      else if (waiter.position < lowest) lowest = waiter.position;
    }
    this.lowest = lowest;
  }

  /** Every waiter told false at once. */
  releaseAll(): void {
    for (const waiter of this.waiting) waiter.done(false);
    this.lowest = Infinity;
  }

  get size(): number {
    return this.waiting.size;
  }
}
