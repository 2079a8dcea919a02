import { isDeletedAccountName } from '@yumi/core';
import { useTranslation } from 'react-i18next';

/** How a person is named beside their comments and versions: a deleted account as "Deleted account". */
export function usePersonName(): (name: string) => string {
  const { t } = useTranslation('common');
  return (name) => (isDeletedAccountName(name) ? t('deletedAccount') : name);
}
