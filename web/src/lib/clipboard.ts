import { Messages } from '@wiggle/common/messages';
import { showSnackbar } from './stores/notification';

/** Copies text and says so with SPEC §8's clipboard messages. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    showSnackbar(Messages.copiedToClipboard, 'success');
    return true;
  } catch {
    showSnackbar(Messages.clipboardFailed, 'error');
    return false;
  }
}
