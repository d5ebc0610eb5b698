/**
 * How the build groups library code into chunks. Left to itself, the bundler cuts Mantine and
 * the icons into one chunk per set of screens that share a component: 40-60 files of 1-4 KB
 * for a screen. Over HTTP/1.1 (six connections) on a phone's network each file costs a round
 * trip, which Lighthouse's slow-4G profile put at about a second of the largest paint. Grouped,
 * a screen loads a handful of files; the bytes a visitor's page does not use stay out of its
 * groups (the signed-in layout's overlays are a group of their own, and components only some
 * screens use stay with those screens).
 */
import type { CodeSplittingGroup } from 'rolldown';

const MODULES = /[\\/]node_modules[\\/]/;
const component = (id: string) =>
  /@mantine[\\/]core[\\/]esm[\\/]components[\\/]([^\\/]+)/.exec(id)?.[1];

/** Mantine components of the signed-in layout and its menus, pickers and dialogs. */
const OVERLAYS = new Set([
  'Combobox',
  'Drawer',
  'FocusTrap',
  'Indicator',
  'Modal',
  'ModalBase',
  'NavLink',
  'Overlay',
  'Popover',
  'Portal',
  'ScrollArea',
  'Select',
  'Tooltip',
  'Transition',
]);
// What those overlays are built on: positioning and scroll locking.
const OVERLAY_LIBRARIES =
  /[\\/]node_modules[\\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|detect-node-es|tslib)[\\/]/;

/** Mantine components few screens use (admin tables, charts' controls, form pickers). */
const OCCASIONAL = new Set([
  'Accordion',
  'AspectRatio',
  'Checkbox',
  'ColorPicker',
  'ColorSwatch',
  'CopyButton',
  'EmptyState',
  'FileButton',
  'FileInput',
  'FloatingIndicator',
  'Grid',
  // A group's organisers' menus on posts and comments.
  'Menu',
  // A toast, drawn by the toast stack that loads on demand (lib/notify.ts): never on a first paint.
  'Notification',
  // The organisers' picker of /dashboard/groups (with the pills it draws).
  'MultiSelect',
  'NumberInput',
  'Pagination',
  'Pill',
  'PillsInput',
  'Progress',
  'Radio',
  // The mentoring screens' ratings of an ending, and a mentor's industries (issue 29).
  'Rating',
  'RingProgress',
  'SegmentedControl',
  'Switch',
  'Table',
  'TagsInput',
  'Typography',
]);

/**
 * Icons only the events' screens draw (issue 28): they stay with those screens, not in the
 * shared icon file every signed-in page downloads first.
 */
const SCREEN_ICONS =
  /[\\/]@tabler[\\/]icons-react[\\/].*[\\/]Icon(Ban|CalendarDown|CalendarPlus|CameraOff|CircleX|ListCheck|Qrcode|Video)\.m?js$/;

export const CHUNK_GROUPS: CodeSplittingGroup[] = [
  // Everything the entry needs to start: React, the router and the query cache; and the few
  // lines every drawn form asks (lib/use-taken-over.ts), which alone would be a file of their own.
  {
    name: 'framework',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|@tanstack[\\/][^\\/]+)[\\/]|[\\/]src[\\/]lib[\\/]use-taken-over\.ts$/,
    priority: 4,
  },
  // Mantine's core, hooks and the everyday components every screen draws.
  {
    name: 'mantine',
    test: (id) => {
      if (!MODULES.test(id)) return false;
      if (/[\\/]@mantine[\\/]hooks[\\/]|[\\/]clsx[\\/]/.test(id)) return true;
      if (!/[\\/]@mantine[\\/]core[\\/]/.test(id)) return false;
      const name = component(id);
      return !name || (!OVERLAYS.has(name) && !OCCASIONAL.has(name));
    },
    priority: 3,
  },
  {
    name: 'mantine-overlays',
    test: (id) =>
      OVERLAY_LIBRARIES.test(id) ||
      (/[\\/]@mantine[\\/]core[\\/]/.test(id) && OVERLAYS.has(component(id) ?? '')),
    priority: 2,
  },
  {
    name: 'icons',
    test: (id) => /[\\/]node_modules[\\/]@tabler[\\/]/.test(id) && !SCREEN_ICONS.test(id),
    priority: 2,
  },
];
