/**
 * A file's size as pages show it beside its name: 512 → 512 B; 2,048 → 2.0 KB; 1,572,864 → 1.5 MB
 * (1 KB = 1,024 bytes, as the upload limits count).
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
