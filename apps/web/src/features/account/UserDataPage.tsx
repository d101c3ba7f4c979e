import { EMAIL_PATTERN, PHONE_PATTERN, type AccountProfile, type AccountSession, type UpdateProfileRequest } from '@gridops/contract';
import { formatInZone, runtimeZone } from '@gridops/format';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Popconfirm, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../session/actions';
import { currentLang, setLang, type Lang } from '../../shared/i18n';
import { accountCalls, accountKeys, refusal, saveLanguage, useAccountSessions, useProfile } from './api';
import { PasswordForm } from './PasswordForm';
import { useRevalidateOnLanguage } from './useRevalidateOnLanguage';

const when = (iso: string) => formatInZone(new Date(iso), runtimeZone(), 'YYYY-MM-DD HH:mm');

function ProfileCard({ profile, compact }: { profile: AccountProfile; compact: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UpdateProfileRequest>();
  useRevalidateOnLanguage(form);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lang = currentLang();
  useEffect(() => form.setFieldsValue({ name: profile.name, name_en: profile.name_en, phone: profile.phone, email: profile.email }), [form, profile]);

  const submit = async (v: UpdateProfileRequest) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await accountCalls.updateProfile({ name: v.name.trim(), name_en: (v.name_en ?? '').trim(), phone: (v.phone ?? '').trim(), email: (v.email ?? '').trim() });
      queryClient.setQueryData(accountKeys.profile, saved);
      void message.success(t('account.profile.saved'));
    } catch (e) {
      const r = refusal(e);
      if (!r) return;
      if (r.field && ['name', 'name_en', 'phone', 'email'].includes(r.field)) form.setFields([{ name: r.field as keyof UpdateProfileRequest, errors: [r.message] }]);
      else setError(r.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('account.profile.title')} size={compact ? 'small' : 'medium'} data-testid="profile-card">
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('account.profile.username')}>
          <span data-testid="profile-username">{profile.username}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.profile.userType')}>{t(`shell.userTypes.${profile.userType}`)}</Descriptions.Item>
        <Descriptions.Item label={t('account.profile.org')}>{lang === 'en' && profile.org_name_en ? profile.org_name_en : profile.org_name}</Descriptions.Item>
      </Descriptions>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} style={{ maxWidth: 420 }} data-testid="profile-form">
        <Form.Item name="name" label={t('account.profile.name')} rules={[{ required: true, whitespace: true, message: t('account.profile.nameRequired') }]}>
          <Input maxLength={64} data-testid="profile-name" />
        </Form.Item>
        <Form.Item name="name_en" label={t('account.profile.name_en')}>
          <Input maxLength={64} data-testid="profile-name-en" />
        </Form.Item>
        <Form.Item name="phone" label={t('account.profile.phone')} rules={[{ pattern: PHONE_PATTERN, message: t('account.profile.phoneInvalid') }]}>
          <Input inputMode="tel" maxLength={20} data-testid="profile-phone" />
        </Form.Item>
        <Form.Item name="email" label={t('account.profile.email')} rules={[{ pattern: EMAIL_PATTERN, message: t('account.profile.emailInvalid') }]}>
          <Input inputMode="email" maxLength={254} data-testid="profile-email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-save">
          {t('account.profile.save')}
        </Button>
      </Form>
    </Card>
  );
}

