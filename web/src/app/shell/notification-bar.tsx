import Alert from '@mui/material/Alert';
import Slide from '@mui/material/Slide';
import { OVERLAY_Z_INDEX } from '@wiggle/common/constants';
import { useNotificationStore } from '../../lib/stores/notification';

/** SPEC §4 brief notification bar: at the top, elevated, hidden on click or after 2000 ms (timer in notify()). */
export function NotificationBar() {
  const { visible, color, message, hide } = useNotificationStore();
  return (
    <Slide direction="down" in={visible} mountOnEnter unmountOnExit>
      <Alert
        role="status"
        severity={color}
        variant="filled"
        elevation={6}
        onClick={hide}
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          right: 0,
          zIndex: OVERLAY_Z_INDEX,
          borderRadius: 0,
          cursor: 'pointer',
        }}
      >
        {message}
      </Alert>
    </Slide>
  );
}
