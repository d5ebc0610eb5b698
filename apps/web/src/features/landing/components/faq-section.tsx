import { Accordion, Box, Container, Text } from '@mantine/core';
import { HEADER_OFFSET } from './landing-links';
import { SectionHeading } from './section-heading';

const faqs = [
  {
    value: 'sign-up',
    question: 'How do I sign up?',
    answer:
      'Choose Sign up and fill in your name, e-mail and phone with your college, degree, batch and branch. Your details are reviewed first; once your account is approved you receive an e-mail with a one-time password to log in with.',
  },
  {
    value: 'log-in',
    question: 'How do I log in?',
    answer:
      'Choose Log in and enter your e-mail address or phone number with your password. The first time you log in with the one-time password from your approval e-mail, you are asked to set a new password of your own.',
  },
  {
    value: 'forgot-password',
    question: 'I forgot my password. What should I do?',
    answer:
      'Choose "Forgot password?" on the login page and enter the e-mail address or phone number you log in with. We send you a link (by e-mail, or by SMS to your phone) to choose a new password; it works once, for 30 minutes.',
  },
  {
    value: 'update-profile',
    question: 'How do I update my profile?',
    answer:
      'Open your Profile page from the edit link next to your picture. There you can change your profile picture, country, city, company and password, then press Save. Your name, college, batch and branch come from your college records; write to us if any of them is wrong.',
  },
  {
    value: 'find-alumni',
    question: 'How do I find other alumni?',
    answer:
      'Open Alum Zone, the alumni directory of your college. Search by name and filter by batch, branch, company and city, or look for alumni who are entrepreneurs or open to mentoring. Select a person to see their profile.',
  },
  {
    value: 'contact',
    question: 'How can I contact you?',
    answer:
      'Use the Contact Us form below, or the form on the Support page. Tell us your name, e-mail and how we can help, and we will reply by e-mail.',
  },
];

export function FaqSection() {
  return (
    <Box
      component="section"
      id="faq"
      aria-labelledby="faq-title"
      py={{ base: 56, md: 96 }}
      style={{ scrollMarginTop: HEADER_OFFSET }}
    >
      <Container size="md">
        <SectionHeading
          id="faq-title"
          eyebrow="FAQ"
          title="Frequently asked questions"
          description="Quick answers to what members ask us most."
        />
        <Accordion
          variant="separated"
          radius="md"
          mt={{ base: 32, md: 48 }}
          styles={{ label: { fontWeight: 600 } }}
        >
          {faqs.map((faq) => (
            <Accordion.Item key={faq.value} value={faq.value}>
              <Accordion.Control>{faq.question}</Accordion.Control>
              <Accordion.Panel>
                <Text c="gray.7">{faq.answer}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Container>
    </Box>
  );
}
