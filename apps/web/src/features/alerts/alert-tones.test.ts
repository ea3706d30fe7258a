import { describe, expect, it } from 'vitest';
import { ALERT_TONES, createTonePlayer, type ToneContext } from './alert-tones';

function fakeContext() {
  const started: { hz: number; at: number }[] = [];
  const param = () => ({ value: 0, setValueAtTime: () => {}, linearRampToValueAtTime: () => {} });
  const context = {
    currentTime: 1,
    destination: {},
    createGain: () => ({ gain: param(), connect: () => {} }),
    createOscillator: () => {
      const oscillator = {
        type: 'sine',
        frequency: param(),
        connect: () => {},
        start: (at: number) => started.push({ hz: oscillator.frequency.value, at }),
        stop: () => {},
      };
      return oscillator;
    },
  };
  return { context: context as unknown as ToneContext, started };
}

describe('alert tones', () => {
  it('plays each kind as its own notes, one after another', () => {
    const { context, started } = fakeContext();
    const play = createTonePlayer(() => context);
    expect(play('stop')).toBe(true);
    expect(started.map((note) => note.hz)).toEqual(ALERT_TONES.stop.map((note) => note.hz));
    expect(started[1]?.at).toBeGreaterThan(started[0]?.at ?? Number.POSITIVE_INFINITY);
  });

  it('gives every kind a different cue', () => {
    const cues = Object.values(ALERT_TONES).map((notes) => JSON.stringify(notes));
    expect(new Set(cues).size).toBe(cues.length);
  });

  it('stays silent without WebAudio', () => {
    expect(createTonePlayer(() => undefined)('feed')).toBe(false);
  });
});
