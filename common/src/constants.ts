/** Business constants and limits of SPEC.md §5 and §9, each under its SPEC name. */

export const TEXT_MAX_LENGTH = 255;
export const SUPPORT_MESSAGE_MAX_LENGTH = 1000;
export const PASSWORD_MIN_LENGTH = 8;
export const VERIFICATION_CODE_LENGTH = 6;

/** Upload resolution restriction levels, px on the long side (default 5120). */
export const UPLOAD_RESOLUTION_LIMITS = [5120, 3200, 2400, 1600, 1000] as const;
export type UploadResolutionLimit = (typeof UPLOAD_RESOLUTION_LIMITS)[number];
export const DEFAULT_UPLOAD_RESOLUTION_LIMIT: UploadResolutionLimit = 5120;
/** Export sizes corresponding to each upload resolution limit, same order. */
export const EXPORT_SIZES = [4096, 2560, 1920, 1280, 800] as const;
export const UPLOAD_PREVIEW_LIMIT = 720;
export const EDITOR_MIN_SIZE = 200;

export const WIGGLE_CREATE_MAX_ORIGINALS = 16;
export const WIGGLE_CREATE_MAX_WIGGLES = 16;
export const SHOP_MAX_PACKAGES_PER_PURCHASE = 50;

export const CURRENCY = 'USD';
export const CURRENCY_SYMBOL = 'US$';

export const FOLDER_TREE_WIDTH = { default: 500, min: 320, maxOffset: 400 } as const;

export const ZOOM_LEVELS = [0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8] as const;
export const DEFAULT_ZOOM_INDEX = 4;

export const ORIGINAL_THUMBNAIL = { width: 180, height: 126 } as const;
export const WIGGLE_THUMBNAIL = { width: 200, height: 140 } as const;

export const SUBFOLDER_NAME_TEMPLATES = ['yyyy. MM. dd. HH:mm:ss', '%first% - %last%'] as const;
export const RENAME_PLACEHOLDERS = ['%current%', '%original%', '%index%'] as const;
export const RENAME_COUNTER_PLACEMENTS = ['none', 'beginning', 'end'] as const;
export const RENAME_DIGIT_FORMATS = [1, 2, 3, 4] as const;

export const EDITOR_DEFAULTS = {
  tab: 'parameters',
  grid: false,
  borders: true,
  transparentTopLayer: true,
  gridSize: 80,
  gridColor: 'yellow',
  borderWeight: 3,
  leftBorderColor: 'red',
  rightBorderColor: 'yellow',
  stagePadding: 10,
  stageMargin: 10,
  superSpeedDuration: 120,
} as const;

export const IFRAME_BREAKPOINTS = { md: 768, lg: 1024, xl: 1280 } as const;

export const TIMING = {
  settingsSaveDebounceMs: 2000,
  defaultDebounceMs: 250,
  routerWaitStepMs: 80,
  notificationTimeoutMs: 2000,
  snackbarTimeoutMs: 5000,
  menuOpenDelayMs: 300,
  menuCloseDelayMs: 250,
} as const;

export const OVERLAY_Z_INDEX = 2000;

export const VISUAL = {
  primaryColor: '#2da2c8',
  backgroundColor: '#dce1e4',
  avatarSize: 40,
  accountMenuMinWidth: 300,
  navigationFontSize: '0.95rem',
  logoWidth: 60,
} as const;

/** Interpolated frame positions (percent of the way from left to right). */
export const INTERPOLATED_FRAME_POSITIONS = [25, 50, 75] as const;
export type InterpolatedFramePosition = (typeof INTERPOLATED_FRAME_POSITIONS)[number];

export const ASPECT_RATIOS = ['4:3', '3:2', '1:1', '16:9', '21:9'] as const;
export const BLUR_LEVELS = [10, 20, 30] as const;
export const SHARPEN_LEVELS = [1, 2, 3, 4] as const;

/**
 * Limits of the editor's fine tuning (ours: SPEC names the controls, not their range). Rotation matches what
 * auto-align accepts; maxSide bounds any rendered side (resize, export); padding in output px.
 */
export const FINE_TUNE_LIMITS = {
  verticalOffsetPx: 500,
  rotationDeg: 10,
  maxSide: 16384,
  padding: 2000,
} as const;
