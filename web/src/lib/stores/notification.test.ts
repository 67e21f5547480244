import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify, showSnackbar, useNotificationStore, useSnackbarStore } from './notification';

beforeEach(() => {
  vi.useFakeTimers();
  useNotificationStore.getState().hide();
  useSnackbarStore.setState({ queue: [] });
});
afterEach(() => vi.useRealTimers());

describe('notification bar', () => {
  it('shows the message and hides after 2000 ms', () => {
    notify('Saved', 'success');
    expect(useNotificationStore.getState()).toMatchObject({
      visible: true,
      message: 'Saved',
      color: 'success',
    });
    vi.advanceTimersByTime(1999);
    expect(useNotificationStore.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(useNotificationStore.getState().visible).toBe(false);
  });

  it('restarts the 2000 ms for a new message and hides on demand (click)', () => {
    notify('One');
    vi.advanceTimersByTime(1500);
    notify('Two');
    vi.advanceTimersByTime(1500);
    expect(useNotificationStore.getState()).toMatchObject({ visible: true, message: 'Two' });
    useNotificationStore.getState().hide();
    expect(useNotificationStore.getState().visible).toBe(false);
  });
});

describe('snackbars', () => {
  it('queue in order and leave when dismissed', () => {
    showSnackbar('first', 'error');
    showSnackbar('second');
    const queue = useSnackbarStore.getState().queue;
    expect(queue.map((item) => [item.message, item.severity])).toEqual([
      ['first', 'error'],
      ['second', 'info'],
    ]);
    useSnackbarStore.getState().dismiss(queue[0]!.id);
    expect(useSnackbarStore.getState().queue.map((item) => item.message)).toEqual(['second']);
  });
});
