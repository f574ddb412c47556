const LITERALS = ['true', 'false', 'null'];

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isHex(code: number): boolean {
  return isDigit(code) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/**
 * Where `text` first stops being JSON: the offset of the first offending character (the length
 * when the text ends too early), or -1 when it is valid. Iterative (no recursion limit on deep
 * nesting), linear, and only used on the error path.
 */
export function jsonErrorOffset(text: string): number {
  const n = text.length;
  let i = 0;
  const stack: number[] = []; // 1 = object, 2 = array
  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return;
      i++;
    }
  };
  const string = (): boolean => {
    i++; // opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          for (let k = 2; k < 6; k++) if (!isHex(text.charCodeAt(i + k))) return ((i += k), false);
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) return ((i += 1), false);
        i += 2;
        continue;
      }
      i++;
    }
    return false;
  };
  const number = (): boolean => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (isDigit(text.charCodeAt(i))) while (isDigit(text.charCodeAt(i))) i++;
    else return false;
    if (text[i] === '.') {
      i++;
      if (!isDigit(text.charCodeAt(i))) return false;
      while (isDigit(text.charCodeAt(i))) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!isDigit(text.charCodeAt(i))) return false;
      while (isDigit(text.charCodeAt(i))) i++;
    }
    return true;
  };
  const key = (): boolean => {
    ws();
    if (text[i] !== '"' || !string()) return false;
    ws();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };
  ws();
  for (;;) {
    // A value is expected at i.
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
      } else {
        stack.push(1);
        if (!key()) return i;
        continue;
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
      } else {
        stack.push(2);
        continue;
      }
    } else if (c === '"') {
      if (!string()) return i;
    } else if (c === '-' || (c !== undefined && isDigit(c.charCodeAt(0)))) {
      if (!number()) return i;
    } else {
      const literal = LITERALS.find((word) => word[0] === c);
      if (!literal) return i;
      for (let k = 0; k < literal.length; k++, i++) if (text[i] !== literal[k]) return i;
    }
    // After a value: close containers or go on with the next element.
    for (;;) {
      ws();
      const top = stack[stack.length - 1];
      if (top === undefined) return i < n ? i : -1;
      const d = text[i];
      if (d === ',') {
        i++;
        if (top === 1 && !key()) return i;
        break;
      }
      if ((top === 1 && d === '}') || (top === 2 && d === ']')) {
        i++;
        stack.pop();
        continue;
      }
      return i;
    }
  }
}
