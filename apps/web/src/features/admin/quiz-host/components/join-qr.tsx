import { Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The join address as a QR code, drawn as SVG so it stays sharp on a projector. */
export function JoinQr({ url, size = 240 }: { url: string; size?: number }) {
  const [svg, setSvg] = useState<{ url: string; src: string } | null>(null);

  useEffect(() => {
    let current = true;
    QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((markup) => {
        if (current)
          setSvg({ url, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` });
      })
      // Without the code the address beside it still lets players join.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [url]);

  if (svg?.url !== url) return <Skeleton w={size} h={size} radius="md" />;
  return (
    <img
      src={svg.src}
      width={size}
      height={size}
      alt={`QR code of ${url}`}
      style={{ display: 'block', maxWidth: '100%', height: 'auto', background: '#fff' }}
    />
  );
}
