/**
 * What the export (features/exports) reads of a wiggle: the member's wiggle with its canvas, the row a job works
 * on, and its saved tune. The export reaches the wiggles only through these.
 */

export { wiggleOriginals } from './originals-for-job';
export { findTunableWiggle as exportableWiggle, savedTune } from './tune-store';
export { loadWiggleForJob as wiggleForExportJob } from './wiggle-store';
