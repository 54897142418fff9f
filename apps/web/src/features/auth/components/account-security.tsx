import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Dialog, Form, Input, Popup } from 'antd-mobile';
import { ErrorCode, PASSWORD_MAX, PASSWORD_MIN } from '@simshop/contracts';
import { sessionStore, useSession } from '../../../lib/session';
import { useSendSmsCode, type SmsCodePurpose } from '../../captcha';
import { useLogoff, useUpdatePassword } from '../api/auth.api';
import { authRules } from '../model/rules';
import { useCodeSender } from './code-sender';
import { CodeInput } from './code-input';
import { errorCode, errorMessage, toast } from '../../../shared';
import './auth.css';

/** `+886912345678` -> `+886 912***678`: enough to recognise, not enough to read out. */
export function maskPhone(e164: string): string {
  if (e164.length < 8) return e164;
  return `${e164.slice(0, -9)} ${e164.slice(-9, -6)}***${e164.slice(-3)}`.trim();
}

type SheetProps = { visible: boolean; onClose: () => void };

function Sheet({ visible, onClose, title, children }: SheetProps & { title: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="auth-sheet"
    >
      <div role="dialog" aria-modal="true" aria-label={title}>
        <div className="auth-popup-head">
          <h2>{title}</h2>
          <Button size="small" fill="none" onClick={onClose}>
            {t('cancel')}
          </Button>
        </div>
        {children}
      </div>
    </Popup>
  );
}

/** The SMS code field of a signed-in user's sensitive action; the code goes to the account's own phone. */
function useOwnPhoneCode(purpose: SmsCodePurpose) {
  const { t } = useTranslation('auth');
  const { userInfo } = useSession();
  const phone = userInfo?.phone ?? null;
  const sender = useCodeSender(purpose);
  const sendSms = useSendSmsCode();
  const getCode = () => {
    if (!phone) return toast(t('phoneNotBound'));
    sender.send((proof) => sendSms.mutateAsync({ phone, purpose, ...proof }), t('smsSent'));
  };
  const field = <CodeInput remaining={sender.remaining} onGetCode={getCode} sending={sendSms.isPending} />;
  return { phone, field, popup: sender.popup };
}

/** Change the password, confirmed by an SMS code sent to the account's phone. */
export function ChangePasswordSheet({ visible, onClose }: SheetProps) {
  const { t } = useTranslation('auth');
  return (
    <Sheet visible={visible} onClose={onClose} title={t('changePassword')}>
      <ChangePasswordForm onDone={onClose} />
    </Sheet>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const rules = authRules(t);
  const code = useOwnPhoneCode('password');
  const update = useUpdatePassword();
  const submit = async (v: { smsCode: string; password: string; confirm: string }) => {
    try {
      await update.mutateAsync({ password: v.password, smsCode: v.smsCode.trim() });
      await sessionStore.loadUser().catch(() => undefined);
      toast(t('passwordChanged'), 'success');
      onDone();
    } catch (e) {
      toast(errorMessage(e, t('saveFailed')), 'fail');
    }
  };
  if (!code.phone) return <p className="auth-note">{t('phoneNotBound')}</p>;
  return (
    <Form
      name="changePassword"
      requiredMarkStyle="none"
      initialValues={{ smsCode: '', password: '', confirm: '' }}
      onFinish={(v) => void submit(v)}
      footer={
        <Button block type="submit" color="primary" loading={update.isPending}>
          {t('save')}
        </Button>
      }
    >
      <p className="auth-note">{t('codeGoesTo', { phone: maskPhone(code.phone) })}</p>
      <Form.Item name="smsCode" label={t('smsCode')} rules={[rules.smsCode]} validateTrigger="onSubmit">
        {code.field}
      </Form.Item>
      <Form.Item
        name="password"
        label={t('newPassword')}
        rules={[rules.password]}
        help={t('passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
      >
        <Input type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('confirmPassword')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              v === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('passwordMismatch'))),
          }),
        ]}
      >
        <Input type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      {code.popup}
    </Form>
  );
}

/**
 * Delete the account: what happens is spelled out, an SMS code to the account's phone, a tick that the
 * person understands, and a last confirmation. Then the session ends.
 */
export function DeleteAccountSheet({ visible, onClose }: SheetProps) {
  const { t } = useTranslation('auth');
  return (
    <Sheet visible={visible} onClose={onClose} title={t('deleteAccount')}>
      <DeleteAccountForm />
    </Sheet>
  );
}

function DeleteAccountForm() {
  const { t } = useTranslation('auth');
  const rules = authRules(t);
  const code = useOwnPhoneCode('logoff');
  const logoff = useLogoff();
  const [understood, setUnderstood] = useState(false);
  const submit = async (v: { smsCode: string }) => {
    if (!understood) return toast(t('deleteTickRequired'));
    const sure = await Dialog.confirm({
      title: t('deleteAccount'),
      content: t('deleteFinalConfirm'),
      confirmText: t('deleteConfirmButton'),
      cancelText: t('cancel'),
    });
    if (!sure) return;
    try {
      await logoff.mutateAsync({ smsCode: v.smsCode.trim() });
      toast(t('accountDeleted'), 'success');
      sessionStore.logout();
    } catch (e) {
      // a refusal (money, points or an open order held) says what to do: shown until read, not as a toast
      const held = [ErrorCode.ACCOUNT_CLOSE_BALANCE_HELD, ErrorCode.ACCOUNT_CLOSE_ORDER_OPEN] as number[];
      const failed = errorCode(e);
      if (failed !== undefined && held.includes(failed))
        await Dialog.alert({
          title: t('deleteAccount'),
          content: errorMessage(e, t('saveFailed')),
          confirmText: t('deleteHeldOk'),
        });
      else toast(errorMessage(e, t('saveFailed')), 'fail');
    }
  };
  if (!code.phone) return <p className="auth-note">{t('phoneNotBound')}</p>;
  return (
    <Form
      name="deleteAccount"
      requiredMarkStyle="none"
      initialValues={{ smsCode: '' }}
      onFinish={(v) => void submit(v)}
      footer={
        <Button block type="submit" color="danger" loading={logoff.isPending}>
          {t('deleteConfirmButton')}
        </Button>
      }
    >
      <ul className="auth-warning">
        <li>{t('deleteWarning1')}</li>
        <li>{t('deleteWarning2')}</li>
        <li>{t('deleteWarning3')}</li>
        <li>{t('deleteWarning4')}</li>
      </ul>
      <p className="auth-note">{t('codeGoesTo', { phone: maskPhone(code.phone) })}</p>
      <Form.Item name="smsCode" label={t('smsCode')} rules={[rules.smsCode]} validateTrigger="onSubmit">
        {code.field}
      </Form.Item>
      <div className="auth-agreement">
        <Checkbox checked={understood} onChange={setUnderstood}>
          {t('deleteUnderstand')}
        </Checkbox>
      </div>
      {code.popup}
    </Form>
  );
}
