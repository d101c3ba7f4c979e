import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homeFor } from '../routes/roleRoutes';
import { useSession } from '../../session/store';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const userType = useSession((s) => s.userType);
  return (
    <div className="not-found" data-testid="not-found">
      <Result
        status="404"
        title={t('shell.notFound.title')}
        subTitle={t('shell.notFound.desc')}
        extra={
          <Button type="primary" onClick={() => void navigate(token ? homeFor(userType) : '/Login')}>
            {token ? t('shell.notFound.home') : t('shell.notFound.login')}
          </Button>
        }
      />
    </div>
  );
}
