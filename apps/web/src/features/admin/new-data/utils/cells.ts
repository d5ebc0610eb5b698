/** admin-area.md §2: a name the member did not give shows as N/A. */
export const orNA = (value: string | null | undefined) => (value?.trim() ? value : 'N/A');
