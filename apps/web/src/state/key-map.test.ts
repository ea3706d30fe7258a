import { describe, expect, it } from 'vitest';
import { actionForKey, bindKey, completeKeyMap, DEFAULT_KEY_MAP, type KeyMap, keyLabel } from './key-map';

const defaults = (): KeyMap => ({ ...DEFAULT_KEY_MAP });

describe('key map', () => {
  it('finds the default actions by key', () => {
    expect(actionForKey(defaults(), { key: 'ArrowUp' })).toBe('buyCall');
    expect(actionForKey(defaults(), { key: '2' })).toBe('exitHalf');
    expect(actionForKey(defaults(), { key: ']' })).toBe('strikeUp');
    expect(actionForKey(defaults(), { key: 'x' })).toBeUndefined();
  });

  it('matches a letter whatever Shift did to it, and a shifted digit by its code', () => {
    const bound = bindKey(defaults(), 'buyCall', 'w');
    if (!bound.ok) throw new Error(bound.message);
    expect(actionForKey(bound.map, { key: 'W', code: 'KeyW' })).toBe('buyCall');
    expect(actionForKey(defaults(), { key: '!', code: 'Digit1' })).toBe('exitQuarter');
    expect(actionForKey(defaults(), { key: '{', code: 'BracketLeft' })).toBe('strikeDown');
  });

  it('binds a free key and stops the old one', () => {
    const bound = bindKey(defaults(), 'sellPut', 'D');
    expect(bound.ok).toBe(true);
    if (!bound.ok) return;
    expect(bound.map.sellPut).toBe('d');
    expect(actionForKey(bound.map, { key: 'ArrowRight' })).toBeUndefined();
    expect(actionForKey(bound.map, { key: 'd' })).toBe('sellPut');
  });

  it('refuses a key another action holds, naming it', () => {
    const bound = bindKey(defaults(), 'buyCall', '1');
    expect(bound).toEqual({ ok: false, message: expect.stringContaining('Exit 1/4') });
  });

  it('allows rebinding an action to its own key', () => {
    expect(bindKey(defaults(), 'buyCall', 'ArrowUp').ok).toBe(true);
  });

  it('refuses reserved keys', () => {
    for (const key of ['?', 'Escape', 'Enter', 'Tab', ' ', 'Shift'])
      expect(bindKey(defaults(), 'buyPut', key).ok).toBe(false);
  });

  it('completes a stored map with defaults and drops a map with a shared key', () => {
    expect(completeKeyMap({ buyCall: 'q' })).toEqual({ ...DEFAULT_KEY_MAP, buyCall: 'q' });
    expect(completeKeyMap(null)).toEqual(DEFAULT_KEY_MAP);
    expect(completeKeyMap({ buyCall: 12 })).toEqual(DEFAULT_KEY_MAP);
    expect(completeKeyMap({ buyCall: '1' })).toEqual(DEFAULT_KEY_MAP);
    expect(completeKeyMap({ buyCall: '?' })).toEqual(DEFAULT_KEY_MAP);
  });

  it('labels keys for the help', () => {
    expect(keyLabel('ArrowLeft')).toBe('←');
    expect(keyLabel('q')).toBe('Q');
    expect(keyLabel('[')).toBe('[');
  });
});
