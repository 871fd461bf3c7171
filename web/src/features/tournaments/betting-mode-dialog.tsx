import { Button } from '../../components/button.tsx';
import { CoinIcon, RupeeIcon } from '../../components/icons.tsx';
import { Dialog } from '../../components/dialog.tsx';

interface BettingModeDialogProps {
  open: boolean;
  /** The team the bid is for. */
  teamName: string;
  onClose: () => void;
  onCoins: () => void;
  onCash: () => void;
}

/** The 'Select betting mode' popup of a Place bid: coins go on to the bet form, cash shows a notice. */
export function BettingModeDialog({ open, teamName, onClose, onCoins, onCash }: BettingModeDialogProps) {
  return (
    <Dialog open={open} title="Select betting mode" onClose={onClose} description={`Your bid is on ${teamName}.`}>
      <div className="betting-modes">
        <Button variant="secondary" className="betting-mode" onClick={onCash}>
          <RupeeIcon size={22} /> Use cash
        </Button>
        <Button className="betting-mode" onClick={onCoins}>
          <CoinIcon size={22} /> Use coins
        </Button>
      </div>
    </Dialog>
  );
}
