import { TIMING } from '@wiggle/common/constants';
import { create } from 'zustand';

export type NotificationColor = 'success' | 'info' | 'warning' | 'error';

/** SPEC §3 "Notification state": the brief bar at the top; hidden on click or after 2000 ms. */
interface NotificationState {
  visible: boolean;
  color: NotificationColor;
  message: string;
  hide: () => void;
}

let hideTimer: ReturnType<typeof setTimeout> | undefined;

export const useNotificationStore = create<NotificationState>()((set) => ({
  visible: false,
  color: 'info',
  message: '',
  hide: () => {
    clearTimeout(hideTimer);
    set({ visible: false });
  },
}));

export function notify(message: string, color: NotificationColor = 'info'): void {
  clearTimeout(hideTimer);
  useNotificationStore.setState({ visible: true, message, color });
  hideTimer = setTimeout(
    () => useNotificationStore.setState({ visible: false }),
    TIMING.notificationTimeoutMs,
  );
}

export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';

export interface SnackbarItem {
  id: number;
  message: string;
  severity: SnackbarSeverity;
}

/** Snackbars queue: one shows at a time, each for 5000 ms unless closed (SPEC §9). */
interface SnackbarState {
  queue: SnackbarItem[];
  dismiss: (id: number) => void;
}

let nextSnackbarId = 1;

export const useSnackbarStore = create<SnackbarState>()((set) => ({
  queue: [],
  dismiss: (id) => set((state) => ({ queue: state.queue.filter((item) => item.id !== id) })),
}));

export function showSnackbar(message: string, severity: SnackbarSeverity = 'info'): void {
  const item = { id: nextSnackbarId++, message, severity };
  useSnackbarStore.setState((state) => ({ queue: [...state.queue, item] }));
}

/** Drops every waiting snackbar, e.g. an old failure once the retry succeeded. */
export function clearSnackbars(): void {
  useSnackbarStore.setState({ queue: [] });
}

export function useSnackbar(): typeof showSnackbar {
  return showSnackbar;
}
