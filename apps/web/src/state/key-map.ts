// The remappable trading keys: which key does what, the defaults, the conflict check and the lookup from a key
// event. Pure (no DOM, no store), so the hooks, the help overlay and the settings section share one rule.

/**
 * Every remappable action. The four order actions trade from the market card; with Shift held the same key trades
 * from the stop-loss card, so one binding serves both cards. To add a key (a chart key, a stop key ...), add its
 * action here with a default and a label below, then read it with `actionForKey` in the feature's key hook.
 */
export const KEY_ACTIONS = [
  'buyCall',
  'buyPut',
  'sellCall',
  'sellPut',
  'exitQuarter',
  'exitHalf',
  'exitThreeQuarters',
  'strikeDown',
  'strikeUp',
  'stopBreakEven',
  'stopNudgeUp',
  'stopNudgeDown',
] as const;
export type KeyAction = (typeof KEY_ACTIONS)[number];
export type KeyMap = Record<KeyAction, string>;

export const DEFAULT_KEY_MAP: Readonly<KeyMap> = {
  buyCall: 'ArrowUp',
  buyPut: 'ArrowDown',
  sellCall: 'ArrowLeft',
  sellPut: 'ArrowRight',
  exitQuarter: '1',
  exitHalf: '2',
  exitThreeQuarters: '3',
  strikeDown: '[',
  strikeUp: ']',
  stopBreakEven: 'b',
  stopNudgeUp: '.',
  stopNudgeDown: ',',
};

export const KEY_ACTION_LABELS: Readonly<Record<KeyAction, string>> = {
  buyCall: 'Buy CE at market (Shift: stop-loss card)',
  buyPut: 'Buy PE at market (Shift: stop-loss card)',
  sellCall: 'Sell CE at market (Shift: stop-loss card)',
  sellPut: 'Sell PE at market (Shift: stop-loss card)',
  exitQuarter: 'Exit 1/4 of the selected position',
  exitHalf: 'Exit 1/2 of the selected position',
  exitThreeQuarters: 'Exit 3/4 of the selected position',
  strikeDown: 'Strike ladder: select the strike below',
  strikeUp: 'Strike ladder: select the strike above',
  stopBreakEven: "Move the selected position's stop-loss to break-even (its average price)",
  stopNudgeUp: "Nudge the selected position's stop-loss up by the modify step",
  stopNudgeDown: "Nudge the selected position's stop-loss down by the modify step",
};

/** Keys no action may take: the help key, the chart's view key, focus and dialog keys, and bare modifiers. */
const RESERVED_KEYS = new Set([
  '?',
  'c',
  'C',
  'Escape',
  'Tab',
  'Enter',
  ' ',
  'Shift',
  'Control',
  'Alt',
  'Meta',
  'CapsLock',
]);

/** Letters are stored lower-case: Shift (the stop-loss card) turns `a` into `A` and it must still match. */
export const normalizeKey = (key: string): string => (key.length === 1 ? key.toLowerCase() : key);

/** Physical key codes whose unshifted character is known: Shift + 1 reports `!`, but its code is still Digit1. */
const CODE_CHARACTERS: Readonly<Record<string, string>> = {
  BracketLeft: '[',
  BracketRight: ']',
  Comma: ',',
  Period: '.',
  Slash: '/',
  Semicolon: ';',
  Quote: "'",
  Backquote: '`',
  Minus: '-',
  Equal: '=',
  Backslash: '\\',
};

const characterOfCode = (code: string | undefined): string | undefined => {
  if (!code) return undefined;
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(code);
  if (digit) return digit[1];
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1]!.toLowerCase();
  return CODE_CHARACTERS[code];
};

/** The action a key event asks for, if any: by its key, or by its unshifted character when Shift changed it. */
export function actionForKey(map: KeyMap, event: { key: string; code?: string }): KeyAction | undefined {
  const candidates = [normalizeKey(event.key), characterOfCode(event.code)];
  for (const action of KEY_ACTIONS) if (candidates.includes(map[action])) return action;
  return undefined;
}

export type BindResult = { ok: true; map: KeyMap } | { ok: false; message: string };

/** Binds `key` to `action`; refused when the key is reserved or already does something else. */
export function bindKey(map: KeyMap, action: KeyAction, key: string): BindResult {
  const next = normalizeKey(key);
  if (RESERVED_KEYS.has(next))
    return { ok: false, message: `${keyLabel(next)} is reserved and cannot be bound` };
  const holder = KEY_ACTIONS.find((other) => other !== action && map[other] === next);
  if (holder)
    return {
      ok: false,
      message: `${keyLabel(next)} already does "${KEY_ACTION_LABELS[holder]}": change that first`,
    };
  return { ok: true, map: { ...map, [action]: next } };
}

/**
 * A stored map made whole: a missing or non-text binding takes its default. A map in which two actions share a key
 * or a reserved key is bound (a hand-edited store) falls back to the defaults: one key must never fire two actions.
 */
export function completeKeyMap(stored: unknown): KeyMap {
  const source = stored && typeof stored === 'object' ? (stored as Partial<Record<KeyAction, unknown>>) : {};
  const map = { ...DEFAULT_KEY_MAP };
  for (const action of KEY_ACTIONS) {
    const value = source[action];
    if (typeof value === 'string' && value !== '') map[action] = normalizeKey(value);
  }
  const keys = KEY_ACTIONS.map((action) => map[action]);
  const valid = new Set(keys).size === keys.length && !keys.some((key) => RESERVED_KEYS.has(key));
  return valid ? map : { ...DEFAULT_KEY_MAP };
}

const KEY_LABELS: Readonly<Record<string, string>> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  ' ': 'Space',
};

/** How a key is shown: arrows as arrows, letters upper-case. */
export const keyLabel = (key: string): string =>
  KEY_LABELS[key] ?? (key.length === 1 ? key.toUpperCase() : key);
