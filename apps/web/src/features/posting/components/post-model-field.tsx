import { useTranslation } from 'react-i18next';
import { useOrganisation } from '@/platform/organisation.ts';
import { ModelSelect } from '@/ui/model-select.tsx';

/** The composer's controller model (a new post's or an edit's): none, or one of the organisation's. */
export function PostModelField({ value, onChange, disabled }: { value: string | null; onChange: (model: string | null) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const models = useOrganisation().data?.models ?? [];
  return (
    <ModelSelect
      className="add-post-row"
      label={t('posting.model')}
      emptyLabel={t('posting.noModel')}
      models={models}
      value={value}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
