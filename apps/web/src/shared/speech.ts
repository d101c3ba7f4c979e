/**
 * THE speech module. Every request is recorded in `window.__gridopsSpoken` first, because headless browsers
 * (and many kiosks) have no voices and `speechSynthesis.speak()` silently does nothing there.
 */
declare global {
  interface Window {
    __gridopsSpoken?: string[];
  }
}

export function spokenLog(): string[] {
  if (!window.__gridopsSpoken) window.__gridopsSpoken = [];
  return window.__gridopsSpoken;
}

export function speak(text: string, lang: 'zh' | 'en' = 'zh') {
  if (!text) return;
  spokenLog().push(text);
  try {
    const synth = window.speechSynthesis;
    if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return;
    const u = new SpeechSynthesisUtterance(text);
    u.lang = lang === 'en' ? 'en-US' : 'zh-CN';
    synth.speak(u);
  } catch (e) {
    console.debug('[speech] unavailable', e);
  }
}

export function stopSpeaking() {
  try {
    window.speechSynthesis?.cancel();
  } catch {
    // nothing to stop
  }
}
