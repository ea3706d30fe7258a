// Writes the three order cues (click, order success and order
// failure) as small 16-bit mono WAV files into public/sounds. Run: node apps/web/scripts/generate-sounds.mjs
// The output is committed; re-run only to change a cue. Volumes are applied at play time.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SAMPLE_RATE = 22050;
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'sounds');

/** One sine note with a fast attack and an exponential release so it never clicks at its edges. */
function note(frequency, seconds, { attack = 0.004, decay = 6 } = {}) {
  const length = Math.round(seconds * SAMPLE_RATE);
  return Float32Array.from({ length }, (_, i) => {
    const t = i / SAMPLE_RATE;
    const envelope = Math.min(1, t / attack) * Math.exp((-decay * t) / seconds);
    // A quiet octave overtone gives the tone some body on laptop speakers.
    const wave = Math.sin(2 * Math.PI * frequency * t) + 0.25 * Math.sin(4 * Math.PI * frequency * t);
    return 0.8 * envelope * wave;
  });
}

const silence = (seconds) => new Float32Array(Math.round(seconds * SAMPLE_RATE));

const concat = (...parts) => {
  const out = new Float32Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2);
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // PCM chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const cues = {
  // A short tick: the key press was taken.
  'click.wav': note(1800, 0.03, { attack: 0.001, decay: 5 }),
  // Rising major third: the order went through.
  'order-success.wav': concat(note(880, 0.09), silence(0.015), note(1108.73, 0.16)),
  // Falling low pair: the order failed.
  'order-failure.wav': concat(note(392, 0.14, { decay: 3 }), silence(0.02), note(261.63, 0.24, { decay: 3 })),
};

mkdirSync(outDir, { recursive: true });
for (const [name, samples] of Object.entries(cues)) {
  const file = path.join(outDir, name);
  writeFileSync(file, wav(samples));
  console.log(`${name}: ${samples.length} samples`);
}
