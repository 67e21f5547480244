/** Words the admin content pages share. */
export const DELETE_STATUS_LABEL: Record<number, string> = { 0: 'Active', 1: 'Trash', 2: 'Expired' };

export const YES_NO: readonly (readonly [string, string])[] = [
  ['true', 'Yes'],
  ['false', 'No'],
];

export const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB`;
export const dateTime = (iso: string) => new Date(iso).toLocaleString();
/** An owner id typed in a filter: digits only, else no filter. */
export const idFilter = (text: string) => (/^[1-9][0-9]{0,14}$/.test(text.trim()) ? text.trim() : '');
export const dateOnly = (iso: string) => new Date(iso).toLocaleDateString();
