import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { Column } from './paged-table';

/** One row of an admin content list (a member's wiggle, album or original) as far as the shared columns read it. */
export interface ContentRow {
  id: number;
  name: string;
  owner: { id: number; email: string; name: string };
}

interface ContentColumnsOptions<Row> {
  /** What the owner link filters the list to, in the plural ("wiggles"): "Show only this member's wiggles". */
  noun: string;
  /** The row's thumbnail (an <img src>); absent: no thumbnail column. */
  thumbnailUrl?: (row: Row) => string;
  /** The name link: opens the row's detail. */
  onOpen: (row: Row) => void;
  /** The owner link: filters the list to that member (the owner id as the filter's text). */
  onOwner: (ownerId: string) => void;
}

/** The first columns of every admin content table: thumbnail, id, the name opening the detail, the owner filtering. */
export function contentColumns<Row extends ContentRow>({
  noun,
  thumbnailUrl,
  onOpen,
  onOwner,
}: ContentColumnsOptions<Row>): Column<Row>[] {
  const thumbnail: Column<Row>[] = thumbnailUrl
    ? [
        {
          key: 'thumb',
          label: '',
          render: (row) => (
            <Box
              component="img"
              src={thumbnailUrl(row)}
              alt=""
              loading="lazy"
              sx={{ width: 60, height: 42, objectFit: 'cover', display: 'block', bgcolor: 'grey.200' }}
            />
          ),
        },
      ]
    : [];
  return [
    ...thumbnail,
    { key: 'id', label: 'Id', render: (row) => row.id, align: 'right', sortKey: 'id' },
    {
      key: 'name',
      label: 'Name',
      sortKey: 'name',
      render: (row) => (
        <Link component="button" variant="body2" onClick={() => onOpen(row)}>
          {row.name}
        </Link>
      ),
    },
    {
      key: 'owner',
      label: 'Owner',
      render: (row) => (
        <Link
          component="button"
          variant="body2"
          title={`Show only this member's ${noun}`}
          onClick={() => onOwner(String(row.owner.id))}
        >
          {row.owner.email}
        </Link>
      ),
    },
  ];
}
