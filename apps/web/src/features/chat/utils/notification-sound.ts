let audio: HTMLAudioElement | null = null;

/**
 * Plays the short chime of a new message. Browsers refuse sound before the member has interacted
 * with the page; that refusal is expected and silent.
 */
export function playNotificationSound() {
  try {
    audio ??= new Audio('/sounds/notification.wav');
    audio.currentTime = 0;
    void audio.play().catch(() => undefined);
  } catch {
    // No audio support (e.g. a test environment): the message still shows.
  }
}
