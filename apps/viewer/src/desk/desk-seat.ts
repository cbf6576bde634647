/**
 * The desk's organizer key and the judge's name, kept for this tab only (sessionStorage, as a match's token is kept):
 * a reload keeps the desk open, a new tab asks again, and the key never goes into the address.
 */
const KEY = 'matchlog.desk.key';
const JUDGE = 'matchlog.desk.judge';

export interface DeskSeat {
  readonly key: string;
  readonly judge: string;
}

export const deskSeat = (): DeskSeat | null => {
  const key = sessionStorage.getItem(KEY);
  const judge = sessionStorage.getItem(JUDGE);
  return key && judge ? { key, judge } : null;
};

export const keepDeskSeat = (seat: DeskSeat): void => {
  sessionStorage.setItem(KEY, seat.key.trim());
  sessionStorage.setItem(JUDGE, seat.judge.trim());
};

/** The key is forgotten; the name stays to fill the form again. */
export const forgetDeskSeat = (): void => sessionStorage.removeItem(KEY);

export const lastJudgeName = (): string => sessionStorage.getItem(JUDGE) ?? '';
