import { create } from 'zustand';
import { errorMessage } from '../../../lib/api-client';
import { type UploadOptions, uploadOriginal } from '../api/upload-originals';

export type UploadItemStatus = 'queued' | 'uploading' | 'processing' | 'done' | 'error';

export interface UploadItem {
  key: number;
  name: string;
  size: number;
  progress: number;
  status: UploadItemStatus;
  /** The server's message for a file that failed; the rest of the batch goes on. */
  message: string | null;
  /** Originals made from the file (an MPO gives two). */
  created: number;
}

interface UploadQueueState {
  items: UploadItem[];
  clearFinished: () => void;
}

export const useUploadQueue = create<UploadQueueState>()((set) => ({
  items: [],
  clearFinished: () =>
    set((state) => ({ items: state.items.filter((i) => i.status !== 'done' && i.status !== 'error') })),
}));

/** Files at once on the wire: two keeps the bar moving without starving the server's single ingest worker. */
const PARALLEL_UPLOADS = 2;
let nextKey = 1;
let running = 0;
const waiting: Array<{ key: number; file: File; options: UploadOptions }> = [];
let onFileDone: (() => void) | null = null;

/** Called after every finished file, so the list shows new originals as they arrive. */
export function setUploadDoneListener(listener: (() => void) | null): void {
  onFileDone = listener;
}

function patch(key: number, change: Partial<UploadItem>): void {
  useUploadQueue.setState((state) => ({
    items: state.items.map((item) => (item.key === key ? { ...item, ...change } : item)),
  }));
}

/** A rejection of api.upload is the bare status (SPEC §8). */
function failureMessage(error: unknown): string {
  if (typeof error === 'number') {
    if (error === -1) return 'The upload was interrupted (network error).';
    if (error === 413) return 'The file is too large.';
    return `The upload failed (HTTP ${error}).`;
  }
  return errorMessage(error, 'The upload failed.');
}

async function runOne(job: { key: number; file: File; options: UploadOptions }): Promise<void> {
  patch(job.key, { status: 'uploading' });
  try {
    const answer = await uploadOriginal(job.file, job.options, (fraction) => {
      // Once every byte is sent the server still decodes and thumbnails; say so instead of sitting at 100%.
      patch(job.key, fraction >= 1 ? { progress: 1, status: 'processing' } : { progress: fraction });
    });
    const failure = answer?.errors[0];
    if (failure) patch(job.key, { status: 'error', progress: 1, message: failure.message });
    else patch(job.key, { status: 'done', progress: 1, created: answer?.originals.length ?? 0 });
  } catch (error) {
    patch(job.key, { status: 'error', message: failureMessage(error) });
  }
  onFileDone?.();
}

function pump(): void {
  while (running < PARALLEL_UPLOADS && waiting.length > 0) {
    const job = waiting.shift()!;
    running++;
    void runOne(job).finally(() => {
      running--;
      pump();
    });
  }
}

/** Queues files for upload into one folder with the member's options. */
export function enqueueUploads(files: readonly File[], options: UploadOptions): void {
  const added = files.map((file) => ({ key: nextKey++, file, options }));
  useUploadQueue.setState((state) => ({
    items: [
      ...state.items,
      ...added.map(({ key, file }) => ({
        key,
        name: file.name,
        size: file.size,
        progress: 0,
        status: 'queued' as const,
        message: null,
        created: 0,
      })),
    ],
  }));
  waiting.push(...added);
  pump();
}
