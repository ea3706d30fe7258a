import { useQuery } from '@tanstack/react-query';
import { isPracticeBroker } from '@xtrader/core/brokers/ids';
import { useEffect } from 'react';
import { subscriptionStatusQuery, useUserInfo } from '../../api/account-queries';
import { useAlertWatchers } from '../../features/alerts/alert-watchers';
import { useDiscipline } from '../../features/profit-protection/api/discipline-query';
import { sounds } from '../../features/sounds/sound-player';
import { useServerSettings } from '../../features/user-settings/use-server-settings';
import { useLiveConnection } from '../../live';
import { setOrderFeedback } from '../../state/order-feedback';
import { dispatchNotification } from './dispatch-notification';

/**
 * What the logged-in screens need running: the live socket (prices into the price port, notifications to their
 * features), the order cues plugged into the order actions (files preloaded so the first cue needs no fetch), and
 * the user info and subscription status kept in the cache so a key press can check entitlement without a request,
 * and the user's saved settings taken over from the user info.
 */
export function useTradingWiring(): void {
  useLiveConnection(dispatchNotification);
  useEffect(() => {
    sounds.preload();
    setOrderFeedback({
      click: () => sounds.play('click'),
      success: () => sounds.play('success'),
      failure: () => sounds.play('failure'),
    });
    return () => setOrderFeedback(null);
  }, []);
  const broker = useUserInfo().data?.user.activeBroker ?? null;
  useQuery({ ...subscriptionStatusQuery, enabled: broker !== null && !isPracticeBroker(broker) });
  useServerSettings();
  // Feed trouble and discipline holds raise their alerts as the badge and the discipline state change.
  useAlertWatchers(useDiscipline().data);
}
