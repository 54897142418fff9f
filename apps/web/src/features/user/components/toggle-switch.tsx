import './user.css';

export type ToggleSwitchProps = {
  checked: boolean;
  label: string;
  disabled?: boolean;
  busy?: boolean;
  onChange: (checked: boolean) => void;
};

/**
 * A switch in antd-mobile's look (own CSS), as a real button with role="switch": antd's own Switch is a div that cannot
 * be reached or toggled with the keyboard.
 */
export function ToggleSwitch({ checked, label, disabled, busy, onChange }: ToggleSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      className="user-toggle"
      onClick={() => onChange(!checked)}
    >
      <span className="user-toggle-handle" />
    </button>
  );
}
