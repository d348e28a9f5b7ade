/**
 * The state behind a copy button: idle, then "copied" or "failed" once the
 * copy settles, and idle again `resetMs` after the last click. Shared by the
 * code blocks' copy button and the docs pages' "Copy page".
 */
import {useCallback, useEffect, useRef, useState} from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

export function useCopyFeedback(resetMs: number): [CopyState, (copying: Promise<unknown>) => void] {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const track = useCallback(
    (copying: Promise<unknown>) => {
      copying.then(
        () => setState('copied'),
        () => setState('failed'),
      );
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setState('idle'), resetMs);
    },
    [resetMs],
  );
  return [state, track];
}
