import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import type { ResolvedTheme } from '../theme/theme';
import { ToastOverflow } from './toast-overflow';
import {
  TOAST_DURATION_MS,
  TOAST_POSITION,
  TOAST_TOP_OFFSET_PX,
  TOAST_WIDTH_PX,
  VISIBLE_TOASTS,
} from './toast-settings';

/** The single toast host of the app, following the current theme. */
export function AppToaster({ theme }: { theme: ResolvedTheme }) {
  return (
    <>
      <Toaster
        theme={theme}
        position={TOAST_POSITION}
        offset={{ top: TOAST_TOP_OFFSET_PX }}
        mobileOffset={{ top: TOAST_TOP_OFFSET_PX }}
        duration={TOAST_DURATION_MS}
        visibleToasts={VISIBLE_TOASTS}
        richColors
        closeButton
        style={{ '--width': `${TOAST_WIDTH_PX}px` } as CSSProperties}
      />
      <ToastOverflow />
    </>
  );
}
