// Player preferences (sound, animations) and the small sounds, made with WebAudio.

const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

export const prefs = {
  sound: localStorage.getItem("atout.sound") !== "off",
  animations: localStorage.getItem("atout.animations") ? localStorage.getItem("atout.animations") === "on" : !reduced,
};

/** The bot speed this browser asks for at the tables it starts (the table's own may change). */
export const BOT_SPEEDS = ["slow", "normal", "fast"];

export function botSpeed() {
  const speed = localStorage.getItem("atout.botSpeed");
  return BOT_SPEEDS.includes(speed) ? speed : "normal";
}

export function setBotSpeed(speed) {
  if (BOT_SPEEDS.includes(speed)) localStorage.setItem("atout.botSpeed", speed);
}

export function setPref(name, value) {
  prefs[name] = value;
  localStorage.setItem(`atout.${name}`, value ? "on" : "off");
  applyPrefs();
}

export function applyPrefs() {
  document.body.classList.toggle("animate", prefs.animations);
}

let audio = null;

/** A short tone: "card" when a card is played, "turn" when it is your turn, "error". */
export function beep(kind) {
  if (!prefs.sound) return;
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    const [freq, length] = { card: [520, 0.05], turn: [880, 0.12], error: [180, 0.15] }[kind] || [440, 0.05];
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + length);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + length);
  } catch {
    /* no audio available: stay silent */
  }
}
