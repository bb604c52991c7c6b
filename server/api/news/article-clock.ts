import { japanDateString } from '#server/contracts/japan-day.ts';

/** The moment a request works at: today in Japan (publication days, deadlines) and the instant (seminar starts). */
export interface ArticleClock {
  today: string;
  now: Date;
}
export function articleClockAt(now: Date = new Date()): ArticleClock {
  return { today: japanDateString(now), now };
}
