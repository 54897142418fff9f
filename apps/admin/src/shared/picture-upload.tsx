import { useRef, useState } from 'react';
import { App, Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadFile, type ApiError } from '../lib/request';

type UploadRequest = Parameters<NonNullable<UploadProps['customRequest']>>[0];

/**
 * A form control for picture URLs: uploads each chosen file (admin/base/comm/upload) and keeps the site-relative
 * URLs the server answers. `value`/`onChange` make it a Form.Item child.
 */
export function PictureUpload({
  value = [],
  onChange,
  max = 9,
}: {
  value?: string[];
  onChange?: (urls: string[]) => void;
  max?: number;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  // several files upload at once: each adds to the newest list, not to the one of the render that started it
  const latest = useRef(value);
  latest.current = value;
  const files: UploadFile[] = value.map((url) => ({
    uid: url,
    name: url.split('/').pop() ?? url,
    status: 'done',
    url,
  }));
  // reports its own failure (message and the Upload's onError), so the control need not wait for it
  const send = async ({ file, onSuccess, onError }: UploadRequest) => {
    setUploading((n) => n + 1);
    try {
      const res = await uploadFile(file as Blob);
      latest.current = [...latest.current, res.url].slice(0, max);
      onChange?.(latest.current);
      onSuccess?.(res);
    } catch (err) {
      message.error((err as ApiError).message);
      onError?.(err as Error);
    } finally {
      setUploading((n) => n - 1);
    }
  };
  return (
    <Upload
      listType="picture-card"
      accept="image/jpeg,image/png,image/webp,image/gif"
      multiple
      fileList={files}
      onRemove={(f) => onChange?.(value.filter((u) => u !== f.url))}
      customRequest={(options) => void send(options)}
    >
      {value.length + uploading < max && (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('common.upload')}</div>
        </div>
      )}
    </Upload>
  );
}
