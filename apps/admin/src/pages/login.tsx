import { useState } from 'react';
import { useInvalidateAuthStore } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Input, Slider, Space, Typography } from 'antd';
import { LockOutlined, ReloadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { authProvider, CAPTCHA_NEEDED, LOCKED } from '../lib/auth-provider';
import { request } from '../lib/request';
import { LanguageSelect } from '../shared/language-select';

type Captcha = {
  captchaId: string;
  width: number;
  height: number;
  image: string;
  piece?: string;
  pieceY?: number;
  pieceSize?: number;
};

/** The slide puzzle the server hands out after failed sign-ins: drag the piece into the hole. */
function SlideCaptcha({
  captcha,
  value,
  onChange,
}: {
  captcha: Captcha;
  value: number;
  onChange: (x: number) => void;
}) {
  const size = captcha.pieceSize ?? 40;
  return (
    <div>
      <div style={{ position: 'relative', width: captcha.width, height: captcha.height, maxWidth: '100%' }}>
        <img src={captcha.image} width={captcha.width} height={captcha.height} alt="" draggable={false} />
        {captcha.piece && (
          <img
            src={captcha.piece}
            alt=""
            draggable={false}
            width={size}
            height={size}
            style={{ position: 'absolute', left: value, top: captcha.pieceY ?? 0 }}
          />
        )}
      </div>
      <Slider
        ariaLabelForHandle="captcha"
        min={0}
        max={Math.max(0, captcha.width - size)}
        value={value}
        onChange={onChange}
        style={{ width: captcha.width, maxWidth: '100%' }}
      />
    </div>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const invalidateAuth = useInvalidateAuthStore();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<{ name: string; message: string } | null>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [slide, setSlide] = useState(0);

  const loadCaptcha = async () => {
    setSlide(0);
    setCaptcha(
      await request<Captcha>({ url: 'app/user/comm/captcha', params: { type: 'slide' }, auth: false }),
    );
  };

  const onFinish = async (values: { username: string; password: string }) => {
    setError(null);
    setPending(true);
    // the provider's answer is shown here (with the captcha), not as a second, generic notification
    const res = await authProvider.login({
      ...values,
      ...(captcha ? { captchaId: captcha.captchaId, captchaAnswer: slide } : {}),
    });
    setPending(false);
    if (res.success) {
      await invalidateAuth();
      void navigate('/', { replace: true }); // resolves when the route has rendered; nothing waits for it
      return;
    }
    const err = { name: res.error?.name ?? 'login', message: res.error?.message ?? '' };
    setError(err);
    // every failure past the free attempts needs a new puzzle (a captcha is spent once tried)
    if (err.name === CAPTCHA_NEEDED || captcha) void loadCaptcha().catch(() => setCaptcha(null));
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f0f2f5',
      }}
    >
      <Card style={{ width: 420 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('login.title')}
          </Typography.Title>
          <LanguageSelect />
        </Space>
        {error && (
          <Alert
            role="alert"
            type={error.name === LOCKED ? 'error' : 'warning'}
            message={error.message}
            description={error.name === CAPTCHA_NEEDED ? t('login.captchaHint') : undefined}
            showIcon
            style={{ marginBottom: 16 }}
          />
        )}
        <Form layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false}>
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {captcha && (
            <Form.Item label={t('login.captcha')}>
              <SlideCaptcha captcha={captcha} value={slide} onChange={setSlide} />
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void loadCaptcha()}>
                {t('login.newCaptcha')}
              </Button>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={isPending}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
