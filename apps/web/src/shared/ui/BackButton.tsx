import { Button } from './Button';
import { BackIcon } from './icons';

/**
 * The one back button of every screen: an arrow and its words. On a phone the words are hidden visually but
 * still name the button, so the accessible name always matches what a wide screen shows.
 */
export function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="back-btn" onClick={onClick}>
      <BackIcon />
      <span className="back-btn-label">{label}</span>
    </Button>
  );
}
