/**
 * Server-rendered HTML with escaping by default: every value interpolated into `html\`…\`` is escaped
 * unless it is itself the result of `html` (or `jsonLdScript`). Course text from authors therefore
 * cannot open a tag or leave an attribute, whatever it contains.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

type Value = SafeHtml | string | number | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/**
 * A JSON-LD block. Browsers never execute `application/ld+json` (so the strict CSP needs no
 * exception), but the HTML parser still ends the element at `</script`: `<`, `>` and `&` are written
 * as JSON escapes so no string value can close it, and U+2028/2029 so the text stays valid JS too.
 */
export function jsonLdScript(data: unknown): SafeHtml {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return new SafeHtml(`<script type="application/ld+json">${json}</script>`);
}
