// The scalar and member rules of JSON the preview parser applies as JSON.parse would.

/** A complete JSON number. */
export const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;
export const LITERALS: Readonly<Record<string, unknown>> = { true: true, false: false, null: null };

/** Like JSON.parse: "__proto__" is an ordinary own key, never the prototype. */
export function setMember(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

export function isNumberChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || code === 45 || code === 43 || code === 46 || code === 101 || code === 69
  );
}

export function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}
