import { Button, Select, Stack, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { lookups } from '../../../lib/lookups';
import { meQuery } from '../../../lib/session';
import { companiesQuery } from '../api/alumni';
import type { AlumniFilters } from '../utils/filters';

const yesNoOptions = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

const options = <T extends { _id: string }>(rows: T[] | undefined, label: (row: T) => string) =>
  (rows ?? []).map((row) => ({ value: row._id, label: label(row) }));

interface Props {
  filters: AlumniFilters;
  onChange: (key: keyof AlumniFilters, value: string) => void;
  onClear: () => void;
  /** The phone keeps the name search above the results, outside the drawer. */
  withSearch?: boolean;
}

export function AlumniFiltersForm({ filters, onChange, onClear, withSearch = true }: Props) {
  const { data } = useSuspenseQuery(meQuery);
  const batches = useQuery(lookups.myBatches());
  const branches = useQuery(lookups.batchBranches(filters.batch));
  const companies = useQuery(companiesQuery(data.user?.collegeId ?? ''));
  const countries = useQuery(lookups.countries());
  const cities = useQuery(lookups.cities(filters.locationCountry));

  const select = (key: keyof AlumniFilters) => ({
    value: filters[key] || null,
    onChange: (value: string | null) => onChange(key, value ?? ''),
    clearable: true,
  });

  return (
    <Stack gap="sm">
      {withSearch && <NameSearch value={filters.searchText} onChange={onChange} />}
      <Select
        label="Batch"
        placeholder="Any batch"
        data={options(batches.data, (b) => `${b.batchName} (${b.degreeName})`)}
        {...select('batch')}
      />
      <Select
        label="Branch"
        placeholder={filters.batch ? 'Any branch' : 'Choose a batch first'}
        data={options(branches.data, (b) => b.branchName)}
        disabled={!filters.batch}
        {...select('branch')}
      />
      <Select
        label="Company"
        placeholder="Any company"
        searchable
        nothingFoundMessage="No company by that name"
        data={companies.data ?? []}
        limit={100}
        {...select('companyName')}
      />
      <Select
        label="Is/Was an Entrepreneur"
        placeholder="Any"
        data={yesNoOptions}
        {...select('hasEntrepreneurExp')}
      />
      <Select
        label="Open to mentoring"
        placeholder="Any"
        data={yesNoOptions}
        {...select('mentorship')}
      />
      <Select
        label="Country"
        placeholder="Any country"
        searchable
        nothingFoundMessage="No country by that name"
        data={options(countries.data, (c) => c.countryName)}
        {...select('locationCountry')}
      />
      <Select
        label="City"
        placeholder={filters.locationCountry ? 'Any city' : 'Choose a country first'}
        searchable
        nothingFoundMessage="No city by that name"
        // Some countries have thousands of cities: show the first matches only.
        limit={100}
        data={options(cities.data, (c) => c.cityName)}
        disabled={!filters.locationCountry}
        {...select('locationCity')}
      />
      <Button variant="default" leftSection={<IconX size={16} />} onClick={onClear} mt="xs">
        Clear filters
      </Button>
    </Stack>
  );
}

export function NameSearch({ value, onChange }: { value: string; onChange: Props['onChange'] }) {
  return (
    <TextInput
      label="Search by name"
      placeholder="Type a name"
      leftSection={<IconSearch size={16} />}
      value={value}
      maxLength={100}
      onChange={(event) => onChange('searchText', event.currentTarget.value)}
    />
  );
}
