import {
  DEFAULT_UPLOAD_RESOLUTION_LIMIT,
  DEFAULT_ZOOM_INDEX,
  EDITOR_DEFAULTS,
  FOLDER_TREE_WIDTH,
  SUBFOLDER_NAME_TEMPLATES,
  TIMING,
  type UploadResolutionLimit,
} from '@wiggle/common/constants';
import {
  AuthenticationStatus,
  type Orientation,
  type OriginalSort,
  type Pairing,
  type SortOrder,
  type Stacking,
  type WiggleSort,
} from '@wiggle/common/enums';
import { create } from 'zustand';
import { api } from '../api-client';
import { DISABLE_REMOTE_SETTINGS_KEY } from '../config';
import { useAuthStore } from './auth';

export interface SortSetting<By extends string> {
  by: By;
  order: SortOrder;
}

/** A rectangle in source-image fractions (0..1), remembered from the last export. */
export interface AreaSetting {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CreateOptionsSetting {
  pairing: Pairing;
  stacking: Stacking;
  /** SPEC §9: new wiggles go to a subfolder by default. */
  target: 'subfolder' | 'current';
  subfolderNameTemplate: string;
}

/** The editor's view preferences (SPEC §9 defaults), kept between visits. */
export interface EditorPreferences {
  grid: boolean;
  borders: boolean;
  transparentTopLayer: boolean;
  gridSize: number;
  gridColor: string;
  borderWeight: number;
  leftBorderColor: string;
  rightBorderColor: string;
  zoom: number;
  playbackMode: 'original' | 'enhanced';
  speedIndex: number;
  superSpeed: boolean;
}

/**
 * SPEC §3 "User settings": the library and gallery view preferences, each with its SPEC §9 default.
 * Folder ids are numbers; null means "none chosen yet" (the root or the current folder).
 */
export interface UserSettings {
  librarySelectedFolder: number | null;
  libraryOpenedFolders: number[];
  libraryTreeWidth: number;
  libraryZoomIndex: number;
  libraryOriginalSort: SortSetting<OriginalSort>;
  libraryWiggleSort: SortSetting<WiggleSort>;
  gallerySelectedFolder: number | null;
  galleryOpenedFolders: number[];
  galleryTreeWidth: number;
  galleryZoomIndex: number;
  galleryWiggleSort: SortSetting<Exclude<WiggleSort, 'rating'>>;
  /** The last albums gallery wiggles were moved or copied to (SPEC §3 move/copy targets). */
  galleryMoveTarget: number | null;
  galleryCopyTarget: number | null;
  exportTarget: number | null;
  exportPadding: number;
  exportOrientation: Orientation;
  exportLastArea: AreaSetting | null;
  /** The last export size (one of SPEC's export sizes); null = the largest the wiggle and the rolls allow. */
  exportSize: number | null;
  exportMode: 'original' | 'enhanced';
  editorPreferences: EditorPreferences;
  moveTarget: number | null;
  copyTarget: number | null;
  createOptions: CreateOptionsSetting;
  uploadTarget: 'current' | number;
  uploadForceReencode: boolean;
  uploadResolutionLimit: UploadResolutionLimit;
}

const defaults: UserSettings = {
  librarySelectedFolder: null,
  libraryOpenedFolders: [],
  libraryTreeWidth: FOLDER_TREE_WIDTH.default,
  libraryZoomIndex: DEFAULT_ZOOM_INDEX,
  libraryOriginalSort: { by: 'name', order: 'asc' },
  libraryWiggleSort: { by: 'created', order: 'asc' },
  gallerySelectedFolder: null,
  galleryOpenedFolders: [],
  galleryTreeWidth: FOLDER_TREE_WIDTH.default,
  galleryZoomIndex: DEFAULT_ZOOM_INDEX,
  galleryWiggleSort: { by: 'created', order: 'asc' },
  galleryMoveTarget: null,
  galleryCopyTarget: null,
  exportTarget: null,
  exportPadding: 0,
  exportOrientation: 'landscape',
  exportLastArea: null,
  exportSize: null,
  exportMode: 'original',
  editorPreferences: {
    grid: EDITOR_DEFAULTS.grid,
    borders: EDITOR_DEFAULTS.borders,
    transparentTopLayer: EDITOR_DEFAULTS.transparentTopLayer,
    gridSize: EDITOR_DEFAULTS.gridSize,
    gridColor: EDITOR_DEFAULTS.gridColor,
    borderWeight: EDITOR_DEFAULTS.borderWeight,
    leftBorderColor: EDITOR_DEFAULTS.leftBorderColor,
    rightBorderColor: EDITOR_DEFAULTS.rightBorderColor,
    zoom: 1,
    playbackMode: 'original',
    speedIndex: 2,
    superSpeed: false,
  },
  moveTarget: null,
  copyTarget: null,
  createOptions: {
    pairing: 'adjacent',
    stacking: 'auto-align',
    target: 'subfolder',
    subfolderNameTemplate: SUBFOLDER_NAME_TEMPLATES[0],
  },
  uploadTarget: 'current',
  uploadForceReencode: true,
  uploadResolutionLimit: DEFAULT_UPLOAD_RESOLUTION_LIMIT,
};
export const SETTINGS_DEFAULTS: Readonly<UserSettings> = Object.freeze(defaults);

export type SettingKey = keyof UserSettings;

interface SettingsState {
  values: UserSettings;
}

export const useSettingsStore = create<SettingsState>()(() => ({ values: { ...SETTINGS_DEFAULTS } }));

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the values that differ from their default, as SPEC §7 sends them. */
export function nonDefaultSettings(values: UserSettings): Partial<UserSettings> {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(SETTINGS_DEFAULTS) as SettingKey[]) {
    if (!sameValue(values[key], SETTINGS_DEFAULTS[key])) result[key] = values[key];
  }
  return result as Partial<UserSettings>;
}

