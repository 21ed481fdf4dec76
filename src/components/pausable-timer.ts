/**
 * A one-shot timer that pauses and resumes, keeping the time left: the toast's
 * 5 s on screen stop while the pointer is over it or focus is inside it
 * (src/components/toast.tsx), and run on from where they stopped.
 */
export interface PausableTimer {
  pause: () => void;
  resume: () => void;
}

export function pausableTimer(ms: number, onEnd: () => void): PausableTimer {
  let left = ms;
  let startedAt = 0;
  let handle: ReturnType<typeof setTimeout> | undefined;
  return {
    pause() {
      if (handle === undefined) return;
      clearTimeout(handle);
      handle = undefined;
      left -= Date.now() - startedAt;
    },
    resume() {
      if (handle !== undefined) return;
      startedAt = Date.now();
      handle = setTimeout(onEnd, Math.max(0, left));
    },
  };
}
