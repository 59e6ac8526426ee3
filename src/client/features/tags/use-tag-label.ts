import { useTranslation } from 'react-i18next';

/** A tag in the visitor's language: known tags are translated, new ones show their own name. */
export function useTagLabel() {
  const { t } = useTranslation('activities');
  return (name: string) => t(`tag.${name}`, { defaultValue: name });
}
