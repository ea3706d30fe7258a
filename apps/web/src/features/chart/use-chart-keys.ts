import { useEffect } from 'react';
import { isDialogOpen, isTyping } from '../../lib/keyboard-focus';
import { useChartSettings } from './chart-settings';

/**
 * `c` switches what the chart shows: CE, PE, index, CE again. It changes the view only, never an order, so it
 * works with the trading keys off; ignored while typing or with a dialog open.
 */
export function useChartKeys(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'c' || event.repeat || event.ctrlKey || event.altKey || event.metaKey) return;
      if (isTyping(event.target) || isDialogOpen(document)) return;
      event.preventDefault();
      const settings = useChartSettings.getState();
      settings.cycleLeg();
      if (!settings.open) settings.setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
