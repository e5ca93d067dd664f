import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useUrlSearchBox } from './use-url-search-box';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useUrlSearchBox', () => {
  it('commits the trimmed text once typing pauses, once, and not when the URL changes', () => {
    const commit = vi.fn<(search: string) => void>();
    const { result, rerender } = renderHook(({ url }) => useUrlSearchBox(url, commit), {
      initialProps: { url: '' },
    });
    act(() => result.current[1]('pri'));
    act(() => result.current[1]('priya '));
    expect(result.current[0]).toBe('priya ');
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(commit).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledExactlyOnceWith('priya');
    // The typed text arriving in the URL leaves the box as typed and sends nothing more.
    rerender({ url: 'priya' });
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current[0]).toBe('priya ');
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('shows a search the URL got elsewhere (Back, Clear filters) without sending it back', () => {
    const commit = vi.fn<(search: string) => void>();
    const { result, rerender } = renderHook(({ url }) => useUrlSearchBox(url, commit), {
      initialProps: { url: 'meera' },
    });
    expect(result.current[0]).toBe('meera');
    rerender({ url: '' });
    expect(result.current[0]).toBe('');
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(commit).not.toHaveBeenCalled();
  });
});
