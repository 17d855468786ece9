import { Button, toast } from '../../ui';

/** Writes `text` to the clipboard; where the Clipboard API is refused, through a selected text area. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'visually-hidden';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

/** "Copy" for a short URL; the accessible name says which one, the toast confirms. */
export function CopyButton({ url, label = 'Copy' }: { url: string; label?: string }) {
  const shown = url.replace(/^https?:\/\//, '');
  return (
    <Button
      variant="quiet"
      class="copy-button"
      aria-label={`Copy ${shown}`}
      onClick={async () => toast((await copyText(url)) ? `Copied ${url}` : `Could not copy; the address is ${url}`)}
    >
      {label}
    </Button>
  );
}