function LanguageCard({ compact }: { compact: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const pick = async (v: Lang) => {
    await setLang(v);
    try {
      await saveLanguage(v);
      // In the language just picked (this render's `t` still speaks the old one).
      void message.success(i18n.t('account.language.saved'));
    } catch (e) {
      const r = refusal(e);
      if (r) void message.error(r.message);
    }
  };
  return (
    <Card title={t('account.language.title')} size={compact ? 'small' : 'medium'} data-testid="language-card">
      <Space orientation="vertical">
        <Segmented<Lang>
          value={lang}
          onChange={(v) => void pick(v)}
          options={[
            { label: <span data-testid="pref-zh" lang="zh" data-endonym>中文</span>, value: 'zh' },
            { label: <span data-testid="pref-en">English</span>, value: 'en' },
          ]}
        />
        <Typography.Text type="secondary">{t('account.language.hint')}</Typography.Text>
      </Space>
    </Card>
  );
}

function SessionsCard({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const sessions = useAccountSessions();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  const endOne = async (s: AccountSession) => {
    try {
      await accountCalls.endSession(s.id);
      if (s.current) {
        logout({ callServer: false });
        return;
      }
      void message.success(t('account.sessions.ended'));
    } catch (e) {
      const r = refusal(e);
      if (r) void message.error(r.message);
    }
    refresh();
  };
  const endOthers = async () => {
    try {
      const { revoked } = await accountCalls.endOtherSessions();
      void message.success(t('account.sessions.endedOthers', { count: revoked }));
    } catch (e) {
      const r = refusal(e);
      if (r) void message.error(r.message);
    }
    refresh();
  };
  const list = sessions.data ?? [];
  return (
    <Card
      title={t('account.sessions.title')}
      size={compact ? 'small' : 'medium'}
      data-testid="sessions-card"
      extra={
        <Popconfirm title={t('account.sessions.signOutOthersConfirm')} onConfirm={() => void endOthers()} okText={t('account.sessions.ok')} cancelText={t('common.cancel')}>
          <Button size="small" danger disabled={list.length < 2} data-testid="end-other-sessions">
            {t('account.sessions.signOutOthers')}
          </Button>
        </Popconfirm>
      }
    >
      {sessions.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : sessions.error ? (
        <Alert type="error" showIcon title={sessions.error.message} />
      ) : (
        <div data-testid="session-list">
          {list.length === 0 && <Typography.Text type="secondary">{t('account.sessions.none')}</Typography.Text>}
          {list.map((s) => (
            <div
              key={s.id}
              className="account-session"
              data-testid={`session-${s.id}`}
              data-current={s.current ? '1' : '0'}
              style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: '10px 0', borderBottom: '1px solid rgba(128,128,128,0.2)' }}
            >
              <div style={{ flex: '1 1 240px', minWidth: 0 }}>
                <Space wrap size={4}>
                  <Typography.Text strong>{s.device_type === 'worker' ? t('account.sessions.worker') : t('account.sessions.pc')}</Typography.Text>
                  {s.current && <Tag color="blue">{t('account.sessions.current')}</Tag>}
                </Space>
                <div>
                  <Space wrap size={compact ? 4 : 16} style={{ fontSize: 12 }}>
                    <Typography.Text type="secondary">
                      {t('account.sessions.ip')}: {s.ip || '—'}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {t('account.sessions.created')}: {when(s.created_at)}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {t('account.sessions.lastSeen')}: {when(s.last_seen_at)}
                    </Typography.Text>
                  </Space>
                </div>
              </div>
              <Popconfirm title={t('account.sessions.signOutConfirm')} onConfirm={() => void endOne(s)} okText={t('account.sessions.ok')} cancelText={t('common.cancel')}>
                <Button size="small" type="link" danger data-testid={`end-session-${s.id}`}>
                  {t('account.sessions.signOut')}
                </Button>
              </Popconfirm>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}

/**
 * "User data" (/CentreUser, /UserCenter) and the worker's "Me" (/WorkerUser, phone layout): profile, password,
 * the language the console opens in, and the sessions with sign-out.
 */
export function UserDataPage({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const profile = useProfile();
  if (profile.isPending) return <Skeleton active data-testid="user-data-loading" />;
  if (profile.error) return <Alert type="error" showIcon title={profile.error.message} data-testid="user-data-error" />;
  const p = profile.data;
  return (
    <div
      data-testid="user-data-page"
      style={{ display: 'grid', gap: compact ? 12 : 16, gridTemplateColumns: compact ? '1fr' : 'repeat(auto-fit, minmax(420px, 1fr))', alignItems: 'start' }}
    >
      <ProfileCard profile={p} compact={compact} />
      <Space orientation="vertical" size={compact ? 12 : 16} style={{ width: '100%' }}>
        <Card title={t('account.password.title')} size={compact ? 'small' : 'medium'} data-testid="password-card">
          <PasswordForm username={p.username} onChanged={() => void message.success(t('account.password.changed'))} />
        </Card>
        <LanguageCard compact={compact} />
      </Space>
      <div style={{ gridColumn: '1 / -1' }}>
        <SessionsCard compact={compact} />
      </div>
    </div>
  );
}

export function WorkerUserPage() {
  return <UserDataPage compact />;
}
