import { EMAIL_STATUSES, SMS_STATUSES, WHATSAPP_STATUSES } from '@alumnet/contract';
import {
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lookups } from '../../../../lib/lookups';
import { useFromBreakpoint } from '../../../../lib/use-from-breakpoint';
import { collegeCompaniesQuery } from '../api/dashboard';
import { COMMUNICATION_LOOK } from '../utils/format';
import type { AdminFilters } from '../utils/filters';

const yesNoOptions = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const statusOptions = (statuses: readonly (keyof typeof COMMUNICATION_LOOK)[]) =>
  statuses.map((value) => ({ value, label: COMMUNICATION_LOOK[value].label }));
const options = <T extends { _id: string }>(rows: T[] | undefined, label: (row: T) => string) =>
  (rows ?? []).map((row) => ({ value: row._id, label: label(row) }));

interface Props {
  collegeId: string;
  filters: AdminFilters;
  onChange: (key: keyof AdminFilters, value: string) => void;
  onClear: () => void;
  /** Shown on the phone's drawer button. */
  totalResults: number;
}

/**
 * admin-area.md §2 "Filter bar": the name search and eleven selects. On a phone the selects
 * open in a drawer so the results stay in reach.
 */
export function AdminFilterBar({ collegeId, filters, onChange, onClear, totalResults }: Props) {
  const [opened, drawer] = useDisclosure(false);
  // From a tablet up the pickers sit in the page; on a phone only in the drawer.
  const wide = useFromBreakpoint('sm');
  const setCount = Object.entries(filters).filter(
    ([key, value]) => key !== 'searchText' && value !== '',
  ).length;
  const hasAny = setCount > 0 || filters.searchText !== '';
  const clear = (
    <Button
      variant="default"
      leftSection={<IconX size={16} />}
      onClick={onClear}
      disabled={!hasAny}
    >
      Clear
    </Button>
  );

  return (
    <Stack gap="sm" component="section" aria-label="Filters">
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          aria-label="Search by name"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} />}
          value={filters.searchText}
          maxLength={100}
          onChange={(event) => onChange('searchText', event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          hiddenFrom="sm"
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          rightSection={
            setCount > 0 ? (
              <Badge size="sm" circle>
                {setCount}
              </Badge>
            ) : null
          }
          onClick={drawer.open}
        >
          Filters
        </Button>
        <Box visibleFrom="sm">{clear}</Box>
      </Group>
      {wide && <FilterSelects collegeId={collegeId} filters={filters} onChange={onChange} />}
      <Drawer
        opened={opened}
        onClose={drawer.close}
        title="Filters"
        position="bottom"
        size="85%"
        hiddenFrom="sm"
      >
        <FilterSelects collegeId={collegeId} filters={filters} onChange={onChange} />
        <Group grow mt="md" gap="xs">
          {clear}
          <Button onClick={drawer.close}>
            Show {totalResults} {totalResults === 1 ? 'result' : 'results'}
          </Button>
        </Group>
      </Drawer>
    </Stack>
  );
}

type SelectsProps = Pick<Props, 'collegeId' | 'filters' | 'onChange'>;

function FilterSelects({ collegeId, filters, onChange }: SelectsProps) {
  const countries = useQuery(lookups.countries());
  const cities = useQuery(lookups.cities(filters.locationCountry));
  const degrees = useQuery(lookups.degrees(collegeId));
  const batches = useQuery(lookups.batches(collegeId, filters.degree));
  const branches = useQuery(lookups.branches(collegeId, filters.batch));
  const companies = useQuery(collegeCompaniesQuery(collegeId));

  // admin-area.md §8: a failed lookup leaves its select empty and is only logged.
  const failure = [countries, cities, degrees, batches, branches, companies].find(
    (query) => query.error,
  )?.error;
  useEffect(() => {
    if (failure) console.warn('Filter lookup failed:', failure.message);
  }, [failure]);

  const select = (key: keyof AdminFilters, label: string, after?: string) => ({
    label,
    // A select that waits for a broader choice says which.
    placeholder: after ? `${after} first` : 'All',
    value: filters[key] || null,
    onChange: (value: string | null) => onChange(key, value ?? ''),
    clearable: true,
  });

  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm" verticalSpacing="xs">
      <Select
        {...select('locationCountry', 'Country')}
        searchable
        nothingFoundMessage="No country by that name"
        data={options(countries.data, (c) => c.countryName)}
      />
      <Select
        {...select('locationCity', 'City', filters.locationCountry ? undefined : 'Country')}
        searchable
        nothingFoundMessage="No city by that name"
        // Some countries have thousands of cities: show the first matches only.
        limit={100}
        data={options(cities.data, (c) => c.city)}
        disabled={!filters.locationCountry}
      />
      <Select {...select('degree', 'Degree')} data={options(degrees.data, (d) => d.degreeName)} />
      <Select
        {...select('batch', 'Batch', filters.degree ? undefined : 'Degree')}
        data={options(batches.data, (b) => b.batchName)}
        disabled={!filters.degree}
      />
      <Select
        {...select('branch', 'Branch', filters.batch ? undefined : 'Batch')}
        data={options(branches.data, (b) => b.branchName)}
        disabled={!filters.batch}
      />
      <Select
        {...select('companyId', 'Company')}
        searchable
        nothingFoundMessage="No company by that name"
        limit={100}
        data={companies.data ?? []}
      />
      <Select {...select('isApproved', 'Approval Status')} data={yesNoOptions} />
      <Select {...select('isRegistered', 'Registration Status')} data={yesNoOptions} />
      <Select {...select('emailStatus', 'Email Status')} data={statusOptions(EMAIL_STATUSES)} />
      <Select {...select('smsStatus', 'SMS Status')} data={statusOptions(SMS_STATUSES)} />
      {/* admin-area.md §2: always disabled, as the spec shows it. */}
      <Select
        {...select('whatsappStatus', 'WhatsApp Status')}
        data={statusOptions(WHATSAPP_STATUSES)}
        disabled
      />
    </SimpleGrid>
  );
}
