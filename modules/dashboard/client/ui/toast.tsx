import { useEffect, useState } from 'preact/hooks';

interface Toast {
  id: number;
  message: string;
}
let toasts: Toast[] = [];
let nextId = 0;
const listeners = new Set<(list: Toast[]) => void>();
const publish = () => {
  for (const listener of listeners) listener(toasts);
};

const SHOWN_MS = 5000;

/** A short confirmation after a write, announced politely to screen readers. */
export function toast(message: string) {
  const id = nextId++;
  toasts = [...toasts, { id, message }];
  publish();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    publish();
  }, SHOWN_MS);
}

/** The live region toasts appear in; rendered once by the app so it exists before the first message. */
export function Toaster() {
  const [list, setList] = useState(toasts);
  useEffect(() => {
    listeners.add(setList);
    return () => void listeners.delete(setList);
  }, []);
  return (
    <div class="toaster" role="status" aria-live="polite">
      {list.map((t) => (
        <p class="toast" key={t.id}>
          {t.message}
        </p>
      ))}
    </div>
  );
}
