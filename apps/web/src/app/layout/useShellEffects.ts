import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { liveClient } from '../../api/live';
import { installLiveAlerts } from '../../features/alerts/liveAlerts';
import { useDictionarySync } from '../../features/dictionary/api';
import { refreshNotices } from '../../features/notices/api';
import { fetchUserInfo } from '../../session/actions';
import { homeFor } from '../routes/roleRoutes';
import { patchSession, useSession } from '../../session/store';

/** Side effects of a logged-in shell: user info, live client, notices, engine-driven navigation. */
export function useShellEffects() {
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const hasUserInfo = useSession((s) => s.userInfo !== null);
  const proID = useSession((s) => s.proID);
  const organID = useSession((s) => s.organID);
  const energyRoomPath = useSession((s) => s.energyRoomPath);

  useEffect(() => installLiveAlerts(), []);
  // The organisation's dictionary labels (level, type, device kind names) for every page and pop-up.
  useDictionarySync();

  // Spec §4 start-up: with user info held, open the live connection; otherwise read it first.
  useEffect(() => {
    if (!token) return;
    if (hasUserInfo) {
      void liveClient.start();
      return;
    }
    let cancelled = false;
    void fetchUserInfo().then((info) => {
      if (cancelled || !info) return;
      // Departure (docs/shell.md): keep the server's userType instead of forcing 0.
      patchSession({ userType: info.userType });
      void navigate(homeFor(info.userType), { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [token, hasUserInfo, navigate]);

  useEffect(() => {
    if (token) void refreshNotices();
  }, [token, proID, organID]);

  // The engine host's energy/robvdo messages name a page of the distribution room: show it.
  useEffect(() => {
    if (energyRoomPath) void navigate(energyRoomPath);
  }, [energyRoomPath, navigate]);
}
