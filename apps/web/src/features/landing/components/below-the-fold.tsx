import { AboutSection } from './about-section';
import { AppBadges } from './app-badges';
import { ContactSection } from './contact-section';
import { FaqSection } from './faq-section';
import { FeatureShowcase } from './feature-showcase';

export { LandingFooter } from './landing-footer';

/** The landing page's sections under the hero, loaded after it (landing-page.tsx). */
export function MoreSections() {
  return (
    <>
      <FeatureShowcase />
      <AppBadges />
      <AboutSection />
      <FaqSection />
      <ContactSection />
    </>
  );
}
