import { certificateTypeNames, specialityNames, type Certificate, type CertificateType, type Speciality } from '@gridops/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { localText } from '../../shared/ui/localName';
import { CERTIFICATE_REMIND_DAYS } from '@gridops/contract';

export const certName = (type: CertificateType, lang: string) => localText(certificateTypeNames[type].zh, certificateTypeNames[type].en, lang);
export const specialityName = (s: Speciality, lang: string) => localText(specialityNames[s].zh, specialityNames[s].en, lang);

/** "Expires in N days" when a certificate is within the reminder window, "Expired" after. */
export function ExpiryTag({ cert }: { cert: Pick<Certificate, 'days_left'> }) {
  const { t } = useTranslation();
  if (cert.days_left < 0) return <Tag color="red">{t('experts.expired')}</Tag>;
  if (cert.days_left <= CERTIFICATE_REMIND_DAYS) return <Tag color="orange" data-testid="expiry-tag">{t('experts.expiresIn', { days: cert.days_left })}</Tag>;
  return null;
}

/**
 * A server field path (`certificates.0.photo`) as the form's name path. The forms' field names are the
 * contract's, so the server's path names a field of the form (P is the form's name path type).
 */
export const fieldPath = <P,>(field: string): P => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as P;
