// The notifications' container, fetched on its own (app/provider.tsx): imported from here rather
// than from the package's index, which the first load also imports (for `notifications.show`), so
// that its code is not bundled with the first load.
export { Notifications } from '@mantine/notifications';
