import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** antd keeps a field's error text as it was written: after a language switch, the fields showing one are checked again. */
export function useRevalidateOnLanguage(form: FormInstance) {
  const { i18n } = useTranslation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const withErrors = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name);
    if (withErrors.length) void form.validateFields(withErrors).catch(() => undefined);
  }, [i18n.language, form]);
}
