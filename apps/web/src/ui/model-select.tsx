/** A controller model as a choice: its id and the name people know it by. */
export interface ModelChoice {
  id: string;
  name: string;
}

/**
 * A labelled list box of controller models, with a first choice for none of them ("no model",
 * "all models": the caller names it). `null` is that first choice.
 */
export function ModelSelect({
  label,
  models,
  emptyLabel,
  value,
  onChange,
  disabled,
  className,
  fieldClassName,
}: {
  label: string;
  models: readonly ModelChoice[];
  emptyLabel: string;
  value: string | null;
  onChange: (model: string | null) => void;
  disabled?: boolean;
  /** On the label that holds the name and the list box. */
  className?: string;
  /** On the list box itself. */
  fieldClassName?: string;
}) {
  return (
    <label className={className}>
      <span>{label}</span>
      <select className={fieldClassName} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} disabled={disabled}>
        <option value="">{emptyLabel}</option>
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </label>
  );
}
