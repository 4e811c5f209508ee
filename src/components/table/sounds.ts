// Short synthesised sounds (WebAudio): nothing to download, nothing to license.

export type SoundName = "draw" | "lay" | "refusal" | "undo" | "stop" | "invitation";

/** Each sound as notes: frequency (Hz), start and length (s), waveform. */
const SOUNDS: Record<SoundName, { f: number; at: number; len: number; wave: OscillatorType }[]> = {
  draw: [{ f: 660, at: 0, len: 0.06, wave: "triangle" }],
  lay: [
    { f: 523, at: 0, len: 0.08, wave: "triangle" },
    { f: 784, at: 0.07, len: 0.12, wave: "triangle" },
  ],
  refusal: [{ f: 150, at: 0, len: 0.22, wave: "square" }],
  undo: [
    { f: 587, at: 0, len: 0.1, wave: "sine" },
    { f: 440, at: 0.1, len: 0.1, wave: "sine" },
    { f: 330, at: 0.2, len: 0.16, wave: "sine" },
  ],
  stop: [
    { f: 880, at: 0, len: 0.3, wave: "sawtooth" },
    { f: 1109, at: 0, len: 0.3, wave: "sawtooth" },
  ],
  invitation: [
    { f: 784, at: 0, len: 0.12, wave: "sine" },
    { f: 988, at: 0.12, len: 0.12, wave: "sine" },
    { f: 1175, at: 0.24, len: 0.2, wave: "sine" },
  ],
};

let context: AudioContext | null = null;

export function playSound(name: SoundName): void {
  if (typeof AudioContext === "undefined") return;
  context ??= new AudioContext();
  const ctx = context;
  const t0 = ctx.currentTime;
  for (const note of SOUNDS[name]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = note.wave;
    osc.frequency.value = note.f;
    // A quick fade in and out avoids clicks.
    gain.gain.setValueAtTime(0.0001, t0 + note.at);
    gain.gain.exponentialRampToValueAtTime(0.12, t0 + note.at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + note.at + note.len);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0 + note.at);
    osc.stop(t0 + note.at + note.len + 0.02);
  }
}
