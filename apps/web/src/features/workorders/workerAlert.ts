/**
 * A new assignment on the worker's phone: a short beep (Web Audio) and a vibration where the phone allows it.
 * Every call is recorded in `window.__gridopsWorkerAlerts` (headless browsers neither vibrate nor play), so
 * tests can see what the phone was asked to do.
 */
declare global {
  interface Window {
    __gridopsWorkerAlerts?: { at: number; vibrated: boolean; code: string }[];
  }
}

export function alertWorker(code: string): void {
  let vibrated: boolean;
  try {
    vibrated = typeof navigator.vibrate === 'function' ? navigator.vibrate([200, 100, 200]) : false;
  } catch {
    vibrated = false;
  }
  try {
    const Ctx = window.AudioContext;
    if (Ctx) {
      const ctx = new Ctx();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.15;
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.25);
      osc.onended = () => void ctx.close();
    }
  } catch {
    // No audio before the first touch on some phones: the vibration and the card remain.
  }
  (window.__gridopsWorkerAlerts ??= []).push({ at: Date.now(), vibrated, code });
}
