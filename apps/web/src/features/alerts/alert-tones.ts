import type { AlertKind } from '@xtrader/core/alerts/alerts';

/** One note of a cue: frequency (Hz), length and the wave's shape. */
type Note = { hz: number; ms: number; wave: OscillatorType };

/**
 * A short cue per kind, made with WebAudio (no audio files): rising for a fill, a falling pair for a stop, a
 * triple for protection firing, a low buzz for a discipline hold and an alternating warble for feed trouble, so
 * the trader tells them apart without looking. Fills keep the order cue of the sound player (`success`).
 */
export const ALERT_TONES: Readonly<Record<Exclude<AlertKind, 'fill'>, readonly Note[]>> = {
  stop: [
    { hz: 880, ms: 110, wave: 'square' },
    { hz: 587, ms: 160, wave: 'square' },
  ],
  protection: [
    { hz: 988, ms: 90, wave: 'sawtooth' },
    { hz: 988, ms: 90, wave: 'sawtooth' },
    { hz: 1319, ms: 180, wave: 'sawtooth' },
  ],
  discipline: [{ hz: 196, ms: 260, wave: 'triangle' }],
  feed: [
    { hz: 660, ms: 80, wave: 'sine' },
    { hz: 440, ms: 80, wave: 'sine' },
    { hz: 660, ms: 80, wave: 'sine' },
  ],
};

const VOLUME = 0.25;
const GAP_S = 0.03;

/** The part of AudioContext the player uses (tests pass a fake). */
export type ToneContext = Pick<
  AudioContext,
  'currentTime' | 'destination' | 'createOscillator' | 'createGain'
> & {
  state?: AudioContextState;
  resume?: () => Promise<void>;
};

/**
 * Plays the cues on one lazily made AudioContext. A browser that blocks audio until a gesture, or has no
 * WebAudio, stays silent: a cue is feedback, never a reason for an error.
 */
export function createTonePlayer(makeContext: () => ToneContext | undefined) {
  let context: ToneContext | undefined;
  return (kind: Exclude<AlertKind, 'fill'>): boolean => {
    try {
      context ??= makeContext();
      if (!context) return false;
      if (context.state === 'suspended') void context.resume?.().catch(() => {});
      let at = context.currentTime;
      for (const note of ALERT_TONES[kind]) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = note.wave;
        oscillator.frequency.value = note.hz;
        const end = at + note.ms / 1000;
        gain.gain.setValueAtTime(VOLUME, at);
        // A short fade out: a cut-off wave clicks.
        gain.gain.linearRampToValueAtTime(0, end);
        oscillator.connect(gain);
        gain.connect(context.destination);
        oscillator.start(at);
        oscillator.stop(end);
        at = end + GAP_S;
      }
      return true;
    } catch {
      return false;
    }
  };
}

const browserContext = (): ToneContext | undefined =>
  typeof AudioContext === 'function' ? new AudioContext() : undefined;

/** The app's one tone player. */
export const playAlertTone = createTonePlayer(browserContext);
