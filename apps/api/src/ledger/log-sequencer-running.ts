import { LogSequencer } from '@matchlog/matches';
import { Inject, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LOG_SEQUENCER } from './log-parts';

/** The log's sequencer runs while the application does: it integrates every MATCHLOG_LOG_INTERVAL. */
export class LogSequencerRunning implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(LOG_SEQUENCER) private readonly sequencer: LogSequencer) {}

  onApplicationBootstrap(): void {
    this.sequencer.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sequencer.stop();
  }
}
