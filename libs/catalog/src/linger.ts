/**
 * How long a projector lets events gather before it starts writing them. One append's events arrive
 * one by one in a turn of the event loop, and under load the next appends' within a few ms: without
 * the wait, each append cost the catalog (and the statistics) transactions of its own on the thread
 * that answers requests. A catalog read that must see a write waits for it (CatalogFreshness).
 */
export const PROJECTION_LINGER_MS = 5;

/** Calls `run` once, `ms` after the first `request` since it last ran; `flush` calls it at once, `cancel` not at all. */
export class Linger {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly run: () => void,
    private readonly ms = PROJECTION_LINGER_MS,
  ) {}

  request(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, this.ms);
    // a batch waiting never keeps the process alive on its own: stop() flushes it
    this.timer.unref();
  }

  flush(): void {
    if (this.timer === null) return;
    this.cancel();
    this.run();
  }

  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
