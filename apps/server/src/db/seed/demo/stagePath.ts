import type { DemoContext } from './context';

export const WON = 'closed_won';
export const LOST = 'closed_lost';
const HOUR = 3_600_000;

/** The open stages in pipeline order (the dictionary's order without the two closed ones). */
export const openStages = (ctx: DemoContext) => ctx.stages.filter((s) => s !== WON && s !== LOST);

/**
 * The stages an opportunity went through to reach `stage`: it starts at the first (sometimes the
 * second) open stage, moves forward one stage at a time (a won deal sometimes skips one), and a
 * lost deal drops out from one of the open stages.
 */
export function stagePath(ctx: DemoContext, stage: string): string[] {
  const { rand } = ctx;
  const open = openStages(ctx);
  const upTo = (last: number) => open.slice(last > 0 && rand.next() < 0.25 ? 1 : 0, last + 1);
  if (stage === WON) {
    const path = upTo(open.length - 1);
    if (path.length > 3 && rand.next() < 0.2) path.splice(rand.int(1, path.length - 2), 1);
    return [...path, WON];
  }
  if (stage === LOST) return [...upTo(rand.int(0, open.length - 1)), LOST];
  return upTo(Math.max(0, open.indexOf(stage)));
}

/**
 * When each stage of a path was entered: the first at creation, the last at `end`, those between
 * at increasing moments in between (at least an hour apart), all within working hours.
 */
export function stageTimes(ctx: DemoContext, created: Date, end: Date, count: number): Date[] {
  if (count === 1) return [created];
  const span = Math.max(end.getTime() - created.getTime(), count * HOUR);
  const cuts = Array.from({ length: count - 2 }, () => ctx.rand.next()).sort((a, b) => a - b);
  // Moves between the first and the last happen in working hours of their day, in order.
  const between = cuts
    .map((c) => {
      const t = new Date(created.getTime() + HOUR + c * (span - 2 * HOUR));
      return new Date(t.getFullYear(), t.getMonth(), t.getDate(), ctx.rand.int(9, 17), ctx.rand.int(0, 59)).getTime();
    })
    .sort((a, b) => a - b);
  const times = [created.getTime(), ...between, created.getTime() + span];
  // Never before the previous move (an hour apart), never after the last.
  for (let i = 1; i < times.length - 1; i++) times[i] = Math.min(Math.max(times[i]!, times[i - 1]! + HOUR), times[times.length - 1]! - (times.length - 1 - i) * HOUR);
  return times.map((t) => new Date(t));
}

/** A moment in working hours of a day `offset` days from today, never later than now. */
export function workingMoment(ctx: DemoContext, offset: number): Date {
  const today = ctx.cal.today;
  const at = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset, ctx.rand.int(9, 17), ctx.rand.int(0, 59));
  return at.getTime() < ctx.now.getTime() ? at : new Date(ctx.now.getTime() - ctx.rand.int(1, 60) * 60_000);
}
