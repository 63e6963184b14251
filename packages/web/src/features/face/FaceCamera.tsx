import { FACE_CAPTURE } from '@gatehouse/contracts';
import { Alert, Button, Space, Spin, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { tr, useT } from '../../i18n/index.ts';
import { captureJpeg, photoFileProblem, toBase64 } from './photo.ts';
import { checkFace } from './api.ts';
import { useApp } from '../../shared/useApp.ts';

type CameraState = 'starting' | 'ready' | 'unavailable';

export interface FaceCameraProps {
  /** The validated photo (base64 JPEG without prefix), as the server answered it. */
  value?: string;
  /** Called with the photo the server validated; only validated photos reach the form. */
  onChange?: (imgBase64: string) => void;
}

/**
 * Webcam preview (480x360) with a photo button, or upload of a JPEG (001 §2 "Add-face
 * dialog", §5, §9). Every photo goes through checkFaceValid; the image the server
 * answers is the one shown and saved. When the camera is missing or refused: an
 * information text, an error toast, and the photo button disabled (upload still works).
 * A form control: use it as the child of a Form.Item.
 */
export function FaceCamera({ value, onChange }: FaceCameraProps) {
  const { t } = useT();
  const { message } = useApp();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    let alive = true;
    let stream: MediaStream | undefined;
    const stop = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
        stream = await navigator.mediaDevices.getUserMedia({
          video: { width: { ideal: FACE_CAPTURE.width }, height: { ideal: FACE_CAPTURE.height } },
          audio: false,
        });
        if (!alive) return stop();
        if (video.current) {
          video.current.srcObject = stream;
          await video.current.play().catch(() => undefined);
        }
      } catch {
        if (!alive) return;
        setCamera('unavailable');
        message.error(tr('face.cameraUnavailable'));
      }
    })();
    return () => {
      alive = false;
      stop();
    };
  }, [message]);

  const check = async (blob: Blob, source: 'photo' | 'upload') => {
    setChecking(true);
    try {
      const imgBase64 = await toBase64(blob);
      const validated = await checkFace(imgBase64, source);
      message.success(tr('ui.face.checked'));
      onChange?.(validated);
    } catch {
      // the server's message (no face, several faces, not a JPEG...) has been shown
    } finally {
      setChecking(false);
    }
  };

  const takePhoto = async () => {
    if (!video.current) return;
    const blob = await captureJpeg(video.current);
    if (!blob) {
      message.error(tr('ui.face.captureTooLarge'));
      return;
    }
    await check(blob, 'photo');
  };

  const pick = (file: File) => {
    const problem = photoFileProblem(file);
    if (problem) message.error(tr(problem));
    else void check(file, 'upload');
    return Upload.LIST_IGNORE;
  };

  const box = { width: FACE_CAPTURE.width / 2, height: FACE_CAPTURE.height / 2, background: '#f5f5f5', borderRadius: 6 } as const;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="face-camera">
      {camera === 'unavailable' ? (
        <Alert type="info" showIcon message={t('ui.face.cameraUnavailable')} data-testid="camera-unavailable" />
      ) : null}
      <Space align="start" wrap>
        {camera !== 'unavailable' ? (
          <Spin spinning={camera === 'starting'} tip={t('ui.face.cameraStarting')}>
            <video
              ref={video}
              muted
              playsInline
              width={box.width}
              height={box.height}
              style={{ ...box, objectFit: 'cover' }}
              onLoadedData={() => setCamera('ready')}
              data-testid="camera-preview"
            />
          </Spin>
        ) : null}
        <Spin spinning={checking} tip={t('ui.face.checking')}>
          {value ? (
            <img
              src={`data:image/jpeg;base64,${value}`}
              alt={t('ui.face.photo')}
              style={{ ...box, objectFit: 'contain' }}
              data-testid="face-photo"
            />
          ) : (
            <div style={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <Typography.Text type="secondary">{t('ui.face.noPhoto')}</Typography.Text>
            </div>
          )}
        </Spin>
      </Space>
      <Space>
        <Button type="primary" disabled={camera !== 'ready' || checking} onClick={() => void takePhoto()} data-testid="face-take-photo">
          {value ? t('ui.face.retake') : t('ui.face.takePhoto')}
        </Button>
        <Upload accept=".jpg,.jpeg,image/jpeg" showUploadList={false} beforeUpload={pick} disabled={checking}>
          <Button disabled={checking} data-testid="face-upload">
            {t('ui.face.uploadJpeg')}
          </Button>
        </Upload>
      </Space>
    </Space>
  );
}
