import { Anchor, type AnchorProps } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { pageLinks, sectionLinks, type SectionId } from './landing-links';

type LandingNavLinksProps = {
  /** How each link looks where it is shown (the header's row, the phone menu's column). */
  linkProps: AnchorProps;
  /** A section link scrolls the page; how is the header's to decide (the drawer may be open). */
  goTo: (id: SectionId) => (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Called when a page link is followed (the phone menu closes). */
  onPage?: () => void;
};

/** The landing page's links: its sections, then the other pages. */
export function LandingNavLinks({ linkProps, goTo, onPage }: LandingNavLinksProps) {
  return (
    <>
      {sectionLinks.map((link) => (
        <Anchor
          key={link.id}
          href={`#${link.id}`}
          onClick={goTo(link.id)}
          fw={500}
          underline="never"
          {...linkProps}
        >
          {link.label}
        </Anchor>
      ))}
      {pageLinks.map((link) => (
        <Anchor
          key={link.to}
          component={Link}
          to={link.to}
          onClick={onPage}
          fw={500}
          underline="never"
          {...linkProps}
        >
          {link.label}
        </Anchor>
      ))}
    </>
  );
}
