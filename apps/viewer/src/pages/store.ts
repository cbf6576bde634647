/**
 * A page's state and the one way it changes: `dispatch` computes the next state with the page's pure `next`, then
 * tells the listener (the page's wiring, which redraws) the action and the state after it. The listener comes last,
 * once the widgets it redraws exist.
 */
export interface Store<S, A> {
  get(): S;
  dispatch(action: A): void;
  listen(listener: (action: A, state: S) => void): void;
}

export const store = <S, A>(initial: S, next: (state: S, action: A) => S): Store<S, A> => {
  let state = initial;
  let listener: (action: A, state: S) => void = () => undefined;
  return {
    get: () => state,
    dispatch: (action) => {
      state = next(state, action);
      listener(action, state);
    },
    listen: (given) => void (listener = given),
  };
};
