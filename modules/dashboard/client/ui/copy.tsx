import { Button } from './button';
import { toast } from './toast';

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

/**
 * A "Copy" button; its accessible name says what it copies ("Copy go.acme.com/x", "Copy TXT record"),
 * and a toast confirms or, when the clipboard is refused, shows the value to copy by hand.
 */
export function CopyButton({ text, name = text.replace(/^https?:\/\//, ''), label = 'Copy' }: { text: string; name?: string; label?: string }) {
  return (
    <Button
      variant="quiet"
      class="copy-button"
      aria-label={`Copy ${name}`}
      onClick={async () => toast((await copyText(text)) ? `Copied ${text}` : `Could not copy; select it by hand: ${text}`)}
    >
      {label}
    </Button>
  );
}
