/**
 * Campaign sending windows in a time zone: pure functions of an instant, so the scheduler runs
 * on an injected clock. Wall times are converted through `Intl`, which knows daylight saving:
 * a window of 09:00-17:00 in Europe/Paris starts at 08:00 UTC in winter and 07:00 UTC in summer.
 */

export type SendingWindow = { timezone: string; days: number[]; start: string; end: string };

type LocalDate = { year: number; month: number; day: number };
type LocalParts = LocalDate & { hour: number; minute: number; second: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const DAY_MS = 86_400_000;

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date, time and weekday (0 = Sunday) of an instant in a time zone. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
const QUARTER_HOUR_MS = 900_000;
const offsets = new Map<string, number>();

/**
 * A zone's offset from UTC at an instant. It changes only at the zone's transitions, which since
 * 1972 all fall on a quarter hour of UTC (every offset is a whole number of quarter hours), so it
 * is worked out once per zone and quarter hour: `Intl` is the costly part of planning a send.
 */
function offsetAt(instant: number, timeZone: string) {
  const key = `${timeZone} ${Math.floor(instant / QUARTER_HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const p = localParts(new Date(instant), timeZone);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * The instant a wall-clock time happens in a zone. A time skipped by a spring-forward change
 * maps to the same distance after the change (02:30 becomes 03:30); a repeated one to its first occurrence.
 */
export function zonedTime(date: LocalDate, hhmm: string, timeZone: string): Date {
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
  const guess = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // The offsets half a day either side are those before and after any change that day.
  const before = guess - offsetAt(guess - DAY_MS / 2, timeZone);
  const after = guess - offsetAt(guess + DAY_MS / 2, timeZone);
  const valid = [before, after].filter((t) => t + offsetAt(t, timeZone) === guess);
  return new Date(valid.length ? Math.min(...valid) : before);
}

/** The local date `days` after a local date (calendar arithmetic, no time zone involved). */
function addLocalDays(date: LocalDate, days: number): LocalDate & { weekday: number } {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

/** The first instant at or after `from` inside the window, on one of its days. */
export function nextWindowTime(from: Date, window: SendingWindow): Date {
  const today = localParts(from, window.timezone);
  for (let i = 0; i <= 7; i++) {
    const date = addLocalDays(today, i);
    if (!window.days.includes(date.weekday)) continue;
    const start = zonedTime(date, window.start, window.timezone);
    const end = zonedTime(date, window.end, window.timezone);
    if (from < end) return from > start ? from : start;
  }
  throw new Error('A sending window needs at least one day');
}

export const inWindow = (at: Date, window: SendingWindow) => nextWindowTime(at, window).getTime() === at.getTime();

/**
 * When a step `delayDays` after `from` may go: the same wall-clock time that many days later
 * (counting only the window's days when `businessDays`), then moved into the window.
 */
export function stepDueAt(from: Date, delayDays: number, businessDays: boolean, window: SendingWindow): Date {
  if (delayDays === 0) return nextWindowTime(from, window);
  const local = localParts(from, window.timezone);
  const hhmm = `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
  let date = addLocalDays(local, 0);
  if (businessDays) {
    for (let counted = 0; counted < delayDays; ) {
      date = addLocalDays(date, 1);
      if (window.days.includes(date.weekday)) counted++;
    }
  } else date = addLocalDays(local, delayDays);
  const due = new Date(zonedTime(date, hhmm, window.timezone).getTime() + local.second * 1000);
  return nextWindowTime(due, window);
}

/** The start of the local day holding an instant, as an instant (the daily limits' day). */
export function localDayStart(at: Date, timeZone: string): Date {
  return zonedTime(localParts(at, timeZone), '00:00', timeZone);
}
