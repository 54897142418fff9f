import { useEffect, useState } from 'react';
import { Alert, App, Button, Image, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../shared/download';
import type { ApiError } from '../../lib/request';

export type Proof = { id: number; mime: string; size: number; sha256: string; uploadedAt: string };
const PROOF_URL = 'admin/order/transfer/proof';

/** A picture proof shown inline: fetched with the operator's token as a blob, shown from an object URL. */
function ProofPicture({ proof }: { proof: Proof }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let href: string | null = null;
    let live = true;
    fetchFile(PROOF_URL, { id: proof.id })
      .then((blob) => {
        href = URL.createObjectURL(blob);
        if (live) setSrc(href);
        else URL.revokeObjectURL(href);
      })
      .catch((err: ApiError) => live && setError(err.message));
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [proof.id]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!src) return <Spin size="small" />;
  return (
    <Image
      src={src}
      alt={t('transfers.proofAlt', { id: proof.id })}
      style={{ maxWidth: '100%', maxHeight: 320, objectFit: 'contain' }}
    />
  );
}

/** A PDF proof: opened in a new tab from a blob URL (the tab is opened first, so no pop-up blocker stops it). */
function ProofPdf({ proof }: { proof: Proof }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const href = URL.createObjectURL(await fetchFile(PROOF_URL, { id: proof.id }));
      if (tab) tab.location.href = href;
      else window.location.assign(href);
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (err) {
      tab?.close();
      message.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void open()}>
      {t('transfers.openPdf')}
    </Button>
  );
}

/** The proofs of a transfer for review: pictures inline, PDFs one click away in a new tab. */
export function ProofView({ proofs }: { proofs: Proof[] }) {
  const { t } = useTranslation();
  if (proofs.length === 0)
    return <Typography.Text type="secondary">{t('transfers.noProofs')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="proof-view">
      {proofs.map((p) => (
        <div key={p.id}>
          {p.mime.startsWith('image/') ? <ProofPicture proof={p} /> : <ProofPdf proof={p} />}
        </div>
      ))}
    </Space>
  );
}
