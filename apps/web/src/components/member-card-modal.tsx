import { imageUrl, type Alumnus } from '@alumnet/contract';
import { Anchor, Avatar, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase, IconMail, IconMapPin, IconPhone, IconSchool } from '@tabler/icons-react';

/**
 * Who the card shows: an Alum Zone row, or a group's member (who lacks the college and place).
 * E-mail and phone come only where the member's privacy settings let the viewer see them.
 */
export type MemberCard = Pick<
  Alumnus,
  '_id' | 'fullName' | 'profilePic' | 'batchName' | 'branchName' | 'companyName'
> &
  Partial<Pick<Alumnus, 'collegeName' | 'locationCity' | 'locationCountry' | 'email' | 'phone'>>;

interface Props {
  member: MemberCard | null;
  onClose: () => void;
}

/**
 * A member's card: picture, name, branch and batch, college and Close (member-portal.md §2).
 * Alum Zone's rows open it, and so do a group's members (issue 27).
 */
export function MemberCardModal({ member: alumnus, onClose }: Props) {
  const place = [alumnus?.locationCity, alumnus?.locationCountry].filter(Boolean).join(', ');
  const branchAndBatch = [alumnus?.branchName, alumnus?.batchName].filter(Boolean).join(', ');
  return (
    <Modal.Root opened={alumnus !== null} onClose={onClose} centered size="sm">
      <Modal.Overlay />
      {/* No title bar: the dialog is named after the person it shows. */}
      <Modal.Content radius="lg" aria-label={alumnus?.fullName}>
        <Modal.Body>
          {alumnus && (
            <Stack align="center" ta="center" gap="xs" pt="sm">
              <Avatar
                src={imageUrl(alumnus.profilePic)}
                alt={alumnus.fullName}
                size={112}
                radius={112}
              />
              <Title order={3} mt="xs">
                {alumnus.fullName}
              </Title>
              {branchAndBatch && <Text c="dimmed">{branchAndBatch}</Text>}
              {alumnus.collegeName && (
                <Group gap={6} justify="center" wrap="nowrap">
                  <IconSchool size={16} aria-hidden />
                  <Text size="sm">{alumnus.collegeName}</Text>
                </Group>
              )}
              {alumnus.companyName && (
                <Group gap={6} justify="center" wrap="nowrap">
                  <IconBriefcase size={16} aria-hidden />
                  <Text size="sm">Working at {alumnus.companyName}</Text>
                </Group>
              )}
              {place && (
                <Group gap={6} justify="center" wrap="nowrap">
                  <IconMapPin size={16} aria-hidden />
                  <Text size="sm">{place}</Text>
                </Group>
              )}
              {alumnus.email && (
                <Group gap={6} justify="center" wrap="nowrap">
                  <IconMail size={16} aria-hidden />
                  <Anchor size="sm" href={`mailto:${alumnus.email}`}>
                    {alumnus.email}
                  </Anchor>
                </Group>
              )}
              {alumnus.phone && (
                <Group gap={6} justify="center" wrap="nowrap">
                  <IconPhone size={16} aria-hidden />
                  <Anchor size="sm" href={`tel:${alumnus.phone}`}>
                    {alumnus.phone}
                  </Anchor>
                </Group>
              )}
              <Button onClick={onClose} mt="md" fullWidth variant="default">
                Close
              </Button>
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
