import { notifications } from '@mantine/notifications';

/** Toasts: one look for every success and failure message in the app. */
export const notify = {
  success: (message: string) => notifications.show({ color: 'teal', message }),
  error: (message: string) => notifications.show({ color: 'red', title: 'Something went wrong', message }),
};
