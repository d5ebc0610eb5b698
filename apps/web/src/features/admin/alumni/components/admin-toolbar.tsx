import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import {
  IconBriefcase,
  IconBuildingCommunity,
  IconBuildingSkyscraper,
  IconCalendar,
  IconCompass,
  IconHistory,
  IconDeviceGamepad2,
  IconHeartHandshake,
  IconHelpCircle,
  IconInbox,
  IconMail,
  IconRefresh,
  IconSend,
  IconSitemap,
  IconUpload,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { useFromBreakpoint } from '../../../../lib/use-from-breakpoint';

interface Props {
  isSuperAdmin: boolean;
  companiesOpen: boolean;
  onToggleCompanies: () => void;
  onReload: () => void;
}

/** admin-area.md §2: the Admin Dashboard tab's buttons; the last four are the super admin's. */
export function AdminToolbar({ isSuperAdmin, companiesOpen, onToggleCompanies, onReload }: Props) {
  // A dozen buttons and more on a phone: smaller, so they take a few short rows, not a column.
  const size = useFromBreakpoint('sm') ? 'sm' : 'xs';
  const link = { component: Link, variant: 'light', size } as const;
  const superLink = { component: Link, variant: 'default', size } as const;
  return (
    <Group gap="xs" component="nav" aria-label="Admin tools" justify="space-between">
      <Group gap="xs">
        <Button
          variant={companiesOpen ? 'filled' : 'light'}
          size={size}
          leftSection={<IconBuildingSkyscraper size={16} />}
          onClick={onToggleCompanies}
          aria-pressed={companiesOpen}
        >
          Company List
        </Button>
        <Button {...link} to={paths.dispatchJobs} leftSection={<IconSend size={16} />}>
          Dispatch Invites
        </Button>
        <Button {...link} to={paths.uploadUsers} leftSection={<IconUpload size={16} />}>
          Upload Users
        </Button>
        <Button {...link} to={paths.outbox} leftSection={<IconInbox size={16} />}>
          Outbox
        </Button>
        <Button {...link} to={paths.suppressions} leftSection={<IconMail size={16} />}>
          Suppression List
        </Button>
        <Button {...link} to={paths.collegeSetup} leftSection={<IconSitemap size={16} />}>
          College Setup
        </Button>
        <Button {...link} to={paths.quizHost} leftSection={<IconDeviceGamepad2 size={16} />}>
          Live Quiz
        </Button>
        <Button {...link} to={paths.manageGroups} leftSection={<IconUsersGroup size={16} />}>
          Groups
        </Button>
        <Button {...link} to={paths.manageEvents} leftSection={<IconCalendar size={16} />}>
          Events
        </Button>
        <Button {...link} to={paths.manageMentoring} leftSection={<IconCompass size={16} />}>
          Mentoring
        </Button>
        <Button {...link} to={paths.audit} leftSection={<IconHistory size={16} />}>
          Audit Log
        </Button>
        <Tooltip label="Reload">
          <ActionIcon
            variant="default"
            size={size === 'xs' ? 'md' : 'lg'}
            aria-label="Reload"
            onClick={onReload}
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {isSuperAdmin && (
        <Group gap="xs" role="group" aria-label="Super admin">
          <Button {...superLink} to={paths.needHelp} leftSection={<IconHelpCircle size={16} />}>
            Need Help Requests
          </Button>
          <Button {...superLink} to={paths.joinRequest} leftSection={<IconUsersGroup size={16} />}>
            Join Requests
          </Button>
          <Button {...superLink} to={paths.jobCount} leftSection={<IconBriefcase size={16} />}>
            Jobs Count
          </Button>
          <Button
            {...superLink}
            to={paths.givingBack}
            leftSection={<IconHeartHandshake size={16} />}
          >
            Giving Back
          </Button>
          <Button
            {...superLink}
            to={paths.superAdmin}
            leftSection={<IconBuildingCommunity size={16} />}
          >
            Colleges
          </Button>
        </Group>
      )}
    </Group>
  );
}
