import 'antd-mobile/es/components/switch/switch.css';
import './user.css';

export type ToggleSwitchProps = {
  checked: boolean;
  label: string;
  disabled?: boolean;
  busy?: boolean;
  onChange: (checked: boolean) => void;
};

/**
 * antd-mobile's Switch look, as a real button with role="switch": antd's own Switch is a div that cannot
 * be reached or toggled with the keyboard.
 */
export function ToggleSwitch({ checked, label, disabled, busy, onChange }: ToggleSwitchProps) {
  const cls = ['adm-switch', 'user-toggle'];
  if (checked) cls.push('adm-switch-checked');
  if (disabled || busy) cls.push('adm-switch-disabled');
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      className={cls.join(' ')}
      onClick={() => onChange(!checked)}
    >
      <span className="adm-switch-checkbox">
        <span className="adm-switch-handle" />
        <span className="adm-switch-inner" />
      </span>
    </button>
  );
}
