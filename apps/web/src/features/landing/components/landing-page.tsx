import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Hero } from './hero';
import { LandingHeader } from './landing-header';

// What a phone shows first is the header and the hero; everything below them (the sections and
// the footer) is one chunk of its own, fetched while the hero paints. Nothing is drawn in its
// place until it arrives, so nothing on screen moves when it does.
const belowTheFold = () => import('./below-the-fold');
const MoreSections = lazy(async () => ({ default: (await belowTheFold()).MoreSections }));
const LandingFooter = lazy(async () => ({ default: (await belowTheFold()).LandingFooter }));

/** The public landing screen shown at / to visitors who are not signed in. */
export function LandingPage() {
  return (
    <Box bg="white" style={{ overflowX: 'clip' }}>
      <LandingHeader />
      <Box component="main">
        <Hero />
        <Suspense fallback={null}>
          <MoreSections />
        </Suspense>
      </Box>
      <Suspense fallback={null}>
        <LandingFooter />
      </Suspense>
    </Box>
  );
}
