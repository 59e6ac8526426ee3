import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, TOAST_REMOVE_DELAY_MS, toast, useToasts } from './toast-store';

afterEach(() => vi.useRealTimers());

describe('toast store', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
    });
    act(() => {
      toast({ title: 'Second', variant: 'destructive' });
    });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast at once and removes it after the removal delay', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => {
      id = toast({ title: 'Bye' }).id;
    });
    act(() => dismissToast(id));
    expect(result.current[0]).toMatchObject({ id, open: false });
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(result.current).toEqual([]);
  });
});
