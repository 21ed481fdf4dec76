import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pausableTimer } from "./pausable-timer";

describe("pausableTimer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("does nothing until resumed, then ends after its time", () => {
    const onEnd = vi.fn();
    const timer = pausableTimer(5000, onEnd);
    vi.advanceTimersByTime(10_000);
    expect(onEnd).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(4999);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it("keeps the time left while paused and runs on from there", () => {
    const onEnd = vi.fn();
    const timer = pausableTimer(5000, onEnd);
    timer.resume();
    vi.advanceTimersByTime(3000);
    timer.pause();
    vi.advanceTimersByTime(60_000);
    expect(onEnd).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(1999);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it("ignores a second resume or pause in a row (pointer and focus both pause the toast)", () => {
    const onEnd = vi.fn();
    const timer = pausableTimer(5000, onEnd);
    timer.resume();
    vi.advanceTimersByTime(2000);
    timer.resume();
    vi.advanceTimersByTime(3000);
    expect(onEnd).toHaveBeenCalledOnce();

    const other = vi.fn();
    const paused = pausableTimer(5000, other);
    paused.resume();
    vi.advanceTimersByTime(1000);
    paused.pause();
    vi.advanceTimersByTime(1000);
    paused.pause();
    paused.resume();
    vi.advanceTimersByTime(3999);
    expect(other).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(other).toHaveBeenCalledOnce();
  });
});
