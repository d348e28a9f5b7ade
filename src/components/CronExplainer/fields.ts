/**
 * Reads a five-field cron expression the way `tower schedules create --cron` expects one, and says
 * precisely what is wrong with one that is not: which field, which value, which range. The cron
 * libraries (./engine) compute runs and descriptions; their own errors do not name the field, and
 * they accept forms (four or six fields, @daily, L, W, #, ?) that Tower's docs do not use and whose
 * acceptance by Tower's API is not confirmed.
 */
type FieldSpec = {name: string; min: number; max: number; names?: readonly string[]};

const FIELDS: readonly FieldSpec[] = [
  {name: 'minute', min: 0, max: 59},
  {name: 'hour', min: 0, max: 23},
  {name: 'day of month', min: 1, max: 31},
  {name: 'month', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']},
  // 0 and 7 are both Sunday, as in standard cron.
  {name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT']},
];

/** The fields' names, in order. */
export const FIELD_NAMES = FIELDS.map((spec) => spec.name);

/** Macros some cron implementations accept, and their five-field form. */
const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** `field`: which of the five fields (0 for minute to 4 for day of week) is wrong, when one is. */
type FieldCheck = {ok: true; expression: string; fields: string[]} | {ok: false; message: string; suggestion?: string; field?: number};

const EXTENSIONS: [RegExp, string][] = [
  [/L/i, '"L" (last)'],
  [/W/i, '"W" (nearest weekday)'],
  [/#/, '"#" (nth weekday)'],
  [/\?/, '"?" (no specific value)'],
  [/H/i, '"H" (hashed value)'],
];

/** A plain-English interval in the style of the legacy Towerfile `schedule` key, as cron. */
export function cronForPlainEnglish(text: string): string | undefined {
  const m = /^every\s+(?:(\d+)\s+)?(minute|hour|day)s?$/i.exec(text.trim());
  if (!m) return undefined;
  const n = m[1] === undefined ? 1 : Number(m[1]);
  const unit = m[2].toLowerCase();
  if (n < 1) return undefined;
  if (unit === 'minute') return n === 1 ? '* * * * *' : n < 60 ? `*/${n} * * * *` : undefined;
  if (unit === 'hour') return n === 1 ? '0 * * * *' : n < 24 ? `0 */${n} * * *` : undefined;
  return n === 1 ? '0 0 * * *' : undefined;
}

function valueOf(token: string, spec: FieldSpec): number | string {
  if (/^\d+$/.test(token)) return Number(token);
  const index = spec.names?.indexOf(token.toUpperCase()) ?? -1;
  if (index === -1)
    return `"${token}", which is not a number${spec.names ? ` or a ${spec.name === 'month' ? 'month' : 'day'} name such as ${spec.names[1]}` : ''}`;
  return spec.name === 'month' ? index + 1 : index;
}

/** Why one field is not valid, or undefined. */
function fieldProblem(field: string, spec: FieldSpec): string | undefined {
  for (const [pattern, label] of EXTENSIONS) {
    // Month and day names contain letters that are also extension markers (JUL has an L, WED a W).
    const withoutNames = spec.names ? field.toUpperCase().replace(new RegExp(spec.names.join('|'), 'g'), '') : field;
    if (pattern.test(withoutNames)) {
      return `uses ${label}, an extension some cron tools accept. Tower's docs use standard five-field cron only; whether Tower accepts extensions is not confirmed.`;
    }
  }
  for (const item of field.split(',')) {
    const m = /^(\*|[A-Za-z0-9]+(?:-[A-Za-z0-9]+)?)(?:\/(\d+))?$/.exec(item);
    if (!m) return `has "${item}", which is not a value, a range (1-5), a list (1,3) or a step (*/15).`;
    const [, range, step] = m;
    if (step !== undefined && Number(step) === 0) return 'has a step of 0; a step must be 1 or more.';
    if (range === '*') continue;
    const [from, to] = range.split('-').map((token) => valueOf(token, spec));
    for (const value of [from, to]) {
      if (typeof value === 'string') return `has ${value}.`;
      if (value !== undefined && (value < spec.min || value > spec.max)) {
        return `takes ${spec.min}–${spec.max}, not ${value}.`;
      }
    }
    if (typeof to === 'number' && (from as number) > to) return `has the range ${range}, which runs backwards; write the smaller value first.`;
  }
  return undefined;
}

export function checkFields(input: string): FieldCheck {
  const text = input.trim();
  if (text === '') return {ok: false, message: 'Type a cron expression, such as 0 6 * * *.'};
  const macro = MACROS[text.toLowerCase()];
  if (macro) {
    return {ok: false, message: `${text} is a shorthand some cron tools accept; tower schedules create takes the five fields.`, suggestion: macro};
  }
  const plain = cronForPlainEnglish(text);
  if (/^every\b/i.test(text)) {
    return {
      ok: false,
      message:
        'Plain-English schedules come from the legacy Towerfile schedule key, and whether Tower accepts them for tower schedules create is not confirmed. Write the schedule as five-field cron.',
      ...(plain ? {suggestion: plain} : {}),
    };
  }
  const fields = text.split(/\s+/);
  if (fields.length !== FIELDS.length) {
    const six = fields.length === 6 && fields[0] === '0';
    return {
      ok: false,
      message: `A cron expression has five fields (minute, hour, day of month, month, day of week); this one has ${fields.length}.${
        six ? ' Six fields usually means the first is seconds, as in old Towerfile schedules: drop it.' : ''
      }`,
      ...(six ? {suggestion: fields.slice(1).join(' ')} : {}),
    };
  }
  for (const [index, spec] of FIELDS.entries()) {
    const problem = fieldProblem(fields[index], spec);
    if (problem) return {ok: false, message: `The ${spec.name} field ${problem}`, field: index};
  }
  return {ok: true, expression: fields.join(' '), fields};
}

/** The values one valid field stands for (day of week 7 read as 0, Sunday). */
export function fieldValues(field: string, index: number): Set<number> {
  const spec = FIELDS[index];
  const values = new Set<number>();
  for (const item of field.split(',')) {
    const [range, stepText] = item.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    let from = spec.min;
    let to = spec.max;
    if (range !== '*') {
      const [start, end] = range.split('-').map((token) => valueOf(token, spec) as number);
      from = start;
      // `5/15` is "from 5, every 15"; a bare value is itself.
      to = end ?? (stepText === undefined ? start : spec.max);
    }
    for (let value = from; value <= to; value += step) values.add(spec.name === 'day of week' && value === 7 ? 0 : value);
  }
  return values;
}

/** Sorted values as cron writes them: runs of three or more as ranges (`0-8`), the rest listed. */
function compact(values: Set<number>): string {
  const sorted = [...values].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}-${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * For fields whose list names a time more than once (`0,0`, `0,7`: both Sunday; `0-5,3-8`), the
 * expression with each time once, as cron-parser needs it (it refuses repeats, standard cron
 * does not); null when nothing repeats. The five fields must have passed `checkFields`.
 */
export function withoutRepeats(fields: readonly string[]): string | null {
  let repeated = false;
  const result = fields.map((field, index) => {
    if (!field.includes(',')) return field;
    const items = field.split(',');
    const union = fieldValues(field, index);
    const sum = items.reduce((total, item) => total + fieldValues(item, index).size, 0);
    if (sum === union.size) return field;
    repeated = true;
    return compact(union);
  });
  return repeated ? result.join(' ') : null;
}

/** Days in each month, February in a leap year. */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True when the day of month is restricted, the day of week is not, and none of the months has
 * any of the days (`0 0 31 2 *`): the expression never runs. The five fields must have passed `checkFields`.
 */
export function neverRuns(fields: readonly string[]): boolean {
  if (fields[2] === '*' || fields[4] !== '*') return false;
  const days = fieldValues(fields[2], 2);
  const months = fieldValues(fields[3], 3);
  return ![...months].some((month) => [...days].some((day) => day <= MONTH_DAYS[month - 1]));
}

/**
 * True when neither day field is a bare `*`. The next runs then follow cron-parser's rule, the
 * common one: a day matches when either field matches (a stepped field counts as set, unlike in
 * Vixie cron).
 */
export function bothDayFieldsSet(fields: readonly string[]): boolean {
  return fields[2] !== '*' && fields[4] !== '*';
}

/** The `tower schedules create` command for an app and a checked expression. */
export function scheduleCommand(app: string, expression: string): string {
  const quotedApp = /^[\w.-]+$/.test(app) ? app : `'${app.replace(/'/g, `'\\''`)}'`;
  return `tower schedules create --app ${quotedApp} --cron "${expression}"`;
}
