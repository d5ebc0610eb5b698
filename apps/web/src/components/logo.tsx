import { Group, Text } from '@mantine/core';

type LogoProps = {
  /** Height of the mark in pixels; the word scales with it. */
  size?: number;
  /** Word colour, e.g. white on a dark footer. */
  color?: string;
};

/** The Alumnet mark (same drawing as public/favicon.svg) and word. Wrap it in a link where needed. */
export function Logo({ size = 32, color }: LogoProps) {
  return (
    <Group gap={Math.round(size / 4)} wrap="nowrap" align="center">
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 64 64"
        width={size}
        height={size}
        aria-hidden="true"
        focusable="false"
        style={{ flexShrink: 0, display: 'block' }}
      >
        <rect width="64" height="64" rx="14" fill="#1c7ed6" />
        <path
          d="M32 12 8 24l24 12 20-10v14h4V24L32 12Zm-14 22v10c0 4 6.3 8 14 8s14-4 14-8V34l-14 7-14-7Z"
          fill="#fff"
        />
      </svg>
      <Text
        component="span"
        fw={800}
        fz={Math.round(size * 0.66)}
        lh={1}
        c={color ?? 'dark.8'}
        style={{ letterSpacing: '-0.02em' }}
      >
        Alumnet
      </Text>
    </Group>
  );
}
