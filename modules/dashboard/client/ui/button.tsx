import type { ButtonHTMLAttributes } from 'preact';

type ButtonProps = ButtonHTMLAttributes & {
  variant?: 'primary' | 'secondary' | 'danger' | 'quiet';
  /** disables the button and says so while a request is under way */
  busy?: boolean;
};

export function Button({ variant = 'secondary', busy, disabled, type = 'button', class: className, children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      class={`button button-${variant}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}
