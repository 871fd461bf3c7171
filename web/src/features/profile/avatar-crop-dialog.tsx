import { useState } from 'react';
import Cropper from 'react-easy-crop';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import type { PixelArea } from './crop-image.ts';

interface AvatarCropDialogProps {
  /** Object URL of the chosen image; the dialog is open while it is set. */
  imageSrc: string | null;
  onCancel: () => void;
  onCrop: (area: PixelArea) => void;
  busy: boolean;
}

/** Square (1:1) crop of a chosen avatar image, with drag and zoom. */
export function AvatarCropDialog({ imageSrc, onCancel, onCrop, busy }: AvatarCropDialogProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);

  return (
    <Dialog open={imageSrc !== null} title="Crop your avatar" onClose={onCancel} description="Drag to move, pinch or use the slider to zoom.">
      <div className="crop-area">
        {imageSrc && (
          <Cropper
            image={imageSrc}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
          />
        )}
      </div>
      <label className="crop-zoom">
        <span>Zoom</span>
        <input type="range" min={1} max={3} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
      </label>
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button busy={busy} disabled={!area} onClick={() => area && onCrop(area)}>
          Crop & Continue
        </Button>
      </div>
    </Dialog>
  );
}