/**
 * Restores the settings from the stored JSON string of login/refresh. Unknown keys and values whose
 * type does not match the default (older or foreign data) are dropped, so a bad entry cannot break a screen.
 */
export function restoreSettings(json: string | null | undefined): void {
  cancelPendingSave();
  const values: UserSettings = structuredClone(SETTINGS_DEFAULTS) as UserSettings;
  let stored: unknown = null;
  try {
    stored = json ? JSON.parse(json) : null;
  } catch {
    stored = null;
  }
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    const target = values as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(stored)) {
      if (key in SETTINGS_DEFAULTS && fitsDefault(SETTINGS_DEFAULTS[key as SettingKey], value))
        target[key] = value;
    }
  }
  useSettingsStore.setState({ values });
}

function fitsDefault(fallback: unknown, value: unknown): boolean {
  // A null default (nothing chosen yet) accepts any stored choice.
  if (fallback === null || value === null) return true;
  if (Array.isArray(fallback)) return Array.isArray(value);
  return typeof fallback === typeof value;
}

export function resetSettings(): void {
  cancelPendingSave();
  useSettingsStore.setState({ values: structuredClone(SETTINGS_DEFAULTS) as UserSettings });
}

export function getSetting<K extends SettingKey>(key: K): UserSettings[K] {
  return useSettingsStore.getState().values[key];
}

export function setSetting<K extends SettingKey>(key: K, value: UserSettings[K]): void {
  const current = useSettingsStore.getState().values;
  if (sameValue(current[key], value)) return;
  useSettingsStore.setState({ values: { ...current, [key]: value } });
  scheduleSave();
}

export function useSetting<K extends SettingKey>(
  key: K,
): [UserSettings[K], (value: UserSettings[K]) => void] {
  const value = useSettingsStore((state) => state.values[key]);
  return [value, (next: UserSettings[K]) => setSetting(key, next)];
}

export function isRemoteSettingsDisabled(): boolean {
  try {
    return localStorage.getItem(DISABLE_REMOTE_SETTINGS_KEY) !== null;
  } catch {
    return false;
  }
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;

function cancelPendingSave(): void {
  clearTimeout(saveTimer);
  saveTimer = undefined;
}

/** SPEC §7: one save 2000 ms after the last change. */
function scheduleSave(): void {
  cancelPendingSave();
  saveTimer = setTimeout(() => {
    saveTimer = undefined;
    void saveSettingsNow();
  }, TIMING.settingsSaveDebounceMs);
}

/** Sends a save that is still waiting for its debounce at once (before logout, or while the page closes). */
export async function flushSettingsSave(keepalive = false): Promise<void> {
  if (saveTimer === undefined) return;
  cancelPendingSave();
  await saveSettingsNow(keepalive);
}

/** Sends the non-default settings; failures are ignored (SPEC §7), the next change tries again. */
export async function saveSettingsNow(keepalive = false): Promise<void> {
  if (isRemoteSettingsDisabled()) return;
  if (useAuthStore.getState().status !== AuthenticationStatus.Authenticated) return;
  const settings = JSON.stringify(nonDefaultSettings(useSettingsStore.getState().values));
  try {
    await api.post('account/settings', { settings }, { expectEmpty: true, keepalive });
  } catch {
    // Preferences are a convenience; losing one save must never disturb the member.
  }
}
