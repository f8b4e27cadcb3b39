import { notifications } from '@mantine/notifications';

/** Toasts: one look for every success and failure message in the app. */
export const notify = {
  /** `detail`: a second line under the message (the spec's message stays the toast's title). */
  success: (message: string, detail?: string) =>
    notifications.show(detail ? { color: 'teal', title: message, message: detail } : { color: 'teal', message }),
  error: (message: string) => notifications.show({ color: 'red', title: 'Something went wrong', message }),
};
