import { AccessDeniedError, CancelledError, DeadlineExceededError, MaxAppendSizeExceededError, NotLeaderError, TimeoutError, UnavailableError } from '@eventstore/db-client';
import { AppendTooLarge, StoreTimeout, StoreUnavailable } from '../storage-errors';

/**
 * `@eventstore/db-client`'s errors as the storage errors the API maps (docs/reference/errors.md): the server
 * unreachable, leaderless or refusing our user → StoreUnavailable (503); no answer in time →
 * StoreTimeout (504); an append over the server's --max-append-size → AppendTooLarge (413).
 * Any other error as it is.
 */
export const storeErrorOf = (error: unknown): unknown => {
  if (error instanceof MaxAppendSizeExceededError) return new AppendTooLarge(error.maxAppendSize);
  if (error instanceof DeadlineExceededError || error instanceof TimeoutError) return new StoreTimeout(`EventStoreDB: ${error.message}`);
  if (error instanceof UnavailableError || error instanceof NotLeaderError || error instanceof CancelledError) {
    return new StoreUnavailable(`EventStoreDB: ${error.message}`);
  }
  if (error instanceof AccessDeniedError) {
    return new StoreUnavailable(
      'EventStoreDB refused access to the user of EVENTSTORE_CONNECTION_STRING: it needs read and write on the matchlog-* streams and read on $all (docs/guides/operator.md, EventStoreDB / KurrentDB)',
    );
  }
  return error;
};
