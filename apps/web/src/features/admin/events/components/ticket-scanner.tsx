import { Alert, Button, Stack } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** The browser's QR reader (Chrome on Android, Safari 17+); not yet in TypeScript's DOM types. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const detectorClass = () =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window
    ? (window as unknown as { BarcodeDetector: BarcodeDetectorClass }).BarcodeDetector
    : null;

/** Whether this browser can read QR codes from the camera. */
export const canScan = () => detectorClass() !== null;

const EVERY_MS = 250;
/** The same code seen again this soon is the same ticket still in front of the camera. */
const SAME_CODE_MS = 4000;

/**
 * The back camera, read for QR codes about four times a second; each new code goes to `onCode`.
 * Stops the camera when closed or when the screen goes.
 */
export function TicketScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const Detector = detectorClass();
    if (!on || !Detector) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    let last = { code: '', at: 0 };
    const detector = new Detector({ formats: ['qr_code'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        if (stopped) return media.getTracks().forEach((t) => t.stop());
        stream = media;
        const element = video.current;
        if (!element) return;
        element.srcObject = media;
        await element.play();
        timer = window.setInterval(() => {
          if (element.readyState < 2) return;
          detector
            .detect(element)
            .then((codes) => {
              const code = codes[0]?.rawValue.trim();
              if (!code || stopped) return;
              const now = Date.now();
              if (code === last.code && now - last.at < SAME_CODE_MS) return;
              last = { code, at: now };
              handler.current(code);
            })
            .catch(() => undefined);
        }, EVERY_MS);
      })
      .catch(() => {
        setError('The camera could not be opened. Allow it in the browser, or type the code.');
        setOn(false);
      });
    return () => {
      stopped = true;
      window.clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [on]);

  return (
    <Stack gap="xs">
      {on && (
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera"
          style={{ width: '100%', maxHeight: '50vh', borderRadius: 8, background: '#000' }}
        />
      )}
      <Button
        size="md"
        variant={on ? 'default' : 'filled'}
        leftSection={on ? <IconCameraOff size={20} /> : <IconCamera size={20} />}
        onClick={() => {
          setError(null);
          setOn((value) => !value);
        }}
      >
        {on ? 'Stop the camera' : 'Scan with the camera'}
      </Button>
      {error && <Alert color="yellow">{error}</Alert>}
    </Stack>
  );
}
