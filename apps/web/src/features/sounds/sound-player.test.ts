import { describe, expect, it, vi } from 'vitest';
import { type AudioLike, createSoundPlayer, SOUND_FILES } from './sound-player';

/** Plays at once instead of after the next paint. */
const now = (start: () => void) => start();

function fakeAudio() {
  const created: (AudioLike & { src: string })[] = [];
  const create = (src: string) => {
    const audio = {
      src,
      volume: 1,
      currentTime: 7,
      preload: 'none',
      play: vi.fn(() => Promise.resolve()),
      load: vi.fn(),
    };
    created.push(audio);
    return audio;
  };
  return { created, create };
}

describe('sound player', () => {
  it('waits for the next paint before starting playback by default', async () => {
    const { created, create } = fakeAudio();
    createSoundPlayer(create).play('click');
    expect(created).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(created[0]?.play).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['click', 0.15],
    ['success', 0.4],
    ['failure', 0.5],
  ] as const)('plays %s at volume %s from its file, rewound', (cue, volume) => {
    const { created, create } = fakeAudio();
    createSoundPlayer(create, now).play(cue);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ src: SOUND_FILES[cue], volume, currentTime: 0, preload: 'auto' });
    expect(created[0]?.play).toHaveBeenCalledTimes(1);
  });

  it('reuses one element per cue and preloads all three', () => {
    const { created, create } = fakeAudio();
    const player = createSoundPlayer(create, now);
    player.preload();
    player.play('click');
    player.play('click');
    expect(created.map((a) => a.src).sort()).toEqual(Object.values(SOUND_FILES).sort());
    expect(created.every((a) => vi.mocked(a.load).mock.calls.length === 1)).toBe(true);
  });

  it('stays silent when the browser refuses to play', async () => {
    const player = createSoundPlayer(
      (src) => ({
        src,
        volume: 1,
        currentTime: 0,
        preload: 'none',
        play: () => Promise.reject(new DOMException('NotAllowedError')),
        load: () => {},
      }),
      now,
    );
    expect(() => player.play('failure')).not.toThrow();
  });
});
