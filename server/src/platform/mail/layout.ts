/** The house style of every mail's HTML part; features write the words, this writes the frame. */

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A titled card of paragraphs; `paragraphs` are HTML (escape what comes from people with escapeHtml). */
export function mailLayout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;background:#dce1e4;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;padding:24px;border-radius:4px">
<h1 style="color:#2da2c8;font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
</div></body></html>`;
}
