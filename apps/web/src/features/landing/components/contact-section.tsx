import {
  Anchor,
  Box,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconLifebuoy, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ContactForm } from '../../../components/contact-form';
import { paths } from '../../../config/paths';
import { HEADER_OFFSET } from './landing-links';

export function ContactSection() {
  return (
    <Box
      component="section"
      id="contact"
      aria-labelledby="contact-title"
      bg="gray.0"
      py={{ base: 56, md: 96 }}
      style={{ scrollMarginTop: HEADER_OFFSET }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 32, md: 64 }}>
          <Stack gap="lg">
            <Box>
              <Text
                c="blue.8"
                fw={700}
                size="sm"
                tt="uppercase"
                style={{ letterSpacing: '0.08em' }}
              >
                Get in touch
              </Text>
              <Title id="contact-title" order={2} fz={{ base: 30, md: 38 }} mt={6}>
                Contact Us
              </Title>
            </Box>
            <Text c="gray.7" size="lg">
              Questions about signing up, your account or your college&apos;s community? Send us a
              message and our team will get back to you.
            </Text>
            <Stack gap="md">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="md" size="lg">
                  <IconMail size={18} />
                </ThemeIcon>
                <Text size="sm" c="gray.7">
                  We reply by e-mail to the address you give us.
                </Text>
              </Group>
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="md" size="lg">
                  <IconLifebuoy size={18} />
                </ThemeIcon>
                <Text size="sm" c="gray.7">
                  Want to remove your data or your account? See the{' '}
                  <Anchor component={Link} to={paths.support} size="sm">
                    Support page
                  </Anchor>
                  .
                </Text>
              </Group>
            </Stack>
          </Stack>
          <Card withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <ContactForm />
          </Card>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
