import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicLayout } from '../../../components/public-layout';
import { paths } from '../../../config/paths';

/** The privacy policy at /privacy, open to everyone. */
export function PrivacyPage() {
  return (
    <PublicLayout>
      <Container size="sm">
        <Stack gap={40}>
          <Stack gap="xs">
            <Title order={1} fz={{ base: 32, sm: 40 }}>
              Privacy Policy
            </Title>
            <Text c="gray.7" size="lg">
              Alumnet is a networking portal for the alumni and students of a college. This policy
              explains what we store about you, why, who can see it and the choices you have.
            </Text>
          </Stack>

          <PolicySection title="Information We Collect">
            <Text>When you sign up, or when your college adds you to Alumnet, we store:</Text>
            <List spacing={6}>
              <List.Item>your name, e-mail address and phone number;</List.Item>
              <List.Item>your college, degree, batch and branch;</List.Item>
              <List.Item>
                the country and city you live in and the company you work for, if you add them;
              </List.Item>
              <List.Item>your profile picture, if you upload one.</List.Item>
            </List>
            <Text>
              As you use the portal we also store what you create: posts and the images in them,
              comments and likes, job postings, chat messages, help requests, feedback and quiz
              answers. We keep a session cookie so that you stay signed in, a cookie with your time
              zone so that dates show in your own time, for a portal administrator a cookie with the
              college they chose to work on, and basic technical logs (such as the time of a
              request) to keep the service running.
            </Text>
          </PolicySection>

          <PolicySection title="How We Use Information">
            <List spacing={6}>
              <List.Item>
                to check your sign-up against your college&apos;s records and approve your account;
              </List.Item>
              <List.Item>
                to run the portal: show your posts to your college, batch or branch, list you in the
                alumni directory, deliver your messages and show who is online;
              </List.Item>
              <List.Item>
                to e-mail you about your account, such as your approval and one-time password;
              </List.Item>
              <List.Item>to answer your help requests and feedback;</List.Item>
              <List.Item>
                to protect the service, for example by limiting repeated failed logins.
              </List.Item>
            </List>
            <Text>We do not use your information for advertising and we do not sell it.</Text>
          </PolicySection>

          <PolicySection title="Sharing of Information">
            <Text>
              Other members of your college can see your name, picture, batch, branch, college,
              city, country and company in the directory and next to your posts. Posts and jobs are
              visible only at the level you choose: your college, your batch or your branch. Chat
              messages are seen only by you and the person you write to.
            </Text>
            <Text>
              Your college&apos;s administrators can see your account details in order to review,
              approve and manage members. We share information with service providers that host the
              portal and send our e-mails, only as far as they need it to do so, and with
              authorities when the law requires it.
            </Text>
          </PolicySection>

          <PolicySection title="Your Choices">
            <Text>
              You can change your picture, country, city, company and password on your Profile page
              at any time. You can clear the optional details you have added, or delete your account
              altogether; the{' '}
              <Anchor component={Link} to={paths.support}>
                Support page
              </Anchor>{' '}
              explains how. If any of your college details are wrong, write to us and we will
              correct them.
            </Text>
          </PolicySection>

          <PolicySection title="Security">
            <Text>
              Passwords are stored only as secure hashes, and the one-time password you receive on
              approval must be replaced the first time you log in. Connections to the portal are
              encrypted, sessions are kept in secure cookies, and repeated failed logins are slowed
              down. No system is perfectly secure, so please choose a strong password and keep it to
              yourself.
            </Text>
          </PolicySection>

          <PolicySection title="Changes to This Policy">
            <Text>
              We may update this policy as the portal changes. When we do, we will publish the new
              version on this page, and for important changes we will let members know by e-mail or
              in the portal before they take effect.
            </Text>
          </PolicySection>

          <PolicySection title="Contact Us">
            <Text>
              Questions about this policy or about your information? Send us a message with the
              Contact Us form on the{' '}
              <Anchor component={Link} to={paths.support}>
                Support page
              </Anchor>
              , and we will reply by e-mail.
            </Text>
          </PolicySection>
        </Stack>
      </Container>
    </PublicLayout>
  );
}

function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="sm">
      <Title order={2} fz={{ base: 22, sm: 24 }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
