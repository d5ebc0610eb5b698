import type { GroupRuleField } from '@alumnet/contract';
import { useQuery } from '@tanstack/react-query';
import { lookups } from '../../../../lib/lookups';
import { structureQuery } from '../api/groups';

const STRUCTURE = { batch: 'batches', branch: 'branches', degree: 'degrees' } as const;

/**
 * The values an automatic rule may name for a field: the college's batches, branches and
 * degrees, the countries, or a country's cities (the city rule picks a country first).
 */
export function useRuleValues(field: GroupRuleField | null, collegeId: string, countryId: string) {
  const structural = field === 'batch' || field === 'branch' || field === 'degree';
  const structure = useQuery({
    ...structureQuery(structural ? STRUCTURE[field] : 'batches', collegeId),
    enabled: structural && Boolean(collegeId),
  });
  const countries = useQuery({
    ...lookups.countries(),
    enabled: field === 'country' || field === 'city',
  });
  const cities = useQuery({
    ...lookups.cities(countryId),
    enabled: field === 'city' && !!countryId,
  });

  const countryOptions = (countries.data ?? []).map((c) => ({
    value: c._id,
    label: c.countryName,
  }));
  if (structural) {
    return {
      options: (structure.data ?? []).map((item) => ({
        value: item._id,
        label: item.parentName ? `${item.name} (${item.parentName})` : item.name,
      })),
      countryOptions,
      loading: structure.isLoading,
    };
  }
  if (field === 'country')
    return { options: countryOptions, countryOptions, loading: countries.isLoading };
  if (field === 'city') {
    return {
      options: (cities.data ?? []).map((c) => ({ value: c._id, label: c.cityName })),
      countryOptions,
      loading: cities.isLoading,
    };
  }
  return { options: [], countryOptions, loading: false };
}
