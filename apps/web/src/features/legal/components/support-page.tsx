import { Card, Container, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrash, IconUserEdit } from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ContactForm } from '../../../components/contact-form';
import { PublicLayout } from '../../../components/public-layout';

/** Support at /support: how to remove your data or your account, and a Contact Us form. */
export function SupportPage() {
  return (
    <PublicLayout>
      <Container size="sm">
        <Stack gap={40}>
          <Stack gap="xs">
            <Title order={1} fz={{ base: 32, sm: 40 }}>
              Support
            </Title>
            <Text c="gray.7" size="lg">
              How to remove your information from Alumnet, and how to reach us for anything else.
            </Text>
          </Stack>

          <StepsCard
            icon={IconUserEdit}
            title="Delete your data without deleting your account"
            intro="You can remove the details you have added and keep your account, so you can still log in and stay in touch."
            outro="Your name, college, batch and branch identify you to your college and cannot be cleared this way; write to us below if you want them changed."
          >
            <List.Item>Log in and open your Profile page.</List.Item>
            <List.Item>
              Select <b>Edit Profile</b>.
            </List.Item>
            <List.Item>
              Clear the fields you no longer want to share, such as your picture, country, city and
              company.
            </List.Item>
            <List.Item>
              Select <b>Save Changes</b>.
            </List.Item>
          </StepsCard>

          <StepsCard
            icon={IconTrash}
            title="Delete your account"
            intro="Deleting your account removes your profile and signs you out for good. This cannot be undone."
            outro="If you cannot log in any more, send us a message below from the e-mail address you registered with and we will delete the account for you."
          >
            <List.Item>
              Log in and open <b>Settings</b>.
            </List.Item>
            <List.Item>
              Go to <b>Account Management</b>.
            </List.Item>
            <List.Item>
              Select <b>Delete Account</b>.
            </List.Item>
            <List.Item>Confirm with your password.</List.Item>
          </StepsCard>

          <Stack component="section" gap="md" aria-labelledby="support-contact-title">
            <Title id="support-contact-title" order={2} fz={{ base: 22, sm: 24 }}>
              Contact Us
            </Title>
            <Text c="gray.7">
              For anything else, send us a message and we will get back to you by e-mail.
            </Text>
            <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
              <ContactForm />
            </Card>
          </Stack>
        </Stack>
      </Container>
    </PublicLayout>
  );
}

type StepsCardProps = {
  icon: TablerIcon;
  title: string;
  intro: string;
  outro: string;
  children: ReactNode;
};

function StepsCard({ icon: StepsIcon, title, intro, outro, children }: StepsCardProps) {
  return (
    <Card component="section" withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <ThemeIcon size={44} radius="md" variant="light">
          <StepsIcon size={24} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 22, sm: 24 }}>
          {title}
        </Title>
        <Text c="gray.7">{intro}</Text>
        <List type="ordered" spacing="sm">
          {children}
        </List>
        <Text size="sm" c="dimmed">
          {outro}
        </Text>
      </Stack>
    </Card>
  );
}
