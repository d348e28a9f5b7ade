/**
 * Inputs no reader types but a link or a request can carry (issue 23's N4):
 * one word of 30,000 letters and a query of 2,400 distinct words. The
 * bounded-input tests check that the engine and Ask AI answer them promptly;
 * `npm run bench:search` prints how long they take. Letters come from a fixed
 * pseudo-random sequence, so every run sees the same input.
 */

function* letters(seed: number): Generator<string> {
  let state = seed;
  for (;;) {
    // A linear congruential generator (glibc's constants): plenty for spreading letters.
    state = (state * 1103515245 + 12345) % 2 ** 31;
    yield String.fromCharCode(97 + (state % 26));
  }
}

function take(source: Generator<string>, count: number): string {
  let text = '';
  for (let i = 0; i < count; i += 1) text += source.next().value;
  return text;
}

/** One word of `length` letters. */
export function longWord(length = 30_000): string {
  return take(letters(7), length);
}

/** `count` distinct words of five to nine letters, separated by spaces. */
export function manyWords(count = 2_400): string {
  const source = letters(11);
  const words = new Set<string>();
  while (words.size < count) words.add(take(source, 5 + (words.size % 5)));
  return [...words].join(' ');
}
