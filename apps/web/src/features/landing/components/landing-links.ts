import { paths } from '../../../config/paths';

// Keeps a section's title clear of the sticky header when it is scrolled into view.
export const HEADER_OFFSET = 80;

export const sectionLinks = [
  { id: 'about', label: 'About' },
  { id: 'faq', label: 'FAQ' },
  { id: 'contact', label: 'Contact Us' },
] as const;
export type SectionId = (typeof sectionLinks)[number]['id'];

export const pageLinks = [
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.support, label: 'Support' },
] as const;

export function scrollToSection(id: SectionId) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
