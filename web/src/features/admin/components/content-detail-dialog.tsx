import type { ContentRow } from './content-columns';
import { DetailDialog, type DetailDialogProps } from './detail-dialog';

interface ContentDetailDialogProps extends Omit<DetailDialogProps, 'title' | 'open'> {
  /** The kind of row, capitalised, for the title: "Wiggle 12: Beach". */
  kind: string;
  row: ContentRow;
}

/** The detail of one member's wiggle, album or original: titled by kind, id and name, its owner first. */
export function ContentDetailDialog({
  kind,
  row,
  onClose,
  media,
  fields,
  actions,
}: ContentDetailDialogProps) {
  return (
    <DetailDialog
      open
      title={`${kind} ${row.id}: ${row.name}`}
      onClose={onClose}
      media={media}
      fields={[['Owner', `${row.owner.name} <${row.owner.email}> (#${row.owner.id})`], ...fields]}
      actions={actions}
    />
  );
}
