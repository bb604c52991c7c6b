/** Text made safe for HTML content and quoted attribute values (`&<>"'` as character references). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
